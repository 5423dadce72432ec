package astgen

import (
	"github.com/tessera-opt/tessera/presburger"
)

// cons is one constraint a >= 0 (or a == 0 when eq) over the variables
// params+dims of a schedule space.
type cons struct {
	a  aff
	eq bool
}

// maxFMRows bounds the rows Fourier-Motzkin may create when eliminating
// one variable; past it the rows involving the variable are dropped (a
// further over-approximation, still safe for bounds).
const maxFMRows = 400

// boundsOf returns the constraints of the schedule set part (n dims) that
// can serve as loop bounds or guards at dim d (section 5.2): dims after d,
// existential variables and floor divisions involving dim d or eliminated
// variables are removed by rational Fourier-Motzkin elimination. The
// result over-approximates the projection of part on dims 0..d. The
// second result is false when the constraints are found infeasible.
func (g *gen) boundsOf(part presburger.BasicMap, n, d int) ([]cons, bool) {
	g.tick()
	np := g.np()
	eqs, ineqs, nex := g.basicAffs(part, np+n)
	nv := np + n + nex
	bad := make([]bool, nv)
	for v := np + d + 1; v < nv; v++ {
		bad[v] = true
	}
	var rows []cons
	for _, e := range eqs {
		rows = append(rows, cons{a: e, eq: true})
	}
	for _, e := range ineqs {
		rows = append(rows, cons{a: e})
	}
	// Replace the divisions that involve dim d or a bad variable by fresh
	// bad variables q with den*q <= num <= den*q + den - 1.
	isBadDiv := func(dv affDiv) bool {
		if dv.Num.involves(np + d) {
			return true
		}
		for v := range bad {
			if bad[v] && v < len(dv.Num.Coef) && dv.Num.involves(v) {
				return true
			}
		}
		return false
	}
	type divKey struct {
		key string
		den int64
	}
	fresh := map[divKey]int{}
	var extra []cons
	var replace func(a aff) aff
	replace = func(a aff) aff {
		if len(a.Divs) == 0 {
			return a
		}
		out := aff{Coef: append([]int64(nil), a.Coef...), C: a.C}
		for _, dv := range a.Divs {
			if !isBadDiv(dv) {
				out.Divs = append(out.Divs, dv)
				continue
			}
			num := replace(dv.Num)
			k := divKey{trimKey(num), dv.Den}
			q, ok := fresh[k]
			if !ok {
				q = nv
				nv++
				bad = append(bad, true)
				fresh[k] = q
				for i := range rows {
					rows[i].a = rows[i].a.resize(nv)
				}
				for i := range extra {
					extra[i].a = extra[i].a.resize(nv)
				}
				out = out.resize(nv)
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
	// Eliminate the bad variables, equalities first.
	for v := 0; v < nv; v++ {
		if !bad[v] {
			continue
		}
		var ok bool
		rows, ok = eliminate(rows, v)
		if !ok {
			return nil, false
		}
	}
	var out []cons
	for _, r := range rows {
		if r.a.involvesFrom(np + d + 1) {
			continue
		}
		r.a = r.a.resize(np + n)
		out = append(out, r)
	}
	return dedupCons(out), true
}

// eliminate removes variable v from the rows: by substitution from an
// equality when one involves v, otherwise by Fourier-Motzkin. It returns
// false when a row becomes infeasible.
func eliminate(rows []cons, v int) ([]cons, bool) {
	pivot := -1
	for i, r := range rows {
		if r.eq && r.a.Coef[v] != 0 {
			if pivot < 0 || abs64(r.a.Coef[v]) < abs64(rows[pivot].a.Coef[v]) {
				pivot = i
			}
		}
	}
	if pivot >= 0 {
		p := rows[pivot].a
		a := p.Coef[v]
		var out []cons
		for i, r := range rows {
			if i == pivot {
				continue
			}
			b := r.a.Coef[v]
			if b == 0 {
				out = append(out, r)
				continue
			}
			// |a|*r - sign(a)*b*p
			m := abs64(a)
			k := b
			if a < 0 {
				k = -b
			}
			na := r.a.scale(m).sub(p.scale(k))
			c, ok := normCons(cons{a: na, eq: r.eq})
			if !ok {
				return nil, false
			}
			out = append(out, c)
		}
		return out, true
	}
	var pos, neg, rest []cons
	for _, r := range rows {
		switch c := r.a.Coef[v]; {
		case c > 0:
			pos = append(pos, r)
		case c < 0:
			neg = append(neg, r)
		default:
			rest = append(rest, r)
		}
	}
	if len(pos)*len(neg) > maxFMRows {
		return rest, true
	}
	for _, p := range pos {
		for _, q := range neg {
			na := p.a.scale(abs64(q.a.Coef[v])).add(q.a.scale(p.a.Coef[v]))
			c, ok := normCons(cons{a: na})
			if !ok {
				return nil, false
			}
			if c.a.isConst() {
				continue
			}
			rest = append(rest, c)
		}
	}
	return dedupCons(rest), true
}

func abs64(a int64) int64 {
	if a < 0 {
		return negC(a)
	}
	return a
}

// normCons divides a constraint by the gcd of its coefficients (tightening
// the constant of an inequality). It returns false for an infeasible
// constant constraint; a trivially true one is returned as the zero aff.
func normCons(c cons) (cons, bool) {
	g := c.a.contentGCD()
	if g == 0 {
		if c.eq && c.a.C != 0 || !c.eq && c.a.C < 0 {
			return c, false
		}
		return c, true
	}
	if g == 1 {
		return c, true
	}
	if c.eq && c.a.C%g != 0 {
		return c, false
	}
	r := aff{Coef: make([]int64, len(c.a.Coef)), C: floorDiv(c.a.C, g)}
	for i, x := range c.a.Coef {
		r.Coef[i] = x / g
	}
	for _, dv := range c.a.Divs {
		r.Divs = append(r.Divs, affDiv{Num: dv.Num, Den: dv.Den, K: dv.K / g})
	}
	return cons{a: r, eq: c.eq}, true
}

func dedupCons(cs []cons) []cons {
	seen := map[string]bool{}
	var out []cons
	for _, c := range cs {
		if c.a.isConst() {
			continue
		}
		k := c.a.key()
		if c.eq {
			k = "=" + k
		}
		if seen[k] {
			continue
		}
		seen[k] = true
		out = append(out, c)
	}
	return out
}

// consSet builds the schedule set (n dims) of a conjunction.
func (g *gen) consSet(n int, cs []cons) presburger.Set {
	var eqs, ineqs []aff
	for _, c := range cs {
		if c.eq {
			eqs = append(eqs, c.a)
		} else {
			ineqs = append(ineqs, c.a)
		}
	}
	return g.setOf(n, eqs, ineqs)
}

// impliesCons reports whether every point of s satisfies c.
func (g *gen) impliesCons(s presburger.Set, c cons) bool { return g.implies(s, c.a, c.eq) }

// sharedCons returns the constraints, among those of the given
// conjunctions, satisfied by every one of them (isl's "shared
// constraints" or unshifted simple hull).
func (g *gen) sharedCons(n int, conjs [][]cons) []cons {
	if len(conjs) == 1 {
		return conjs[0]
	}
	sets := make([]presburger.Set, len(conjs))
	for i, c := range conjs {
		sets[i] = g.consSet(n, c)
	}
	var cand []cons
	for _, cs := range conjs {
		for _, c := range cs {
			if c.eq {
				neg := c.a.scale(-1)
				cand = append(cand, cons{a: c.a}, cons{a: neg})
				continue
			}
			cand = append(cand, c)
		}
	}
	cand = dedupCons(cand)
	var out []cons
	for _, c := range cand {
		ok := true
		for _, s := range sets {
			if !g.impliesCons(s, c) {
				ok = false
				break
			}
		}
		if ok {
			out = append(out, c)
		}
	}
	return mergeOpposite(out)
}

// mergeOpposite turns pairs a >= 0, -a >= 0 into a == 0.
func mergeOpposite(cs []cons) []cons {
	used := make([]bool, len(cs))
	var out []cons
	for i, c := range cs {
		if used[i] {
			continue
		}
		if !c.eq {
			neg := c.a.scale(-1)
			for j := i + 1; j < len(cs); j++ {
				if !used[j] && !cs[j].eq && cs[j].a.equal(neg) {
					used[j] = true
					c.eq = true
					break
				}
			}
		}
		out = append(out, c)
	}
	return out
}

// gist drops from cs the constraints implied by ctx and the other kept
// constraints (isl_set_gist on one conjunction).
func (g *gen) gist(n int, cs []cons, ctx presburger.Set) []cons {
	keep := make([]bool, len(cs))
	for i := range keep {
		keep[i] = true
	}
	for i := range cs {
		var others []cons
		for j := range cs {
			if j != i && keep[j] {
				others = append(others, cs[j])
			}
		}
		s := ctx.Intersect(g.consSet(n, others))
		if g.impliesCons(s, cs[i]) {
			keep[i] = false
		}
	}
	var out []cons
	for i, c := range cs {
		if keep[i] {
			out = append(out, c)
		}
	}
	return out
}

// trimKey is the key of a with trailing zero coefficients ignored (the
// same expression over more variables has the same key).
func trimKey(a aff) string {
	n := len(a.Coef)
	for n > 0 && a.Coef[n-1] == 0 {
		n--
	}
	b := aff{Coef: a.Coef[:n], C: a.C}
	for _, d := range a.Divs {
		b.Divs = append(b.Divs, affDiv{Num: d.Num, Den: d.Den, K: d.K})
	}
	k := b.key()
	for _, d := range a.Divs {
		k += "|" + trimKey(d.Num)
	}
	return k
}
