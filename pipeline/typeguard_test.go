package pipeline

import (
	"os/exec"
	"strings"
	"testing"

	"github.com/tessera-opt/tessera/internal/vector"
)

// typeGuardKernel selects its element type at compile time the PolyBench
// way (-DDATA_TYPE_IS_FLOAT); tessera sees the default, double.
const typeGuardKernel = `#include <stdio.h>
#if !defined(DATA_TYPE_IS_FLOAT) && !defined(DATA_TYPE_IS_DOUBLE)
# define DATA_TYPE_IS_DOUBLE
#endif
#ifdef DATA_TYPE_IS_FLOAT
# define DATA_TYPE float
#endif
#ifdef DATA_TYPE_IS_DOUBLE
# define DATA_TYPE double
#endif
#define N 64
static DATA_TYPE A[N][N], x1[N], y1v[N];
static __attribute__((noinline)) void kernel(int n)
{
  int i, j;
#pragma scop
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      x1[i] = x1[i] + A[i][j] * y1v[j];
#pragma endscop
}
int main(void)
{
  for (int i = 0; i < N; i++) {
    x1[i] = (DATA_TYPE)(i % 7) / 7; y1v[i] = (DATA_TYPE)((i + 3) % 5) / 5;
    for (int j = 0; j < N; j++) A[i][j] = (DATA_TYPE)(i * j % 11) / 11;
  }
  kernel(N);
  for (int i = 0; i < N; i++) printf("%.9g\n", (double)x1[i]);
  return 0;
}
`

// TestTypeGuard checks that vector code written for the element type
// tessera resolved (double) sits under the preprocessor condition that
// selects that type, and, with gcc, that a float compilation of the
// output prints exactly what the float original prints.
func TestTypeGuard(t *testing.T) {
	t.Parallel()
	avx2, err := vector.ParseTarget("avx2")
	if err != nil {
		t.Fatal(err)
	}
	res, err := Optimize("k.c", []byte(typeGuardKernel), Options{Vectorize: true, Vector: vector.Config{Target: avx2}})
	if err != nil {
		t.Fatal(err)
	}
	out := string(res.Output)
	if !strings.Contains(out, "defined(DATA_TYPE_IS_DOUBLE)))") {
		t.Fatalf("no type guard in\n%s", out)
	}
	gcc, err := exec.LookPath("gcc")
	if err != nil {
		t.Skip("no gcc")
	}
	flags := []string{"-O2", "-march=native", "-ffp-contract=off", "-DDATA_TYPE_IS_FLOAT"}
	if a, b := runC(t, gcc, "forig", typeGuardKernel, flags...), runC(t, gcc, "fopt", out, flags...); a != b {
		t.Errorf("float: original prints\n%s\ntessera's output\n%s", a, b)
	}
}
