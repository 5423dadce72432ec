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

// TestAutoRegionNotes: in a file without scop pragmas, a loop nest that is
// not a static control part (an init loop calling rand) is a note, not an
// error (the exit status stays 0), and a loop under an OpenMP pragma is
// left alone while its inner loop is optimized: the pragma must keep
// governing a for statement (Pluto's floyd.par.c failed to compile).
func TestAutoRegionNotes(t *testing.T) {
	src := `#include <stdlib.h>
#define N 64
double A[N][N];
int main(void) {
  int i, j, k;
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      A[i][j] = rand() % 7;
  for (k = 0; k < N; k++) {
#pragma omp parallel for private(j)
    for (i = 0; i < N; i++)
      for (j = 0; j < N; j++)
        A[i][j] = A[i][j] < A[i][k] + A[k][j] ? A[i][j] : A[i][k] + A[k][j];
  }
  return (int)A[1][2];
}
`
	res, err := Optimize("auto.c", []byte(src), Options{Vectorize: true})
	if err != nil {
		t.Fatal(err)
	}
	if res.Errors() {
		t.Fatalf("errors: %+v", res.Diags)
	}
	var noted bool
	for _, d := range res.Diags {
		if d.Severity == "note" && strings.Contains(d.Msg, "loop nest left alone: call of unknown function rand") {
			noted = true
		}
	}
	if !noted {
		t.Errorf("no note about rand: %+v", res.Diags)
	}
	out := string(res.Output)
	k := strings.Index(out, "#pragma omp parallel for private(j)")
	if k < 0 {
		t.Fatalf("the pragma is gone:\n%s", out)
	}
	if next := strings.TrimSpace(out[k+len("#pragma omp parallel for private(j)"):]); !strings.HasPrefix(next, "for (i = 0; i < N; i++)") {
		t.Errorf("the pragma does not govern the original loop any more:\n%s", out[k:])
	}
	rewritten := false
	for _, r := range res.Regions {
		if !r.Kept && r.Region.Pos.Line == 12 {
			rewritten = true
		}
	}
	if !rewritten {
		t.Errorf("the inner loop (line 12) was not optimized: %+v", res.Diags)
	}
}
