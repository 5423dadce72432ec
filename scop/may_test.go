package scop

import (
	"strings"
	"testing"
)

// TestMayAccesses checks the model of subscripts that are not affine: a
// may access whose non-affine subscripts range freely (within a constant
// extent that binds them), the reads of the subscripts as ordinary
// reads, and the statement no update onto a known element.
func TestMayAccesses(t *testing.T) {
	decls := "int n, int m, double A[n][n], double B[n], int idx[n], double C[100][8]"
	cases := []struct {
		body string
		want []string // lines of Print's output
		may  int      // may accesses of S0
	}{
		{"for (int i = 0; i < n; i++)\n  B[idx[i]] = 0;",
			[]string{"read: [n] -> { S0[i] -> idx[i] : 0 <= i < n }", "may write: [n] -> { S0[i] -> B[o0] : 0 <= i < n }"}, 1},
		{"for (int i = 0; i < n; i++)\n  for (int j = 0; j < n; j++)\n    A[i*j][0] = 0;",
			[]string{"may write: [n] -> { S0[i, j] -> A[o0, 0] : 0 <= i < n and 0 <= j < n }"}, 1},
		{"for (int i = 0; i < n; i++)\n  B[i] = B[i / m];",
			[]string{"may read: [n, m] -> { S0[i] -> B[o0] : 0 <= i < n }", "write: [n, m] -> { S0[i] -> B[i] : 0 <= i < n }"}, 1},
		// Compound assignment: the read of the left side is marked as
		// such (same subscript text), both are may accesses, and idx[i]
		// is read (once per evaluation of the subscript).
		{"for (int i = 0; i < n; i++)\n  B[idx[i]] += A[i][i];",
			[]string{"may read: [n] -> { S0[i] -> B[o0] : 0 <= i < n } (lhs)", "may write: [n] -> { S0[i] -> B[o0] : 0 <= i < n }"}, 2},
		// Inner extents that are constants bound the free subscript.
		{"for (int i = 0; i < n; i++)\n  for (int j = 0; j < 8; j++)\n    C[i][idx[j]] = C[idx[i]][j];",
			[]string{"may read: [n] -> { S0[i, j] -> C[o0, j] : 0 <= i < n and 0 <= j <= 7 }", "may write: [n] -> { S0[i, j] -> C[i, o1] : 0 <= i < n and 0 <= j <= 7 and 0 <= o1 <= 7 }"}, 2},
		// A parameter or iterator named like the free dimensions moves
		// them to another prefix.
		{"for (int o0 = 0; o0 < n; o0++)\n  B[idx[o0]] = 0;",
			[]string{"may write: [n] -> { S0[o0] -> B[o_0] : 0 <= o0 < n }"}, 1},
		// Delinearized arrays: a may access covers every subscript of
		// the model.
		{"for (int i = 0; i < n; i++)\n  for (int j = 0; j < m; j++)\n    B[i*m + j] = B[idx[j]];",
			[]string{"may read: [n, m] -> { S0[i, j] -> B[o0, o1]"}, 1},
	}
	for _, c := range cases {
		s, err := modelSrc(decls, c.body)
		if err != nil {
			t.Errorf("%q: %v", c.body, err)
			continue
		}
		var b strings.Builder
		Print(&b, s)
		for _, w := range c.want {
			if !strings.Contains(b.String(), w) {
				t.Errorf("%q: output lacks %q:\n%s", c.body, w, b.String())
			}
		}
		st := s.Statements[0]
		n := 0
		for _, a := range st.Accesses {
			if a.May {
				n++
				if _, ok := a.Coefficients(); ok {
					t.Errorf("%q: Coefficients of the may access %s succeeded", c.body, a.Rel)
				}
			}
		}
		if n != c.may || !s.HasMay() || !st.HasMay() {
			t.Errorf("%q: %d may accesses, want %d", c.body, n, c.may)
		}
		if _, ok := st.Update(); ok && s.MayArrays()[st.Accesses[len(st.Accesses)-1].Array] {
			t.Errorf("%q: an update of an element that may be any", c.body)
		}
	}
}

// TestMayUpdateElsewhere checks that an update of a known element stays
// an update when the statement's may access is to another array (the
// reduction of a sparse product onto y[i]).
func TestMayUpdateElsewhere(t *testing.T) {
	s, err := modelSrc("int n, double y[n], double v[n], double x[n], int col[n]", "for (int i = 0; i < n; i++)\n  for (int j = 0; j < n; j++)\n    y[i] += v[j] * x[col[j]];")
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := s.Statements[0].Update(); !ok {
		t.Errorf("y[i] += v[j] * x[col[j]] is not an update")
	}
	if got := s.MayArrays(); len(got) != 1 || !got["x"] {
		t.Errorf("MayArrays = %v, want x", got)
	}
}
