package pipeline

import (
	"os/exec"
	"strings"
	"testing"

	"github.com/tessera-opt/tessera/scheduler"
)

// Regression tests found by running programs tessera had never seen
// (loop nests written in the style of older polyhedral test suites):
// each program is optimized with several option sets and, when gcc is
// available, must print what the original prints.

// rowsKernel reaches its matrices through arrays of row pointers
// (double **) and a plain pointer: no pointer-to-array type describes
// them, so the nest must not be moved into a function with such
// parameters (the outliner used to dereference the missing extent).
const rowsKernel = `#include <stdio.h>
static int n;
static void kernel(double **p, double **q, double *s)
{
  int i, j;
#pragma scop
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      p[i][j] = p[i][j] + q[j][i] * s[j];
#pragma endscop
}
static double a[40][40], b[40][40], v[40];
int main(void)
{
  double *pa[40], *pb[40];
  int i, j;
  n = 40;
  for (i = 0; i < 40; i++) {
    pa[i] = a[i];
    pb[i] = b[i];
    v[i] = (i % 7) * 0.25;
    for (j = 0; j < 40; j++) {
      a[i][j] = (i * 3 + j) % 11;
      b[i][j] = (i + 5 * j) % 13;
    }
  }
  kernel(pa, pb, v);
  for (i = 0; i < 40; i++)
    for (j = 0; j < 40; j++)
      printf("%.17g\n", a[i][j]);
  return 0;
}
`

func TestUnseenPointerRows(t *testing.T) {
	t.Parallel()
	gcc, gccErr := exec.LookPath("gcc")
	var want string
	if gccErr == nil {
		want = runC(t, gcc, "orig", rowsKernel, "-O2")
	}
	for _, c := range []struct {
		name string
		opt  Options
	}{
		{"default", Options{}},
		{"parallel", Options{Sched: scheduler.Config{Parallel: true}}},
	} {
		// Rows behind pointers cannot be checked for overlap at run
		// time (alias.go): the region is optimized only when the
		// arrays are assumed not to overlap.
		c.opt.AssumeNoAlias = true
		res := optimizeOne(t, c.name, rowsKernel, c.opt)
		out := string(res.Output)
		if strings.Contains(out, "(*restrict p)") || strings.Contains(out, "(*restrict q)") {
			t.Errorf("%s: rows of pointers passed as a pointer to arrays:\n%s", c.name, out)
		}
		if gccErr != nil {
			continue
		}
		if got := runC(t, gcc, c.name, out, "-O2", "-fopenmp"); got != want {
			t.Errorf("%s: output differs from the original's\n%s", c.name, out)
		}
	}
}

// sumKernel is doitgen with its temporary row behind a plain pointer:
// the r loop would run in parallel with sum private to each thread, but
// a pointer has no extent to size the private copy (the privatizer used
// to dereference the missing extent).
const sumKernel = `#include <stdio.h>
#include <stdlib.h>
#define NR 12
#define NQ 10
#define NP 16
static double A[NR][NQ][NP], C4[NP][NP];
static void kernel(double *sum)
{
  int r, q, p, s;
#pragma scop
  for (r = 0; r < NR; r++)
    for (q = 0; q < NQ; q++) {
      for (p = 0; p < NP; p++) {
        sum[p] = 0.0;
        for (s = 0; s < NP; s++)
          sum[p] += A[r][q][s] * C4[s][p];
      }
      for (p = 0; p < NP; p++)
        A[r][q][p] = sum[p];
    }
#pragma endscop
}
int main(void)
{
  double *t = malloc(NP * sizeof(double));
  int i, j, k;
  for (i = 0; i < NR; i++)
    for (j = 0; j < NQ; j++)
      for (k = 0; k < NP; k++)
        A[i][j][k] = (i * 3 + j + k) % 7;
  for (i = 0; i < NP; i++)
    for (j = 0; j < NP; j++)
      C4[i][j] = (i * j) % 5 * 0.5;
  kernel(t);
  for (i = 0; i < NR; i++)
    for (j = 0; j < NQ; j++)
      for (k = 0; k < NP; k++)
        printf("%.17g\n", A[i][j][k]);
  for (k = 0; k < NP; k++)
    printf("%.17g\n", t[k]);
  return 0;
}
`

func TestUnseenPrivatePointer(t *testing.T) {
	t.Parallel()
	res := optimizeOne(t, "parallel scalar", sumKernel, Options{Sched: scheduler.Config{Parallel: true}})
	if !strings.Contains(strings.Join(res.Regions[0].Remarks, "\n"), "sum would be private, but an extent") {
		t.Errorf("no note on sum in %q", res.Regions[0].Remarks)
	}
	gcc, err := exec.LookPath("gcc")
	if err != nil {
		t.Skip("no gcc")
	}
	want := runC(t, gcc, "orig", sumKernel, "-O2", "-ffp-contract=off")
	if got := runC(t, gcc, "par", string(res.Output), "-O2", "-ffp-contract=off", "-fopenmp"); got != want {
		t.Errorf("output differs from the original's\n%s", res.Output)
	}
}

// hintKernel is a periodic 2-d heat step whose loops carry vectorization
// and unrolling hints (#pragma GCC unroll, #pragma ivdep): the region is
// optimized as if they were absent, and the new code does not keep them
// (its own marks come from the dependences). With "#pragma omp parallel
// for" instead, the region stays as the user parallelized it.
const hintKernel = `#include <stdio.h>
#define N 20L
#define T 5L
double A[2][N][N];
int main(void)
{
  long t, i, j;
  short n = N - 1;
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      A[0][i][j] = (i * 7 + j * 3) % 10;
#pragma scop
  for (t = 0; t < T; t++) {
#pragma GCC unroll 2
    for (i = 0; i <= n; i++) {
#pragma ivdep
      for (j = 0; j <= n; j++)
        A[(t + 1) % 2][i][j] = 0.25 * (A[t % 2][i == n ? 0 : i + 1][j] + A[t % 2][i == 0 ? n : i - 1][j]) + 0.5 * A[t % 2][i][j == 0 ? n : j - 1];
    }
  }
#pragma endscop
  for (t = 0; t < 2; t++)
    for (i = 0; i < N; i++)
      for (j = 0; j < N; j++)
        printf("%.17g\n", A[t][i][j]);
  return 0;
}
`

func TestUnseenLoopHints(t *testing.T) {
	t.Parallel()
	gcc, gccErr := exec.LookPath("gcc")
	var want string
	if gccErr == nil {
		want = runC(t, gcc, "orig", hintKernel, "-O2", "-fopenmp", "-ffp-contract=off")
	}
	for _, c := range []struct {
		name string
		opt  Options
	}{
		{"default", Options{}},
		{"parallel", Options{Sched: scheduler.Config{Parallel: true}}},
		{"identity", Options{Identity: true}},
	} {
		res := optimizeOne(t, c.name, hintKernel, c.opt)
		out := string(res.Output)
		if strings.Contains(out, "#pragma ivdep") || strings.Contains(out, "unroll 2") {
			t.Errorf("%s: the original hints are still in the output:\n%s", c.name, out)
		}
		if gccErr != nil {
			continue
		}
		if got := runC(t, gcc, c.name, out, "-O2", "-fopenmp", "-ffp-contract=off"); got != want {
			t.Errorf("%s: output differs from the original's\n%s", c.name, out)
		}
	}
	omp := strings.Replace(hintKernel, "#pragma GCC unroll 2", "#pragma omp parallel for private(j)", 1)
	res, err := Optimize("k.c", []byte(omp), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if string(res.Output) != omp || !res.Errors() {
		t.Errorf("a region with the user's OpenMP loop was rewritten: %v", res.Diags)
	}
}

// idxKernel indexes a flattened matrix through object-like macros over
// the loop iterators: the model used to take IDX for a parameter, and the
// new code, whose iterators are c0 and c1, read i and j after their loops
// (a crash). Such a region must be kept as written.
const idxKernel = `#include <stdio.h>
#define N 32
#define IDX (i * N + j)
#define IDXT (j * N + i)
double A[N * N], B[N * N];
int main(void)
{
  int i, j;
  for (i = 0; i < N * N; i++) {
    A[i] = i % 7;
    B[i] = i % 5;
  }
#pragma scop
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      A[IDX] = A[IDXT] * 0.5 + B[IDX];
#pragma endscop
  for (i = 0; i < N * N; i++)
    printf("%.17g\n", A[i]);
  return 0;
}
`

func TestUnseenIteratorMacro(t *testing.T) {
	t.Parallel()
	for _, opt := range []Options{{}, {Identity: true}, {Sched: scheduler.Config{Parallel: true}}} {
		res, err := Optimize("k.c", []byte(idxKernel), opt)
		if err != nil {
			t.Fatal(err)
		}
		if !res.Errors() || len(res.Diags) == 0 || !strings.Contains(res.Diags[0].Msg, "macro IDX uses i") {
			t.Errorf("diagnostics %v", res.Diags)
		}
		if string(res.Output) != idxKernel {
			t.Errorf("output changed:\n%s", res.Output)
		}
	}
}
