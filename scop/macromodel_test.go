package scop

import (
	"strings"
	"testing"

	"github.com/tessera-opt/tessera/cfront"
)

// Macros the model reads through: values of object-like macros in
// products and divisions, index macros, macro calls made statements; and
// the messages of those it refuses.

func modelFile(t *testing.T, src string) (*Scop, error) {
	t.Helper()
	f, err := cfront.ParseFile("t.c", []byte(src), cfront.Config{})
	if err != nil {
		return nil, err
	}
	if len(f.Regions) != 1 {
		t.Fatalf("%d regions", len(f.Regions))
	}
	return FromRegion(f, f.Regions[0], Config{})
}

func TestMacroModel(t *testing.T) {
	head := "#define N 10\n#define BS 8\n#ifndef OV\n#define OV 4\n#endif\n" +
		"#define INDX(i,j) ((i)*N+(j))\n#define SET(a, i, v) (1, (a[i] = (v)))\n#define NOP(i)\n#define CHECK(x) ((void)0)\n" +
		"struct S { double *d; };\n#define P (s->d)\n#define X(i) s->d[i]\n"
	wrap := func(body string) string {
		return head + "void f(int n, double *A, struct S *s) {\n  int i, j;\n#pragma scop\n" + body + "\n#pragma endscop\n}\n"
	}
	for _, tc := range []struct {
		name, body string
		access     string // an access relation of the model, or the error
		ppcond     string
	}{
		{"product", "for (i = 0; i < 4; i++)\n  for (j = 0; j < BS; j++)\n    A[i*BS + j % BS] = 0;", "A[j mod 8 + 8i]", ""},
		{"guarded product", "for (i = 0; i < 4; i++)\n  for (j = 0; j < OV; j++)\n    A[i*OV + (j + 1) % OV] = 0;", "A[", "(OV) == 4"},
		{"index macro", "for (i = 0; i < n; i++)\n  for (j = 0; j < N; j++)\n    A[INDX(i, j)] = 0;", "A[10i + j]", ""},
		{"statement macro", "for (i = 0; i < n; i++) {\n  NOP(i);\n  CHECK(i < n);\n  SET(A, i, 2.0);\n}", "A[i]", ""},
		{"member", "for (i = 0; i < n; i++)\n  P[i] = 0;", "error: assignment through macro P, which expands to a member access '(s->d)'", ""},
		{"member call", "for (i = 0; i < n; i++)\n  X(i) = 0;", "error: macro X expands to a member access 's->d[i]'", ""},
		{"read member", "for (i = 0; i < n; i++)\n  A[i] = P[i];", "error: read through macro P", ""},
	} {
		s, err := modelFile(t, wrap(tc.body))
		if strings.HasPrefix(tc.access, "error:") {
			if err == nil || !strings.Contains(err.Error(), tc.access) {
				t.Errorf("%s: got %v, want %q", tc.name, err, tc.access)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		var accs []string
		for _, st := range s.Statements {
			for _, a := range st.Accesses {
				accs = append(accs, a.Rel.String())
			}
		}
		if !strings.Contains(strings.Join(accs, " "), tc.access) {
			t.Errorf("%s: accesses %v lack %q", tc.name, accs, tc.access)
		}
		if s.PPCond != tc.ppcond {
			t.Errorf("%s: PPCond %q, want %q", tc.name, s.PPCond, tc.ppcond)
		}
	}
}
