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
#define ADD(a, b) a + b
#define ADDE(a, k) a[k] + 1
#define ELEM2(a, k) ELEM(a, k) + ELEM(a, k + 1)
#define SQE(a, k) a[k] * a[k]
#define STR(x) B[sizeof(#x)]
double last;
`
	var last *Scop
	model := func(rhs string) error {
		src := defs + "void f(int n, double A[n][n], double B[n])\n{\n#pragma scop\nfor (int i = 0; i < n; i++)\n  for (int j = 0; j < n; j++)\n    A[i][j] = " + rhs + ";\n#pragma endscop\n}\n"
		f, err := cfront.ParseFile("t.c", []byte(src), cfront.Config{})
		if err != nil {
			return err
		}
		last, err = FromRegion(f, f.Regions[0], Config{})
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
	// Macros whose expansion only reads are expanded where they are
	// called, as the preprocessor does (expandMacroCalls): the model and
	// the printed statement hold the expansion, with the precedence the
	// compiler gives it.
	for _, c := range []struct{ rhs, text, reads string }{
		{"ELEM(B, j)", "A[i][j] = B[j];", "B[j]"},
		{"GLOBAL(B[j])", "A[i][j] = ((B[j]) + last);", "B[j] last"},
		{"DEREF(B)", "A[i][j] = (*(B));", "B[0]"},
		{"ADDE(B, j) * 2", "A[i][j] = B[j] + 1 * 2;", "B[j]"},
		{"ADD(B[i], ELEM(B, j)) * 2", "A[i][j] = ADD(B[i], B[j]) * 2;", "B[i] B[j]"}, // ADD is a pure value
		{"ELEM2(B, i) - SQE(B, j)", "A[i][j] = B[i] + B[i + 1] - B[j] * B[j];", "B[i] B[i + 1] B[j] B[j]"},
	} {
		if err := model(c.rhs); err != nil {
			t.Errorf("%s: %v", c.rhs, err)
			continue
		}
		st := last.Statements[0]
		if st.Text != c.text {
			t.Errorf("%s: statement %q, want %q", c.rhs, st.Text, c.text)
		}
		var reads []string
		for _, a := range st.Accesses {
			if a.Kind == Read {
				reads = append(reads, accessText(a))
			}
		}
		if got := strings.Join(reads, " "); got != c.reads {
			t.Errorf("%s: reads %q, want %q", c.rhs, got, c.reads)
		}
		// Positions of the accesses stay distinct (the vector stage
		// keys its decisions by them).
		seen := map[cfront.Pos]bool{}
		for _, a := range st.Accesses {
			if a.Kind == Read && seen[a.Pos] {
				t.Errorf("%s: two reads at %v", c.rhs, a.Pos)
			}
			seen[a.Pos] = true
		}
	}
	for _, c := range []struct{ rhs, want string }{
		{"CHAIN(B[j])", "its body assigns last"},
		{"DEEP(B[j])", "it calls CHAIN"},
		{"BUMP(B[j])", "its body has x++"},
		{"LOG(\"x\")", "it expands to printf"},
		{"SELF(B[j])", "recursive"},
		{"SCALAR_VAL(B[j])", "pastes a suffix"},
		{"STR(B[j])", "stringizes"},
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

// accessText prints an access as array[subscripts] from its relation.
func accessText(a *Access) string {
	rel := a.Rel.String()
	_, img, _ := strings.Cut(rel, "-> "+a.Array)
	img, _, _ = strings.Cut(img, " :")
	img = strings.TrimSuffix(strings.TrimSpace(img), "}")
	img = strings.ReplaceAll(strings.TrimSpace(img), ", ", "][")
	if img == "[]" {
		return a.Array
	}
	return a.Array + img
}
