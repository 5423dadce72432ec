package ctoken

import (
	"strconv"
	"strings"
	"testing"
)

func TestScan(t *testing.T) {
	for _, tc := range []struct {
		src  string
		want string // the tokens' texts and offsets
	}{
		{"a = b1 + 2.5e3;", "a@0 =@2 b1@4 +@7 ;@14"},
		{"x /* y */ z // w\nv", "x@0 z@10 v@17"},
		{"#define N 10 \\\n  + 1\nn", "n@21"},
		{"s = \"a\\\"b\" 'c';", "s@0 =@2 ;@14"},
		{"a == b", "a@0 =@2 =@3 b@5"},
		{"p->q", "p@0 -@1 >@2 q@3"},
		{"y /* open", "y@0"},
		{"  #x\n# y\n z", "z@10"},
	} {
		var got []string
		for _, tok := range Scan([]byte(tc.src), 0, len(tc.src)) {
			got = append(got, tok.Text+"@"+strconv.Itoa(tok.Off))
		}
		if g := strings.Join(got, " "); g != tc.want {
			t.Errorf("Scan(%q) = %s, want %s", tc.src, g, tc.want)
		}
	}
	// A scan of part of a text gives the offsets in the whole text.
	src := []byte("int a; b = c;")
	if toks := Scan(src, 7, len(src)); len(toks) != 4 || toks[0].Text != "b" || toks[0].Off != 7 {
		t.Errorf("Scan from 7: %v", toks)
	}
}

func TestEnclosingLoop(t *testing.T) {
	for _, tc := range []struct {
		src  string // @ marks the region
		loop bool
	}{
		{"{ int i; init(); @ }", false},
		{"{ for (r = 0; r < 3; r++) { x = i; @ } }", true},
		{"{ for (r = 0; r < 3; r++) x = 1; @ }", false},
		{"{ while (go()) { @ } }", true},
		{"{ do { @ } while (x); }", true},
		{"{ do { x++; } while (x < 3); @ }", false},
		{"{ if (a) { for (;;) { } } @ }", false},
		{"{ for (r = 0; r < 3; r++)\n@ }", true},
		// The loop's body is an if statement with the region in a branch.
		{"{ for (r = 0; r < 3; r++) if (r) x++; else @ }", true},
		{"{ for (r = 0; r < 3; r++) if (r) x++; else { @ } }", true},
		{"{ for (r = 0; r < 3; r++) if (r) { x++; } else { @ } }", true},
		{"{ for (r = 0; r < 3; r++) if (r) { x++; } else if (x) y++; else { @ } }", true},
		{"{ for (r = 0; r < 3; r++) if (r) { x++; } y++; @ }", false},
		{"{ for (r = 0; r < 3; r++) if (r) x++; else y++; @ }", false},
	} {
		at := strings.Index(tc.src, "@")
		got := EnclosingLoop([]byte(tc.src), 0, at) >= 0
		if got != tc.loop {
			t.Errorf("%q: inside a loop %v, want %v", tc.src, got, tc.loop)
		}
	}
}

func TestLoopHeadersMention(t *testing.T) {
	for _, tc := range []struct {
		src  string // @ marks the region
		want bool
	}{
		{"{ while (i < n) { @ } }", true},
		{"{ for (t = 0; t < i; t++) @ }", true},
		{"{ for (t = 0; t < n; t++) { @ } }", false},
		{"{ for (t = 0; t < i; t++) x = 1; @ }", false},
		{"{ for (t = 0; t < i; t++) if (a) x = 1; else @ }", true},
	} {
		at := strings.Index(tc.src, "@")
		if got := LoopHeadersMention([]byte(tc.src), 0, at, func(id string) bool { return id == "i" }); got != tc.want {
			t.Errorf("LoopHeadersMention(%q) = %v, want %v", tc.src, got, tc.want)
		}
	}
}
