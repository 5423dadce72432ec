package pipeline

import (
	"fmt"
	"math/rand/v2"
	"os/exec"
	"strings"
	"testing"

	"github.com/tessera-opt/tessera/internal/testutil"
	"github.com/tessera-opt/tessera/scheduler"
)

// TestSplitParallel: with --parallel, Floyd-Warshall's i loop (sequential
// as written: row k is written at i = k and read by every other row) is
// cut at i = k and its two other pieces run in parallel; PolyBench 3's
// trmm (B[i][j] += A[i][k] * B[j][k], the row j = i read) is cut at j = i.
// The outputs are compared with the originals' (gcc, 2 threads); a nest
// whose carried dependences are not all on such a hyperplane (a stencil)
// is not cut.
func TestSplitParallel(t *testing.T) {
	testSplit(t, true)
}

// TestSplitInner: without --parallel only the innermost loop is cut
// (Floyd-Warshall's j at j = k: the pieces read path[i][k] but do not
// write it, so they vectorize); trmm's innermost loop k carries the
// reduction, which no cut removes.
func TestSplitInner(t *testing.T) {
	testSplit(t, false)
}

func testSplit(t *testing.T, parallel bool) {
	tests := []struct {
		name, kernel, wantCut, wantInner string
	}{
		{"floyd", `  for (int k = 0; k < N; k++)
    for (int i = 0; i < N; i++)
      for (int j = 0; j < N; j++)
        A[i][j] = A[i][j] < A[i][k] + A[k][j] ? A[i][j] : A[i][k] + A[k][j];`, "loop i at i = k, loop j at j = k", "loop j at j = k"},
		{"trmm", `  for (int i = 1; i < N; i++)
    for (int j = 0; j < N; j++)
      for (int k = 0; k < i; k++)
        A[i][j] += 0.5 * B[i][k] * A[j][k];`, "loop j at j = i", ""},
		{"seidel", `  for (int t = 0; t < 4; t++)
    for (int i = 1; i < N - 1; i++)
      for (int j = 1; j < N - 1; j++)
        A[i][j] = (A[i - 1][j] + A[i][j - 1] + A[i][j] + A[i][j + 1] + A[i + 1][j]) / 5.0;`, "", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			src := cutProgram(300, tc.kernel)
			want := tc.wantCut
			if !parallel {
				want = tc.wantInner
			}
			res := optimizeOne(t, tc.name, src, Options{Vectorize: !parallel, Sched: scheduler.Config{Parallel: parallel}})
			remarks := strings.Join(res.Regions[0].Remarks, "\n")
			out := string(res.Output)
			if want == "" {
				if strings.Contains(remarks, "index-set splitting") {
					t.Fatalf("cut:\n%s", remarks)
				}
				return
			}
			if !strings.Contains(remarks, want) {
				t.Fatalf("no cut %q:\n%s", want, remarks)
			}
			if n := strings.Count(out, "#pragma omp parallel for"); parallel && n < 2 {
				t.Errorf("%d parallel loops, want at least 2:\n%s", n, out)
			}
			if n := strings.Count(out, "ivdep"); !parallel && n != 2 {
				t.Errorf("%d ivdep loops, want 2 (the pieces j < k and j > k):\n%s", n, out)
			}
			gcc, err := exec.LookPath("gcc")
			if err != nil {
				t.Skip("no gcc")
			}
			ref := runC(t, gcc, "orig", src, "-O2")
			if got := runC(t, gcc, "opt", out, "-O2", "-fopenmp"); got != ref {
				t.Errorf("output %q, the original's %q", got, ref)
			}
		})
	}
}

// TestCutRandom: random one-statement nests over k, i, j whose
// subscripts mix the three iterators (some are Floyd-Warshall-like, and
// cut; most are not), optimized with and without --parallel: no region
// may fail its self-check, and each output, compiled and run, must print
// the original's result.
func TestCutRandom(t *testing.T) {
	gcc, err := exec.LookPath("gcc")
	if err != nil {
		t.Skip("no gcc")
	}
	its := []string{"i", "j", "k"}
	rng := rand.New(rand.NewPCG(2026, 11))
	cuts := 0
	// Plain mode runs one nest in 4 (the generator still draws them all,
	// so the nests run are the same as under TESSERA_LONG=1).
	if !testutil.IsLong() {
		t.Log("plain mode runs one nest in 4; TESSERA_LONG=1 runs all 16")
	}
	for n := 0; n < 16; n++ {
		sub := func() string { return "[" + its[rng.IntN(3)] + "][" + its[rng.IntN(3)] + "]" }
		w := "[i]" + []string{"[j]", "[k]"}[rng.IntN(2)]
		if rng.IntN(3) == 0 {
			w = "[" + its[rng.IntN(3)] + "][" + its[rng.IntN(3)] + "]"
		}
		kernel := fmt.Sprintf(`  for (int k = 0; k < N; k++)
    for (int i = 0; i < N; i++)
      for (int j = 0; j < N; j++)
        A%s = A%s < A%s + A%s ? A%s : 0.5 * (A%s + A%s) + 1.0;`, w, w, sub(), sub(), w, sub(), w)
		if !testutil.Keep(n, 4) {
			continue
		}
		src := cutProgram(40, kernel)
		ref := runC(t, gcc, "orig", src, "-O2")
		for _, parallel := range []bool{false, true} {
			res, err := Optimize("k.c", []byte(src), Options{Vectorize: true, Sched: scheduler.Config{Parallel: parallel}})
			if err != nil {
				t.Fatal(err)
			}
			for _, d := range res.Diags {
				if d.Severity == "error" {
					t.Fatalf("%s (parallel %v): %v", kernel, parallel, d)
				}
			}
			for _, r := range res.Regions {
				if strings.Contains(strings.Join(r.Remarks, "\n"), "index-set splitting") {
					cuts++
				}
			}
			if got := runC(t, gcc, "opt", string(res.Output), "-O2", "-fopenmp"); got != ref {
				t.Fatalf("%s (parallel %v): output %q, the original's %q\n%s", kernel, parallel, got, ref, res.Output)
			}
		}
	}
	if cuts == 0 {
		t.Errorf("no kernel was cut: the test does not test the cuts")
	}
	t.Logf("%d cuts", cuts)
}

// cutProgram is a program around kernel (a scop over A[N][N] and B[N][N])
// that initializes the arrays and prints a weighted sum of A.
func cutProgram(n int, kernel string) string {
	return fmt.Sprintf(`#include <stdio.h>
#define N %d
double A[N][N], B[N][N];
int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      A[i][j] = (i * 7 + j * 13) %% 17 + (i == j ? 0 : 1);
      B[i][j] = (i + 2 * j) %% 5;
    }
#pragma scop
%s
#pragma endscop
  double s = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      s += A[i][j] * (i + 1) + j;
  printf("%%.17g\n", s);
  return 0;
}
`, n, kernel)
}
