package sys

import (
	"math"

	"github.com/tessera-opt/tessera/presburger/internal/ints"
)

// Kind tells whether an optimum exists.
type Kind int

const (
	// Empty: the system has no integer point.
	Empty Kind = iota
	// Unbounded: the integer points are unbounded in the direction asked.
	Unbounded
	// Bounded: Value and Point hold an optimum.
	Bounded
)

func (k Kind) String() string {
	switch k {
	case Empty:
		return "Empty"
	case Unbounded:
		return "Unbounded"
	case Bounded:
		return "Bounded"
	}
	return "Kind(?)"
}

// Result is the answer of Min, Max, LexMin and LexMax. Value is the optimum
// of Min/Max (0 for LexMin/LexMax); Point is an integer point reaching it
// (nil unless Kind == Bounded).
type Result struct {
	Kind  Kind
	Value int64
	Point []int64
}

// Min returns the minimum of obj·(x,1) over the integer points of s (obj has
// NVars+1 entries). Exact; Unbounded when the integer points are unbounded
// below in that direction.
func Min(s *System, obj []int64) Result {
	return optimize(s, obj, false, s.budget("Min"))
}

// Max returns the maximum of obj·(x,1) over the integer points of s.
func Max(s *System, obj []int64) Result {
	return optimize(s, obj, true, s.budget("Max"))
}

// optimize answers by branch and bound over the simplex (bb.go) when it
// can, else by the search over the emptiness oracle (optimizeSearch).
func optimize(s *System, obj []int64, maximize bool, b *budget) Result {
	s.checkRow(obj, "Min/Max objective")
	o := obj
	if maximize {
		o = make([]int64, len(obj))
		for i := range o {
			o[i] = ints.Neg(obj[i])
		}
	}
	if r, ok := simplexMin(s, o, b); ok {
		if maximize && r.Kind == Bounded {
			r.Value = ints.Neg(r.Value)
		}
		return r
	}
	return optimizeSearch(s, obj, maximize, b)
}

func optimizeSearch(s *System, obj []int64, maximize bool, b *budget) Result {
	s.checkRow(obj, "Min/Max objective")
	o := append([]int64(nil), obj...)
	if maximize {
		for i := range o {
			o[i] = ints.Neg(o[i])
		}
	}
	kind, v := minValue(s, o, b)
	if kind != Bounded {
		return Result{Kind: kind}
	}
	t := s.Clone()
	e := append([]int64(nil), o...)
	e[s.NVars] = ints.Sub(e[s.NVars], v)
	t.Eq = append(t.Eq, e)
	pt, ok := sample(t, b)
	if !ok {
		panic("sys: internal error: optimum without a point")
	}
	if maximize {
		v = ints.Neg(v)
	}
	return Result{Kind: Bounded, Value: v, Point: pt}
}

// LexMin returns the lexicographically smallest integer point of s,
// variables compared in the order 0..NVars-1; Unbounded when there is none
// because some variable is unbounded below (given the earlier ones at their
// minimum).
func LexMin(s *System) Result { return lexOpt(s, false, s.budget("LexMin")) }

// LexMax returns the lexicographically largest integer point of s.
func LexMax(s *System) Result { return lexOpt(s, true, s.budget("LexMax")) }

func lexOpt(s *System, maximize bool, b *budget) Result {
	t := s
	if maximize {
		t = negateVars(s)
	}
	if r, ok := simplexLexMin(t, b); ok {
		if maximize && r.Kind == Bounded {
			for i := range r.Point {
				r.Point[i] = ints.Neg(r.Point[i])
			}
		}
		return r
	}
	return lexOptSearch(s, maximize, b)
}

// lexOptSearch fixes one variable after the other at its optimum.
func lexOptSearch(s *System, maximize bool, b *budget) Result {
	if isIntegerEmpty(s, b) {
		return Result{Kind: Empty}
	}
	t := s.Clone()
	n := s.NVars
	pt := make([]int64, n)
	for i := 0; i < n; i++ {
		o := make([]int64, n+1)
		o[i] = 1
		if maximize {
			o[i] = -1
		}
		kind, v := minValueNonEmpty(t, o, b)
		switch kind {
		case Empty:
			panic("sys: internal error: lexopt lost its points")
		case Unbounded:
			return Result{Kind: Unbounded}
		}
		if maximize {
			v = -v
		}
		pt[i] = v
		e := make([]int64, n+1)
		e[i] = 1
		e[n] = ints.Neg(v)
		t.Eq = append(t.Eq, e)
	}
	return Result{Kind: Bounded, Point: pt}
}

// Sample returns an integer point of s, or false when there is none. Exact.
func Sample(s *System) ([]int64, bool) {
	return sample(s, s.budget("Sample"))
}

// sample fixes the variables one at a time: each to its minimum when that is
// bounded, else its maximum, else to the minimum above 0 (the set is then
// unbounded above in that variable, so x_i >= 0 keeps points).
func sample(s *System, b *budget) ([]int64, bool) {
	if pt, ok := simplexSample(s, b); ok {
		return pt, pt != nil
	}
	return sampleSearch(s, b)
}

func sampleSearch(s *System, b *budget) ([]int64, bool) {
	if isIntegerEmpty(s, b) {
		return nil, false
	}
	t := s.Clone()
	n := s.NVars
	pt := make([]int64, n)
	for i := 0; i < n; i++ {
		o := make([]int64, n+1)
		o[i] = 1
		kind, v := minValueNonEmpty(t, o, b)
		if kind == Unbounded {
			o[i] = -1
			kind, v = minValueNonEmpty(t, o, b)
			v = -v
			if kind == Unbounded {
				u := t.Clone()
				o[i] = 1
				u.Ineq = append(u.Ineq, o)
				kind, v = minValue(u, o, b)
			}
		}
		if kind != Bounded {
			panic("sys: internal error: sample lost its points")
		}
		pt[i] = v
		e := make([]int64, n+1)
		e[i] = 1
		e[n] = ints.Neg(v)
		t.Eq = append(t.Eq, e)
	}
	return pt, true
}

// nonEmptyBelow reports whether s has a point with obj·(x,1) <= v.
func nonEmptyBelow(s *System, obj []int64, v int64, b *budget) bool {
	b.tick(1)
	n := s.NVars
	t := &System{NVars: n, Eq: s.Eq, Ineq: make([][]int64, len(s.Ineq), len(s.Ineq)+1)}
	copy(t.Ineq, s.Ineq)
	r := make([]int64, n+1)
	for i := 0; i <= n; i++ {
		r[i] = ints.Neg(obj[i])
	}
	r[n] = ints.Add(r[n], v)
	t.Ineq = append(t.Ineq, r)
	return !isIntegerEmpty(t, b)
}

// searchMin returns the least v >= lb with points of s at obj <= v, for a
// bounded non-empty s with no point below lb: probe lb, then gallop up
// and finish by binary search.
func searchMin(s *System, obj []int64, lb int64, b *budget) int64 {
	if nonEmptyBelow(s, obj, lb, b) {
		return lb
	}
	lo, step := lb, int64(1)
	var hi int64
	for {
		v := lo + step
		if lo > math.MaxInt64-step {
			v = math.MaxInt64
		}
		if nonEmptyBelow(s, obj, v, b) {
			hi = v
			break
		}
		if v == math.MaxInt64 {
			panic(&ints.OverflowError{Op: "min", A: v}) // the minimum exceeds MaxInt64
		}
		lo = v
		if step < 1<<61 {
			step *= 2
		}
	}
	for uint64(hi)-uint64(lo) > 1 {
		mid := lo + int64((uint64(hi)-uint64(lo))/2)
		if nonEmptyBelow(s, obj, mid, b) {
			hi = mid
		} else {
			lo = mid
		}
	}
	return hi
}

// ratMinBoundSteps bounds the Fourier-Motzkin work spent on the rational
// minimum before minValue falls back to a pure integer search.
const ratMinBoundSteps = 20000

// ratMinBound computes the rational minimum of obj·(x,1) over s by
// Fourier-Motzkin onto t = obj·(x,1): unb reports no lower bound (by Meyer's
// theorem the integer minimum of a non-empty s is then unbounded too), else
// lb = ceil(rational minimum) <= integer minimum. ok is false when the
// elimination was too costly or overflowed (then nothing is known).
func ratMinBound(s *System, obj []int64, b *budget) (unb bool, lb int64, ok bool) {
	n := s.NVars
	// Columns: t, x_0..x_{n-1}, const.
	shift := func(r []int64) []int64 {
		o := make([]int64, n+2)
		copy(o[1:], r)
		return o
	}
	p := &ratProb{nv: n + 1}
	for _, r := range s.Eq {
		p.eq = append(p.eq, shift(r))
	}
	e := shift(obj)
	e[0] = -1
	p.eq = append(p.eq, e)
	words := (len(s.Ineq) + 63) / 64
	for i, r := range s.Ineq {
		h := make([]uint64, words)
		h[i/64] |= 1 << (i % 64)
		p.ineq = append(p.ineq, ratRow{r: shift(r), hist: h})
	}
	local := b.sub(ratMinBoundSteps)
	// Too costly or too large: fall back to the search.
	stopped := stoppedBy(anyLimit, func() {
		if p.eliminate(1, local) {
			panic("sys: internal error: rationally empty system with integer points")
		}
	})
	b.tick(int(local.steps))
	if stopped != nil {
		return false, 0, false
	}
	have := false
	for _, r := range p.eq {
		// r[0]·t + r[n+1] = 0
		if r[0] != 0 {
			return false, ints.CeilDiv(ints.Neg(r[n+1]), r[0]), true
		}
	}
	for _, rr := range p.ineq {
		r := rr.r
		if r[0] > 0 {
			v := ints.CeilDiv(ints.Neg(r[n+1]), r[0])
			if !have || v > lb {
				lb, have = v, true
			}
		}
	}
	if !have {
		return true, 0, true
	}
	return false, lb, true
}

// minValue returns the minimum of obj·(x,1) over the integer points of s.
//
// We first decide emptiness. Then unboundedness: by Meyer's theorem the
// integer hull of a rational polyhedron with integer points has the same
// recession cone, so the integer minimum is unbounded exactly when some
// integer direction d with A d >= 0, E d = 0 has obj·d <= -1 (scale a
// rational direction), itself an integer emptiness question. Otherwise we
// probe obj <= v with exponentially growing steps from 0 and finish with a
// binary search, each probe an emptiness test.
func minValue(s *System, obj []int64, b *budget) (Kind, int64) {
	if isIntegerEmpty(s, b) {
		return Empty, 0
	}
	return minValueNonEmpty(s, obj, b)
}

// minValueNonEmpty is minValue for an s known to have integer points.
func minValueNonEmpty(s *System, obj []int64, b *budget) (Kind, int64) {
	n := s.NVars
	if unb, lb, ok := ratMinBound(s, obj, b); ok {
		if unb {
			return Unbounded, 0
		}
		return Bounded, searchMin(s, obj, lb, b)
	}
	cone := &System{NVars: n}
	for _, r := range s.Eq {
		c := append([]int64(nil), r...)
		c[n] = 0
		cone.Eq = append(cone.Eq, c)
	}
	for _, r := range s.Ineq {
		c := append([]int64(nil), r...)
		c[n] = 0
		cone.Ineq = append(cone.Ineq, c)
	}
	d := make([]int64, n+1)
	for i := 0; i < n; i++ {
		d[i] = ints.Neg(obj[i])
	}
	d[n] = -1
	cone.Ineq = append(cone.Ineq, d)
	if !isIntegerEmpty(cone, b) {
		return Unbounded, 0
	}
	nonEmptyBelow := func(v int64) bool { return nonEmptyBelow(s, obj, v, b) }
	// Invariant once set: no point at lo, a point at hi, lo < hi.
	var lo, hi int64
	if nonEmptyBelow(0) {
		hi = 0
		step := int64(1)
		for {
			v := hi - step
			if hi < math.MinInt64+step {
				v = math.MinInt64
			}
			if !nonEmptyBelow(v) {
				lo = v
				break
			}
			if v == math.MinInt64 {
				panic(&ints.OverflowError{Op: "min", A: v})
			}
			hi = v
			if step < 1<<61 {
				step *= 2
			}
		}
	} else {
		lo = 0
		step := int64(1)
		for {
			v := lo + step
			if lo > math.MaxInt64-step {
				v = math.MaxInt64
			}
			if nonEmptyBelow(v) {
				hi = v
				break
			}
			lo = v
			if v == math.MaxInt64 {
				panic(&ints.OverflowError{Op: "min", A: v}) // the minimum exceeds MaxInt64
			}
			if step < 1<<61 {
				step *= 2
			}
		}
	}
	for uint64(hi)-uint64(lo) > 1 {
		mid := lo + int64((uint64(hi)-uint64(lo))/2)
		if nonEmptyBelow(mid) {
			hi = mid
		} else {
			lo = mid
		}
	}
	return Bounded, hi
}
