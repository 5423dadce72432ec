package astgen

import (
	"fmt"
	"math"
	"math/rand"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/tessera-opt/tessera/ast"
	"github.com/tessera-opt/tessera/presburger"
	"github.com/tessera-opt/tessera/presburger/ints"
	"github.com/tessera-opt/tessera/schedule"
)

// The oracle: for given parameter values, the instances visited by the
// generated AST (replayed by ast.Interpret) must be exactly the instances
// of the domain, in the lexicographic order of (time vector, statement
// name, instance).

type inst struct {
	name string
	args []int64
	time []int64
}

// expectedOrder enumerates the flat schedule (statement instance -> time)
// for the parameter values and sorts the instances.
func expectedOrder(t *testing.T, sched presburger.UnionMap, params map[string]int64) []inst {
	t.Helper()
	var out []inst
	for _, m := range sched.Maps() {
		sp := m.Space()
		var pv []int64
		for _, p := range sp.Params() {
			pv = append(pv, params[p])
		}
		pts, ok := fastPoints(m, pv)
		if !ok {
			var err error
			pts, err = m.Points(pv)
			if err != nil {
				t.Fatalf("enumerating %v: %v", m, err)
			}
		}
		k := sp.Dim(presburger.In)
		for _, pt := range pts {
			out = append(out, inst{name: sp.TupleName(presburger.In), args: slices.Clone(pt[:k]), time: slices.Clone(pt[k:])})
		}
	}
	slices.SortStableFunc(out, func(a, b inst) int {
		if c := slices.Compare(a.time, b.time); c != 0 {
			return c
		}
		if c := strings.Compare(a.name, b.name); c != 0 {
			return c
		}
		return slices.Compare(a.args, b.args)
	})
	return out
}

// checkOrder compares the interpreted AST with the expected order.
func checkOrder(t *testing.T, node ast.Node, want []inst, params map[string]int64) error {
	got, err := ast.Interpret(node, params, ast.WithBudget(1<<20))
	if err != nil {
		return fmt.Errorf("interpret: %v", err)
	}
	n := min(len(got), len(want))
	for i := 0; i < n; i++ {
		if got[i].Name != want[i].name || !slices.Equal(got[i].Args, want[i].args) {
			return fmt.Errorf("instance %d: got %v, want %s%v (time %v)", i, got[i], want[i].name, want[i].args, want[i].time)
		}
	}
	if len(got) != len(want) {
		if len(got) > n {
			return fmt.Errorf("%d instances, want %d; first extra %v", len(got), len(want), got[n])
		}
		return fmt.Errorf("%d instances, want %d; first missing %s%v", len(got), len(want), want[n].name, want[n].args)
	}
	return nil
}

func mustUnionMap(t *testing.T, s string) presburger.UnionMap {
	t.Helper()
	u, err := presburger.ParseUnionMap(s)
	if err != nil {
		t.Fatalf("ParseUnionMap(%q): %v", s, err)
	}
	return u
}

func mustSet(t *testing.T, s string) presburger.Set {
	t.Helper()
	u, err := presburger.ParseSet(s)
	if err != nil {
		t.Fatalf("ParseSet(%q): %v", s, err)
	}
	return u
}

// paramValues returns the assignments of the listed parameters to values in
// [lo, hi] (all combinations).
func paramValues(names []string, lo, hi int64) []map[string]int64 {
	out := []map[string]int64{{}}
	for _, p := range names {
		var next []map[string]int64
		for _, m := range out {
			for v := lo; v <= hi; v++ {
				c := map[string]int64{}
				for k, x := range m {
					c[k] = x
				}
				c[p] = v
				next = append(next, c)
			}
		}
		out = next
	}
	return out
}

type flatCase struct {
	name    string
	sched   string // schedule union map with domain constraints
	context string // "" for none
	opts    []schedule.ASTOption
	lo, hi  int64 // parameter range
}

var flatCases = []flatCase{
	{name: "1d", sched: "[n] -> { S[i] -> [i] : 0 <= i < n }", lo: -1, hi: 5},
	{name: "2d", sched: "[n, m] -> { S[i, j] -> [i, j] : 0 <= i < n and 0 <= j < m }", lo: -1, hi: 3},
	{name: "triangle", sched: "[n] -> { S[i, j] -> [i, j] : 0 <= j <= i < n }", lo: -1, hi: 5},
	{name: "fig3", sched: "[n] -> { S1[i] -> [i, 0, 0] : 0 <= i < n; S2[i, j] -> [i, 1, j] : 0 <= j < i < n; S3[i] -> [i, 2, 0] : 0 <= i < n }", lo: -1, hi: 5},
	{name: "fig3-alt", sched: "[n] -> { S1[i] -> [0, i, 0, 0] : 0 <= i < n; S2[i, j] -> [1, i, 1, j] : 0 <= j < i < n; S3[i] -> [1, i + 1, 0, 0] : 0 <= i < n }", lo: -1, hi: 5},
	{name: "stride", sched: "[n] -> { S[i] -> [2i] : 0 <= i < n }", lo: -1, hi: 5},
	{name: "stride-offset", sched: "[n] -> { S[i] -> [3i + n] : 0 <= i < n }", lo: -1, hi: 5},
	{name: "shifted-stride", sched: "[n] -> { A[i] -> [2i] : 0 <= i < n; B[i] -> [2i + 1] : 0 <= i < n }", lo: -1, hi: 5},
	{name: "ex5.8", sched: "[M] -> { S1[i] -> [i, 0] : 0 <= i <= M; S2[] -> [0, 1] }", lo: -2, hi: 4},
	{name: "ex5.8-separate", sched: "[M] -> { S1[i] -> [i, 0] : 0 <= i <= M; S2[] -> [0, 1] }", opts: []schedule.ASTOption{schedule.OptionSeparate}, lo: -2, hi: 4},
	{name: "ex5.8-atomic", sched: "[M] -> { S1[i] -> [i, 0] : 0 <= i <= M; S2[] -> [0, 1] }", opts: []schedule.ASTOption{schedule.OptionAtomic}, lo: -2, hi: 4},
	{name: "existential", sched: "{ S[i] -> [i] : exists a, b : i = 2a + 3b and 0 <= a < 3 and 0 <= b and 0 <= i < 8 }", lo: 0, hi: 0},
	{name: "ex5.3", sched: "{ S[i] -> [i] : 3*floor((i + 1)/3) <= i and 0 <= i <= 3 }", lo: 0, hi: 0},
	{name: "mod", sched: "[n] -> { S[i] -> [i] : 0 <= i < 128 and exists a : i = n + 128a }", lo: 0, hi: 300},
	{name: "tiled", sched: "[n] -> { S[i] -> [4*floor(i/4), i] : 0 <= i < n }", lo: -1, hi: 9},
	{name: "tiled2d", sched: "[n, m] -> { S[i, j] -> [3*floor(i/3), 4*floor(j/4), i, j] : 0 <= i < n and 0 <= j < m }", lo: 0, hi: 4},
	{name: "non-injective", sched: "[n] -> { S[i, j] -> [i] : 0 <= i < n and 0 <= j < 3; T[i] -> [i] : 0 <= i < n }", lo: -1, hi: 4},
	{name: "reverse", sched: "[n] -> { S[i] -> [-i] : 0 <= i < n }", lo: -1, hi: 5},
	{name: "piecewise", sched: "[N] -> { S[t, i] -> [t, i, 0] : 0 <= t < 3 and 0 <= i < N; S[t, i] -> [t, 2N - i - 1, 1] : 0 <= t < 3 and N <= i < 2N }", lo: 0, hi: 4},
	{name: "unroll", sched: "[n] -> { S[i, j] -> [i, j] : 0 <= i < n and i <= j < i + 3 }", opts: []schedule.ASTOption{schedule.OptionDefault, schedule.OptionUnroll}, lo: -1, hi: 4},
	{name: "unroll-outer", sched: "{ S[i, j] -> [i, j] : 0 <= i < 3 and 0 <= j <= i }", opts: []schedule.ASTOption{schedule.OptionUnroll}, lo: 0, hi: 0},
	{name: "youcefn", sched: "[n, m] -> { S0[i, j] -> [i, j, 0] : 1 <= i <= n and j = i; S1[i, j] -> [i, j, 1] : 1 <= i <= n and i <= j <= n; S2[i, j] -> [i, j, 2] : 1 <= i <= m and j = n }", context: "[n, m] -> { : n <= m }", lo: 0, hi: 4},
	{name: "chen", sched: "[n] -> { S0[i] -> [i] : 1 <= i <= n and exists a : i = 4a; S1[i] -> [i] : 1 <= i <= n and exists a : i = 4a + 2 }", lo: -1, hi: 9},
}

func TestFlatCases(t *testing.T) {
	for _, c := range flatCases {
		t.Run(c.name, func(t *testing.T) {
			sched := mustUnionMap(t, c.sched)
			var ctx presburger.Set
			if c.context != "" {
				ctx = mustSet(t, c.context)
			}
			node, err := FromScheduleMap(sched, ctx, Options{Dims: c.opts}, Config{})
			if err != nil {
				t.Fatalf("FromScheduleMap: %v", err)
			}
			if err := ast.Verify(node, sched.Params()...); err != nil {
				t.Fatalf("Verify: %v\n%s", err, ast.PrintC(node))
			}
			code := ast.PrintC(node)
			for _, pv := range paramValues(sched.Params(), c.lo, c.hi) {
				if c.context != "" {
					var vals []int64
					for _, p := range ctx.Space().Params() {
						vals = append(vals, pv[p])
					}
					if !ctx.Contains(vals) {
						continue
					}
				}
				want := expectedOrder(t, sched, pv)
				if err := checkOrder(t, node, want, pv); err != nil {
					t.Fatalf("params %v: %v\n%s", pv, err, code)
				}
			}
			if testing.Verbose() {
				t.Logf("\n%s", code)
			}
		})
	}
}

// randomFlat builds a random schedule relation with domain constraints.
func randomFlat(r *rand.Rand) (string, []schedule.ASTOption) {
	nstmt := 1 + r.Intn(3)
	depth := 1 + r.Intn(3)
	var pieces []string
	for s := 0; s < nstmt; s++ {
		ndim := 1 + r.Intn(2)
		vars := []string{"i", "j"}[:ndim]
		var cons []string
		lo := []string{"0", "-1", "1"}[r.Intn(3)]
		hi := []string{"n", "n - 1", "4", "n + 1"}[r.Intn(4)]
		cons = append(cons, lo+" <= i", "i <= "+hi)
		if ndim == 2 {
			jlo := []string{"0", "i", "i - 1"}[r.Intn(3)]
			jhi := []string{"n", "i + 2", "3", "m"}[r.Intn(4)]
			cons = append(cons, jlo+" <= j", "j <= "+jhi)
		}
		switch r.Intn(5) {
		case 0:
			cons = append(cons, fmt.Sprintf("exists a : i = %d*a + %d", 2+r.Intn(2), r.Intn(2)))
		case 1:
			if ndim == 2 {
				cons = append(cons, "i + j <= n + 1")
			}
		}
		exprs := []string{"i", "2*i", "-i", "i + n", "floor(i/2)", "0", "1", "i - 1"}
		if ndim == 2 {
			exprs = append(exprs, "j", "i + j", "j - i", "j", "2*j")
		}
		mk := func(extra string) {
			var tv []string
			for k := 0; k < depth; k++ {
				tv = append(tv, exprs[r.Intn(len(exprs))])
			}
			c := strings.Join(cons, " and ")
			if extra != "" {
				c += " and " + extra
			}
			pieces = append(pieces, fmt.Sprintf("S%d[%s] -> [%s] : %s", s, strings.Join(vars, ", "), strings.Join(tv, ", "), c))
		}
		if r.Intn(4) == 0 {
			// A piecewise schedule (index set splitting).
			k := []string{"2", "n - 2", "m"}[r.Intn(3)]
			mk("i < " + k)
			mk("i >= " + k)
		} else {
			mk("")
		}
	}
	var opts []schedule.ASTOption
	for k := 0; k < depth; k++ {
		opts = append(opts, []schedule.ASTOption{schedule.OptionDefault, schedule.OptionDefault, schedule.OptionAtomic, schedule.OptionSeparate, schedule.OptionUnroll}[r.Intn(5)])
	}
	return "[n, m] -> { " + strings.Join(pieces, "; ") + " }", opts
}

func randomIters() int {
	if s := os.Getenv("ASTGEN_ORACLE_N"); s != "" {
		if n, err := strconv.Atoi(s); err == nil {
			return n
		}
	}
	if testing.Short() {
		return 5
	}
	return 12
}

func TestRandomFlat(t *testing.T) {
	seed := int64(1)
	if s := os.Getenv("ASTGEN_SEED"); s != "" {
		seed, _ = strconv.ParseInt(s, 10, 64)
	}
	ctx := mustSet(t, "[n, m] -> { : 0 <= n <= 4 and 0 <= m <= 4 }")
	for it := 0; it < randomIters(); it++ {
		r := rand.New(rand.NewSource(seed + int64(it)))
		src, opts := randomFlat(r)
		t.Run(strconv.FormatInt(seed+int64(it), 10), func(t *testing.T) {
			sched := mustUnionMap(t, src)
			node, err := FromScheduleMap(sched, ctx, Options{Dims: opts}, Config{})
			if err != nil {
				t.Fatalf("%s opts %v: %v", src, opts, err)
			}
			if err := ast.Verify(node, "n", "m"); err != nil {
				t.Fatalf("%s opts %v: Verify: %v\n%s", src, opts, err, ast.PrintC(node))
			}
			for _, pv := range paramValues([]string{"n", "m"}, 0, 4) {
				want := expectedOrder(t, sched, pv)
				if err := checkOrder(t, node, want, pv); err != nil {
					t.Fatalf("%s opts %v params %v: %v\n%s", src, opts, pv, err, ast.PrintC(node))
				}
			}
		})
	}
}

// fastPoints enumerates the points of a schedule map S[i] -> [t] for the
// parameter values pv when every part has only known divisions and each
// time dim is fixed by an equality with coefficient +-1 (then the time is
// evaluated); it returns false otherwise (the caller then asks the engine).
// The instance coordinates are scanned like a loop nest, between the
// bounds given by the constraints on each dim and the earlier ones
// (divisions in these bounds must not involve the dim itself).
func fastPoints(m presburger.Map, pv []int64) ([][]int64, bool) {
	sp := m.Space()
	np, k, w := sp.NParam(), sp.Dim(presburger.In), sp.Dim(presburger.Out)
	g := &gen{params: sp.Params()}
	var out [][]int64
	for _, p := range m.Parts() {
		eqs, ineqs, nex := g.basicAffs(p, np+k+w)
		if nex > 0 {
			return nil, false
		}
		// time dim j from an equality with coefficient +-1 on it and no
		// other time dim.
		tf := make([]aff, w)
		for j := 0; j < w; j++ {
			v := np + k + j
			found := false
			for _, e := range eqs {
				c := e.Coef[v]
				if (c != 1 && c != -1) || e.divInvolves(v) {
					continue
				}
				other := false
				for j2 := 0; j2 < w; j2++ {
					if j2 != j && e.involves(np+k+j2) {
						other = true
					}
				}
				if other {
					continue
				}
				r := e.clone()
				r.Coef[v] = 0
				tf[j] = r.scale(-c)
				found = true
				break
			}
			if !found {
				return nil, false
			}
		}
		// Bounds of in dim d: constraints on dim d and earlier dims only.
		var all []aff
		all = append(all, ineqs...)
		for _, e := range eqs {
			all = append(all, e, e.scale(-1))
		}
		lows := make([][]aff, k)
		highs := make([][]aff, k)
		for _, e := range all {
			last := -1
			for d := 0; d < k; d++ {
				if e.involves(np + d) {
					last = d
				}
			}
			if last < 0 || e.involvesFrom(np+k) || e.divInvolves(np+last) {
				continue
			}
			if e.Coef[np+last] > 0 {
				lows[last] = append(lows[last], e)
			} else {
				highs[last] = append(highs[last], e)
			}
		}
		for d := 0; d < k; d++ {
			if len(lows[d]) == 0 || len(highs[d]) == 0 {
				return nil, false
			}
		}
		x := make([]int64, np+k+w)
		copy(x, pv)
		bound := func(d int) (int64, int64) {
			lo, hi := int64(math.MinInt64), int64(math.MaxInt64)
			for _, e := range lows[d] {
				c := e.Coef[np+d]
				x[np+d] = 0
				lo = max(lo, ints.CeilDiv(-e.eval(x), c))
			}
			for _, e := range highs[d] {
				c := -e.Coef[np+d]
				x[np+d] = 0
				hi = min(hi, ints.FloorDiv(e.eval(x), c))
			}
			return lo, hi
		}
		var rec func(d int)
		rec = func(d int) {
			if d == k {
				for j := 0; j < w; j++ {
					x[np+k+j] = tf[j].eval(x)
				}
				for _, e := range eqs {
					if e.eval(x) != 0 {
						return
					}
				}
				for _, e := range ineqs {
					if e.eval(x) < 0 {
						return
					}
				}
				out = append(out, slices.Clone(x[np:]))
				return
			}
			lo, hi := bound(d)
			for v := lo; v <= hi; v++ {
				x[np+d] = v
				rec(d + 1)
			}
		}
		rec(0)
	}
	// Parts may overlap: keep each point once.
	slices.SortFunc(out, slices.Compare[[]int64])
	out = slices.CompactFunc(out, slices.Equal[[]int64])
	return out, true
}
