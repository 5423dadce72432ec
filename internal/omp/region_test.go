package omp_test

import (
	"fmt"
	"os/exec"
	"regexp"
	"strings"
	"testing"

	"github.com/tessera-opt/tessera/internal/omp"
	"github.com/tessera-opt/tessera/internal/testutil"
	"github.com/tessera-opt/tessera/pipeline"
	"github.com/tessera-opt/tessera/scheduler"
)

// regionCase is a program whose sequential loop runs parallel loops: the
// parallel flow must put one parallel region around it (want, a regexp
// of the output) and print what the original prints.
type regionCase struct {
	name       string
	src        string
	want       []string
	reductions bool
	notile     bool
	cost       bool // the cost check on (sizes large enough for it)
}

// regionMain prints a checksum of the arrays of a region case; the
// cases define N, T and the arrays A, B (N x N) and v (N).
const regionMain = `
static void init(void) {
  for (int i = 0; i < N; i++) {
    v[i] = (i * 13 % 17) / 7.0;
    for (int j = 0; j < N; j++) {
      A[i][j] = ((i * 7 + j * 3) % 19) / 5.0 + (i == j ? N : 0);
      B[i][j] = ((i + 2 * j) % 11) / 3.0;
    }
  }
}
static void dump(void) {
  double t = 0, u = 0;
  for (int i = 0; i < N; i++) {
    u += v[i] * (i % 5 + 1);
    for (int j = 0; j < N; j++)
      t += A[i][j] * ((i + j) % 7 + 1) + B[i][j] * (i % 3 + 1);
  }
  printf("%.12e %.12e\n", t, u);
  for (int i = 0; i < N; i += 7)
    printf("%.12e %.12e %.12e\n", A[i][(3 * i) % N], B[(5 * i) % N][i], v[i]);
}
int main(void) {
  init();
  kernel();
  dump();
  return 0;
}
`

// sized is the source of a region case: the sizes N and T, the arrays
// regionMain prints, then the kernel.
func sized(n, t int, kernel string) string {
	return fmt.Sprintf("#define N %d\n#define T %d\ndouble A[N][N], B[N][N], v[N];\n", n, t) + kernel
}

// stencilKernel is a time-iterated five-point stencil between A and B.
const stencilKernel = `static void kernel(void) {
  int t, i, j;
#pragma scop
  for (t = 0; t < T; t++) {
    for (i = 1; i < N - 1; i++)
      for (j = 1; j < N - 1; j++)
        B[i][j] = 0.2 * (A[i][j] + A[i][j-1] + A[i][j+1] + A[i+1][j] + A[i-1][j]);
    for (i = 1; i < N - 1; i++)
      for (j = 1; j < N - 1; j++)
        A[i][j] = 0.2 * (B[i][j] + B[i][j-1] + B[i][j+1] + B[i+1][j] + B[i-1][j]);
  }
#pragma endscop
}
`

// betweenKernel runs statements between the parallel loops of its time
// loop.
const betweenKernel = `static void kernel(void) {
  int t, i, j;
#pragma scop
  for (t = 0; t < T; t++) {
    for (i = 0; i < N; i++)
      for (j = 0; j < N; j++)
        B[i][j] = A[i][j] * 0.5 + v[j];
    v[0] = B[N-1][N-1] * 0.25 + v[1];
    v[t] = v[t] + B[t][t];
    for (i = 0; i < N; i++)
      for (j = 0; j < N; j++)
        A[i][j] = B[i][j] * 0.75 + v[0] * 0.125;
  }
#pragma endscop
}
`

// reductionKernel reduces into a scalar in its time loop and uses the
// result in the next parallel loop.
const reductionKernel = `double s;
static void kernel(void) {
  int t, i, j;
#pragma scop
  for (t = 0; t < T; t++) {
    s = 0.0;
    for (i = 0; i < N; i++)
      s += v[i] * v[i];
    for (i = 0; i < N; i++)
      for (j = 0; j < N; j++)
        A[i][j] = A[i][j] * 0.5 + B[i][j] / (1.0 + s);
    for (i = 0; i < N; i++)
      v[i] = A[i][(i + t) % 2] * 0.01 + v[i] * 0.5;
  }
#pragma endscop
}
`

// triangularKernel is an elimination whose inner loops shrink with its
// sequential loop's iterator (T unused).
const triangularKernel = `static void kernel(void) {
  int i, j, k;
#pragma scop
  for (k = 0; k < N; k++) {
    for (i = k + 1; i < N; i++)
      B[i][k] = A[i][k] / A[k][k];
    for (i = k + 1; i < N; i++)
      for (j = k + 1; j < N; j++)
        A[i][j] = A[i][j] - B[i][k] * A[k][j];
  }
#pragma endscop
}
`

var regionCases = []regionCase{
	{
		// A time-iterated stencil: tiled as a wavefront, the tile loop
		// parallel inside the sequential wavefront loop.
		name: "stencil",
		src:  sized(90, 30, stencilKernel),
		want: []string{`#pragma omp parallel\n\s*for \(`, `#pragma omp for`},
	},
	{
		// The same stencil untiled: two parallel loops in the time loop.
		name:   "stencil-untiled",
		notile: true,
		src:    sized(90, 30, stencilKernel),
		want:   []string{`#pragma omp parallel\n\s*for \(`, `(?s)#pragma omp for.*#pragma omp for`},
	},
	{
		// Statements between the parallel loops of the time loop: one
		// thread runs them, the others wait.
		name:   "between",
		notile: true,
		src:    sized(80, 25, betweenKernel),
		want:   []string{`#pragma omp parallel\n\s*for \(`, `#pragma omp single`, `#pragma omp for`},
	},
	{
		// The same with the cost check: the versions of each parallel
		// loop on its work go into the region.
		name:   "between-cost",
		notile: true,
		cost:   true,
		src:    sized(900, 3, betweenKernel),
		want:   []string{`#pragma omp parallel\n\s*for \(`, `#pragma omp single`, `#pragma omp for`},
	},
	{
		// A reduction into a scalar inside the time loop, its result used
		// by the next parallel loop.
		name:       "reduction",
		notile:     true,
		reductions: true,
		src:        sized(300, 12, reductionKernel),
		want:       []string{`#pragma omp parallel\n\s*for \(`, `#pragma omp for`},
	},
	{
		// Triangular bounds: an elimination whose inner loops shrink with
		// the sequential loop's iterator.
		name:   "triangular",
		notile: true,
		src:    sized(70, 1, triangularKernel),
		want:   []string{`#pragma omp parallel\n\s*for \(`, `#pragma omp for`},
	},
	{
		// Triangular and tiled.
		name: "triangular-tiled",
		src:  sized(70, 1, triangularKernel),
		want: []string{`#pragma omp parallel\n\s*for \(`, `#pragma omp for`},
	},
}

// TestParallelRegions optimizes programs whose sequential loops run
// parallel loops, checks that one parallel region encloses the
// sequential loop (worksharing loops and single constructs inside), and,
// when gcc with OpenMP is present, compares what the optimized program
// prints with 2 and 3 threads with what the original prints.
func TestParallelRegions(t *testing.T) {
	gcc, _ := exec.LookPath("gcc")
	for _, tc := range testutil.Sample(t, regionCases, 2) {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			src := "#include <stdio.h>\n" + tc.src + regionMain
			dir := t.TempDir()
			path := writeFile(t, dir, tc.name+".c", []byte(src))
			sched := scheduler.Config{Parallel: true, Reductions: tc.reductions, NoTile: tc.notile}
			res, err := pipeline.Optimize(path, []byte(src), pipeline.Options{Sched: sched, OMP: omp.Config{NoCost: !tc.cost}})
			if err != nil {
				t.Fatal(err)
			}
			out := string(res.Output)
			for _, w := range tc.want {
				if !regexp.MustCompile(w).MatchString(out) {
					t.Fatalf("no %s in\n%s", w, out)
				}
			}
			if strings.Contains(out, "#pragma omp parallel for") {
				t.Errorf("a parallel loop outside the region:\n%s", out)
			}
			if gcc == "" {
				t.Skip("no gcc")
			}
			opt := writeFile(t, dir, "opt.c", res.Output)
			want := runThreads(t, gccProgram(t, gcc, dir, "orig", []string{"-O2", "-w"}, path), 1)
			par := gccProgram(t, gcc, dir, "opt", []string{"-O2", "-w", "-fopenmp"}, opt)
			for _, threads := range []int{2, 3} {
				got := runThreads(t, par, threads)
				if !tc.reductions && got != want {
					t.Errorf("%d threads: outputs differ: original\n%s\noptimized\n%s", threads, want, got)
				}
				if tc.reductions && !close(got, want, 1e-9) {
					t.Errorf("%d threads: outputs differ beyond 1e-9: original\n%s\noptimized\n%s", threads, want, got)
				}
			}
		})
	}
}
