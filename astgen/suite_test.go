package astgen

import (
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/tessera-opt/tessera/ast"
	"github.com/tessera-opt/tessera/presburger"
	"github.com/tessera-opt/tessera/schedule"
)

// The AST-generation suite: testdata/suite holds inputs of `tessera
// codegen` in the style of the CLooG, Omega and isl code generation tests
// (written for tessera): *.in files in the isl_codegen form (a schedule
// union map with its domain constraints, a context set and an options map,
// '#' starting comment lines) and *.st files (a schedule tree in YAML).
// A comment "# params: lo hi" gives the range of parameter values the
// oracle tries (default -1 5); "# budget: N" raises the interpreter's step
// budget.
//
// TestSuite generates each input and checks with the interpreter, for
// every parameter assignment in the range that satisfies the context (a
// deterministic sample when there are many), that the code visits exactly
// the scheduled instances in the order of their time vectors (instances
// with equal time vectors in any order).
//
// TestSuiteIslRef (with ASTGEN_ISLREF set and libisl installed) compares
// each input with isl: gcc-compiled traces, sizes and generation times,
// printed as a table with the totals. ASTGEN_ISLREF_DIR names another
// directory of *.in/*.st inputs (e.g. isl's test_inputs/codegen) that both
// tests add; ASTGEN_SUITE_ONLY=substring restricts them to matching names.
//
//	go test ./astgen -run 'TestSuite$' -v
//	ASTGEN_ISLREF=1 go test ./astgen -run TestSuiteIslRef -v

type suiteCase struct {
	name   string
	text   string
	tree   bool
	lo, hi int64
	budget int64
	// maxLines, when positive, bounds the lines of the generated code
	// ("# maxlines: N"; lines as codeSize counts them): a regression
	// check of the code size.
	maxLines int
}

func loadSuite(t *testing.T, dir string) []suiteCase {
	t.Helper()
	var out []suiteCase
	err := filepath.Walk(dir, func(path string, fi os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		ext := filepath.Ext(path)
		if fi.IsDir() || (ext != ".in" && ext != ".st") {
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		c := suiteCase{name: strings.TrimSuffix(rel, ext), text: string(data), tree: ext == ".st", lo: -1, hi: 5, budget: 1 << 21}
		for _, l := range strings.Split(c.text, "\n") {
			l = strings.TrimSpace(l)
			if f, ok := strings.CutPrefix(l, "# params:"); ok {
				if fs := strings.Fields(f); len(fs) == 2 {
					c.lo, _ = strconv.ParseInt(fs[0], 10, 64)
					c.hi, _ = strconv.ParseInt(fs[1], 10, 64)
				}
			}
			if f, ok := strings.CutPrefix(l, "# maxlines:"); ok {
				c.maxLines, _ = strconv.Atoi(strings.TrimSpace(f))
			}
			if f, ok := strings.CutPrefix(l, "# budget:"); ok {
				c.budget, _ = strconv.ParseInt(strings.TrimSpace(f), 10, 64)
			}
		}
		out = append(out, c)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// suiteInput is a parsed suite input: the generator call, the flat
// schedule (domain constraints included) the oracle enumerates, the
// context, and for a tree the guard of its guard node.
type suiteInput struct {
	gen      func() (ast.Node, error)
	flat     presburger.UnionMap
	ctx      presburger.Set
	hasCtx   bool
	guard    *presburger.Set
	params   []string
	stmtName []string
}

// parseSuite reads an input like `tessera codegen` does (a .in input with
// the same reader, ParseFlatInput).
func parseSuite(c suiteCase) (in suiteInput, err error) {
	defer presburger.Recover(&err)
	if c.tree {
		var lines []string
		for _, l := range strings.Split(c.text, "\n") {
			if !strings.HasPrefix(strings.TrimSpace(l), "#") {
				lines = append(lines, l)
			}
		}
		tr, err := schedule.ParseYAML(strings.Join(lines, "\n"))
		if err != nil {
			return in, err
		}
		// The oracle and the trace speak of the expanded instances.
		if tr, err = tr.InlineExpansions(); err != nil {
			return in, err
		}
		in.gen = func() (ast.Node, error) { return Generate(tr, Config{}) }
		in.flat = tr.Flatten()
		in.ctx, in.hasCtx = contextOf(tr)
		if in.hasCtx && in.ctx.Space().Dim(presburger.Out) > 0 {
			// A context below a band also speaks of the outer schedule
			// dims: the parameter values compared are those of its
			// projection.
			in.ctx = in.ctx.Params()
		}
		in.guard = guardOf(tr)
		in.params = tr.Domain().Params()
		in.stmtName = stmtNamesOf(tr.Domain())
		return in, nil
	}
	fi, err := ParseFlatInput(c.text)
	if err != nil {
		return in, err
	}
	opts, err := fi.Options(schedule.OptionDefault)
	if err != nil {
		return in, err
	}
	sched, ctx := fi.Schedule, fi.Context
	in.hasCtx = fi.HasContext
	in.gen = func() (ast.Node, error) { return FromScheduleMap(sched, ctx, opts, Config{}) }
	in.flat, in.ctx = sched, ctx
	in.params = sched.Params()
	for _, p := range ctx.Space().Params() {
		if !slices.Contains(in.params, p) {
			in.params = append(in.params, p)
		}
	}
	in.stmtName = stmtNamesOf(sched.Domain())
	return in, nil
}

// suiteParams returns the parameter assignments to check: all of [lo, hi]
// per parameter that satisfy the context, or a deterministic sample of at
// most limit of them. When the box is too large to enumerate (many
// parameters) it is sampled, and when no assignment in the box satisfies
// the context (e.g. "n >= 30", or equalities between parameters), points
// of the context itself are taken, in the smallest box [lo, K] that holds
// some.
func suiteParams(in suiteInput, lo, hi int64, limit int) []map[string]int64 {
	ok := func(pv map[string]int64) (in_ bool) {
		defer func() {
			if recover() != nil {
				// The engine's int64 evaluation overflowed (a context
				// bound near 2^63): such a point is not taken.
				in_ = false
			}
		}()
		return !in.hasCtx || in.ctx.Contains(paramVec(in.ctx, pv))
	}
	var all []map[string]int64
	size := 1.0
	for range in.params {
		size *= float64(hi - lo + 1)
	}
	r := rand.New(rand.NewSource(int64(len(in.params))*1000 + hi - lo))
	if size <= 50000 {
		for _, pv := range paramValues(in.params, lo, hi) {
			if ok(pv) {
				all = append(all, pv)
			}
		}
	} else {
		seen := map[string]bool{}
		for try := 0; try < 20000 && len(all) < limit; try++ {
			pv := map[string]int64{}
			for _, p := range in.params {
				pv[p] = lo + r.Int63n(hi-lo+1)
			}
			if k := fmt.Sprint(paramVec(in.ctx, pv), pv); ok(pv) && !seen[k] {
				seen[k] = true
				all = append(all, pv)
			}
		}
	}
	if len(all) == 0 && in.hasCtx && len(in.params) > 0 {
		all = contextPoints(in, lo, hi, limit, r)
	}
	if len(all) <= limit {
		return all
	}
	r = rand.New(rand.NewSource(int64(len(all))))
	r.Shuffle(len(all), func(i, j int) { all[i], all[j] = all[j], all[i] })
	return all[:limit]
}

// contextPoints returns up to limit parameter assignments in the context
// of in, taken in the smallest box [lo, K] (K growing) that meets it: its
// lexicographic extremes and points with some parameters fixed at random.
func contextPoints(in suiteInput, lo, hi int64, limit int, r *rand.Rand) (out []map[string]int64) {
	defer func() {
		if recover() != nil {
			out = nil
		}
	}()
	ps := in.ctx.Space().Params()
	np := len(ps)
	if np == 0 {
		return nil
	}
	for _, k := range []int64{hi + 5, 20, 40, 100, 400, 2000} {
		var conds []string
		for _, p := range ps {
			conds = append(conds, fmt.Sprintf("%d <= %s <= %d", lo, p, k))
		}
		box, err := presburger.ParseSet("[" + strings.Join(ps, ", ") + "] -> { : " + strings.Join(conds, " and ") + " }")
		if err != nil {
			return nil
		}
		cs := in.ctx.IntersectParams(box).MoveDims(presburger.Out, 0, presburger.Param, 0, np)
		if cs.IsEmpty() {
			continue
		}
		seen := map[string]bool{}
		add := func(pt []int64) {
			if len(pt) < np || seen[fmt.Sprint(pt[:np])] {
				return
			}
			seen[fmt.Sprint(pt[:np])] = true
			pv := map[string]int64{}
			for _, p := range in.params {
				pv[p] = lo + r.Int63n(hi-lo+1) // parameters the context does not name
			}
			for i, p := range ps {
				pv[p] = pt[i]
			}
			out = append(out, pv)
		}
		if pt, kind := cs.LexMinPoint(); kind == presburger.OptBounded {
			add(pt)
		}
		if pt, kind := cs.LexMaxPoint(); kind == presburger.OptBounded {
			add(pt)
		}
		for try := 0; try < 4*limit && len(out) < limit; try++ {
			sub := cs
			for i := range np {
				if r.Intn(2) == 0 {
					sub = sub.FixVal(presburger.Out, i, lo+r.Int63n(k-lo+1))
				}
			}
			if pt, kind := sub.LexMinPoint(); kind == presburger.OptBounded {
				add(pt)
			}
		}
		return out
	}
	return nil
}

// checkOrderTies is checkOrder where instances with equal time vectors may
// come in any order.
func checkOrderTies(node ast.Node, want []inst, params map[string]int64, budget int64) error {
	got, err := ast.Interpret(node, params, ast.WithBudget(budget))
	if err != nil {
		return fmt.Errorf("interpret: %v", err)
	}
	key := func(name string, args []int64) string { return fmt.Sprint(name, args) }
	i := 0
	for i < len(want) {
		j := i
		for j < len(want) && slices.Equal(want[j].time, want[i].time) {
			j++
		}
		if j > len(got) {
			if i < len(got) {
				return fmt.Errorf("%d instances, want %d; at time %v got %v", len(got), len(want), want[i].time, got[i])
			}
			return fmt.Errorf("%d instances, want %d; first missing %s%v (time %v)", len(got), len(want), want[i].name, want[i].args, want[i].time)
		}
		var w, g []string
		for k := i; k < j; k++ {
			w = append(w, key(want[k].name, want[k].args))
			g = append(g, key(got[k].Name, got[k].Args))
		}
		sort.Strings(w)
		sort.Strings(g)
		for k := range w {
			if w[k] != g[k] {
				return fmt.Errorf("instances %d..%d (time %v): got %v, want %v", i, j-1, want[i].time, g, w)
			}
		}
		i = j
	}
	if len(got) > len(want) {
		return fmt.Errorf("%d instances, want %d; first extra %v", len(got), len(want), got[len(want)])
	}
	return nil
}

func suiteDir(t *testing.T) []suiteCase {
	cs := loadSuite(t, "testdata/suite")
	if len(cs) == 0 {
		t.Fatal("no suite inputs")
	}
	if d := os.Getenv("ASTGEN_ISLREF_DIR"); d != "" {
		for _, c := range loadSuite(t, d) {
			c.name = "ext/" + c.name
			cs = append(cs, c)
		}
	}
	return cs
}

func TestSuite(t *testing.T) {
	only := os.Getenv("ASTGEN_SUITE_ONLY")
	for _, c := range suiteDir(t) {
		if only != "" && !strings.Contains(c.name, only) {
			continue
		}
		t.Run(c.name, func(t *testing.T) {
			checkSuiteCase(t, c, 40)
		})
	}
}

func checkSuiteCase(t *testing.T, c suiteCase, limit int) {
	t.Helper()
	in, err := parseSuite(c)
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	node, err := in.gen()
	if err != nil {
		t.Fatalf("generate: %v\n%s", err, c.text)
	}
	if err := ast.Verify(node, in.params...); err != nil {
		t.Fatalf("Verify: %v\n%s", err, ast.PrintC(node))
	}
	if c.maxLines > 0 {
		if sz := codeSize(ast.PrintC(node), in.stmtName); sz.lines > c.maxLines {
			t.Errorf("%d lines, at most %d expected\n%s", sz.lines, c.maxLines, ast.PrintC(node))
		}
	}
	npv, ninst := 0, 0
	for _, pv := range suiteParams(in, c.lo, c.hi, limit) {
		if strings.HasPrefix(c.name, "ext/") {
			// External inputs may have huge domains (loops to 10000
			// nested twice) that the enumeration cannot hold: the
			// parameter values whose code runs beyond the budget are
			// skipped (TestSuiteIslRef compares those with isl).
			if _, err := ast.Interpret(node, pv, ast.WithBudget(c.budget)); err != nil {
				t.Logf("params %v skipped: %v", pv, err)
				continue
			}
		}
		want := expectedOrder(t, in.flat, pv)
		npv++
		ninst += len(want)
		if in.guard != nil && !in.guard.Contains(paramVec(*in.guard, pv)) {
			want = nil
		}
		if err := checkOrderTies(node, want, pv, c.budget); err != nil {
			t.Fatalf("params %v: %v\n%s\n%s", pv, err, c.text, ast.PrintC(node))
		}
	}
	if testing.Verbose() {
		t.Logf("%d parameter values, %d instances\n%s", npv, ninst, ast.PrintC(node))
	}
}

// suiteRefInput makes the isl comparison input of a suite case.
func suiteRefInput(t *testing.T, c suiteCase) (refInput, error) {
	in, err := parseSuite(c)
	if err != nil {
		return refInput{}, err
	}
	ri := refInput{name: c.name, text: c.text, ours: in.gen, params: in.params, stmts: in.stmtName, unordered: !in.flat.IsInjective()}
	ri.vals = suiteParams(in, c.lo, c.hi, 12)
	if in.guard != nil {
		var keep []map[string]int64
		for _, pv := range ri.vals {
			if in.guard.Contains(paramVec(*in.guard, pv)) {
				keep = append(keep, pv)
			}
		}
		ri.vals = keep
	}
	return ri, nil
}

func TestSuiteIslRef(t *testing.T) {
	if os.Getenv("ASTGEN_ISLREF") == "" {
		t.Skip("set ASTGEN_ISLREF to compare the suite with isl")
	}
	islRef(t)
	cases := suiteDir(t)
	only := os.Getenv("ASTGEN_SUITE_ONLY")
	var results []refResult
	var bad, islFailed []string
	for _, c := range cases {
		if only != "" && !strings.Contains(c.name, only) {
			continue
		}
		ri, err := suiteRefInput(t, c)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			bad = append(bad, c.name)
			continue
		}
		r, ok := compareWithIsl(t, ri, 5)
		switch {
		case ok:
			results = append(results, r)
		case r.islFailed:
			islFailed = append(islFailed, c.name)
		default:
			bad = append(bad, c.name)
		}
	}
	reportIslRef(t, results)
	t.Logf("trace mismatches or errors: %d %v; inputs isl fails on: %d %v", len(bad), bad, len(islFailed), islFailed)
}
