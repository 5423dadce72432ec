package liveout

import (
	"strings"
	"testing"

	"github.com/tessera-opt/tessera/cfront"
)

// TestIteratorReadInMacro: a macro used after the region whose body reads
// the iterator keeps it live (the empty loops were left out, and the
// program printed the iterator's value from before the region). A macro
// whose parameter has the iterator's name, or that does not name it,
// does not.
func TestIteratorReadInMacro(t *testing.T) {
	for _, c := range []struct {
		defs, after string
		want        string
	}{
		{"#define SHOW() printf(\"%d\\n\", i)", "SHOW();", "i"},
		{"#define LAST i\n#define SHOW() printf(\"%d\\n\", LAST)", "SHOW();", "i"},
		{"#define SQ(i) ((i) * (i))", "x = SQ(2);", ""},
		{"#define SHOW() printf(\"%d\\n\", x)", "SHOW();", ""},
		{"#define SHOW() printf(\"%d\\n\", i)", "i = 0; SHOW();", ""},
	} {
		src := "#include <stdio.h>\n" + c.defs + "\ndouble A[100];\nint main(void)\n{\n  int i, x = 0;\n#pragma scop\n  for (i = 0; i < 100; i++)\n    A[i] = A[i] + i;\n#pragma endscop\n  " + c.after + "\n  return x;\n}\n"
		f, err := cfront.ParseFile("m.c", []byte(src), cfront.Config{})
		if err != nil || len(f.Regions) != 1 {
			t.Fatalf("%v (%d regions)\n%s", err, len(f.Regions), src)
		}
		if got := strings.Join(Iterators(f, f.Regions[0]), ","); got != c.want {
			t.Errorf("%s / %s: live %q, want %q", c.defs, c.after, got, c.want)
		}
	}
}

// TestIteratorReadInLoopHeaderMacro: the header of a loop around the
// region runs again after it; a macro there that names the iterator
// reads it, although the code after the region assigns it first.
func TestIteratorReadInLoopHeaderMacro(t *testing.T) {
	for _, c := range []struct{ bound, want string }{{"LIM", "i"}, {"n", ""}} {
		src := "#define LIM (i + 1)\ndouble A[100];\nint f(int n)\n{\n  int i, t;\n  for (t = 0; t < " + c.bound + "; t++) {\n#pragma scop\n    for (i = 0; i < 100; i++)\n      A[i] = A[i] + i;\n#pragma endscop\n    i = 3;\n  }\n  return t;\n}\n"
		f, err := cfront.ParseFile("h.c", []byte(src), cfront.Config{})
		if err != nil || len(f.Regions) != 1 {
			t.Fatalf("%v (%d regions)\n%s", err, len(f.Regions), src)
		}
		if got := strings.Join(Iterators(f, f.Regions[0]), ","); got != c.want {
			t.Errorf("bound %s: live %q, want %q", c.bound, got, c.want)
		}
	}
}
