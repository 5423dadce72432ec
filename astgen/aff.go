package astgen

import (
	"cmp"
	"slices"
	"strconv"
	"strings"

	"github.com/tessera-opt/tessera/presburger/ints"
)

// bezout returns x, y, g with a*x + b*y = g = gcd(a, b) (a, b >= 0).
func bezout(a, b int64) (int64, int64, int64) {
	x0, x1, y0, y1 := int64(1), int64(0), int64(0), int64(1)
	for b != 0 {
		q := a / b
		a, b = b, a-q*b
		x0, x1 = x1, ints.Sub(x0, ints.Mul(q, x1))
		y0, y1 = y1, ints.Sub(y0, ints.Mul(q, y1))
	}
	return x0, y0, a
}

// aff is a quasi-affine expression over a fixed list of nv variables
// (params, then schedule dims, then possibly extra variables such as the
// output dims of a map during substitution): the sum of Coef[v]*var_v, of
// K*floor(Num/Den) for each division and of the constant C.
//
// Invariant: len(Coef) == nv of its context; divisions have Den > 1 (a
// division by 1 is folded into the affine part) and are kept in a canonical
// order so that equal expressions compare equal.
type aff struct {
	Coef []int64
	Divs []affDiv
	C    int64
}

type affDiv struct {
	Num aff
	Den int64
	K   int64
}

func newAff(nv int) aff { return aff{Coef: make([]int64, nv)} }

func (a aff) clone() aff {
	b := aff{Coef: slices.Clone(a.Coef), C: a.C}
	if len(a.Divs) > 0 {
		b.Divs = make([]affDiv, len(a.Divs))
		for i, d := range a.Divs {
			b.Divs[i] = affDiv{Num: d.Num.clone(), Den: d.Den, K: d.K}
		}
	}
	return b
}

func (a aff) isConst() bool {
	if len(a.Divs) > 0 {
		return false
	}
	for _, c := range a.Coef {
		if c != 0 {
			return false
		}
	}
	return true
}

func (a aff) equal(b aff) bool {
	if a.C != b.C || !slices.Equal(a.Coef, b.Coef) || len(a.Divs) != len(b.Divs) {
		return false
	}
	for i := range a.Divs {
		if a.Divs[i].Den != b.Divs[i].Den || a.Divs[i].K != b.Divs[i].K || !a.Divs[i].Num.equal(b.Divs[i].Num) {
			return false
		}
	}
	return true
}

func (a aff) key() string { return string(a.appendKey(nil)) }

// appendKey appends the key of a to buf: its coefficients, constant and
// divisions (equal affs over the same variables have equal keys).
func (a aff) appendKey(buf []byte) []byte {
	buf = append(buf, '[')
	for i, c := range a.Coef {
		if i > 0 {
			buf = append(buf, ' ')
		}
		buf = strconv.AppendInt(buf, c, 10)
	}
	buf = append(buf, ']', ' ')
	buf = strconv.AppendInt(buf, a.C, 10)
	for _, d := range a.Divs {
		buf = append(buf, '+')
		buf = strconv.AppendInt(buf, d.K, 10)
		buf = append(buf, '*', '[')
		buf = d.Num.appendKey(buf)
		buf = append(buf, '/')
		buf = strconv.AppendInt(buf, d.Den, 10)
		buf = append(buf, ']')
	}
	return buf
}

// scale returns k*a.
func (a aff) scale(k int64) aff {
	if k == 1 {
		return a
	}
	b := aff{Coef: make([]int64, len(a.Coef)), C: ints.Mul(a.C, k)}
	for i, c := range a.Coef {
		b.Coef[i] = ints.Mul(c, k)
	}
	if k == 0 {
		return b
	}
	for _, d := range a.Divs {
		b.Divs = append(b.Divs, affDiv{Num: d.Num, Den: d.Den, K: ints.Mul(d.K, k)})
	}
	return b
}

// add returns a + b.
func (a aff) add(b aff) aff {
	r := aff{Coef: make([]int64, len(a.Coef)), C: ints.Add(a.C, b.C)}
	for i := range r.Coef {
		r.Coef[i] = ints.Add(a.Coef[i], b.Coef[i])
	}
	r.Divs = append(slices.Clone(a.Divs), b.Divs...)
	return r.canon()
}

func (a aff) sub(b aff) aff { return a.add(b.scale(-1)) }

// floorDivAff returns floor(a/den) as an aff (den > 0): constants and
// divisible affine parts are folded.
func floorDivAff(a aff, den int64) aff {
	if den == 1 {
		return a
	}
	g := den
	for _, c := range a.Coef {
		g = ints.GCD(g, c)
	}
	for _, d := range a.Divs {
		g = ints.GCD(g, d.K)
	}
	if g == den {
		// floor((den*x + c)/den) = x + floor(c/den)
		r := aff{Coef: make([]int64, len(a.Coef)), C: ints.FloorDiv(a.C, den)}
		for i, c := range a.Coef {
			r.Coef[i] = c / den
		}
		for _, d := range a.Divs {
			r.Divs = append(r.Divs, affDiv{Num: d.Num, Den: d.Den, K: d.K / den})
		}
		return r.canon()
	}
	if g > 1 {
		// floor((g*x + c)/(g*d)) = floor((x + floor(c/g))/d)
		r := aff{Coef: make([]int64, len(a.Coef)), C: ints.FloorDiv(a.C, g)}
		for i, c := range a.Coef {
			r.Coef[i] = c / g
		}
		for _, d := range a.Divs {
			r.Divs = append(r.Divs, affDiv{Num: d.Num, Den: d.Den, K: d.K / g})
		}
		a, den = r.canon(), den/g
	}
	out := newAff(len(a.Coef))
	out.Divs = []affDiv{{Num: a, Den: den, K: 1}}
	return out
}

// canon merges equal divisions, drops zero ones and sorts them.
func (a aff) canon() aff {
	if len(a.Divs) == 0 {
		return a
	}
	var out []affDiv
	for _, d := range a.Divs {
		if d.K == 0 {
			continue
		}
		merged := false
		for i := range out {
			if out[i].Den == d.Den && out[i].Num.equal(d.Num) {
				out[i].K = ints.Add(out[i].K, d.K)
				merged = true
				break
			}
		}
		if !merged {
			out = append(out, d)
		}
	}
	var kept []affDiv
	for _, d := range out {
		if d.K != 0 {
			kept = append(kept, d)
		}
	}
	slices.SortFunc(kept, func(x, y affDiv) int {
		if c := strings.Compare(x.Num.key(), y.Num.key()); c != 0 {
			return c
		}
		return cmp.Compare(x.Den, y.Den)
	})
	a.Divs = kept
	return a
}

// involves reports whether variable v occurs in a (also inside divisions).
func (a aff) involves(v int) bool {
	if a.Coef[v] != 0 {
		return true
	}
	for _, d := range a.Divs {
		if d.Num.involves(v) {
			return true
		}
	}
	return false
}

// involvesFrom reports whether some variable v >= first occurs in a.
func (a aff) involvesFrom(first int) bool {
	for v := first; v < len(a.Coef); v++ {
		if a.involves(v) {
			return true
		}
	}
	return false
}

// divInvolves reports whether a division of a involves variable v.
func (a aff) divInvolves(v int) bool {
	for _, d := range a.Divs {
		if d.Num.involves(v) {
			return true
		}
	}
	return false
}

// subst returns a with variable v replaced by e.
func (a aff) subst(v int, e aff) aff {
	r := aff{Coef: slices.Clone(a.Coef), C: a.C}
	k := r.Coef[v]
	r.Coef[v] = 0
	for _, d := range a.Divs {
		num := d.Num
		if num.involves(v) {
			num = num.subst(v, e)
			r = r.add(floorDivAff(num, d.Den).scale(d.K))
			continue
		}
		r.Divs = append(r.Divs, d)
	}
	if k != 0 {
		r = r.add(e.scale(k))
	}
	return r.canon()
}

// resize returns a over nv variables: variables are kept by index, new
// ones get 0, dropped ones must not occur.
func (a aff) resize(nv int) aff {
	r := aff{Coef: make([]int64, nv), C: a.C}
	for i, c := range a.Coef {
		if i < nv {
			r.Coef[i] = c
		} else if c != 0 {
			panic("astgen: internal error: resize drops a used variable")
		}
	}
	for _, d := range a.Divs {
		r.Divs = append(r.Divs, affDiv{Num: d.Num.resize(nv), Den: d.Den, K: d.K})
	}
	return r
}

// eval evaluates a at the point x (len(x) == nv).
func (a aff) eval(x []int64) int64 {
	s := a.C
	for i, c := range a.Coef {
		if c != 0 {
			s = ints.Add(s, ints.Mul(c, x[i]))
		}
	}
	for _, d := range a.Divs {
		s = ints.Add(s, ints.Mul(d.K, ints.FloorDiv(d.Num.eval(x), d.Den)))
	}
	return s
}

// contentGCD returns the gcd of the non-constant coefficients (0 when a is
// constant).
func (a aff) contentGCD() int64 {
	var g int64
	for _, c := range a.Coef {
		g = ints.GCD(g, c)
	}
	for _, d := range a.Divs {
		g = ints.GCD(g, d.K)
	}
	return g
}
