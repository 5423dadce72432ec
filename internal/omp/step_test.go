package omp_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tessera-opt/tessera/internal/omp"
	"github.com/tessera-opt/tessera/pipeline"
	"github.com/tessera-opt/tessera/scheduler"
)

// TestStepLoopInSourceLoop checks the cost decisions on parallel loops
// with a step above one inside a loop of the source: their work is
// estimated (a constant below the threshold: no OpenMP region; a
// parameter: two versions under the estimate), and, when gcc with OpenMP
// is present, that the output prints what the original prints.
func TestStepLoopInSourceLoop(t *testing.T) {
	path := filepath.Join("testdata", "step_in_loop.c")
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	res, err := pipeline.Optimize(path, src, pipeline.Options{Sched: scheduler.Config{Parallel: true}})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Regions) != 2 || res.Regions[0].Kept || res.Regions[1].Kept {
		t.Fatalf("regions not rewritten: %v", res.Diags)
	}
	notes := []string{
		"no parallel loop: every statement runs fewer than 2097152 instances at compile time (6400, 6400, 6400, 6400, 6400)",
		"parallel loops only when floord(n + 4, 5) >= 2097152",
	}
	for k, n := range notes {
		if remarks := strings.Join(res.Regions[k].Remarks, "\n"); !strings.Contains(remarks, n) {
			t.Errorf("region %d: no note %q in\n%s", k+1, n, remarks)
		}
	}
	if remarks := strings.Join(res.Regions[1].Remarks, "\n"); !strings.Contains(remarks, "(outermost in the region, which a loop of the source encloses; two versions") {
		t.Errorf("region 2: the loop of the source around it is not seen:\n%s", remarks)
	}
	out := string(res.Output)
	if strings.Count(out, "#pragma omp parallel") != 1 {
		t.Errorf("want one parallel loop (region 2's, versioned), got\n%s", out)
	}
	gcc, err := exec.LookPath("gcc")
	if err != nil {
		t.Skip("no gcc")
	}
	dir := t.TempDir()
	opt := writeFile(t, dir, "opt.c", res.Output)
	run := func(file, exe string) string {
		return runThreads(t, gccProgram(t, gcc, dir, exe, []string{"-O2", "-fopenmp", "-w"}, file), 2)
	}
	if a, b := run(path, "orig"), run(opt, "opt"); a != b {
		t.Errorf("outputs differ: original %q, optimized %q", a, b)
	}
}

// TestStreamingVectorReduction checks that the parallel flow gives no
// mark to the original's loops that stream their arrays, so that they
// stay sequential and the vector stage reorders them as in the
// sequential flow.
func TestStreamingVectorReduction(t *testing.T) {
	path := filepath.Join("testdata", "stream_vec.c")
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	res, err := pipeline.Optimize(path, src, pipeline.Options{Sched: scheduler.Config{Parallel: true}, Vectorize: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Regions) != 1 || res.Regions[0].Kept {
		t.Fatalf("region not rewritten: %v", res.Diags)
	}
	remarks := strings.Join(res.Regions[0].Remarks, "\n")
	if !strings.Contains(remarks, "vector: loop c1: vectorizable (horizontal reduction)") {
		t.Skipf("the vector stage did not rewrite the reduction:\n%s", remarks)
	}
	if out := string(res.Output); strings.Contains(out, "#pragma omp parallel") {
		t.Errorf("a parallel loop in\n%s", out)
	}
	// The original loops that stream get no mark, so that the vector
	// stage interchanges the column nest as in the sequential flow.
	for _, n := range []string{
		"the original's 2 parallel loop(s) stream their arrays from memory: kept without parallel marks",
		"vector: loop c0: vectorizable (interchanged with c1",
	} {
		if !strings.Contains(remarks, n) {
			t.Errorf("no note %q in\n%s", n, remarks)
		}
	}
	if !omp.Streams(res.Regions[0].Scop, []string{"S0", "S1"}) {
		t.Errorf("Streams(S0, S1) = false")
	}
}
