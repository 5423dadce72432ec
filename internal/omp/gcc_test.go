package omp_test

import (
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/tessera-opt/tessera/internal/omp"
	"github.com/tessera-opt/tessera/pipeline"
	"github.com/tessera-opt/tessera/scheduler"
)

// TestPrivatizedKernels optimizes kernels whose scalars must be
// privatized, checks the clauses, and, when gcc with OpenMP is present,
// compiles the original and the optimized code and compares what they
// print with two threads.
func TestPrivatizedKernels(t *testing.T) {
	tests := []struct {
		file       string
		reductions bool
		pragma     string // regexp of an expected pragma line
	}{
		{"deriche_ym1.c", false, `#pragma omp parallel for lastprivate\(xm1, ym1, ym2\)`},
		{"symm_temp2.c", false, `#pragma omp parallel for lastprivate\(temp2\)`},
		{"reduce_sum.c", true, `#pragma omp parallel for reduction\(\+:s\) if\(M >= 4096\)`},
	}
	gcc, _ := exec.LookPath("gcc")
	for _, tc := range tests {
		t.Run(tc.file+"/"+tc.pragma, func(t *testing.T) {
			t.Parallel()
			path := filepath.Join("testdata", tc.file)
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			res, err := pipeline.Optimize(path, src, pipeline.Options{Sched: scheduler.Config{Parallel: true, Reductions: tc.reductions}, OMP: omp.Config{NoCost: true}})
			if err != nil {
				t.Fatal(err)
			}
			for _, d := range res.Diags {
				t.Log(d)
			}
			out := string(res.Output)
			if !regexp.MustCompile(tc.pragma).MatchString(out) {
				t.Fatalf("no %s in\n%s", tc.pragma, out)
			}
			if gcc == "" {
				t.Skip("no gcc")
			}
			dir := t.TempDir()
			opt := writeFile(t, dir, "opt.c", res.Output)
			main := strings.TrimSuffix(path, ".c") + ".main.c"
			run := func(kernel, exe string) string {
				return runThreads(t, gccProgram(t, gcc, dir, exe, []string{"-O2", "-fopenmp", "-w"}, kernel, main), 2)
			}
			a, b := run(path, "orig"), run(opt, "opt")
			if !tc.reductions && a != b {
				t.Errorf("outputs differ: original %q, optimized %q", a, b)
			}
			if tc.reductions && !close(a, b, 1e-9) {
				t.Errorf("outputs differ beyond 1e-9 (reductions reorder sums): original %q, optimized %q", a, b)
			}
		})
	}
}

// close reports whether the numbers printed in a and b agree within the
// relative tolerance tol (and the texts have the same words otherwise).
func close(a, b string, tol float64) bool {
	fa, fb := strings.Fields(a), strings.Fields(b)
	if len(fa) != len(fb) {
		return false
	}
	for i := range fa {
		x, err1 := strconv.ParseFloat(fa[i], 64)
		y, err2 := strconv.ParseFloat(fb[i], 64)
		if err1 != nil || err2 != nil {
			if fa[i] != fb[i] {
				return false
			}
			continue
		}
		if math.Abs(x-y) > tol*math.Max(1, math.Max(math.Abs(x), math.Abs(y))) {
			return false
		}
	}
	return true
}
