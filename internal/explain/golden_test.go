package explain_test

import (
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/tessera-opt/tessera/internal/explain"
	"github.com/tessera-opt/tessera/internal/hostcache"
	"github.com/tessera-opt/tessera/internal/vector"
	"github.com/tessera-opt/tessera/pipeline"
	"github.com/tessera-opt/tessera/presburger"
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
	regexp.MustCompile(`\(score [0-9]`),
}

// quotedRE is a quoted statement text; expandedRE an element of an
// array that scalar expansion made, which a statement's text must not
// show (the source line names the scalar).
var (
	quotedRE   = regexp.MustCompile("`[^`]*`")
	expandedRE = regexp.MustCompile(`\btessera_[A-Za-z0-9_]*\[`)
	// generatedRE is a generated name (an expanded array, an outlined
	// function), which only the expansion's own remark may show.
	generatedRE = regexp.MustCompile(`\btessera_[A-Za-z_][A-Za-z0-9_]*_[0-9]+\b`)
)

// internalIn returns the first internal identifier of text ("" if none).
func internalIn(text string) string {
	for _, re := range internalRE {
		if m := re.FindString(text); m != "" {
			return m + " (" + re.String() + ")"
		}
	}
	for _, line := range strings.Split(text, "\n") {
		if m := generatedRE.FindString(line); m != "" && !strings.Contains(line, "scalar expansion: ") {
			return m
		}
		for _, q := range quotedRE.FindAllString(line, -1) {
			if expandedRE.MatchString(q) {
				return q
			}
		}
	}
	return ""
}

// explainOf runs the pipeline on a kernel of testdata/explain with fixed
// cache sizes and vector target (the account must not depend on the
// host) and returns Explain's text at level.
func explainOf(t *testing.T, path string, res *pipeline.Result, level explain.Level) string {
	t.Helper()
	var b strings.Builder
	pipeline.Explain(&b, filepath.Base(path), res, explain.Config{Level: level})
	return b.String()
}

func explainRun(t *testing.T, path string, parallel bool) *pipeline.Result {
	t.Helper()
	key := runKey{path, parallel}
	if res, ok := runs[key]; ok {
		return res
	}
	res := optimizeKernel(t, path, parallel)
	runs[key] = res
	return res
}

// runs memoizes explainRun: the tests of this file read the same
// results (they do not modify them) and run one after the other.
var runs = map[runKey]*pipeline.Result{}

type runKey struct {
	path     string
	parallel bool
}

func optimizeKernel(t *testing.T, path string, parallel bool) *pipeline.Result {
	t.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	target, err := vector.ParseTarget("avx2")
	if err != nil {
		t.Fatal(err)
	}
	opt := pipeline.Options{Vectorize: true, Vector: vector.Config{Target: target}}
	opt.Sched.Parallel = parallel
	opt.Sched.Cache = hostcache.Model{L1: 32 << 10, L2: 1 << 20, L3: 8 << 20, Line: 64, Source: "fixed by the test"}
	res, err := pipeline.Optimize(filepath.Base(path), src, opt)
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
			long := explainOf(t, path, res, explain.Long)
			for _, level := range []explain.Level{explain.Short, explain.Long} {
				text := explainOf(t, path, res, level)
				if m := internalIn(text); m != "" {
					t.Errorf("level %d: internal identifier %s in:\n%s", level, m, text)
				}
			}
			short := explainOf(t, path, res, explain.Short)
			if n := strings.Count(short, "\n"); n != len(res.Regions) {
				t.Errorf("short: %d lines for %d regions:\n%s", n, len(res.Regions), short)
			}
			if n := strings.Count(long, "  kept: "); n != len(res.Regions) {
				t.Errorf("long: %d verdicts for %d regions:\n%s", n, len(res.Regions), long)
			}
			if full := explainOf(t, path, res, explain.Full); !strings.Contains(full, "time on this machine: ") {
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
// vector kernels) for internal identifiers and unsimplified conditions,
// and compares the long account with the golden files NAME.parallel.golden.
func TestExplainParallel(t *testing.T) {
	files, _ := filepath.Glob("testdata/explain/*.c")
	for _, path := range files {
		res := explainRun(t, path, true)
		for _, level := range []explain.Level{explain.Short, explain.Long} {
			text := explainOf(t, path, res, level)
			if m := internalIn(text); m != "" {
				t.Errorf("%s, level %d: internal identifier %s in:\n%s", path, level, m, text)
			}
		}
		long := explainOf(t, path, res, explain.Long)
		golden := strings.TrimSuffix(path, ".c") + ".parallel.golden"
		if *updateExplain {
			if err := os.WriteFile(golden, []byte(long), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(golden)
		if err != nil {
			t.Fatalf("%v (run with -update-explain)", err)
		}
		if long != string(want) {
			t.Errorf("--explain --parallel differs from %s (run with -update-explain to accept):\ngot:\n%s\nwant:\n%s", golden, long, want)
		}
	}
}

// TestConditionsNotRedundant reads back every condition the accounts of
// the kernels print (the run-time tests under which a version runs) and
// checks with the engine that none is redundant with respect to the
// region's context: no comparison that the context implies or excludes,
// no operand of && or || that the others imply, nothing that simplifies
// further.
func TestConditionsNotRedundant(t *testing.T) {
	files, _ := filepath.Glob("testdata/explain/*.c")
	checked := 0
	for _, path := range files {
		for _, parallel := range []bool{false, true} {
			res := explainRun(t, path, parallel)
			for k, r := range res.Regions {
				var b strings.Builder
				pipeline.Explain(&b, filepath.Base(path), &pipeline.Result{Regions: []*pipeline.Region{r}}, explain.Config{Level: explain.Full})
				text := b.String()
				for _, lead := range []string{"only when ", "runs the optimized code when "} {
					for _, cond := range conditionsAfter(text, lead) {
						params, ctx := r.Scop.Params, r.Scop.Context
						if lead != "only when " {
							// The model's context includes these
							// conditions: they are checked alone.
							params, ctx = nil, presburger.Set{}
						}
						checked++
						for _, bad := range explain.CheckCond(params, ctx, cond) {
							t.Errorf("%s (parallel %v), region %d: condition %q: %s", path, parallel, k+1, cond, bad)
						}
					}
				}
			}
		}
	}
	if checked == 0 {
		t.Fatal("no condition printed: the test checks nothing")
	}
	t.Logf("%d conditions checked", checked)
}

// conditionsAfter lists the conditions that follow lead in text, up to
// the note that follows each.
func conditionsAfter(text, lead string) []string {
	var out []string
	for {
		i := strings.Index(text, lead)
		if i < 0 {
			return out
		}
		text = text[i+len(lead):]
		if j := explain.NoteStart(text); j >= 0 {
			out = append(out, text[:j])
		}
	}
}
