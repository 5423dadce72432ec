package astgen

import (
	"slices"

	"github.com/tessera-opt/tessera/ast"
	"github.com/tessera-opt/tessera/presburger"
	"github.com/tessera-opt/tessera/presburger/ints"
)

// This file turns affs and constraints into AST expressions (section
// 5.10): floor divisions become floord (or a plain division when the
// dividend is known to be non-negative), positive terms are written before
// negative ones, constraints compare their positive and negative parts.

// varExpr returns the expression of variable i (a parameter or a dim).
func (g *gen) varExpr(i int, b *build) ast.Expr {
	np := g.np()
	if i < np {
		return ast.NewIdent(g.params[i])
	}
	k := i - np
	if k < len(b.values) && b.values[k] != nil {
		return b.values[k]
	}
	if k == b.depth || k < b.n {
		return ast.NewIdent(g.iterName(k))
	}
	panic("astgen: internal error: expression over an unknown variable")
}

type term struct {
	k int64
	e ast.Expr
}

// terms returns the non-constant terms of a.
func (g *gen) terms(a aff, b *build) []term {
	var ts []term
	for i, c := range a.Coef {
		if c != 0 {
			ts = append(ts, term{c, g.varExpr(i, b)})
		}
	}
	for _, dv := range a.Divs {
		ts = append(ts, term{dv.K, g.divExpr(dv.Num, dv.Den, b)})
	}
	return ts
}

// divExpr writes floor(num/den): an exact division when num has a fixed
// residue modulo den in the context, floord otherwise.
func (g *gen) divExpr(num aff, den int64, b *build) ast.Expr {
	if b != nil && b.generated.Space().Dim(presburger.Out) == b.n {
		if r, ok := g.fixedResidue(num, den, b); ok {
			return ast.ExactDiv(g.affExpr(num.add(constAff(len(num.Coef), -r)), b), ast.NewInt(den))
		}
	}
	return ast.FloorDiv(g.affExpr(num, b), ast.NewInt(den))
}

func mulTerm(k int64, e ast.Expr) ast.Expr {
	if k == 1 {
		return e
	}
	return ast.Mul(ast.NewInt(k), e)
}

// sumExpr writes the sum of terms and the constant c, positive terms
// first.
func sumExpr(ts []term, c int64) ast.Expr {
	var e ast.Expr
	for _, t := range ts {
		if t.k > 0 {
			if e == nil {
				e = mulTerm(t.k, t.e)
			} else {
				e = ast.Add(e, mulTerm(t.k, t.e))
			}
		}
	}
	for _, t := range ts {
		if t.k < 0 {
			if e == nil {
				e = ast.Neg(mulTerm(-t.k, t.e))
			} else {
				e = ast.Sub(e, mulTerm(-t.k, t.e))
			}
		}
	}
	switch {
	case e == nil:
		return ast.NewInt(c)
	case c > 0:
		return ast.Add(e, ast.NewInt(c))
	case c < 0:
		return ast.Sub(e, ast.NewInt(-c))
	}
	return e
}

// affExpr returns the expression of a, simplified in the context of the
// generated constraints of b.
func (g *gen) affExpr(a aff, b *build) ast.Expr {
	a = g.simplifyDivs(g.substVals(a, b), b)
	if e, ok := g.remExpr(a, b); ok {
		return e
	}
	return sumExpr(g.terms(a, b), a.C)
}

// remExpr recognizes t*x - t*k*floor(x/k) (plus nothing else), the
// remainder t*(x mod k), and writes it with % when x is known to be
// non-negative in the context (isl's pdiv_r).
func (g *gen) remExpr(a aff, b *build) (ast.Expr, bool) {
	if len(a.Divs) != 1 || b == nil {
		return nil, false
	}
	dv := a.Divs[0]
	if dv.K%dv.Den != 0 {
		return nil, false
	}
	t := -dv.K / dv.Den
	if t == 0 {
		return nil, false
	}
	rest := aff{Coef: a.Coef, C: a.C}
	if !rest.equal(dv.Num.scale(t)) {
		return nil, false
	}
	if len(dv.Num.Coef) != g.np()+b.n || !g.implies(b.generated, dv.Num, false) {
		return nil, false
	}
	return mulTerm(t, ast.Rem(g.affExpr(dv.Num, b), ast.NewInt(dv.Den))), true
}

// simplifyDivs replaces the divisions floor(num/den) whose dividend has a
// fixed residue r modulo den in the context of b (for instance an
// iterator with stride den) by the exact (num - r)/den when the
// coefficient of the division is a multiple of den, making the term
// affine.
func (g *gen) simplifyDivs(a aff, b *build) aff {
	if len(a.Divs) == 0 || b == nil || b.generated.Space().Dim(presburger.Out) != b.n {
		return a
	}
	out := aff{Coef: append([]int64(nil), a.Coef...), C: a.C}
	for _, dv := range a.Divs {
		num := g.simplifyDivs(dv.Num, b)
		if dv.K%dv.Den == 0 {
			if r, ok := g.fixedResidue(num, dv.Den, b); ok {
				t := num.add(constAff(len(num.Coef), -r)).scale(dv.K / dv.Den)
				out = out.add(t)
				continue
			}
		}
		out = out.add(canonDiv(num, dv.Den).scale(dv.K))
	}
	return out.canon()
}

// canonDiv returns floor(num/den) with the first non-zero coefficient of
// the dividend positive, using floor((-y + den - 1)/den) = -floor(y/den).
func canonDiv(num aff, den int64) aff {
	first := int64(0)
	for _, c := range num.Coef {
		if c != 0 {
			first = c
			break
		}
	}
	if first >= 0 || len(num.Divs) > 0 {
		return floorDivAff(num, den)
	}
	y := num.scale(-1)
	y.C = ints.Add(y.C, den-1)
	return floorDivAff(y, den).scale(-1)
}

// fixedResidue returns r when num = r (mod den) on the generated
// constraints of b.
func (g *gen) fixedResidue(num aff, den int64, b *build) (int64, bool) {
	if len(num.Coef) != g.np()+b.n || !g.optional() {
		return 0, false
	}
	k := new(keyer).tag('R').set(b.generated).aff(num).int(den)
	return g.memo(k.String(), func() (int64, bool) { return g.fixedResidueUncached(num, den, b) })
}

func (g *gen) fixedResidueUncached(num aff, den int64, b *build) (int64, bool) {
	pt, found, ok := g.sample(b.generated)
	if !ok || !found || len(pt) != len(num.Coef) {
		return 0, false
	}
	r := ints.Mod(num.eval(pt), den)
	if g.otherResidueNear(num, den, r, pt, b.generated) {
		g.tick() // the decision the exact test below would have counted
		return r, false
	}
	// num = r (mod den) everywhere iff no point has (num - r) mod den >= 1:
	// one emptiness test of a conjunction with a known division, much
	// cheaper than the inclusion in an existentially quantified set.
	m := num
	m.C = ints.Sub(m.C, r)
	rem := m.add(floorDivAff(m, den).scale(-den))
	rem.C = ints.Sub(rem.C, 1)
	return r, g.isEmpty(b.generated.Intersect(g.setOf(b.n, nil, []aff{rem})))
}

// otherResidueNear reports whether a neighbour of pt (one variable moved
// by one) lies in s and gives num a residue modulo den other than r: a
// cheap exact proof that num has no fixed residue on s. Points the engine
// cannot decide count as not found.
func (g *gen) otherResidueNear(num aff, den, r int64, pt []int64, s presburger.Set) (found bool) {
	defer func() {
		// An overflow at a neighbour, or the engine giving up on it,
		// leaves no proof; the generator's budget and bugs go on.
		if r := recover(); r != nil {
			if !recoverable(r) {
				panic(r)
			}
			found = false
		}
	}()
	q := slices.Clone(pt)
	for k := range q {
		for _, d := range [2]int64{1, -1} {
			q[k] = pt[k] + d
			if ints.Mod(num.eval(q), den) != r && s.Contains(q) {
				return true
			}
		}
		q[k] = pt[k]
	}
	return false
}

// consExpr returns the comparison of constraint c (a >= 0 or a == 0),
// written as positive part against negative part.
func (g *gen) consExpr(c cons, b *build) ast.Expr {
	c.a = g.substVals(c.a, b)
	if e, ok := g.modExpr(c, b); ok {
		return e
	}
	c.a = g.simplifyDivs(c.a, b)
	if e, ok := g.modExpr(c, b); ok {
		return e
	}
	if e, ok := g.modIneqExpr(c, b); ok {
		return e
	}
	ts := g.terms(c.a, b)
	var pos, neg []term
	for _, t := range ts {
		if t.k > 0 {
			pos = append(pos, t)
		} else {
			neg = append(neg, term{-t.k, t.e})
		}
	}
	var pc, nc int64
	if c.a.C > 0 {
		pc = c.a.C
	} else {
		nc = -c.a.C
	}
	if len(pos) == 0 && len(neg) > 0 {
		// -x + k >= 0  =>  k >= x, write x <= k
		l, r := sumExpr(neg, nc), sumExpr(nil, pc)
		if c.eq {
			return ast.Eq(l, r)
		}
		return ast.Le(l, r)
	}
	l, r := sumExpr(pos, pc), sumExpr(neg, nc)
	if c.eq {
		return ast.Eq(l, r)
	}
	return ast.Ge(l, r)
}

// modExpr recognizes e - m*floor(e/m) == 0 (or >= / <= forms of the
// remainder) and writes it with %: e % m == 0.
func (g *gen) modExpr(c cons, b *build) (ast.Expr, bool) {
	if !c.eq || len(c.a.Divs) != 1 {
		return nil, false
	}
	dv := c.a.Divs[0]
	if dv.K != -dv.Den && dv.K != dv.Den {
		return nil, false
	}
	rest := aff{Coef: c.a.Coef, C: c.a.C}
	if dv.K == dv.Den {
		rest = rest.scale(-1)
	}
	if !rest.equal(dv.Num) {
		return nil, false
	}
	return ast.Eq(ast.Rem(g.affExpr(positiveLead(dv.Num), b), ast.NewInt(dv.Den)), ast.NewInt(0)), true
}

// positiveLead returns a or -a, whichever has a positive first non-zero
// coefficient (x % m == 0 and (-x) % m == 0 are the same test).
func positiveLead(a aff) aff {
	for _, k := range a.Coef {
		if k < 0 {
			return a.scale(-1)
		}
		if k > 0 {
			return a
		}
	}
	return a
}

// condExpr returns the conjunction of the constraints.
func (g *gen) condExpr(cs []cons, b *build) ast.Expr {
	if len(cs) == 0 {
		return ast.NewInt(1)
	}
	var es []ast.Expr
	for _, c := range cs {
		e := g.consExpr(c, b)
		if v, ok := e.(*ast.Int); ok && v.V != 0 {
			continue
		}
		es = append(es, e)
	}
	if len(es) == 0 {
		return ast.NewInt(1)
	}
	if len(es) == 1 {
		return es[0]
	}
	return ast.And(es...)
}

// pruneBounds drops the lower (upper when !lower) bounds that another
// bound dominates on the generated constraints of b.
func (g *gen) pruneBounds(as []aff, b *build, lower bool) []aff {
	as = dedupAffs(as)
	if len(as) <= 1 || b == nil {
		return as
	}
	// Compare the bounds as they will be written.
	simp := make([]aff, len(as))
	for i, a := range as {
		simp[i] = g.simplifyDivs(g.substVals(a, b), b)
	}
	drop := make([]bool, len(as))
	wit := g.witnessesFor(b.generated)
	for j := range as {
		for i := range as {
			if i == j || drop[i] || !g.optional() {
				continue
			}
			// does as[i] dominate as[j]? Floor divisions make the test
			// hard for the engine: for two single divisions by the same
			// denominator the numerators are compared instead (floor is
			// monotone), other differences with divisions are not tried.
			diff := simp[i].sub(simp[j])
			if len(diff.Divs) > 0 {
				if ni, nj, ok := sameDivForm(simp[i], simp[j]); ok {
					diff = ni.sub(nj)
				}
			}
			if !lower {
				diff = diff.scale(-1)
			}
			// Points of the context that refuted earlier tests first,
			// then a rational proof, then the exact test (costly when
			// the context has many divisions).
			if wit.implies(g, diff) {
				drop[j] = true
				break
			}
		}
	}
	var out []aff
	for i, a := range as {
		if !drop[i] {
			out = append(out, a)
		}
	}
	return out
}

// maxExpr returns the maximum of the affs (duplicates and dominated
// bounds removed).
func (g *gen) maxExpr(as []aff, b *build) ast.Expr {
	return g.maxOf(g.pruneBounds(as, b, true), b)
}

// maxOf returns the maximum of the affs, already pruned.
func (g *gen) maxOf(as []aff, b *build) ast.Expr {
	if len(as) == 1 {
		return g.affExpr(as[0], b)
	}
	var es []ast.Expr
	for _, a := range as {
		es = append(es, g.affExpr(a, b))
	}
	return ast.Max(es...)
}

// upperCond returns the loop condition c_d <= min(uppers), the upper
// bounds already pruned (pruneBounds).
func (g *gen) upperCond(uppers []aff, d int, b *build) ast.Expr {
	it := ast.NewIdent(g.iterName(d))
	if len(uppers) == 1 {
		u := uppers[0]
		if u.C < 0 && !u.isConst() {
			// c <= x - 1 is written c < x.
			u2 := u.clone()
			u2.C++
			return ast.Lt(it, g.affExpr(u2, b))
		}
		return ast.Le(it, g.affExpr(u, b))
	}
	var es []ast.Expr
	for _, a := range uppers {
		es = append(es, g.affExpr(a, b))
	}
	return ast.Le(it, ast.Min(es...))
}

func dedupAffs(as []aff) []aff {
	var out []aff
	for _, a := range as {
		dup := false
		for _, o := range out {
			if o.equal(a) {
				dup = true
				break
			}
		}
		if !dup {
			out = append(out, a)
		}
	}
	return out
}

// modIneqExpr recognizes an inequality with one floor division that is a
// divisibility condition in disguise (the engine writes "n is even" as
// n - 2*floor((n + 1)/2) >= 0) and writes it x % den == 0; the
// equivalence is checked exactly.
func (g *gen) modIneqExpr(c cons, b *build) (ast.Expr, bool) {
	if c.eq || len(c.a.Divs) != 1 || b == nil || len(c.a.Coef) != g.np()+b.n {
		return nil, false
	}
	dv := c.a.Divs[0]
	if dv.Den > 16 || len(dv.Num.Divs) > 0 {
		return nil, false
	}
	n := b.n
	s1 := g.setOf(n, nil, []aff{c.a})
	// Prefer a positive leading coefficient in the printed dividend.
	num := positiveLead(dv.Num)
	for r := int64(0); r < dv.Den; r++ {
		x := num.add(constAff(len(num.Coef), -r))
		e := x.resize(len(x.Coef) + 1)
		e.Coef[len(x.Coef)] = -dv.Den
		s2 := g.setOf(n, []aff{e}, nil)
		if g.isSubset(s1, s2) && g.isSubset(s2, s1) {
			return ast.Eq(ast.Rem(g.affExpr(x, b), ast.NewInt(dv.Den)), ast.NewInt(0)), true
		}
	}
	return nil, false
}

// sameDivForm reports whether a and b are both floor(x/k) + c for the
// same k and returns x + k*c for each (whose order is that of a and b).
func sameDivForm(a, b aff) (aff, aff, bool) {
	one := func(x aff) (aff, int64, bool) {
		if len(x.Divs) != 1 || x.Divs[0].K != 1 {
			return aff{}, 0, false
		}
		for _, c := range x.Coef {
			if c != 0 {
				return aff{}, 0, false
			}
		}
		d := x.Divs[0]
		num := d.Num.add(constAff(len(d.Num.Coef), ints.Mul(d.Den, x.C)))
		return num, d.Den, true
	}
	na, ka, oka := one(a)
	nb, kb, okb := one(b)
	if !oka || !okb || ka != kb || len(na.Coef) != len(nb.Coef) {
		return aff{}, aff{}, false
	}
	return na, nb, true
}
