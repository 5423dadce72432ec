package sys

import (
	"errors"

	"github.com/tessera-opt/tessera/presburger/internal/ints"
)

// ErrUnbounded is returned by Enumerate for a set with infinitely many
// points.
var ErrUnbounded = errors.New("sys: enumeration of an unbounded set")

// Enumerate calls f with every integer point of the projection of s onto
// its first keep variables (the others are existentially quantified over
// the integers), in lexicographic order, each once, and stops when f
// returns false. f must not keep x. It returns ErrUnbounded (after the
// points before it) when some kept variable is unbounded on a prefix that
// has integer points. Budget and overflow panics as elsewhere; the budget
// counts the work between two visited prefixes, not the whole
// enumeration.
//
// The variables are fixed one at a time on one simplex tableau: the range
// of x_k given x_0..x_{k-1} is [ceil(rational min), floor(rational max)],
// two warm-started LPs per visited prefix, and each fixing is rolled back.
// With keep == NVars the last variable takes every value of its range
// (a single variable over fixed others ranges over an interval); with
// keep < NVars each full prefix is checked by branch and bound (the
// Omega test when that gives up). On int64 overflow in the tableau the
// enumeration continues with Min/Max searches per prefix (slow, exact).
func Enumerate(s *System, keep int, f func(x []int64) bool) (err error) {
	if keep < 0 || keep > s.NVars {
		panic("sys: Enumerate: keep out of range")
	}
	b := s.budget("Enumerate")
	c := s.Clone()
	if c.Normalize() {
		return nil
	}
	var last []int64 // the last point given to f
	emit := func(x []int64) bool {
		last = append(last[:0], x...)
		return f(x)
	}
	overflow := stoppedBy(overflowLimit, func() {
		t := tableauOf(c, b)
		if t.empty {
			return
		}
		e := &enumerator{t: t, s: c, keep: keep, b: b, x: make([]int64, keep), f: emit}
		_, err = e.rec(0)
	}) != nil
	if !overflow {
		return err
	}
	// Continue after the last point with the searches.
	started := last == nil
	lastCopy := append([]int64(nil), last...)
	return enumerateSearch(c, keep, func(x []int64) bool {
		if !started {
			if !lexLessEq(x, lastCopy) {
				started = true
			} else {
				return true
			}
		}
		return f(x)
	})
}

func lexLessEq(a, b []int64) bool {
	for i := range a {
		if a[i] != b[i] {
			return a[i] < b[i]
		}
	}
	return true
}

type enumerator struct {
	t    *tableau
	s    *System
	keep int
	b    *budget
	x    []int64
	f    func([]int64) bool
}

// prefixSystem returns s with x_0..x_{k-1} fixed to e.x.
func (e *enumerator) prefixSystem(k int) *System {
	u := e.s.Clone()
	n := u.NVars
	for i := 0; i < k; i++ {
		r := make([]int64, n+1)
		r[i], r[n] = 1, ints.Neg(e.x[i])
		u.Eq = append(u.Eq, r)
	}
	return u
}

// hasPoint decides whether the current tableau (prefix of length k fixed)
// has an integer point.
func (e *enumerator) hasPoint(k int) bool {
	bb := newBB(e.t)
	pt, st := bb.sample()
	if st == bbDone {
		return pt != nil
	}
	return !isIntegerEmpty(e.prefixSystem(k), e.b)
}

func (e *enumerator) rec(k int) (bool, error) {
	e.b.steps = 0
	t := e.t
	n := t.n
	if k == e.keep {
		if e.keep == n || e.hasPoint(k) {
			return e.f(e.x), nil
		}
		return true, nil
	}
	obj := make([]int64, n+1)
	obj[k] = 1
	lv, okLo := t.optimumVal(obj, -1)
	hv, okHi := t.optimumVal(obj, 1)
	if !okLo || !okHi {
		if !e.hasPoint(k) {
			return true, nil
		}
		return false, ErrUnbounded
	}
	lo, hi := lv.ceil(), hv.floor()
	if k == n-1 && e.keep == n {
		for v := lo; v <= hi; v++ {
			e.x[k] = v
			if !e.f(e.x) {
				return false, nil
			}
			if v == hi {
				break
			}
		}
		return true, nil
	}
	for v := lo; v <= hi; v++ {
		e.x[k] = v
		mark := t.snapshot()
		obj[n] = ints.Neg(v)
		if t.addEq(obj) {
			ok, err := e.rec(k + 1)
			if !ok || err != nil {
				t.rollback(mark)
				return ok, err
			}
		}
		t.rollback(mark)
		if v == hi {
			break
		}
	}
	return true, nil
}

// enumerateSearch is Enumerate by Min/Max searches per prefix (the
// fallback on overflow).
func enumerateSearch(s *System, keep int, f func(x []int64) bool) error {
	n := s.NVars
	x := make([]int64, keep)
	var rec func(u *System, k int) (bool, error)
	rec = func(u *System, k int) (bool, error) {
		if k == keep {
			if keep == n || !IsIntegerEmpty(u) {
				return f(x), nil
			}
			return true, nil
		}
		obj := make([]int64, n+1)
		obj[k] = 1
		lo := Min(u, obj)
		if lo.Kind == Empty {
			return true, nil
		}
		hi := Max(u, obj)
		if lo.Kind == Unbounded || hi.Kind == Unbounded {
			return false, ErrUnbounded
		}
		for v := lo.Value; v <= hi.Value; v++ {
			x[k] = v
			w := u.Clone()
			r := make([]int64, n+1)
			r[k], r[n] = 1, ints.Neg(v)
			w.Eq = append(w.Eq, r)
			ok, err := rec(w, k+1)
			if !ok || err != nil {
				return ok, err
			}
			if v == hi.Value {
				break
			}
		}
		return true, nil
	}
	_, err := rec(s, 0)
	return err
}
