package astgen

import "github.com/tessera-opt/tessera/presburger"

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
		var rows []cons
		for _, a := range eqs {
			rows = append(rows, cons{a: a, eq: true})
		}
		for _, a := range ineqs {
			rows = append(rows, cons{a: a})
		}
		neg := e.resize(nv).scale(-1)
		neg.C = subC(neg.C, 1)
		rows = append(rows, cons{a: neg})
		rows, nv = relaxDivs(rows, nv)
		infeasible := false
		for v := 0; v < nv && !infeasible; v++ {
			var ok bool
			rows, ok = eliminate(rows, v)
			if !ok {
				infeasible = true
			}
		}
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

// relaxDivs replaces every floor division of the rows by a fresh variable
// q with den*q <= num <= den*q + den - 1 (recursively), returning the new
// rows and variable count.
func relaxDivs(rows []cons, nv int) ([]cons, int) {
	fresh := map[string]int{}
	var extra []cons
	var replace func(a aff) aff
	replace = func(a aff) aff {
		if len(a.Divs) == 0 {
			return a
		}
		out := aff{Coef: append([]int64(nil), a.Coef...), C: a.C}
		for _, dv := range a.Divs {
			num := replace(dv.Num)
			k := trimKey(num) + "/" + itoa64(dv.Den)
			q, ok := fresh[k]
			if !ok {
				q = nv
				nv++
				fresh[k] = q
				num = num.resize(nv)
				lo := num.clone()
				lo.Coef[q] = subC(lo.Coef[q], dv.Den)
				hi := num.scale(-1)
				hi.Coef[q] = addC(hi.Coef[q], dv.Den)
				hi.C = addC(hi.C, dv.Den-1)
				extra = append(extra, cons{a: lo}, cons{a: hi})
			}
			out = out.resize(nv)
			out.Coef[q] = addC(out.Coef[q], dv.K)
		}
		return out.canon()
	}
	for i := range rows {
		rows[i].a = replace(rows[i].a)
	}
	for i := 0; i < len(extra); i++ {
		extra[i].a = replace(extra[i].a)
	}
	rows = append(rows, extra...)
	for i := range rows {
		rows[i].a = rows[i].a.resize(nv)
	}
	return rows, nv
}
