package astgen

import (
	"slices"
	"sort"

	"github.com/tessera-opt/tessera/ast"
	"github.com/tessera-opt/tessera/presburger"
)

// leaves generates the statement calls once every schedule dim has been
// generated (section 5.1, the inner level). Statements are visited in
// name order. A statement whose instance is a function of the schedule
// vector gets one call (guarded by what the enclosing code does not
// enforce); otherwise its instance dims are scanned by extra loops.
func (g *gen) leaves(stmts []stmt, b *build) []ast.Node {
	sorted := append([]stmt(nil), stmts...)
	sort.SliceStable(sorted, func(i, j int) bool { return sorted[i].name < sorted[j].name })
	var out []ast.Node
	for _, s := range sorted {
		out = append(out, g.leafStmt(s, b)...)
	}
	return out
}

// leafPart is one part of an executed map solved for the instance: the
// instance as affs of the schedule vector and the constraints (with
// existentials as extra variables) on the schedule vector.
type leafPart struct {
	args  []aff
	eqs   []aff
	ineqs []aff
	nex   int
}

func (g *gen) leafStmt(s stmt, b *build) []ast.Node {
	n := b.n
	k := s.space.Dim(presburger.Out)
	var parts []leafPart
	ok := true
	for _, p := range s.m.Parts() {
		lp, good := g.solveInstance(p, n, k)
		if !good {
			ok = false
			break
		}
		parts = append(parts, lp)
	}
	if !ok || (!sameArgs(parts) && !g.singleValuedMap(s.m, n, k)) {
		return g.extendLeaf(s, b)
	}
	// Group the parts by instance expression.
	var groups [][]leafPart
	for _, p := range parts {
		placed := false
		for i, gr := range groups {
			if sameArgs([]leafPart{gr[0], p}) {
				groups[i] = append(groups[i], p)
				placed = true
				break
			}
		}
		if !placed {
			groups = append(groups, []leafPart{p})
		}
	}
	var out []ast.Node
	for _, gr := range groups {
		dom := presburger.EmptySet(g.schedSpace(n))
		for _, p := range gr {
			dom = dom.Union(g.partSet(n, p))
		}
		guard, gset, never := g.guardSetOf(dom, b)
		if never {
			continue
		}
		var args []ast.Expr
		for _, a := range gr[0].args {
			args = append(args, g.affExpr(a, b))
		}
		var node ast.Node = &ast.User{Name: s.name, Args: args}
		if g.cfg.AtEachDomain != nil {
			info := DomainInfo{Statement: s.name, Args: args}
			for i := 0; i < n; i++ {
				info.Iterators = append(info.Iterators, g.iterName(i))
				info.Values = append(info.Values, g.varExpr(g.np()+i, b))
			}
			ctx := b.clone()
			ctx.generated = b.generated.Intersect(dom)
			instance := gr[0].args
			info.expr = func(f presburger.Map) (out []ast.Expr, err error) {
				defer catch(&err)
				return g.instanceExpr(f, s.space, instance, ctx), nil
			}
			node = g.cfg.AtEachDomain(node.(*ast.User), info)
		}
		if guard != nil {
			node = &ast.If{Cond: guard, Then: node}
		}
		// What the code enforces is its guard, not the domain (the
		// enclosing constraints the guard was simplified with are not
		// checked here).
		g.setEnforced(node, gset)
		out = append(out, node)
	}
	return out
}

func sameArgs(parts []leafPart) bool {
	for _, p := range parts[1:] {
		for i := range p.args {
			if !p.args[i].equal(parts[0].args[i]) {
				return false
			}
		}
	}
	return true
}

// partSet builds the schedule set of a solved part.
func (g *gen) partSet(n int, p leafPart) presburger.Set {
	return g.setOf(n, p.eqs, p.ineqs)
}

// guardSetOf is guardOf that also returns the guard as a set (the universe
// when there is no guard).
func (g *gen) guardSetOf(dom presburger.Set, b *build) (ast.Expr, presburger.Set, bool) {
	n := b.n
	univ := g.universe(n)
	e, s, never := g.guardSetOf1(dom, b)
	if e == nil {
		s = univ
	}
	return e, s, never
}

func (g *gen) guardSetOf1(dom presburger.Set, b *build) (ast.Expr, presburger.Set, bool) {
	n := b.n
	gset := presburger.EmptySet(g.schedSpace(n))
	dom = dom.Intersect(b.generated)
	if g.isEmpty(dom) {
		return nil, gset, true
	}
	// With known divisions, a part of the domain whose constraints the
	// generated ones imply covers it alone, and the inclusion test
	// subtracts no existentials.
	dom = g.knownDivs(dom)
	covered, decided := false, false
	for _, p := range dom.Parts() {
		c, ok := g.impliesAll(b.generated, presburger.NewSet(dom.Space(), p))
		if ok && c {
			covered = true
			break
		}
		decided = ok && dom.NParts() == 1
	}
	if !covered && !decided {
		covered = g.isSubset(b.generated, dom)
	}
	if covered {
		return nil, gset, false
	}
	var conjs [][]cons
	for _, p := range dom.Parts() {
		ps := presburger.NewSet(dom.Space(), p)
		if g.isEmpty(ps.Intersect(b.generated)) {
			continue
		}
		eqs, ineqs, nex := g.basicAffs(p.Map(), g.np()+n)
		if nex > 0 {
			failf("internal error: guard with existential variables")
		}
		var cs []cons
		for _, e := range eqs {
			cs = append(cs, cons{a: e, eq: true})
		}
		for _, e := range ineqs {
			cs = append(cs, cons{a: e})
		}
		cs = g.gist(n, cs, b.generated)
		if len(cs) == 0 {
			return nil, gset, false
		}
		conjs = append(conjs, cs)
	}
	var disj []ast.Expr
	for _, cs := range absorbConjs(conjs) {
		gset = gset.Union(g.consSet(n, cs))
		disj = append(disj, g.condExpr(cs, b.ctrl()))
	}
	if len(disj) == 0 {
		return nil, gset, true
	}
	if len(disj) == 1 {
		return disj[0], gset, false
	}
	return ast.Or(disj...), gset, false
}

// absorbConjs drops the conjunctions of a disjunction that another one
// absorbs: a conjunction holding every constraint of another (the same
// constraint, written alike) describes a subset of it. Of equal ones the
// first is kept.
func absorbConjs(conjs [][]cons) [][]cons {
	if len(conjs) < 2 {
		return conjs
	}
	keys := make([]map[string]bool, len(conjs))
	for i, cs := range conjs {
		keys[i] = map[string]bool{}
		for _, c := range cs {
			k := c.a.key()
			if c.eq {
				k = "=" + k
			}
			keys[i][k] = true
		}
	}
	// within reports whether every constraint of j is one of i.
	within := func(j, i int) bool {
		for k := range keys[j] {
			if !keys[i][k] {
				return false
			}
		}
		return true
	}
	var out [][]cons
	for i := range conjs {
		absorbed := false
		for j := range conjs {
			if j == i || !within(j, i) {
				continue
			}
			// j's constraints are among i's: i is a subset of j. Of two
			// equal conjunctions the later goes.
			if len(keys[j]) < len(keys[i]) || j < i {
				absorbed = true
				break
			}
		}
		if !absorbed {
			out = append(out, conjs[i])
		}
	}
	return out
}

// impliesAll decides whether ctx is a subset of s when s is one
// conjunction with known divisions only: ctx lies in s exactly when it
// implies each constraint of s (implications are cheap and memoized,
// often proved without the integer solver; the inclusion test subtracts
// s). ok is false when s is not of that form.
func (g *gen) impliesAll(ctx, s presburger.Set) (covered, ok bool) {
	if s.NParts() != 1 {
		return false, false
	}
	p := s.Part(0).Map()
	for i := 0; i < p.NLocal(); i++ {
		if !p.Local(i).Known() {
			return false, false
		}
	}
	eqs, ineqs, nex := g.basicAffs(p, s.Space().NDim())
	if nex > 0 {
		return false, false
	}
	for _, e := range eqs {
		if !g.implies(ctx, e, true) {
			return false, true
		}
	}
	for _, e := range ineqs {
		if !g.implies(ctx, e, false) {
			return false, true
		}
	}
	return true, true
}

// knownDivs returns s with every existential variable replaced by known
// floor divisions (exact; the engine eliminates existentials when
// subtracting).
func (g *gen) knownDivs(s presburger.Set) presburger.Set {
	has := false
	for _, p := range s.Parts() {
		for i := 0; i < p.NLocal(); i++ {
			if !p.Local(i).Known() {
				has = true
			}
		}
	}
	if !has {
		return s
	}
	g.tick()
	return s.ComputeDivs()
}

// solveInstance expresses the instance dims of the executed part p
// ([n] -> S[k]) as affs of the schedule vector using its equalities.
func (g *gen) solveInstance(p presburger.BasicMap, n, k int) (leafPart, bool) {
	np := g.np()
	eqs, ineqs, nex := g.basicAffs(p, np+n+k)
	first := np + n
	solved := make([]bool, k)
	sol := make([]aff, k)
	for progress := true; progress; {
		progress = false
		for ei, e := range eqs {
			for j := 0; j < k; j++ {
				v := first + j
				a := e.Coef[v]
				if solved[j] || a == 0 || e.divInvolves(v) {
					continue
				}
				rest := e.clone()
				rest.Coef[v] = 0
				var f aff
				switch a {
				case 1:
					f = rest.scale(-1)
				case -1:
					f = rest
				default:
					if a > 0 {
						f = floorDivAff(rest.scale(-1), a)
					} else {
						f = floorDivAff(rest, -a)
					}
				}
				solved[j] = true
				sol[j] = f
				for i := range eqs {
					if i != ei {
						eqs[i] = eqs[i].subst(v, f)
					}
				}
				eqs[ei] = eqs[ei].subst(v, f)
				for i := range ineqs {
					ineqs[i] = ineqs[i].subst(v, f)
				}
				for i := range sol {
					if solved[i] && i != j {
						sol[i] = sol[i].subst(v, f)
					}
				}
				progress = true
				break
			}
		}
		if progress {
			continue
		}
		// No equality left: an instance dim v pinned by a pair of
		// inequalities 0 <= e - a*v <= a - 1 (e free of instance dims
		// and existentials) is floor(e / a), as in
		// { [c] -> S[i, j] : c = i + 10j and 0 <= i <= 9 } where
		// j = floor(c / 10) (isl reads such a function off the map too).
		for j := 0; j < k && !progress; j++ {
			v := first + j
			if solved[j] {
				continue
			}
			f, ok := pinnedByPair(ineqs, v, first)
			if !ok {
				// The other unsolved instance dims projected out
				// (their bounds imply a pair for v: with
				// 0 <= c - 4j - 12k <= 3 and 0 <= j <= 2,
				// 0 <= c - 12k <= 11 gives k = floor(c / 12)).
				f, ok = pinnedByPair(projectOthers(ineqs, solved, first, j), v, first)
			}
			if !ok {
				continue
			}
			solved[j] = true
			sol[j] = f
			for i := range eqs {
				eqs[i] = eqs[i].subst(v, f)
			}
			for i := range ineqs {
				ineqs[i] = ineqs[i].subst(v, f)
			}
			for i := range sol {
				if solved[i] && i != j {
					sol[i] = sol[i].subst(v, f)
				}
			}
			progress = true
		}
	}
	for j := 0; j < k; j++ {
		if !solved[j] || sol[j].involvesFrom(first) {
			return leafPart{}, false
		}
	}
	lp := leafPart{nex: nex}
	for _, a := range sol {
		lp.args = append(lp.args, a.resize(first))
	}
	for _, e := range eqs {
		if x, ok := dropVars(e, first, k); ok && !x.isConst() {
			lp.eqs = append(lp.eqs, x)
		} else if !ok {
			return leafPart{}, false
		} else if x.C != 0 {
			lp.eqs = append(lp.eqs, x) // infeasible constant
		}
	}
	for _, e := range ineqs {
		x, ok := dropVars(e, first, k)
		if !ok {
			return leafPart{}, false
		}
		if x.isConst() && x.C >= 0 {
			continue
		}
		lp.ineqs = append(lp.ineqs, x)
	}
	return lp, true
}

// pinnedByPair looks for inequalities e - a*v >= 0 and a*v - e + c >= 0
// with 0 <= c < a (a > 0), e involving no variable from first on (nor v
// in a division), and returns floor(e / a), the only integer v between
// them.
func pinnedByPair(ineqs []aff, v, first int) (aff, bool) {
	for _, u := range ineqs {
		a := -u.Coef[v]
		if a <= 0 || u.divInvolves(v) {
			continue
		}
		e := u.clone()
		e.Coef[v] = 0
		if e.involvesFrom(first) {
			continue
		}
		for _, l := range ineqs {
			if l.Coef[v] != a || l.divInvolves(v) {
				continue
			}
			sum := e.add(l)
			sum.Coef[v] = 0
			if !sum.isConst() || sum.C < 0 || sum.C >= a {
				continue
			}
			return floorDivAff(e, a), true
		}
	}
	return aff{}, false
}

// projectOthers returns the inequalities implied by ineqs once the
// unsolved instance dims other than j (variables first+i) are eliminated
// (Fourier-Motzkin; nil when that fails).
func projectOthers(ineqs []aff, solved []bool, first, j int) []aff {
	nv := 0
	var rows []cons
	for _, e := range ineqs {
		rows = append(rows, cons{a: e})
		nv = max(nv, len(e.Coef))
	}
	bad := make([]bool, nv)
	some := false
	for i, s := range solved {
		if !s && i != j && first+i < nv {
			bad[first+i] = true
			some = true
		}
	}
	if !some {
		return nil
	}
	for _, r := range rows {
		for v, b := range bad {
			if b && r.a.divInvolves(v) {
				return nil
			}
		}
	}
	rows, ok := eliminateVars(rows, bad)
	if !ok {
		return nil
	}
	var out []aff
	for _, r := range rows {
		out = append(out, r.a)
	}
	return out
}

// dropVars removes the variables [from, from+cnt) (which must not occur)
// and renumbers the later ones.
func dropVars(a aff, from, cnt int) (aff, bool) {
	for v := from; v < from+cnt && v < len(a.Coef); v++ {
		if a.involves(v) {
			return aff{}, false
		}
	}
	var rec func(a aff) aff
	rec = func(a aff) aff {
		r := aff{Coef: make([]int64, len(a.Coef)-cnt), C: a.C}
		copy(r.Coef, a.Coef[:from])
		copy(r.Coef[from:], a.Coef[from+cnt:])
		for _, dv := range a.Divs {
			r.Divs = append(r.Divs, affDiv{Num: rec(dv.Num), Den: dv.Den, K: dv.K})
		}
		return r
	}
	return rec(a), true
}

// singleValuedMap reports whether the executed map ([n] -> S[k]) maps
// every schedule vector to at most one instance.
func (g *gen) singleValuedMap(m presburger.Map, n, k int) bool {
	np := g.np()
	sp := m.Space()
	w := n + 2*k
	tsp := g.schedSpace(w)
	place := func(outAt int) presburger.Set {
		dst := make([]int, sp.NDim())
		for i := 0; i < n; i++ {
			dst[sp.Offset(presburger.In)+i] = tsp.Offset(presburger.Out) + i
		}
		for j := 0; j < k; j++ {
			dst[sp.Offset(presburger.Out)+j] = tsp.Offset(presburger.Out) + outAt + j
		}
		return m.Remap(tsp, dst).Set()
	}
	pair := place(n).Intersect(place(n + k))
	var eqs []aff
	for j := 0; j < k; j++ {
		lt := newAff(np + w)
		lt.Coef[np+n+k+j] = 1
		lt.Coef[np+n+j] = -1
		lt.C = -1
		if !g.isEmpty(pair.Intersect(g.setOf(w, eqs, []aff{lt}))) {
			return false
		}
		e := lt
		e.C = 0
		eqs = append(eqs, e)
	}
	return true
}

// extendLeaf scans the instances of a statement that are not a function
// of the schedule vector: the instance dims are appended to the schedule
// space ([c] -> S[i] becomes [c, i] -> S[i]) and generated as extra levels.
func (g *gen) extendLeaf(s stmt, b *build) []ast.Node {
	n := b.n
	k := s.space.Dim(presburger.Out)
	n2 := n + k
	sp := s.m.Space()
	esp := g.execSpace(n2, s.space)
	dst := make([]int, sp.NDim())
	for i := 0; i < n; i++ {
		dst[sp.Offset(presburger.In)+i] = esp.Offset(presburger.In) + i
	}
	for j := 0; j < k; j++ {
		dst[sp.Offset(presburger.Out)+j] = esp.Offset(presburger.Out) + j
	}
	m2 := s.m.Remap(esp, dst)
	bb := presburger.NewBasicBuilder(esp)
	for j := 0; j < k; j++ {
		row := make([]int64, bb.NCols())
		row[esp.Offset(presburger.In)+n+j] = 1
		row[esp.Offset(presburger.Out)+j] = -1
		bb.AddEq(row)
	}
	m2 = m2.Intersect(presburger.NewMap(esp, bb.Build()))
	b2 := b.clone()
	b2.n = n2
	b2.generated = g.extendSchedSet(b.generated, n2)
	b2.checked = g.extendSchedSet(b.checked, n2)
	b2.opts = padOpts(b.opts, n2)
	b2.isoOpts = padOpts(b.isoOpts, n2)
	b2.coincident = padBools(b.coincident, n2)
	b2.isolate = nil
	b2.cont = nil
	return g.nextLevel([]stmt{{name: s.name, space: s.space, m: m2}}, b2)
}

// instanceExpr builds the expressions of the function f (statement space
// -> tuple) at the instance given by the affs inst (over params and the
// schedule dims of ctx), simplified in ctx.
func (g *gen) instanceExpr(f presburger.Map, stmtSpace presburger.Space, inst []aff, ctx *build) []ast.Expr {
	sp := f.Space()
	k := stmtSpace.Dim(presburger.Out)
	if sp.Dim(presburger.In) != k {
		failf("function of %d inputs for a statement of %d dims", sp.Dim(presburger.In), k)
	}
	for _, p := range sp.Params() {
		if !slices.Contains(g.params, p) {
			failf("function with unknown parameter %s", p)
		}
	}
	np, n := g.np(), ctx.n
	w := sp.Dim(presburger.Out)
	// Align the parameters: the same space with the generation's list.
	fsp := presburger.NewMapSpace(g.params, sp.TupleName(presburger.In), sp.DimNames(presburger.In), sp.TupleName(presburger.Out), sp.DimNames(presburger.Out))
	dst := make([]int, sp.NDim())
	for i := 0; i < k; i++ {
		dst[sp.Offset(presburger.In)+i] = fsp.Offset(presburger.In) + i
	}
	for j := 0; j < w; j++ {
		dst[sp.Offset(presburger.Out)+j] = fsp.Offset(presburger.Out) + j
	}
	f = f.Remap(fsp, dst)
	type piece struct {
		vals []aff
		cs   []cons
	}
	var pieces []piece
	for _, p := range f.Parts() {
		lp, ok := g.solveInstance(p, k, w)
		if !ok || lp.nex > 0 {
			failf("function %v is not quasi-affine in the statement instance", f)
		}
		var pc piece
		for _, v := range lp.args {
			pc.vals = append(pc.vals, composeAff(v, np, k, inst, np+n))
		}
		for _, e := range lp.eqs {
			pc.cs = append(pc.cs, cons{a: composeAff(e, np, k, inst, np+n), eq: true})
		}
		for _, e := range lp.ineqs {
			pc.cs = append(pc.cs, cons{a: composeAff(e, np, k, inst, np+n)})
		}
		// Drop the pieces that cannot apply here.
		if g.isEmpty(ctx.generated.Intersect(g.consSet(n, pc.cs))) {
			continue
		}
		pc.cs = g.gist(n, pc.cs, ctx.generated)
		pieces = append(pieces, pc)
	}
	if len(pieces) == 0 {
		failf("function %v is not defined at the statement instance", f)
	}
	out := make([]ast.Expr, w)
	for j := 0; j < w; j++ {
		last := len(pieces) - 1
		e := g.affExpr(pieces[last].vals[j], ctx)
		for i := last - 1; i >= 0; i-- {
			e = ast.Select(g.condExpr(pieces[i].cs, ctx), g.affExpr(pieces[i].vals[j], ctx), e)
		}
		out[j] = e
	}
	return out
}

// composeAff substitutes the input variables np..np+k-1 of a (over params
// and k inputs) by the affs inst (over nv variables: params and schedule
// dims).
func composeAff(a aff, np, k int, inst []aff, nv int) aff {
	out := newAff(nv)
	copy(out.Coef[:np], a.Coef[:np])
	out.C = a.C
	for j := 0; j < k; j++ {
		if c := a.Coef[np+j]; c != 0 {
			out = out.add(inst[j].resize(nv).scale(c))
		}
	}
	for _, dv := range a.Divs {
		out = out.add(floorDivAff(composeAff(dv.Num, np, k, inst, nv), dv.Den).scale(dv.K))
	}
	return out.canon()
}
