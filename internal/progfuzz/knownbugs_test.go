package progfuzz

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// knownBugs are reduced reproducers of bugs progfuzz found. A new one is
// skipped (skip says the bug) until the bug is fixed; then the skip goes
// and the test guards against regressions. mustRewrite: a declined region is
// a failure too (the bug made tessera decline). PROGFUZZ_KNOWN=1 runs the
// skipped ones (to see whether a fix worked).
//
// timeout, when set, bounds the CPU time of the `tessera opt` run (over it,
// the test fails: tessera-timeout); optimized also fails the test when tessera keeps
// the original schedule (its "original schedule kept" warning).
var knownBugs = []struct {
	file        string
	flags       []string
	mustRewrite bool
	skip        string
	cflags      []string // added to the C compiler's flags (original and output)
	timeout     time.Duration
	optimized   bool
}{
	// Fixed in 1eb0a7c: astgen makes overlapping pieces disjoint (the
	// instances of an if (a || b) ran twice; the self-check declined).
	{"or_condition_duplicates.c", []string{"--identity"}, true, "", nil, 0, false},
	// Fixed in 24220f4: the parallel mark of a band member constant on the
	// domain (j = M - i - 1; l = j) landed on the next loop, which carries
	// a dependence (wrong code).
	{"parallel_mark_degenerate_loop.c", []string{"--parallel"}, false, "", nil, 0, false},
	{"parallel_mark_degenerate_l_eq_j.c", []string{"--parallel"}, false, "", nil, 0, false},
	// Fixed in 24220f4 (the mark of a degenerate band member): jacobi-2d with
	// constant time bounds (t <= 1) had a wavefront tile loop marked
	// parallel that is not (wrong at N = 1100 with two threads; N = 67
	// here, where the forced/reversed variants show it).
	{"parallel_jacobi_constant_time.c", []string{"--parallel"}, false, "", nil, 0, false},
	// Fixed in 27402bc: the scheduler's Fourier-Motzkin step grew to
	// gigabytes (out of memory) on a step-2 nest with C divisions.
	{"scheduler_oom_step2_divisions.c", nil, false, "", nil, 0, false},
	// Fixed in 0cb36a9: --split's temporary had the left side's type
	// (float) while the right side is double.
	{"split_float_temporary.c", []string{"--split"}, false, "", nil, 0, false},
	// Fixed by the scop merge fix: !(i % 2 == 1 || i % 2 == 0) && i > 0
	// got the domain 'i mod 2 <= 0' (the even i) instead of the empty set.
	{"scop_negated_mod_disjunction.c", []string{"--identity"}, false, "", nil, 0, false},
	// Not fixed (session 5): gcc 12 at -O2 -march=native with AVX-512
	// vectorizes a loop of the original's, left as written, that
	// overwrites an invariant element it reads (see the file's header).
	{"gcc_o2_avx512_invariant_read.c", []string{"--tile-sizes=3,5,7", "--novectorize"}, false, "gcc 12 -O2 -march=native (AVX-512) miscompiles the original's own loop in tessera's output; not guarded yet", nil, 0, false},
	// Fixed after the session-3 measurements: the vector stage's loop
	// interchange moved the loop of a parallel mark whose body starts
	// with a declaration inward, and the mark stayed on the loop brought
	// outside, which carries an output dependence (seed 900273; the
	// reversed variant shows it).
	{"vector_interchange_parallel_mark.c", []string{"--parallel"}, false, "", nil, 0, false},
	// Fixed in session 4 (pipeline/gccguard.go): gcc 12 vectorized the
	// distributed A[j] nest as an outer loop and reordered its overlapping
	// stores (seed 800091, gcc -O2).
	{"gcc_outer_vectorization.c", []string{"--parallel", "--novectorize"}, true, "", nil, 0, false},
	// Found by the PolyBench-style campaign (seeds 3000000-3000299), in
	// one of its classic-style programs: 30-60+ s before the schedule is
	// kept on a Fourier-Motzkin budget (seed 3000255). Fixed in session 5:
	// the final redundancy test of RationalProject ran one Fourier-Motzkin
	// elimination per row (now one linear program per row, over the facets
	// found so far), an elimination step past 20,000 rows now first drops
	// the redundant rows, and Coefficients works on the real shadow of the
	// dependence polyhedron without its mod locals. 2-3 s CPU (load 4.5 on
	// 2 cores; 23 s before), with an optimized schedule.
	{"fm_budget_time_mod_else.c", []string{"--novectorize"}, false, "", nil, 10 * time.Second, true},
	// Same campaign, seed 3000287: 6 s reduced, 27-60+ s unreduced, same
	// warning (the same bug). Since the fix the schedule is found (the
	// Farkas duals take 1 s: 77 distinct polyhedra among 221 dependence
	// parts), but the stages after it are slow on this program's
	// many-part dependences: the legality check (3 s, remembered by deps
	// for the pipeline's second check) and the pipeline's self-check (3 s),
	// 9-11 s CPU in all at load 4.5 (the original schedule was kept after
	// 4 s before); the value-based flow of --parallel's privatizer took
	// 30 s more before deps bounded it (maxKilledParts). Not yet within the
	// 2 s the bug asked for: hence the 60 s bound.
	{"fm_budget_time_mod_reduction.c", []string{"--parallel", "--reductions"}, false, "", nil, 60 * time.Second, true},
	// Found by the PolyBench-style campaign with the float flows (seeds
	// 3000300-3000339, -pb): scalarize's accumulator is declared double
	// (DATA_TYPE resolved without -D flags) where the program spells
	// DATA_TYPE, float under -DDATA_TYPE_IS_FLOAT. The define must come
	// from the command line: in the file, tessera sees it and is right.
	// Fixed in session 4: scalarize declares its accumulator with
	// __typeof__ of the element (it was double where DATA_TYPE is float
	// under -DDATA_TYPE_IS_FLOAT; seeds 3000314/327/333).
	{"scalarize_acc_type_data_type_float.c", []string{"--parallel", "--novectorize"}, false, "", []string{"-DDATA_TYPE_IS_FLOAT"}, 0, false},
	// Fixed in session 9 (seeds 8100054, 8400041): over two minutes each,
	// the region then kept at --region-timeout. The legality check
	// multiplied a schedule's 81 domain parts (now checked first on the
	// schedules relaxed to their functions); the value-based flows
	// subtracted kills that mods split into hundreds of parts (now under a
	// budget). 9 s and 3 s on 2 cores; the bound leaves room for a loaded
	// machine. Rewritten, not just answered in time.
	{"check_many_part_domain.c", nil, true, "", nil, 60 * time.Second, false},
	{"dataflow_kill_mods.c", nil, true, "", nil, 60 * time.Second, false},
	// Found and fixed in session 9 (seed 8720103): the run-time
	// assumption of delinearized arrays took over a minute; now bounded,
	// and the region is declined in under a second.
	{"delin_assume_budget.c", nil, false, "", nil, 20 * time.Second, false},
	// Fixed in session 9 (seed 8730093): over a minute in the scheduler's
	// big.Rat simplex during the scalar-expansion attempts; its pivots
	// are now bounded per problem (ilpWorkBudget): 12 s, rewritten.
	{"scheduler_lexmin_slow.c", nil, true, "", nil, 60 * time.Second, false},
}

// TestKnownBugs is a long campaign (minutes): it runs when TESSERA_LONG is
// set, as .ci/run does.
func TestKnownBugs(t *testing.T) {
	if os.Getenv("TESSERA_LONG") == "" {
		t.Skip("a long campaign: set TESSERA_LONG=1 to run it")
	}
	if _, err := exec.LookPath("gcc"); err != nil {
		t.Skip("gcc not found: the known-bug programs are compiled and run with it")
	}
	bin := tesseraBinary(t) // in the parent's TempDir: it outlives the subtests
	for _, b := range knownBugs {
		t.Run(strings.TrimSuffix(b.file, ".c"), func(t *testing.T) {
			if b.skip != "" && os.Getenv("PROGFUZZ_KNOWN") == "" {
				t.Skip(b.skip)
			}
			src, err := os.ReadFile(filepath.Join("testdata", b.file))
			if err != nil {
				t.Fatal(err)
			}
			cfg := Config{Tessera: bin, Dir: t.TempDir(), Flows: []Flow{{Name: "bug", Flags: b.flags, CFlags: b.cflags}}, OptTimeout: b.timeout}
			if b.optimized {
				dir := t.TempDir()
				in := filepath.Join(dir, b.file)
				if err := os.WriteFile(in, src, 0o644); err != nil {
					t.Fatal(err)
				}
				args := append(append([]string{"opt"}, b.flags...), in, "-o", filepath.Join(dir, "out.c"))
				ctx, cancel := context.WithTimeout(context.Background(), wallFactor*max(b.timeout, time.Minute))
				defer cancel()
				cmd := exec.CommandContext(ctx, bin, args...)
				msg, err := cmd.CombinedOutput()
				took := cpuTime(cmd.ProcessState)
				if err != nil {
					t.Fatalf("tessera %s: %v: %s", strings.Join(args, " "), err, msg)
				}
				if strings.Contains(string(msg), "original schedule kept") {
					t.Errorf("tessera opt %s %s kept the original schedule: %s", strings.Join(b.flags, " "), b.file, msg)
				}
				if b.timeout > 0 && took > b.timeout {
					t.Errorf("tessera opt %s %s took %v of CPU time (bound %v)", strings.Join(b.flags, " "), b.file, took, b.timeout)
				}
				t.Logf("tessera opt %s %s: %v of CPU time", strings.Join(b.flags, " "), b.file, took)
			}
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
