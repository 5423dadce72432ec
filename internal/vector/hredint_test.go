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

// intSource is a kernel over arrays of element type T (square, 300 x 300)
// with a fill and a print of every element, so that the original and the
// optimized program can be compared number for number.
func intSource(elem, body string) string {
	return fmt.Sprintf(`#include <stdio.h>
#define T %s
#define MAXV(a, b) ((a) >= (b) ? (a) : (b))
#define MINV(a, b) (((a) < (b)) ? (a) : (b))
T tab[300][300], W[300][300], v[300];
void kernel(int n) {
#pragma scop
%s
#pragma endscop
}
int main(void) {
  for (int i = 0; i < 300; i++) {
    v[i] = (T)((i * 7) %% 13) - 6;
    for (int j = 0; j < 300; j++) { tab[i][j] = (T)(((i * 31 + j * 17) %% 23) - 11); W[i][j] = (T)((i + 2 * j) %% 5); }
  }
  kernel(270);
  for (int i = 0; i < 300; i++) for (int j = 0; j < 300; j++) printf("%%g\n", (double)tab[i][j]);
  for (int i = 0; i < 300; i++) printf("%%g\n", (double)v[i]);
  return 0;
}
`, elem, body)
}

// TestHredIntMinMax: integer reductions by +, max and min (written as a
// conditional or through a function-like macro) get a vector accumulator,
// also with a strided read gathered lane by lane beside a contiguous one,
// and with the outer loop running downwards; floating-point maxima keep
// the scalar loop (their order matters for NaNs and signed zeros), and so
// does a loop some of whose instances read the element it writes. Each
// program is compiled by gcc and prints what the original prints.
func TestHredIntMinMax(t *testing.T) {
	type tc struct {
		name, elem, body string
		hred             bool
		gather           bool
	}
	cases := []tc{
		// The dynamic-programming shape: a maximum over k of a row's
		// element plus a column's, the rows taken downwards.
		{"dp-macro-down", "int", "for (int i = n - 1; i >= 0; i--) for (int j = i + 1; j < n; j++) for (int k = i + 1; k < j; k++) tab[i][j] = MAXV(tab[i][j], tab[i][k] + tab[k + 1][j]);", true, true},
		{"dp-macro-columns", "int", "for (int j = 1; j < n; j++) for (int i = j - 1; i >= 0; i--) for (int k = i + 1; k < j; k++) tab[i][j] = MAXV(tab[i][j], tab[i][k] + tab[k + 1][j]);", true, true},
		{"min-select-up", "int", "for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) for (int k = 0; k < n; k++) W[i][j] = W[i][j] < tab[i][k] + tab[j][k] ? W[i][j] : tab[i][k] + tab[j][k];", true, false},
		{"min-macro-swapped", "int", "for (int i = n - 1; i >= 0; i--) for (int k = 0; k < n; k++) v[i] = MINV(tab[i][k] - 3, v[i]);", true, false},
		{"max-select-right", "long long", "for (int i = 0; i < n; i++) for (int k = 0; k < n; k++) v[i] = tab[i][k] * 2 > v[i] ? tab[i][k] * 2 : v[i];", true, false},
		{"sum-int-gather", "int", "for (int i = 0; i < n; i++) for (int k = 0; k < n; k++) v[i] += tab[i][k] * W[k][299 - i];", true, true},
		{"sum-int-down", "int", "for (int i = n - 1; i >= 0; i--) for (int k = 0; k < n; k++) v[i] -= tab[i][k];", true, false},
		// Not taken: floating-point maxima, a read that may be the
		// written element (k <= j), a maximum that is not one (the
		// branches swapped), only strided reads.
		{"max-double", "double", "for (int i = n - 1; i >= 0; i--) for (int j = i + 1; j < n; j++) for (int k = i + 1; k < j; k++) tab[i][j] = MAXV(tab[i][j], tab[i][k] + tab[k + 1][j]);", false, false},
		{"reads-written", "int", "for (int i = n - 1; i >= 0; i--) for (int j = i + 1; j < n; j++) for (int k = i + 1; k <= j; k++) tab[i][j] = MAXV(tab[i][j], tab[i][k] + tab[k][j]);", false, false},
		{"not-minmax", "int", "for (int i = 0; i < n; i++) for (int k = 0; k < n; k++) v[i] = v[i] < tab[i][k] ? v[i] + 1 : tab[i][k];", false, false},
		{"only-strided", "int", "for (int i = 0; i < n; i++) for (int k = 0; k < n; k++) v[i] = MAXV(v[i], tab[k][i]);", false, false},
	}
	targets := []string{"avx2", "avx512", "sse2"}
	for ci, c := range cases {
		for ti, target := range targets {
			t.Run(c.name+"/"+target, func(t *testing.T) {
				if !testutil.IsLong() && ci%len(targets) != ti {
					t.Skip("plain mode runs one target per case (TESSERA_LONG=1 runs all)")
				}
				src := intSource(c.elem, c.body)
				tg, err := vector.ParseTarget(target)
				if err != nil {
					t.Fatal(err)
				}
				res := optimize(t, src, pipeline.Options{Vector: vector.Config{Target: tg}})
				rem := remarks(res)
				out := string(res.Output)
				if got := strings.Contains(rem, "vectorizable (horizontal reduction)") || strings.Contains(rem, "vector reduction"); got != c.hred {
					t.Fatalf("vector reduction %v, want %v:\n%s\n%s", got, c.hred, rem, out)
				}
				if got := strings.Contains(rem, "gathered lane by lane"); got != c.gather {
					t.Errorf("gathered reads %v, want %v:\n%s", got, c.gather, rem)
				}
				runSame(t, src, out, false)
			})
		}
	}
}

// TestHredIntParallel: with --parallel, the outer loops of these nests
// run in parallel with the integer reductions inside (or, for the
// dynamic-programming shape, whose loops all carry dependences, the
// nest stays sequential); compiled with -fopenmp, the programs print what
// the original prints on 2 and 3 threads.
func TestHredIntParallel(t *testing.T) {
	for _, c := range []struct{ name, elem, body string }{
		{"dp-macro-down", "int", "for (int i = n - 1; i >= 0; i--) for (int j = i + 1; j < n; j++) for (int k = i + 1; k < j; k++) tab[i][j] = MAXV(tab[i][j], tab[i][k] + tab[k + 1][j]);"},
		{"min-select-rows", "int", "for (int i = n - 1; i >= 0; i--) for (int j = 0; j < n; j++) for (int k = 0; k < n; k++) W[i][j] = W[i][j] < tab[i][k] + tab[j][k] ? W[i][j] : tab[i][k] + tab[j][k];"},
		{"max-gather-rows", "long long", "for (int i = 0; i < n; i++) for (int k = 0; k < n; k++) v[i] = MAXV(v[i], tab[i][k] - W[k][299 - i]);"},
	} {
		t.Run(c.name, func(t *testing.T) {
			src := intSource(c.elem, c.body)
			tg, err := vector.ParseTarget("avx2")
			if err != nil {
				t.Fatal(err)
			}
			opt := pipeline.Options{Vector: vector.Config{Target: tg}}
			opt.Sched.Parallel = true
			res := optimize(t, src, opt)
			out := string(res.Output)
			if !strings.Contains(remarks(res), "vector reduction") && !strings.Contains(remarks(res), "vectorizable (horizontal reduction)") {
				t.Fatalf("no vector reduction:\n%s\n%s", remarks(res), out)
			}
			runSame(t, src, out, true, 2, 3)
		})
	}
}

// runSame compiles orig and opt with gcc -O3 -march=native (and -fopenmp
// when omp) and requires the same output; with threads, opt runs once on
// each number of threads.
func runSame(t *testing.T, orig, opt string, omp bool, threads ...int) {
	t.Helper()
	gcc, err := exec.LookPath("gcc")
	if err != nil {
		t.Skip("no gcc")
	}
	dir := t.TempDir()
	build := func(src, name string) string {
		c := filepath.Join(dir, name+".c")
		if err := os.WriteFile(c, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		exe := filepath.Join(dir, name)
		args := []string{"-O3", "-march=native", c, "-o", exe}
		if omp {
			args = append(args, "-fopenmp")
		}
		if b, err := exec.Command(gcc, args...).CombinedOutput(); err != nil {
			t.Fatalf("gcc %s: %v\n%s\n%s", name, err, b, src)
		}
		return exe
	}
	run := func(exe string, threads int) string {
		cmd := exec.Command(exe)
		if threads > 0 {
			cmd.Env = append(os.Environ(), fmt.Sprintf("OMP_NUM_THREADS=%d", threads), "OMP_WAIT_POLICY=passive")
		}
		b, err := cmd.Output()
		if err != nil {
			t.Fatalf("%s: %v", exe, err)
		}
		return string(b)
	}
	want := run(build(orig, "orig"), 0)
	exe := build(opt, "opt")
	if len(threads) == 0 {
		threads = []int{0}
	}
	for _, n := range threads {
		got := run(exe, n)
		if got == want {
			continue
		}
		how := fmt.Sprintf("%d threads", n)
		if n == 0 {
			how = "sequential"
		}
		la, lb := strings.Split(want, "\n"), strings.Split(got, "\n")
		for i := range min(len(la), len(lb)) {
			if la[i] != lb[i] {
				t.Fatalf("%s: line %d: %s, want %s\n%s", how, i+1, lb[i], la[i], opt)
			}
		}
		t.Fatalf("%s: %d lines, want %d", how, len(lb), len(la))
	}
}
