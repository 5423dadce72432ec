package pipeline

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/tessera-opt/tessera/internal/omp"
	"github.com/tessera-opt/tessera/internal/testutil"
	"github.com/tessera-opt/tessera/scheduler"
)

// privContraction is a tensor contraction through a scratch row that is
// a parameter of the kernel (so live after it): every (r, q) iteration
// writes t[LO..HI) before it reads it, and the new schedule moves the
// reduction loop s outside p for unit-stride vector accesses.
const privContraction = `#include <stdio.h>
#define R 12
#define Q 10
#define P 40
static double A[R][Q][P], C[P][P], t[P];
static __attribute__((noinline)) void kernel(double A[R][Q][P], double C[P][P], double t[P]) {
#pragma scop
  for (int r = 0; r < R; r++)
    for (int q = 0; q < Q; q++) {
      for (int p = LO; p < HI; p++) {
        t[p] = INIT;
        for (int s = 0; s < P; s++)
          t[p] += A[r][q][s] * C[s][p];
      }
      for (int p = LO; p < HI; p++)
        A[r][q][p] = t[p];
    }
#pragma endscop
}
int main(void) {
  for (int i = 0; i < R; i++)
    for (int j = 0; j < Q; j++)
      for (int k = 0; k < P; k++) A[i][j][k] = (i + 2 * j + 3 * k) % 7 / 7.0;
  for (int i = 0; i < P; i++) { t[i] = i % 3; for (int j = 0; j < P; j++) C[i][j] = (i * j) % 5 / 5.0; }
  kernel(A, C, t);
  double s = 0;
  for (int i = 0; i < P; i++) s += t[i] * (i % 3 + 1);
  for (int i = 0; i < R; i++) for (int j = 0; j < Q; j++) for (int k = 0; k < P; k++) s += A[i][j][k] * (k % 5 + 1);
  printf("%.17g\n", s);
  return 0;
}
`

// TestPrivatizeNewSchedule checks the private-array decision of the
// parallel flow with vector code (the default flags), where the region
// takes the scheduler's new order: the outer loop r runs in parallel with
// a private copy of t when every iteration writes the elements of t it
// reads and the last iteration writes every element that the loop leaves
// in t; it does not when an iteration reads a value of t from before the
// loop or from another iteration, or when only an earlier iteration
// writes some element. With gcc, every program prints what the original
// prints on 2 and 3 threads (in plain mode one case in two).
func TestPrivatizeNewSchedule(t *testing.T) {
	t.Parallel()
	tests := []privCase{
		{"whole row", "0", "P", "0", "loop c0: parallel with a private copy of t per thread"},
		{"growing part", "0", "r + 1", "0", "loop c0: parallel with a private copy of t per thread"},
		{"shrinking part", "r", "P", "0", "loop c0: no private array: S0 writes elements of t that only an earlier iteration of the loop writes"},
		{"read before write", "0", "P", "t[p] * 0.5", "loop c0: no private array: a value of t flows into the loop or from one of its iterations to another"},
		{"read of a neighbour", "0", "P - 1", "t[p + 1]", "loop c0: no private array: a value of t flows into the loop or from one of its iterations to another"},
	}
	gcc, _ := exec.LookPath("gcc")
	testutil.NoteSample(t, "the gcc runs of one case in two")
	for k, tc := range tests {
		opt := Options{Vectorize: true, Sched: scheduler.Config{Parallel: true}, OMP: omp.Config{NoCost: true}}
		src, res := optimizePrivCase(t, privContraction, tc, opt)
		if gcc == "" || !testutil.Keep(k, 2) {
			continue
		}
		want := runThreads(t, gcc, "orig", src, "1")
		for _, th := range []string{"2", "3"} {
			if got := runThreads(t, gcc, "opt", string(res.Output), th); got != want {
				t.Errorf("%s: original prints %q, optimized on %s threads %q\n%s", tc.name, want, th, got, res.Output)
			}
		}
	}
}

// runThreads compiles src with gcc -O2 -march=native -fopenmp and runs it
// on the given number of OpenMP threads; it returns what it prints.
func runThreads(t *testing.T, gcc, name, src, threads string) string {
	t.Helper()
	dir := t.TempDir()
	c := filepath.Join(dir, name+".c")
	if err := os.WriteFile(c, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	exe := filepath.Join(dir, name)
	if b, err := exec.Command(gcc, "-O2", "-march=native", "-fopenmp", c, "-o", exe, "-lm").CombinedOutput(); err != nil {
		t.Fatalf("gcc %s: %v\n%s\n%s", name, err, b, src)
	}
	cmd := exec.Command(exe)
	cmd.Env = append(os.Environ(), "OMP_NUM_THREADS="+threads, "OMP_WAIT_POLICY=passive")
	b, err := cmd.Output()
	if err != nil {
		t.Fatalf("run %s: %v", name, err)
	}
	return string(b)
}
