package astgen

import (
	"slices"

	"github.com/tessera-opt/tessera/presburger/ints"
)

// This file is the rational Fourier-Motzkin machinery shared by the
// projection onto a level (boundsOf, hull.go) and the rational
// implication proof (ratImplies, rational.go): relaxation of floor
// divisions into variables, and elimination of a set of variables.

// maxFMRows bounds the rows Fourier-Motzkin may create when eliminating
// one variable; past it the rows involving the variable are dropped (a
// further over-approximation, still safe for bounds).
const maxFMRows = 400

// relaxDivs replaces every floor division of the rows for which relax
// returns true by a fresh variable q with den*q <= num <= den*q + den - 1
// (divisions nested in a relaxed one are relaxed when relax says so). Equal divisions
// share their variable. It returns the new rows (all over the new
// variable count) and the variable count; the fresh variables are numbered
// from the old count on.
func relaxDivs(rows []cons, nv int, relax func(affDiv) bool) ([]cons, int) {
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
			if !relax(dv) {
				out.Divs = append(out.Divs, dv)
				continue
			}
			num := replace(dv.Num)
			k := divKey{trimKey(num), dv.Den}
			q, ok := fresh[k]
			if !ok {
				q = nv
				nv++
				fresh[k] = q
				num = num.resize(nv)
				lo := num.clone()
				lo.Coef[q] = ints.Sub(lo.Coef[q], dv.Den)
				hi := num.scale(-1)
				hi.Coef[q] = ints.Add(hi.Coef[q], dv.Den)
				hi.C = ints.Add(hi.C, dv.Den-1)
				extra = append(extra, cons{a: lo}, cons{a: hi})
			}
			out = out.resize(max(nv, len(out.Coef)))
			out.Coef[q] = ints.Add(out.Coef[q], dv.K)
		}
		return out.canon()
	}
	for i := range rows {
		rows[i].a = replace(rows[i].a)
	}
	rows = append(rows, extra...)
	for i := range rows {
		rows[i].a = rows[i].a.resize(nv)
	}
	return rows, nv
}

// eliminateVars eliminates the variables v with bad[v] from the rows,
// cheapest first: a variable with an equality is substituted away, then
// the variable whose Fourier-Motzkin step creates the fewest rows. It
// returns false when a row becomes infeasible (the rational relaxation is
// empty).
func eliminateVars(rows []cons, bad []bool) ([]cons, bool) {
	left := 0
	for _, b := range bad {
		if b {
			left++
		}
	}
	done := make([]bool, len(bad))
	for ; left > 0; left-- {
		best, bestCost := -1, -1
		for v, b := range bad {
			if !b || done[v] {
				continue
			}
			pos, neg, eq := 0, 0, false
			for _, r := range rows {
				switch c := r.a.Coef[v]; {
				case c == 0:
				case r.eq:
					eq = true
				case c > 0:
					pos++
				default:
					neg++
				}
			}
			cost := pos*neg - pos - neg
			if eq {
				cost = -1 << 30
			}
			if best < 0 || cost < bestCost {
				best, bestCost = v, cost
			}
		}
		done[best] = true
		var ok bool
		rows, ok = eliminate(rows, best)
		if !ok {
			return nil, false
		}
	}
	return rows, true
}

// eliminate removes variable v from the rows: by substitution from an
// equality when one involves v, otherwise by Fourier-Motzkin. It returns
// false when a row becomes infeasible. A combined row whose coefficients
// or constant leave int64 (a bound near 2^63 shifted further) is dropped:
// the result is then a relaxation, which its users allow (bounds are
// over-approximations, and an infeasible relaxation proves emptiness).
func eliminate(rows []cons, v int) ([]cons, bool) {
	pivot := -1
	for i, r := range rows {
		if r.eq && r.a.Coef[v] != 0 {
			if pivot < 0 || ints.Abs(r.a.Coef[v]) < ints.Abs(rows[pivot].a.Coef[v]) {
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
			// (|a|*r - sign(a)*b*p)/gcd(a, b)
			g := ints.GCD(a, b)
			m := ints.Abs(a / g)
			k := ints.Neg(b / g)
			if a < 0 {
				k = b / g
			}
			c, ok, fits := combineCons(r.a, m, p, k, r.eq)
			if !ok {
				return nil, false
			}
			if fits {
				out = append(out, c)
			}
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
			pv, qv := p.a.Coef[v], ints.Abs(q.a.Coef[v])
			g := ints.GCD(pv, qv)
			c, ok, fits := combineCons(p.a, qv/g, q.a, pv/g, false)
			if !ok {
				return nil, false
			}
			if !fits || c.a.isConst() {
				continue
			}
			rest = append(rest, c)
		}
	}
	return tightCons(rest), true
}

// tightCons drops duplicate constraints and, of inequalities that differ
// only in their constant, keeps the tightest.
func tightCons(cs []cons) []cons {
	best := make(map[uint64][]int, len(cs))
	out := make([]cons, 0, len(cs))
next:
	for _, c := range cs {
		if c.a.isConst() {
			continue
		}
		h := linHash(c.a)
		if c.eq {
			h = h*1099511628211 ^ uint64(c.a.C) ^ 0x9e3779b97f4a7c15
		}
		for _, i := range best[h] {
			o := out[i]
			if o.eq != c.eq || !sameLin(o.a, c.a) || c.eq && o.a.C != c.a.C {
				continue
			}
			if !c.eq && c.a.C < o.a.C {
				out[i] = c
			}
			continue next
		}
		best[h] = append(best[h], len(out))
		out = append(out, c)
	}
	return out
}

// linHash hashes a without its constant.
func linHash(a aff) uint64 {
	h := uint64(14695981039346656037)
	for _, c := range a.Coef {
		h = (h ^ uint64(c)) * 1099511628211
	}
	for _, d := range a.Divs {
		h = (h ^ uint64(d.K)) * 1099511628211
		h = (h ^ uint64(d.Den)) * 1099511628211
		h = (h ^ linHash(d.Num) ^ uint64(d.Num.C)) * 1099511628211
	}
	return h
}

// sameLin reports whether a and b are equal but for their constants.
func sameLin(a, b aff) bool {
	if !slices.Equal(a.Coef, b.Coef) || len(a.Divs) != len(b.Divs) {
		return false
	}
	for i := range a.Divs {
		if a.Divs[i].Den != b.Divs[i].Den || a.Divs[i].K != b.Divs[i].K || !a.Divs[i].Num.equal(b.Divs[i].Num) {
			return false
		}
	}
	return true
}
