package bench

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// The tests below build a tiny tree shaped like PolyBench/C (utilities/
// with polybench.c and polybench.h, kernels as KERNEL.c beside KERNEL.h,
// sizes in "# ifdef <DATASET>_DATASET" blocks, the time on stdout with
// -DPOLYBENCH_TIME and a dump on stderr with -DPOLYBENCH_DUMP_ARRAYS).
// Every file is written here for the tests; none comes from PolyBench.

const fakeUtilH = `/* test stand-in for a benchmark utility header */
#ifndef FAKE_UTIL_H
#define FAKE_UTIL_H
#include <stdio.h>
double fake_clock(void);
#define FAKE_DUMP_OPEN(name) fprintf(stderr, "==BEGIN==\nbegin dump: %s", name)
#define FAKE_DUMP_CLOSE(name) fprintf(stderr, "\nend   dump: %s\n==END==\n", name)
#endif
`

const fakeUtilC = `#include <time.h>
#include "polybench.h"
double fake_clock(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + 1e-9 * ts.tv_nsec;
}
`

// fakeKernelH returns a size header in the tree's style for one size N.
func fakeKernelH(guard string, mini, small int) string {
	return "#ifndef " + guard + "\n# define " + guard + "\n" +
		"# if !defined(MINI_DATASET) && !defined(SMALL_DATASET)\n#  define SMALL_DATASET\n# endif\n" +
		"# if !defined(N)\n" +
		"#  ifdef MINI_DATASET\n#   define N " + strconv.Itoa(mini) + "\n#  endif\n\n" +
		"#  ifdef SMALL_DATASET\n#   define N " + strconv.Itoa(small) + "\n#  endif\n" +
		"# endif\n# define DATA_TYPE double\n#endif\n"
}

// fakeKernelC is a row-sum kernel: y[i] = sum_j (i + j) * 0.25.
func fakeKernelC(header string) string {
	return `#include <polybench.h>
#include "` + header + `"
static DATA_TYPE A[N][N], y[N];
static void kernel(void) {
  int i, j;
#pragma scop
  for (i = 0; i < N; i++) {
    y[i] = 0.0;
    for (j = 0; j < N; j++)
      y[i] += A[i][j];
  }
#pragma endscop
}
int main(void) {
  int i, j;
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      A[i][j] = (i + j) * 0.25;
  double t0 = fake_clock();
  kernel();
  double t1 = fake_clock();
#ifdef PERTURB
  y[N - 1] += 1.0;
#endif
#ifdef POLYBENCH_TIME
  printf("%0.6f\n", t1 - t0);
#endif
#ifdef POLYBENCH_DUMP_ARRAYS
  FAKE_DUMP_OPEN("y");
  for (i = 0; i < N; i++) {
    if (i % 4 == 0) fprintf(stderr, "\n");
    fprintf(stderr, "%0.2lf ", y[i]);
  }
  FAKE_DUMP_CLOSE("y");
#endif
  return 0;
}
`
}

// writeFakePolyBench writes the test tree and returns its root.
func writeFakePolyBench(t *testing.T) string {
	t.Helper()
	root := t.TempDir()
	files := map[string]string{
		"utilities/polybench.h":         fakeUtilH,
		"utilities/polybench.c":         fakeUtilC,
		"utilities/helper/helper.c":     "int helper;\n", // under utilities: never a kernel
		"utilities/helper/helper.h":     "\n",
		"algebra/blas/rowsum/rowsum.c":  fakeKernelC("rowsum.h"),
		"algebra/blas/rowsum/rowsum.h":  fakeKernelH("ROWSUM_H", 6, 30),
		"stencils/rowsum-2/rowsum-2.c":  fakeKernelC("rowsum-2.h"),
		"stencils/rowsum-2/rowsum-2.h":  fakeKernelH("ROWSUM2_H", 9, 40),
		"stencils/rowsum-2/notes.c":     "not a kernel: no notes.h\n",
		"stencils/orphan/orphan.c":      "int orphan;\n",
		"stencils/orphan/orphan_data.h": "\n",
	}
	for p, body := range files {
		full := filepath.Join(root, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

func TestDiscoverPolyBench(t *testing.T) {
	root := writeFakePolyBench(t)
	tree, err := DiscoverPolyBench(root)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, k := range tree.Kernels {
		got = append(got, k.Name+"@"+filepath.ToSlash(k.Rel))
	}
	want := "rowsum@algebra/blas/rowsum/rowsum.c rowsum-2@stencils/rowsum-2/rowsum-2.c"
	if strings.Join(got, " ") != want {
		t.Errorf("kernels %v, want %s", got, want)
	}
	ks, err := tree.Select([]string{"rowsum-2"})
	if err != nil || len(ks) != 1 || ks[0].Name != "rowsum-2" || ks[0].Category != "stencils" || ks[0].Tolerance != TolLoose {
		t.Errorf("Select(rowsum-2) = %+v, %v", ks, err)
	}
	ks, _ = tree.Select(nil)
	if len(ks) != 2 || ks[0].Category != "algebra/blas" {
		t.Errorf("Select(all) = %+v", ks)
	}
	if _, err := tree.Select([]string{"gemm"}); err == nil || !strings.Contains(err.Error(), "rowsum") {
		t.Errorf("Select(gemm): error %v, want one listing the kernels", err)
	}
	if s, err := tree.Sizes("rowsum-2", "MINI"); err != nil || s["N"] != 9 || len(s) != 1 {
		t.Errorf("Sizes(rowsum-2, MINI) = %v, %v", s, err)
	}

	// A kernel named like a suite kernel takes its tolerance and flops.
	dir := filepath.Join(root, "algebra", "blas", "gemm")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(dir, "gemm.c"), []byte("\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "gemm.h"), []byte("#  ifdef MINI_DATASET\n#   define NI 2\n#   define NJ 3\n#   define NK 4\n#  endif\n"), 0o644)
	tree, err = DiscoverPolyBench(root)
	if err != nil {
		t.Fatal(err)
	}
	ks, _ = tree.Select([]string{"gemm"})
	if len(ks) != 1 || ks[0].Tolerance != TolFP || tree.FlopCount(ks[0], "MINI") != 2*2*3*4+2*3 {
		t.Errorf("gemm: %+v, flops %v", ks, tree.FlopCount(ks[0], "MINI"))
	}

	// Errors: not a tree, no kernels, two kernels with one name.
	if _, err := DiscoverPolyBench(t.TempDir()); err == nil || !strings.Contains(err.Error(), "utilities/polybench.c") {
		t.Errorf("empty dir: %v", err)
	}
	empty := t.TempDir()
	os.MkdirAll(filepath.Join(empty, "utilities"), 0o755)
	os.WriteFile(filepath.Join(empty, "utilities", "polybench.c"), nil, 0o644)
	os.WriteFile(filepath.Join(empty, "utilities", "polybench.h"), nil, 0o644)
	if _, err := DiscoverPolyBench(empty); err == nil || !strings.Contains(err.Error(), "no kernel") {
		t.Errorf("no kernels: %v", err)
	}
	dup := filepath.Join(root, "other", "rowsum")
	os.MkdirAll(dup, 0o755)
	os.WriteFile(filepath.Join(dup, "rowsum.c"), nil, 0o644)
	os.WriteFile(filepath.Join(dup, "rowsum.h"), nil, 0o644)
	if _, err := DiscoverPolyBench(root); err == nil || !strings.Contains(err.Error(), "two PolyBench kernels") {
		t.Errorf("duplicate names: %v", err)
	}
}

func TestParsePolyBenchSizes(t *testing.T) {
	src := `# if !defined(MINI_DATASET) && !defined(SMALL_DATASET)
#  define SMALL_DATASET
# endif
# if !defined(TSTEPS) && !defined(N)
#  ifdef MINI_DATASET
#   define TSTEPS 20
#   define N 30
#  endif
#  ifdef SMALL_DATASET
#   ifdef ODD
#    define N 7
#   endif
#   define TSTEPS 40
#   define N 90
#  endif
#endif
# define _PB_N POLYBENCH_LOOP_BOUND(N,n)
`
	for _, tc := range []struct {
		ds   string
		want string
		err  bool
	}{
		{"MINI", "N=30 TSTEPS=20", false},
		{"SMALL", "N=90 TSTEPS=40", false}, // the nested block is skipped
		{"LARGE", "", true},
	} {
		s, err := parseSizes(src, tc.ds)
		if (err != nil) != tc.err {
			t.Errorf("%s: error %v", tc.ds, err)
			continue
		}
		var got []string
		for _, n := range []string{"N", "TSTEPS"} {
			if v, ok := s[n]; ok {
				got = append(got, n+"="+strconv.Itoa(int(v)))
			}
		}
		if strings.Join(got, " ") != tc.want || (!tc.err && len(s) != 2) {
			t.Errorf("%s: sizes %v, want %s", tc.ds, s, tc.want)
		}
	}
	if _, err := parseSizes("#  ifdef MINI_DATASET\n#   define N 1e3\n#  endif\n", "MINI"); err == nil {
		t.Errorf("non-integer size accepted")
	}
}

func TestComparePolyBench(t *testing.T) {
	dump := func(vals string) string {
		return "==BEGIN DUMP_ARRAYS==\nbegin dump: y\n" + vals + "\nend   dump: y\n==END   DUMP_ARRAYS==\n"
	}
	for _, tc := range []struct {
		name      string
		want, got string
		rtol      float64
		match     bool
	}{
		{"equal exact", dump("0.25 1.50"), dump("0.25 1.50"), 0, true},
		{"differ exact", dump("0.25 1.50"), dump("0.26 1.50"), 0, false},
		{"printed rounding flip", dump("0.12 1.50"), dump("0.13 1.50"), 1e-9, true},
		{"two printed units", dump("0.12 1.50"), dump("0.14 1.50"), 1e-9, false},
		// PolyBench 3's mvt at STANDARD: the parsed difference of two
		// large neighbours exceeds 0.01 by a rounding of the parse.
		{"printed flip on a large value", "2161619.87 1.00", "2161619.86 1.00", 1e-9, true},
		{"two units on a large value", "2161619.87 1.00", "2161619.85 1.00", 1e-9, false},
		{"relative on large values", dump("123456.00 1.00"), dump("123456.10 1.00"), 1e-6, true},
		{"relative too far", dump("123456.00 1.00"), dump("123457.00 1.00"), 1e-6, false},
		{"block scale", "begin dump: a\n1e-12 1000000\nend   dump: a\n", "begin dump: a\n3e-12 1000000\nend   dump: a\n", 1e-9, true},
		{"integers", dump("3 4"), dump("3 5"), 1e-6, false},
		{"structure", dump("0.25 1.50"), strings.Replace(dump("0.25 1.50"), "dump: y", "dump: z", 1), 1e-6, false},
		{"token count", dump("0.25 1.50"), dump("0.25"), 1e-6, false},
		{"nan", dump("0.25 1.50"), dump("0.25 nan"), 1e-6, false},
		{"nan both", dump("0.25 nan"), dump("0.25 nan"), 1e-6, true},
	} {
		msg := ComparePolyBench([]byte(tc.want), []byte(tc.got), tc.rtol)
		if (msg == "") != tc.match {
			t.Errorf("%s: ComparePolyBench = %q, want match %v", tc.name, msg, tc.match)
		}
	}
	if _, err := parsePolyBenchTime([]byte("\n")); err == nil {
		t.Errorf("parsePolyBenchTime accepted no time")
	}
	if v, err := parsePolyBenchTime([]byte("note\n0.001250\n")); err != nil || v != 0.00125 {
		t.Errorf("parsePolyBenchTime = %v, %v", v, err)
	}
}

// TestRunPolyBenchTree runs the harness on the test tree: a fake tessera
// that copies the kernel (OK, exact in strict mode), one that breaks it
// (WRONG), and a compiler flow that perturbs the output (WRONG).
func TestRunPolyBenchTree(t *testing.T) {
	needGCC(t)
	root := writeFakePolyBench(t)
	copyOpt := fakeTessera(t, "")
	breakOpt := fakeTessera(t, `s/y\[i\] += A\[i\]\[j\];/y[i] += 2 * A[i][j];/`)
	perturb := Flow{Name: "perturb", Kind: External, Compiler: "gcc -O1", ExtraCFlags: []string{"-DPERTURB"}, Reassociates: true}
	rep, err := Run(context.Background(), Config{
		PolyBench: root,
		Dataset:   "MINI",
		Runs:      1,
		Tessera:   copyOpt,
		Compiler:  "gcc -O1",
		Strict:    true,
		Jobs:      2,
		Flows:     []Flow{TesseraFlow("copy", "--novectorize"), perturb},
	})
	if err != nil {
		t.Fatal(err)
	}
	if rep.PolyBench == "" || len(rep.Results) != 6 {
		t.Fatalf("report: polybench %q, %d cells", rep.PolyBench, len(rep.Results))
	}
	for _, k := range []string{"rowsum", "rowsum-2"} {
		for flow, status := range map[string]string{"baseline": StatusOK, "copy": StatusOK, "perturb": StatusWrong} {
			c, ok := rep.Cell(k, flow)
			if !ok || c.Status != status {
				t.Errorf("%s/%s: %+v, want %s", k, flow, c, status)
			}
			// MINI kernels may print a time of 0.000000: no speedup then.
			if status == StatusOK && (len(c.Times) != 1 || c.Median > 0 && c.Speedup <= 0) {
				t.Errorf("%s/%s: OK without time or speedup: %+v", k, flow, c)
			}
		}
	}
	var text bytes.Buffer
	if err := rep.WriteText(&text); err != nil || !strings.Contains(text.String(), "PolyBench/C tree") {
		t.Errorf("text report: %v\n%s", err, text.String())
	}

	// A tessera that changes the computation is WRONG; --kernels filters.
	rep, err = Run(context.Background(), Config{
		PolyBench: root,
		Kernels:   []string{"rowsum-2"},
		Dataset:   "MINI",
		Runs:      1,
		Tessera:   breakOpt,
		Compiler:  "gcc -O1",
		Flows:     []Flow{TesseraFlow("broken")},
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Results) != 2 {
		t.Fatalf("--kernels rowsum-2: %d cells", len(rep.Results))
	}
	if c, _ := rep.Cell("rowsum-2", "broken"); c.Status != StatusWrong || !strings.Contains(c.Message, "(y)") {
		t.Errorf("broken flow: %+v", c)
	}

	// Configuration errors.
	for _, cfg := range []Config{
		{PolyBench: root, Kernels: []string{"nosuch"}},
		{PolyBench: t.TempDir()},
		{PolyBench: root, Roofline: true},
	} {
		if _, err := Run(context.Background(), cfg); err == nil {
			t.Errorf("Run(%+v): no error", cfg)
		}
	}
}

func TestMainPolyBenchList(t *testing.T) {
	root := writeFakePolyBench(t)
	var out, errb bytes.Buffer
	if code := Main([]string{"--polybench", root, "--list", "--dataset", "MINI"}, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	if !strings.Contains(out.String(), "rowsum-2") || !strings.Contains(out.String(), "N=9") || !strings.Contains(out.String(), "stencils/rowsum-2/rowsum-2.c") {
		t.Errorf("--list:\n%s", out.String())
	}
	out.Reset()
	if code := Main([]string{"--polybench", root, "--list", "--json"}, &out, &errb); code != 0 || !strings.Contains(out.String(), `"path": "algebra/blas/rowsum/rowsum.c"`) {
		t.Errorf("--list --json: exit %d\n%s", code, out.String())
	}
	if code := Main([]string{"--polybench", t.TempDir(), "--list"}, &out, &errb); code != 2 {
		t.Errorf("not a tree: exit %d, want 2", code)
	}
}

// FuzzComparePolyBench: never panics; a dump always matches itself.
func FuzzComparePolyBench(f *testing.F) {
	f.Add("==BEGIN DUMP_ARRAYS==\nbegin dump: C\n0.25 1.50\nend   dump: C\n==END   DUMP_ARRAYS==\n", "begin dump: C\n0.26 1.5\nend   dump: C\n", 1e-9)
	f.Add("end dump: begin dump: nan inf -0.00 1e308", "dump: dump:", 0.0)
	f.Add("begin dump: a\n.5 5. 1.2.3\nend   dump: a", "begin dump: a\n0.5 5 x\nend   dump: a", 1e-6)
	fuzzCompare(f, ComparePolyBench)
}

// TestPolyBench3Tree: a PolyBench 3.x tree keeps its arrays on the stack
// unless -DPOLYBENCH_HEAP_ARRAYS (the harness passes it) and has a
// STANDARD dataset (accepted with --polybench only).
func TestPolyBench3Tree(t *testing.T) {
	needGCC(t)
	root := writeFakePolyBench(t)
	util := filepath.Join(root, "utilities", "polybench.h")
	h3 := fakeUtilH + "#ifndef POLYBENCH_HEAP_ARRAYS\n#error stack arrays overflow at this size\n#endif\n"
	if err := os.WriteFile(util, []byte(h3), 0o644); err != nil {
		t.Fatal(err)
	}
	hdr := filepath.Join(root, "stencils", "rowsum-2", "rowsum-2.h")
	std := "#ifndef R2_H\n# define R2_H\n# ifdef STANDARD_DATASET\n#  define N 17\n# endif\n# define DATA_TYPE double\n#endif\n"
	if err := os.WriteFile(hdr, []byte(std), 0o644); err != nil {
		t.Fatal(err)
	}
	tree, err := DiscoverPolyBench(root)
	if err != nil || !tree.HeapArrays {
		t.Fatalf("tree %+v, %v: want HeapArrays", tree, err)
	}
	rep, err := Run(context.Background(), Config{
		PolyBench: root,
		Kernels:   []string{"rowsum-2"},
		Dataset:   "standard",
		Runs:      1,
		Tessera:   fakeTessera(t, ""),
		Compiler:  "gcc -O1",
		Flows:     []Flow{TesseraFlow("copy", "--novectorize")},
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, flow := range []string{"baseline", "copy"} {
		if c, ok := rep.Cell("rowsum-2", flow); !ok || c.Status != StatusOK {
			t.Errorf("%s: %+v", flow, c)
		}
	}
	if _, err := Run(context.Background(), Config{Dataset: "STANDARD"}); err == nil || !strings.Contains(err.Error(), "STANDARD with a PolyBench 3.x tree") {
		t.Errorf("STANDARD without a tree: %v", err)
	}
}
