package progfuzz

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// knownBugs are reduced reproducers of bugs progfuzz found. A test is
// skipped (with the bug) until the bug is fixed; then the skip goes and
// the test guards against regressions. mustRewrite: a declined region is
// a failure too (the bug made tessera decline). PROGFUZZ_KNOWN=1 runs the
// skipped ones (to see whether a fix worked).
var knownBugs = []struct {
	file        string
	flags       []string
	mustRewrite bool
	skip        string
}{
	// Fixed in 1eb0a7c (astgen makes overlapping pieces disjoint).
	{"or_condition_duplicates.c", []string{"--identity"}, true, ""},
	{"parallel_mark_degenerate_loop.c", []string{"--parallel"}, false,
		"bug (wrong code): the parallel mark of a band member that is constant on the domain (j = M - i - 1) lands on the i loop, which carries an output dependence on E[2]"},
	{"parallel_mark_degenerate_l_eq_j.c", []string{"--parallel"}, false,
		"bug (wrong code): same as parallel_mark_degenerate_loop, with for (l = j; l <= j; l++): the i loop, which carries an anti dependence on A[i + 1], is marked parallel (guarded by the cost check; wrong at N = 3000)"},
	{"parallel_jacobi_constant_time.c", []string{"--parallel"}, false,
		"bug (wrong code): jacobi-2d with constant time bounds (t <= 1): the wavefront's parallel tile loop is not parallel (wrong at N=1100 with 2 threads; here N=67, the forced/reversed variants)"},
	{"scheduler_oom_step2_divisions.c", nil, false,
		"bug (resource): the scheduler's RationalProject allocates > 3 GB on a nest with a step-2 loop and two bounds with C division (progfuzz caps tessera at 4 GB)"},
	{"split_float_temporary.c", []string{"--split"}, false,
		"bug (inexact code): --split gives the temporary the left side's type (float) while the right side is double: the product is rounded to float before the addition"},
}

func TestKnownBugs(t *testing.T) {
	if _, err := exec.LookPath("gcc"); err != nil {
		t.Skip("no gcc")
	}
	var bin string
	for _, b := range knownBugs {
		t.Run(strings.TrimSuffix(b.file, ".c"), func(t *testing.T) {
			if b.skip != "" && os.Getenv("PROGFUZZ_KNOWN") == "" {
				t.Skip(b.skip)
			}
			if bin == "" {
				bin = tesseraBinary(t)
			}
			src, err := os.ReadFile(filepath.Join("testdata", b.file))
			if err != nil {
				t.Fatal(err)
			}
			cfg := Config{Tessera: bin, Dir: t.TempDir(), Flows: []Flow{{Name: "bug", Flags: b.flags}}}
			res, err := Check(context.Background(), cfg, Program{Name: b.file, Source: string(src)})
			if err != nil {
				t.Fatal(err)
			}
			for _, o := range res.Outcomes {
				if o.Status == Failed || (b.mustRewrite && o.Status == Declined) {
					t.Errorf("tessera opt %s %s: %s: %s: %s", strings.Join(b.flags, " "), b.file, o.Status, o.Kind, o.Detail)
				}
			}
		})
	}
}
