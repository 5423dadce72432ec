package emit

import (
	"bytes"
	"errors"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestSplice(t *testing.T) {
	orig := []byte("0123456789")
	tests := []struct {
		name  string
		edits []Edit
		want  string
		err   bool
	}{
		{"none", nil, "0123456789", false},
		{"replace", []Edit{{2, 4, "ab"}}, "01ab456789", false},
		{"insert-start-end", []Edit{{0, 0, "<"}, {10, 10, ">"}}, "<0123456789>", false},
		{"delete", []Edit{{0, 10, ""}}, "", false},
		{"several", []Edit{{1, 2, "x"}, {2, 2, "y"}, {2, 2, "z"}, {5, 9, "LONGER"}}, "0xyz234LONGER9", false},
		{"adjacent", []Edit{{0, 5, "a"}, {5, 10, "b"}}, "ab", false},
		{"overlap", []Edit{{0, 5, "a"}, {4, 6, "b"}}, "", true},
		{"unsorted", []Edit{{6, 7, "a"}, {1, 2, "b"}}, "", true},
		{"out-of-range", []Edit{{8, 11, "a"}}, "", true},
		{"negative", []Edit{{-1, 2, "a"}}, "", true},
		{"reversed", []Edit{{5, 4, "a"}}, "", true},
	}
	for _, tt := range tests {
		got, err := Splice(orig, tt.edits)
		if (err != nil) != tt.err || (err == nil && string(got) != tt.want) {
			t.Errorf("%s: got %q, %v; want %q (error %v)", tt.name, got, err, tt.want, tt.err)
		}
	}
	if string(orig) != "0123456789" {
		t.Error("Splice modified its input")
	}
}

// TestSpliceRandom checks that every byte outside the edited ranges is
// kept, in order, against a naive rebuild.
func TestSpliceRandom(t *testing.T) {
	const seed = 7
	r := rand.New(rand.NewSource(seed))
	for it := range 2000 {
		orig := make([]byte, r.Intn(40))
		for i := range orig {
			orig[i] = byte('a' + r.Intn(26))
		}
		var edits []Edit
		pos := 0
		for pos <= len(orig) && r.Intn(4) != 0 {
			s := pos + r.Intn(len(orig)-pos+1)
			e := s + r.Intn(len(orig)-s+1)
			edits = append(edits, Edit{s, e, strings.Repeat("X", r.Intn(3))})
			pos = e
		}
		got, err := Splice(orig, edits)
		if err != nil {
			t.Fatalf("seed %d iter %d: %v", seed, it, err)
		}
		var want []byte
		p := 0
		for _, e := range edits {
			want = append(want, orig[p:e.Start]...)
			want = append(want, e.Text...)
			p = e.End
		}
		want = append(want, orig[p:]...)
		if !bytes.Equal(got, want) {
			t.Fatalf("seed %d iter %d: got %q want %q", seed, it, got, want)
		}
	}
}

func TestPreludeEdit(t *testing.T) {
	tests := []struct {
		name, src, before string // before: the text that must precede the prelude
	}{
		{"empty", "", ""},
		{"no-include", "int x;\n", ""},
		{"includes", "#include <stdio.h>\n#include \"a.h\"\nint main() {}\n", "#include <stdio.h>\n#include \"a.h\"\n"},
		{"comments", "/* lic\n * ense */\n// x\n#include <stdio.h>\n\n#define N 10\nint x;\n", "/* lic\n * ense */\n// x\n#include <stdio.h>\n"},
		{"no-trailing-newline", "#include <stdio.h>", "#include <stdio.h>"},
		{"include-in-if", "#include <a.h>\n#ifdef X\n#include <b.h>\n#else\n#include <c.h>\n#endif\nint y;\n", "#include <a.h>\n#ifdef X\n#include <b.h>\n#else\n#include <c.h>\n#endif\n"},
		{"include-guard", "#ifndef H\n#define H\n#include <a.h>\nint f(void);\n#endif\n", ""},
		{"continuation", "#include <a.h>\n#define M(x) \\\n  (x)\n#include <b.h>\nint z;\n", "#include <a.h>\n#define M(x) \\\n  (x)\n#include <b.h>\n"},
		{"include-after-code", "#include <a.h>\nint x;\n#include <b.h>\n", "#include <a.h>\n"},
	}
	for _, tt := range tests {
		e, ok := PreludeEdit([]byte(tt.src))
		if !ok {
			t.Errorf("%s: no edit", tt.name)
			continue
		}
		out, err := Splice([]byte(tt.src), []Edit{e})
		if err != nil {
			t.Fatal(err)
		}
		i := strings.Index(string(out), PreludeMarker)
		if i < 0 || strings.TrimRight(string(out[:i]), "\n") != strings.TrimRight(tt.before, "\n") {
			t.Errorf("%s: prelude at %d, preceded by %q, want %q", tt.name, i, out[:max(i, 0)], tt.before)
		}
		if _, again := PreludeEdit(out); again {
			t.Errorf("%s: prelude inserted twice", tt.name)
		}
		// Every original byte survives in order.
		if strings.Replace(string(out), e.Text, "", 1) != tt.src {
			t.Errorf("%s: original text changed:\n%s", tt.name, out)
		}
	}
}

func FuzzPreludeEdit(f *testing.F) {
	for _, s := range []string{"", "#include <a.h>\n", "/* x", "#if\n#endif\n#include\\\n", "int x;"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		_ = HelperConflicts([]byte(src))
		e, ok := PreludeEdit([]byte(src))
		if !ok {
			if !HasPrelude([]byte(src)) {
				t.Fatal("no edit but no prelude")
			}
			return
		}
		out, err := Splice([]byte(src), []Edit{e})
		if err != nil {
			t.Fatal(err)
		}
		if string(out[:e.Start]) != src[:e.Start] || string(out[e.Start+len(e.Text):]) != src[e.Start:] {
			t.Fatal("original bytes changed")
		}
	})
}

func TestWriteFileAtomic(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "in.c")
	out := filepath.Join(dir, "out.c")
	if err := os.WriteFile(in, []byte("input"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := WriteFileAtomic(out, []byte("first"), 0o640, in); err != nil {
		t.Fatal(err)
	}
	if err := WriteFileAtomic(out, []byte("second"), 0o640, in); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(out); string(b) != "second" {
		t.Errorf("got %q", b)
	}
	if fi, _ := os.Stat(out); fi.Mode().Perm() != 0o640 {
		t.Errorf("mode %v", fi.Mode())
	}
	// The input itself, another spelling of it, and a link to it are refused.
	link := filepath.Join(dir, "link.c")
	if err := os.Link(in, link); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{in, filepath.Join(dir, ".", "in.c"), link} {
		if err := WriteFileAtomic(p, []byte("clobber"), 0o644, in); !errors.Is(err, ErrSameFile) {
			t.Errorf("%s: got %v, want ErrSameFile", p, err)
		}
	}
	if b, _ := os.ReadFile(in); string(b) != "input" {
		t.Errorf("input clobbered: %q", b)
	}
	// No temporary files are left behind, also after a failure.
	if err := WriteFileAtomic(filepath.Join(dir, "nodir", "x.c"), []byte("x"), 0o644); err == nil {
		t.Error("write into a missing directory succeeded")
	}
	ents, _ := os.ReadDir(dir)
	for _, e := range ents {
		if strings.Contains(e.Name(), ".tmp") {
			t.Errorf("temporary file left: %s", e.Name())
		}
	}
}

func TestSpliceWithPrelude(t *testing.T) {
	src := "#include <stdio.h>\nint main(void) {\n#pragma scop\n  S();\n#pragma endscop\n  return 0;\n}\n"
	start := strings.Index(src, "#pragma scop")
	end := strings.Index(src, "  return")
	region := Edit{start, end, WrapScop("  T();")}
	out, err := SpliceWithPrelude([]byte(src), []Edit{region}, "")
	if err != nil {
		t.Fatal(err)
	}
	want := "#include <stdio.h>\n" + Prelude + "int main(void) {\n#pragma scop\n  T();\n#pragma endscop\n  return 0;\n}\n"
	if string(out) != want {
		t.Errorf("got\n%s\nwant\n%s", out, want)
	}
	// A second run leaves the prelude alone.
	again, err := SpliceWithPrelude(out, nil, "")
	if err != nil || string(again) != string(out) {
		t.Errorf("second run changed the file: %v", err)
	}
}

func TestPreludeConst(t *testing.T) {
	if PreludeFor("") != Prelude {
		t.Errorf("PreludeFor(\"\") =\n%s\nPrelude =\n%s", PreludeFor(""), Prelude)
	}
	if p := PreludeFor("ts_"); !strings.Contains(p, "#define ts_floord(n, d)") || !strings.HasPrefix(p, PreludeMarker) {
		t.Errorf("PreludeFor(ts_) =\n%s", p)
	}
}

// TestPreludeAfterBOM: a file that starts with a UTF-8 byte-order mark
// keeps it as its first bytes; the prelude goes after it (gcc rejects a
// mark after other text: "stray '\357' in program").
func TestPreludeAfterBOM(t *testing.T) {
	const bom = "\xef\xbb\xbf"
	for _, tc := range []struct{ src, head string }{
		{bom + "int x;\n", bom + PreludeMarker},
		{bom + "#include <stdio.h>\nint x;\n", bom + "#include <stdio.h>\n" + PreludeMarker},
		{bom + "/* c */\n#include <stdio.h>\nint x;\n", bom + "/* c */\n#include <stdio.h>\n" + PreludeMarker},
		{bom, bom + PreludeMarker},
	} {
		out, err := SpliceWithPrelude([]byte(tc.src), nil, "tessera_")
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(string(out), tc.head) {
			t.Errorf("%q: output starts %q, want %q", tc.src, out, tc.head)
		}
		if strings.Count(string(out), bom) != 1 {
			t.Errorf("%q: %d byte-order marks in %q", tc.src, strings.Count(string(out), bom), out)
		}
		// Only the prelude and a line break around it are new.
		nl := func(s string) string { return strings.ReplaceAll(s, "\n", "") }
		if got := strings.Replace(string(out), PreludeFor("tessera_"), "", 1); nl(got) != nl(tc.src) {
			t.Errorf("%q: bytes besides the prelude changed: %q", tc.src, got)
		}
	}
	bomPart, rest := SplitBOM([]byte(bom + "x"))
	if string(bomPart) != bom || string(rest) != "x" {
		t.Errorf("SplitBOM = %q, %q", bomPart, rest)
	}
	if b, r := SplitBOM([]byte("x")); b != nil || string(r) != "x" {
		t.Errorf("SplitBOM without a mark = %q, %q", b, r)
	}
}
