package astgen

import (
	"math"

	"github.com/tessera-opt/tessera/presburger"
	"github.com/tessera-opt/tessera/presburger/ints"
)

// ratImplies reports whether every point of s satisfies e >= 0 by a
// rational argument: the constraints of each part of s, with floor
// divisions and existential variables relaxed to rational variables
// (bounded by their defining inequalities), together with e <= -1, are
// shown infeasible by Fourier-Motzkin elimination. The relaxation
// contains the integer points, and e is integer valued, so a true answer
// is exact; false means "not shown" (the elimination gives up on large
// systems). It never calls the engine's solver and serves as a fast path
// before the exact tests.
func (g *gen) ratImplies(s presburger.Set, e aff) bool {
	n := s.Space().Dim(presburger.Out)
	np := g.np()
	if len(e.Coef) != np+n {
		return false
	}
	for _, p := range s.Parts() {
		eqs, ineqs, nex := g.basicAffs(p.Map(), np+n)
		nv := np + n + nex
		if plainImplies(eqs, ineqs, e) {
			// e is a constraint of the part up to a looser constant:
			// the elimination below would find the same contradiction.
			continue
		}
		var rows []cons
		for _, a := range eqs {
			rows = append(rows, cons{a: a, eq: true})
		}
		for _, a := range ineqs {
			rows = append(rows, cons{a: a})
		}
		neg := e.resize(nv).scale(-1)
		neg.C = ints.Sub(neg.C, 1)
		rows = append(rows, cons{a: neg})
		rows, nv = relaxDivs(rows, nv, func(affDiv) bool { return true })
		all := make([]bool, nv)
		for v := range all {
			all[v] = true
		}
		rows, ok := eliminateVars(rows, all)
		infeasible := !ok
		if !infeasible {
			for _, r := range rows {
				if r.a.isConst() && (r.eq && r.a.C != 0 || !r.eq && r.a.C < 0) {
					infeasible = true
					break
				}
			}
		}
		if !infeasible {
			return false
		}
	}
	return true
}

// witnesses answers several implication tests "every point of s satisfies
// e >= 0" on the same set s: the points of s the engine finds violating
// one test are kept, and a later test that one of them violates is
// answered without the engine (most pairs of bounds compared by
// pruneBounds are incomparable, and a few points refute them all). One
// value per set lives for the whole generation (witnessesFor).
type witnesses struct {
	s    presburger.Set
	pts  [][]int64
	nloc int // the most local variables of a part of s; -1 until known
}

// maxWitnesses bounds the points kept.
const maxWitnesses = 32

// witnessesFor returns the witnesses of the context s, shared by every
// test on the same set within the generation (the bounds of sibling
// pieces and of the lower and upper sides of a loop are compared in the
// same generated constraints): a point that refuted one test is a point
// of s and refutes any later test it violates.
func (g *gen) witnessesFor(s presburger.Set) *witnesses {
	key := new(keyer).set(s).String()
	if w, ok := g.wits[key]; ok {
		return w
	}
	if g.wits == nil {
		g.wits = map[string]*witnesses{}
	}
	w := &witnesses{s: s, nloc: -1}
	g.wits[key] = w
	return w
}

// maxExactLocals is the number of local variables (floor divisions and
// existentials) of the context above which the exact test is not tried:
// with the divisions of several levels of tiles (a 3-d stencil skewed and
// tiled has over twenty) one integer test can take seconds, while the
// rational proof and the witnesses already decide nearly every case. A
// test not tried costs a term of a min or max.
const maxExactLocals = 12

// heavy reports whether the context has too many local variables for an
// exact test (maxExactLocals).
func (w *witnesses) heavy() bool {
	if w.nloc < 0 {
		w.nloc = 0
		for _, p := range w.s.Parts() {
			w.nloc = max(w.nloc, p.NLocal())
		}
	}
	return w.nloc > maxExactLocals
}

func (w *witnesses) implies(g *gen, e aff) bool {
	n := w.s.Space().Dim(presburger.Out)
	if len(e.Coef) != g.np()+n {
		return g.implies(w.s, e, false)
	}
	for _, pt := range w.pts {
		if e.eval(pt) < 0 {
			return false
		}
	}
	if g.ratImplies(w.s, e) {
		return true
	}
	if !g.optional() || w.heavy() {
		return false
	}
	neg := e.scale(-1)
	neg.C = ints.Sub(neg.C, 1)
	g.tick()
	var pt []int64
	found, ok := g.decide(func() bool {
		var f bool
		pt, f = g.sampleQ(w.s.Intersect(g.setOf(n, nil, []aff{neg})))
		return f
	})
	if !ok {
		return false
	}
	if found {
		if len(w.pts) < maxWitnesses && len(pt) == len(e.Coef) {
			w.pts = append(w.pts, pt)
		}
		return false
	}
	return true
}

// plainImplies reports whether e >= 0 follows from one constraint alone:
// some inequality a >= 0 (or equality a == 0, or -a == 0) with the same
// coefficients as e and a constant no larger than e's.
func plainImplies(eqs, ineqs []aff, e aff) bool {
	if len(e.Divs) > 0 {
		return false
	}
	same := func(a aff, sign int64) bool {
		if len(a.Divs) > 0 {
			return false
		}
		for i := range max(len(a.Coef), len(e.Coef)) {
			var ca, ce int64
			if i < len(a.Coef) {
				ca = a.Coef[i]
			}
			if i < len(e.Coef) {
				ce = e.Coef[i]
			}
			if ca == math.MinInt64 || sign*ca != ce {
				return false
			}
		}
		if sign > 0 {
			return a.C <= e.C
		}
		return a.C >= -e.C
	}
	for _, a := range ineqs {
		if same(a, 1) {
			return true
		}
	}
	for _, a := range eqs {
		if same(a, 1) || same(a, -1) {
			return true
		}
	}
	return false
}
