package scop

import (
	"strings"
	"testing"

	"github.com/tessera-opt/tessera/cfront"
)

// TestMacroCalls checks which calls of function-like macros are modelled
// as values of their arguments and which are refused because their
// expansion writes memory or reads memory the model would not see.
func TestMacroCalls(t *testing.T) {
	defs := `#define DATA_TYPE double
#define SQ(x) ((x) * (x))
#define NORM(a, b) sqrt(SQ(a) + SQ(b))
#define SCALE 0.5
#define HALF(x) ((DATA_TYPE)(x) * SCALE)
#define SCALAR_VAL(x) x##f
#define ELEM(a, j) a[j]
#define CHAIN(x) (last = (x) + last * 0.5)
#define BUMP(x) (x++)
#define LOG printf
#define ABS fabs
#define DEEP(x) CHAIN(x)
#define GLOBAL(x) ((x) + last)
#define DEREF(p) (*(p))
#define SELF(x) SELF(x)
double last;
`
	model := func(rhs string) error {
		src := defs + "void f(int n, double A[n][n], double B[n])\n{\n#pragma scop\nfor (int i = 0; i < n; i++)\n  for (int j = 0; j < n; j++)\n    A[i][j] = " + rhs + ";\n#pragma endscop\n}\n"
		f, err := cfront.ParseFile("t.c", []byte(src), cfront.Config{})
		if err != nil {
			return err
		}
		_, err = FromRegion(f, f.Regions[0], Config{})
		return err
	}
	for _, rhs := range []string{
		"NORM(A[i][j], B[j]) + HALF(B[i])",
		"ABS(B[j]) * SCALE",
		"B[j] * SCALAR_VAL(0.25)",
		"B[j] * SCALAR_VAL(-2.0)",
	} {
		if err := model(rhs); err != nil {
			t.Errorf("%s: %v", rhs, err)
		}
	}
	for _, c := range []struct{ rhs, want string }{
		{"CHAIN(B[j])", "its body assigns last"},
		{"DEEP(B[j])", "it calls CHAIN"},
		{"BUMP(B[j])", "its body has x++"},
		{"ELEM(B, j)", "its body reads the element a[j]"},
		{"LOG(\"x\")", "it expands to printf"},
		{"GLOBAL(B[j])", "its body reads last"},
		{"DEREF(B)", "dereferences"},
		{"SELF(B[j])", "recursive"},
		{"SCALAR_VAL(B[j])", "pastes a suffix"},
	} {
		err := model(c.rhs)
		if err == nil || !strings.Contains(err.Error(), "call of macro") || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want an error with %q", c.rhs, err, c.want)
		}
	}
}

// TestMacroValues checks object-like macros used as values, bounds or
// subscripts: the model takes them for values constant in the region,
// which is refused when their expansion uses a loop iterator, reads a
// variable the region writes, or hides a memory access.
func TestMacroValues(t *testing.T) {
	defs := `#define N 64
#define LEN len
#define PB_N POLYBENCH_LOOP_BOUND(N, n)
#define IDX (i * N + j)
#define CUR acc
#define TOP stack[0]
#define NEXT (len++)
double acc, stack[4];
int len;
`
	model := func(body string) error {
		src := defs + "void f(int n, double A[N * N], double B[N])\n{\n  int i, j;\n#pragma scop\n" + body + "\n#pragma endscop\n}\n"
		f, err := cfront.ParseFile("t.c", []byte(src), cfront.Config{})
		if err != nil {
			return err
		}
		_, err = FromRegion(f, f.Regions[0], Config{})
		return err
	}
	for _, body := range []string{
		"for (i = 0; i < LEN; i++)\n  B[i] = B[i] * LEN + PB_N;",
		"for (i = 0; i < PB_N; i++)\n  B[i] = CUR;",
	} {
		if err := model(body); err != nil {
			t.Errorf("%q: %v", body, err)
		}
	}
	for _, c := range []struct{ body, want string }{
		{"for (i = 0; i < N; i++)\n  for (j = 0; j < N; j++)\n    A[IDX] = 0;", "macro IDX uses i, a loop iterator"},
		{"for (i = 0; i < N; i++)\n  for (j = 0; j < N; j++)\n    B[i] = A[IDX];", "macro IDX uses i, a loop iterator"},
		{"for (i = 0; i < N; i++) {\n  acc = acc + B[i];\n  B[i] = CUR;\n}", "write to acc, which macro CUR reads"},
		{"for (i = 0; i < N; i++)\n  B[i] = TOP;", "macro TOP hides memory accesses"},
		{"for (i = 0; i < N; i++)\n  B[i] = NEXT;", "macro NEXT hides memory accesses"},
	} {
		err := model(c.body)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: got %v, want an error with %q", c.body, err, c.want)
		}
	}
}
