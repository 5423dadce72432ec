package pipeline

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tessera-opt/tessera/internal/omp"
	"github.com/tessera-opt/tessera/internal/split"
	"github.com/tessera-opt/tessera/internal/vector"
	"github.com/tessera-opt/tessera/scheduler"
)

// macroSrc is PolyBench 3's correlation kernel (its sqrt_of_array_cell
// macro reads an element the call does not show) with two more macros of
// the same kind: one whose body names the loop iterator j itself, and
// one whose expansion relies on the caller's precedence.
const macroSrc = `#include <math.h>
#include <stdio.h>
#define M 37
#define N 41
#define sqrt_of_array_cell(x,j) sqrt(x[j])
#define ROWJ(a) a[j]
#define PLUS1(a, k) a[k] + 1.0
static double data[N][M], symmat[M][M], mean[M], stddev[M];
static void kernel(void)
{
  int i, j, j1, j2;
  double float_n = N, eps = 0.1;
#pragma scop
  for (j = 0; j < M; j++) {
    mean[j] = 0.0;
    for (i = 0; i < N; i++)
      mean[j] += data[i][j];
    mean[j] /= float_n;
  }
  for (j = 0; j < M; j++) {
    stddev[j] = 0.0;
    for (i = 0; i < N; i++)
      stddev[j] += (data[i][j] - mean[j]) * (data[i][j] - mean[j]);
    stddev[j] /= float_n;
    stddev[j] = sqrt_of_array_cell(stddev, j);
    stddev[j] = stddev[j] <= eps ? 1.0 : stddev[j];
  }
  for (i = 0; i < N; i++)
    for (j = 0; j < M; j++) {
      data[i][j] -= mean[j];
      data[i][j] /= sqrt(float_n) * ROWJ(stddev);
    }
  for (j1 = 0; j1 < M - 1; j1++) {
    symmat[j1][j1] = 1.0;
    for (j2 = j1 + 1; j2 < M; j2++) {
      symmat[j1][j2] = 0.0;
      for (i = 0; i < N; i++)
        symmat[j1][j2] += (data[i][j1] * data[i][j2]);
      symmat[j2][j1] = PLUS1(symmat[j1], j2) * 2.0 - 2.0;
    }
  }
#pragma endscop
}
int main(void)
{
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      data[i][j] = ((double)i * j) / M + (i % 7) * 0.25;
  kernel();
  for (int i = 0; i < M; i++)
    for (int j = 0; j < M; j++)
      printf("%.6e\n", symmat[i][j]);
  return 0;
}
`

// TestMacroExpansion: calls of macros that read elements the call does not
// show are expanded where they are called, as the preprocessor does, so
// that the region is modelled and optimized instead of kept (session 7:
// all of PolyBench 3's correlation was kept for sqrt_of_array_cell). The
// optimized program prints what the original prints.
func TestMacroExpansion(t *testing.T) {
	for _, tc := range []struct {
		name string
		opt  Options
	}{
		{"default", Options{Vectorize: true, Vector: vector.Config{Target: vector.HostTarget()}}},
		{"parallel", Options{Vectorize: true, Vector: vector.Config{Target: vector.HostTarget()}, Sched: scheduler.Config{Parallel: true}, OMP: omp.Config{NoCost: true}}},
		{"novectorize", Options{}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res := optimizeOne(t, tc.name, macroSrc, tc.opt)
			out := string(res.Output)
			for _, want := range []string{"= sqrt(stddev[", "* stddev[", "symmat[c"} {
				if !strings.Contains(out, want) {
					t.Errorf("output lacks %q:\n%s", want, out)
				}
			}
			if strings.Contains(out, "ROWJ(stddev)") || strings.Contains(out, "= sqrt_of_array_cell") {
				t.Errorf("a hiding macro call is still in the region:\n%s", out)
			}
			gcc, err := exec.LookPath("gcc")
			if err != nil {
				t.Skip("no gcc")
			}
			flags := []string{"-O2", "-ffp-contract=off", "-fopenmp"}
			want := runC(t, gcc, "orig", macroSrc, flags...)
			got := runC(t, gcc, "opt", out, flags...)
			if got != want {
				t.Errorf("optimized program prints other values\n%s", out)
			}
		})
	}
}

// TestMacroExpansionSplit: statement splitting finds the region's
// statement whose macro call scop expanded (the model's syntax is a copy
// at the same place): the split statement is the one emitted, with its
// temporary (the split used to be reported and its temporary declared
// while the statement was emitted unsplit).
func TestMacroExpansionSplit(t *testing.T) {
	path := filepath.Join("..", "bench", "kernels", "covariance.c")
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	old := "cov[i][j] = cov[i][j] + data[k][i] * data[k][j];"
	if !bytes.Contains(src, []byte(old)) {
		t.Fatalf("%s lacks %q", path, old)
	}
	src = bytes.Replace(src, []byte(old), []byte("cov[i][j] = cov[i][j] + ELEM(data, k, i) * data[k][j];"), 1)
	src = bytes.Replace(src, []byte("#include \"tessera_bench.h\"\n"), []byte("#include \"tessera_bench.h\"\n#define ELEM(a, r, c) a[r][c]\n"), 1)
	contractSplitTemps = false
	defer func() { contractSplitTemps = true }()
	res, err := Optimize(filepath.Join(filepath.Dir(path), "covariance_macro.c"), src, Options{Split: true, SplitExpand: split.ExpandPermutable})
	if err != nil || res.Errors() || res.Regions[0].Kept {
		t.Fatalf("%v %v", err, res.Diags)
	}
	reg := res.Regions[0]
	// The new code, before the original in the else branch of the alias
	// check (alias.go).
	text := reg.Text
	if k := strings.LastIndex(text, "} else {"); k >= 0 {
		text = text[:k]
	}
	if reg.Split == nil || !strings.Contains(text, "split_tmp0[") || strings.Contains(text, "ELEM(") {
		t.Fatalf("split %v; remarks %q\n%s", reg.Split != nil, reg.Remarks, reg.Text)
	}
	gcc, err := exec.LookPath("gcc")
	if err != nil {
		t.Skip("no gcc")
	}
	dir := filepath.Dir(path)
	if got, want := compileRunFlags(t, gcc, dir, "split", res.Output), compileRunFlags(t, gcc, dir, "orig", src); !bytes.Equal(got, want) {
		t.Errorf("split program prints other values")
	}
}
