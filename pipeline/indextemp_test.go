package pipeline

import (
	"os/exec"
	"strings"
	"testing"

	"github.com/tessera-opt/tessera/scheduler"
)

// indexTempKernels compute their subscripts in index temporaries declared
// in the loop body (int idx = i*64 + j; y[idx] = ...), as machine-learning
// kernels write them, one from another (up = idx - 64) and with parameters
// (the index of a batch x filters x spatial tensor).
const indexTempKernels = `#include <stdio.h>
static float x[4*8*25], mean[8], y[64*64], z[64*64];
static void mean_cpu(float *xx, int batch, int filters, int spatial, float *m)
{
    float scale = 1./(batch * spatial);
    int i,j,k;
    for(i = 0; i < filters; ++i){
        m[i] = 0;
        for(j = 0; j < batch; ++j){
            for(k = 0; k < spatial; ++k){
                int index = j*filters*spatial + i*spatial + k;
                m[i] += xx[index];
            }
        }
        m[i] *= scale;
    }
}
static void shift(int n)
{
    for (int i = 1; i < n; i++)
        for (int j = 0; j < n; j++) {
            long idx = i * 64 + j;
            long up = idx - 64;
            y[idx] = z[up] + y[idx] * 0.5f + idx;
        }
}
static void scale2(int n)
{
    for (int i = 0; i < n; i++)
        for (int j = 0; j < 64; j++) {
            int idx = i * 64 + j;
            z[idx] = z[idx] * 2.0f + 1.0f;
        }
}
static void two(int n)
{
    for (int i = 0; i < n; i++) {
        int idx = i * 64;
        y[idx] = y[idx] + 1.0f;
    }
    for (int i = 0; i < n; i++) {
        int idx = i * 64 + 1;
        z[idx] = y[idx - 1] * 2.0f;
    }
}
static double s;
static __attribute__((noinline)) void add(double v) { s += v; }
int main(void)
{
    for (int i = 0; i < 4*8*25; i++) x[i] = (float)(i % 17);
    for (int i = 0; i < 64*64; i++) { y[i] = i % 5; z[i] = i % 7; }
    mean_cpu(x, 4, 8, 25, mean);
    shift(64);
    scale2(64);
    two(64);
    for (int i = 0; i < 8; i++) printf("%g ", mean[i]);
    for (int i = 0; i < 64*64; i++) add(y[i] * (i % 3) + z[i]);
    printf("%.9g\n", s);
    return 0;
}
`

// TestIndexTemps checks that the nests with index temporaries are
// optimized, that no temporary is left in the generated code, and, with
// gcc, that the output prints what the original prints.
func TestIndexTemps(t *testing.T) {
	t.Parallel()
	for _, fl := range []struct {
		name string
		opt  Options
	}{
		{"default", Options{AutoScop: true, Vectorize: true}},
		{"parallel", Options{AutoScop: true, Vectorize: true, Sched: scheduler.Config{Parallel: true}}},
	} {
		res, err := Optimize("t.c", []byte(indexTempKernels), fl.opt)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range res.Regions {
			if r.Kept {
				t.Errorf("%s: region at %v kept: %v", fl.name, r.Region.Pos, res.Diags)
			}
			opt, _, _ := strings.Cut(r.Text, "} else {") // the original follows
			if strings.Contains(opt, "idx") || strings.Contains(opt, "index") {
				t.Errorf("%s: a temporary is left in\n%s", fl.name, r.Text)
			}
		}
		gcc, err := exec.LookPath("gcc")
		if err != nil {
			t.Skip("gcc not found")
		}
		if a, b := runExe(t, buildC(t, gcc, "orig", indexTempKernels)), runExe(t, buildC(t, gcc, "opt", string(res.Output))); a != b {
			t.Errorf("%s: original prints %s, output %s", fl.name, a, b)
		}
	}
}

// TestIndexTempDeclines checks the notes of index temporaries that are
// not substituted.
func TestIndexTempDeclines(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ src, want string }{
		{"float y[100];\nvoid f(int n) { for (int i = 0; i < n; i++) { int idx = i + 1; for (int i = 0; i < 3; i++) y[idx + i] += 1; } }",
			"idx = i + 1 is computed in the loop body and used at 2:94 (non-affine subscript y[idx + i]), where a value fixed in the region is needed; it is not substituted into its uses: it reads i, which a later declaration or loop of the block declares again"},
		{"float y[100];\nvoid f(int n) { for (int i = 0; i < n; i++) { int idx = i * 2; idx++; y[idx] += 1; } }",
			"idx = i * 2 is computed in the loop body and used at 2:73 (non-affine subscript y[idx]), where a value fixed in the region is needed; it is not substituted into its uses: it is not the only write to idx in the region"},
		{"float y[100];\nvoid f(int n, int k) { for (int i = 0; i < n; i++) { int idx = k; k = 5; y[i] = idx; y[idx] = 0; } }",
			"it reads k, which the region writes"},
		{"float y[100];\nvoid f(int n) { for (int i = 0; i < n; i++) { short idx = i * 2; y[idx] += 1; } }",
			"it has the type short, not int, long or long long"},
		{"float y[100]; int p[100];\nvoid f(int n) { for (int i = 0; i < n; i++) { int idx = p[i]; y[idx] += 1; } }",
			"idx = p[i] is computed in the loop body and used at 2:65 (non-affine subscript y[idx]), where a value fixed in the region is needed; it is not substituted into its uses: it is initialized with more than names"},
	} {
		res, err := Optimize("d.c", []byte(c.src+"\n"), Options{AutoScop: true})
		if err != nil {
			t.Fatal(err)
		}
		found := false
		for _, d := range res.Diags {
			found = found || d.Severity == "note" && strings.Contains(d.Msg, c.want)
		}
		if !found {
			t.Errorf("%s: no note %q in %v", c.src, c.want, res.Diags)
		}
	}
}
