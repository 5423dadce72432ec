package pipeline

import (
	"os/exec"
	"testing"

	"github.com/tessera-opt/tessera/internal/omp"
	"github.com/tessera-opt/tessera/scheduler"
)

// privKernel is a batched product through a scratch row with a variable
// part: each iteration of r writes t[0..LIM] before reading it.
const privKernel = `#include <stdio.h>
#define R 40
#define P 48
static double A[R][P], B[R][P], C[P][P], t[P];
static __attribute__((noinline)) void kernel(double A[R][P], double B[R][P], double C[P][P], double t[P]) {
#pragma scop
  for (int r = 0; r < R; r++) {
    for (int p = LO; p < HI; p++) {
      t[p] = INIT;
      for (int s = 0; s < P; s++)
        t[p] = t[p] + A[r][s] * C[s][p];
    }
    for (int p = LO; p < HI; p++)
      B[r][p] = t[p] * 2.0;
  }
#pragma endscop
}
int main(void) {
  for (int i = 0; i < R; i++)
    for (int j = 0; j < P; j++) { A[i][j] = (i + 2 * j) % 7 / 7.0; B[i][j] = 0; }
  for (int i = 0; i < P; i++) { t[i] = i % 3; for (int j = 0; j < P; j++) C[i][j] = (i * j) % 5 / 5.0; }
  kernel(A, B, C, t);
  double s = 0;
  for (int i = 0; i < P; i++) s += t[i] * (i % 3 + 1);
  for (int i = 0; i < R; i++) for (int j = 0; j < P; j++) s += B[i][j] * (j % 5 + 1);
  printf("%.17g\n", s);
  return 0;
}
`

// TestPrivatizeOuter checks the private-array decision on variants of
// privKernel (the note says what was decided and why), and with gcc that
// each program prints what the original prints with two threads.
func TestPrivatizeOuter(t *testing.T) {
	t.Parallel()
	tests := []privCase{
		{"whole array", "0", "P", "0", "loop c0: parallel with a private copy of t per thread"},
		{"growing part", "0", "r + 1", "0", "loop c0: parallel with a private copy of t per thread"},
		{"shrinking part", "r", "P", "0", "loop c0: no private array: S0 writes elements of t that only an earlier iteration of the loop writes"},
		{"value across iterations", "0", "P", "t[p] * 0.5", "loop c0: no private array: a value of t flows into the loop or from one of its iterations to another"},
	}
	gcc, _ := exec.LookPath("gcc")
	run := func(src, name string) string { return runC(t, gcc, name, src, "-O1", "-fopenmp") }
	for k, tc := range tests {
		opt := Options{Sched: scheduler.Config{Parallel: true}, OMP: omp.Config{NoCost: true}}
		src, res := optimizePrivCase(t, privKernel, tc, opt)
		if gcc == "" {
			continue
		}
		if a, b := run(src, "orig"+string(rune('0'+k))), run(string(res.Output), "opt"+string(rune('0'+k))); a != b {
			t.Errorf("%s: original prints %q, optimized %q\n%s", tc.name, a, b, res.Output)
		}
	}
}
