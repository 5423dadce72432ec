package pipeline

import (
	"os/exec"
	"strings"
	"testing"

	"github.com/tessera-opt/tessera/internal/testutil"
)

// strided holds a convolution and a max-pooling layer whose subscripts
// multiply the iterators by the stride u, a parameter of the functions:
// not affine, so each is specialized on u; main runs them for strides in
// and out of the default list (1, 2) and prints checksums.
const strided = `#include <stdio.h>
#include <stdlib.h>

static void conv(int C, int K, int H, int W, int R, int u, int OH, int OW,
                 const int *in, const int *wt, int *out)
{
    for (int k = 0; k < K; k++)
        for (int p = 0; p < OH; p++)
            for (int q = 0; q < OW; q++) {
                int s = 0;
                for (int c = 0; c < C; c++)
                    for (int r = 0; r < R; r++)
                        for (int t = 0; t < R; t++)
                            s += in[(c * H + p * u + r) * W + q * u + t] * wt[((k * C + c) * R + r) * R + t];
                out[(k * OH + p) * OW + q] = s;
            }
}

static void pool(int C, int H, int W, int u, int OH, int OW, const int *in, int *out)
{
    for (int c = 0; c < C; c++)
        for (int p = 0; p < OH; p++)
            for (int q = 0; q < OW; q++) {
                int m = in[(c * H + p * u) * W + q * u];
                for (int r = 0; r < 2; r++)
                    for (int t = 0; t < 2; t++) {
                        int v = in[(c * H + p * u + r) * W + q * u + t];
                        m = v > m ? v : m;
                    }
                out[(c * OH + p) * OW + q] = m;
            }
}

int main(void)
{
    int C = 3, K = 4, H = 19, W = 17, R = 3;
    int *in = malloc(sizeof(int) * C * H * W), *wt = malloc(sizeof(int) * K * C * R * R);
    int *out = malloc(sizeof(int) * K * H * W), *po = malloc(sizeof(int) * C * H * W);
    for (int i = 0; i < C * H * W; i++) in[i] = (i * 7) % 13 - 6;
    for (int i = 0; i < K * C * R * R; i++) wt[i] = (i * 5) % 11 - 5;
    for (int u = 1; u <= 5; u++) {
        int OH = (H - R) / u + 1, OW = (W - R) / u + 1;
        conv(C, K, H, W, R, u, OH, OW, in, wt, out);
        int PH = (H - 2) / u + 1, PW = (W - 2) / u + 1;
        pool(C, H, W, u, PH, PW, in, po);
        long s = 0, t = 0;
        for (int i = 0; i < K * OH * OW; i++) s += out[i] * (long)(i % 7 + 1);
        for (int i = 0; i < C * PH * PW; i++) t += po[i] * (long)(i % 5 + 1);
        printf("u=%d %ld %ld\n", u, s, t);
    }
    return 0;
}
`

// TestMultiversionStride checks that the strided layers are specialized
// on u (versions for 1 and 2, the original code otherwise) in the default
// and the parallel flow, and that the output prints what the original
// prints for strides 1 to 5.
func TestMultiversionStride(t *testing.T) {
	gcc, gccErr := exec.LookPath("gcc")
	var want string
	if gccErr == nil {
		want = runC(t, gcc, "orig", strided, "-O2")
	} else {
		t.Log("gcc not found: the outputs are not compared with the original's")
	}
	testutil.NoteSample(t, "the default flow only")
	for i, flow := range []struct {
		name string
		opt  Options
	}{
		{"default", Options{Vectorize: true}},
		{"parallel", func() Options { o := Options{Vectorize: true}; o.Sched.Parallel = true; return o }()},
	} {
		if !testutil.Keep(i, 2) {
			continue
		}
		res, err := Optimize("k.c", []byte(strided), flow.opt)
		if err != nil {
			t.Fatalf("%s: %v", flow.name, err)
		}
		out := string(res.Output)
		for _, fn := range []string{"conv", "pool"} {
			var reg *Region
			for _, r := range res.Regions {
				if r.Region.Func == fn && !r.Region.Auto || r.Region.Func == fn && reg == nil {
					reg = r
				}
			}
			if reg == nil || reg.Kept {
				t.Fatalf("%s: the region of %s is kept: %v", flow.name, fn, res.Diags)
			}
			if !strings.Contains(strings.Join(reg.Remarks, "\n"), "specialized on u") {
				t.Errorf("%s: %s: no remark on the specialization: %q", flow.name, fn, reg.Remarks)
			}
		}
		if n := strings.Count(out, "if (u == 1) {"); n != 2 {
			t.Errorf("%s: %d tests u == 1, want 2", flow.name, n)
		}
		if n := strings.Count(out, "} else if (u == 2) {"); n != 2 {
			t.Errorf("%s: %d tests u == 2, want 2", flow.name, n)
		}
		if gccErr != nil {
			continue
		}
		if got := runC(t, gcc, flow.name, out, "-O2", "-march=native", "-fopenmp"); got != want {
			t.Errorf("%s: the output prints\n%s\nthe original\n%s", flow.name, got, want)
		}
	}
}

// TestMultiversionOff checks that an empty list of values (--versions
// none) keeps the strided regions, and that a stride the region writes is
// never specialized on.
func TestMultiversionOff(t *testing.T) {
	res, err := Optimize("k.c", []byte(strided), Options{Versions: []int64{}})
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(res.Output), "u == 1") {
		t.Errorf("specialized with no values")
	}
	src := `void f(int n, int u, float *a, float *b) {
#pragma scop
  for (int i = 0; i < n; i++) {
    b[i] = a[i * u];
    u = 1;
  }
#pragma endscop
}
`
	res, err = Optimize("k.c", []byte(src), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !res.Regions[0].Kept || strings.Contains(string(res.Output), "u == 1") {
		t.Errorf("a written stride was specialized on:\n%s", res.Output)
	}
}
