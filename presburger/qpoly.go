package presburger

import (
	"math/big"
	"slices"
	"strconv"
	"strings"

	"github.com/tessera-opt/tessera/presburger/internal/ints"
)

// poly is a polynomial with rational coefficients over the variables
// x_0..x_{n-1} (isl_qpolynomial without floor terms). It is a value kept
// in canonical form: no zero coefficient, terms keyed by their exponent
// vector. The zero polynomial has no terms.
type poly struct {
	n     int
	terms map[string]polyTerm
}

// polyTerm is one monomial c * x^exp; exp has n entries.
type polyTerm struct {
	exp []int
	c   *big.Rat
}

func expKey(exp []int) string {
	var b strings.Builder
	for _, e := range exp {
		b.WriteString(strconv.Itoa(e))
		b.WriteByte(',')
	}
	return b.String()
}

func newPoly(n int) poly { return poly{n: n, terms: map[string]polyTerm{}} }

// polyConst returns the constant polynomial c.
func polyConst(n int, c *big.Rat) poly {
	p := newPoly(n)
	p.addTerm(make([]int, n), c)
	return p
}

// polyAffine returns the polynomial row·(x,1) of an affine row of n+1
// entries.
func polyAffine(row []int64) poly {
	n := len(row) - 1
	p := newPoly(n)
	for i, a := range row[:n] {
		if a != 0 {
			exp := make([]int, n)
			exp[i] = 1
			p.addTerm(exp, new(big.Rat).SetInt64(a))
		}
	}
	p.addTerm(make([]int, n), new(big.Rat).SetInt64(row[n]))
	return p
}

// addTerm adds c * x^exp to p in place (p must not be shared).
func (p *poly) addTerm(exp []int, c *big.Rat) {
	if c.Sign() == 0 {
		return
	}
	k := expKey(exp)
	if t, ok := p.terms[k]; ok {
		s := new(big.Rat).Add(t.c, c)
		if s.Sign() == 0 {
			delete(p.terms, k)
		} else {
			p.terms[k] = polyTerm{t.exp, s}
		}
		return
	}
	p.terms[k] = polyTerm{slices.Clone(exp), new(big.Rat).Set(c)}
}

func (p poly) isZero() bool { return len(p.terms) == 0 }

// constant returns the value of p and true when p is constant.
func (p poly) constant() (*big.Rat, bool) {
	switch len(p.terms) {
	case 0:
		return new(big.Rat), true
	case 1:
		for _, t := range p.terms {
			if !slices.ContainsFunc(t.exp, func(e int) bool { return e != 0 }) {
				return t.c, true
			}
		}
	}
	return nil, false
}

func (p poly) add(q poly) poly {
	r := newPoly(p.n)
	for _, t := range p.terms {
		r.addTerm(t.exp, t.c)
	}
	for _, t := range q.terms {
		r.addTerm(t.exp, t.c)
	}
	return r
}

func (p poly) scale(c *big.Rat) poly {
	r := newPoly(p.n)
	for _, t := range p.terms {
		r.addTerm(t.exp, new(big.Rat).Mul(t.c, c))
	}
	return r
}

func (p poly) mul(q poly) poly {
	r := newPoly(p.n)
	exp := make([]int, p.n)
	for _, a := range p.terms {
		for _, b := range q.terms {
			for i := range exp {
				exp[i] = a.exp[i] + b.exp[i]
			}
			r.addTerm(exp, new(big.Rat).Mul(a.c, b.c))
		}
	}
	return r
}

func (p poly) equal(q poly) bool {
	if len(p.terms) != len(q.terms) {
		return false
	}
	for k, t := range p.terms {
		u, ok := q.terms[k]
		if !ok || t.c.Cmp(u.c) != 0 {
			return false
		}
	}
	return true
}

// byPower splits p along variable j: the coefficient polynomials (free of
// x_j) of x_j^0, x_j^1, ...
func (p poly) byPower(j int) []poly {
	var out []poly
	for _, t := range p.terms {
		e := t.exp[j]
		for len(out) <= e {
			out = append(out, newPoly(p.n))
		}
		exp := slices.Clone(t.exp)
		exp[j] = 0
		out[e].addTerm(exp, t.c)
	}
	return out
}

// uses reports whether variable j occurs in p.
func (p poly) uses(j int) bool {
	for _, t := range p.terms {
		if t.exp[j] != 0 {
			return true
		}
	}
	return false
}

// substitute returns p with x_j replaced by the polynomial q (free of x_j).
func (p poly) substitute(j int, q poly) poly {
	if !p.uses(j) {
		return p
	}
	r := newPoly(p.n)
	qp := []poly{polyConst(p.n, big.NewRat(1, 1))}
	for e, c := range p.byPower(j) {
		if c.isZero() {
			continue
		}
		for len(qp) <= e {
			qp = append(qp, qp[len(qp)-1].mul(q))
		}
		r = r.add(c.mul(qp[e]))
	}
	return r
}

// composeUni returns the univariate polynomial u (coefficients of x^0, x^1,
// ...) evaluated at the polynomial q.
func composeUni(u []*big.Rat, q poly) poly {
	r := newPoly(q.n)
	for k := len(u) - 1; k >= 0; k-- {
		r = r.mul(q)
		r.addTerm(make([]int, q.n), u[k])
	}
	return r
}

// faulhaber returns the coefficients of the polynomial F_k with
// F_k(x) - F_k(x-1) = x^k for every integer x and F_k(0) = 0^k, so that
// the sum of v^k for v = l..u is F_k(u) - F_k(l-1) whenever u >= l-1.
//
// For x >= 0, F_k(x) is the sum of v^k for v = 0..x. We compute
// S_k(x) = sum_{v=1..x} v^k from the telescoping identity
// (x+1)^(k+1) - 1 = sum_{j=0..k} C(k+1, j) S_j(x), and F_k = S_k, plus 1
// for k = 0.
func faulhaber(k int) []*big.Rat {
	s := make([][]*big.Rat, k+1)
	for m := 0; m <= k; m++ {
		// (x+1)^(m+1) - 1, as coefficients.
		c := make([]*big.Rat, m+2)
		for i := range c {
			c[i] = new(big.Rat).SetInt(new(big.Int).Binomial(int64(m+1), int64(i)))
		}
		c[0].Sub(c[0], big.NewRat(1, 1))
		for j := 0; j < m; j++ {
			bin := new(big.Rat).SetInt(new(big.Int).Binomial(int64(m+1), int64(j)))
			for i, a := range s[j] {
				c[i].Sub(c[i], new(big.Rat).Mul(bin, a))
			}
		}
		inv := big.NewRat(1, int64(m+1))
		for i := range c {
			c[i].Mul(c[i], inv)
		}
		s[m] = c
	}
	out := s[k]
	if k == 0 {
		out[0] = new(big.Rat).Add(out[0], big.NewRat(1, 1))
	}
	return out
}

// sumOver returns the sum of p over x_j = l..u, where l and u are affine
// rows (n+1 entries) free of x_j and u >= l-1 wherever the result is used.
func (p poly) sumOver(j int, l, u []int64, cache map[int][]*big.Rat) poly {
	if c, ok := p.constant(); ok { // c * (u - l + 1)
		n := ints.CombineRows(u, 1, l, -1)
		n[len(n)-1] = ints.Add(n[len(n)-1], 1)
		return polyAffine(n).scale(c)
	}
	lm1 := slices.Clone(l)
	lm1[len(lm1)-1]--
	pu, pl := polyAffine(u), polyAffine(lm1)
	r := newPoly(p.n)
	for k, c := range p.byPower(j) {
		if c.isZero() {
			continue
		}
		f, ok := cache[k]
		if !ok {
			f = faulhaber(k)
			cache[k] = f
		}
		diff := composeUni(f, pu).add(composeUni(f, pl).scale(big.NewRat(-1, 1)))
		r = r.add(c.mul(diff))
	}
	return r
}

// isl prints a polynomial recursively in its variable of highest index:
// the coefficients of the powers 0, 1, ... of that variable, each a
// polynomial in the earlier variables, in parentheses when more than one
// power occurs. We print the same way, so that our output reads like
// iscc's.

func (p poly) mainVar() int {
	v := -1
	for _, t := range p.terms {
		for i := len(t.exp) - 1; i > v; i-- {
			if t.exp[i] != 0 {
				v = i
				break
			}
		}
	}
	return v
}

func printRat(b *strings.Builder, c *big.Rat, first bool) {
	neg := c.Sign() < 0
	if !first {
		if neg {
			b.WriteString(" - ")
		} else {
			b.WriteString(" + ")
		}
	}
	num := new(big.Int).Set(c.Num())
	if neg && !first {
		num.Neg(num)
	}
	b.WriteString(num.String())
	if !c.IsInt() {
		b.WriteString("/")
		b.WriteString(c.Denom().String())
	}
}

func (p poly) print(b *strings.Builder, names []string) {
	if c, ok := p.constant(); ok {
		printRat(b, c, true)
		return
	}
	v := p.mainVar()
	coefs := p.byPower(v)
	n := 0
	for _, c := range coefs {
		if !c.isZero() {
			n++
		}
	}
	if n > 1 {
		b.WriteString("(")
	}
	one, negOne := big.NewRat(1, 1), big.NewRat(-1, 1)
	first := true
	for e, c := range coefs {
		if c.isZero() {
			continue
		}
		cv, isCst := c.constant()
		isOne := isCst && cv.Cmp(one) == 0
		isNegOne := isCst && cv.Cmp(negOne) == 0
		switch {
		case isNegOne:
			switch {
			case e == 0:
				b.WriteString("-1")
			case first:
				b.WriteString("-")
			default:
				b.WriteString(" - ")
			}
		case isCst && !isOne:
			printRat(b, cv, first)
		default:
			if !first {
				b.WriteString(" + ")
			}
			if e == 0 || !isOne {
				c.print(b, names)
			}
		}
		first = false
		if e == 0 {
			continue
		}
		if !isOne && !isNegOne {
			b.WriteString(" * ")
		}
		b.WriteString(names[v])
		if e > 1 {
			b.WriteString("^")
			b.WriteString(strconv.Itoa(e))
		}
	}
	if n > 1 {
		b.WriteString(")")
	}
}

// widen returns p over one more variable, inserted at position at.
func (p poly) widen(at int) poly {
	r := newPoly(p.n + 1)
	for _, t := range p.terms {
		r.addTerm(slices.Insert(slices.Clone(t.exp), at, 0), t.c)
	}
	return r
}

// dropVars returns p without the n variables from first, which must not
// occur in p.
func (p poly) dropVars(first, n int) poly {
	r := newPoly(p.n - n)
	for _, t := range p.terms {
		for _, e := range t.exp[first : first+n] {
			if e != 0 {
				panic("presburger: internal error: polynomial restricted past a used variable")
			}
		}
		r.addTerm(slices.Delete(slices.Clone(t.exp), first, first+n), t.c)
	}
	return r
}

// renumber returns p over n variables, variable i going to perm[i].
func (p poly) renumber(perm []int, n int) poly {
	r := newPoly(n)
	exp := make([]int, n)
	for _, t := range p.terms {
		clear(exp)
		for i, e := range t.exp {
			if e != 0 {
				exp[perm[i]] += e
			}
		}
		r.addTerm(exp, t.c)
	}
	return r
}
