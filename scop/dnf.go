package scop

import (
	"sort"
	"strings"
)

// constraint is a >= 0 (eq false) or a == 0 (eq true).
type constraint struct {
	a  *aff
	eq bool
}

func geZero(a *aff) constraint { return constraint{a: a} }
func eqZero(a *aff) constraint { return constraint{a: a, eq: true} }

// String prints the constraint in isl notation.
func (c constraint) String() string {
	// Print "lhs >= rhs" with positive terms on the left for readability.
	if c.eq {
		return c.a.String() + " = 0"
	}
	return c.a.String() + " >= 0"
}

// truth evaluates a constant constraint: 1 true, 0 false, -1 not constant.
func (c constraint) truth() int {
	if !c.a.isConst() {
		return -1
	}
	if c.eq {
		if c.a.c == 0 {
			return 1
		}
		return 0
	}
	if c.a.c >= 0 {
		return 1
	}
	return 0
}

// negate returns the disjunction of constraints equivalent to not c.
func (c constraint) negate() dnf {
	if c.eq {
		return dnf{{geZero(c.a.add(affConst(-1)))}, {geZero(c.a.neg().add(affConst(-1)))}}
	}
	return dnf{{geZero(c.a.neg().add(affConst(-1)))}}
}

// conj is a conjunction of constraints.
type conj []constraint

// dnf is a disjunction of conjunctions. dnf{} is false, dnf{{}} is true.
type dnf []conj

func dnfTrue() dnf  { return dnf{conj{}} }
func dnfFalse() dnf { return dnf{} }

func dnfAtom(c constraint) dnf { return dnf{conj{c}}.simplify() }

// and returns d ∧ e (distribution).
func (d dnf) and(e dnf) dnf {
	var r dnf
	for _, x := range d {
		for _, y := range e {
			c := make(conj, 0, len(x)+len(y))
			c = append(c, x...)
			c = append(c, y...)
			r = append(r, c)
		}
	}
	return r.simplify()
}

// or returns d ∨ e.
func (d dnf) or(e dnf) dnf {
	r := append(append(dnf{}, d...), e...)
	return r.simplify()
}

// not returns ¬d: the conjunction over the disjuncts of the disjunction of
// the negated constraints.
func (d dnf) not() dnf {
	r := dnfTrue()
	for _, c := range d {
		n := dnfFalse()
		for _, k := range c {
			n = n.or(k.negate())
		}
		r = r.and(n)
	}
	return r
}

// simplify drops constant-true constraints, false conjunctions and
// duplicate constraints/conjunctions. It does no real reasoning: the engine
// removes empty disjuncts later.
func (d dnf) simplify() dnf {
	var r dnf
	seen := map[string]bool{}
	for _, c := range d {
		var nc conj
		dead := false
		have := map[string]bool{}
		for _, k := range c {
			switch k.truth() {
			case 1:
				continue
			case 0:
				dead = true
			}
			if dead {
				break
			}
			s := k.String()
			if have[s] {
				continue
			}
			have[s] = true
			nc = append(nc, k)
		}
		if dead {
			continue
		}
		key := nc.String()
		if key == "" {
			// A true disjunct makes the whole disjunction true.
			return dnfTrue()
		}
		if seen[key] {
			continue
		}
		seen[key] = true
		r = append(r, nc)
	}
	return r.absorb().merge()
}

// merge replaces two conjunctions X and k and X and not k (k an
// inequality, not k its exact complement) by X, repeatedly.
func (d dnf) merge() dnf {
	if len(d) < 2 || len(d) > 200 {
		return d
	}
	for changed := true; changed; {
		changed = false
	outer:
		for i := 0; i < len(d); i++ {
			for j := i + 1; j < len(d); j++ {
				if len(d[i]) != len(d[j]) {
					continue
				}
				if x, ok := complementary(d[i], d[j]); ok {
					nd := append(dnf{}, d[:i]...)
					nd = append(nd, d[i+1:j]...)
					nd = append(nd, d[j+1:]...)
					nd = append(nd, x)
					d = nd.absorb()
					changed = true
					break outer
				}
			}
		}
	}
	return d
}

// complementary tells whether a and b are X and k, X and not k for an
// inequality k, and returns X.
func complementary(a, b conj) (conj, bool) {
	inB := map[string]int{}
	for i, k := range b {
		inB[k.String()] = i
	}
	var onlyA []constraint
	var x conj
	for _, k := range a {
		if _, ok := inB[k.String()]; ok {
			x = append(x, k)
			continue
		}
		onlyA = append(onlyA, k)
	}
	if len(onlyA) != 1 || onlyA[0].eq || len(x) != len(b)-1 {
		return nil, false
	}
	// not k must be b's own constraint, the one outside X (it was once
	// found among X's: (r <= 0 and r >= 1 and X') or (r >= 2 and r >= 1
	// and X') became r >= 1 and X'; found by progfuzz).
	inA := map[string]bool{}
	for _, k := range a {
		inA[k.String()] = true
	}
	var onlyB []constraint
	for _, k := range b {
		if !inA[k.String()] {
			onlyB = append(onlyB, k)
		}
	}
	if len(onlyB) != 1 {
		return nil, false
	}
	if onlyB[0].String() == onlyA[0].negate()[0][0].String() {
		return x, true
	}
	return nil, false
}

// absorb drops every conjunction that contains all the constraints of
// another one (x or (x and y) is x).
func (d dnf) absorb() dnf {
	if len(d) < 2 || len(d) > 400 {
		return d
	}
	sets := make([]map[string]bool, len(d))
	for i, c := range d {
		sets[i] = map[string]bool{}
		for _, k := range c {
			sets[i][k.String()] = true
		}
	}
	var r dnf
	for i, c := range d {
		dead := false
		for j := range d {
			if i == j || len(sets[j]) > len(sets[i]) || (len(sets[j]) == len(sets[i]) && j > i) {
				continue
			}
			sub := true
			for k := range sets[j] {
				if !sets[i][k] {
					sub = false
					break
				}
			}
			if sub {
				dead = true
				break
			}
		}
		if !dead {
			r = append(r, c)
		}
	}
	return r
}

// String prints the conjunction in isl notation ("" for true).
func (c conj) String() string {
	parts := make([]string, len(c))
	for i, k := range c {
		parts[i] = k.String()
	}
	sort.Strings(parts)
	return strings.Join(parts, " and ")
}

// String prints d in isl notation: "false", "" (true) or "(...) or (...)".
func (d dnf) String() string {
	if len(d) == 0 {
		return "false"
	}
	if len(d) == 1 {
		return d[0].String()
	}
	parts := make([]string, len(d))
	for i, c := range d {
		if s := c.String(); s == "" {
			return ""
		} else {
			parts[i] = "(" + s + ")"
		}
	}
	return strings.Join(parts, " or ")
}

// piece is one case of a piecewise quasi-affine expression: value v where
// guard holds.
type piece struct {
	guard conj
	v     *aff
}

// pexpr is a piecewise quasi-affine expression. The guards of the pieces are
// pairwise disjoint and cover the region where the expression is defined.
type pexpr []piece

func pconst(c int64) pexpr     { return pexpr{{v: affConst(c)}} }
func paff(a *aff) pexpr        { return pexpr{{v: a}} }
func (p pexpr) isSingle() bool { return len(p) == 1 && len(p[0].guard) == 0 }

// combine applies f to every pair of pieces whose guards may both hold.
func (p pexpr) combine(q pexpr, f func(a, b *aff) *aff) pexpr {
	var r pexpr
	for _, x := range p {
		for _, y := range q {
			g := dnf{append(append(conj{}, x.guard...), y.guard...)}.simplify()
			if len(g) == 0 {
				continue
			}
			r = append(r, piece{guard: g[0], v: f(x.v, y.v)})
		}
	}
	return r
}

func (p pexpr) add(q pexpr) pexpr { return p.combine(q, (*aff).add) }
func (p pexpr) sub(q pexpr) pexpr { return p.combine(q, (*aff).sub) }

func (p pexpr) mapv(f func(a *aff) *aff) pexpr {
	r := make(pexpr, len(p))
	for i, x := range p {
		r[i] = piece{guard: x.guard, v: f(x.v)}
	}
	return r
}

// guarded restricts p to where d holds, splitting pieces along the
// disjuncts of d.
func (p pexpr) guarded(d dnf) pexpr {
	var r pexpr
	for _, x := range p {
		for _, c := range d {
			g := dnf{append(append(conj{}, x.guard...), c...)}.simplify()
			if len(g) == 0 {
				continue
			}
			r = append(r, piece{guard: g[0], v: x.v})
		}
	}
	return r
}

// truncDiv is C's integer division p / d (rounding towards zero) for a
// constant d != 0, exact for every sign of p: floor(v/d) where v >= 0 and
// -floor(-v/d) where v < 0. When v is an exact multiple of d no case split
// is needed.
func (p pexpr) truncDiv(d int64) pexpr {
	neg := d < 0
	if neg {
		d = negInt(d)
	}
	var r pexpr
	for _, x := range p {
		var q pexpr
		switch {
		case x.v.isConst():
			q = pconst(x.v.c / d)
		case x.v.content(true)%d == 0:
			q = paff(x.v.exactDiv(d))
		default:
			q = pexpr{
				{guard: conj{geZero(x.v)}, v: floorDivAff(x.v, d)},
				// -floor(-v/d) = ceil(v/d) = floor((v + d - 1)/d): the
				// floor keeps the numerator of the other piece, which
				// lets the engine relate the two.
				{guard: conj{geZero(x.v.neg().add(affConst(-1)))}, v: floorDivAff(x.v.add(affConst(d-1)), d)},
			}
		}
		r = append(r, pexpr{x}.combine(q, func(_, b *aff) *aff { return b })...)
	}
	if neg {
		r = r.mapv((*aff).neg)
	}
	return r
}

// truncMod is C's p % d = p - d*(p/d) for a constant d != 0.
func (p pexpr) truncMod(d int64) pexpr {
	if d < 0 {
		d = negInt(d)
	}
	var r pexpr
	for _, x := range p {
		q := pexpr{x}.truncDiv(d)
		for _, y := range q {
			r = append(r, piece{guard: y.guard, v: x.v.sub(y.v.scale(d))})
		}
	}
	return r
}

// compare builds the condition "p op q" for op in < <= > >= == !=.
func compare(p pexpr, op string, q pexpr) dnf {
	r := dnfFalse()
	for _, x := range p {
		for _, y := range q {
			var atom dnf
			diff := y.v.sub(x.v) // q - p
			switch op {
			case "<":
				atom = dnfAtom(geZero(diff.add(affConst(-1))))
			case "<=":
				atom = dnfAtom(geZero(diff))
			case ">":
				atom = dnfAtom(geZero(diff.neg().add(affConst(-1))))
			case ">=":
				atom = dnfAtom(geZero(diff.neg()))
			case "==":
				atom = dnfAtom(eqZero(diff))
			case "!=":
				atom = dnfAtom(eqZero(diff)).not()
			default:
				panic("scop: compare with operator " + op)
			}
			g := dnf{append(append(conj{}, x.guard...), y.guard...)}
			r = r.or(g.and(atom))
		}
	}
	return r
}

// minMax returns min (isMax false) or max of p and q as a piecewise
// expression.
func minMax(p, q pexpr, isMax bool) pexpr {
	var r pexpr
	for _, x := range p {
		for _, y := range q {
			g := append(append(conj{}, x.guard...), y.guard...)
			// x <= y  <=>  y - x >= 0
			le := geZero(y.v.sub(x.v))
			gt := geZero(x.v.sub(y.v).add(affConst(-1)))
			a, b := x.v, y.v
			if isMax {
				a, b = b, a
			}
			for _, c := range []struct {
				k constraint
				v *aff
			}{{le, a}, {gt, b}} {
				d := dnf{append(append(conj{}, g...), c.k)}.simplify()
				if len(d) == 0 {
					continue
				}
				r = append(r, piece{guard: d[0], v: c.v})
			}
		}
	}
	return r
}

// selectExpr is cond ? p : q.
func selectExpr(cond dnf, p, q pexpr) pexpr {
	return append(p.guarded(cond), q.guarded(cond.not())...)
}
