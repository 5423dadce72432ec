package cfront

import (
	"strings"
	"testing"
)

// TestStepVar checks which increments by a variable give a loop with
// StepVar (the variable, Step 0) and which stay errors: a downward step,
// a macro that is not a constant, an expression, the iterator itself.
func TestStepVar(t *testing.T) {
	for _, tc := range []struct{ incr, v, err string }{
		{"ii += bs", "bs", ""},
		{"ii = ii + bs", "bs", ""},
		{"ii = bs + ii", "bs", ""},
		{"ii += (bs)", "bs", ""},
		{"ii -= bs", "", "by an integer constant"},
		{"ii = ii - bs", "", "by an integer constant"},
		{"ii += 2 * bs", "", "by an integer constant"},
		{"ii += ii", "", "by an integer constant"},
		{"ii += M", "", "by an integer constant"},
	} {
		src := "#define M (n + 1)\nvoid f(int n, int bs, double *A) {\n  int ii;\n#pragma scop\n  for (ii = 0; ii < n; " + tc.incr + ")\n    A[ii] = 0;\n#pragma endscop\n}\n"
		f, err := ParseFile("t.c", []byte(src), Config{})
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%s: got %v, want an error with %q", tc.incr, err, tc.err)
			}
			continue
		}
		if err != nil || len(f.Regions) != 1 {
			t.Errorf("%s: %v", tc.incr, err)
			continue
		}
		x := f.Regions[0].Body[0].(*For)
		if x.StepVar == nil || x.StepVar.Name != tc.v || x.Step != 0 {
			t.Errorf("%s: step %d, variable %v; want 0 and %s", tc.incr, x.Step, x.StepVar, tc.v)
		}
	}
}
