package sys

import (
	"github.com/tessera-opt/tessera/presburger/internal/ints"
)

// Branch and bound over the simplex tableau (simplex.go): integer
// feasibility, integer minimum of an affine objective and lexicographic
// minimum. Each search explores depth first, branching on a fractional
// variable of the rational optimum by adding x_j <= floor(v) or
// x_j >= ceil(v) and rolling the bound back afterwards. A search that runs
// past its node limit, or meets a relaxation unbounded in the direction it
// optimizes, stops with bbAbort and the caller answers with the
// Omega-test search instead; a search that finishes is exact (its leaves
// are rationally empty, integral, or pruned by a bound that no integer
// point of the leaf can beat), bounded polyhedron or not.

type bbStatus int

const (
	bbDone  bbStatus = iota // the search finished: the answer is exact
	bbAbort                 // node limit or unbounded relaxation: no answer
)

// bbNodeLimit bounds the nodes of one branch and bound.
const bbNodeLimit = 20000

// bbDepthLimit bounds the depth of a branch and bound: deeper searches
// mostly wander along an unbounded direction.
const bbDepthLimit = 300

// bbStepLimit bounds the simplex steps of one search before it gives up
// (and the Omega test answers).
const bbStepLimit = 400000

type bb struct {
	t     *tableau
	depth int
	nodes int
	limit int
	num   []int64
	den   []int64
}

func newBB(t *tableau) *bb {
	return &bb{t: t, limit: bbNodeLimit, num: make([]int64, t.n), den: make([]int64, t.n)}
}

// bound adds x_j <= v (up false) or x_j >= v (up true); false when empty.
func (s *bb) bound(j int, v int64, up bool) bool {
	n := s.t.n
	r := make([]int64, n+1)
	if up {
		r[j], r[n] = 1, ints.Neg(v)
	} else {
		r[j], r[n] = -1, v
	}
	return s.t.addIneq(r)
}

// firstFrac returns the first variable whose sample value is not an
// integer (-1: none), after s.t.point.
func (s *bb) firstFrac() int {
	s.t.point(s.num, s.den)
	for j := range s.num {
		if s.den[j] != 1 {
			return j
		}
	}
	return -1
}

// sample finds an integer point of the (non-empty) tableau.
func (s *bb) sample() (pt []int64, st bbStatus) {
	s.nodes++
	if s.nodes > s.limit || s.depth > bbDepthLimit {
		return nil, bbAbort
	}
	j := s.firstFrac()
	if j < 0 {
		return append([]int64{}, s.num...), bbDone
	}
	f := ints.FloorDiv(s.num[j], s.den[j])
	// The nearer side first.
	upFirst := 2*(s.num[j]-f*s.den[j]) >= s.den[j]
	for k := 0; k < 2; k++ {
		up := upFirst == (k == 0)
		v := f
		if up {
			v = f + 1
		}
		mark := s.t.snapshot()
		if s.bound(j, v, up) {
			s.depth++
			pt, st := s.sample()
			s.depth--
			if pt != nil || st == bbAbort {
				s.t.rollback(mark)
				return pt, st
			}
		}
		s.t.rollback(mark)
	}
	return nil, bbDone
}

// minimize finds the integer minimum of obj·(x,1) over the (non-empty)
// tableau; have reports whether a point was found.
func (s *bb) minimize(obj []int64) (val int64, pt []int64, have bool, st bbStatus) {
	var rec func() bbStatus
	rec = func() bbStatus {
		s.nodes++
		if s.nodes > s.limit || s.depth > bbDepthLimit {
			return bbAbort
		}
		num, den, ok := s.t.optimum(obj, -1)
		if !ok {
			return bbAbort
		}
		lb := ints.CeilDiv(num, den)
		if have && lb >= val {
			return bbDone
		}
		j := s.firstFrac()
		if j < 0 {
			val, pt, have = lb, append(make([]int64, 0, len(s.num)), s.num...), true
			return bbDone
		}
		xn, xd := s.num[j], s.den[j]
		f := ints.FloorDiv(xn, xd)
		upFirst := 2*(xn-f*xd) >= xd
		for k := 0; k < 2; k++ {
			up := upFirst == (k == 0)
			v := f
			if up {
				v = f + 1
			}
			mark := s.t.snapshot()
			if s.bound(j, v, up) {
				s.depth++
				st := rec()
				s.depth--
				if st == bbAbort {
					s.t.rollback(mark)
					return bbAbort
				}
			}
			s.t.rollback(mark)
		}
		return bbDone
	}
	st = rec()
	return val, pt, have, st
}

// lexMin finds the lexicographically smallest integer point of the
// (non-empty) tableau. At each node the rational lexicographic minimum is
// computed one variable at a time (minimize x_k, then fix it) until the
// first fractional value, which is branched on: x_k >= ceil first (it
// keeps the prefix), then x_k <= floor (a larger prefix). A node whose
// prefix is already larger than the best point is pruned.
func (s *bb) lexMin() (pt []int64, st bbStatus) {
	n := s.t.n
	var best []int64
	cur := make([]int64, n)
	unit := make([]int64, n+1)
	var rec func() bbStatus
	rec = func() bbStatus {
		s.nodes++
		if s.nodes > s.limit || s.depth > bbDepthLimit {
			return bbAbort
		}
		mark := s.t.snapshot()
		less := best == nil
		frac := -1
		var fn, fd int64
		for k := 0; k < n; k++ {
			unit[k] = 1
			num, den, ok := s.t.optimum(unit, -1)
			unit[k] = 0
			if !ok {
				s.t.rollback(mark)
				return bbAbort
			}
			if !less {
				// Compare ceil(num/den) with best[k].
				c := ints.CeilDiv(num, den)
				if c > best[k] {
					s.t.rollback(mark)
					return bbDone
				}
				if c < best[k] {
					less = true
				}
			}
			if den != 1 {
				frac, fn, fd = k, num, den
				break
			}
			cur[k] = num
			if k < n-1 && !s.bound(k, num, false) {
				panic("sys: internal error: lexmin fixing emptied the tableau")
			}
		}
		s.t.rollback(mark)
		if frac < 0 {
			best = append(make([]int64, 0, n), cur...)
			return bbDone
		}
		f := ints.FloorDiv(fn, fd)
		for _, up := range []bool{true, false} {
			v := f
			if up {
				v = f + 1
			}
			m := s.t.snapshot()
			if s.bound(frac, v, up) {
				s.depth++
				st := rec()
				s.depth--
				if st == bbAbort {
					s.t.rollback(m)
					return bbAbort
				}
			}
			s.t.rollback(m)
		}
		return bbDone
	}
	if rec() == bbAbort {
		return nil, bbAbort
	}
	return best, bbDone
}

// runSimplex runs f with a tableau of s under a local step budget; ok is
// false when f overflowed int64 or ran out of steps (nothing is known
// then). The steps taken are charged to b. A normalization of s that
// proves it empty is reported as empty.
func runSimplex(s *System, integer bool, b *budget, f func(t *tableau)) (empty, ok bool) {
	local := &budget{op: b.op, limit: bbStepLimit}
	defer func() { b.tick(int(local.steps)) }()
	c := s
	if integer {
		c = s.Clone()
		if c.Normalize() {
			return true, true
		}
	}
	ok = true
	func() {
		defer func() {
			if r := recover(); r != nil {
				_, isBudget := r.(*BudgetError)
				_, isOverflow := r.(*ints.OverflowError)
				if isBudget || isOverflow {
					ok = false
					return
				}
				panic(r)
			}
		}()
		t := tableauOf(c, local)
		if t.empty {
			empty = true
			return
		}
		f(t)
	}()
	return empty, ok
}
