package omp_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/tessera-opt/tessera/pipeline"
	"github.com/tessera-opt/tessera/scheduler"
)

// TestPrivatizedKernels optimizes kernels whose scalars must be
// privatized, checks the clauses, and, when gcc with OpenMP is present,
// compiles the original and the optimized code and compares what they
// print with two threads.
func TestPrivatizedKernels(t *testing.T) {
	tests := []struct {
		file   string
		pragma string // regexp of the expected pragma line
	}{
		{"deriche_ym1.c", `#pragma omp parallel for lastprivate\(xm1, ym1, ym2\)`},
		{"symm_temp2.c", `#pragma omp parallel for lastprivate\(temp2\)`},
	}
	gcc, _ := exec.LookPath("gcc")
	for _, tc := range tests {
		t.Run(tc.file, func(t *testing.T) {
			t.Parallel()
			path := filepath.Join("testdata", tc.file)
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			res, err := pipeline.Optimize(path, src, pipeline.Options{Sched: scheduler.Config{Parallel: true}})
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
			opt := filepath.Join(dir, "opt.c")
			if err := os.WriteFile(opt, res.Output, 0o644); err != nil {
				t.Fatal(err)
			}
			main := strings.TrimSuffix(path, ".c") + ".main.c"
			run := func(kernel, exe string) string {
				cmd := exec.Command(gcc, "-O2", "-fopenmp", "-w", kernel, main, "-o", filepath.Join(dir, exe), "-lm")
				if b, err := cmd.CombinedOutput(); err != nil {
					t.Skipf("gcc -fopenmp failed: %v\n%s", err, b)
				}
				cmd = exec.Command(filepath.Join(dir, exe))
				cmd.Env = append(os.Environ(), "OMP_NUM_THREADS=2")
				b, err := cmd.Output()
				if err != nil {
					t.Fatalf("%s: %v", exe, err)
				}
				return string(b)
			}
			if a, b := run(path, "orig"), run(opt, "opt"); a != b {
				t.Errorf("outputs differ: original %q, optimized %q", a, b)
			}
		})
	}
}
