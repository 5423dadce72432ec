package progfuzz

import (
	"strconv"
	"strings"
)

// ival is a closed integer interval [lo, hi].
type ival struct{ lo, hi int64 }

// env gives the interval of every iterator and parameter in scope. It is
// only ever looked up, never iterated, so generation stays deterministic.
type env map[string]ival

func (e env) with(name string, v ival) env {
	n := make(env, len(e)+1)
	for k, x := range e {
		n[k] = x
	}
	n[name] = v
	return n
}

// term is coef * name.
type term struct {
	name string
	coef int64
}

// aff is an affine expression sum(terms) + k over iterators and parameters,
// or, when div or mod is set, the quasi-affine (sum(terms) + k) / div or
// (sum(terms) + k) % mod in C (truncating), plus post.
type aff struct {
	terms    []term
	k        int64
	div, mod int64
	post     int64
}

func affVar(name string, coef int64) aff { return aff{terms: []term{{name, coef}}} }
func affConst(k int64) aff               { return aff{k: k} }

func (a aff) plus(k int64) aff {
	b := a
	b.terms = append([]term(nil), a.terms...)
	if a.div != 0 || a.mod != 0 {
		b.post += k
	} else {
		b.k += k
	}
	return b
}

func (a aff) add(b aff) aff {
	if a.div != 0 || a.mod != 0 || b.div != 0 || b.mod != 0 {
		return a // only linear expressions are added
	}
	c := aff{terms: append([]term(nil), a.terms...), k: a.k + b.k}
	for _, t := range b.terms {
		found := false
		for i := range c.terms {
			if c.terms[i].name == t.name {
				c.terms[i].coef += t.coef
				found = true
			}
		}
		if !found {
			c.terms = append(c.terms, t)
		}
	}
	out := c.terms[:0]
	for _, t := range c.terms {
		if t.coef != 0 {
			out = append(out, t)
		}
	}
	c.terms = out
	return c
}

// uses reports whether a mentions name.
func (a aff) uses(name string) bool {
	for _, t := range a.terms {
		if t.name == name {
			return true
		}
	}
	return false
}

// rng is the interval of a under e.
func (a aff) rng(e env) ival {
	r := ival{a.k, a.k}
	for _, t := range a.terms {
		v := e[t.name]
		x, y := t.coef*v.lo, t.coef*v.hi
		if x > y {
			x, y = y, x
		}
		r.lo += x
		r.hi += y
	}
	switch {
	case a.div > 0:
		r = ival{r.lo / a.div, r.hi / a.div} // truncation is monotone
	case a.mod > 0:
		if r.lo >= 0 {
			r = ival{0, min(a.mod-1, r.hi)}
		} else {
			r = ival{-(a.mod - 1), a.mod - 1}
		}
	}
	r.lo += a.post
	r.hi += a.post
	return r
}

// String prints a in C: "2 * i - j + N - 3", "(i + 1) / 2 + 3".
func (a aff) String() string {
	if a.div != 0 || a.mod != 0 {
		lin := a
		lin.div, lin.mod, lin.post = 0, 0, 0
		op, d := " / ", a.div
		if a.mod != 0 {
			op, d = " % ", a.mod
		}
		s := "(" + lin.String() + ")" + op + strconv.FormatInt(d, 10)
		switch {
		case a.post > 0:
			s += " + " + strconv.FormatInt(a.post, 10)
		case a.post < 0:
			s += " - " + strconv.FormatInt(-a.post, 10)
		}
		return s
	}
	var b strings.Builder
	for i, t := range a.terms {
		c := t.coef
		if i == 0 {
			if c < 0 {
				b.WriteString("-")
				c = -c
			}
		} else if c < 0 {
			b.WriteString(" - ")
			c = -c
		} else {
			b.WriteString(" + ")
		}
		if c != 1 {
			b.WriteString(strconv.FormatInt(c, 10))
			b.WriteString(" * ")
		}
		b.WriteString(t.name)
	}
	switch {
	case len(a.terms) == 0:
		b.WriteString(strconv.FormatInt(a.k, 10))
	case a.k > 0:
		b.WriteString(" + " + strconv.FormatInt(a.k, 10))
	case a.k < 0:
		b.WriteString(" - " + strconv.FormatInt(-a.k, 10))
	}
	return b.String()
}

// bexp is a loop bound: an affine expression, the min or max of two
// bounds, or a bound divided by a positive constant (C division).
type bexp struct {
	kind  int // bAff, bMin, bMax, bDiv
	a     aff
	x, y  *bexp
	d     int64
	style int // min/max: 0 macro MIN/MAX, 1 ternary, 2 conjunction of conditions (top level only)
}

const (
	bAff = iota
	bMin
	bMax
	bDiv
)

func bAffine(a aff) *bexp { return &bexp{kind: bAff, a: a} }

func (b *bexp) rng(e env) ival {
	switch b.kind {
	case bMin:
		x, y := b.x.rng(e), b.y.rng(e)
		return ival{min(x.lo, y.lo), min(x.hi, y.hi)}
	case bMax:
		x, y := b.x.rng(e), b.y.rng(e)
		return ival{max(x.lo, y.lo), max(x.hi, y.hi)}
	case bDiv:
		x := b.x.rng(e)
		return ival{x.lo / b.d, x.hi / b.d} // C truncation is monotone
	}
	return b.a.rng(e)
}

func (b *bexp) String() string {
	switch b.kind {
	case bMin, bMax:
		x, y := b.x.String(), b.y.String()
		if b.style == 1 {
			op := "<"
			if b.kind == bMax {
				op = ">"
			}
			return "(" + x + " " + op + " " + y + " ? " + x + " : " + y + ")"
		}
		name := "MIN"
		if b.kind == bMax {
			name = "MAX"
		}
		return name + "(" + x + ", " + y + ")"
	case bDiv:
		return "(" + b.x.String() + ") / " + strconv.FormatInt(b.d, 10)
	}
	return b.a.String()
}

// floorDiv is floor(a / b) for b > 0.
func floorDiv(a, b int64) int64 {
	q := a / b
	if (a%b != 0) && (a < 0) {
		q--
	}
	return q
}
