package astgen

import (
	"fmt"
	"math"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tessera-opt/tessera/ast"
	"github.com/tessera-opt/tessera/presburger"
	"github.com/tessera-opt/tessera/schedule"
)

// The comparison with isl (the established generator): a C driver in
// testdata/islref links libisl and reads the same inputs as `tessera
// codegen`. For each input both generators run; both outputs are compiled
// by gcc into one program that prints the statement instances each of
// them visits for several parameter values (they must be identical), and
// the sizes (lines, statement copies, loops, conditions) and generation
// times are compared. The test is skipped when gcc or isl is missing.
//
//	go test ./astgen -run IslRef -v                 a few inputs
//	ASTGEN_ISLREF=200 go test ./astgen -run IslRef -v   more random inputs
//	ASTGEN_ISLREF_DIR=/tmp/isl go test ...          also every *.in/*.st file
//	                                                there (isl_codegen inputs)

var islRefOnce struct {
	sync.Once
	path string
	err  error
}

// islRef builds the driver once per test binary.
func islRef(t *testing.T) string {
	t.Helper()
	islRefOnce.Do(func() {
		gcc, err := exec.LookPath("gcc")
		if err != nil {
			islRefOnce.err = err
			return
		}
		if _, err := os.Stat("/usr/include/isl/ast_build.h"); err != nil {
			islRefOnce.err = err
			return
		}
		dir, err := os.MkdirTemp("", "islref")
		if err != nil {
			islRefOnce.err = err
			return
		}
		out := filepath.Join(dir, "islref")
		cmd := exec.Command(gcc, "-O2", "-o", out, "testdata/islref/islref.c", "-lisl")
		if msg, err := cmd.CombinedOutput(); err != nil {
			islRefOnce.err = fmt.Errorf("%v: %s", err, msg)
			return
		}
		islRefOnce.path = out
	})
	if islRefOnce.err != nil {
		t.Skipf("isl reference driver unavailable: %v", islRefOnce.err)
	}
	return islRefOnce.path
}

// refInput is one comparison input: the text for isl and tessera codegen,
// our generator as a function, and the parameter values to compare on.
type refInput struct {
	name   string
	text   string
	ours   func() (ast.Node, error)
	params []string
	vals   []map[string]int64
	stmts  []string
	// unordered: the schedule is not injective, so instances with equal
	// time vectors may come in any order: only the sets are compared.
	unordered bool
}

// sizeOf are the size figures of generated C code.
type sizeOf struct{ lines, calls, loops, ifs int }

var reCall = regexp.MustCompile(`\b([A-Za-z_]\w*)\(`)

func codeSize(code string, stmts []string) sizeOf {
	var s sizeOf
	for _, l := range strings.Split(code, "\n") {
		t := strings.TrimSpace(l)
		if t == "" || t == "{" || t == "}" {
			continue
		}
		s.lines++
		if strings.HasPrefix(t, "for (") {
			s.loops++
		}
		if strings.HasPrefix(t, "if (") || strings.HasPrefix(t, "} else if (") {
			s.ifs++
		}
		for _, m := range reCall.FindAllStringSubmatch(t, -1) {
			if slices.Contains(stmts, m[1]) {
				s.calls++
			}
		}
	}
	return s
}

// runIsl runs the driver on text and returns its C and the median
// generation time of reps runs.
func runIsl(t *testing.T, text string, reps int) (string, time.Duration, error) {
	cmd := exec.Command(islRef(t), "--time", strconv.Itoa(reps))
	cmd.Stdin = strings.NewReader(text)
	var stdout, stderr strings.Builder
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	done := make(chan error, 1)
	if err := cmd.Start(); err != nil {
		return "", 0, err
	}
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			return "", 0, fmt.Errorf("%v: %s", err, stderr.String())
		}
	case <-time.After(60 * time.Second):
		cmd.Process.Kill()
		return "", 0, fmt.Errorf("isl timed out")
	}
	// The time is the line of stderr that is a number (isl's warnings
	// may come before it).
	var ns int64
	for _, l := range strings.Split(stderr.String(), "\n") {
		if v, err := strconv.ParseInt(strings.TrimSpace(l), 10, 64); err == nil {
			ns = v
			break
		}
	}
	return stdout.String(), time.Duration(ns), nil
}

// traces compiles both codes into one program and returns the instance
// traces of each for every parameter assignment.
func traces(t *testing.T, in refInput, codes [2]string) ([2]string, error) {
	var b strings.Builder
	b.WriteString(`#include <stdio.h>
#include <stdlib.h>
#define floord(n, d) (((n) < 0) ? -((-(n) + (d) - 1) / (d)) : (n) / (d))
#define ceild(n, d) (((n) < 0) ? -((-(n)) / (d)) : ((n) + (d) - 1) / (d))
#define min(x, y) ((x) < (y) ? (x) : (y))
#define max(x, y) ((x) > (y) ? (x) : (y))
static long count;
static void rec(const char *name, int k, const long *a) {
  if (++count > 2000000) { printf("TOO MANY\n"); exit(0); }
  printf("%s", name);
  for (int i = 0; i < k; i++) printf(" %ld", a[i]);
  printf("\n");
}
#define REC(nm, ...) do { long a_[] = {0, __VA_ARGS__}; rec(nm, (int)(sizeof(a_) / sizeof(a_[0])) - 1, a_ + 1); } while (0)
`)
	for _, s := range in.stmts {
		fmt.Fprintf(&b, "#define %s(...) REC(%q, __VA_ARGS__)\n", s, s)
	}
	var decl []string
	for _, p := range in.params {
		decl = append(decl, "long "+p)
	}
	for k, code := range codes {
		fmt.Fprintf(&b, "static void run%d(%s) {\n%s\n}\n", k, strings.Join(decl, ", "), code)
	}
	b.WriteString("int main(int argc, char **argv) {\n  int which = atoi(argv[1]);\n")
	for _, pv := range in.vals {
		var args []string
		for _, p := range in.params {
			args = append(args, strconv.FormatInt(pv[p], 10))
		}
		a := strings.Join(args, ", ")
		fmt.Fprintf(&b, "  printf(\"P %s\\n\");\n  if (which == 0) run0(%s); else run1(%s);\n", a, a, a)
	}
	b.WriteString("  return 0;\n}\n")
	dir := t.TempDir()
	src := filepath.Join(dir, "trace.c")
	if err := os.WriteFile(src, []byte(b.String()), 0o644); err != nil {
		return [2]string{}, err
	}
	bin := filepath.Join(dir, "trace")
	if msg, err := exec.Command("gcc", "-O0", "-w", "-o", bin, src).CombinedOutput(); err != nil {
		return [2]string{}, fmt.Errorf("gcc: %v: %s\n%s", err, msg, b.String())
	}
	var out [2]string
	for k := range out {
		o, err := exec.Command(bin, strconv.Itoa(k)).Output()
		if err != nil {
			return out, err
		}
		out[k] = string(o)
	}
	return out, nil
}

// refResult is the comparison of one input.
type refResult struct {
	name      string
	ours, isl sizeOf
	tOurs     time.Duration
	tIsl      time.Duration
	islFailed bool // isl gave no code (the input is not compared)
}

// compareWithIsl runs both generators on in and checks that they visit
// the same instances in the same order.
func compareWithIsl(t *testing.T, in refInput, reps int) (refResult, bool) {
	t.Helper()
	res := refResult{name: in.name}
	islCode, tIsl, err := runIsl(t, in.text, reps)
	if err != nil {
		t.Logf("%s: isl fails: %v", in.name, err)
		res.islFailed = true
		return res, false
	}
	var node ast.Node
	var times []time.Duration
	for i := 0; i < reps; i++ {
		t0 := time.Now()
		node, err = in.ours()
		times = append(times, time.Since(t0))
		if err != nil {
			t.Errorf("%s: %v\n%s", in.name, err, in.text)
			return res, false
		}
	}
	slices.Sort(times)
	ours := ast.PrintC(node)
	res.tOurs, res.tIsl = times[len(times)/2], tIsl
	res.ours, res.isl = codeSize(ours, in.stmts), codeSize(islCode, in.stmts)
	tr, err := traces(t, in, [2]string{ours, islCode})
	if err != nil {
		t.Errorf("%s: %v", in.name, err)
		return res, false
	}
	if in.unordered {
		tr[0], tr[1] = sortedBlocks(tr[0]), sortedBlocks(tr[1])
	}
	if tr[0] != tr[1] {
		t.Errorf("%s: instance traces differ\ninput:\n%s\nours:\n%s\nisl:\n%s\n%s", in.name, in.text, ours, islCode, firstDiff(tr[0], tr[1]))
		return res, false
	}
	return res, true
}

// sortedBlocks sorts the lines of each parameter block of a trace.
func sortedBlocks(tr string) string {
	var out, block []string
	flush := func() {
		slices.Sort(block)
		out = append(out, block...)
		block = nil
	}
	for _, l := range strings.Split(tr, "\n") {
		if strings.HasPrefix(l, "P ") {
			flush()
			out = append(out, l)
			continue
		}
		block = append(block, l)
	}
	flush()
	return strings.Join(out, "\n")
}

func firstDiff(a, b string) string {
	la, lb := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := 0; i < min(len(la), len(lb)); i++ {
		if la[i] != lb[i] {
			return fmt.Sprintf("line %d: ours %q, isl %q", i+1, la[i], lb[i])
		}
	}
	return fmt.Sprintf("ours %d lines, isl %d lines", len(la), len(lb))
}

// islOptions writes per-dim options as an isl options map over a schedule
// range of n dims.
func islOptions(opts []schedule.ASTOption, n int) string {
	var vars []string
	for i := 0; i < n; i++ {
		vars = append(vars, "c"+strconv.Itoa(i))
	}
	var parts []string
	for d, o := range opts {
		if o == schedule.OptionDefault {
			continue
		}
		parts = append(parts, fmt.Sprintf("[%s] -> %s[%d]", strings.Join(vars, ", "), o, d))
	}
	return "{ " + strings.Join(parts, "; ") + " }"
}

func stmtNamesOf(u presburger.UnionSet) []string {
	var out []string
	for _, s := range u.Sets() {
		out = append(out, s.Space().TupleName(presburger.Out))
	}
	return out
}

// flatInput makes a comparison input of a flat schedule.
func flatInput(t *testing.T, name, src, context string, opts []schedule.ASTOption, lo, hi int64) refInput {
	sched := mustUnionMap(t, src)
	var ctx presburger.Set
	if context != "" {
		ctx = mustSet(t, context)
	}
	n := 0
	for _, m := range sched.Maps() {
		n = max(n, m.Space().Dim(presburger.Out))
	}
	text := src + "\n"
	if context != "" {
		text += context + "\n"
	} else {
		text += "{ : }\n"
	}
	text += islOptions(opts, n) + "\n"
	in := refInput{name: name, text: text, params: sched.Params(), stmts: stmtNamesOf(sched.Domain()), unordered: !sched.IsInjective()}
	in.ours = func() (ast.Node, error) { return FromScheduleMap(sched, ctx, Options{Dims: opts}, Config{}) }
	for _, pv := range paramValues(in.params, lo, hi) {
		if context != "" && !ctx.Contains(paramVec(ctx, pv)) {
			continue
		}
		in.vals = append(in.vals, pv)
	}
	return in
}

// treeInput makes a comparison input of a schedule tree.
func treeInput(t *testing.T, name, yaml string, lo, hi int64) refInput {
	tr := mustTree(t, yaml)
	in := refInput{name: name, text: yaml, params: tr.Domain().Params(), stmts: stmtNamesOf(tr.Domain()), unordered: !tr.Flatten().IsInjective()}
	in.ours = func() (ast.Node, error) { return Generate(tr, Config{}) }
	ctx, hasCtx := contextOf(tr)
	for _, pv := range paramValues(in.params, lo, hi) {
		if hasCtx && !ctx.Contains(paramVec(ctx, pv)) {
			continue
		}
		in.vals = append(in.vals, pv)
	}
	return in
}

// refInputs returns the inputs to compare: the golden examples, the tree
// cases, the tiled stencils and nr seeded random flat schedules.
func refInputs(t *testing.T, nr int, all bool) []refInput {
	var ins []refInput
	files, _ := filepath.Glob("testdata/*.golden")
	if !all {
		files = files[:min(len(files), 4)]
	}
	for _, f := range files {
		gd, err := readGolden(f)
		if err != nil {
			t.Fatal(err)
		}
		lo, hi := int64(0), int64(4)
		if fs := strings.Fields(gd.sections["params"]); len(fs) == 2 {
			lo, _ = strconv.ParseInt(fs[0], 10, 64)
			hi, _ = strconv.ParseInt(fs[1], 10, 64)
		}
		name := strings.TrimSuffix(filepath.Base(f), ".golden")
		if src, ok := gd.sections["tree"]; ok {
			ins = append(ins, treeInput(t, name, src, lo, hi))
			continue
		}
		var opts []schedule.ASTOption
		for _, o := range strings.Fields(gd.sections["options"]) {
			k, _ := schedule.ParseASTOption(o)
			opts = append(opts, k)
		}
		ins = append(ins, flatInput(t, name, strings.TrimSpace(gd.sections["schedule"]), strings.TrimSpace(gd.sections["context"]), opts, lo, hi))
	}
	if all {
		for _, c := range treeCases {
			ins = append(ins, treeInput(t, "tree-"+c.name, c.yaml, c.lo, c.hi))
		}
		for _, c := range flatCases {
			ins = append(ins, flatInput(t, "flat-"+c.name, c.sched, c.context, c.opts, c.lo, c.hi))
		}
		ins = append(ins,
			treeInput(t, "seidel-2d-B4", tileSize(seidel2dTree, "4"), 0, 6),
			treeInput(t, "fdtd-2d-B4", tileSize(fdtd2dTree, "4"), 0, 5),
			treeInput(t, "heat-3d-B2", tileSize(heat3dTree, "2"), 0, 5))
	}
	ctx := "[n, m] -> { : 0 <= n <= 4 and 0 <= m <= 4 }"
	for i := 0; i < nr; i++ {
		r := rand.New(rand.NewSource(int64(1000 + i)))
		src, opts := randomFlat(r)
		ins = append(ins, flatInput(t, "random-"+strconv.Itoa(1000+i), src, ctx, opts, 0, 4))
	}
	return ins
}

func TestIslRef(t *testing.T) {
	islRef(t)
	nr, all := 3, false
	if s := os.Getenv("ASTGEN_ISLREF"); s != "" {
		nr, _ = strconv.Atoi(s)
		all = true
	}
	ins := refInputs(t, nr, all)
	reps := 1
	if all {
		reps = 3
	}
	var results []refResult
	for _, in := range ins {
		if r, ok := compareWithIsl(t, in, reps); ok {
			results = append(results, r)
		}
	}
	reportIslRef(t, results)
}

// reportIslRef logs the per-input figures and the aggregate ratios.
func reportIslRef(t *testing.T, results []refResult) {
	var so, si sizeOf
	var to, ti time.Duration
	var ratios []float64
	var b strings.Builder
	fmt.Fprintf(&b, "%-28s %17s %17s %17s %17s %12s %s\n", "input", "lines ours/isl", "calls", "loops", "ifs", "time ratio", "ms ours/isl")
	for _, r := range results {
		so.lines += r.ours.lines
		si.lines += r.isl.lines
		so.calls += r.ours.calls
		si.calls += r.isl.calls
		so.loops += r.ours.loops
		si.loops += r.isl.loops
		so.ifs += r.ours.ifs
		si.ifs += r.isl.ifs
		to += r.tOurs
		ti += r.tIsl
		if r.isl.lines > 0 {
			ratios = append(ratios, float64(r.ours.lines)/float64(r.isl.lines))
		}
		mark := ""
		if r.ours.lines > r.isl.lines {
			mark = " *"
		}
		fmt.Fprintf(&b, "%-28s %8d/%-8d %8d/%-8d %8d/%-8d %8d/%-8d %12.2f %.1f/%.1f%s\n", r.name, r.ours.lines, r.isl.lines, r.ours.calls, r.isl.calls,
			r.ours.loops, r.isl.loops, r.ours.ifs, r.isl.ifs, float64(r.tOurs)/float64(max(r.tIsl, 1)),
			float64(r.tOurs)/1e6, float64(r.tIsl)/1e6, mark)
	}
	logSum, nt := 0.0, 0
	for _, r := range results {
		if r.tOurs > 0 && r.tIsl > 0 {
			logSum += math.Log(float64(r.tOurs) / float64(r.tIsl))
			nt++
		}
	}
	geo := math.Exp(logSum / float64(max(nt, 1)))
	sort.Float64s(ratios)
	med := 0.0
	if len(ratios) > 0 {
		med = ratios[len(ratios)/2]
	}
	fmt.Fprintf(&b, "%d inputs: lines %d/%d = %.3f (median per input %.3f), calls %d/%d, loops %d/%d, ifs %d/%d, generation time %v/%v = %.2f (geometric mean of per-input ratios %.2f)\n",
		len(results), so.lines, si.lines, float64(so.lines)/float64(max(si.lines, 1)), med, so.calls, si.calls, so.loops, si.loops, so.ifs, si.ifs,
		to, ti, float64(to)/float64(max(ti, 1)), geo)
	t.Log("\n" + b.String())
}

// TestIslRefShow prints both codes for the inputs named in
// ASTGEN_ISLREF_SHOW (comma-separated; development aid).
func TestIslRefShow(t *testing.T) {
	names := os.Getenv("ASTGEN_ISLREF_SHOW")
	if names == "" {
		t.Skip("ASTGEN_ISLREF_SHOW not set")
	}
	islRef(t)
	for _, in := range refInputs(t, 60, true) {
		if !slices.Contains(strings.Split(names, ","), in.name) {
			continue
		}
		isl, _, err := runIsl(t, in.text, 1)
		if err != nil {
			t.Fatal(err)
		}
		node, err := in.ours()
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%s\n%s\nours:\n%s\nisl:\n%s", in.name, in.text, ast.PrintC(node), isl)
	}
}
