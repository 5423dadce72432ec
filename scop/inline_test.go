package scop

import (
	"strings"
	"testing"

	"github.com/tessera-opt/tessera/cfront"
)

// TestInlineFuncs checks which calls of the file's own functions the
// model takes: pure single-return functions (also through a macro, and
// in a loop bound), and not a function that calls itself, one with a
// side effect, one that reads a global, or a macro calling a function of
// the file that hides the math function of its name.
func TestInlineFuncs(t *testing.T) {
	const funcs = `int g;
static int max(int a, int b) { return a > b ? a : b; }
int max3(int a, int b, int c) { return max(max(a, b), c); }
static int lo(int a, int b) { return a < b ? a : b; }
static int fact(int k) { return k <= 1 ? 1 : k * fact(k - 1); }
static int ping(int k);
static int pong(int k) { return k > 0 ? ping(k - 1) : 0; }
static int ping(int k) { return pong(k); }
static int glob(int a) { return a + g; }
static short narrow(short a) { return a; }
double fabs(double x) { g++; return x < 0 ? -x : x; }
#define MAXZ(a) max(a, 0)
#define ABS(a) fabs(a)
`
	for _, tc := range []struct{ name, body, err string }{
		{"max3 of array reads", "for (int i = 1; i < n; i++) A[i] = max3(A[i - 1], B[i], 0);", ""},
		{"through a macro", "for (int i = 0; i < n; i++) A[i] = MAXZ(B[i]);", ""},
		{"in a bound", "for (int i = 0; i < n; i++) for (int j = 0; j < lo(i, m); j++) A[j] = A[j] + B[i];", ""},
		{"in a subscript", "for (int i = 0; i < n; i++) A[max(i - 1, 0)] = B[i];", ""},
		{"narrow in a bound", "for (int i = 0; i < n; i++) for (int j = 0; j < narrow(i); j++) A[j] = B[i];", "conversions are not modelled"},
		{"narrow in a subscript (a may access)", "for (int i = 0; i < n; i++) A[narrow(i)] = B[i];", ""},
		{"narrow as a value", "for (int i = 0; i < n; i++) A[i] = narrow(B[i]);", ""},
		{"recursive", "for (int i = 0; i < n; i++) A[i] = fact(B[i]);", "it calls itself"},
		{"mutually recursive", "for (int i = 0; i < n; i++) A[i] = ping(B[i]);", "calls itself"},
		{"reads a global", "for (int i = 0; i < n; i++) A[i] = glob(B[i]);", "reads g"},
		{"a side effect under a math name", "for (int i = 0; i < n; i++) A[i] = fabs(B[i]);", "call of fabs, a function of this file"},
		{"a macro calling it", "for (int i = 0; i < n; i++) A[i] = ABS(B[i]);", "fabs"},
		{"wrong argument count", "for (int i = 0; i < n; i++) A[i] = max(B[i]);", "with 1 arguments"},
	} {
		src := funcs + "void f(int n, int m, int *A, int *B) {\n#pragma scop\n" + tc.body + "\n#pragma endscop\n}\n"
		f, err := cfront.ParseFile("t.c", []byte(src), cfront.Config{})
		if err != nil || len(f.Regions) != 1 {
			t.Fatalf("%s: %v", tc.name, err)
		}
		_, err = FromRegion(f, f.Regions[0], Config{})
		switch {
		case tc.err == "" && err != nil:
			t.Errorf("%s: %v", tc.name, err)
		case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)):
			t.Errorf("%s: got %v, want an error with %q", tc.name, err, tc.err)
		}
	}
}
