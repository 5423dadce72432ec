package presburger

import (
	"math/big"
	"strings"
)

// PwQPolynomial is a piecewise polynomial in the parameters of a space
// (isl_pw_qpolynomial whose pieces have no floor terms): on each of its
// pairwise disjoint parameter domains a polynomial with rational
// coefficients, zero outside them. It is an immutable value.
//
// Invariants: domains are non-empty, pairwise disjoint sets of the
// parameter space of params; no piece has the zero polynomial; no two
// pieces have the same polynomial.
type PwQPolynomial struct {
	params []string
	pieces []pwPiece
}

type pwPiece struct {
	dom Set
	p   poly
}

// Params returns the parameter names.
func (f PwQPolynomial) Params() []string { return append([]string(nil), f.params...) }

// NPieces returns the number of pieces.
func (f PwQPolynomial) NPieces() int { return len(f.pieces) }

// addPiece returns f + (p on d): the pieces of f are split along d so
// that the domains stay disjoint.
func (f PwQPolynomial) addPiece(d Set, p poly) PwQPolynomial {
	if p.isZero() || d.IsEmpty() {
		return f
	}
	out := PwQPolynomial{params: f.params}
	rest := d
	for _, pc := range f.pieces {
		in := pc.dom.Intersect(rest)
		if in.IsEmpty() {
			out.pieces = append(out.pieces, pc)
			continue
		}
		out.pieces = append(out.pieces, pwPiece{in, pc.p.add(p)})
		if left := pc.dom.Subtract(rest); !left.IsEmpty() {
			out.pieces = append(out.pieces, pwPiece{left, pc.p})
		}
		rest = rest.Subtract(pc.dom)
	}
	if !rest.IsEmpty() {
		out.pieces = append(out.pieces, pwPiece{rest, p})
	}
	return out
}

// tidy drops zero pieces, merges the pieces with equal polynomials and
// coalesces the domains.
func (f PwQPolynomial) tidy() PwQPolynomial {
	out := PwQPolynomial{params: f.params}
	for _, pc := range f.pieces {
		if pc.p.isZero() {
			continue
		}
		merged := false
		for i, o := range out.pieces {
			if o.p.equal(pc.p) {
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
		out.pieces[i].dom = out.pieces[i].dom.Coalesce().RemoveRedundancies()
	}
	return out
}

// Eval returns the value of f at the parameter values params.
func (f PwQPolynomial) Eval(params []int64) *big.Rat {
	for _, pc := range f.pieces {
		if pc.dom.Contains(params) {
			return pc.p.eval(params)
		}
	}
	return new(big.Rat)
}

// eval returns the value of p at x.
func (p poly) eval(x []int64) *big.Rat {
	sum := new(big.Rat)
	for _, t := range p.terms {
		v := new(big.Rat).Set(t.c)
		for i, e := range t.exp {
			if e > 0 {
				xi := new(big.Int).Exp(big.NewInt(x[i]), big.NewInt(int64(e)), nil)
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
		pc.p.print(&b, f.params)
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
