package omp_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tessera-opt/tessera/pipeline"
	"github.com/tessera-opt/tessera/scheduler"
)

// TestCostDecisions runs --parallel on small files and checks the cost
// decisions in the output and in the notes that --explain prints: a
// region whose statements all run fewer than MinOuterWork instances at
// compile time gets no OpenMP region; a region with macro sizes gets two
// versions, its streaming loop stays sequential, its product is versioned
// by its work.
func TestCostDecisions(t *testing.T) {
	tests := []struct {
		file     string
		notes    []string // substrings of the region's remarks
		output   []string // substrings of the output
		noOutput []string // substrings the output must not hold
	}{
		{"cost_small.c",
			[]string{"no parallel loop: every statement runs fewer than 2097152 instances at compile time (262144)"},
			nil,
			[]string{"#pragma omp"}},
		{"cost_macro.c",
			[]string{
				"parallel loops only when min(max(N, 0), 2147483648) * min(max(N, 0), 2147483648) >= 2097152 || ",
				"parallel loop c0 over S0: not parallel: it streams its arrays from memory (S0 runs 2 loop(s) over the 2-d array C)",
				"parallel loop c0 over S1: parallel only when ",
			},
			[]string{
				"  if (tessera_min(tessera_max(N, 0), 2147483648) * tessera_min(tessera_max(N, 0), 2147483648) >= 2097152 || ",
				"#pragma omp parallel for collapse(2)",
			},
			[]string{"#pragma omp parallel for\n"}},
	}
	for _, tc := range tests {
		t.Run(tc.file, func(t *testing.T) {
			path := filepath.Join("testdata", tc.file)
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			res, err := pipeline.Optimize(path, src, pipeline.Options{Sched: scheduler.Config{Parallel: true}})
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Regions) != 1 || res.Regions[0].Kept {
				t.Fatalf("region not rewritten: %v", res.Diags)
			}
			remarks := strings.Join(res.Regions[0].Remarks, "\n")
			for _, n := range tc.notes {
				if !strings.Contains(remarks, n) {
					t.Errorf("no note %q in\n%s", n, remarks)
				}
			}
			out := string(res.Output)
			for _, o := range tc.output {
				if !strings.Contains(out, o) {
					t.Errorf("no %q in the output\n%s", o, out)
				}
			}
			for _, o := range tc.noOutput {
				if strings.Contains(out, o) {
					t.Errorf("%q in the output\n%s", o, out)
				}
			}
		})
	}
}
