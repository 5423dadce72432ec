package directive

import (
	"fmt"
	"slices"
	"testing"

	"github.com/tessera-opt/tessera/deps"
	"github.com/tessera-opt/tessera/presburger"
	"github.com/tessera-opt/tessera/schedule"
	"github.com/tessera-opt/tessera/scheduler"
)

const luRightC = `
void f(int n, double A[n][n]) {
#pragma scop
  for (int k = 0; k < n; k++) {
    for (int j = k + 1; j < n; j++)
      A[k][j] = A[k][j] / A[k][k];
    for (int i = k + 1; i < n; i++)
      for (int j = k + 1; j < n; j++)
        A[i][j] = A[i][j] - A[i][k] * A[k][j];
  }
#pragma endscop
}
`

const floydC = `
void f(int n, double p[n][n]) {
#pragma scop
  for (int k = 0; k < n; k++)
    for (int i = 0; i < n; i++)
      for (int j = 0; j < n; j++)
        p[i][j] = p[i][j] < p[i][k] + p[k][j] ? p[i][j] : p[i][k] + p[k][j];
#pragma endscop
}
`

const jacobi2dC = `
void f(int t, int n, double A[n][n], double B[n][n]) {
#pragma scop
  for (int s = 0; s < t; s++) {
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        B[i][j] = 0.2 * (A[i][j] + A[i][j - 1] + A[i][j + 1] + A[i + 1][j] + A[i - 1][j]);
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        A[i][j] = 0.2 * (B[i][j] + B[i][j - 1] + B[i][j + 1] + B[i + 1][j] + B[i - 1][j]);
  }
#pragma endscop
}
`

// bruteParallel reports whether flat schedule dim pos carries no
// dependence of d between instances with equal dims before it, by
// enumerating the dependences and the schedule for the parameter values.
func bruteParallel(t *testing.T, flat presburger.UnionMap, d *deps.Deps, pos int, params []int64) bool {
	t.Helper()
	time := map[string][]int64{}
	for _, m := range flat.Maps() {
		name := m.Space().TupleName(presburger.In)
		ni := m.Space().Dim(presburger.In)
		pts, err := m.Points(params)
		if err != nil {
			t.Fatal(err)
		}
		for _, pt := range pts {
			time[fmt.Sprint(name, pt[:ni])] = pt[ni:]
		}
	}
	for _, x := range d.Deps {
		if x.Kind == deps.Input {
			continue
		}
		ni := x.Rel.Space().Dim(presburger.In)
		pts, err := x.Rel.Points(params)
		if err != nil {
			t.Fatal(err)
		}
		for _, pt := range pts {
			a, okA := time[fmt.Sprint(x.Source.Name, pt[:ni])]
			b, okB := time[fmt.Sprint(x.Target.Name, pt[ni:])]
			if !okA || !okB {
				t.Fatalf("dependence %s -> %s: instance without a time", x.Source.Name, x.Target.Name)
			}
			if slices.Equal(a[:pos], b[:pos]) && a[pos] != b[pos] {
				return false
			}
		}
	}
	return true
}

// TestRefineInner checks the flags of the innermost members after
// deps.RefineInner against enumeration: a member is flagged exactly when no
// dependence joins two instances with equal flat dims before it and
// different values of it (for the flags the scheduler set, the
// enumeration must agree too). lu's tiled j loop is the motivating case.
func TestRefineInner(t *testing.T) {
	tests := []struct {
		name, src string
		params    []int64
		tileSizes []int64
		wantSet   bool // some flag must have been set by RefineInner
	}{
		{"lu", luRightC, []int64{9}, []int64{4, 3, 2}, true},
		{"floyd", floydC, []int64{6}, nil, false},
		{"jacobi2d", jacobi2dC, []int64{3, 8}, []int64{2, 3, 4}, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, d := model(t, tc.src)
			sr, err := scheduler.Schedule(d, scheduler.Config{TileSizes: tc.tileSizes})
			if err != nil {
				t.Fatal(err)
			}
			before := flags(sr.Tree)
			tree, err := deps.RefineInner(sr.Tree, d)
			if err != nil {
				t.Fatal(err)
			}
			after := flags(tree)
			if (fmt.Sprint(before) != fmt.Sprint(after)) != tc.wantSet {
				t.Errorf("flags before %v, after %v; want a change: %v", before, after, tc.wantSet)
			}
			flat := tree.Flatten()
			tree.Walk(func(c schedule.Cursor) bool {
				if c.Node().Kind() != schedule.KindBand || deps.HasBandBelow(c.Node()) {
					return true
				}
				b := c.Node().Band()
				pos, _ := deps.FlatPosition(c)
				for k := max(0, b.Width-2); k < b.Width; k++ {
					if got := bruteParallel(t, flat, d, pos+k, tc.params); got != b.Coincident[k] {
						t.Errorf("band %v member %d (flat dim %d): flag %v, enumeration says parallel %v", c.Path(), k, pos+k, b.Coincident[k], got)
					}
				}
				return true
			})
		})
	}
}

func flags(tree schedule.Tree) [][]bool {
	var out [][]bool
	tree.Walk(func(c schedule.Cursor) bool {
		if c.Node().Kind() == schedule.KindBand {
			out = append(out, c.Node().Band().Coincident)
		}
		return true
	})
	return out
}
