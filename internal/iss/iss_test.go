package iss

import (
	"strings"
	"testing"

	"github.com/tessera-opt/tessera/deps"
	"github.com/tessera-opt/tessera/internal/scoptest"
	"github.com/tessera-opt/tessera/schedule"
	"github.com/tessera-opt/tessera/scop"
)

// modelOf parses one region of a function over the arrays A and B and
// computes its dependences.
func modelOf(t *testing.T, body string) (*scop.Scop, *deps.Deps) {
	t.Helper()
	s := scoptest.Model(t, "void f(int N, double A[N][N], double B[N][N]) {\n#pragma scop\n"+body+"\n#pragma endscop\n}\n")
	return s, scoptest.Deps(t, s)
}

// countKinds counts the filter and parallel mark nodes of t.
func countKinds(t schedule.Tree) (filters, marks int) {
	t.Walk(func(c schedule.Cursor) bool {
		switch n := c.Node(); n.Kind() {
		case schedule.KindFilter:
			filters++
		case schedule.KindMark:
			if n.MarkName() == "parallel" {
				marks++
			}
		}
		return true
	})
	return filters, marks
}

// TestSplit: a path update is cut at i = k and j = k (with parallel) or
// at j = k only (without); a triangular update at j = i; a stencil, whose
// carried dependences are not on such a hyperplane, and a nest whose
// inner loop is parallel already, are not cut. Every tree returned is
// legal for the dependences and has three filters per cut.
func TestSplit(t *testing.T) {
	const path = `for (int k = 0; k < N; k++)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      A[i][j] = A[i][j] < A[i][k] + A[k][j] ? A[i][j] : A[i][k] + A[k][j];`
	const tri = `for (int i = 1; i < N; i++)
  for (int j = 0; j < N; j++)
    for (int k = 0; k < i; k++)
      A[i][j] += 0.5 * B[i][k] * A[j][k];`
	const stencil = `for (int t = 0; t < 4; t++)
  for (int i = 1; i < N - 1; i++)
    for (int j = 1; j < N - 1; j++)
      A[i][j] = (A[i - 1][j] + A[i][j - 1] + A[i][j] + A[i][j + 1] + A[i + 1][j]) / 5.0;`
	const copy = `for (int i = 0; i < N; i++)
  for (int j = 0; j < N; j++)
    A[i][j] = B[i][j];`
	tests := []struct {
		name, body string
		parallel   bool
		cut        string // "" when nothing is cut
		cuts       int
	}{
		{"path parallel", path, true, "loop i at i = k, loop j at j = k", 2},
		{"path inner", path, false, "loop j at j = k", 1},
		{"triangular parallel", tri, true, "loop j at j = i", 1},
		{"triangular inner", tri, false, "", 0},
		{"stencil parallel", stencil, true, "", 0},
		{"stencil inner", stencil, false, "", 0},
		{"parallel already", copy, true, "", 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s, d := modelOf(t, tc.body)
			tree, marked, remark, err := Split(s, d, tc.parallel)
			if err != nil {
				t.Fatal(err)
			}
			if tc.cut == "" {
				if marked != 0 || remark != "" {
					t.Fatalf("cut: %d marks, %q", marked, remark)
				}
				return
			}
			if marked == 0 || !strings.Contains(remark, tc.cut) {
				t.Fatalf("%d marks, remark %q; want the cut %q", marked, remark, tc.cut)
			}
			if ok, w := deps.Check(tree.Flatten(), d); !ok {
				t.Fatalf("illegal tree: %v", w)
			}
			filters, marks := countKinds(tree)
			if filters != 3*countCuts(tc.cuts) {
				t.Errorf("%d filters, want %d", filters, 3*countCuts(tc.cuts))
			}
			if tc.parallel && marks != marked || !tc.parallel && (marks != 0 || marked != 1) {
				t.Errorf("%d parallel marks, %d counted (parallel %v)", marks, marked, tc.parallel)
			}
		})
	}
}

// countCuts is the number of sequence nodes of a tree with n nested
// cuts: each piece of a cut holds the next cut.
func countCuts(n int) int {
	total, width := 0, 1
	for range n {
		total += width
		width *= 3
	}
	return total
}
