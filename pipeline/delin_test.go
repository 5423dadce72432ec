package pipeline

import (
	"os/exec"
	"strings"
	"testing"

	"github.com/tessera-opt/tessera/internal/testutil"
	"github.com/tessera-opt/tessera/scheduler"
)

// delinProgram holds kernels on one-dimensional arrays indexed with
// products of parameters (A[i*n + j]), which the front end delinearizes,
// and a main that runs them at sizes given at run time and prints the
// arrays.
const delinProgram = `#include <stdio.h>
#include <stdlib.h>

static void gemm(int ni, int nj, int nk, double *C, double *A, double *B)
{
#pragma scop
  for (int i = 0; i < ni; i++) {
    for (int j = 0; j < nj; j++)
      C[i*nj + j] *= 0.5;
    for (int k = 0; k < nk; k++)
      for (int j = 0; j < nj; j++)
        C[i*nj + j] += 1.5 * A[i*nk + k] * B[k*nj + j];
  }
#pragma endscop
}

static void jacobi(int tsteps, int n, double *A, double *B)
{
#pragma scop
  for (int t = 0; t < tsteps; t++) {
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        B[i*n + j] = 0.2 * (A[i*n + j] + A[i*n + j - 1] + A[i*n + 1 + j] + A[(1 + i)*n + j] + A[(i - 1)*n + j]);
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        A[i*n + j] = 0.2 * (B[i*n + j] + B[i*n + j - 1] + B[i*n + 1 + j] + B[(1 + i)*n + j] + B[(i - 1)*n + j]);
  }
#pragma endscop
}

static void heat(int tsteps, int n, int m, double *A, double *B)
{
#pragma scop
  for (int t = 0; t < tsteps; t++) {
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        for (int k = 1; k < m - 1; k++)
          B[(i*n + j)*m + k] = 0.125 * (A[((i + 1)*n + j)*m + k] + A[((i - 1)*n + j)*m + k] + A[(i*n + j + 1)*m + k] + A[(i*n + j - 1)*m + k] + A[i*n*m + j*m + k + 1] + A[m*n*i + m*j + k - 1]) + 0.25 * A[(i*n + j)*m + k];
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        for (int k = 1; k < m - 1; k++)
          A[i*n*m + j*m + k] = B[i*n*m + j*m + k];
  }
#pragma endscop
}

static void lu(int n, double *A)
{
#pragma scop
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < i; j++) {
      for (int k = 0; k < j; k++)
        A[i*n + j] -= A[i*n + k] * A[k*n + j];
      A[i*n + j] /= A[j*n + j];
    }
    for (int j = i; j < n; j++)
      for (int k = 0; k < i; k++)
        A[i*n + j] -= A[i*n + k] * A[k*n + j];
  }
#pragma endscop
}

static void seidel(int tsteps, int n, double *A)
{
#pragma scop
  for (int t = 0; t < tsteps; t++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        A[i*n + j] = (A[(i - 1)*n + j] + A[i*n + j - 1] + A[i*n + j] + A[i*n + j + 1] + A[(i + 1)*n + j]) / 5.0;
#pragma endscop
}

static void dump(const char *name, const double *p, long count)
{
  double s = 0, w = 0;
  for (long k = 0; k < count; k++) {
    s += p[k];
    w += (k % 7 + 1) * p[k];
  }
  printf("%s %.12g %.12g %.12g %.12g\n", name, s, w, p[count / 3], p[count - 1]);
}

int main(int argc, char **argv)
{
  int n = argc > 1 ? atoi(argv[1]) : 61, ni = n, nj = n + 3, nk = n - 2, m = n / 2 + 1;
  double *A = malloc(sizeof(double) * ni * nk), *B = malloc(sizeof(double) * nk * nj), *C = malloc(sizeof(double) * ni * nj);
  double *P = malloc(sizeof(double) * n * n * m), *Q = malloc(sizeof(double) * n * n * m);
  for (int i = 0; i < ni * nk; i++) A[i] = (double)((i * 7 + 1) % 13) / 13;
  for (int i = 0; i < nk * nj; i++) B[i] = (double)((i * 5 + 2) % 11) / 11;
  for (int i = 0; i < ni * nj; i++) C[i] = (double)((i * 3 + 1) % 17) / 17;
  gemm(ni, nj, nk, C, A, B);
  dump("gemm", C, (long)ni * nj);
  for (int i = 0; i < n * n * m; i++) { P[i] = (double)((i * 7 + 3) % 19) / 19; Q[i] = (double)((i * 3 + 5) % 23) / 23; }
  jacobi(4, n, P, Q);
  dump("jacobi", P, (long)n * n);
  heat(3, n / 2, m, P, Q);
  dump("heat", P, (long)(n / 2) * (n / 2) * m);
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      P[i * n + j] = i == j ? n + 1.0 : (double)((i * 7 + j * 3) % 5) / (5.0 * n);
  lu(n, P);
  dump("lu", P, (long)n * n);
  seidel(3, n, P);
  dump("seidel", P, (long)n * n);
  return 0;
}
`

// TestDelinearizedKernels: the kernels of delinProgram are modelled (their
// arrays delinearized), scheduled like their two- and three-dimensional
// versions (tiled), and print the original's results in the default and
// parallel flows and with odd tile sizes.
func TestDelinearizedKernels(t *testing.T) {
	flows := []struct {
		name string
		opt  Options
	}{
		{"default", Options{Vectorize: true}},
		{"parallel", Options{Vectorize: true, Sched: scheduler.Config{Parallel: true}}},
		{"tile-3-5-7", Options{Sched: scheduler.Config{TileSizes: []int64{3, 5, 7}}}},
	}
	gcc, gccErr := exec.LookPath("gcc")
	ref := ""
	testutil.NoteSample(t, "the default flow only")
	for i, fl := range flows {
		if !testutil.Keep(i, len(flows)) {
			continue
		}
		t.Run(fl.name, func(t *testing.T) {
			res, err := Optimize("delin.c", []byte(delinProgram), fl.opt)
			if err != nil {
				t.Fatal(err)
			}
			tiled := 0
			for _, r := range res.Regions {
				if r.Kept {
					t.Fatalf("region at %v kept: %v", r.Region.Pos, res.Diags)
				}
				for _, a := range r.Scop.Arrays {
					if a.Rank > 0 && len(a.Strides) != a.Rank {
						t.Errorf("region at %v: array %s not delinearized (rank %d, strides %v)", r.Region.Pos, a.Name, a.Rank, a.Strides)
					}
				}
				if strings.Contains(strings.Join(r.Remarks, "\n"), ": tiled ") {
					tiled++
				}
			}
			if tiled < 4 {
				t.Errorf("%d regions tiled, want at least 4 (all but lu's sequence or one more)", tiled)
			}
			if gccErr != nil {
				t.Skip("no gcc")
			}
			if ref == "" {
				ref = runC(t, gcc, "orig", delinProgram, "-O2")
			}
			if got := runC(t, gcc, "opt", string(res.Output), "-O2", "-fopenmp"); got != ref {
				t.Errorf("output\n%s\nthe original's\n%s", got, ref)
			}
		})
	}
}

// ldaProgram indexes rows with a leading dimension lda that the loops do
// not bound: the delinearized model holds when n <= lda, which the
// output checks at run time; main calls the kernel on both sides.
const ldaProgram = `#include <stdio.h>
#include <stdlib.h>

static void sub(int m, int n, int lda, double *A, const double *x, double *y)
{
#pragma scop
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++)
      A[i*lda + j] += 2.0 * x[j];
  for (int j = 0; j < n; j++)
    for (int i = 0; i < m; i++)
      y[j] += A[i*lda + j] * x[i];
#pragma endscop
}

int main(void)
{
  static const int sizes[][3] = {{50, 40, 45}, {50, 40, 40}, {50, 40, 30}, {7, 9, 3}, {0, 5, 1}, {5, 0, 0}};
  for (int k = 0; k < 6; k++) {
    int m = sizes[k][0], n = sizes[k][1], lda = sizes[k][2];
    double *A = malloc(sizeof(double) * (m * lda + n + 1)), *x = malloc(sizeof(double) * (m + n + 1)), *y = calloc(n + 1, sizeof(double));
    for (int i = 0; i < m * lda + n + 1; i++) A[i] = (i % 13) * 0.25;
    for (int i = 0; i < m + n + 1; i++) x[i] = (i % 7) * 0.5;
    sub(m, n, lda, A, x, y);
    double s = 0;
    for (int i = 0; i < m * lda + n; i++) s += A[i] * (i % 5);
    for (int j = 0; j < n; j++) s += y[j] * (j % 3);
    printf("%.17g\n", s);
    free(A), free(x), free(y);
  }
  return 0;
}
`

// TestDelinearizedAssumption: the region of ldaProgram is optimized under
// "if (lda >= n && ...)" (the second part: the arrays do not overlap,
// alias.go), with the original code in the else branch, and prints the
// original's results for leading dimensions above, at and below n.
func TestDelinearizedAssumption(t *testing.T) {
	res, err := Optimize("lda.c", []byte(ldaProgram), Options{Vectorize: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Regions) != 1 || res.Regions[0].Kept {
		t.Fatalf("region kept: %v", res.Diags)
	}
	out := string(res.Output)
	if !strings.Contains(out, "if (lda >= n && ") || !strings.Contains(out, "} else {\n  for (int i = 0; i < m; i++)") {
		t.Fatalf("no run-time check with the original code:\n%s", out)
	}
	gcc, err := exec.LookPath("gcc")
	if err != nil {
		t.Skip("no gcc")
	}
	if ref, got := runC(t, gcc, "orig", ldaProgram, "-O2"), runC(t, gcc, "opt", out, "-O2", "-fopenmp"); got != ref {
		t.Errorf("output\n%s\nthe original's\n%s", got, ref)
	}
}
