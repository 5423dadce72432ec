package cfront

import (
	"strings"
	"testing"
)

// TestLocalAttrs checks that a region's declaration may carry alignment
// and unused attributes (kept in Declarator.Attrs) and that any other
// attribute, and a chained for initialization, are refused with a
// message that names them.
func TestLocalAttrs(t *testing.T) {
	wrap := func(body string) string {
		return "void f(int n, float *A) {\n#pragma scop\n" + body + "\n#pragma endscop\n}\n"
	}
	f, err := ParseFile("t.c", []byte(wrap("for (int b = 0; b < n; b++) {\n  float tmp[16] __attribute__((aligned(64))) __attribute__((__unused__)), u;\n  for (int i = 0; i < 16; i++) tmp[i] = A[i];\n}")), Config{})
	if err != nil {
		t.Fatal(err)
	}
	d := f.Regions[0].Body[0].(*For).Body.(*Block).Stmts[0].(*Decl)
	if got := d.Vars[0].Attrs; got != "__attribute__((aligned(64))) __attribute__((__unused__))" {
		t.Errorf("Attrs %q", got)
	}
	if len(d.Vars) != 2 || d.Vars[1].Attrs != "" {
		t.Errorf("declarators %v", d.Vars)
	}
	for _, c := range []struct{ body, want string }{
		{"for (int b = 0; b < n; b++) {\n  float v __attribute__((cleanup(g))) = 0;\n  A[b] = v;\n}",
			"t.c:4:26: error: attribute cleanup on the declaration of v is not supported in a SCoP region"},
		{"int j; float s;\nfor (s = j = 0; j < n; j++)\n  A[j] = s;",
			"t.c:4:6: error: for loop initialization s = j = 0 is a chained assignment: tessera reads an initialization that assigns only the iterator (write s = 0; before the loop and j = 0 in it)"},
	} {
		_, err := ParseFile("t.c", []byte(wrap(c.body)), Config{})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: got %v, want %s", c.body, err, c.want)
		}
	}
}
