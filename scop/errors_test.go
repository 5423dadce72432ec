package scop

import (
	"strings"
	"testing"

	"github.com/tessera-opt/tessera/cfront"
)

// modelSrc wraps body in a function with the given declarations and a
// pragma region, parses it and models the region.
func modelSrc(decls, body string) (*Scop, error) {
	src := "void f(" + decls + ")\n{\n#pragma scop\n" + body + "\n#pragma endscop\n}\n"
	f, err := cfront.ParseFile("t.c", []byte(src), cfront.Config{})
	if err != nil {
		return nil, err
	}
	return FromRegion(f, f.Regions[0], Config{})
}

// TestErrors checks that regions the model cannot represent are rejected
// with the position of the culprit (lines count from the function header:
// the region body starts on line 4).
func TestErrors(t *testing.T) {
	decls := "int n, int m, double A[n][n], double B[n], int idx[n], double x"
	cases := []struct{ body, want string }{
		// One subscript with products of parameters that cannot be read
		// as several (delin.go).
		{"for (int i = 0; i < n; i++)\n  for (int j = 0; j < n; j++)\n    B[i*n + j + 1] = 0;", "t.c:6:5: error: non-affine subscript B[i * n + j + 1] (not delinearized: j + 1 may leave [0, n))"},
		{"for (int i = 0; i < n; i++)\n  for (int j = 0; j < n; j++)\n    B[i*n + j] = B[j*m + i];", "t.c:6:18: error: non-affine subscript B[j * m + i] (not delinearized: the parameter products m, n of its subscripts are not one chain n, n*m, ...)"},
		{"for (int i = 0; i < n; i++)\n  for (int j = 0; j < n; j++)\n    B[i*n*n + j] = 0;", "t.c:6:5: error: non-affine subscript B[i * n * n + j] (not delinearized: the parameter products n*n of its subscripts are not one chain n, n*m, ...)"},
		{"for (int i = 0; i < n; i++)\n  for (int j = 0; j < i * i; j++)\n    B[j] = 0;", "t.c:5:23: error: loop bound j < i * i is not affine (product i * i"},
		{"for (int i = 0; i < n; i++)\n  if (B[i] > 0)\n    B[i] = 0;", "t.c:5:7: error: condition B[i] > 0 is not affine (array element B[i]"},
		// Subscripts that are not affine are may accesses (may_test.go),
		// but their reads are reads: no side effect, no unknown call.
		{"for (int i = 0; i < n; i++)\n  B[idx[i]++] = 0;", "t.c:5:5: error: side effect idx[i]++ inside an expression"},
		{"for (int i = 0; i < n; i++)\n  B[foo(i) + 1] = 0;", "t.c:5:5: error: non-affine subscript B[foo(i) + 1] (call of foo is not an affine expression)"},
		{"for (int i = 0; i < n; i++)\n  B[i] = foo(i);", "t.c:5:10: error: call of unknown function foo (it may have side effects"},
		{"for (int i = 0; i < n; i++)\n  n = 3;", "t.c:5:3: error: write to n, which is used as a parameter"},
		{"for (int i = 0; i < n; i++)\n  i = 3;", "write to loop iterator i"},
		{"for (int i = 0; i < n; i++)\n  B[i] = *(B + i + 1) + x;", "error: pointer dereference"},
		{"for (int i = 0; i < n && i > m; i++)\n  B[i] = 0;", "t.c:4:26: error: loop condition i > m does not bound i in the direction of the step +1"},
		{"for (int i = 0; i < n; i++)\n  B[i] = B[i] + (x = 2);", "assignment inside an expression"},
		{"for (int i = 0; i < n; i++)\n  B[i] = A[i][0] + A[i];", "inconsistent array rank"},
		{"for (int i = 0; i < n; i++)\n  B[i] = x * (A ? A[i][0] : 0);", "t.c:5:19: error: A is used both with subscripts and as a value (the pointer itself: a null test as in A ? A[i] : 0"},
		{"for (int i = 0; i < n; i++)\n  B[i] = 0;\nB[i] = 1;", "t.c:6:3: error: non-affine subscript B[i] (loop iterator i used outside its loop)"},
		{"for (int i = 0; i < n; i++)\n  B[i] = x;\nx = 1.0;\nfor (int i = 0; i < x; i++)\n  B[i] = 0;", "t.c:6:1: error: write to x, which is used as a parameter at 7:21"},
		{"for (int i = 0; i < n; i++)\n  B[i] = &A[i][0] == 0;", "address of A[i][0] taken"},
	}
	for _, c := range cases {
		_, err := modelSrc(decls, c.body)
		if err == nil {
			t.Errorf("%q: no error, want %q", c.body, c.want)
			continue
		}
		if !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q:\n got  %v\n want %s", c.body, err, c.want)
		}
	}
}

// TestAccepted lists constructs that must be modelled.
func TestAccepted(t *testing.T) {
	decls := "int n, int m, double A[n][n], double B[n], double *p, double x"
	cases := []struct{ body, want string }{
		{"for (int i = 0; i < n; i++)\n  p[i] = *p + B[n - 1 - i];", "S0[i] -> p[0]"},
		{"for (int i = n - 1; i >= 0; i -= 2)\n  B[i]--;", "(n + i + 1) mod 2 = 0"},
		{"int i;\nfor (i = 0; i < n; i++)\n  B[i] = 0;", "S0[i] : 0 <= i < n"},
		{"for (int i = 0; i < n; i++)\n  for (int i = 0; i < m; i++)\n    B[i] = 0;", "S0[i, i_1]"},
		{"for (int i = 0; i < n; i++)\n  if (!(i > 2 && i < 5) || i == 3)\n    B[i] = x;", "S0[i]"},
		{"for (int i = 0; i < n; i++)\n  B[i % 4] += A[i][(i + 1) / 2] * sqrt(x);", "B[i mod 4]"},
	}
	for _, c := range cases {
		s, err := modelSrc(decls, c.body)
		if err != nil {
			t.Errorf("%q: %v", c.body, err)
			continue
		}
		var b strings.Builder
		Print(&b, s)
		if !strings.Contains(b.String(), c.want) {
			t.Errorf("%q: output lacks %q:\n%s", c.body, c.want, b.String())
		}
	}
}
