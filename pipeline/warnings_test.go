package pipeline

import (
	"os"
	"runtime"
	"strings"
	"testing"

	"github.com/tessera-opt/tessera/scheduler"
)

// TestBudgetWarning: a scheduler that runs over its budget (here MaxILPs
// 1, so the simpler search runs over too) keeps the original schedule and
// says so with a warning diagnostic at the region, not only in --explain.
func TestBudgetWarning(t *testing.T) {
	src, err := os.ReadFile("../bench/kernels/gemm.c")
	if err != nil {
		t.Skip(err)
	}
	res, err := Optimize("gemm.c", src, Options{Sched: scheduler.Config{MaxILPs: 1}})
	if err != nil {
		t.Fatal(err)
	}
	if res.Errors() {
		t.Fatalf("a budget is not an error: %+v", res.Diags)
	}
	var warned bool
	for _, d := range res.Diags {
		if d.Severity == "warning" && strings.Contains(d.Msg, "budget") {
			warned = true
			if d.Pos.Line == 0 {
				t.Errorf("warning without a position: %v", d)
			}
		}
	}
	if !warned {
		t.Fatalf("no budget warning: %+v", res.Diags)
	}
}

// TestFourierMotzkinMemory: a nest whose Farkas step blew Fourier-Motzkin
// up to gigabytes (a step-2 loop and two bounds with C divisions; found by
// progfuzz) now stops at the engine's row bound with a warning, keeping
// the original schedule, in bounded memory.
func TestFourierMotzkinMemory(t *testing.T) {
	src := `#define N 14
double B[20][20][20];
void kernel(void)
{
#pragma scop
  for (int i = 0; i <= N - 3; i++)
    for (int j = 1; j <= (N + i) / 3; j++)
      for (int k = 0; k < N - i; k += 2)
        for (int l = 1; l <= (N + k) / 2; l++)
          B[k + 1][i][l] = 0.75 * (2 * k);
#pragma endscop
}
`
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	res, err := Optimize("fm.c", []byte(src), Options{})
	runtime.ReadMemStats(&after)
	if err != nil || res.Errors() {
		t.Fatalf("%v %v", err, res.Diags)
	}
	if a := after.TotalAlloc - before.TotalAlloc; a > 1<<30 {
		t.Errorf("allocated %d MB", a>>20)
	}
}
