package pipeline

import (
	"os/exec"
	"strings"
	"testing"

	"github.com/tessera-opt/tessera/internal/testutil"
)

// guardKernel's region is NEST; n and m come from the command line so that
// gcc cannot fold the loops.
const guardKernel = `#include <stdio.h>
#include <stdlib.h>
static double A[400][8], B[400], C[400], D[400];
static __attribute__((noinline)) void kernel(int n, int m) {
#pragma scop
NEST
#pragma endscop
}
int main(int argc, char **argv) {
  int n = argc > 2 ? atoi(argv[1]) : 60, m = argc > 2 ? atoi(argv[2]) : 40;
  for (int i = 0; i < 400; i++) { C[i] = i * 100; D[i] = i; B[i] = 0; }
  kernel(n, m);
  double s = 0;
  for (int i = 0; i < 400; i++) s += B[i] * (i % 7 + 1) + A[i][0] + A[i][1];
  printf("%.17g\n", s);
  return 0;
}
`

// TestGuardOuterVec checks which loops get the guard against gcc 12's
// outer-loop vectorization (gccguard.go), and, with gcc, that tessera's
// output at -O3 prints what the original prints at -O0 (gcc 12.2 -O3
// miscompiles the original of the first case).
func TestGuardOuterVec(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, nest string
		guards     int
	}{
		{"sliding subscript", `for (int i = 2; i < n; i++)
  for (int j = 0; j <= m; j++)
    B[i + j] = D[i] + C[i + j];`, 1},
		{"sliding bounds", `for (int i = 2; i < n; i++)
  for (int j = i - 1; j <= i + m; j++)
    B[j] = D[i] + C[j];`, 1},
		{"rows apart", `for (int i = 2; i < n; i++)
  for (int j = 0; j < 8; j++)
    A[i][j] = D[i] + C[j];`, 0},
		{"read-modify-write", `for (int i = 2; i < n; i++)
  for (int j = 0; j <= m; j++)
    B[i] = B[i] + C[j];`, 0},
		{"three deep", `for (int t = 0; t < 3; t++)
  for (int i = 2; i < n; i++)
    for (int j = 0; j <= m; j++)
      B[i + j] = D[i] + C[j] + t;`, 1},
	}
	gcc, _ := exec.LookPath("gcc")
	testutil.NoteSample(t, "one nest in 2")
	for k, tc := range tests {
		if !testutil.Keep(k, 2) {
			continue // plain mode: one nest in 2; TESSERA_LONG=1 runs all
		}
		src := strings.Replace(guardKernel, "NEST", tc.nest, 1)
		res := optimizeOne(t, tc.name, src, Options{Identity: true})
		if got := strings.Count(string(res.Output), "__asm__ __volatile__"); got != tc.guards {
			t.Errorf("%s: %d guards, want %d:\n%s", tc.name, got, tc.guards, res.Output)
		}
		if gcc == "" {
			continue
		}
		name := string(rune('a' + k))
		if a, b := runC(t, gcc, "orig"+name, src, "-O0"), runC(t, gcc, "opt"+name, string(res.Output), "-O3"); tc.guards > 0 && a != b {
			t.Errorf("%s: original prints %q, tessera's output %q\n%s", tc.name, a, b, res.Output)
		}
	}
}
