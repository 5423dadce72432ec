package vector_test

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tessera-opt/tessera/internal/vector"
	"github.com/tessera-opt/tessera/pipeline"
)

// TestHredMinTrips: a horizontal reduction needs hredMinTrips (4) full
// vectors; a constant shorter trip count keeps the scalar loop, a symbolic
// one is tested at run time with the original loop in the else branch.
func TestHredMinTrips(t *testing.T) {
	for _, tc := range []struct {
		name, elem, body string
		out, notOut      []string
	}{
		{name: "const-short", elem: "double", body: "for (int i = 0; i < n; i++) for (int k = 0; k < 7; k++) x[i] += A[i][k] * y[k];",
			notOut: []string{"tsv0_r"}},
		{name: "const-15", elem: "double", body: "for (int i = 0; i < n; i++) for (int k = 0; k < 15; k++) x[i] += A[i][k] * y[k];",
			notOut: []string{"tsv0_r"}},
		{name: "const-16", elem: "double", body: "for (int i = 0; i < n; i++) for (int k = 0; k < 16; k++) x[i] += A[i][k] * y[k];",
			out: []string{"tsv0_r += "}, notOut: []string{">= 16"}},
		{name: "const-float-short", elem: "float", body: "for (int i = 0; i < n; i++) for (int k = 0; k < 31; k++) x[i] += A[i][k] * y[k];",
			notOut: []string{"tsv0_r"}},
		{name: "symbolic", elem: "double", body: "for (int i = 0; i < n; i++) for (int k = 0; k < m; k++) x[i] += A[i][k] * y[k];",
			out: []string{"if (m - 1 + 1 >= 16) {\n", "tsv0_r += ", "} else\nfor (int c1 = 0; c1 < m; c1 += 1)\nx[c0] += A[c0][c1] * y[c1];"}},
		{name: "symbolic-float", elem: "float", body: "for (int i = 0; i < n; i++) for (int k = 0; k < m; k++) x[i] += A[i][k] * y[k];",
			out: []string{">= 32) {\n", "tsv_vf32 tsv0_r"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res := optimize(t, source(tc.elem, "", tc.body), pipeline.Options{})
			out := dedent(string(res.Output))
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
		})
	}
}

// dedent removes the indentation of every line of text: the checks do not
// depend on how deep package omp's versions nest the code.
func dedent(text string) string {
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimLeft(l, " \t")
	}
	return strings.Join(lines, "\n")
}

// dwconv is depthwise-conv's shape: an initialization, then a short
// reduction per output element. The scheduler's new order (distributed,
// without tiling) vectorizes the initialization as well, but not more of
// the deepest statement than the original does.
const dwconv = `for (int i = 0; i < n; i++)
  for (int j = 0; j < m; j++) {
    C[i][j] = 0;
    for (int k = 0; k < p; k++)
      C[i][j] = C[i][j] + A[i][j + k] * x[k];
  }`

// tie: the new schedule distributes the two statements and vectorizes the
// initialization as well, but the deepest statement is a horizontal
// reduction in both: the original stays.
const tie = `for (int i = 0; i < n; i++) {
  z[i] = 0;
  for (int j = 0; j < m; j++)
    x[i] = x[i] + A[i][j] * y[j];
}`

// dwconvDistributed is dwconv's reduction alone in the order i, j, k: the
// vector stage interchanges j and k (interchange.go).
const dwconvDistributed = `for (int i = 0; i < n; i++)
  for (int j = 0; j < m; j++)
    for (int k = 0; k < p; k++)
      C[i][j] = C[i][j] + A[i][j + k] * x[k];`

// mvt is PolyBench's mvt: two matrix-vector products, the second along
// columns.
const mvt = `for (int i = 0; i < n; i++)
  for (int j = 0; j < n; j++)
    x[i] = x[i] + A[i][j] * y[j];
for (int i = 0; i < n; i++)
  for (int j = 0; j < n; j++)
    z[i] = z[i] + A[j][i] * y[j];`

// TestScheduleChoice checks which schedule the vector stage gets when the
// new one tiles nothing: the original unless the new one vectorizes more
// of the deepest statements (vector.Gains), and with --parallel the
// original with parallel marks when the parallel flow prefers it.
func TestScheduleChoice(t *testing.T) {
	for _, tc := range []struct {
		name, body             string
		parallel, notile, user bool
		script                 string // a user schedule (implies user)
		remark, out            []string
		notOut                 []string
	}{
		{name: "tie", body: tie,
			remark: []string{"original schedule kept: --vectorize does not vectorize more of the new one's deepest statements (new [S0 S1], original [S1])"},
			out:    []string{"z[c0] = 0;\nif (m - 1 + 1 >= 16) {"}, notOut: []string{"ivdep"}},
		{name: "dwconv", body: dwconv,
			remark: []string{"new schedule kept for --vectorize: it vectorizes [S0 S1], the original [S1]", "(mark ivdep)"},
			out:    []string{"for (int c1 = 0; c1 < p; c1 += 1) {\n#pragma GCC ivdep\nfor (int c2 = 0; c2 < m; c2 += 1)\nC[c0][c2] = C[c0][c2] + tessera_unfused(A[c0][c2 + c1] * x[c1], tessera_nz);"},
			notOut: []string{"_mm256"}},
		{name: "dwconv-parallel", body: dwconv, parallel: true,
			remark: []string{"original schedule kept with 1 parallel loop(s)", "new schedule kept for --vectorize: it vectorizes [S0 S1], the original [S1]"},
			// The parallel body moves into a function (the vector stage
			// only marked loops): the simd loop is there.
			out: []string{"#pragma omp parallel for\nfor (int c0 = 0; c0 < n; c0 += 1)\ntessera_par_", "for (int c1 = 0; c1 < p; c1 += 1) {\n#pragma omp simd\nfor (int c2 = 0; c2 < m; c2 += 1)"}},
		// The original order through an empty user schedule (coincident
		// flags, no scheduler): the interchange of interchange.go.
		{name: "dwconv-interchange", body: dwconvDistributed, user: true,
			remark: []string{"(interchanged with c2, mark ivdep)", "when c2 runs at least 16 times; otherwise c1 is interchanged with it"},
			out: []string{"if (p - 1 + 1 >= 16) {\nfor (int c1 = 0; c1 < m; c1 += 1) {\ntsv_vd32 tsv0_r = {0};",
				"} else\nfor (int c2 = 0; c2 < p; c2 += 1) {\n#pragma GCC ivdep\nfor (int c1 = 0; c1 < m; c1 += 1)\nC[c0][c1] = C[c0][c1] + tessera_unfused(A[c0][c1 + c2] * x[c2], tessera_nz);"}},
		{name: "interchange-const", body: strings.ReplaceAll(dwconvDistributed, "k < p", "k < 7"), user: true,
			out: []string{"for (int c2 = 0; c2 <= 6; c2 += 1) {\n#pragma GCC ivdep\nfor (int c1 = 0; c1 < m; c1 += 1)"}, notOut: []string{"tsv0_r"}},
		{name: "interchange-const-long", body: strings.ReplaceAll(dwconvDistributed, "k < p", "k < 40"), user: true,
			out: []string{"tsv0_r += "}, notOut: []string{"ivdep"}},
		// The new order, with the mark on its innermost loop, beats the
		// original's interchange.
		{name: "new-order-beats-interchange", body: strings.ReplaceAll(dwconvDistributed, "k < p", "k < 40"),
			remark: []string{"new schedule kept for --vectorize"},
			out:    []string{"for (int c1 = 0; c1 <= 39; c1 += 1) {\n#pragma GCC ivdep"}},
		// A loop under a parallel mark stays outside: the reduction loop
		// would run in parallel otherwise.
		{name: "no-interchange-parallel-mark", body: dwconvDistributed, parallel: true, script: "parallel S0 j",
			out:    []string{"#pragma omp parallel for\nfor (int c1 = 0; c1 < m; c1 += 1)\nif (p - 1 + 1 >= 16) {"},
			notOut: []string{"interchanged", "omp parallel for\nfor (int c2"}},
		{name: "mvt", body: mvt,
			remark: []string{"original schedule kept: --vectorize found nothing to do with the new one", "(interchanged with c1, mark ivdep)"},
			out: []string{"x[c0] += tsv0_r[0] + tsv0_r[1] + tsv0_r[2] + tsv0_r[3];",
				"for (int c1 = 0; c1 < n; c1 += 1) {\n#pragma GCC ivdep\nfor (int c0 = 0; c0 < n; c0 += 1)\nz[c0] = z[c0] + tessera_unfused(A[c1][c0] * y[c1], tessera_nz);"}},
		// Both loops stream their arrays and stay sequential (package
		// omp): no marks, so the nests are those of the sequential flow.
		{name: "mvt-parallel", body: mvt, parallel: true,
			remark: []string{"the original's 2 parallel loop(s) stream their arrays from memory: kept without parallel marks", "(interchanged with c1, mark simd)"},
			out: []string{"x[c0] += tsv0_r[0] + tsv0_r[1] + tsv0_r[2] + tsv0_r[3];",
				"for (int c1 = 0; c1 < n; c1 += 1) {\n#pragma omp simd\nfor (int c0 = 0; c0 < n; c0 += 1)\nz[c0] = z[c0] + tessera_unfused(A[c1][c0] * y[c1], tessera_nz);"},
			notOut: []string{"omp parallel"}},
		{name: "matmul-parallel-notile", body: matmul, parallel: true, notile: true,
			remark: []string{"original schedule kept with 1 parallel loop(s)", "new schedule kept for --vectorize: it vectorizes [S0], the original [S0]"},
			out:    []string{"_mm256_fmadd_pd"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			opt := pipeline.Options{}
			opt.Vector.NoPack = true
			opt.Sched.Parallel = tc.parallel
			opt.Sched.NoTile = tc.notile
			if tc.user || tc.script != "" {
				var err error
				if opt.Schedule, err = pipeline.LoadSchedule("user", []byte("# the original order\n"+tc.script+"\n")); err != nil {
					t.Fatal(err)
				}
			}
			res := optimize(t, source("double", "", tc.body), opt)
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
				if strings.Contains(out, s) || strings.Contains(rm, s) {
					t.Errorf("output or remarks have %q:\n%s\n%s", s, rm, out)
				}
			}
		})
	}
}

// TestGuardGCC: the intrinsic kernels are guarded by the target's macros,
// so the output builds with plain `gcc -O2` (no -mavx2 -mfma: the scalar
// nest of the #else branch runs) as well as with them (the kernel runs),
// and both print the original's results (within FMA rounding).
func TestGuardGCC(t *testing.T) {
	gcc, err := exec.LookPath("gcc")
	if err != nil || !vector.HostRuns("avx2") {
		t.Skip("needs gcc and an AVX2+FMA host")
	}
	main := `
#include <stdio.h>
int main(void) {
  for (int i = 0; i < 200; i++) { x[i] = (T)(i % 9) / 4; y[i] = (T)(i % 5) / 2; z[i] = 1;
    for (int j = 0; j < 200; j++) {
      A[i][j] = (T)((i * 7 + j * 3) % 11) / 8; B[i][j] = (T)((i * 5 + j) % 13) / 4; C[i][j] = (T)((i + j) % 5);
    }
  }
  alpha = 1.5;
  kernel(37, 45, 29);
  double sum = 0, w = 0;
  for (int i = 0; i < 200; i++) { sum += x[i] + z[i]; w += (x[i] - z[i]) * (i % 7 + 1);
    for (int j = 0; j < 200; j++) { sum += C[i][j]; w += C[i][j] * ((i * 200 + j) % 7 + 1); } }
  printf("%.10e %.10e\n", sum, w);
  return 0;
}
`
	dir := t.TempDir()
	cases := []struct {
		name string
		pack bool
	}{{"packed", true}, {"fma", false}}
	if os.Getenv("TESSERA_LONG") == "" {
		cases = cases[:1] // TESSERA_LONG=1 also tries the unpacked kernel
	}
	// mvt's second product and the 7-tap rows are interchanged
	// (interchange.go), mvt's first product is a horizontal reduction.
	src := source("double", "", matmul+"\n"+mvt+"\n"+strings.ReplaceAll(dwconvDistributed, "k < p", "k < 7")) + main
	want := ""
	for _, tc := range cases {
		opt := pipeline.Options{}
		opt.Vector.NoPack = !tc.pack
		res := optimize(t, src, opt)
		out := string(res.Output)
		for _, s := range []string{"#if defined(__AVX2__) && defined(__FMA__)\n#include <immintrin.h>\n#endif\n", "#pragma GCC ivdep", "_r = {0};",
			"#if defined(__AVX2__) && defined(__FMA__) /* tessera: avx2 intrinsics */", "#else /* tessera: scalar code without avx2 */", "#endif /* tessera: avx2 */"} {
			if !strings.Contains(out, s) {
				t.Fatalf("%s: output lacks %q:\n%s", tc.name, s, out)
			}
		}
		run := func(name, text string, flags ...string) string {
			c := filepath.Join(dir, name+".c")
			if err := os.WriteFile(c, []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
			bin := filepath.Join(dir, name)
			args := append(append([]string{"-O2"}, flags...), c, "-o", bin)
			if out, err := exec.Command(gcc, args...).CombinedOutput(); err != nil {
				t.Fatalf("gcc %v: %v\n%s\n%s", args, err, out, text)
			}
			out, err := exec.Command(bin).Output()
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			return strings.TrimSpace(string(out))
		}
		if want == "" {
			want = run("orig", src)
		}
		for _, flags := range [][]string{nil, {"-mavx2", "-mfma"}} {
			got := run(tc.name+"-vec", out, flags...)
			var ws, ww, gs, gw float64
			fmt.Sscan(want, &ws, &ww)
			fmt.Sscan(got, &gs, &gw)
			if rel(ws, gs) > 1e-9 || rel(ww, gw) > 1e-9 {
				t.Errorf("%s, gcc -O2 %v: prints %s, original %s", tc.name, flags, got, want)
			}
		}
	}
}
