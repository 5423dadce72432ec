package bench

import (
	"bytes"
	"context"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/tessera-opt/tessera/internal/testutil"
)

func TestManifestMatchesFiles(t *testing.T) {
	files, err := fs.Glob(kernelFS, "kernels/*.c")
	if err != nil {
		t.Fatal(err)
	}
	onDisk := map[string]bool{}
	for _, f := range files {
		onDisk[strings.TrimSuffix(filepath.Base(f), ".c")] = true
	}
	seen := map[string]bool{}
	for _, k := range Manifest {
		if seen[k.Name] {
			t.Errorf("%s listed twice", k.Name)
		}
		seen[k.Name] = true
		if !onDisk[k.Name] {
			t.Errorf("%s: no kernels/%s.c", k.Name, k.Name)
		}
		switch k.Tolerance {
		case TolExact, TolFP, TolLoose:
		default:
			t.Errorf("%s: bad tolerance class %q", k.Name, k.Tolerance)
		}
		for _, ds := range Datasets {
			fl, err := FlopCount(k, ds)
			if err != nil || fl <= 0 {
				t.Errorf("%s %s: flops %v, %v", k.Name, ds, fl, err)
			}
		}
		// Datasets grow.
		prev := 0.0
		for _, ds := range Datasets {
			fl, _ := FlopCount(k, ds)
			if fl <= prev {
				t.Errorf("%s: %s is not larger than the previous dataset (%g <= %g flops)", k.Name, ds, fl, prev)
			}
			prev = fl
		}
	}
	for n := range onDisk {
		// Outputs of `tessera opt` run in place (NAME.tessera.c) are not
		// kernels; .gitignore keeps them out of the repository.
		if strings.HasSuffix(n, ".tessera") {
			continue
		}
		if !seen[n] {
			t.Errorf("kernels/%s.c is not in the Manifest", n)
		}
	}
	if len(Manifest) < 34 {
		t.Errorf("manifest has %d kernels, want at least 34", len(Manifest))
	}
}

// scopRegion returns the text between the pragmas, checking that there is
// exactly one balanced pair.
func scopRegion(t *testing.T, name string, src string) string {
	t.Helper()
	var begins, ends []int
	lines := strings.Split(src, "\n")
	for i, l := range lines {
		switch strings.TrimSpace(l) {
		case "#pragma scop":
			begins = append(begins, i)
		case "#pragma endscop":
			ends = append(ends, i)
		}
	}
	if len(begins) != 1 || len(ends) != 1 || ends[0] <= begins[0] {
		t.Errorf("%s: want one #pragma scop before one #pragma endscop, have %d and %d", name, len(begins), len(ends))
		return ""
	}
	return strings.Join(lines[begins[0]+1:ends[0]], "\n")
}

var callRE = regexp.MustCompile(`\b([A-Za-z_][A-Za-z0-9_]*)\s*\(`)

func TestScopRegions(t *testing.T) {
	allowed := map[string]bool{
		"for": true, "if": true, // statements
		"SQRT_FUN": true, "EXP_FUN": true, "POW_FUN": true, // math functions of DATA_TYPE
		"sqrt": true, "exp": true, "pow": true, "fabs": true, "fmin": true, "fmax": true,
		"DATA_TYPE": false,
	}
	for _, k := range Manifest {
		src, err := KernelSource(k.Name)
		if err != nil {
			t.Fatal(err)
		}
		body := scopRegion(t, k.Name, string(src))
		if body == "" {
			continue
		}
		if strings.Count(body, "{") != strings.Count(body, "}") {
			t.Errorf("%s: unbalanced braces in the scop", k.Name)
		}
		for _, m := range callRE.FindAllStringSubmatch(body, -1) {
			if !allowed[m[1]] {
				t.Errorf("%s: call or cast %q inside the scop", k.Name, m[1])
			}
		}
		for _, bad := range []string{"while", "goto", "break", "return", "->", "malloc"} {
			if regexp.MustCompile(`\b` + regexp.QuoteMeta(bad)).MatchString(body) {
				t.Errorf("%s: %q inside the scop", k.Name, bad)
			}
		}
		for _, cast := range []string{"(DATA_TYPE)", "(double)", "(float)", "(int)", "(long)"} {
			if strings.Contains(body, cast) {
				t.Errorf("%s: cast %s inside the scop", k.Name, cast)
			}
		}
		if !strings.Contains(string(src), `#include "tessera_bench.h"`) {
			t.Errorf("%s: does not include tessera_bench.h", k.Name)
		}
	}
}

func TestParseSizes(t *testing.T) {
	src := "#if defined(MINI_DATASET)\n#define N 4\n#define M 5\n#elif defined(LARGE_DATASET)\n#define N 400\n#endif\n#define OTHER 9\n"
	s, err := parseSizes(src, "MINI")
	if err != nil || s["N"] != 4 || s["M"] != 5 || len(s) != 2 {
		t.Errorf("MINI: %v %v", s, err)
	}
	s, err = parseSizes(src, "LARGE")
	if err != nil || s["N"] != 400 || len(s) != 1 {
		t.Errorf("LARGE: %v %v", s, err)
	}
	if _, err := parseSizes(src, "SMALL"); err == nil {
		t.Errorf("SMALL: want error")
	}
	// A conditional inside a dataset block is skipped with its defines.
	nested := "#if defined(MINI_DATASET)\n#define N 4\n#ifdef X\n#define N 9\n#endif\n#define M 5\n#endif\n"
	if s, err := parseSizes(nested, "MINI"); err != nil || s["N"] != 4 || s["M"] != 5 || len(s) != 2 {
		t.Errorf("nested: %v %v", s, err)
	}
}

func TestEvalExpr(t *testing.T) {
	vars := map[string]int64{"N": 10, "M": 3, "NI2": 7}
	for _, tc := range []struct {
		in   string
		want float64
		err  bool
	}{
		{"2*N*N", 200, false},
		{"N*(N+1)/2 + M", 58, false},
		{"-M + NI2", 4, false},
		{"(N - 2) * (N - 2)", 64, false},
		{"N /", 0, true},
		{"X", 0, true},
		{"N/(M-3)", 0, true},
		{"(N", 0, true},
	} {
		got, err := evalExpr(tc.in, vars)
		if (err != nil) != tc.err || (!tc.err && got != tc.want) {
			t.Errorf("evalExpr(%q) = %v, %v; want %v (error %v)", tc.in, got, err, tc.want, tc.err)
		}
	}
}

var (
	miniOnce     sync.Once
	miniReport   *Report
	miniProgress string
	miniErr      error
)

// miniKernels are the kernels of baselineMINI: the whole suite under
// TESSERA_LONG=1, one kernel in 2 in plain go test.
func miniKernels() []Kernel {
	var ks []Kernel
	for i, k := range Manifest {
		if testutil.Keep(i, 2) {
			ks = append(ks, k)
		}
	}
	return ks
}

// baselineMINI runs the baseline flow of miniKernels at MINI once per
// test binary, with warnings as errors: the kernel tests and the harness
// test share it. Runs: 1 means a warm-up and one timed run, whose outputs
// the harness compares (so every cell OK is deterministic).
func baselineMINI(t *testing.T) *Report {
	t.Helper()
	needGCC(t)
	testutil.NoteSample(t, "one kernel of the suite in 2")
	miniOnce.Do(func() {
		var progress bytes.Buffer
		var names []string
		for _, k := range miniKernels() {
			names = append(names, k.Name)
		}
		miniReport, miniErr = Run(context.Background(), Config{
			Kernels:  names,
			Dataset:  "MINI",
			Flows:    []Flow{},
			Runs:     1,
			Compiler: "gcc -O3 -march=native -Wall -Werror -Wno-unknown-pragmas",
			Jobs:     runtime.NumCPU(),
			Progress: &progress,
		})
		miniProgress = progress.String()
	})
	if miniErr != nil {
		t.Fatal(miniErr)
	}
	return miniReport
}

// TestKernelsRunMINI checks that every kernel compiles with gcc -O3 -Wall
// -Werror at MINI, runs, prints the same output twice, prints its time, and
// dumps finite, not all-zero arrays in full (one kernel in 2 in plain go
// test, every kernel under TESSERA_LONG=1).
func TestKernelsRunMINI(t *testing.T) {
	rep := baselineMINI(t)
	for _, k := range miniKernels() {
		r, ok := rep.Cell(k.Name, "baseline")
		if !ok {
			t.Errorf("%s: not run", k.Name)
			continue
		}
		if r.Status != StatusOK {
			t.Errorf("%s: %s: %s", k.Name, r.Status, r.Message)
			continue
		}
		out := string(r.output)
		low := strings.ToLower(out)
		if strings.Contains(low, "nan") || strings.Contains(low, "inf") {
			t.Errorf("%s: non-finite output", k.Name)
		}
		if !strings.HasPrefix(out, "tessera-array ") || !strings.Contains(out, "tessera-end ") || !strings.Contains(out, " full\n") {
			t.Errorf("%s: malformed dump (want full dumps at MINI):\n%.200s", k.Name, out)
		}
		nonzero := false
		for _, l := range strings.Split(out, "\n") {
			if strings.HasPrefix(l, "tessera-") {
				continue
			}
			for _, f := range strings.Fields(l) {
				if f != "0" && f != "-0" {
					nonzero = true
				}
			}
		}
		if !nonzero {
			t.Errorf("%s: output is all zero", k.Name)
		}
	}
}

func needGCC(t *testing.T) {
	t.Helper()
	if _, err := exec.LookPath("gcc"); err != nil {
		t.Skip("gcc not installed")
	}
}

// TestKernelsLinkEXTRALARGE checks that the largest dataset still compiles
// and links (static arrays over 2 GB do not link in the default code model):
// one kernel in 2 in plain go test, every kernel under TESSERA_LONG=1.
func TestKernelsLinkEXTRALARGE(t *testing.T) {
	needGCC(t)
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, HeaderName), HeaderSource(), 0o644); err != nil {
		t.Fatal(err)
	}
	sem := make(chan struct{}, runtime.NumCPU())
	var wg sync.WaitGroup
	for _, k := range testutil.Sample(t, Manifest, 2) {
		wg.Add(1)
		go func(k Kernel) {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			src, _ := KernelSource(k.Name)
			if err := os.WriteFile(filepath.Join(dir, k.Name+".c"), src, 0o644); err != nil {
				t.Error(err)
				return
			}
			cmd := exec.Command("gcc", "-O0", "-DEXTRALARGE_DATASET", k.Name+".c", "-o", k.Name+".xl", "-lm")
			cmd.Dir = dir
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Errorf("%s at EXTRALARGE: %v\n%s", k.Name, err, out)
			}
		}(k)
	}
	wg.Wait()
}
