package pipeline

import (
	"os/exec"
	"strings"
	"testing"

	"github.com/tessera-opt/tessera/internal/testutil"
)

// handBlocked holds loop nests strip-mined by hand, as tuned C code writes
// them: a matrix product over flattened arrays with blocks bounded by
// min(ii + BS, n) and a scalar loaded between the block loops, one that
// accumulates into a scalar between the block loops, one whose
// iterators are declared before the loops and read after them, a product
// whose blocks end at ii + 16 (right only when 16 divides n), a blocked
// transpose with MIN as a macro, a blocking that changes what the loops
// compute (a skewed dependence crosses the blocks), and block iterators
// declared before the loops. main calls them with sizes that are and are
// not multiples of the block sizes and prints checksums.
const handBlocked = `#include <stdio.h>
#include <stdlib.h>
#define BS 8
#define MIN(a, b) ((a) < (b) ? (a) : (b))
static inline int imin(int a, int b) { return a < b ? a : b; }

static void mm(int n, const double *A, const double *B, double *C)
{
#pragma scop
    for (int ii = 0; ii < n; ii += BS)
        for (int kk = 0; kk < n; kk += BS)
            for (int jj = 0; jj < n; jj += BS)
                for (int i = ii; i < imin(ii + BS, n); i++)
                    for (int k = kk; k < imin(kk + BS, n); k++) {
                        double a = A[i * n + k];
                        for (int j = jj; j < imin(jj + BS, n); j++)
                            C[i * n + j] += a * B[k * n + j];
                    }
#pragma endscop
}

static void mm16(int n, const float *A, const float *B, float *C)
{
#pragma scop
    for (int ii = 0; ii < n; ii += 16)
        for (int jj = 0; jj < n; jj += 16)
            for (int i = ii; i < ii + 16; i++)
                for (int j = jj; j < jj + 16; j++) {
                    float s = C[i * n + j];
                    for (int k = 0; k < n; k++)
                        s += A[i * n + k] * B[k * n + j];
                    C[i * n + j] = s;
                }
#pragma endscop
}

static void mmacc(int n, const double *A, const double *B, double *C)
{
#pragma scop
    for (int ii = 0; ii < n; ii += BS)
        for (int jj = 0; jj < n; jj += BS)
            for (int kk = 0; kk < n; kk += BS)
                for (int i = ii; i < MIN(ii + BS, n); i++)
                    for (int j = jj; j < MIN(jj + BS, n); j++) {
                        double sum = C[i * n + j];
                        for (int k = kk; k < MIN(kk + BS, n); k++)
                            sum += A[i * n + k] * B[k * n + j];
                        C[i * n + j] = sum;
                    }
#pragma endscop
}

static int mm89(int n, const double *A, const double *B, double *C)
{
    int ii, kk, i, k, j;
#pragma scop
    for (ii = 0; ii < n; ii += BS)
        for (kk = 0; kk < n; kk += BS)
            for (i = ii; i < imin(ii + BS, n); i++)
                for (k = kk; k < imin(kk + BS, n); k++)
                    for (j = 0; j < n; j++)
                        C[i * n + j] += A[i * n + k] * B[k * n + j];
#pragma endscop
    return ii * 1000000 + kk * 10000 + i * 100 + k + j;
}

static void transpose(int n, int m, const double *A, double *B)
{
#pragma scop
    for (int ii = 0; ii < n; ii += 4)
        for (int jj = 0; jj < m; jj += 4)
            for (int i = ii; i < MIN(ii + 4, n); i++)
                for (int j = jj; j < MIN(jj + 4, m); j++)
                    B[j * n + i] = A[i * m + j] + (double)i;
#pragma endscop
}

static double S[40][40];

static void skewed(int n)
{
#pragma scop
    for (int ii = 0; ii < n; ii += 8)
        for (int j = 0; j < n - 1; j++)
            for (int i = ii; i < imin(ii + 8, n); i++)
                S[i + 1][j] = S[i][j + 1] * 0.5 + 1.0;
#pragma endscop
}

static void oldstyle(int n, const double *A, double *B)
{
    int ii, i;
#pragma scop
    for (ii = 0; ii < n; ii += BS)
        for (i = ii; i < imin(ii + BS, n); i++)
            B[i] = A[i] * 2.0;
#pragma endscop
    B[0] += ii + i;
}

int main(void)
{
    int sizes[] = {13, 16, 24, 37};
    for (int t = 0; t < 4; t++) {
        int n = sizes[t], p = n + 16;
        double *A = calloc(p * p, sizeof(double)), *B = calloc(p * p, sizeof(double)), *C = calloc(p * p, sizeof(double));
        float *fa = calloc(p * p, sizeof(float)), *fb = calloc(p * p, sizeof(float)), *fc = calloc(p * p, sizeof(float));
        for (int i = 0; i < p * p; i++) {
            A[i] = (i % 13) * 0.5 - 2;
            B[i] = (i % 7) * 0.25;
            fa[i] = (float)(i % 5) - 1;
            fb[i] = (float)(i % 3);
            fc[i] = 1;
        }
        mm(n, A, B, C);
        mmacc(n, B, A, C);
        int last = mm89(n, A, C, B);
        mm16(n, fa, fb, fc);
        transpose(n, n - 3, A, B);
        for (int i = 0; i < 40; i++)
            for (int j = 0; j < 40; j++)
                S[i][j] = (i * 3 + j) % 11;
        skewed(n);
        oldstyle(n, A, C + p);
        double s = 0, f = 0, q = 0;
        for (int i = 0; i < p * p; i++) {
            s += C[i] * (i % 5 + 1);
            f += fc[i] * (i % 3 + 1);
            q += B[i] * (i % 7);
        }
        for (int i = 0; i < 40; i++)
            for (int j = 0; j < 40; j++)
                q += S[i][j] * (i + j);
        printf("n=%d %.6f %.3f %.6f %d\n", n, s, f, q, last);
        free(A); free(B); free(C); free(fa); free(fb); free(fc);
    }
    return 0;
}
`

// TestUnblock checks that the hand-blocked nests are joined where that is
// proven to compute the same and gains a schedule (the matrix products),
// not where it is not (the skewed nest, the iterators read after the
// loops) or where the joined nest keeps its order (the transpose, which
// the scheduler does not tile), and that the output prints what the original prints in the default and
// the parallel flows.
func TestUnblock(t *testing.T) {
	gcc, gccErr := exec.LookPath("gcc")
	var want string
	if gccErr == nil {
		want = runC(t, gcc, "orig", handBlocked, "-O2")
	} else {
		t.Log("gcc not found: the outputs are not compared with the original's")
	}
	joined := map[string]bool{"mm": true, "mmacc": true, "mm89": true, "mm16": true, "transpose": false, "skewed": false, "oldstyle": false}
	flows := []struct {
		name string
		opt  Options
	}{
		{"default", Options{Vectorize: true}},
		{"parallel", func() Options { o := Options{Vectorize: true}; o.Sched.Parallel = true; return o }()},
	}
	for k, flow := range flows {
		if !testutil.Keep(k, len(flows)) {
			testutil.NoteSample(t, "the default flow only")
			continue
		}
		res, err := Optimize("k.c", []byte(handBlocked), flow.opt)
		if err != nil {
			t.Fatalf("%s: %v", flow.name, err)
		}
		for _, r := range res.Regions {
			fn := r.Region.Func
			rem := strings.Join(r.Remarks, "\n")
			got := strings.Contains(rem, "hand-blocked loops joined (") && !strings.Contains(rem, "not kept") && !strings.Contains(rem, "not optimized")
			if got != joined[fn] {
				t.Errorf("%s: %s: joined %v, want %v; remarks:\n%s", flow.name, fn, got, joined[fn], rem)
			}
		}
		out := string(res.Output)
		if !strings.Contains(out, "(n - 0) % 16 == 0") {
			t.Errorf("%s: no run-time test of the block size of mm16", flow.name)
		}
		if gccErr != nil {
			continue
		}
		if got := runC(t, gcc, flow.name, out, "-O2", "-march=native", "-fopenmp"); got != want {
			t.Errorf("%s: the output prints\n%s\nthe original\n%s", flow.name, got, want)
		}
	}
}
