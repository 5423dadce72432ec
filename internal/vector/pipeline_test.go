package vector_test

import (
	"fmt"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tessera-opt/tessera/ast"
	"github.com/tessera-opt/tessera/internal/vector"
	"github.com/tessera-opt/tessera/pipeline"
)

// source wraps a region body with global declarations of type T.
func source(elem, decls, body string) string {
	return fmt.Sprintf(`#define T %s
T A[200][200], B[200][200], C[200][200], x[200], y[200], z[200];
T alpha, s;
int I[200];
%s
void kernel(int n, int m, int p) {
#pragma scop
%s
#pragma endscop
}
`, elem, decls, body)
}

func optimize(t *testing.T, src string, opt pipeline.Options) *pipeline.Result {
	t.Helper()
	opt.Vectorize = true
	if opt.Vector.Target.Name == "" {
		opt.Vector.Target, _ = vector.ParseTarget("avx2")
	}
	res, err := pipeline.Optimize("t.c", []byte(src), opt)
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range res.Diags {
		t.Fatalf("diagnostic: %v", d)
	}
	return res
}

func remarks(res *pipeline.Result) string {
	var out []string
	for _, r := range res.Regions {
		out = append(out, r.Remarks...)
	}
	return strings.Join(out, "\n")
}

const matmul = `for (int i = 0; i < n; i++)
  for (int j = 0; j < m; j++)
    for (int k = 0; k < p; k++)
      C[i][j] = C[i][j] + alpha * A[i][k] * B[k][j];`

// TestAnalysis runs small C inputs through the pipeline with --vectorize
// and checks the verdict on the innermost loops and the emitted code.
func TestAnalysis(t *testing.T) {
	for _, tc := range []struct {
		name, elem, body string
		parallel, notile bool
		target           string
		remark, out      []string // substrings expected
		notOut           []string
	}{
		{name: "add", elem: "double", body: "for (int i = 0; i < n; i++) z[i] = x[i] + alpha * y[i];",
			remark: []string{"vectorizable (mark ivdep): no carried dependence", "double x 4 lanes"},
			out:    []string{"#pragma GCC ivdep"}, notOut: []string{"immintrin"}},
		{name: "add-omp", elem: "float", body: "for (int i = 0; i < n; i++) for (int j = 0; j < m; j++) C[i][j] = A[i][j] + B[i][j];", parallel: true,
			remark: []string{"float x 8 lanes"}, out: []string{"#pragma omp simd"}},
		{name: "add-parallel", elem: "double", body: "for (int i = 0; i < n; i++) z[i] = x[i] + y[i];", parallel: true, notile: true,
			remark: []string{"kept parallel mark only"}, out: []string{"#pragma omp parallel for\nfor"}, notOut: []string{"simd", "mark: parallel"}},
		{name: "matmul-parallel", elem: "double", body: matmul, parallel: true, notile: true,
			out:    []string{"#pragma omp parallel for\nfor (int c0 = 0; c0 <= n - 1 - 3; c0 += 4)", "_mm256_fmadd_pd"},
			notOut: []string{"mark: parallel"}},
		{name: "reduction", elem: "double", body: "for (int i = 0; i < n; i++) s += x[i] * y[i];",
			remark: []string{"reduction"}, notOut: []string{"ivdep", "simd"}},
		{name: "strided", elem: "double", body: "for (int i = 0; i < n; i++) z[i] = x[2 * i];",
			remark: []string{"x[2 * i] of S0 is neither invariant nor contiguous"}, notOut: []string{"ivdep"}},
		{name: "recurrence", elem: "double", body: "for (int i = 1; i < n; i++) z[i] = z[i - 1] + x[i];",
			remark: []string{"carries a dependence"}, notOut: []string{"ivdep"}},
		{name: "int", elem: "int", body: "for (int i = 0; i < n; i++) I[i] = I[i] + 1;",
			remark: []string{`element type of I is "int"`}, notOut: []string{"ivdep"}},
		{name: "matmul", elem: "double", body: matmul,
			remark: []string{"fma-tile 4x2", "chose", "scheme costs"},
			// (alpha * A[i][k]) * B[k][j] as C groups it (exactSides).
			out:    []string{"#include <immintrin.h>\n", "_mm256_fmadd_pd", "_mm256_set1_pd(alpha * A[", "= _mm256_loadu_pd(&B[", "_mm256_storeu_pd(&C["},
			notOut: []string{"_mm256_mul_pd"}},
		{name: "matmul-float", elem: "float", body: matmul,
			out: []string{"_mm256_fmadd_ps", "__m256 tsv_c3_1"}},
		{name: "matmul-plus-eq", elem: "double", body: `for (int i = 0; i < n; i++)
  for (int k = 0; k < p; k++)
    for (int j = 0; j < m; j++)
      C[i][j] += A[i][k] * B[k][j];`,
			out: []string{"_mm256_broadcast_sd(&A[", "_mm256_fmadd_pd"}},
		{name: "matmul-row-col-factors", elem: "double", body: `for (int i = 0; i < n; i++)
  for (int k = 0; k < p; k++)
    for (int j = 0; j < m; j++)
      C[i][j] += x[i] * A[i][k] * y[k] * B[k][j];`,
			out: []string{"_mm256_set1_pd(x[c", "] * A[", "] * y[c"}, notOut: []string{"_mm256_mul_pd"}},
		{name: "iterator-factor", elem: "double", body: `for (int i = 0; i < n; i++)
  for (int k = 0; k < p; k++)
    for (int j = 0; j < m; j++)
      C[i][j] += i * B[k][j];`,
			notOut: []string{"_mm256"}},
		{name: "float-double-literal", elem: "float", body: `for (int i = 0; i < n; i++)
  for (int k = 0; k < p; k++)
    for (int j = 0; j < m; j++)
      C[i][j] += 1.5 * A[i][k] * B[k][j];`,
			notOut: []string{"_mm256"}},
		{name: "float-float-literal", elem: "float", body: `for (int i = 0; i < n; i++)
  for (int k = 0; k < p; k++)
    for (int j = 0; j < m; j++)
      C[i][j] += 1.5f * A[i][k] * B[k][j];`,
			out: []string{"_mm256_set1_ps(1.5f * A["}},
		{name: "matmul-generic", elem: "float", body: matmul, target: "sse2",
			out: []string{"typedef float tsv_vf16 __attribute__((vector_size(16), aligned(sizeof(float)), may_alias));\n",
				"tsv_c0_0 += tsv_a0 * tsv_b0;", "const float tsv_a0 = alpha * A[", "tsv_b0 = *(const tsv_vf16 *)&B["},
			notOut: []string{"immintrin"}},
		// The vector operand varies with i: one load for the R rows of
		// the register tile would be wrong (the kernel is refused).
		{name: "vector-operand-varies-with-i", elem: "double", body: `for (int i = 0; i < n; i++)
  for (int k = 0; k < p; k++)
    for (int j = 0; j < m; j++)
      C[i][j] += A[i][j + k] * x[k];`,
			notOut: []string{"_mm256", "fma-tile"}},
		{name: "matmul-no-bcast", elem: "double", body: `for (int i = 0; i < n; i++)
  for (int k = 0; k < p; k++)
    for (int j = 0; j < m; j++)
      C[i][j] += B[k][j];`,
			out: []string{"_mm256_add_pd(tsv_b0"}, notOut: []string{"fmadd"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			opt := pipeline.Options{}
			opt.Vector.NoPack = true // the unpacked kernel; packed_test.go has the packed one
			opt.Sched.Parallel = tc.parallel
			opt.Sched.NoTile = tc.notile
			if tc.target != "" {
				opt.Vector.Target, _ = vector.ParseTarget(tc.target)
			}
			res := optimize(t, source(tc.elem, "", tc.body), opt)
			rm, out := remarks(res), dedent(string(res.Output))
			for _, s := range tc.remark {
				if !strings.Contains(rm, s) {
					t.Errorf("remarks lack %q:\n%s", s, rm)
				}
			}
			for _, s := range tc.out {
				if !strings.Contains(out, s) {
					t.Errorf("output lacks %q:\n%s", s, out)
				}
			}
			for _, s := range tc.notOut {
				if strings.Contains(out, s) {
					t.Errorf("output has %q:\n%s", s, out)
				}
			}
			if strings.Count(out, "#include <immintrin.h>") > 1 {
				t.Errorf("header included twice")
			}
		})
	}
}

// expand turns the recorded instances of the rewritten AST into scalar
// instances of S0(i, j, k): a vector fma (r, v, i, j, k) stands for the
// lanes j .. j+lanes-1.
func expand(t *testing.T, ins []ast.Instance, lanes int64) []ast.Instance {
	var out []ast.Instance
	for _, in := range ins {
		switch {
		case in.Name == "S0":
			out = append(out, in)
		case strings.HasSuffix(in.Name, ":fma"):
			for l := int64(0); l < lanes; l++ {
				out = append(out, ast.Instance{Name: "S0", Args: []int64{in.Args[2], in.Args[3] + l, in.Args[4]}})
			}
		}
	}
	return out
}

// TestKernelInstances interprets the rewritten matmul nest (vector
// statements expanded into their lanes) for random sizes and unroll-jam
// factors: every instance of the domain runs exactly once, and for each
// (i, j) the k values come in increasing order (the only dependences).
func TestKernelInstances(t *testing.T) {
	seed := int64(20261122)
	rng := rand.New(rand.NewSource(seed))
	for it := 0; it < 12; it++ {
		rows := 1 + rng.Intn(8)
		n, m, p := int64(1+rng.Intn(40)), int64(1+rng.Intn(40)), int64(1+rng.Intn(40))
		opt := pipeline.Options{}
		opt.Vector.NoPack = true
		opt.Vector.UnrollJam = rows
		if it%3 == 0 {
			opt.Sched.NoTile = true
		}
		res := optimize(t, source("double", "", matmul), opt)
		ins, err := ast.Interpret(intrinsicBranch(res.Regions[0].AST), map[string]int64{"n": n, "m": m, "p": p})
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		got := expand(t, ins, 4)
		if int64(len(got)) != n*m*p {
			t.Fatalf("seed %d iter %d (n=%d m=%d p=%d rows=%d): %d instances, want %d", seed, it, n, m, p, rows, len(got), n*m*p)
		}
		lastK := map[[2]int64]int64{}
		for _, g := range got {
			i, j, k := g.Args[0], g.Args[1], g.Args[2]
			if i < 0 || i >= n || j < 0 || j >= m || k < 0 || k >= p {
				t.Fatalf("seed %d: instance %v outside the domain", seed, g)
			}
			key := [2]int64{i, j}
			if last, ok := lastK[key]; (ok && k != last+1) || (!ok && k != 0) {
				t.Fatalf("seed %d iter %d: S0(%d,%d,%d) after k=%d (out of order)", seed, it, i, j, k, last)
			}
			lastK[key] = k
		}
	}
}

// TestKernelGCC compiles the original and the vectorized matmul with gcc
// (when present and the host has AVX2+FMA) for odd sizes and both element
// types and compares the results within a relative tolerance (FMA
// contraction changes the last bits).
func TestKernelGCC(t *testing.T) {
	gcc, err := exec.LookPath("gcc")
	if err != nil || !vector.HostRuns("avx2") {
		t.Skip("needs gcc and an AVX2+FMA host")
	}
	main := `
#include <stdio.h>
int main(void) {
  for (int i = 0; i < 200; i++) for (int j = 0; j < 200; j++) {
    A[i][j] = (T)((i * 7 + j * 3) % 11) / 8; B[i][j] = (T)((i * 5 + j) % 13) / 4; C[i][j] = (T)((i + j) % 5);
  }
  alpha = 1.5;
  kernel(NI, NJ, NK);
  double sum = 0, w = 0;
  for (int i = 0; i < 200; i++) for (int j = 0; j < 200; j++) { sum += C[i][j]; w += C[i][j] * ((i * 200 + j) % 7 + 1); }
  printf("%.10e %.10e\n", sum, w);
  return 0;
}
`
	dir := t.TempDir()
	cases := []struct {
		elem       string
		ni, nj, nk int
		rows       int
		target     string
	}{
		{"double", 37, 45, 29, 4, "avx2"}, {"float", 23, 61, 17, 6, "avx2"}, {"double", 50, 33, 21, 8, "avx2"},
		{"double", 37, 45, 29, 4, "generic"}, {"float", 19, 43, 7, 3, "sse2"},
		{"double", 64, 64, 64, 4, "avx2"}, {"double", 3, 9, 5, 1, "avx2"}, {"double", 41, 77, 13, 4, "avx512"},
		{"float", 41, 77, 13, 4, "neon"},
	}
	if os.Getenv("TESSERA_LONG") == "" {
		cases = cases[:3] // TESSERA_LONG=1 runs them all
	}
	for _, tc := range cases {
		src := source(tc.elem, "", matmul) + main
		src = fmt.Sprintf("#define NI %d\n#define NJ %d\n#define NK %d\n", tc.ni, tc.nj, tc.nk) + src
		opt := pipeline.Options{}
		opt.Vector.NoPack = true
		opt.Vector.UnrollJam = tc.rows
		opt.Vector.Target, _ = vector.ParseTarget(tc.target)
		res := optimize(t, src, opt)
		if !strings.Contains(string(res.Output), "tsv_c0_0") {
			t.Fatalf("%+v: no kernel generated", tc)
		}
		run := func(name, text string) string {
			c := filepath.Join(dir, name+".c")
			if err := os.WriteFile(c, []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
			bin := filepath.Join(dir, name)
			if out, err := exec.Command(gcc, "-O2", "-mavx2", "-mfma", c, "-o", bin).CombinedOutput(); err != nil {
				t.Fatalf("gcc %s: %v\n%s\n%s", name, err, out, text)
			}
			out, err := exec.Command(bin).Output()
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			return strings.TrimSpace(string(out))
		}
		want := run("orig", src)
		got := run("vec", string(res.Output))
		var ws, ww, gs, gw float64
		fmt.Sscan(want, &ws, &ww)
		fmt.Sscan(got, &gs, &gw)
		tol := 1e-9
		if tc.elem == "float" {
			tol = 1e-4
		}
		if rel(ws, gs) > tol || rel(ww, gw) > tol {
			t.Errorf("%+v: vectorized prints %s, original %s", tc, got, want)
		}
	}
}

func rel(a, b float64) float64 {
	d := a - b
	if d < 0 {
		d = -d
	}
	if a < 0 {
		a = -a
	}
	if a < 1 {
		a = 1
	}
	return d / a
}
