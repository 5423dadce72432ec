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
				runSame(t, src, out)
			})
		}
	}
}

// runSame compiles orig and opt with gcc -O3 -march=native and requires
// the same output.
func runSame(t *testing.T, orig, opt string) {
	t.Helper()
	gcc, err := exec.LookPath("gcc")
	if err != nil {
		t.Skip("no gcc")
	}
	dir := t.TempDir()
	run := func(src, name string) string {
		c := filepath.Join(dir, name+".c")
		if err := os.WriteFile(c, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		exe := filepath.Join(dir, name)
		if b, err := exec.Command(gcc, "-O3", "-march=native", c, "-o", exe).CombinedOutput(); err != nil {
			t.Fatalf("gcc %s: %v\n%s\n%s", name, err, b, src)
		}
		b, err := exec.Command(exe).Output()
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		return string(b)
	}
	a, b := run(orig, "orig"), run(opt, "opt")
	if a != b {
		la, lb := strings.Split(a, "\n"), strings.Split(b, "\n")
		for i := range min(len(la), len(lb)) {
			if la[i] != lb[i] {
				t.Fatalf("line %d: %s, want %s\n%s", i+1, lb[i], la[i], opt)
			}
		}
		t.Fatalf("%d lines, want %d", len(lb), len(la))
	}
}
