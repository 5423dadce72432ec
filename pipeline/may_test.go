package pipeline

import (
	"fmt"
	"os/exec"
	"strings"
	"testing"

	"github.com/tessera-opt/tessera/internal/testutil"
	"github.com/tessera-opt/tessera/scheduler"
)

// The programs of this file have statements with subscripts that are not
// affine (scop's may accesses): histograms, gathers, scatters, permuted
// copies. Each is optimized with the default options and with
// --parallel, and the original and the optimized programs, compiled with
// gcc, must print the same bytes for several index arrays: all indices
// equal, reversed ones, and random ones with repeats.

// mayProgram is one test program: declarations (globals), the region,
// the initialization of the data for round s (the index arrays come from
// idxval(s, k, m): 0 for s = 0, m-1-k mod m for s = 1, random in [0, m)
// otherwise) and the statements that print the results.
type mayProgram struct {
	name, decls, region, init, print string
	// par and noPar are texts that the --parallel output must and must
	// not contain (the loops made parallel, or left sequential).
	par, noPar []string
	// parallel tells, per loop of the original nest (scop's Loops),
	// whether the dependences leave it parallel; reduction, when set,
	// which loops are reductions onto an element known exactly (never
	// one through a may access).
	parallel, reduction []bool
}

var mayPrograms = []mayProgram{
	{name: "histogram",
		decls:  "#define N 3000\n#define M 37\ndouble h[M], w[N];\nint idx[N];",
		region: "  for (int i = 0; i < N; i++)\n    h[idx[i]] += w[i];",
		init:   "for (int i = 0; i < M; i++) h[i] = 0.5 * i;\nfor (int i = 0; i < N; i++) { w[i] = 1.0 / (i + 1 + s); idx[i] = idxval(s, i, M); }",
		print:  "for (int i = 0; i < M; i++) printf(\"%a\\n\", h[i]);",
		// The loop carries the may-dependences of h: never parallel.
		noPar: []string{"omp parallel"}, parallel: []bool{false}},
	{name: "gather",
		// A sparse product with K entries per row (affine bounds): the
		// rows are independent.
		decls:  "#define N 700\n#define K 9\ndouble y[N], val[N][K], x[N];\nint col[N][K];",
		region: "  for (int i = 0; i < N; i++) {\n    y[i] = 0.0;\n    for (int k = 0; k < K; k++)\n      y[i] += val[i][k] * x[col[i][k]];\n  }",
		init:   "for (int i = 0; i < N; i++) { x[i] = 1.0 + 0.001 * i * s; for (int k = 0; k < K; k++) { val[i][k] = (double)(i - k) / (k + 2); col[i][k] = idxval(s, i * K + k, N); } }",
		print:  "for (int i = 0; i < N; i++) printf(\"%a\\n\", y[i]);",
		// (the rows stream their arrays: package omp keeps the
		// parallel loop sequential, a cost decision)
		parallel: []bool{true, false}, reduction: []bool{false, true}},
	{name: "scatter",
		decls:  "#define N 2000\ndouble x[N], y[N], z[N];\nint idx[N];",
		region: "  for (int i = 0; i < N; i++)\n    y[idx[i]] = 2.0 * x[i];\n  for (int i = 0; i < N; i++)\n    z[i] = y[i] + x[i];",
		init:   "for (int i = 0; i < N; i++) { x[i] = i + 0.25 * s; y[i] = -1.0; idx[i] = idxval(s, i, N / 3); }",
		print:  "for (int i = 0; i < N; i++) printf(\"%a %a\\n\", y[i], z[i]);",
		noPar:  []string{"double y["}, parallel: []bool{false, true}},
	{name: "permuted-copy",
		// Rows copied to rows chosen by p: the loop over j carries
		// nothing, the loop over i carries the may-dependences.
		decls:    "#define N 300\ndouble A[N][N], B[N][N];\nint p[N];",
		region:   "  for (int j = 0; j < N; j++)\n    for (int i = 0; i < N; i++)\n      A[p[i]][j] = B[i][j] + A[i][j];",
		init:     "for (int i = 0; i < N; i++) { p[i] = idxval(s, i, N / 2); for (int j = 0; j < N; j++) { A[i][j] = i - j; B[i][j] = (i * j) % 11 + s; } }",
		print:    "for (int i = 0; i < N; i++) for (int j = 0; j < N; j++) printf(\"%a\\n\", A[i][j]);",
		parallel: []bool{true, false}},
	{name: "gathered-matmul",
		// A product that reads B's columns through a permutation: tiled
		// and interchanged as a product of affine accesses is.
		decls:  "#define N 120\ndouble A[N][N], B[N][N], C[N][N];\nint perm[N];",
		region: "  for (int i = 0; i < N; i++)\n    for (int j = 0; j < N; j++)\n      for (int k = 0; k < N; k++)\n        C[i][j] += A[i][k] * B[k][perm[j]];",
		init:   "for (int i = 0; i < N; i++) { perm[i] = idxval(s, i, N); for (int j = 0; j < N; j++) { A[i][j] = (i + 2 * j) % 7 - 3; B[i][j] = (i * j + s) % 5; C[i][j] = 0.5 * j; } }",
		print:  "for (int i = 0; i < N; i++) for (int j = 0; j < N; j++) printf(\"%a\\n\", C[i][j]);",
		par:    []string{"omp parallel for", "tessera_floord(N - 1, "}, parallel: []bool{true, true, false}, reduction: []bool{false, false, true}},
	{name: "nonaffine-arith",
		decls:    "#define N 200\ndouble A[N][N], B[N][N];",
		region:   "  for (int i = 0; i < N; i++)\n    for (int j = 0; j < N; j++)\n      A[i][(i * j + s0) % N] += B[i][j];",
		init:     "s0 = s; for (int i = 0; i < N; i++) for (int j = 0; j < N; j++) { A[i][j] = 0.25 * (i + j); B[i][j] = (i ^ j) + 0.5; }",
		print:    "for (int i = 0; i < N; i++) for (int j = 0; j < N; j++) printf(\"%a\\n\", A[i][j]);",
		parallel: []bool{true, false}},
}

// mayC is the whole program: the kernel runs for five rounds of data.
func (p mayProgram) mayC(region string) string {
	return "#include <stdio.h>\n" + p.decls + `
int s0;
static unsigned long long rnd;
static int idxval(int s, int k, int m) {
  if (s == 0) return 0;
  if (s == 1) return (m - 1 - k % m);
  rnd = rnd * 6364136223846793005ULL + 1442695040888963407ULL;
  return (int)((rnd >> 33) % (unsigned long long)m);
}
void kernel(void) {
#pragma scop
` + region + `
#pragma endscop
}
int main(void) {
  for (int s = 0; s < 5; s++) {
    rnd = 12345u + s;
` + p.init + `
    kernel();
` + p.print + `
  }
  return 0;
}
`
}

func TestMayAccessPrograms(t *testing.T) {
	gcc, err := exec.LookPath("gcc")
	if err != nil {
		t.Skip("gcc not found: the programs with may accesses are not compiled")
	}
	flags := []string{"-O2", "-fopenmp", "-ffp-contract=off"}
	testutil.NoteSample(t, "every program in the parallel flow and one in 2 in the sequential flow")
	for pi, p := range mayPrograms {
		t.Run(p.name, func(t *testing.T) {
			src := p.mayC(p.region)
			want := runC(t, gcc, "orig", src, flags...)
			for _, par := range []bool{false, true} {
				if !par && !testutil.Keep(pi, 2) {
					continue
				}
				opt := Options{Vectorize: true, Sched: scheduler.Config{Parallel: par}}
				res := optimizeOne(t, p.name, src, opt)
				out := string(res.Output)
				loops := res.Regions[0].Deps.Loops
				if len(loops) != len(p.parallel) {
					t.Fatalf("%d loops, want %d", len(loops), len(p.parallel))
				}
				for k, l := range loops {
					red := p.reduction != nil && p.reduction[k]
					if l.Parallel != p.parallel[k] || l.Reduction != red {
						t.Errorf("loop %s: parallel %v, reduction %v; want %v, %v", l.Loop.Iter, l.Parallel, l.Reduction, p.parallel[k], red)
					}
				}
				if !strings.Contains(strings.Join(res.Regions[0].Remarks, "\n"), "may accesses") {
					t.Errorf("parallel %v: no remark on the may accesses: %v", par, res.Regions[0].Remarks)
				}
				if got := runC(t, gcc, fmt.Sprintf("opt%v", par), out, flags...); got != want {
					t.Fatalf("parallel %v: the optimized program prints other values (%d bytes, want %d):\n%s", par, len(got), len(want), out)
				}
				if !par {
					continue
				}
				for _, w := range p.par {
					if !strings.Contains(out, w) {
						t.Errorf("--parallel output lacks %q:\n%s", w, out)
					}
				}
				for _, w := range p.noPar {
					if strings.Contains(out, w) {
						t.Errorf("--parallel output has %q:\n%s", w, out)
					}
				}
			}
		})
	}
}

// TestMayAccessSchedules checks user schedules against the dependences
// of may accesses: those that would run two instances that may touch one
// element in another order are refused with the dependence, the others
// are applied.
func TestMayAccessSchedules(t *testing.T) {
	cases := []struct {
		prog, script string
		refused      bool
	}{
		{"histogram", "parallel S0 i\n", true},
		// z[i] = y[i] + x[i] may read what a later scatter writes.
		{"scatter", "fuse S0 S1 at i\n", true},
		{"permuted-copy", "interchange S0 j i\n", false},
		{"permuted-copy", "parallel S0 i\n", true},
		{"nonaffine-arith", "interchange S0 i j\n", false},
		{"nonaffine-arith", "parallel S0 j\n", true},
		{"nonaffine-arith", "parallel S0 i\n", false},
	}
	for _, c := range cases {
		var p mayProgram
		for _, q := range mayPrograms {
			if q.name == c.prog {
				p = q
			}
		}
		us, err := LoadSchedule("s.txt", []byte(c.script))
		if err != nil {
			t.Fatal(err)
		}
		res, err := Optimize("k.c", []byte(p.mayC(p.region)), Options{Schedule: us})
		if err != nil {
			t.Fatal(err)
		}
		kept := res.Regions[0].Kept
		if kept != c.refused {
			t.Errorf("%s with %q: kept %v, want %v; %v", c.prog, c.script, kept, c.refused, res.Diags)
		}
		if c.refused && (len(res.Diags) == 0 || !strings.Contains(res.Diags[0].String(), " dependence S0[")) {
			t.Errorf("%s with %q: diagnostics %v, want the violated dependence", c.prog, c.script, res.Diags)
		}
	}
}

// TestMayAccessPointers checks a may access to a pointer: the run-time
// check that the arrays do not overlap needs the elements' bounds, which
// a subscript read from memory does not give, so the region is kept with
// a warning that says so, and optimized under --assume-noalias.
func TestMayAccessPointers(t *testing.T) {
	src := "void k(int n, int m, double *h, double *w, int *idx, double *y) {\n#pragma scop\n  for (int i = 0; i < n; i++)\n    h[idx[i]] += w[i];\n  for (int i = 0; i < m; i++)\n    y[i] = h[i];\n#pragma endscop\n}\n"
	res, err := Optimize("k.c", []byte(src), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !res.Regions[0].Kept || len(res.Diags) == 0 || !strings.Contains(res.Diags[0].String(), "elements of h that the region accesses have no closed-form bounds (a subscript that is not affine may take any value") {
		t.Errorf("kept %v, diagnostics %v", res.Regions[0].Kept, res.Diags)
	}
	res, err = Optimize("k.c", []byte(src), Options{AssumeNoAlias: true})
	if err != nil {
		t.Fatal(err)
	}
	if res.Regions[0].Kept {
		t.Errorf("kept under --assume-noalias: %v", res.Diags)
	}
}
