package vector_test

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tessera-opt/tessera/internal/testutil"
	"github.com/tessera-opt/tessera/internal/vector"
	"github.com/tessera-opt/tessera/pipeline"
)

// packedSource is a C program with a region body over arrays of every
// shape the packed tests need, a deterministic initialization, and a
// checksum of every array written.
func packedSource(elem, defs, body string) string {
	return fmt.Sprintf(`#include <stdio.h>
#define T %s
%s
T A[200][200], B[200][200], C[200][200], D[200][200], x[200], y[200];
T out[3][9][21][23], in[3][7][40][40], wt[9][7][20][20];
T W[9][2100], U[260][2100], V[9][260];
T alpha;
void kernel(int n, int m, int p) {
#pragma scop
%s
#pragma endscop
}
static double sum(T *a, long len) {
  double s = 0;
  for (long i = 0; i < len; i++) s += a[i] * (double)(i %% 7 + 1);
  return s;
}
int main(void) {
  for (int i = 0; i < 200; i++) {
    x[i] = (T)(i %% 5) / 4; y[i] = (T)(i %% 3) / 2;
    for (int j = 0; j < 200; j++) {
      A[i][j] = (T)((i * 7 + j * 3) %% 11) / 8; B[i][j] = (T)((i * 5 + j) %% 13) / 4;
      C[i][j] = (T)((i + j) %% 5); D[i][j] = (T)((i * 3 + j) %% 7);
    }
  }
  for (long i = 0; i < 3L * 7 * 40 * 40; i++) (&in[0][0][0][0])[i] = (T)(i %% 17) / 16;
  for (long i = 0; i < 9L * 7 * 20 * 20; i++) (&wt[0][0][0][0])[i] = (T)(i %% 13) / 8;
  for (long i = 0; i < 3L * 9 * 21 * 23; i++) (&out[0][0][0][0])[i] = (T)(i %% 3);
  alpha = 1.5;
  kernel(NI, NJ, NK);
  for (long i = 0; i < 9L * 2100; i++) (&W[0][0])[i] = (T)(i %% 7);
  for (long i = 0; i < 260L * 2100; i++) (&U[0][0])[i] = (T)(i %% 11) / 8;
  for (long i = 0; i < 9L * 260; i++) (&V[0][0])[i] = (T)(i %% 5) / 4;
  printf("%%.12e %%.12e %%.12e %%.12e\n", sum(&C[0][0], 40000), sum(&D[0][0], 40000), sum(&out[0][0][0][0], 3L * 9 * 21 * 23), sum(&W[0][0], 9L * 2100));
  return 0;
}
`, elem, defs, body)
}

// TestPackedGCC compiles original and --vectorize output of contraction
// nests (gemm, the transposed product, syrk's triangle, syr2k's two
// terms, a convolution with batch dimensions and three reduction loops,
// odd sizes, every target, with and without --parallel) and compares the
// checksums within a relative tolerance.
func TestPackedGCC(t *testing.T) {
	gcc, err := exec.LookPath("gcc")
	if err != nil || !vector.HostRuns("avx2") {
		t.Skip("needs gcc and an AVX2+FMA host")
	}
	gemm := `for (int i = 0; i < n; i++)
  for (int j = 0; j < m; j++)
    for (int k = 0; k < p; k++)
      C[i][j] = C[i][j] + alpha * A[i][k] * B[k][j];`
	conv := `for (int b = 0; b < 3; b++)
  for (int k = 0; k < 9; k++)
    for (int h = 0; h < OH; h++)
      for (int w = 0; w < OW; w++)
        for (int c = 0; c < 7; c++)
          for (int r = 0; r < KH; r++)
            for (int s = 0; s < KW; s++)
              out[b][k][h][w] += in[b][c][h + r][w + s] * wt[k][c][r][s];`
	cases := []struct {
		name, elem, defs, body, target, scheme string
		parallel, notile                       bool
		rows                                   int
	}{
		{name: "gemm", body: gemm, scheme: "packed 6x8"},
		{name: "gemm-float", elem: "float", body: gemm, scheme: "packed 6x16"},
		{name: "gemm-parallel", body: gemm, parallel: true},
		{name: "gemm-notile", body: gemm, notile: true},
		{name: "gemm-rows3", body: gemm, rows: 3, scheme: "packed 3x12"},
		{name: "gemm-generic", body: gemm, target: "generic"},
		{name: "gemm-sse2-float", elem: "float", body: gemm, target: "sse2"},
		{name: "gemm-avx512", body: gemm, target: "avx512", scheme: "packed 8x24"},
		{name: "gemm-neon", body: gemm, target: "neon"},
		// 2099 columns and 260 reduction steps: more than one NC block,
		// a full KC block, and NC = 2048 is not a multiple of avx512's
		// NR = 24 (the B buffer must hold whole panels).
		{name: "wide-avx512", target: "avx512", body: `for (int i = 0; i < 9; i++)
  for (int j = 0; j < 2099; j++)
    for (int k = 0; k < 260; k++)
      W[i][j] += U[k][j] * V[i][k];`},
		{name: "transposed", body: `for (int i = 0; i < n; i++)
  for (int j = 0; j < m; j++)
    for (int k = 0; k < p; k++)
      C[i][j] += x[i] * A[i][k] * B[j][k] * y[k];`},
		{name: "syrk", body: `for (int i = 0; i < n; i++)
  for (int j = 0; j <= i; j++)
    for (int k = 0; k < p; k++)
      C[i][j] = C[i][j] + alpha * A[i][k] * A[j][k];`, scheme: "cut by 1 constraint"},
		{name: "upper", body: `for (int i = 0; i < n; i++)
  for (int j = i + 2; j < n + 2; j++)
    for (int k = 0; k < p; k++)
      D[i][j] += A[k][i] * B[k][j];`, parallel: true},
		{name: "syr2k", body: `for (int i = 0; i < n; i++)
  for (int j = 0; j <= i; j++)
    for (int k = 0; k < p; k++)
      C[i][j] = C[i][j] + A[j][k] * alpha * B[i][k] + B[j][k] * alpha * A[i][k];`, scheme: "2 term(s)"},
		{name: "conv", defs: "#define OH 21\n#define OW 23\n#define KH 5\n#define KW 3", body: conv, scheme: "batch [b h]"},
		{name: "conv-parallel", defs: "#define OH 21\n#define OW 23\n#define KH 5\n#define KW 3", body: conv, parallel: true},
		{name: "conv-big-inner", defs: "#define OH 2\n#define OW 23\n#define KH 19\n#define KW 17", body: conv},
	}
	if os.Getenv("TESSERA_LONG") == "" {
		// TESSERA_LONG=1 runs every case; by default one of each kind.
		keep := map[string]bool{"gemm-parallel": true, "syrk": true, "syr2k": true, "conv": true, "wide-avx512": true}
		var short []int
		for k, tc := range cases {
			if keep[tc.name] {
				short = append(short, k)
			}
		}
		all := cases
		cases = nil
		for _, k := range short {
			cases = append(cases, all[k])
		}
	}
	dir := t.TempDir()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			elem := tc.elem
			if elem == "" {
				elem = "double"
			}
			src := packedSource(elem, "#define NI 37\n#define NJ 45\n#define NK 29\n"+tc.defs, tc.body)
			opt := pipeline.Options{}
			opt.Sched.Parallel = tc.parallel
			opt.Sched.NoTile = tc.notile
			opt.Vector.UnrollJam = tc.rows
			if tc.target != "" {
				opt.Vector.Target, _ = vector.ParseTarget(tc.target)
			}
			res := optimize(t, src, opt)
			rm := remarks(res)
			if !strings.Contains(rm, "(packed ") || !strings.Contains(rm, tc.scheme) {
				t.Fatalf("no packed kernel (want %q):\n%s", tc.scheme, rm)
			}
			run := func(name, text string, omp bool) string {
				c := filepath.Join(dir, tc.name+name+".c")
				if err := os.WriteFile(c, []byte(text), 0o644); err != nil {
					t.Fatal(err)
				}
				bin := filepath.Join(dir, tc.name+name)
				args := []string{"-O2", "-mavx2", "-mfma", c, "-o", bin}
				if omp {
					args = append(args, "-fopenmp")
				}
				if out, err := exec.Command(gcc, args...).CombinedOutput(); err != nil {
					t.Fatalf("gcc %s: %v\n%s\n%s", name, err, out, text)
				}
				cmd := exec.Command(bin)
				cmd.Env = append(os.Environ(), "OMP_NUM_THREADS=3")
				out, err := cmd.Output()
				if err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				return strings.TrimSpace(string(out))
			}
			want := run("orig", src, false)
			got := run("vec", string(res.Output), tc.parallel)
			wf, gf := strings.Fields(want), strings.Fields(got)
			tol := 1e-9
			if elem == "float" {
				tol = 1e-4
			}
			for k := range wf {
				var a, b float64
				fmt.Sscan(wf[k], &a)
				if k < len(gf) {
					fmt.Sscan(gf[k], &b)
				}
				if rel(a, b) > tol {
					t.Fatalf("vectorized prints %s, original %s\n%s", got, want, res.Output)
				}
			}
		})
	}
}

// TestHredGCC compiles innermost reductions written with a vector
// accumulator and a horizontal sum and compares them with the original.
func TestHredGCC(t *testing.T) {
	gcc, err := exec.LookPath("gcc")
	if err != nil || !vector.HostRuns("avx2") {
		t.Skip("needs gcc and an AVX2+FMA host")
	}
	dir := t.TempDir()
	testutil.NoteSample(t, "4 of the 7 reductions (each element type and lane order)")
	for _, tc := range []struct{ name, elem, body, target, rev string }{
		{name: "matvec", body: `for (int i = 0; i < n; i++)
  for (int j = 0; j < m; j++)
    D[i][3] = D[i][3] + alpha * A[i][j] * x[j];`},
		{name: "matvec-float-sse2", elem: "float", target: "sse2", body: `for (int i = 0; i < n; i++)
  for (int j = 0; j < m; j++)
    D[i][3] += A[i][j] * (x[j] - 2.5f) / y[5];`},
		{name: "dot", body: `for (int j = 0; j < p; j++)
  D[7][7] += -x[j] * y[j] + 2 * A[4][j];`},
		// Backward reads (durbin's r[k - i - 1]): with a forward read
		// too their lanes are reversed (tsv_rev), alone they are not.
		{name: "matvec-backward-mixed", rev: "mixed", body: `for (int i = 0; i < n; i++)
  for (int j = 0; j < m; j++)
    D[i][3] += A[i][m - j + 10] * x[j];`},
		{name: "durbin-like", rev: "mixed", body: `for (int k = 1; k < n; k++)
  for (int i = 0; i < k; i++)
    D[k][0] = D[k][0] + x[k - i - 1] * y[i];`},
		{name: "dot-all-backward", rev: "alone", body: `for (int j = 0; j < p; j++)
  D[7][7] += x[p - j] * y[p - j + 3] - A[4][p + 1 - j];`},
		{name: "matvec-backward-float-sse2", elem: "float", target: "sse2", rev: "mixed", body: `for (int i = 0; i < n; i++)
  for (int j = 0; j < m; j++)
    D[i][3] = D[i][3] - A[i][m - j] * (x[j] - 2.5f);`},
	} {
		// Plain mode: one case of each element type and lane order
		// (forward, reversed with a forward read, backward alone).
		if !testutil.IsLong() && !map[string]bool{"matvec": true, "matvec-float-sse2": true, "durbin-like": true, "dot-all-backward": true}[tc.name] {
			continue
		}
		t.Run(tc.name, func(t *testing.T) {
			elem := tc.elem
			if elem == "" {
				elem = "double"
			}
			src := packedSource(elem, "#define NI 37\n#define NJ 45\n#define NK 29\n", tc.body)
			opt := pipeline.Options{}
			if tc.target != "" {
				opt.Vector.Target, _ = vector.ParseTarget(tc.target)
			}
			res := optimize(t, src, opt)
			if rm := remarks(res); !strings.Contains(rm, "horizontal reduction") {
				t.Fatalf("no horizontal reduction:\n%s", rm)
			}
			if got := strings.Contains(string(res.Output), "tsv0_r += tsv_rev_"); got != (tc.rev == "mixed") {
				t.Errorf("lanes reversed %v, want %v:\n%s", got, tc.rev == "mixed", res.Output)
			}
			if tc.rev != "" && !strings.Contains(remarks(res), "backward") {
				t.Errorf("remarks do not mention the backward reads:\n%s", remarks(res))
			}
			var outs []string
			for k, text := range []string{src, string(res.Output)} {
				c := filepath.Join(dir, fmt.Sprintf("%s%d.c", tc.name, k))
				if err := os.WriteFile(c, []byte(text), 0o644); err != nil {
					t.Fatal(err)
				}
				bin := c[:len(c)-2]
				if out, err := exec.Command(gcc, "-O2", "-mavx2", "-mfma", c, "-o", bin).CombinedOutput(); err != nil {
					t.Fatalf("gcc: %v\n%s\n%s", err, out, text)
				}
				out, err := exec.Command(bin).Output()
				if err != nil {
					t.Fatal(err)
				}
				outs = append(outs, strings.TrimSpace(string(out)))
			}
			wf, gf := strings.Fields(outs[0]), strings.Fields(outs[1])
			tol := 1e-9
			if elem == "float" {
				tol = 1e-4
			}
			for k := range wf {
				var a, b float64
				fmt.Sscan(wf[k], &a)
				fmt.Sscan(gf[k], &b)
				if rel(a, b) > tol {
					t.Fatalf("vectorized prints %s, original %s\n%s", outs[1], outs[0], res.Output)
				}
			}
		})
	}
}

// parSource is a C program for TestPackedParallelGCC: arrays large enough
// that the packed code runs (a face of at least packMinFace), every case's
// sizes odd or not multiples of the tile.
func parSource(body string) string {
	return fmt.Sprintf(`#include <stdio.h>
double A[300][300], B[300][300], C[300][300], D[300][300];
double W[9][2100], U[260][2100], V[9][260];
double E[4][61][73], F[4][61][153], G[4][153][73];
double out[3][41][9][67], in[3][8][12][73], wt[41][8][4][7];
double alpha;
#define CB 3
#define CK 41
#define CH 5
#define CW 67
#define CC 8
#define CR 3
#define CS 3
void kernel(int n, int m, int p) {
#pragma scop
%s
#pragma endscop
}
static double sum(double *a, long len) {
  double s = 0;
  for (long i = 0; i < len; i++) s += a[i] * (double)(i %% 7 + 1);
  return s;
}
static void fill(double *a, long len, int mod) {
  for (long i = 0; i < len; i++) a[i] = (double)((i * 7 + i / 3) %% mod) / 8;
}
int main(void) {
  fill(&A[0][0], 90000, 11); fill(&B[0][0], 90000, 13); fill(&C[0][0], 90000, 5); fill(&D[0][0], 90000, 7);
  fill(&W[0][0], 9L * 2100, 7); fill(&U[0][0], 260L * 2100, 11); fill(&V[0][0], 9L * 260, 5);
  fill(&E[0][0][0], 4L * 61 * 73, 3); fill(&F[0][0][0], 4L * 61 * 153, 9); fill(&G[0][0][0], 4L * 153 * 73, 10);
  fill(&out[0][0][0][0], 3L * 41 * 9 * 67, 3); fill(&in[0][0][0][0], 3L * 8 * 12 * 73, 17); fill(&wt[0][0][0][0], 41L * 8 * 4 * 7, 13);
  alpha = 1.5;
  kernel(251, 237, 263);
  printf("%%.15e %%.15e %%.15e %%.15e %%.15e\n", sum(&C[0][0], 90000), sum(&D[0][0], 90000), sum(&W[0][0], 9L * 2100),
         sum(&E[0][0][0], 4L * 61 * 73), sum(&out[0][0][0][0], 3L * 41 * 9 * 67));
  return 0;
}
`, body)
}

// TestPackedParallelGCC checks the threaded packed kernel (packedpar.go)
// with --parallel: one parallel loop over thread chunks per contraction
// and none inside it, the one-thread code without it; and the program
// compiled with gcc -fopenmp prints the checksums of the original with 1,
// 2 and 3 threads, for a split of the rows (gemm, with 251 rows), of a
// triangle (syrk, balanced by points; an upper triangle whose mask bounds
// j from below), of the columns (9 rows, 2099 columns), of a batch
// dimension (4 matrices; a convolution whose batch of 3 images splits
// among 3 chunks, and otherwise its 9 output rows).
func TestPackedParallelGCC(t *testing.T) {
	gcc, err := exec.LookPath("gcc")
	if err != nil || !vector.HostRuns("avx2") {
		t.Skip("needs gcc and an AVX2+FMA host")
	}
	cases := []struct{ name, body string }{
		{"gemm", `for (int i = 0; i < n; i++)
  for (int j = 0; j < m; j++)
    for (int k = 0; k < p; k++)
      C[i][j] = C[i][j] + alpha * A[i][k] * B[k][j];`},
		{"syrk", `for (int i = 0; i < n; i++)
  for (int j = 0; j <= i; j++)
    for (int k = 0; k < p; k++)
      C[i][j] = C[i][j] + alpha * A[i][k] * A[j][k];`},
		{"upper", `for (int i = 0; i < n; i++)
  for (int j = i + 2; j < n + 2; j++)
    for (int k = 0; k < p; k++)
      D[i][j] += A[k][i] * B[k][j];`},
		{"columns", `for (int i = 0; i < 9; i++)
  for (int j = 0; j < 2099; j++)
    for (int k = 0; k < 260; k++)
      W[i][j] += U[k][j] * V[i][k];`},
		{"batched", `for (int b = 0; b < 4; b++)
  for (int i = 0; i < 61; i++)
    for (int j = 0; j < 73; j++)
      for (int k = 0; k < 153; k++)
        E[b][i][j] = E[b][i][j] + F[b][i][k] * G[b][k][j];`},
		// Sizes as macros (parameters for tessera): with literal
		// bounds the scheduler takes minutes on this nest.
		{"conv", `for (int b = 0; b < CB; b++)
  for (int k = 0; k < CK; k++)
    for (int h = 0; h < CH; h++)
      for (int w = 0; w < CW; w++)
        for (int c = 0; c < CC; c++)
          for (int r = 0; r < CR; r++)
            for (int s = 0; s < CS; s++)
              out[b][k][h][w] += in[b][c][h + r][w + s] * wt[k][c][r][s];`},
	}
	if os.Getenv("TESSERA_LONG") == "" {
		// TESSERA_LONG=1 runs every case; by default a triangle split
		// by rows and a batch split (about 15 s on a loaded machine).
		cases = []struct{ name, body string }{cases[1], cases[4]}
	}
	dir := t.TempDir()
	build := func(t *testing.T, name, text string, omp bool) string {
		c := filepath.Join(dir, name+".c")
		if err := os.WriteFile(c, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		bin := filepath.Join(dir, name)
		args := []string{"-O2", "-mavx2", "-mfma", c, "-o", bin}
		if omp {
			args = append(args, "-fopenmp")
		}
		if out, err := exec.Command(gcc, args...).CombinedOutput(); err != nil {
			t.Fatalf("gcc %s: %v\n%s\n%s", name, err, out, text)
		}
		return bin
	}
	runBin := func(t *testing.T, bin string, threads int) []string {
		cmd := exec.Command(bin)
		cmd.Env = append(os.Environ(), fmt.Sprintf("OMP_NUM_THREADS=%d", threads))
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("%s: %v", bin, err)
		}
		return strings.Fields(string(out))
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			src := parSource(tc.body)
			want := runBin(t, build(t, tc.name+"-orig", src, false), 1)
			seq := optimize(t, src, pipeline.Options{})
			if strings.Contains(string(seq.Output), "_tq") || strings.Contains(string(seq.Output), "omp parallel") {
				t.Fatalf("one-thread output has a chunk loop:\n%s", seq.Output)
			}
			opt := pipeline.Options{}
			opt.Sched.Parallel = true
			res := optimize(t, src, opt)
			if rm := remarks(res); !strings.Contains(rm, "(packed ") {
				t.Fatalf("no packed kernel:\n%s", rm)
			}
			text := string(res.Output)
			lines := strings.Split(text, "\n")
			// The pipeline may add a sequential copy of the region for
			// small sizes (its parallel marks dropped): every copy has
			// one chunk loop, at least one of them parallel.
			chunks, par := 0, 0
			for k, l := range lines {
				l = strings.TrimSpace(l)
				if strings.HasPrefix(l, "for (int tsv") && strings.Contains(l, "_tq = 0;") {
					chunks++
					if k > 0 && strings.HasPrefix(strings.TrimSpace(lines[k-1]), "#pragma omp parallel for") {
						par++
					}
				}
				if strings.Contains(l, "_ic = ") && k > 0 && strings.Contains(lines[k-1], "omp parallel") {
					t.Errorf("parallel row-block loop inside the chunk loop: %s", l)
				}
			}
			if chunks == 0 || par != 1 {
				t.Fatalf("%d chunk loops, %d parallel, want one parallel region per contraction:\n%s", chunks, par, text)
			}
			bin := build(t, tc.name+"-par", text, true)
			for _, threads := range []int{1, 2, 3} {
				got := runBin(t, bin, threads)
				for k := range want {
					var a, b float64
					fmt.Sscan(want[k], &a)
					if k < len(got) {
						fmt.Sscan(got[k], &b)
					}
					if rel(a, b) > 1e-9 {
						t.Fatalf("%d threads: prints %v, original %v\n%s", threads, got, want, text)
					}
				}
			}
		})
	}
}

// TestPackedExactProduct: the fma-tile kernel multiplies the invariant
// factors into the operand that C groups them with (gemm's alpha *
// A[i][k] * B[k][j] broadcasts alpha * A[i][k]), so that with gcc's
// contraction of the original (j innermost: fused) the optimized program
// prints the original's bits. (The packed kernel packs them with B: see
// packed.go.)
func TestPackedExactProduct(t *testing.T) {
	gcc, err := exec.LookPath("gcc")
	if err != nil || !vector.HostRuns("avx2") {
		t.Skip("needs gcc and an AVX2+FMA host")
	}
	dir := t.TempDir()
	testutil.NoteSample(t, "two of the three products")
	for i, tc := range []struct {
		name, prod, scheme, text string
		n, m, p                  int
	}{
		{"tile-left", "alpha * A[i][k] * B[k][j]", "fma-tile", "_mm256_set1_pd(alpha * A[", 20, 30, 40},
		{"tile-middle", "A[i][k] * alpha * B[k][j]", "fma-tile", "] * alpha);", 20, 30, 40},
		{"tile-right", "A[i][k] * (alpha * B[k][j])", "fma-tile", "_mm256_mul_pd(_mm256_set1_pd(alpha)", 20, 30, 40},
	} {
		if !testutil.Keep(i, 2) {
			continue // plain mode: the first and last; TESSERA_LONG=1 runs all
		}
		// Symbolic bounds for the packed kernel (under its size guard),
		// constant ones for fma-tile (too small to pack).
		ni, nk, nj := "n", "p", "m"
		if tc.scheme == "fma-tile" {
			ni, nk, nj = fmt.Sprint(tc.n), fmt.Sprint(tc.p), fmt.Sprint(tc.m)
		}
		src := fmt.Sprintf(`#include <stdio.h>
double A[70][40], B[40][75], C[70][75], alpha;
__attribute__((noinline)) void kernel(int n, int m, int p) {
#pragma scop
for (int i = 0; i < %s; i++)
  for (int k = 0; k < %s; k++)
    for (int j = 0; j < %s; j++)
      C[i][j] += %s;
#pragma endscop
}
int main(void) {
  for (int i = 0; i < 70; i++) for (int k = 0; k < 40; k++) A[i][k] = (double)((i * 7 + k * 3) %% 11) / 3;
  for (int k = 0; k < 40; k++) for (int j = 0; j < 75; j++) B[k][j] = (double)((k * 5 + j) %% 13) / 7;
  for (int i = 0; i < 70; i++) for (int j = 0; j < 75; j++) C[i][j] = (double)((i + j) %% 5) / 9;
  alpha = 1.1;
  volatile int n = %d, m = %d, p = %d;
  kernel(n, m, p);
  for (int i = 0; i < 70; i++) for (int j = 0; j < 75; j++) printf("%%a\n", C[i][j]);
  return 0;
}
`, ni, nk, nj, tc.prod, tc.n, tc.m, tc.p)
		res := optimize(t, src, pipeline.Options{})
		out := string(res.Output)
		if !strings.Contains(remarks(res), tc.scheme) || !strings.Contains(out, tc.text) {
			t.Fatalf("%s: no %q kernel with %q:\n%s\n%s", tc.name, tc.scheme, tc.text, remarks(res), out)
		}
		run := func(name, text string) string {
			c := filepath.Join(dir, tc.name+name+".c")
			if err := os.WriteFile(c, []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
			bin := filepath.Join(dir, tc.name+name)
			if b, err := exec.Command(gcc, "-O3", "-mavx2", "-mfma", c, "-o", bin).CombinedOutput(); err != nil {
				t.Fatalf("gcc %s: %v\n%s", name, err, b)
			}
			b, err := exec.Command(bin).Output()
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			return string(b)
		}
		if run("orig", src) != run("vec", out) {
			t.Errorf("%s: the kernel rounds otherwise than the original", tc.name)
		}
	}
}
