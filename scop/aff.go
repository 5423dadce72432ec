package scop

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/tessera-opt/tessera/presburger/ints"
)

// overflowPanic signals, through the arithmetic helpers, that a
// coefficient of an affine expression would not fit in an int64; the
// translation entry points recover it and turn it into a positioned error.
type overflowPanic struct{}

// addInt, mulInt and negInt are presburger/ints' checked arithmetic with
// the translation's own panic value.

func addInt(a, b int64) int64 {
	s, ok := ints.AddOK(a, b)
	if !ok {
		panic(overflowPanic{})
	}
	return s
}

func mulInt(a, b int64) int64 {
	p, ok := ints.MulOK(a, b)
	if !ok {
		panic(overflowPanic{})
	}
	return p
}

func negInt(a int64) int64 {
	n, ok := ints.SubOK(0, a)
	if !ok {
		panic(overflowPanic{})
	}
	return n
}

func absU(a int64) uint64 {
	if a < 0 {
		return uint64(-(a + 1)) + 1
	}
	return uint64(a)
}

func gcd(a, b int64) int64 {
	ua, ub := absU(a), absU(b)
	for ub != 0 {
		ua, ub = ub, ua%ub
	}
	if ua > math.MaxInt64 {
		panic(overflowPanic{})
	}
	return int64(ua)
}

// aff is a quasi-affine expression over named integer variables (loop
// iterators and parameters):
//
//	c + sum lin[v]*v + sum divs[k].coef * floor(divs[k].num / divs[k].den)
//
// Invariants: no zero entry in lin, no div with a zero coefficient, every
// den > 1, every num is not a constant (constant floors are folded). The
// value is immutable once built: every operation returns a new aff.
type aff struct {
	lin  map[string]int64
	divs []divTerm
	c    int64
}

// divTerm is coef * floor(num / den).
type divTerm struct {
	coef int64
	num  *aff
	den  int64
}

func affConst(c int64) *aff { return &aff{c: c} }

func affVar(name string) *aff { return &aff{lin: map[string]int64{name: 1}, c: 0} }

func (a *aff) isConst() bool { return len(a.lin) == 0 && len(a.divs) == 0 }

func (a *aff) clone() *aff {
	b := &aff{c: a.c}
	if len(a.lin) > 0 {
		b.lin = make(map[string]int64, len(a.lin))
		for k, v := range a.lin {
			b.lin[k] = v
		}
	}
	b.divs = append([]divTerm(nil), a.divs...)
	return b
}

func (a *aff) key() string { return a.String() }

// add returns a + b.
func (a *aff) add(b *aff) *aff {
	r := a.clone()
	r.c = addInt(r.c, b.c)
	for k, v := range b.lin {
		if r.lin == nil {
			r.lin = map[string]int64{}
		}
		nv := addInt(r.lin[k], v)
		if nv == 0 {
			delete(r.lin, k)
		} else {
			r.lin[k] = nv
		}
	}
	for _, d := range b.divs {
		r.addDiv(d)
	}
	return r
}

func (r *aff) addDiv(d divTerm) {
	k := d.num.key()
	for i := range r.divs {
		if r.divs[i].den == d.den && r.divs[i].num.key() == k {
			r.divs[i].coef = addInt(r.divs[i].coef, d.coef)
			if r.divs[i].coef == 0 {
				r.divs = append(r.divs[:i], r.divs[i+1:]...)
			}
			return
		}
	}
	if d.coef != 0 {
		r.divs = append(r.divs, d)
	}
}

// scale returns k*a.
func (a *aff) scale(k int64) *aff {
	if k == 0 {
		return affConst(0)
	}
	r := &aff{c: mulInt(a.c, k)}
	if len(a.lin) > 0 {
		r.lin = make(map[string]int64, len(a.lin))
		for v, c := range a.lin {
			r.lin[v] = mulInt(c, k)
		}
	}
	for _, d := range a.divs {
		r.divs = append(r.divs, divTerm{coef: mulInt(d.coef, k), num: d.num, den: d.den})
	}
	return r
}

func (a *aff) neg() *aff { return a.scale(-1) }

func (a *aff) sub(b *aff) *aff { return a.add(b.neg()) }

// content is the gcd of all coefficients of a (constant included).
func (a *aff) content(withConst bool) int64 {
	g := int64(0)
	if withConst {
		g = gcd(g, a.c)
	}
	for _, v := range a.lin {
		g = gcd(g, v)
	}
	for _, d := range a.divs {
		g = gcd(g, d.coef)
	}
	return g
}

// exactDiv divides every coefficient by k; the caller checked divisibility.
func (a *aff) exactDiv(k int64) *aff {
	r := &aff{c: a.c / k}
	if len(a.lin) > 0 {
		r.lin = make(map[string]int64, len(a.lin))
		for v, c := range a.lin {
			r.lin[v] = c / k
		}
	}
	for _, d := range a.divs {
		r.divs = append(r.divs, divTerm{coef: d.coef / k, num: d.num, den: d.den})
	}
	return r
}

// floorDivAff returns floor(a / d) for d > 0, folding what can be folded:
// constants, exact division, and integer parts (floor((d*x + r)/d) = x +
// floor(r/d) when x has integer coefficients divisible by d).
func floorDivAff(a *aff, d int64) *aff {
	if d <= 0 {
		panic("scop: floorDivAff with non-positive divisor")
	}
	if d == 1 {
		return a
	}
	if a.isConst() {
		return affConst(ints.FloorDiv(a.c, d))
	}
	if a.content(true)%d == 0 {
		return a.exactDiv(d)
	}
	// Split a into a part divisible by d and a remainder.
	whole := &aff{}
	rest := &aff{c: a.c}
	for v, c := range a.lin {
		q := ints.FloorDiv(c, d)
		if q != 0 {
			if whole.lin == nil {
				whole.lin = map[string]int64{}
			}
			whole.lin[v] = q
		}
		if r := c - q*d; r != 0 {
			if rest.lin == nil {
				rest.lin = map[string]int64{}
			}
			rest.lin[v] = r
		}
	}
	for _, t := range a.divs {
		q := ints.FloorDiv(t.coef, d)
		if q != 0 {
			whole.divs = append(whole.divs, divTerm{coef: q, num: t.num, den: t.den})
		}
		if r := t.coef - q*d; r != 0 {
			rest.divs = append(rest.divs, divTerm{coef: r, num: t.num, den: t.den})
		}
	}
	if rest.isConst() {
		return whole.add(affConst(ints.FloorDiv(rest.c, d)))
	}
	// Keep the constant of rest inside the floor only modulo d.
	q := ints.FloorDiv(rest.c, d)
	rest.c -= q * d
	g := rest.content(true)
	g = gcd(g, d)
	if g > 1 {
		rest = rest.exactDiv(g)
		d /= g
	}
	if d == 1 {
		return whole.add(rest).add(affConst(q))
	}
	r := whole.add(affConst(q))
	r.addDiv(divTerm{coef: 1, num: rest, den: d})
	return r
}

// vars returns the variable names a depends on (inside floors too).
func (a *aff) vars(into map[string]bool) {
	for v := range a.lin {
		into[v] = true
	}
	for _, d := range a.divs {
		d.num.vars(into)
	}
}

// sign reports how a varies with variable v: +1 non-decreasing, -1
// non-increasing, 0 independent, 2 unknown (mixed).
func (a *aff) sign(v string) int {
	s := 0
	merge := func(t int) {
		switch {
		case t == 0:
		case s == 0:
			s = t
		case s != t:
			s = 2
		}
	}
	if c := a.lin[v]; c > 0 {
		merge(1)
	} else if c < 0 {
		merge(-1)
	}
	for _, d := range a.divs {
		t := d.num.sign(v)
		if t == 2 {
			return 2
		}
		if d.coef < 0 {
			t = -t
		}
		merge(t)
	}
	return s
}

// String prints a in isl notation, variables sorted by name, floors last.
func (a *aff) String() string {
	var b strings.Builder
	first := true
	term := func(c int64, body string) {
		switch {
		case first && c == 1:
		case first && c == -1:
			b.WriteString("-")
		case first:
			fmt.Fprintf(&b, "%d*", c)
		case c == 1:
			b.WriteString(" + ")
		case c == -1:
			b.WriteString(" - ")
		case c < 0:
			fmt.Fprintf(&b, " - %d*", absU(c))
		default:
			fmt.Fprintf(&b, " + %d*", c)
		}
		b.WriteString(body)
		first = false
	}
	names := make([]string, 0, len(a.lin))
	for v := range a.lin {
		names = append(names, v)
	}
	sort.Strings(names)
	for _, v := range names {
		term(a.lin[v], v)
	}
	for _, d := range a.divs {
		term(d.coef, fmt.Sprintf("floor((%s)/%d)", d.num.String(), d.den))
	}
	switch {
	case first:
		fmt.Fprintf(&b, "%d", a.c)
	case a.c > 0:
		fmt.Fprintf(&b, " + %d", a.c)
	case a.c < 0:
		fmt.Fprintf(&b, " - %d", absU(a.c))
	}
	return b.String()
}
