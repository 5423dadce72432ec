package expand

import (
	"fmt"
	"strings"
	"testing"

	"github.com/tessera-opt/tessera/internal/scoptest"
	"github.com/tessera-opt/tessera/scop"
)

// summary prints what Expand decided: one line per web or skip.
func summary(res *Result, s *scop.Scop) string {
	var lines []string
	for _, w := range res.Webs {
		var iters []string
		for _, l := range w.Loops {
			iters = append(iters, s.Loops[l].CIter)
		}
		lines = append(lines, fmt.Sprintf("%s %v -> %s[%s] over %s lower %v", w.Scalar, w.Stmts, w.Array.Name, strings.Join(w.Extents, "]["), strings.Join(iters, ","), w.Lower))
	}
	for _, k := range res.Skipped {
		lines = append(lines, fmt.Sprintf("%s %d:%d: %s", k.Scalar, k.Pos.Line, k.Pos.Col, k.Why))
	}
	return strings.Join(lines, "\n")
}

// expandTests are the cases of TestExpand: a region body, what Expand
// decides for it (summary) and the texts of the first statements after
// the expansion.
var expandTests = []struct {
	name, body, want string
	texts            []string // expected statement texts after expansion
}{
	{"symm", `
for (i = 0; i < n; i++)
  for (j = 0; j < m; j++) {
    t = 0;
    for (k = 0; k < i; k++)
      t += B[k][j] * A[i][k];
    C[i][j] = t;
  }`, "t [S0 S1 S2] -> tessera_t_0[n][m] over i,j lower [0 0]",
		[]string{"tessera_t_0[i][j] = 0;", "tessera_t_0[i][j] += B[k][j] * A[i][k];", "C[i][j] = tessera_t_0[i][j];"}},
	{"shifted lower bound", `
for (i = 1; i < n; i++)
  for (j = 2; j <= i; j++) {
    t = A[i][j];
    for (k = 0; k < j; k++)
      t -= A[i][k] * A[k][j];
    A[i][j] = t;
  }`, "t [S0 S1 S2] -> tessera_t_0[n - 2][n - 2] over i,j lower [2 2]",
		[]string{"tessera_t_0[i - 2][j - 2] = A[i][j];", "tessera_t_0[i - 2][j - 2] -= A[i][k] * A[k][j];", "A[i][j] = tessera_t_0[i - 2][j - 2];"}},
	{"two webs", `
for (i = 0; i < n; i++) {
  t = b[i];
  y[i] = t;
}
for (i = 0; i < n; i++) {
  t = y[i] * 2;
  x[i] = t;
}`, "t [S0 S1] -> tessera_t_0[n] over i lower [0]\nt [S2 S3] -> tessera_t_1[n] over i lower [0]", nil},
	{"piecewise bound", `
for (i = 0; i < (n < m ? n : m); i++) {
  t = b[i];
  x[i] = t;
}`, "t [S0 S1] -> tessera_t_0[((m) > (n) ? (m) : (n))] over i lower [0]", nil},
	{"recurrence", `
for (i = 0; i < n; i++) {
  xm = 0;
  for (j = 0; j < m; j++) {
    y[i][j] = A[i][j] + xm;
    xm = A[i][j];
  }
}`, "xm [S0 S1 S2] -> tessera_xm_0[n] over i lower [0]", nil},
	{"carried by every loop", `
t = 0;
for (i = 0; i < n; i++)
  for (j = 0; j < m; j++) {
    t = t + A[i][j];
    B[i][j] = t;
  }`, "t 4:1: its statements share no loop", nil},
	{"upward exposed", `
for (i = 0; i < n; i++) {
  x[i] = t;
  t = b[i];
}`, "t 5:10: it is read at 5:10 before the region writes it (upward-exposed read)", nil},
	{"read of the previous iteration", `
for (i = 0; i < n; i++) {
  if (i > 0)
    x[i] = t;
  t = b[i];
}`, "t 6:12: every loop around it carries its value", nil},
	{"partly upward exposed", `
for (i = 0; i < n; i++) {
  if (i > 0)
    t = b[i];
  x[i] = t;
}`, "t 6:5: it is read at 7:10 before the region writes it (upward-exposed read)", nil},
	{"declared in the region", `
for (i = 0; i < n; i++) {
  double u = b[i] * 2;
  x[i] = u + 1;
}`, "u [S0 S1] -> tessera_u_0[n] over i lower [0]", []string{"tessera_u_0[i] = b[i] * 2;", "x[i] = tessera_u_0[i] + 1;"}},
}

func TestExpand(t *testing.T) {
	for _, tc := range expandTests {
		t.Run(tc.name, func(t *testing.T) {
			src := "void f(int n, int m, double A[100][100], double B[100][100], double C[100][100], double y[100][100], double b[100], double x[100]) {\nint i, j, k; double t, xm;\n#pragma scop" + tc.body + "\n#pragma endscop\n}\n"
			s := scopOf(t, src)
			res, err := Expand(s, Config{Dead: func(string) (bool, string) { return true, "" }})
			if err != nil {
				t.Fatal(err)
			}
			if got := summary(res, s); got != tc.want {
				t.Errorf("got\n%s\nwant\n%s", got, tc.want)
			}
			for k, want := range tc.texts {
				if got := res.Scop.Statements[k].Text; got != want {
					t.Errorf("S%d: text %q, want %q", k, got, want)
				}
			}
			// The input is not modified.
			for k, st := range s.Statements {
				for _, ac := range st.Accesses {
					if strings.HasPrefix(ac.Array, "tessera_") {
						t.Errorf("S%d of the input was modified", k)
					}
				}
			}
			// Every access of the new model goes to an array of its list.
			arrays := map[string]bool{}
			for _, a := range res.Scop.Arrays {
				arrays[a.Name] = true
			}
			for _, st := range res.Scop.Statements {
				for _, ac := range st.Accesses {
					if !arrays[ac.Array] {
						t.Errorf("%s accesses %s, not in Arrays", st.Name, ac.Array)
					}
					if got := ac.Rel.Range().Space().Dim(2); ac.Array != "" && got < 0 {
						t.Errorf("bad rank")
					}
				}
			}
		})
	}
}

// scopOf builds the model of the first region of src (file k.c).
func scopOf(t *testing.T, src string) *scop.Scop { return scoptest.Model(t, src) }

// TestExpandDead checks that a scalar the caller reports live is skipped.
func TestExpandDead(t *testing.T) {
	src := "void f(int n, double b[100], double x[100]) {\nint i; double t;\n#pragma scop\nfor (i = 0; i < n; i++) {\n  t = b[i];\n  x[i] = t;\n}\n#pragma endscop\n}\n"
	s := scopOf(t, src)
	res, err := Expand(s, Config{Dead: func(x string) (bool, string) { return false, "live" }})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := summary(res, s), "t 5:3: live"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	if res.Scop != s {
		t.Errorf("the model changed")
	}
}
