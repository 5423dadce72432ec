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
	return optimize(s, obj, false, newBudget("Min"))
}

// Max returns the maximum of obj·(x,1) over the integer points of s.
func Max(s *System, obj []int64) Result {
	return optimize(s, obj, true, newBudget("Max"))
}

func optimize(s *System, obj []int64, maximize bool, b *budget) Result {
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
func LexMin(s *System) Result { return lexOpt(s, false, newBudget("LexMin")) }

// LexMax returns the lexicographically largest integer point of s.
func LexMax(s *System) Result { return lexOpt(s, true, newBudget("LexMax")) }

func lexOpt(s *System, maximize bool, b *budget) Result {
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
		kind, v := minValue(t, o, b)
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
	return sample(s, newBudget("Sample"))
}

// sample fixes the variables one at a time: each to its minimum when that is
// bounded, else its maximum, else to the minimum above 0 (the set is then
// unbounded above in that variable, so x_i >= 0 keeps points).
func sample(s *System, b *budget) ([]int64, bool) {
	if isIntegerEmpty(s, b) {
		return nil, false
	}
	t := s.Clone()
	n := s.NVars
	pt := make([]int64, n)
	for i := 0; i < n; i++ {
		o := make([]int64, n+1)
		o[i] = 1
		kind, v := minValue(t, o, b)
		if kind == Unbounded {
			o[i] = -1
			kind, v = minValue(t, o, b)
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
	n := s.NVars
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
	// nonEmptyBelow(v): s has a point with obj·(x,1) <= v.
	nonEmptyBelow := func(v int64) bool {
		b.tick(1)
		t := s.Clone()
		r := make([]int64, n+1)
		for i := 0; i <= n; i++ {
			r[i] = ints.Neg(obj[i])
		}
		r[n] = ints.Add(r[n], v)
		t.Ineq = append(t.Ineq, r)
		return !isIntegerEmpty(t, b)
	}
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
