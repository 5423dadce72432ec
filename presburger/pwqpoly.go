package presburger

import (
	"math/big"
	"slices"
	"strconv"
	"strings"
)

// PwQPolynomial is a piecewise quasi-polynomial in the parameters of a
// space (isl_pw_qpolynomial): on each of its pairwise disjoint parameter
// domains a polynomial with rational coefficients in the parameters and
// in floor divisions of them, zero outside the domains. It is an
// immutable value.
//
// Invariants: domains are non-empty, pairwise disjoint sets of the
// parameter space of params; no piece has the zero quasi-polynomial; no
// two pieces have the same quasi-polynomial.
type PwQPolynomial struct {
	params []string
	pieces []pwPiece
}

type pwPiece struct {
	dom Set
	q   qpoly
}

// qpoly is a quasi-polynomial over np parameters: a polynomial p in the
// parameters and the divisions divs (variable np+k is division k, whose
// row refers to the parameters and the earlier divisions only).
type qpoly struct {
	divs []symDiv
	p    poly
}

func (q qpoly) np() int { return q.p.n - len(q.divs) }

// prune returns q without the divisions that neither p nor a used
// division refers to.
func (q qpoly) prune() qpoly {
	np := q.np()
	used := make([]bool, len(q.divs))
	for _, t := range q.p.terms {
		for k := range q.divs {
			if t.exp[np+k] != 0 {
				used[k] = true
			}
		}
	}
	for k := len(q.divs) - 1; k >= 0; k-- {
		if !used[k] {
			continue
		}
		for j := range k {
			if q.divs[k].Row[np+j] != 0 {
				used[j] = true
			}
		}
	}
	if !slices.Contains(used, false) {
		return q
	}
	perm := make([]int, q.p.n)
	for i := range np {
		perm[i] = i
	}
	var divs []symDiv
	for k, d := range q.divs {
		if !used[k] {
			continue
		}
		row := make([]int64, 0, np+len(divs)+1)
		row = append(row, d.Row[:np]...)
		for j := range k {
			if used[j] {
				row = append(row, d.Row[np+j])
			}
		}
		row = append(row, d.Row[len(d.Row)-1])
		perm[np+k] = np + len(divs)
		divs = append(divs, symDiv{Row: row, Den: d.Den})
	}
	return qpoly{divs: divs, p: q.p.renumber(perm, np+len(divs))}
}

// align returns the divisions of a followed by those of b not in a, and
// the polynomials of a and b over them.
func alignQ(a, b qpoly) ([]symDiv, poly, poly) {
	np := a.np()
	divs := slices.Clone(a.divs)
	perm := make([]int, b.p.n)
	for i := range np {
		perm[i] = i
	}
	for k, d := range b.divs {
		row := make([]int64, np+len(divs)+1)
		copy(row, d.Row[:np])
		for j := range k {
			row[perm[np+j]] = d.Row[np+j]
		}
		row[len(row)-1] = d.Row[len(d.Row)-1]
		at := slices.IndexFunc(divs, func(e symDiv) bool {
			return e.Den == d.Den && slices.Equal(pad(e.Row, len(row)), row)
		})
		if at < 0 {
			at = len(divs)
			divs = append(divs, symDiv{Row: row, Den: d.Den})
		}
		perm[np+k] = np + at
	}
	n := np + len(divs)
	return divs, a.p.renumber(identityCols(a.p.n), n), b.p.renumber(perm, n)
}

func (q qpoly) add(r qpoly) qpoly {
	divs, a, b := alignQ(q, r)
	return qpoly{divs: divs, p: a.add(b)}.prune()
}

func (q qpoly) equal(r qpoly) bool {
	_, a, b := alignQ(q, r)
	return a.equal(b)
}

func (q qpoly) isZero() bool { return q.p.isZero() }

// eval returns the value of q at the parameter values x.
func (q qpoly) eval(x []int64) *big.Rat {
	np := q.np()
	vals := make([]*big.Int, 0, q.p.n)
	for _, v := range x[:np] {
		vals = append(vals, big.NewInt(v))
	}
	for _, d := range q.divs {
		sum := big.NewInt(d.Row[len(d.Row)-1])
		for i, a := range d.Row[:len(d.Row)-1] {
			sum.Add(sum, new(big.Int).Mul(big.NewInt(a), vals[i]))
		}
		vals = append(vals, sum.Div(sum, big.NewInt(d.Den))) // Euclidean: floor for Den > 0
	}
	return q.p.evalBig(vals)
}

// names returns the printed names of the variables of q: the parameters,
// then each division as isl prints it, "floor((-1 + n)/2)".
func (q qpoly) names(params []string) []string {
	names := slices.Clone(params)
	for _, d := range q.divs {
		var b strings.Builder
		b.WriteString("floor((")
		n := len(d.Row) - 1
		first := true
		term := func(c int64, name string, isDiv bool) {
			if c == 0 {
				return
			}
			if !first {
				if c < 0 {
					b.WriteString(" - ")
					c = -c
				} else {
					b.WriteString(" + ")
				}
			}
			first = false
			switch {
			case name == "":
				b.WriteString(strconv.FormatInt(c, 10))
				return
			case c == 1:
			case c == -1:
				b.WriteString("-")
			default:
				b.WriteString(strconv.FormatInt(c, 10))
				if isDiv {
					b.WriteString("*")
				}
			}
			b.WriteString(name)
		}
		term(d.Row[n], "", false)
		for i, c := range d.Row[:n] {
			term(c, names[i], i >= len(params))
		}
		if first {
			b.WriteString("0")
		}
		b.WriteString(")/")
		b.WriteString(strconv.FormatInt(d.Den, 10))
		b.WriteString(")")
		names = append(names, b.String())
	}
	return names
}

// Params returns the parameter names.
func (f PwQPolynomial) Params() []string { return append([]string(nil), f.params...) }

// NPieces returns the number of pieces.
func (f PwQPolynomial) NPieces() int { return len(f.pieces) }

// pwCombineSteps bounds the solver work of building one piecewise
// result from its terms (the emptiness tests of the intersections and
// differences of domains, in sys steps).
const pwCombineSteps = 400_000

// addPiece returns f + (p on d): the pieces of f are split along d so
// that the domains stay disjoint. The emptiness tests are charged to
// acct (nil: each gets the engine's default budget); past its budget it
// panics with a budget error.
func (f PwQPolynomial) addPiece(d Set, p qpoly, acct *stepAccount) PwQPolynomial {
	if p.isZero() || emptyWithin(d, acct) {
		return f
	}
	out := PwQPolynomial{params: f.params}
	rest := d
	for _, pc := range f.pieces {
		in := pc.dom.Intersect(rest)
		if emptyWithin(in, acct) {
			out.pieces = append(out.pieces, pc)
			continue
		}
		out.pieces = append(out.pieces, pwPiece{in, pc.q.add(p)})
		if left := (Set{pc.dom.m.subtract(rest.m, acct)}); !emptyWithin(left, acct) {
			out.pieces = append(out.pieces, pwPiece{left, pc.q})
		}
		rest = Set{rest.m.subtract(pc.dom.m, acct)}
	}
	if !emptyWithin(rest, acct) {
		out.pieces = append(out.pieces, pwPiece{rest, p})
	}
	return out
}

// emptyWithin reports whether every part of s is empty, charging the
// tests to acct.
func emptyWithin(s Set, acct *stepAccount) bool {
	for _, b := range s.m.parts {
		if !acct.pruneEmpty(b) {
			return false
		}
	}
	return true
}

// tidy drops zero pieces, merges the pieces with equal polynomials and
// coalesces the domains.
func (f PwQPolynomial) tidy() PwQPolynomial {
	out := PwQPolynomial{params: f.params}
	for _, pc := range f.pieces {
		if pc.q.isZero() {
			continue
		}
		merged := false
		for i, o := range out.pieces {
			if o.q.equal(pc.q) {
				out.pieces[i].dom = o.dom.Union(pc.dom)
				merged = true
				break
			}
		}
		if !merged {
			out.pieces = append(out.pieces, pc)
		}
	}
	for i := range out.pieces {
		out.pieces[i].dom = tidyDomain(out.pieces[i].dom)
	}
	return out
}

// tidyDomain coalesces d and removes its redundant constraints when it
// has few parts, and leaves it as it is when that runs over the solver's
// budget (the points are the same either way).
func tidyDomain(d Set) Set {
	if d.NParts() > maxTidyParts {
		return d
	}
	for _, b := range d.m.parts {
		if len(b.locals) > maxTidyLocals {
			return d
		}
	}
	return orOnBudget(d, func() Set { return d.Coalesce().RemoveRedundancies() })
}

// maxTidyParts and maxTidyLocals bound the domains that tidy coalesces:
// at most that many parts, each with at most that many locals.
const (
	maxTidyParts  = 16
	maxTidyLocals = 3
)

// Eval returns the value of f at the parameter values params.
func (f PwQPolynomial) Eval(params []int64) *big.Rat {
	for _, pc := range f.pieces {
		if pc.dom.Contains(params) {
			return pc.q.eval(params)
		}
	}
	return new(big.Rat)
}

// evalBig returns the value of p at x.
func (p poly) evalBig(x []*big.Int) *big.Rat {
	sum := new(big.Rat)
	for _, t := range p.terms {
		v := new(big.Rat).Set(t.c)
		for i, e := range t.exp {
			if e > 0 {
				xi := new(big.Int).Exp(x[i], big.NewInt(int64(e)), nil)
				v.Mul(v, new(big.Rat).SetInt(xi))
			}
		}
		sum.Add(sum, v)
	}
	return sum
}

// String prints f the way isl prints an isl_pw_qpolynomial:
// "[n] -> { n : n > 0 }", pieces separated by "; ", "{ 0 }" when f has
// none.
func (f PwQPolynomial) String() string {
	var b strings.Builder
	if len(f.params) > 0 {
		b.WriteString("[")
		b.WriteString(strings.Join(f.params, ", "))
		b.WriteString("] -> ")
	}
	b.WriteString("{ ")
	if len(f.pieces) == 0 {
		b.WriteString("0")
	}
	for i, pc := range f.pieces {
		if i > 0 {
			b.WriteString("; ")
		}
		pc.q.p.print(&b, pc.q.names(f.params))
		b.WriteString(domainSuffix(pc.dom))
	}
	b.WriteString(" }")
	return b.String()
}

// domainSuffix returns the constraints of a parameter domain as isl
// prints them after a piece (" : n > 0"), empty for the universe.
func domainSuffix(d Set) string {
	s := d.String()
	open, close := strings.Index(s, "{"), strings.LastIndex(s, "}")
	if open < 0 || close < open {
		return ""
	}
	body := strings.TrimSpace(s[open+1 : close])
	if body == ":" || body == "" {
		return ""
	}
	return " " + body
}

// ZeroPwQPolynomial returns the zero piecewise quasi-polynomial over the
// parameters params.
func ZeroPwQPolynomial(params []string) PwQPolynomial {
	return PwQPolynomial{params: append([]string(nil), params...)}
}

// Add returns f + g; both must have the same parameters.
func (f PwQPolynomial) Add(g PwQPolynomial) PwQPolynomial {
	if !slices.Equal(f.params, g.params) {
		panic("presburger: space mismatch in PwQPolynomial.Add: parameters " + strings.Join(f.params, ",") + " and " + strings.Join(g.params, ","))
	}
	for _, pc := range g.pieces {
		f = f.addPiece(pc.dom, pc.q, nil)
	}
	return f.tidy()
}
