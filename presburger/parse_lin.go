package presburger

import (
	"slices"
	"strconv"
	"strings"

	"github.com/tessera-opt/tessera/presburger/internal/ints"
)

// This file holds the small exact algebra the parser lowers expressions
// into: rational affine forms over the variables of one piece, constraints,
// conjunctions and disjunctive normal forms.

// plin is the rational affine form (sum c[v]*x_v + k) / den over the
// variables of a piece (indexed by variable id; missing entries are zero).
// Invariant: den > 0.
type plin struct {
	c   []int64
	k   int64
	den int64
}

func plConst(k int64) plin { return plin{k: k, den: 1} }

func plVar(id int) plin {
	c := make([]int64, id+1)
	c[id] = 1
	return plin{c: c, den: 1}
}

// isConst reports whether a has no variable terms.
func (a plin) isConst() bool {
	for _, v := range a.c {
		if v != 0 {
			return false
		}
	}
	return true
}

func (a plin) coef(i int) int64 {
	if i < len(a.c) {
		return a.c[i]
	}
	return 0
}

// scaled returns a*num/den (den > 0), reduced.
func (a plin) scaled(num, den int64) plin {
	out := plin{c: make([]int64, len(a.c)), den: ints.Mul(a.den, den)}
	for i, v := range a.c {
		out.c[i] = ints.Mul(v, num)
	}
	out.k = ints.Mul(a.k, num)
	return out.reduced()
}

// reduced divides numerator and denominator by their gcd.
func (a plin) reduced() plin {
	g := ints.GCD(ints.RowGCD(a.c), ints.GCD(a.k, a.den))
	if g <= 1 {
		return a
	}
	out := plin{c: make([]int64, len(a.c)), k: a.k / g, den: a.den / g}
	for i, v := range a.c {
		out.c[i] = v / g
	}
	return out
}

// plAdd returns x*a + y*b for integers x, y.
func plComb(a plin, x int64, b plin, y int64) plin {
	l := ints.LCM(a.den, b.den)
	fa, fb := ints.Mul(x, l/a.den), ints.Mul(y, l/b.den)
	n := max(len(a.c), len(b.c))
	out := plin{c: make([]int64, n), den: l}
	for i := range n {
		out.c[i] = ints.Add(ints.Mul(a.coef(i), fa), ints.Mul(b.coef(i), fb))
	}
	out.k = ints.Add(ints.Mul(a.k, fa), ints.Mul(b.k, fb))
	return out.reduced()
}

func plSub(a, b plin) plin { return plComb(a, 1, b, -1) }
func plNeg(a plin) plin    { return a.scaled(-1, 1) }

// key identifies a for deduplication of divisions.
func (a plin) key() string {
	var b strings.Builder
	last := len(a.c)
	for last > 0 && a.c[last-1] == 0 {
		last--
	}
	for _, v := range a.c[:last] {
		b.WriteString(strconv.FormatInt(v, 10))
		b.WriteByte(',')
	}
	b.WriteString(strconv.FormatInt(a.k, 10))
	b.WriteByte('/')
	b.WriteString(strconv.FormatInt(a.den, 10))
	return b.String()
}

// pcons is the constraint sum c[v]*x_v + k >= 0 (eq: == 0) with integer
// coefficients.
type pcons struct {
	c  []int64
	k  int64
	eq bool
}

// consOf returns the constraint a >= 0 (eq: a == 0); a's denominator is
// dropped since it is positive. ok is false when the constraint is
// trivially false; trivial is true when it always holds.
func consOf(a plin, eq bool) (c pcons, trivial, ok bool) {
	c = pcons{c: slices.Clone(a.c), k: a.k, eq: eq}
	if a.isConst() {
		if eq {
			return c, a.k == 0, a.k == 0
		}
		return c, a.k >= 0, a.k >= 0
	}
	// Divide by the gcd of the coefficients (tightening inequalities).
	g := ints.RowGCD(c.c)
	if g > 1 {
		if eq {
			if c.k%g != 0 {
				return c, false, false
			}
			c.k /= g
		} else {
			c.k = ints.FloorDiv(c.k, g)
		}
		for i := range c.c {
			c.c[i] /= g
		}
	}
	return c, false, true
}

// pconj is a conjunction of constraints; pdnf a disjunction of them (nil is
// false, one empty conjunction is true).
type pconj []pcons
type pdnf []pconj

// maxDNF bounds the number of conjunctions produced while lowering one
// formula (negations and '!=' multiply them).
const maxDNF = 4096

func dnfTrue() pdnf { return pdnf{pconj{}} }

// dnfOf returns the formula a >= 0 (or a == 0).
func dnfOf(a plin, eq bool) pdnf {
	c, trivial, ok := consOf(a, eq)
	if !ok {
		return nil
	}
	if trivial {
		return dnfTrue()
	}
	return pdnf{pconj{c}}
}

func (lw *pieceLowerer) dnfAnd(a, b pdnf, line, col int) pdnf {
	if len(a)*len(b) > maxDNF {
		lw.failPos(line, col, "formula too large: more than %d disjuncts", maxDNF)
	}
	// True is the identity (formulas are never written in place: sharing
	// an operand is safe).
	if len(a) == 1 && len(a[0]) == 0 {
		return b
	}
	if len(b) == 1 && len(b[0]) == 0 {
		return a
	}
	out := make(pdnf, 0, len(a)*len(b))
	for _, x := range a {
		for _, y := range b {
			c := make(pconj, 0, len(x)+len(y))
			c = append(append(c, x...), y...)
			out = append(out, c)
		}
	}
	return out
}

func (lw *pieceLowerer) dnfOr(a, b pdnf, line, col int) pdnf {
	if len(a)+len(b) > maxDNF {
		lw.failPos(line, col, "formula too large: more than %d disjuncts", maxDNF)
	}
	return append(slices.Clip(a), b...)
}
