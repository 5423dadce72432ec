package astgen

import (
	"fmt"
	"math/rand"
	"slices"
	"strings"
	"testing"

	"github.com/tessera-opt/tessera/ast"
	"github.com/tessera-opt/tessera/presburger"
	"github.com/tessera-opt/tessera/schedule"
)

// partialSpec is an option restricted to the schedule vectors [c0, ...]
// satisfying cond (isl notation, over the schedule's parameters).
type partialSpec struct {
	dim  int
	opt  schedule.ASTOption
	cond string
}

type partialCase struct {
	name   string
	sched  string
	dims   []schedule.ASTOption
	parts  []partialSpec
	lo, hi int64
}

var partialCases = []partialCase{
	{name: "separate-tail", sched: "{ S[i] -> [i] : 0 <= i <= 10 }", parts: []partialSpec{{0, schedule.OptionSeparate, "c0 > 5"}}},
	{name: "unroll-tail", sched: "{ S[i] -> [i] : 0 <= i <= 10 }", parts: []partialSpec{{0, schedule.OptionUnroll, "c0 > 5"}}},
	{name: "unroll-head-param", sched: "[n] -> { S[i] -> [i] : 0 <= i < n }", parts: []partialSpec{{0, schedule.OptionUnroll, "c0 < 3"}}, lo: -1, hi: 6},
	{name: "separate-part", sched: "[n] -> { S1[i] -> [i, 0] : 0 <= i <= n; S2[i] -> [i, 1] : 2 <= i <= n + 2 }", parts: []partialSpec{{0, schedule.OptionSeparate, "c0 >= n"}}, lo: -1, hi: 5},
	{name: "atomic-part", sched: "[n] -> { S1[i] -> [i, 0] : 0 <= i <= n; S2[i] -> [i, 1] : 2 <= i <= n + 2 }", dims: []schedule.ASTOption{schedule.OptionSeparate}, parts: []partialSpec{{0, schedule.OptionAtomic, "c0 <= 3"}}, lo: -1, hi: 6},
	{name: "interleaved", sched: "[n] -> { S[i] -> [i] : 0 <= i < n }", parts: []partialSpec{{0, schedule.OptionSeparate, "c0 % 2 = 0"}}, lo: -1, hi: 5},
	{name: "inner-unroll", sched: "[n] -> { S[i, j] -> [i, j] : 0 <= i < n and 0 <= j < 4 }", parts: []partialSpec{{1, schedule.OptionUnroll, "c0 >= 2"}}, lo: -1, hi: 4},
	{name: "inner-separate-outer-cond", sched: "[n] -> { S[i, j] -> [i, j] : 0 <= i < n and 0 <= j <= i; T[i, j] -> [i, j] : 0 <= i < n and i <= j < n }", parts: []partialSpec{{1, schedule.OptionSeparate, "c1 < c0"}, {0, schedule.OptionAtomic, "c0 > 1"}}, lo: -1, hi: 4},
	{name: "shifted-scalar", sched: "{ A[i] -> [2i, 0] : 0 <= i < 3; B[i] -> [2i + 1, 1] : 0 <= i < 3 }", parts: []partialSpec{{1, schedule.OptionUnroll, "c1 = 0"}}},
	{name: "shifted-inner", sched: "[n] -> { A[i, j] -> [2i, j] : 0 <= i < n and 0 <= j < 3; B[i, j] -> [2i + 1, j] : 0 <= i < n and 0 <= j < 2 }", parts: []partialSpec{{1, schedule.OptionUnroll, "c0 % 2 = 0"}}, lo: -1, hi: 5},
	{name: "shifted-outer-split", sched: "[n] -> { A[i] -> [2i] : 0 <= i < n; B[i] -> [2i + 1] : 0 <= i < n }", parts: []partialSpec{{0, schedule.OptionSeparate, "c0 >= 3"}}, lo: -1, hi: 5},
	{name: "mixed", sched: "[n] -> { S[i] -> [i] : 0 <= i < n; T[i] -> [i] : 3 <= i < n + 3 }", parts: []partialSpec{{0, schedule.OptionAtomic, "c0 < 2"}, {0, schedule.OptionUnroll, "c0 >= n + 1"}, {0, schedule.OptionSeparate, "c0 >= 2"}}, lo: 0, hi: 5},
}

// partialInput builds the schedule, its isl text and our options.
func partialInput(t *testing.T, c partialCase) (presburger.UnionMap, string, Options) {
	sched := mustUnionMap(t, c.sched)
	n := 0
	for _, m := range sched.Maps() {
		n = max(n, m.Space().Dim(presburger.Out))
	}
	var vars []string
	for i := 0; i < n; i++ {
		vars = append(vars, fmt.Sprintf("c%d", i))
	}
	pre := ""
	if ps := sched.Params(); len(ps) > 0 {
		pre = "[" + strings.Join(ps, ", ") + "] -> "
	}
	tuple := "[" + strings.Join(vars, ", ") + "]"
	opts := Options{Dims: c.dims}
	var isl []string
	for d, o := range c.dims {
		if o != schedule.OptionDefault {
			isl = append(isl, fmt.Sprintf("%s -> %s[%d]", tuple, o, d))
		}
	}
	for _, p := range c.parts {
		opts.Partial = append(opts.Partial, PartialOption{Dim: p.dim, Option: p.opt, Domain: mustSet(t, pre+"{ "+tuple+" : "+p.cond+" }")})
		isl = append(isl, fmt.Sprintf("%s -> %s[%d] : %s", tuple, p.opt, p.dim, p.cond))
	}
	text := c.sched + "\n{ : }\n" + pre + "{ " + strings.Join(isl, "; ") + " }\n"
	return sched, text, opts
}

// TestPartialOptions checks options restricted to part of the schedule
// against the brute-force order.
func TestPartialOptions(t *testing.T) {
	for _, c := range partialCases {
		t.Run(c.name, func(t *testing.T) {
			sched, _, opts := partialInput(t, c)
			node, err := FromScheduleMap(sched, presburger.Set{}, opts, Config{})
			if err != nil {
				t.Fatalf("FromScheduleMap: %v", err)
			}
			code := ast.PrintC(node)
			for _, pv := range paramValues(sched.Params(), c.lo, c.hi) {
				if err := checkOrder(t, node, expectedOrder(t, sched, pv), pv); err != nil {
					t.Fatalf("params %v: %v\n%s", pv, err, code)
				}
			}
			if testing.Verbose() {
				t.Logf("\n%s", code)
			}
		})
	}
}

// TestShiftedPartialUnroll checks that a partial option keeps its
// meaning under a shifted stride: its domain is a set of the original
// times, and only A's inner dim (even outer times) is unrolled.
func TestShiftedPartialUnroll(t *testing.T) {
	c := partialCases[slices.IndexFunc(partialCases, func(c partialCase) bool { return c.name == "shifted-inner" })]
	sched, _, opts := partialInput(t, c)
	node, err := FromScheduleMap(sched, mustSet(t, "[n] -> { : n >= 1 }"), opts, Config{})
	if err != nil {
		t.Fatal(err)
	}
	code := ast.PrintC(node)
	if k := strings.Count(code, "A("); k != 3 {
		t.Errorf("%d calls of A, want 3 (its inner dim unrolled)\n%s", k, code)
	}
	if k := strings.Count(code, "B("); k != 1 {
		t.Errorf("%d calls of B, want 1 (its inner dim a loop)\n%s", k, code)
	}
}

// TestRandomPartialOptions adds random partial options to random flat
// schedules and checks the order.
func TestRandomPartialOptions(t *testing.T) {
	seed := int64(20261122)
	r := rand.New(rand.NewSource(seed))
	kinds := []schedule.ASTOption{schedule.OptionAtomic, schedule.OptionSeparate, schedule.OptionUnroll, schedule.OptionDefault}
	iters := 12
	if testing.Short() {
		iters = 4
	}
	for it := 0; it < iters; it++ {
		src, dims := randomFlat(r)
		sched := mustUnionMap(t, src)
		n := 0
		for _, m := range sched.Maps() {
			n = max(n, m.Space().Dim(presburger.Out))
		}
		var vars []string
		for i := 0; i < n; i++ {
			vars = append(vars, fmt.Sprintf("c%d", i))
		}
		pre := ""
		if ps := sched.Params(); len(ps) > 0 {
			pre = "[" + strings.Join(ps, ", ") + "] -> "
		}
		opts := Options{Dims: dims}
		for k := r.Intn(3) + 1; k > 0; k-- {
			d := r.Intn(n)
			c := r.Intn(d + 1)
			cond := fmt.Sprintf("c%d %s %d", c, []string{"<", ">=", "<="}[r.Intn(3)], r.Intn(5)-1)
			if r.Intn(4) == 0 {
				cond = fmt.Sprintf("c%d %% 2 = %d", c, r.Intn(2))
			}
			opts.Partial = append(opts.Partial, PartialOption{Dim: d, Option: kinds[r.Intn(len(kinds))], Domain: mustSet(t, pre+"{ ["+strings.Join(vars, ", ")+"] : "+cond+" }")})
		}
		node, err := FromScheduleMap(sched, presburger.Set{}, opts, Config{})
		if err != nil && strings.Contains(err.Error(), "cannot unroll") {
			continue // an unroll option on a dim without a bounded number of slices
		}
		if err != nil {
			t.Fatalf("seed %d iter %d: %s: %v", seed, it, src, err)
		}
		for _, pv := range paramValues(sched.Params(), -1, 3) {
			if err := checkOrder(t, node, expectedOrder(t, sched, pv), pv); err != nil {
				t.Fatalf("seed %d iter %d params %v: %s\noptions %+v\n%v\n%s", seed, it, pv, src, opts.Partial, err, ast.PrintC(node))
			}
		}
	}
}

// TestIslRefPartialOptions compares traces and sizes with isl on the
// partial-option cases.
func TestIslRefPartialOptions(t *testing.T) {
	islRef(t)
	var results []refResult
	for _, c := range partialCases {
		sched, text, opts := partialInput(t, c)
		in := refInput{name: "partial-" + c.name, text: text, params: sched.Params(), stmts: stmtNamesOf(sched.Domain()), unordered: !sched.IsInjective()}
		in.ours = func() (ast.Node, error) { return FromScheduleMap(sched, presburger.Set{}, opts, Config{}) }
		in.vals = paramValues(in.params, c.lo, c.hi)
		if r, ok := compareWithIsl(t, in, 1); ok {
			results = append(results, r)
		}
	}
	reportIslRef(t, results)
}

// TestUnrollUnderContext checks that the number of slices of an unrolled
// dim is counted under the exact context of a flat schedule, not under
// its simple hull: the disjunctive context bounds the trip count, so no
// loop is left.
func TestUnrollUnderContext(t *testing.T) {
	sched := mustUnionMap(t, "[m, n] -> { A[i] -> [i] : 0 <= i < n and i < m }")
	ctx := mustSet(t, "[m, n] -> { : m <= 10 or n <= 10 }")
	node, err := FromScheduleMap(sched, ctx, Options{Dims: []schedule.ASTOption{schedule.OptionUnroll}}, Config{})
	if err != nil {
		t.Fatal(err)
	}
	code := ast.PrintC(node)
	if strings.Contains(code, "for (") || strings.Count(code, "A(") != 10 {
		t.Fatalf("want 10 slices and no loop\n%s", code)
	}
	for _, pv := range paramValues([]string{"m", "n"}, -1, 12) {
		if !ctx.Contains([]int64{pv["m"], pv["n"]}) {
			continue
		}
		if err := checkOrder(t, node, expectedOrder(t, sched, pv), pv); err != nil {
			t.Fatalf("params %v: %v\n%s", pv, err, code)
		}
	}
}
