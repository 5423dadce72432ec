package pipeline

import (
	"os/exec"
	"strings"
	"testing"

	"github.com/tessera-opt/tessera/internal/testutil"
)

// handBlockedVar holds loop nests strip-mined by hand with block sizes
// known only at run time: a matrix product over flattened arrays with
// blocks bounded by min(ii + bs, n), one whose blocks end at ii + bs
// (right only when bs divides n), a transposition with two sizes and
// conjunction bounds, and a blocking that changes what the loops compute
// (a dependence goes backward along a blocked loop). main calls them
// with sizes 1, sizes that divide n and that do not, sizes larger than
// n, and size 0 (and -3) with n = 0, where only the original code may
// run, and prints checksums.
const handBlockedVar = `#include <stdio.h>
#include <stdlib.h>
#define MIN(a, b) ((a) < (b) ? (a) : (b))

static void mm(int n, int bs, const double *A, const double *B, double *C)
{
    for (int ii = 0; ii < n; ii += bs)
        for (int kk = 0; kk < n; kk += bs)
            for (int jj = 0; jj < n; jj += bs)
                for (int i = ii; i < MIN(ii + bs, n); i++)
                    for (int k = kk; k < MIN(kk + bs, n); k++)
                        for (int j = jj; j < MIN(jj + bs, n); j++)
                            C[i * n + j] += A[i * n + k] * B[k * n + j];
}

static void mmexact(int n, int bs, const double *A, const double *B, double *C)
{
    for (int ii = 0; ii < n; ii += bs)
        for (int jj = 0; jj < n; jj += bs)
            for (int kk = 0; kk < n; kk += bs)
                for (int i = ii; i < ii + bs; i++)
                    for (int j = jj; j < jj + bs; j++) {
                        double s = C[i * n + j];
                        for (int k = kk; k < kk + bs; k++)
                            s += A[i * n + k] * B[k * n + j];
                        C[i * n + j] = s;
                    }
}

static void transpose(int n, int m, int bi, int bj, const double *A, double *B)
{
    for (int ii = 0; ii < n; ii = ii + bi)
        for (int jj = 0; jj < m; jj += bj)
            for (int i = ii; i < ii + bi && i < n; i++)
                for (int j = jj; j < m && j < jj + bj; j++)
                    B[j * n + i] = A[i * m + j] * 2.0 + i;
}

static double S[40][40];

static void skewed(int n, int bs)
{
    for (int ii = 0; ii < n; ii += bs)
        for (int j = 0; j < n - 1; j++)
            for (int i = ii; i < MIN(ii + bs, n); i++)
                S[i + 1][j] = S[i][j + 1] * 0.5 + 1.0;
}

int main(void)
{
    static const int sizes[][2] = {{37, 1}, {37, 5}, {37, 64}, {40, 8}, {40, 40}, {0, 0}, {0, -3}};
    for (unsigned t = 0; t < sizeof sizes / sizeof sizes[0]; t++) {
        int n = sizes[t][0], bs = sizes[t][1];
        double *A = malloc(sizeof(double) * (n * n + 1)), *B = malloc(sizeof(double) * (n * n + 1));
        double *C = malloc(sizeof(double) * (n * n + 1)), *D = malloc(sizeof(double) * (n * n + 1));
        for (int i = 0; i < n * n; i++) {
            A[i] = (i % 17) * 0.125 - 1;
            B[i] = (i % 23) * 0.0625;
            C[i] = (i % 5) * 0.5;
            D[i] = (i % 3) * 0.25;
        }
        mm(n, bs, A, B, C);
        if (bs >= 1 && (bs == 0 || n % bs == 0))
            mmexact(n, bs, A, B, D);
        double s = 0, d = 0;
        for (int i = 0; i < n * n; i++)
            s += C[i] * (i % 7 + 1), d += D[i] * (i % 5 + 1);
        transpose(n, n, bs > 0 ? bs : 1, bs > 0 ? bs + 2 : 1, A, C);
        double q = 0;
        for (int i = 0; i < n * n; i++)
            q += C[i] * (i % 11 + 1);
        for (int i = 0; i < 40; i++)
            for (int j = 0; j < 40; j++)
                S[i][j] = (i * 40 + j) % 9;
        if (bs != 0 && n > 0)
            skewed(n, bs > 0 ? bs : 1);
        double w = 0;
        for (int i = 0; i < 40; i++)
            for (int j = 0; j < 40; j++)
                w += S[i][j] * (i + j);
        printf("n=%d bs=%d %.6f %.6f %.6f %.6f\n", n, bs, s, d, q, w);
        free(A); free(B); free(C); free(D);
    }
    return 0;
}
`

// TestUnblockVar checks that the hand-blocked nests with run-time block
// sizes are joined where every dependence goes forward along the joined
// loops and the scheduler tiles the joined nest (the products), under a
// run-time test of the sizes, and not where a dependence goes backward
// (the skewed nest) or the joined nest keeps its order (the
// transposition, which the scheduler does not tile), and that the
// output prints what the original prints in the default and the
// parallel flows.
func TestUnblockVar(t *testing.T) {
	gcc, gccErr := exec.LookPath("gcc")
	var want string
	if gccErr == nil {
		want = runC(t, gcc, "orig", handBlockedVar, "-O2")
	} else {
		t.Log("gcc not found: the outputs are not compared with the original's")
	}
	joined := map[string]string{"mm": "bs >= 1", "mmexact": "bs >= 1 && (n - 0) % bs == 0", "transpose": "", "skewed": ""}
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
		res, err := Optimize("k.c", []byte(handBlockedVar), flow.opt)
		if err != nil {
			t.Fatalf("%s: %v", flow.name, err)
		}
		seen := map[string]bool{}
		for _, r := range res.Regions {
			fn := r.Region.Func
			cond, ok := joined[fn]
			if !ok || seen[fn] {
				continue
			}
			seen[fn] = true
			rem := strings.Join(r.Remarks, "\n")
			got := strings.Contains(rem, "hand-blocked loops joined (") && !strings.Contains(rem, "not kept") && !strings.Contains(rem, "not optimized")
			if got != (cond != "") {
				t.Errorf("%s: %s: joined %v, want %v; remarks:\n%s", flow.name, fn, got, cond != "", rem)
			}
			if got && !strings.Contains(rem, "when "+cond+" (the original code otherwise)") {
				t.Errorf("%s: %s: no run-time test %q; remarks:\n%s", flow.name, fn, cond, rem)
			}
		}
		if len(seen) != len(joined) {
			t.Errorf("%s: regions of %v only", flow.name, seen)
		}
		if gccErr != nil {
			continue
		}
		if got := runC(t, gcc, flow.name, string(res.Output), "-O2", "-march=native", "-fopenmp"); got != want {
			t.Errorf("%s: the output prints\n%s\nthe original\n%s", flow.name, got, want)
		}
	}
}
