package pipeline

import (
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/tessera-opt/tessera/ast"
	"github.com/tessera-opt/tessera/internal/vector"
	"github.com/tessera-opt/tessera/scheduler"
)

var updateExplain = flag.Bool("update-explain", false, "rewrite testdata/explain/*.golden")

// internalRE matches what --explain must not show: generated iterators,
// statement ids, vector payload names, addresses, band member index
// lists, scheme ids, stage times and unfolded constant chains.
var internalRE = []*regexp.Regexp{
	regexp.MustCompile(`\bc[0-9]+(_t[0-9]*)?\b`),
	regexp.MustCompile(`\bS[0-9]+\b`),
	regexp.MustCompile(`vecp`),
	regexp.MustCompile(`0x`),
	regexp.MustCompile(`\[[0-9]+( [0-9]+)+\]`),
	regexp.MustCompile(`fma-tile`),
	regexp.MustCompile(`[0-9]\.[0-9]{3}s\b`),
	regexp.MustCompile(`- 1 \+ 1\b`),
	regexp.MustCompile(`\bmember [0-9]`),
	regexp.MustCompile(`(?m)^  (candidate|chosen): `),
	regexp.MustCompile(`\binv[0-9]+\b`),
	regexp.MustCompile(`\bvec:[0-9]`),
	regexp.MustCompile(`\btsv[0-9]*_`),
	regexp.MustCompile(`2147483648`),
	regexp.MustCompile(`\bloops? [0-9]`),
}

// explainOf runs the pipeline on a kernel of testdata/explain with fixed
// cache sizes and vector target (the account must not depend on the
// host) and returns Explain's text at level.
func explainOf(t *testing.T, path string, res *Result, level ExplainLevel) string {
	t.Helper()
	var b strings.Builder
	Explain(&b, filepath.Base(path), res, ExplainConfig{Level: level})
	return b.String()
}

func explainRun(t *testing.T, path string, parallel bool) *Result {
	t.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	target, err := vector.ParseTarget("avx2")
	if err != nil {
		t.Fatal(err)
	}
	opt := Options{Vectorize: true, Vector: vector.Config{Target: target}}
	opt.Sched.Parallel = parallel
	opt.Sched.Cache = scheduler.CacheSizes{L1: 32 << 10, L2: 1 << 20, L3: 8 << 20, Line: 64, Source: "fixed by the test"}
	res, err := Optimize(filepath.Base(path), src, opt)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// TestExplainGolden compares --explain's long account of small kernels
// (a matrix product, a time-iterated stencil, a triangular solve, a
// reduction) with golden files, checks every level for internal
// identifiers, and checks that each region has one verdict.
func TestExplainGolden(t *testing.T) {
	files, _ := filepath.Glob("testdata/explain/*.c")
	if len(files) == 0 {
		t.Fatal("no kernels in testdata/explain")
	}
	for _, path := range files {
		t.Run(filepath.Base(path), func(t *testing.T) {
			res := explainRun(t, path, false)
			long := explainOf(t, path, res, ExplainLong)
			for _, level := range []ExplainLevel{ExplainShort, ExplainLong} {
				text := explainOf(t, path, res, level)
				for _, re := range internalRE {
					if m := re.FindString(text); m != "" {
						t.Errorf("level %d: internal identifier %q (%s) in:\n%s", level, m, re, text)
					}
				}
			}
			short := explainOf(t, path, res, ExplainShort)
			if n := strings.Count(short, "\n"); n != len(res.Regions) {
				t.Errorf("short: %d lines for %d regions:\n%s", n, len(res.Regions), short)
			}
			if n := strings.Count(long, "  kept: "); n != len(res.Regions) {
				t.Errorf("long: %d verdicts for %d regions:\n%s", n, len(res.Regions), long)
			}
			if full := explainOf(t, path, res, ExplainFull); !strings.Contains(full, "time on this machine: ") {
				t.Errorf("full: no stage times:\n%s", full)
			}
			golden := strings.TrimSuffix(path, ".c") + ".golden"
			if *updateExplain {
				if err := os.WriteFile(golden, []byte(long), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run with -update-explain)", err)
			}
			if long != string(want) {
				t.Errorf("--explain differs from %s (run with -update-explain to accept):\ngot:\n%s\nwant:\n%s", golden, long, want)
			}
		})
	}
}

// TestExplainParallel checks the accounts of the kernels under
// --parallel (the OpenMP stage's remarks: work tests, loops of the
// vector kernels) for internal identifiers and unsimplified conditions.
func TestExplainParallel(t *testing.T) {
	files, _ := filepath.Glob("testdata/explain/*.c")
	for _, path := range files {
		res := explainRun(t, path, true)
		for _, level := range []ExplainLevel{ExplainShort, ExplainLong} {
			text := explainOf(t, path, res, level)
			for _, re := range internalRE {
				if m := re.FindString(text); m != "" {
					t.Errorf("%s, level %d: internal identifier %q (%s) in:\n%s", path, level, m, re, text)
				}
			}
		}
	}
}

func TestSimplerConditions(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"parallel only when k >= 262144 (inside a sequential loop)", "parallel only when k >= 262144 (inside a sequential loop)"},
		{"parallel loops only when min(max(M - (M - 1), 0), 2147483648) * min(max(N, 0), 2147483648) >= 2097152 (the statements' work)",
			"parallel loops only when the loops run at least 2097152 statement instances (a test on the sizes at run time) (the statements' work)"},
		{"only when inv0 + 1 >= 64 (outermost)", "only when the loops run at least 64 statement instances (a test on the sizes at run time) (outermost)"},
	} {
		if got := simplerConditions(c.in); got != c.want {
			t.Errorf("simplerConditions(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestFoldConstants(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"_PB_N - 1 + 1 >= 16", "_PB_N >= 16"},
		{"N - 1 - 3", "N - 4"},
		{"A[i - 1 + 2]", "A[i + 1]"},
		{"N - 1 + 2 * M", "N - 1 + 2 * M"},
		{"2 * N - 1 + 1", "2 * N"},
		{"N - 1", "N - 1"},
		{"x >= 1 + 1.5", "x >= 1 + 1.5"},
		{"floord(N - 1 + 1, 4)", "floord(N, 4)"},
	} {
		if got := foldConstants(c.in); got != c.want {
			t.Errorf("foldConstants(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestLinearForm(t *testing.T) {
	c0, c1 := ast.NewIdent("c0"), ast.NewIdent("c1")
	f, k, ok := linearForm(&ast.Op{Kind: ast.OpSub, Args: []ast.Expr{c1, &ast.Op{Kind: ast.OpMul, Args: []ast.Expr{ast.NewInt(2), c0}}}})
	if !ok || f["c1"] != 1 || f["c0"] != -2 || k != 0 {
		t.Errorf("c1 - 2*c0: got %v %d %v", f, k, ok)
	}
	if _, _, ok := linearForm(&ast.Op{Kind: ast.OpMul, Args: []ast.Expr{ast.NewInt(1 << 62), &ast.Op{Kind: ast.OpMul, Args: []ast.Expr{ast.NewInt(4), c0}}}}); ok {
		t.Error("2^62 * 4 * c0: overflow not reported")
	}
	if _, _, ok := linearForm(&ast.Op{Kind: ast.OpMul, Args: []ast.Expr{c0, c1}}); ok {
		t.Error("c0 * c1 read as linear")
	}
}
