package astgen

import (
	"slices"
	"strings"

	"github.com/tessera-opt/tessera/ast"
	"github.com/tessera-opt/tessera/internal/graph"
	"github.com/tessera-opt/tessera/presburger"
	"github.com/tessera-opt/tessera/presburger/ints"
	"github.com/tessera-opt/tessera/schedule"
)

// scheduleDomain returns the union of the schedule domains of the
// statements projected on dims 0..d (the later dims existential).
func (g *gen) scheduleDomain(stmts []stmt, b *build, d int) presburger.Set {
	dom := presburger.EmptySet(g.schedSpace(b.n))
	for _, s := range stmts {
		dom = dom.Union(g.projectAfter(g.execDomain(s.m), d))
	}
	return dom
}

func (g *gen) restrictAll(stmts []stmt, s presburger.Set) []stmt {
	out := make([]stmt, 0, len(stmts))
	for _, st := range stmts {
		st.m = restrictExec(st.m, s)
		if np := len(st.m.Parts()); np > 1 && np <= 4 && !hasLocals(st.m) {
			// Parts that became adjacent inside s (c = 0 and
			// 1 <= c <= m once the outer dims are fixed) merge, so
			// that the statement is written once (only few parts
			// without local variables: coalescing is costly, and
			// its result is remembered per executed map).
			key := new(keyer).tag('C').mapKey(st.m).String()
			c, ok := g.coalesced[key]
			if !ok {
				c = st.m.Coalesce()
				if len(c.Parts()) > 1 {
					c = c.MakeDisjoint() // coalesced parts may overlap
				}
				if g.coalesced == nil {
					g.coalesced = map[string]presburger.Map{}
				}
				g.coalesced[key] = c
			}
			if len(c.Parts()) < len(st.m.Parts()) {
				st.m = c
			}
		}
		out = append(out, st)
	}
	return out
}

// hasLocals reports whether a part of m has local variables.
func hasLocals(m presburger.Map) bool {
	for _, p := range m.Parts() {
		if p.NLocal() > 0 {
			return true
		}
	}
	return false
}

// component generates one component at the current depth: with an
// isolated set it is split into the parts before, inside, and after or
// beside it (section 5.6), each generated with its own options.
func (g *gen) component(stmts []stmt, b *build) []ast.Node {
	d := b.depth
	if b.isolate == nil {
		return g.base(stmts, b, false)
	}
	dom := g.scheduleDomain(stmts, b, d)
	iso := g.projectAfter(b.isolate.Intersect(b.generated), d)
	var conjs [][]cons
	for _, p := range iso.Parts() {
		cs, ok := g.boundsOf(p.Map(), b.n, d)
		if ok {
			conjs = append(conjs, cs)
		}
	}
	if len(conjs) == 0 {
		return g.base(stmts, b, false)
	}
	ih := g.consSet(b.n, g.sharedCons(b.n, conjs))
	if g.isEmpty(ih.Intersect(dom)) {
		return g.base(stmts, b, false)
	}
	before := g.relativeTo(ih, b.n, d, true).Subtract(ih)
	// The points beside the isolated part (no isolated point shares
	// their outer dims) are generated with those after it: for given
	// outer dims a point is either beside or before/after, so the two
	// never interleave, and one generation often gives one loop for both
	// (the last partial strip whether or not full strips exist).
	rest := dom.Subtract(ih).Subtract(before)
	var out []ast.Node
	for i, part := range []presburger.Set{before, ih, rest} {
		p := dom.Intersect(part)
		if g.isEmpty(p) {
			continue
		}
		out = append(out, g.base(g.restrictAll(stmts, part), b, i == 1)...)
	}
	return out
}

// relativeTo returns the points x with some y in s, equal to x on the
// dims before d, and x_d < y_d (before) or x_d > y_d (!before).
func (g *gen) relativeTo(s presburger.Set, n, d int, before bool) presburger.Set {
	np := g.np()
	sp2 := g.schedSpace(2 * n)
	dst := make([]int, s.Space().NDim())
	for i := 0; i < n; i++ {
		dst[s.Space().Offset(presburger.Out)+i] = sp2.Offset(presburger.Out) + n + i
	}
	pair := s.Remap(sp2, dst)
	var eqs []aff
	for k := 0; k < d; k++ {
		e := newAff(np + 2*n)
		e.Coef[np+k] = 1
		e.Coef[np+n+k] = -1
		eqs = append(eqs, e)
	}
	lt := newAff(np + 2*n)
	if before {
		lt.Coef[np+n+d], lt.Coef[np+d] = 1, -1
	} else {
		lt.Coef[np+d], lt.Coef[np+n+d] = 1, -1
	}
	lt.C = -1
	pair = pair.Intersect(g.setOf(2*n, eqs, []aff{lt}))
	// Project the y half out.
	sp := g.schedSpace(n)
	dst2 := make([]int, sp2.NDim())
	for i := 0; i < 2*n; i++ {
		if i < n {
			dst2[sp2.Offset(presburger.Out)+i] = sp.Offset(presburger.Out) + i
		} else {
			dst2[sp2.Offset(presburger.Out)+i] = -1
		}
	}
	return pair.Remap(sp, dst2)
}

// piece is one single-conjunction part of the schedule domain at the
// current depth: bounds are its (over-approximating) constraints on dims
// 0..d, region the exact set of schedule points it covers.
type piece struct {
	bounds []cons
	region presburger.Set
}

// base generates the component for the schedule domain at the current
// depth according to the option of the dim (Algorithm 2).
func (g *gen) base(stmts []stmt, b *build, isolated bool) []ast.Node {
	d := b.depth
	opt := b.option(d, isolated)
	if !isolated {
		if out, ok := g.partialBase(stmts, b, opt); ok {
			return out
		}
	}
	return g.baseWith(stmts, b, opt)
}

// baseWith generates the component for the schedule domain at the
// current depth with the option opt.
func (g *gen) baseWith(stmts []stmt, b *build, opt schedule.ASTOption) []ast.Node {
	d := b.depth
	n := b.n
	dom := g.scheduleDomain(stmts, b, d)
	if opt == schedule.OptionUnroll {
		return g.unroll(stmts, b, dom)
	}
	var pieces []piece
	switch opt {
	case schedule.OptionAtomic:
		var conjs [][]cons
		for _, p := range dom.Parts() {
			if cs, ok := g.boundsOf(p.Map(), n, d); ok {
				conjs = append(conjs, cs)
			}
		}
		if len(conjs) == 0 {
			return nil
		}
		pieces = []piece{{bounds: g.sharedCons(n, conjs), region: g.universe(n)}}
	case schedule.OptionSeparate:
		var sets []presburger.Set
		for _, s := range stmts {
			sets = append(sets, g.explicitHullSet(s.m, n, d))
		}
		pieces = g.refine(sets, n, d)
	default:
		if p, ok := g.pureOuterDisjunction(dom, n, d); ok {
			pieces = []piece{p}
			break
		}
		// The hulls are coalesced per statement, then their union is
		// coalesced again (as isl coalesces the whole schedule domain):
		// pieces of different statements whose union is exactly their
		// shared constraints become one loop with guards inside instead
		// of a sequence of loops.
		hull := presburger.EmptySet(g.schedSpace(n))
		for _, s := range stmts {
			hull = hull.Union(g.hullSet(g.projectAfter(g.execDomain(s.m), d), n, d))
		}
		hull = g.hullSet(hull, n, d)
		pieces = g.refine([]presburger.Set{hull}, n, d)
	}
	pieces = g.sortPieces(pieces, dom, n, d)
	var out []ast.Node
	for _, p := range pieces {
		out = append(out, g.createFor(g.restrictAll(stmts, p.region), b, p.bounds)...)
	}
	return out
}

// hullSet returns the union of the bounds of the parts of s at dim d,
// coalesced.
func (g *gen) hullSet(s presburger.Set, n, d int) presburger.Set {
	var conjs [][]cons
	for _, p := range s.Parts() {
		if cs, ok := g.boundsOf(p.Map(), n, d); ok {
			conjs = append(conjs, cs)
		}
	}
	conjs = g.coalesce(n, d, conjs)
	out := presburger.EmptySet(g.schedSpace(n))
	for _, cs := range conjs {
		out = out.Union(g.consSet(n, cs))
	}
	return out
}

// explicitHullSet is hullSet of the schedule domain of the executed map
// m (schedule dims to statement dims) with isl's explicit separation
// bounds at dim d: the constraints of each part on dims 0..d once the
// later dims and the statement dims are substituted away where an
// equality defines them, the others being dropped (explicitBoundsOf).
func (g *gen) explicitHullSet(m presburger.Map, n, d int) presburger.Set {
	sp := m.Space()
	k := sp.Dim(presburger.Out)
	wide := g.schedSpace(n + k)
	dst := make([]int, sp.NDim())
	for i := 0; i < sp.Dim(presburger.In); i++ {
		dst[sp.Offset(presburger.In)+i] = wide.Offset(presburger.Out) + i
	}
	for i := 0; i < k; i++ {
		dst[sp.Offset(presburger.Out)+i] = wide.Offset(presburger.Out) + n + i
	}
	var conjs [][]cons
	// Redundant constraints are removed first (as isl's simplified
	// relations lack them): a bound implied through a statement dim is
	// then dropped with the constraints it follows from.
	wm := m.Remap(wide, dst)
	if np := len(wm.Parts()); np > 1 && np <= 8 && !hasLocals(wm) {
		wm = wm.Coalesce()
	}
	for _, p := range wm.RemoveRedundancies().Parts() {
		if cs, ok := g.explicitBoundsOf(p, n+k, n, d); ok {
			conjs = append(conjs, cs)
		}
	}
	conjs = g.coalesce(n, d, conjs)
	out := presburger.EmptySet(g.schedSpace(n))
	for _, cs := range conjs {
		out = out.Union(g.consSet(n, cs))
	}
	if len(conjs) > 1 {
		// Adjacent conjunctions (c = 0 and 1 <= c <= m) merge.
		out = out.Coalesce()
	}
	return out
}

// maxCoalesce bounds the number of conjunctions coalesce works on.
const maxCoalesce = 12

// coalesce replaces pairs of conjunctions whose union is exactly the set
// of their shared constraints by those shared constraints (a simple form
// of isl_set_coalesce), repeatedly.
// Two conjunctions fixing the current dim to different values are kept
// apart (merging them would turn separate statements into a loop with
// guards).
func (g *gen) coalesce(n, d int, conjs [][]cons) [][]cons {
	if len(conjs) > maxCoalesce {
		return conjs
	}
	for changed := true; changed && len(conjs) > 1; {
		changed = false
	outer:
		for i := 0; i < len(conjs); i++ {
			for j := i + 1; j < len(conjs); j++ {
				h := g.sharedCons(n, [][]cons{conjs[i], conjs[j]})
				v := g.np() + d
				if fixesDim(conjs[i], v) && fixesDim(conjs[j], v) && !fixesDim(h, v) {
					continue
				}
				hs := g.consSet(n, h)
				u := g.consSet(n, conjs[i]).Union(g.consSet(n, conjs[j]))
				if g.unionCovers(n, h, conjs[i], conjs[j], hs, u) {
					conjs[i] = h
					conjs = append(conjs[:j], conjs[j+1:]...)
					changed = true
					break outer
				}
				// The shared constraints may miss only parameter values
				// where both are empty ([0, n - 1] and [1, n] at n = 0):
				// retry with the parameter constraints each implies.
				pi, pj := g.paramCons(n, conjs[i]), g.paramCons(n, conjs[j])
				if len(pi) == 0 && len(pj) == 0 {
					continue
				}
				h2 := g.sharedCons(n, [][]cons{append(slices.Clone(conjs[i]), pi...), append(slices.Clone(conjs[j]), pj...)})
				if len(h2) > len(h) && g.unionCovers(n, h2, conjs[i], conjs[j], g.consSet(n, h2), u) {
					conjs[i] = h2
					conjs = append(conjs[:j], conjs[j+1:]...)
					changed = true
					break outer
				}
			}
		}
	}
	return conjs
}

// unionCovers reports whether the conjunction h (the set hs) lies in the
// union u of the conjunctions ci and cj: isSubset(hs, u), decided by
// emptiness tests of conjunctions without subtraction (hs lies in u
// unless a point of hs violates a constraint of ci and one of cj: one
// small test per such pair, the first non-empty one refutes). When the
// engine gives up on one of them the inclusion test decides.
func (g *gen) unionCovers(n int, h, ci, cj []cons, hs, u presburger.Set) bool {
	negs := func(cs []cons) (out []aff) {
		for _, c := range cs {
			if !c.eq && slices.ContainsFunc(h, func(x cons) bool { return !x.eq && x.a.equal(c.a) }) {
				continue // implied by h: never violated on hs
			}
			neg := c.a.scale(-1)
			neg.C = ints.Sub(neg.C, 1)
			out = append(out, neg)
			if c.eq {
				pos := c.a.clone()
				pos.C = ints.Sub(pos.C, 1)
				out = append(out, pos)
			}
		}
		return out
	}
	if g.outsideAt(hs, u) {
		// A point of the shared constraints in neither part: some pair
		// of negated constraints holds there.
		g.tick()
		return false
	}
	ni, nj := negs(ci), negs(cj)
	if len(ni)*len(nj) > 64 {
		return g.isSubset(hs, u)
	}
	g.tick() // the decision the inclusion test would have counted
	for _, a := range ni {
		for _, b := range nj {
			empty, ok := g.quickEmpty(hs.Intersect(g.setOf(n, nil, []aff{a, b})))
			if !ok {
				return g.isSubset(hs, u)
			}
			if !empty {
				return false
			}
		}
	}
	return true
}

// paramCons returns the constraints on the parameters alone that the
// conjunction cs implies (by rational elimination of the dims), those it
// does not state itself.
func (g *gen) paramCons(n int, cs []cons) []cons {
	parts := g.consSet(n, cs).Parts()
	if len(parts) != 1 {
		return nil
	}
	pc, ok := g.boundsOf(parts[0].Map(), n, -1)
	if !ok {
		return nil
	}
	var out []cons
	for _, c := range pc {
		if !slices.ContainsFunc(cs, func(x cons) bool { return x.eq == c.eq && x.a.equal(c.a) }) {
			out = append(out, c)
		}
	}
	return out
}

// refine returns disjoint single-conjunction pieces covering the union of
// the sets, such that each piece lies inside or outside each set (the
// common refinement of the separation algorithm).
func (g *gen) refine(sets []presburger.Set, n, d int) []piece {
	var cur []presburger.Set
	for _, s := range sets {
		if g.isEmpty(s) {
			continue
		}
		var next []presburger.Set
		covered := presburger.EmptySet(g.schedSpace(n))
		for _, p := range cur {
			covered = covered.Union(p)
			in := p.Intersect(s)
			out := p.Subtract(s)
			if !g.isEmpty(in) {
				next = append(next, in)
			}
			if !g.isEmpty(out) {
				next = append(next, out)
			}
		}
		rest := s.Subtract(covered)
		if !g.isEmpty(rest) {
			next = append(next, rest)
		}
		cur = next
	}
	var out []piece
	for _, s := range cur {
		g.tick()
		s = g.makeDisjoint(s)
		for _, p := range s.Parts() {
			ps := presburger.NewSet(s.Space(), p)
			if g.isEmpty(ps) {
				continue
			}
			cs, ok := g.boundsOf(p.Map(), n, d)
			if !ok {
				continue
			}
			out = append(out, piece{bounds: cs, region: ps})
		}
	}
	return out
}

// makeDisjoint returns s with disjoint parts: each part minus the earlier
// ones, in the given order or in the reverse order, whichever gives fewer
// parts (a single value of one statement inside another's loop is better
// cut out of the single value than out of the loop, which it would split
// in two).
func (g *gen) makeDisjoint(s presburger.Set) presburger.Set {
	ps := s.Parts()
	if len(ps) < 2 {
		return s
	}
	a := s.MakeDisjoint()
	rev := slices.Clone(ps)
	slices.Reverse(rev)
	b := presburger.NewSet(s.Space(), rev...).MakeDisjoint()
	if len(b.Parts()) < len(a.Parts()) {
		return b
	}
	return a
}

// sortPieces orders the pieces so that, for equal outer dims, all points
// of a piece come before those of the next; pieces whose points
// interleave are merged (one loop over their shared constraints).
func (g *gen) sortPieces(pieces []piece, dom presburger.Set, n, d int) []piece {
	k := len(pieces)
	if k <= 1 {
		return pieces
	}
	regs := make([]presburger.Set, k)
	for i, p := range pieces {
		regs[i] = p.region.Intersect(dom)
	}
	// afterAt on each pair, with the regions placed in the pair space
	// once and the order constraints added to the first half once.
	ord := g.afterAtCons(n, d)
	xs, ys := make([]presburger.Set, k), make([]presburger.Set, k)
	for i := range regs {
		xs[i], ys[i] = g.pairHalves(regs[i], n)
		xs[i] = xs[i].Intersect(ord)
	}
	// The bounds of a piece over-approximate its region: when the pair
	// is already empty on the bounds (no local variables, a cheap test)
	// the exact test is not needed.
	xb, yb := make([]presburger.Set, k), make([]presburger.Set, k)
	for i, p := range pieces {
		xb[i], yb[i] = g.pairHalves(g.consSet(n, p.bounds), n)
		xb[i] = xb[i].Intersect(ord)
	}
	adj := make([][]int, k)
	for i := 0; i < k; i++ {
		for j := 0; j < k; j++ {
			if i == j {
				continue
			}
			if e, ok := g.quickEmpty(xb[i].Intersect(yb[j])); ok && e {
				g.tick() // the decision the exact test would have counted
				continue
			}
			if !g.isEmpty(xs[i].Intersect(ys[j])) {
				adj[j] = append(adj[j], i)
			}
		}
	}
	var out []piece
	for _, comp := range graph.SCCTopo(k, adj) {
		if len(comp) == 1 {
			out = append(out, pieces[comp[0]])
			continue
		}
		var conjs [][]cons
		region := presburger.EmptySet(g.schedSpace(n))
		for _, i := range comp {
			conjs = append(conjs, pieces[i].bounds)
			region = region.Union(pieces[i].region)
		}
		out = append(out, piece{bounds: g.sharedCons(n, conjs), region: region})
	}
	return out
}

// afterAt reports whether some point of a has a larger dim d than some
// point of c with equal dims before d.
func (g *gen) afterAt(a, c presburger.Set, b *build) bool {
	return !g.isEmpty(g.pairSet(a, c, b.n).Intersect(g.afterAtCons(b.n, b.depth)))
}

// afterAtCons returns { [x, y] : x_p = y_p for p < d and x_d > y_d } in a
// schedule space of 2n dims.
func (g *gen) afterAtCons(n, d int) presburger.Set {
	np := g.np()
	b := &build{n: n, depth: d}
	var eqs []aff
	for p := 0; p < b.depth; p++ {
		e := newAff(np + 2*n)
		e.Coef[np+p] = 1
		e.Coef[np+n+p] = -1
		eqs = append(eqs, e)
	}
	gt := newAff(np + 2*n)
	gt.Coef[np+b.depth] = 1
	gt.Coef[np+n+b.depth] = -1
	gt.C = -1
	return g.setOf(2*n, eqs, []aff{gt})
}

// splitCons separates the constraints involving dim d from the others.
func splitCons(cs []cons, v int) (with, without []cons) {
	for _, c := range cs {
		if c.a.involves(v) {
			with = append(with, c)
		} else {
			without = append(without, c)
		}
	}
	return
}

// createFor generates the code of one piece at depth d (Algorithm 3):
// stride detection, degenerate dims, loop bounds and the recursion on the
// next level. The constraints of the piece that do not involve dim d are
// pending: the body is generated assuming them and they become the guard
// of the loop unless implied by the enclosing code or by the loop itself.
func (g *gen) createFor(stmts []stmt, b *build, bounds []cons) []ast.Node {
	d := b.depth
	n := b.n
	np := g.np()
	v := np + d
	var live []stmt
	for _, s := range stmts {
		if !g.isEmptyMap(s.m) {
			live = append(live, s)
		}
	}
	if len(live) == 0 {
		return nil
	}
	stmts = live
	dom := g.scheduleDomain(stmts, b, d).Intersect(b.generated)
	withD, pending := splitCons(bounds, v)
	withD = g.completeBounds(withD, dom, n, d)
	stride, offset, hasStride := g.detectStride(dom, n, d)
	if hasStride && len(offset.Divs) > 0 {
		// The stride may imply modular conditions on the outer dims
		// (example 5.7: 2t - n = 4a implies that n is even); they become
		// pending constraints so that they are checked once, outside.
		pending = append(pending, g.modularConds(dom, b, d)...)
	}

	hullDom := b.generated.Intersect(g.consSet(n, withD))
	if hasStride {
		hullDom = hullDom.Intersect(g.strideSet(n, d, stride, offset))
	}
	if val, ok := g.singleValue(hullDom, n, d, withD, stride, offset, hasStride); ok {
		return g.emitAt(stmts, b, val, bounds)
	}
	if len(pending) > 0 {
		// Under the guard the loop will get, the dim may have a single
		// value (a lower bound made redundant by the guard).
		if val, ok := g.singleValue(hullDom.Intersect(g.consSet(n, pending)), n, d, withD, stride, offset, hasStride); ok && len(val.Divs) == 0 {
			return g.emitAt(stmts, b, val, bounds)
		}
	}
	if val, ok := g.exactSingleValue(dom, n, d); ok && len(val.Divs) == 0 {
		return g.emitAt(stmts, b, val, bounds)
	}

	var lowers, uppers []aff
	for _, c := range withD {
		k := c.a.Coef[v]
		if c.a.divInvolves(v) {
			continue
		}
		rest := c.a.clone()
		rest.Coef[v] = 0
		if k > 0 || c.eq {
			// k*c + rest >= 0  =>  c >= ceil(-rest/k)
			kk, r := k, rest
			if k < 0 {
				kk, r = -k, rest.scale(-1)
			}
			lowers = append(lowers, floorDivAff(r.scale(-1).add(constAff(len(r.Coef), kk-1)), kk))
		}
		if k < 0 || c.eq {
			kk, r := -k, rest
			if k > 0 {
				kk, r = k, rest.scale(-1)
			}
			uppers = append(uppers, floorDivAff(r, kk))
		}
	}
	if hasStride {
		for i, l := range lowers {
			lowers[i] = stridedLower(l, offset, stride)
		}
	}
	var initExpr, condExpr ast.Expr
	if len(lowers) == 0 || len(uppers) == 0 {
		// The piece lacks a bound (an atomic hull, section 5.3.3): take
		// the bounds of the parts of the exact domain, min of the lower
		// bounds and max of the upper bounds over the parts.
		initExpr, condExpr = g.partBounds(dom, b.ctrl(), stride, offset, hasStride)
	}

	// The constraints the loop enforces: its bounds and the stride.
	loopCons := append([]cons(nil), withD...)
	inner := b.clone()
	inner.depth = d + 1
	inner.values = append(inner.values[:d:d], ast.NewIdent(g.iterName(d)))
	inner.valAff = append(padAffs(inner.valAff, d), nil)
	gen := b.generated.Intersect(g.consSet(n, loopCons))
	if hasStride {
		gen = gen.Intersect(g.strideSet(n, d, stride, offset))
	}
	// What the loop itself checks: the bounds it emits (bounds dominated
	// under the enclosing assumptions are not emitted, so they do not
	// count) and the stride.
	ctrl := b.ctrl()
	lowers = g.pruneBounds(lowers, ctrl, true)
	uppers = g.pruneBounds(uppers, ctrl, false)
	var checked []aff
	for _, l := range lowers {
		e := l.scale(-1)
		e.Coef[np+d] = ints.Add(e.Coef[np+d], 1)
		checked = append(checked, e)
	}
	for _, u := range uppers {
		e := u.clone()
		e.Coef[np+d] = ints.Sub(e.Coef[np+d], 1)
		checked = append(checked, e)
	}
	loopEnforced := g.setOf(n, nil, checked)
	if hasStride {
		loopEnforced = loopEnforced.Intersect(g.strideSet(n, d, stride, offset))
	}
	inner.generated = gen.Intersect(g.consSet(n, pending))
	inner.checked = b.checked.Intersect(loopEnforced)
	body := g.nextLevel(g.restrictAll(stmts, inner.generated), inner)
	if len(body) == 0 {
		return nil
	}
	init, cond := initExpr, condExpr
	if len(lowers) > 0 {
		init = g.maxOf(lowers, ctrl)
	}
	if len(uppers) > 0 {
		cond = g.upperCond(uppers, d, ctrl)
	}
	inc := int64(1)
	if hasStride {
		inc = stride
	}
	f := &ast.For{Iter: g.iterName(d), Init: init, Cond: cond, Inc: ast.NewInt(inc), Body: block(body)}
	if d < len(b.coincident) && b.coincident[d] {
		f.Parallel = true
	}
	if g.cfg.AtEachFor != nil {
		g.cfg.AtEachFor(f, ForInfo{Depth: d, Coincident: f.Parallel})
	}
	// Pending constraints implied by the enclosing code, or by what the
	// loop enforces (an iteration of the loop in which the body executes
	// something, section 5.9), need no guard.
	enf := loopEnforced
	if be, ok := g.enforcedOf(body, n); ok {
		enf = enf.Intersect(be)
	}
	exists := g.projectAfter(enf, d-1)
	guard := g.gist(n, pending, b.generated)
	if len(guard) > 0 {
		ctx := b.generated.Intersect(exists)
		var kept []cons
		for _, c := range guard {
			if !g.impliesCons(ctx, c) {
				kept = append(kept, c)
			}
		}
		guard = kept
	}
	if len(guard) > 0 && (len(lowers) > 1 || len(uppers) > 1) {
		// The loop runs under its guard: bounds dominated there are
		// dropped from the emitted expressions (what the loop checks
		// together with the guard is unchanged).
		gctrl := ctrl.clone()
		gs := g.consSet(n, guard)
		gctrl.generated = ctrl.generated.Intersect(gs)
		gctrl.checked = ctrl.checked.Intersect(gs)
		if l := g.pruneBounds(lowers, gctrl, true); len(l) < len(lowers) {
			f.Init = g.maxOf(l, gctrl)
		}
		if u := g.pruneBounds(uppers, gctrl, false); len(u) < len(uppers) {
			f.Cond = g.upperCond(u, d, gctrl)
		}
	}
	node := g.wrapGuard(guard, ctrl, f)
	g.setEnforced(node, exists.Intersect(g.consSet(n, guard)))
	return []ast.Node{node}
}

// completeBounds adds to the constraints withD of a piece the bounds of dim
// d it lacks (a lower or an upper bound: pieces from explicit separation
// bounds may have none) from the exact domain dom when dom is a single
// conjunction: the loop then states them and the code inside knows them.
func (g *gen) completeBounds(withD []cons, dom presburger.Set, n, d int) []cons {
	v := g.np() + d
	lo, hi := false, false
	for _, c := range withD {
		k := c.a.Coef[v]
		if c.a.divInvolves(v) || k == 0 {
			continue
		}
		lo = lo || c.eq || k > 0
		hi = hi || c.eq || k < 0
	}
	if lo && hi || dom.NParts() != 1 {
		return withD
	}
	cs, ok := g.boundsOf(dom.Part(0).Map(), n, d)
	if !ok {
		return withD
	}
	out := slices.Clone(withD)
	for _, c := range cs {
		k := c.a.Coef[v]
		if c.a.divInvolves(v) || k == 0 {
			continue
		}
		if !lo && (c.eq || k > 0) || !hi && (c.eq || k < 0) {
			out = append(out, c)
		}
	}
	return out
}

func constAff(nv int, c int64) aff {
	a := newAff(nv)
	a.C = c
	return a
}

// stridedLower moves a lower bound l up to the residue class of offset
// modulo stride: offset + stride*ceil((l - offset)/stride).
func stridedLower(l, offset aff, stride int64) aff {
	diff := l.sub(offset)
	diff.C = ints.Add(diff.C, stride-1)
	return offset.add(floorDivAff(diff, stride).scale(stride))
}

// strideSet returns { x : x_d = offset(x) + stride*k for some k }.
func (g *gen) strideSet(n, d int, stride int64, offset aff) presburger.Set {
	np := g.np()
	e := offset.resize(np + n + 1).scale(-1)
	e.Coef[np+d] = ints.Add(e.Coef[np+d], 1)
	e.Coef[np+n] = -stride
	return g.setOf(n, []aff{e}, nil)
}

// wrapGuard returns node guarded by the conjunction cs (node itself when
// cs is empty).
func (g *gen) wrapGuard(cs []cons, b *build, node ast.Node) ast.Node {
	if len(cs) == 0 {
		return node
	}
	return &ast.If{Cond: g.condExpr(cs, b), Then: node}
}

// emitAt generates the piece for a dim with the single value val (a
// degenerate loop, section 5.3.2): no loop is emitted, the dim is
// substituted by val and the constraints of the piece become a guard.
func (g *gen) emitAt(stmts []stmt, b *build, val aff, bounds []cons) []ast.Node {
	d := b.depth
	n := b.n
	np := g.np()
	e := val.scale(-1)
	e.Coef[np+d] = ints.Add(e.Coef[np+d], 1)
	fix := cons{a: e, eq: true}
	inner := b.clone()
	inner.depth = d + 1
	val = g.substVals(val, b)
	inner.values = append(inner.values[:d:d], g.affExpr(val, b))
	inner.valAff = append(padAffs(inner.valAff, d), &val)
	gen := b.generated.Intersect(g.consSet(n, []cons{fix}))
	inner.generated = gen.Intersect(g.consSet(n, bounds))
	inner.checked = b.checked.Intersect(g.consSet(n, []cons{fix}))
	body := g.nextLevel(g.restrictAll(stmts, inner.generated), inner)
	if len(body) == 0 {
		return nil
	}
	guard := g.gist(n, bounds, gen)
	// The body may come from the bands below a sequence (the dim is the
	// position in the sequence): what its loops enforce counts too.
	be, beOK := g.enforcedOfDeep(body, n, true)
	if len(guard) > 0 && beOK {
		// Constraints implied whenever the body executes something
		// (section 5.9) need no guard: the body's control expressions
		// are written in what is checked, which excludes the guard.
		ctx := gen.Intersect(g.projectAfter(be, d))
		var kept []cons
		for _, c := range guard {
			if !g.impliesCons(ctx, c) {
				kept = append(kept, c)
			}
		}
		guard = kept
	}
	// The guard is written in the context of the substitution, not of
	// the guard itself.
	outer := inner.clone()
	outer.generated = inner.checked
	node := g.wrapGuard(guard, outer, block(body))
	enf := g.consSet(n, []cons{fix}).Intersect(g.consSet(n, guard))
	if beOK {
		enf = enf.Intersect(be)
	}
	g.setEnforced(node, g.projectAfter(enf, d-1))
	return []ast.Node{node}
}

// singleValue reports whether dim d takes a single value for each value of
// the outer dims on dom (the set of the loop bounds, stride and enclosing
// constraints), and returns it as an aff when it can be read from an
// equality or a single lower bound.
func (g *gen) singleValue(dom presburger.Set, n, d int, withD []cons, stride int64, offset aff, hasStride bool) (aff, bool) {
	np := g.np()
	v := np + d
	var cand []aff
	var lowers []aff
	for _, c := range withD {
		k := c.a.Coef[v]
		if c.a.divInvolves(v) {
			continue
		}
		rest := c.a.clone()
		rest.Coef[v] = 0
		if c.eq && k != 0 {
			// k*c + rest == 0: the value is -rest/k, an exact division.
			if k > 0 {
				cand = append(cand, floorDivAff(rest.scale(-1), k))
			} else {
				cand = append(cand, floorDivAff(rest, -k))
			}
			continue
		}
		if k > 0 {
			lowers = append(lowers, floorDivAff(rest.scale(-1).add(constAff(len(rest.Coef), k-1)), k))
		}
	}
	reduced := false
	if len(cand) == 0 && len(lowers) > 1 && g.optional() {
		// The largest lower bound on dom, when one dominates the others
		// (only used for a value without divisions: the substitution
		// must make the code simpler, not move a division into guards).
		for i, l := range lowers {
			top := true
			for j, o := range lowers {
				if i != j && !g.implies(dom, l.sub(o), false) {
					top = false
					break
				}
			}
			if top {
				lowers = []aff{l}
				reduced = true
				break
			}
		}
	}
	if len(cand) == 0 && len(lowers) == 1 {
		l := lowers[0]
		if hasStride {
			l = stridedLower(l, offset, stride)
		}
		cand = append(cand, l)
	}
	if len(cand) == 0 || reduced && len(cand[0].Divs) > 0 {
		return aff{}, false
	}
	if !g.singleValued(dom, n, d) {
		return aff{}, false
	}
	return cand[0], true
}

// exactSingleValue reports whether dim d has a single value for each
// value of the outer dims on the exact schedule domain dom (with local
// variables, where the rational bounds lose it), reading the value from
// an equality of the integer affine hull of dom (isl detects degenerate
// loops on the exact domain too).
func (g *gen) exactSingleValue(dom presburger.Set, n, d int) (aff, bool) {
	if !g.optional() {
		return aff{}, false
	}
	locals := false
	for _, p := range dom.Parts() {
		if p.NLocal() > 0 {
			locals = true
		}
	}
	if !locals {
		return aff{}, false
	}
	g.tick()
	if g.twoValuesNearSample(dom, n, d) {
		return aff{}, false
	}
	if !g.singleValuedQuick(dom, n, d) {
		// Two values of the dim at the same outer point: no equality of
		// the hull gives it, and the pair test costs a fraction of the
		// hull.
		return aff{}, false
	}
	var hull presburger.BasicSet
	proj := dom
	if involvesDimsAfter(dom, d) {
		proj = g.projectAfter(dom, d)
	}
	if _, ok := g.decide(func() bool { hull = proj.AffineHull(); return true }); !ok {
		return aff{}, false
	}
	np := g.np()
	v := np + d
	eqs, _, nex := g.basicAffs(hull.Map(), np+n)
	if nex > 0 {
		return aff{}, false
	}
	for _, e := range eqs {
		k := e.Coef[v]
		if k == 0 || len(e.Divs) > 0 || e.involvesFrom(v+1) {
			continue
		}
		rest := e.clone()
		rest.Coef[v] = 0
		if k > 0 {
			return floorDivAff(rest.scale(-1), k), true
		}
		return floorDivAff(rest, -k), true
	}
	return aff{}, false
}

// involvesDimsAfter reports whether a constraint or a local of a part of
// the schedule set s involves a dim after d (projectAfter is the identity
// otherwise, up to unconstrained existentials).
func involvesDimsAfter(s presburger.Set, d int) bool {
	off := s.Space().Offset(presburger.Out)
	n := s.Space().Dim(presburger.Out)
	inv := func(row []int64) bool {
		for i := off + d + 1; i < off+n && i < len(row); i++ {
			if row[i] != 0 {
				return true
			}
		}
		return false
	}
	for _, p := range s.Parts() {
		for _, r := range p.Eqs() {
			if inv(r) {
				return true
			}
		}
		for _, r := range p.Ineqs() {
			if inv(r) {
				return true
			}
		}
		for i := 0; i < p.NLocal(); i++ {
			if l := p.Local(i); l.Known() && inv(l.Row) {
				return true
			}
		}
	}
	return false
}

// twoValuesNearSample reports whether dom has two points with equal
// parameters and dims before d but different values of dim d, looked for
// only at the outer values of a few sample points of dom (a point of dom,
// and points with a larger and a smaller value of dim d): the fibers there
// are small and the tests cheap. True is an exact proof that dim d is not
// single valued; false proves nothing.
func (g *gen) twoValuesNearSample(dom presburger.Set, n, d int) bool {
	np := g.np()
	p, found, ok := g.quickSample(dom)
	if !ok || !found || len(p) != np+n {
		return false
	}
	if g.twoValuesAt(dom, n, d, p) {
		return true
	}
	for _, sgn := range [2]int64{1, -1} {
		// A point with sgn*(x_d - p_d) >= 1: elsewhere in the range of
		// dim d, where the fiber may be wider.
		e := newAff(np + n)
		e.Coef[np+d] = sgn
		e.C = -sgn*p[np+d] - 1
		q, found, ok := g.quickSample(dom.Intersect(g.setOf(n, nil, []aff{e})))
		if ok && found && len(q) == np+n && g.twoValuesAt(dom, n, d, q) {
			return true
		}
	}
	return false
}

// twoValuesAt reports whether the fiber of dom at the parameters and dims
// before d of pt (a point of dom) holds a value of dim d other than pt's.
func (g *gen) twoValuesAt(dom presburger.Set, n, d int, pt []int64) bool {
	np := g.np()
	var eqs []aff
	for k := 0; k < np+d; k++ {
		e := newAff(np + n)
		e.Coef[k] = 1
		e.C = -pt[k]
		eqs = append(eqs, e)
	}
	fiber := dom.Intersect(g.setOf(n, eqs, nil))
	for _, sgn := range [2]int64{1, -1} {
		// sgn*(x_d - p_d) - 1 >= 0
		e := newAff(np + n)
		e.Coef[np+d] = sgn
		e.C = -sgn*pt[np+d] - 1
		if res, ok := g.quickEmpty(fiber.Intersect(g.setOf(n, nil, []aff{e}))); ok && !res {
			return true
		}
	}
	return false
}

// singleValuedQuick is singleValued as a pre-test (no decision counted;
// true when the engine gives up).
func (g *gen) singleValuedQuick(dom presburger.Set, n, d int) bool {
	empty, ok := g.quickEmpty(g.twoValuesSet(dom, n, d))
	return !ok || empty
}

// singleValued reports whether dom has at most one value of dim d for each
// value of the dims before d (and the parameters).
func (g *gen) singleValued(dom presburger.Set, n, d int) bool {
	return g.isEmpty(g.twoValuesSet(dom, n, d))
}

// twoValuesSet returns the points of dom (n + 1 dims, the last one a
// second value of dim d) with two values of dim d for the same dims
// before d, the second larger.
func (g *gen) twoValuesSet(dom presburger.Set, n, d int) presburger.Set {
	np := g.np()
	sp1 := g.schedSpace(n + 1)
	dst := make([]int, dom.Space().NDim())
	for i := 0; i < n; i++ {
		dst[dom.Space().Offset(presburger.Out)+i] = sp1.Offset(presburger.Out) + i
	}
	a := dom.Remap(sp1, dst)
	dst2 := make([]int, dom.Space().NDim())
	for i := 0; i < n; i++ {
		switch {
		case i == d:
			dst2[dom.Space().Offset(presburger.Out)+i] = sp1.Offset(presburger.Out) + n
		case i < d:
			dst2[dom.Space().Offset(presburger.Out)+i] = sp1.Offset(presburger.Out) + i
		default:
			dst2[dom.Space().Offset(presburger.Out)+i] = -1
		}
	}
	c := dom.Remap(sp1, dst2)
	gt := newAff(np + n + 1)
	gt.Coef[np+n] = 1
	gt.Coef[np+d] = -1
	gt.C = -1
	return a.Intersect(c).Intersect(g.setOf(n+1, nil, []aff{gt}))
}

// partBounds returns the loop initialization and condition of dim d from
// the parts of the exact domain: the minimum over the parts of their
// lower bounds and the maximum of their upper bounds (the condition 1 when
// a part has no upper bound, as isl does; a part without a lower bound is
// an error).
func (g *gen) partBounds(dom presburger.Set, b *build, stride int64, offset aff, hasStride bool) (ast.Expr, ast.Expr) {
	d, n, v := b.depth, b.n, g.np()+b.depth
	var los, his []ast.Expr
	unboundedHi := false
	for _, p := range dom.Parts() {
		cs, ok := g.boundsOf(p.Map(), n, d)
		if !ok {
			continue
		}
		var lowers, uppers []aff
		for _, c := range cs {
			k := c.a.Coef[v]
			if k == 0 || c.a.divInvolves(v) {
				continue
			}
			rest := c.a.clone()
			rest.Coef[v] = 0
			if k > 0 || c.eq {
				kk, r := k, rest
				if k < 0 {
					kk, r = -k, rest.scale(-1)
				}
				l := floorDivAff(r.scale(-1).add(constAff(len(r.Coef), kk-1)), kk)
				if hasStride {
					l = stridedLower(l, offset, stride)
				}
				lowers = append(lowers, l)
			}
			if k < 0 || c.eq {
				kk, r := -k, rest
				if k > 0 {
					kk, r = k, rest.scale(-1)
				}
				uppers = append(uppers, floorDivAff(r, kk))
			}
		}
		if len(lowers) == 0 {
			fail(errUnbounded)
		}
		los = append(los, g.maxExpr(lowers, b))
		if len(uppers) == 0 {
			// No upper bound: the loop runs forever (isl writes the
			// condition 1); only a missing lower bound is an error.
			unboundedHi = true
			continue
		}
		uppers = dedupAffs(uppers)
		if len(uppers) == 1 {
			his = append(his, g.affExpr(uppers[0], b))
		} else {
			var es []ast.Expr
			for _, u := range uppers {
				es = append(es, g.affExpr(u, b))
			}
			his = append(his, ast.Min(es...))
		}
	}
	if len(los) == 0 {
		fail(errUnbounded)
	}
	lo := los[0]
	if len(los) > 1 {
		lo = ast.Min(los...)
	}
	if unboundedHi {
		return lo, ast.NewInt(1)
	}
	hi := his[0]
	if len(his) > 1 {
		hi = ast.Max(his...)
	}
	return lo, ast.Le(ast.NewIdent(g.iterName(d)), hi)
}

func padAffs(a []*aff, n int) []*aff {
	a = a[:min(len(a), n):min(len(a), n)]
	for len(a) < n {
		a = append(a, nil)
	}
	return a
}

// substVals replaces the degenerate dims of b in a by their values.
func (g *gen) substVals(a aff, b *build) aff {
	if b == nil {
		return a
	}
	np := g.np()
	for k := len(b.valAff) - 1; k >= 0; k-- {
		v := b.valAff[k]
		if v == nil || np+k >= len(a.Coef) || !a.involves(np+k) {
			continue
		}
		val := *v
		if len(val.Coef) < len(a.Coef) {
			val = val.resize(len(a.Coef))
		}
		if len(val.Coef) != len(a.Coef) {
			continue
		}
		a = a.subst(np+k, val)
	}
	return a
}

// pureOuterDisjunction handles a domain whose parts differ only in
// constraints on the outer dims (isl's has_pure_outer_disjunction): one
// loop over the common bounds is generated instead of a sequence of
// identical loops with different guards (the guards move inside).
func (g *gen) pureOuterDisjunction(dom presburger.Set, n, d int) (piece, bool) {
	parts := dom.Parts()
	if len(parts) < 2 {
		return piece{}, false
	}
	v := g.np() + d
	var conjs [][]cons
	key := ""
	for i, p := range parts {
		cs, ok := g.boundsOf(p.Map(), n, d)
		if !ok {
			continue
		}
		with, _ := splitCons(cs, v)
		var keys []string
		for _, c := range with {
			k := c.a.key()
			if c.eq {
				k = "=" + k
			}
			keys = append(keys, k)
		}
		slices.Sort(keys)
		k := strings.Join(keys, ";")
		if i > 0 && k != key {
			return piece{}, false
		}
		key = k
		conjs = append(conjs, cs)
	}
	if len(conjs) < 2 {
		return piece{}, false
	}
	return piece{bounds: g.sharedCons(n, conjs), region: g.universe(n)}, true
}

// fixesDim reports whether an equality of cs involves variable v.
func fixesDim(cs []cons, v int) bool {
	for _, c := range cs {
		if c.eq && c.a.involves(v) {
			return true
		}
	}
	return false
}

// modularConds returns the constraints with floor divisions (modular
// conditions) of the projection of dom on the dims before d that the
// generated constraints do not imply.
func (g *gen) modularConds(dom presburger.Set, b *build, d int) []cons {
	n := b.n
	outer := g.knownDivs(g.projectAfter(dom, d-1))
	if outer.NParts() != 1 {
		return nil
	}
	eqs, ineqs, nex := g.basicAffs(outer.Part(0).Map(), g.np()+n)
	if nex > 0 {
		return nil
	}
	var cs []cons
	for _, e := range eqs {
		cs = append(cs, cons{a: e, eq: true})
	}
	for _, e := range ineqs {
		cs = append(cs, cons{a: e})
	}
	var out []cons
	for _, c := range cs {
		if len(c.a.Divs) == 0 || c.a.involvesFrom(g.np()+d) {
			continue
		}
		if !g.impliesCons(b.generated, c) {
			out = append(out, c)
		}
	}
	return out
}
