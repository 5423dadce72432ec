package astgen

import (
	"github.com/tessera-opt/tessera/ast"
	"github.com/tessera-opt/tessera/presburger"
	"github.com/tessera-opt/tessera/presburger/ints"
	"github.com/tessera-opt/tessera/schedule"
)

// shiftedComponent detects shifted strides (section 5.8): when the schedule
// domain of every statement of the component is strided at the current
// dim with a common stride s but with offsets that differ by constants,
// the union is not strided. A new dim holding the offset (reduced modulo
// s) is then inserted after the current one and the current dim is
// shifted by it:
//
//	{ A[i] -> [2i]; B[i] -> [2i + 1] }  becomes  { A[i] -> [2i, 0]; B[i] -> [2i, 1] }
//
// which preserves the order (isl's generate_shift_component) and exposes
// the stride to the loop of the current dim.
func (g *gen) shiftedComponent(stmts []stmt, b *build) []ast.Node {
	if len(stmts) < 2 {
		return g.component(stmts, b)
	}
	d, n := b.depth, b.n
	var s int64
	offs := make([]aff, len(stmts))
	for i, st := range stmts {
		dom := g.projectAfter(g.execDomain(st.m), d).Intersect(b.generated)
		si, oi, ok := g.detectStride(dom, n, d)
		if !ok {
			return g.component(stmts, b)
		}
		s = ints.GCD(s, si)
		offs[i] = oi
	}
	if s <= 1 {
		return g.component(stmts, b)
	}
	consts := make([]int64, len(stmts))
	allEqual := true
	for i := range stmts {
		diff := reduceMod(offs[i].sub(offs[0]), s)
		if !diff.isConst() {
			return g.component(stmts, b)
		}
		consts[i] = diff.C
		if consts[i] != consts[0] {
			allEqual = false
		}
	}
	if allEqual {
		return g.component(stmts, b)
	}
	// Offsets relative to the statement whose domain starts first, so
	// that the first group of s values is not a partial one (peeled off
	// the loop): the statement with the smallest minimum of the dim over
	// all parameter values, or when one has no such minimum, the
	// smallest offset.
	base := consts[0]
	for _, c := range consts {
		base = min(base, c)
	}
	if first, ok := g.startsFirst(stmts, b); ok {
		base = consts[first]
	}
	var out []stmt
	for i, st := range stmts {
		off := ints.Mod(consts[i]-base, s)
		out = append(out, stmt{name: st.name, space: st.space, m: g.shiftExec(st.m, n, d, off)})
	}
	// The sets over the schedule dims (generated constraints, isolated
	// set, partial options' domains) speak of the old dim d, which is now
	// the sum of the new dims d and d+1; a partial option of a dim after
	// d moves with it.
	c := b.clone()
	c.n = n + 1
	c.generated = g.shiftSet(b.generated, n, d)
	c.checked = g.shiftSet(b.checked, n, d)
	if b.isolate != nil {
		iso := g.shiftSet(*b.isolate, n, d)
		c.isolate = &iso
	}
	c.partial = nil
	for _, po := range b.partial {
		po.dom = g.shiftSet(po.dom, n, d)
		if po.dim > d {
			po.dim++
		}
		c.partial = append(c.partial, po)
	}
	c.opts = insertAt(padOpts(b.opts, n), d+1, schedule.OptionDefault)
	c.isoOpts = insertAt(padOpts(b.isoOpts, n), d+1, schedule.OptionDefault)
	c.coincident = insertAt(padBools(b.coincident, n), d+1, false)
	return g.component(out, c)
}

func insertAt[T any](s []T, i int, v T) []T {
	s = append(s, v)
	copy(s[i+1:], s[i:])
	s[i] = v
	return s
}

// shiftSet returns the schedule set s of n dims in the space of n+1 dims
// where the old dim d is the sum of the new dims d and d+1 (the old dims
// after d move up by one): { [.., x, o, ..] : [.., x + o, ..] in s }.
func (g *gen) shiftSet(s presburger.Set, n, d int) presburger.Set {
	np := g.np()
	sp := s.Space()
	tsp := g.schedSpace(n + 1)
	var parts []presburger.BasicSet
	for _, p := range s.Map().Parts() {
		eqs, ineqs, nex := g.basicAffs(p, sp.NDim())
		nvNew := np + n + 1 + nex
		sum := newAff(nvNew)
		sum.Coef[np+d], sum.Coef[np+d+1] = 1, 1
		move := func(a aff) aff { return insertVar(a, np+d+1).subst(np+d, sum) }
		ab := newAffBuilder(tsp)
		for _, e := range eqs {
			ab.eq(move(e))
		}
		for _, e := range ineqs {
			ab.ineq(move(e))
		}
		if bs := ab.bb.BuildSet(); !bs.PlainIsEmpty() {
			parts = append(parts, bs)
		}
	}
	return presburger.NewSet(tsp, parts...)
}

// shiftExec returns the executed map m ([n] -> S) in the space of n+1
// dims where the old dim d equals new dim d plus off and the new dim d+1
// equals off.
func (g *gen) shiftExec(m presburger.Map, n, d int, off int64) presburger.Map {
	np := g.np()
	sp := m.Space()
	k := sp.Dim(presburger.Out)
	ssp := presburger.NewSetSpace(g.params, sp.TupleName(presburger.Out), sp.DimNames(presburger.Out))
	esp := g.execSpace(n+1, ssp)
	var parts []presburger.BasicMap
	for _, p := range m.Parts() {
		eqs, ineqs, nex := g.basicAffs(p, sp.NDim())
		nvOld := np + n + k + nex
		nvNew := nvOld + 1
		move := func(a aff) aff {
			// old dim d := new dim d + off; insert the new dim at d+1.
			e := a.resize(nvOld)
			e = e.subst(np+d, addVar(nvOld, np+d, off))
			return insertVar(e, np+d+1)
		}
		ab := newAffBuilder(esp)
		for _, e := range eqs {
			ab.eq(move(e))
		}
		for _, e := range ineqs {
			ab.ineq(move(e))
		}
		fix := newAff(nvNew)
		fix.Coef[np+d+1] = 1
		fix.C = -off
		ab.eq(fix)
		bm := ab.bb.Build()
		if !bm.PlainIsEmpty() {
			parts = append(parts, bm)
		}
	}
	return presburger.NewMap(esp, parts...)
}

// addVar returns the aff var_v + c over nv variables.
func addVar(nv, v int, c int64) aff {
	a := newAff(nv)
	a.Coef[v] = 1
	a.C = c
	return a
}

// insertVar inserts a variable (with zero coefficient) at index at.
func insertVar(a aff, at int) aff {
	r := aff{Coef: make([]int64, len(a.Coef)+1), C: a.C}
	copy(r.Coef, a.Coef[:at])
	copy(r.Coef[at+1:], a.Coef[at:])
	for _, dv := range a.Divs {
		r.Divs = append(r.Divs, affDiv{Num: insertVar(dv.Num, at), Den: dv.Den, K: dv.K})
	}
	return r
}

// startsFirst returns the index of the statement whose schedule domain has
// the smallest value of the current dim over all values of the outer dims
// and the parameters (the first of them on a tie), or false when some
// domain has no such minimum.
func (g *gen) startsFirst(stmts []stmt, b *build) (int, bool) {
	d, n, np := b.depth, b.n, g.np()
	best, bestVal := -1, int64(0)
	for i, st := range stmts {
		dom := g.projectAfter(g.execDomain(st.m), d).Intersect(b.generated)
		// Keep dim d alone, then make the parameters dims after it so
		// that the lexicographic minimum minimizes dim d first.
		sp := g.schedSpace(1)
		dst := make([]int, dom.Space().NDim())
		for k := 0; k < n; k++ {
			dst[dom.Space().Offset(presburger.Out)+k] = -1
		}
		dst[dom.Space().Offset(presburger.Out)+d] = sp.Offset(presburger.Out)
		for k := 0; k < np; k++ {
			dst[dom.Space().Offset(presburger.Param)+k] = sp.Offset(presburger.Param) + k
		}
		one := dom.Remap(sp, dst).MoveDims(presburger.Out, 1, presburger.Param, 0, np)
		var pt []int64
		var kind presburger.OptKind
		if _, ok := g.decide(func() bool { pt, kind = one.LexMinPoint(); return true }); !ok || kind != presburger.OptBounded || len(pt) == 0 {
			return 0, false
		}
		if best < 0 || pt[0] < bestVal {
			best, bestVal = i, pt[0]
		}
	}
	return best, best >= 0
}
