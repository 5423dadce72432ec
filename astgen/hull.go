package astgen

import (
	"github.com/tessera-opt/tessera/presburger"
	"github.com/tessera-opt/tessera/presburger/ints"
)

// cons is one constraint a >= 0 (or a == 0 when eq) over the variables
// params+dims of a schedule space.
type cons struct {
	a  aff
	eq bool
}

// boundsOf returns the constraints of the schedule set part (n dims) that
// can serve as loop bounds or guards at dim d (section 5.2): dims after d,
// existential variables and floor divisions involving dim d or eliminated
// variables are removed by rational Fourier-Motzkin elimination. The
// result over-approximates the projection of part on dims 0..d. The
// second result is false when the constraints are found infeasible.
func (g *gen) boundsOf(part presburger.BasicMap, n, d int) ([]cons, bool) {
	g.tick()
	np := g.np()
	rows, nv := g.consRows(part, n)
	bad := make([]bool, nv)
	for v := np + d + 1; v < nv; v++ {
		bad[v] = true
	}
	// Replace the divisions that involve dim d or a bad variable by fresh
	// bad variables q with den*q <= num <= den*q + den - 1.
	rows, nv = relaxDivs(rows, nv, badDivAt(np, d))
	for len(bad) < nv {
		bad = append(bad, true)
	}
	rows, ok := eliminateVars(rows, bad)
	if !ok {
		return nil, false
	}
	return boundsAt(rows, np, n, d), true
}

// consRows returns the constraints of part over its first w dims (after
// the parameters) as rows, the equalities first, and the number of
// variables the rows have: parameters, w dims and existentials.
func (g *gen) consRows(part presburger.BasicMap, w int) ([]cons, int) {
	np := g.np()
	eqs, ineqs, nex := g.basicAffs(part, np+w)
	rows := make([]cons, 0, len(eqs)+len(ineqs))
	for _, e := range eqs {
		rows = append(rows, cons{a: e, eq: true})
	}
	for _, e := range ineqs {
		rows = append(rows, cons{a: e})
	}
	return rows, np + w + nex
}

// badDivAt returns the test of the divisions that cannot stay at dim d
// (with np parameters): those that involve dim d or a later variable.
func badDivAt(np, d int) func(affDiv) bool {
	return func(dv affDiv) bool {
		if d >= 0 && dv.Num.involves(np+d) {
			return true
		}
		return dv.Num.involvesFrom(np + d + 1)
	}
}

// boundsAt keeps the rows that involve no variable after dim d, over the
// np parameters and n schedule dims, without duplicates.
func boundsAt(rows []cons, np, n, d int) []cons {
	var out []cons
	for _, r := range rows {
		if r.a.involvesFrom(np + d + 1) {
			continue
		}
		r.a = r.a.resize(np + n)
		out = append(out, r)
	}
	return dedupCons(out)
}

// explicitBoundsOf is boundsOf with isl's explicit separation bounds, for
// a part of w >= n dims (the n schedule dims first): the dims after d
// (and the local variables) are substituted away where an
// equality defines them, and every other constraint involving them is
// dropped instead of being projected (Fourier-Motzkin). The result is a
// superset of boundsOf's: bounds that only inner loops imply (a parameter
// condition under which an inner loop is empty, say) do not split the
// domain at depth d, since the inner loops enforce them anyway.
func (g *gen) explicitBoundsOf(part presburger.BasicMap, w, n, d int) ([]cons, bool) {
	g.tick()
	np := g.np()
	rows, nv := g.consRows(part, w)
	rows, nv = relaxDivs(rows, nv, badDivAt(np, d))
	for v := nv - 1; v > np+d; v-- {
		hasEq := false
		for _, r := range rows {
			if r.eq && v < len(r.a.Coef) && r.a.Coef[v] != 0 {
				hasEq = true
				break
			}
		}
		if hasEq {
			var ok bool
			if rows, ok = eliminate(rows, v); !ok {
				return nil, false
			}
			continue
		}
		kept := rows[:0:0]
		for _, r := range rows {
			if v >= len(r.a.Coef) || r.a.Coef[v] == 0 {
				kept = append(kept, r)
			}
		}
		rows = kept
	}
	return boundsAt(rows, np, n, d), true
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
	r := aff{Coef: make([]int64, len(c.a.Coef)), C: ints.FloorDiv(c.a.C, g)}
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
	var ctxAffs [][2][]aff // per part of ctx: its equalities and inequalities
	for _, p := range ctx.Parts() {
		eqs, ineqs, _ := g.basicAffs(p.Map(), g.np()+n)
		ctxAffs = append(ctxAffs, [2][]aff{eqs, ineqs})
	}
	wit := g.contextPoint(ctx, g.np()+n)
	for i := range cs {
		if len(cs[i].a.Coef) == g.np()+n && len(ctxAffs) > 0 && ctxPlainImplies(ctxAffs, cs[i]) {
			// Implied by the context alone, so by the context with the
			// other constraints: the exact test below would say so
			// without building their intersection.
			keep[i] = false
			continue
		}
		if g.quickImplies(ctx, cs[i]) {
			// Implied by the context alone (a question shared by the
			// gists of all the parts in this context, and memoized),
			// so by the context with the other constraints.
			g.tick()
			keep[i] = false
			continue
		}
		if wit.refutes(cs, keep, i) {
			// A point of the context that satisfies the other kept
			// constraints and violates this one: the exact test below
			// would find the same set non-empty.
			g.tick()
			continue
		}
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

// quickImplies reports whether every point of s satisfies c, as a
// pre-test that counts no decision (false when the engine gives up).
func (g *gen) quickImplies(s presburger.Set, c cons) bool {
	k := new(keyer).tag('J').set(s).aff(c.a)
	if c.eq {
		k.tag('=')
	}
	key := k.String()
	if v, hit := g.cache[key]; hit {
		return v.res
	}
	res := g.quickImpliesUncached(s, c)
	if g.cache == nil {
		g.cache = map[string]memoVal{}
	}
	g.cache[key] = memoVal{res: res}
	return res
}

func (g *gen) quickImpliesUncached(s presburger.Set, c cons) bool {
	e := c.a
	if len(e.Divs) == 0 && g.ratImplies(s, e) && (!c.eq || g.ratImplies(s, e.scale(-1))) {
		return true
	}
	n := s.Space().Dim(presburger.Out)
	neg := e.scale(-1)
	neg.C = ints.Sub(neg.C, 1)
	if empty, ok := g.quickEmpty(s.Intersect(g.setOf(n, nil, []aff{neg}))); !ok || !empty {
		return false
	}
	if !c.eq {
		return true
	}
	pos := e
	pos.C = ints.Sub(pos.C, 1)
	empty, ok := g.quickEmpty(s.Intersect(g.setOf(n, nil, []aff{pos})))
	return ok && empty
}

// contextPoint is a sample point of ctx (nv values: parameters and
// schedule dims), or nil when none is found; it counts no decision.
func (g *gen) contextPoint(ctx presburger.Set, nv int) ctxPoint {
	pt, found, ok := g.quickSample(ctx)
	if !ok || !found || len(pt) != nv {
		return nil
	}
	return pt
}

// ctxPoint is a point of a gist's context, a witness against the
// implication of constraints (nil: no point).
type ctxPoint []int64

// refutes reports whether the point satisfies every kept constraint of cs
// other than cs[i] and violates cs[i]: then the context with the other
// constraints does not imply cs[i]. An evaluation that leaves int64
// proves nothing.
func (p ctxPoint) refutes(cs []cons, keep []bool, i int) bool {
	if p == nil {
		return false
	}
	holds := func(c cons) (ok, known bool) {
		if len(c.a.Coef) != len(p) {
			return false, false
		}
		var v int64
		if !tryGen(func() { v = c.a.eval(p) }) {
			return false, false
		}
		return v == 0 || !c.eq && v > 0, true
	}
	if ok, known := holds(cs[i]); ok || !known {
		return false
	}
	for j := range cs {
		if j == i || !keep[j] {
			continue
		}
		if ok, known := holds(cs[j]); !ok || !known {
			return false
		}
	}
	return true
}

// ctxPlainImplies reports whether every part of a context (its equality
// and inequality affs) implies c by one of its constraints alone
// (plainImplies).
func ctxPlainImplies(parts [][2][]aff, c cons) bool {
	for _, p := range parts {
		if !plainImplies(p[0], p[1], c.a) {
			return false
		}
		if c.eq && !plainImplies(p[0], p[1], c.a.scale(-1)) {
			return false
		}
	}
	return true
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
