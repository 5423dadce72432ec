package pipeline

import (
	"bytes"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/tessera-opt/tessera/internal/split"
	"github.com/tessera-opt/tessera/internal/testutil"
)

// compileRunFlags compiles a kernel of bench/kernels (MINI dataset) with
// extra flags and returns its standard output.
func compileRunFlags(t *testing.T, gcc, dir, name string, src []byte, flags ...string) []byte {
	t.Helper()
	args := append([]string{"-O1", "-ffp-contract=off", "-DMINI_DATASET", "-I", dir}, flags...)
	return []byte(runC(t, gcc, name, string(src), args...))
}

// TestSplitKernels splits the reductions of kernels of the bench suite:
// the region must be rewritten with its temporary, pass the self-check,
// and (when gcc is present) print exactly the original's output, with and
// without --parallel (splitting keeps the order of the floating-point
// operations of every statement). TESSERA_SPLIT_ALL=1 runs more kernels.
func TestSplitKernels(t *testing.T) {
	dir := filepath.Join("..", "bench", "kernels")
	gcc, _ := exec.LookPath("gcc")
	type tc struct {
		kernel   string
		expand   split.Expansion
		parallel bool
		split    bool
		array    bool // no contraction: the temporary is declared and used
	}
	tests := []tc{
		{"correlation", split.ExpandPermutable, false, true, false},
		{"correlation", split.ExpandPermutable, true, true, true},
		{"trmm", split.ExpandPermutable, true, false, false}, // undone: loses its parallel loop
		{"gemm", split.ExpandPermutable, true, true, false},
		{"covariance", split.ExpandPermutable, false, true, true},
		{"covariance", split.ExpandInner, false, false, false}, // undone: nothing tiled
		{"syrk", split.ExpandPermutable, false, false, false},  // contiguous along k
		{"doitgen", split.ExpandPermutable, false, false, false},
	}
	if os.Getenv("TESSERA_SPLIT_ALL") != "" {
		for _, k := range []string{"gemm", "2mm", "3mm", "symm", "trmm", "covariance", "correlation"} {
			for _, a := range []bool{false, true} {
				tests = append(tests, tc{k, split.ExpandPermutable, false, true, a}, tc{k, split.ExpandPermutable, true, true, a})
			}
		}
	}
	testutil.NoteSample(t, "one case in 2")
	for i, tc := range tests {
		if !testutil.Keep(i, 2) {
			continue
		}
		name := tc.kernel + "-" + tc.expand.String()
		if tc.parallel {
			name += "-parallel"
		}
		if tc.array {
			name += "-array"
		}
		t.Run(name, func(t *testing.T) {
			path := filepath.Join(dir, tc.kernel+".c")
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			opt := Options{Split: true, SplitExpand: tc.expand}
			opt.Sched.Parallel = tc.parallel
			contractSplitTemps = !tc.array
			res, err := Optimize(path, src, opt)
			contractSplitTemps = true
			if err != nil {
				t.Fatal(err)
			}
			if res.Errors() || res.Regions[0].Kept {
				t.Fatalf("diagnostics %v", res.Diags)
			}
			reg := res.Regions[0]
			explained := false
			for _, m := range reg.Remarks {
				explained = explained || strings.HasPrefix(m, "statement splitting: ")
			}
			if !explained {
				t.Fatalf("no statement splitting remark in %q", reg.Remarks)
			}
			if got := reg.Split != nil; got != tc.split {
				t.Fatalf("split %v, want %v; remarks %q", got, tc.split, reg.Remarks)
			}
			if tc.split && tc.array && (!strings.Contains(reg.Text, "split_tmp0[") || !strings.Contains(reg.Text, "free(split_tmp0)")) {
				t.Fatalf("no temporary in\n%s", reg.Text)
			}
			if tc.split && !tc.array && (!strings.Contains(reg.Text, "const double split_tmp0_v1 = ") || strings.Contains(reg.Text, "split_tmp0[")) {
				t.Fatalf("temporary not contracted in\n%s", reg.Text)
			}
			if !tc.split {
				return // the unsplit pipeline is checked elsewhere
			}
			if gcc == "" {
				t.Skip("no gcc: outputs not compared")
			}
			var flags []string
			if tc.parallel {
				flags = append(flags, "-fopenmp")
			}
			want := compileRunFlags(t, gcc, dir, "orig", src)
			got := compileRunFlags(t, gcc, dir, "split", res.Output, flags...)
			if !bytes.Equal(got, want) {
				t.Fatalf("outputs differ\n%s", reg.Text)
			}
		})
	}
}

// TestSplitOff checks that without Options.Split nothing is split but
// --explain still says what would be.
func TestSplitOff(t *testing.T) {
	path := filepath.Join("..", "bench", "kernels", "gemm.c")
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	res, err := Optimize(path, src, Options{})
	if err != nil {
		t.Fatal(err)
	}
	reg := res.Regions[0]
	if reg.Split != nil || strings.Contains(reg.Text, "split_tmp") {
		t.Fatal("split without Options.Split")
	}
	found := false
	for _, m := range reg.Remarks {
		found = found || strings.Contains(m, "not split (--nosplit; it would be split)")
	}
	if !found {
		t.Fatalf("remarks %q", reg.Remarks)
	}
}

// TestSplitTwoRegions splits a statement in each of two regions of one
// function: the temporaries need different names, and the program must
// print what the original prints.
func TestSplitTwoRegions(t *testing.T) {
	src := []byte(`#include <stdio.h>
#define N 24
#define M 21
static double A[N][N], B[N][N], C[N][N], D[N][N];
static void k(int n, int m) {
#pragma scop
  for (int i = 0; i < m; i++)
    for (int j = i + 1; j < m; j++)
      for (int k = 0; k < n; k++)
        C[i][j] += A[k][i] * B[k][j];
#pragma endscop
#pragma scop
  for (int i = 0; i < M; i++)
    for (int j = 0; j < M; j++)
      for (int k = 0; k < N; k++)
        D[i][j] = D[i][j] + C[k][i] * A[k][j];
#pragma endscop
}
int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      A[i][j] = (double)((i * 7 + j * 3) % 11) / 11;
      B[i][j] = (double)((i * 5 + j) % 13) / 13;
    }
  k(N, N - 3);
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      printf("%.17g %.17g\n", C[i][j], D[i][j]);
  return 0;
}
`)
	res, err := Optimize("two.c", src, Options{Split: true})
	if err != nil {
		t.Fatal(err)
	}
	// The same file with the temporaries declared (not contracted): two
	// declarations in one function must not clash.
	contractSplitTemps = false
	resArray, err := Optimize("two.c", src, Options{Split: true})
	contractSplitTemps = true
	if err != nil {
		t.Fatal(err)
	}
	if res.Errors() || len(res.Regions) != 2 {
		t.Fatalf("diagnostics %v", res.Diags)
	}
	for k, name := range []string{"split_tmp0_v1 =", "split1_tmp0_v1 ="} {
		if res.Regions[k].Split == nil || !strings.Contains(res.Regions[k].Text, name) {
			t.Fatalf("region %d: no %s in\n%s\nremarks %q", k, name, res.Regions[k].Text, res.Regions[k].Remarks)
		}
	}
	gcc, _ := exec.LookPath("gcc")
	if gcc == "" {
		t.Skip("no gcc: outputs not compared")
	}
	dir := t.TempDir()
	want := compileRunFlags(t, gcc, dir, "orig", src)
	for _, r := range []*Result{res, resArray} {
		got := compileRunFlags(t, gcc, dir, "split", r.Output, "-Wall", "-Wno-unknown-pragmas", "-Werror")
		if !bytes.Equal(got, want) {
			t.Fatalf("outputs differ\n%s", r.Output)
		}
	}
	if !strings.Contains(string(resArray.Output), "split1_tmp0[") {
		t.Fatalf("no temporary in\n%s", resArray.Output)
	}
}

// TestSplitRandom splits random reduction nests (seeded; the seed is
// printed on failure): triangular bounds, compound and plain updates, a
// transposed left side, statements around the reduction. The split
// program must print exactly what the original prints. TESSERA_SPLIT_ALL=1
// runs more cases.
func TestSplitRandom(t *testing.T) {
	gcc, _ := exec.LookPath("gcc")
	if gcc == "" {
		t.Skip("no gcc")
	}
	n := 2
	if os.Getenv("TESSERA_SPLIT_ALL") != "" {
		n = 40
	}
	seed := time.Now().UnixNano()
	rng := rand.New(rand.NewSource(seed))
	pick := func(xs ...string) string { return xs[rng.Intn(len(xs))] }
	dir := t.TempDir()
	splitCount := 0
	for c := 0; c < n; c++ {
		jlo := pick("0", "i", "i + 1")
		klo := pick("0", "1", "i")
		khi := pick("k < N", "k <= j", "k < N - 1")
		lhs := pick("C[i][j]", "C[j][i]")
		e := pick("A[k][i] * B[k][j]", "A[i][k] * B[k][j]", "(A[k][i] + 0.5) * B[k][j] - A[k][j]", "A[k][j] * A[k][i] * 0.25")
		var upd string
		switch rng.Intn(4) {
		case 0:
			upd = lhs + " += " + e + ";"
		case 1:
			upd = lhs + " = " + lhs + " + " + e + ";"
		case 2:
			upd = lhs + " -= " + e + ";"
		default:
			upd = lhs + " = (1.0 + 0.001 * (" + e + ")) * " + lhs + ";"
		}
		pre := pick("", lhs+" = 0.5;", "D[i][j] = C[i][j];")
		post := pick("", "D[j][i] = "+lhs+";", "C[i][j] = C[i][j] * 0.5;")
		body := "  for (int i = 0; i < N; i++)\n    for (int j = " + jlo + "; j < N; j++) {\n      " + pre + "\n      for (int k = " + klo + "; " + khi + "; k++)\n        " + upd + "\n      " + post + "\n    }\n"
		src := []byte(`#include <stdio.h>
#define N 19
static double A[N][N], B[N][N], C[N][N], D[N][N];
static void kernel(void) {
#pragma scop
` + body + `#pragma endscop
}
int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      A[i][j] = (double)((i * 7 + j * 3) % 11) / 11;
      B[i][j] = (double)((i * 5 + j) % 13) / 13;
      C[i][j] = (double)((i + 2 * j) % 5) / 5;
    }
  kernel();
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      printf("%.17g %.17g\n", C[i][j], D[i][j]);
  return 0;
}
`)
		pars := []bool{c%2 == 1}
		if os.Getenv("TESSERA_SPLIT_ALL") != "" {
			pars = []bool{false, true}
		}
		for _, par := range pars {
			opt := Options{Split: true}
			opt.Sched.Parallel = par
			res, err := Optimize("r.c", src, opt)
			if err != nil {
				t.Fatalf("seed %d case %d: %v\n%s", seed, c, err, body)
			}
			if res.Errors() {
				t.Fatalf("seed %d case %d: %v\n%s", seed, c, res.Diags, body)
			}
			if res.Regions[0].Split != nil {
				splitCount++
			}
			var flags []string
			if par {
				flags = append(flags, "-fopenmp")
			}
			want := compileRunFlags(t, gcc, dir, "orig", src)
			got := compileRunFlags(t, gcc, dir, "split", res.Output, flags...)
			if !bytes.Equal(got, want) {
				t.Fatalf("seed %d case %d parallel=%v: outputs differ\n%s\n%s", seed, c, par, body, res.Regions[0].Text)
			}
		}
	}
	t.Logf("seed %d: %d optimized regions split", seed, splitCount)
}
