package pipeline

import (
	"os"
	"os/exec"
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

// TestAutoInnerRegions: in a file without scop pragmas, a nest that is not
// a SCoP as a whole (its repetition loop assigns a scalar that the inner
// subscripts use, as Livermore kernel 8 does) has its inner nests
// optimized on their own; a loop under a pragma inside it is left as
// written (its own inner loop may be optimized). The output prints the
// original's result.
func TestAutoInnerRegions(t *testing.T) {
	src := `#include <stdio.h>
#define N 200
double A[2][N][N], B[N][N];
int main(void) {
  int r, off;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      A[0][i][j] = (i * 7 + j) % 11;
      A[1][i][j] = 0;
      B[i][j] = (i + 3 * j) % 5;
    }
  for (r = 0; r < 3; r++) {
    off = r % 2;
    for (int i = 1; i < N - 1; i++)
      for (int j = 1; j < N - 1; j++)
        A[1 - off][i][j] = 0.25 * (A[off][i - 1][j] + A[off][i + 1][j] + A[off][i][j - 1] + A[off][i][j + 1]);
#pragma GCC ivdep
    for (int i = 0; i < N; i++)
      for (int j = 0; j < N; j++)
        B[j][i] += A[1 - off][i][j];
  }
  double s = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      s += B[i][j] * (j % 3 + 1) + A[0][i][j];
  printf("%.17g\n", s);
  return 0;
}
`
	res, err := Optimize("inner.c", []byte(src), Options{Vectorize: true})
	if err != nil {
		t.Fatal(err)
	}
	if res.Errors() {
		t.Fatalf("errors: %+v", res.Diags)
	}
	var stencil, pragma bool
	for _, r := range res.Regions {
		if r.Kept {
			continue
		}
		switch r.Region.Pos.Line {
		case 14:
			stencil = true
		case 18:
			pragma = true
		}
	}
	if !stencil || pragma {
		for _, r := range res.Regions {
			t.Logf("region at %v kept %v", r.Region.Pos, r.Kept)
		}
		t.Errorf("the stencil nest (line 14) should be rewritten (%v), the loop under #pragma GCC ivdep left alone (%v)", stencil, !pragma)
	}
	out := string(res.Output)
	if !strings.Contains(out, "#pragma GCC ivdep\n    for (int i = 0; i < N; i++)\n") {
		t.Errorf("the pragma does not govern the original loop any more:\n%s", out)
	}
	gcc, err := exec.LookPath("gcc")
	if err != nil {
		t.Skip("no gcc")
	}
	if ref, got := runC(t, gcc, "orig", src, "-O2"), runC(t, gcc, "opt", out, "-O2"); got != ref {
		t.Errorf("output %q, the original's %q", got, ref)
	}
}
