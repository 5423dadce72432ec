package scheduler

import (
	"strings"
	"testing"
)

// TestParallelChoices checks the parallel-loop decisions of buildBand on
// the final tree: coincident tile loops below the parallel one are
// collapsed (conv2d: the image loop alone has one tile at NB=8), the point
// loops of a band inside deeper loops are reordered for contiguous
// accesses, and bands nested in a sequential loop get parallel marks too
// (package omp adds the run-time cost check).
func TestParallelChoices(t *testing.T) {
	tests := []struct {
		file    string
		remarks []string
		tree    []string
	}{
		{"conv_collapse.c", []string{"point loops reordered [0 1 2 4 5 6 3]", "loops 0..3 parallel (collapsed)"}, []string{`mark: "collapse"`, `mark: "parallel"`}},
		{"inner_parallel.c", []string{"loop 0 parallel", "loop 1 parallel"}, []string{`mark: "parallel"`}},
	}
	for _, tc := range tests {
		t.Run(tc.file, func(t *testing.T) {
			d := loadDeps(t, tc.file)
			res, err := Schedule(d, Config{Parallel: true, TileSizes: []int64{32, 32, 32, 32, 32}})
			if err != nil {
				t.Fatal(err)
			}
			all := strings.Join(res.Remarks, "\n")
			for _, w := range tc.remarks {
				if !strings.Contains(all, w) {
					t.Errorf("remarks lack %q:\n%s", w, all)
				}
			}
			tree := res.Tree.String()
			for _, w := range tc.tree {
				if !strings.Contains(tree, w) {
					t.Errorf("tree lacks %q:\n%s", w, tree)
				}
			}
		})
	}
}
