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

// bbNodeLimit bounds the nodes of one branch and bound over n variables:
// small systems give up early (the Omega test is fast on them), large ones
// (where it is hopeless) search longer.
func bbNodeLimit(n int) int { return 4000 + 100*n*n }

// bbDepthLimit bounds the depth of a branch and bound over n variables:
// deeper searches mostly wander along an unbounded direction, and every
// level makes the tableau one row longer. (A fixed 300 made emptiness
// checks of small parametric sets with floors take seconds: the dive
// went 300 bounds deep before the Omega test answered in microseconds.)
func bbDepthLimit(n int) int { return 20 + 2*n }

// bbStepLimit bounds the simplex steps of one search over n variables
// before it gives up (and the Omega test answers), within what is left of
// the caller's budget.
func bbStepLimit(n int) int64 { return 200000 + 2000*int64(n)*int64(n) }

type bb struct {
	t     *tableau
	depth int
	nodes int
	limit int
}

func newBB(t *tableau) *bb {
	return &bb{t: t, limit: bbNodeLimit(t.n)}
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
// integer, and that value (-1: none).
func (s *bb) firstFrac() (int, tabVal) {
	for j := 0; j < s.t.n; j++ {
		if !s.t.isIntVal(j) {
			return j, s.t.val(j)
		}
	}
	return -1, tabVal{}
}

// lastFrac returns the last variable whose sample value is not an integer,
// and that value (-1: none). Samples branch on the last variables first:
// they are the existential ones (locals, multipliers) in our systems.
func (s *bb) lastFrac() (int, tabVal) {
	for j := s.t.n - 1; j >= 0; j-- {
		if !s.t.isIntVal(j) {
			return j, s.t.val(j)
		}
	}
	return -1, tabVal{}
}

// intPoint returns the sample of the variables, all integers; it panics
// with *ints.OverflowError when one does not fit in an int64.
func (s *bb) intPoint() []int64 {
	pt := make([]int64, s.t.n)
	for j := range pt {
		pt[j] = s.t.intVal(j)
	}
	return pt
}

// sample finds an integer point of the (non-empty) tableau.
func (s *bb) sample() (pt []int64, st bbStatus) {
	s.nodes++
	if s.nodes > s.limit || s.depth > bbDepthLimit(s.t.n) {
		return nil, bbAbort
	}
	j, x := s.lastFrac()
	if j < 0 {
		return s.intPoint(), bbDone
	}
	f := x.floor()
	// The nearer side first.
	upFirst := x.nearerUp()
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
		if s.nodes > s.limit || s.depth > bbDepthLimit(s.t.n) {
			return bbAbort
		}
		opt, ok := s.t.optimumVal(obj, -1)
		if !ok {
			return bbAbort
		}
		// A lower bound of the objective's integer values here
		// (MinInt64 when the rational minimum is below).
		if have && opt.ceilLower() >= val {
			return bbDone
		}
		j, x := s.firstFrac()
		if j < 0 {
			val, pt, have = opt.ceil(), s.intPoint(), true
			return bbDone
		}
		f := x.floor()
		upFirst := x.nearerUp()
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

// runSimplex runs f with a tableau of s under a local step budget; ok is
// false when f overflowed int64 or ran out of steps (nothing is known
// then). The steps taken are charged to b. A normalization of s that
// proves it empty is reported as empty.
func runSimplex(s *System, integer bool, b *budget, f func(t *tableau)) (empty, ok bool) {
	return runSimplexSubst(s, integer, b, nil, f)
}

// runSimplexSubst is runSimplex; with subst not nil (integer questions
// only), the equalities with a unit coefficient are first substituted
// away (eliminateUnitEqs) and *subst receives the substitutions, which
// complete a point of the tableau into a point of s (completePoint).
func runSimplexSubst(s *System, integer bool, b *budget, subst *[]unitSubst, f func(t *tableau)) (empty, ok bool) {
	local := b.sub(min(bbStepLimit(s.NVars), b.limit-b.steps))
	defer func() { b.tick(int(local.steps)) }()
	c := s
	if integer {
		c = s.Clone()
		if c.Normalize() {
			return true, true
		}
	}
	hit := stoppedBy(anyLimit, func() {
		if integer && subst != nil && hasUnitEq(c) {
			// On overflow the substitution is given up and the
			// tableau is built from the rows as they were.
			e := c.Clone()
			var sub []unitSubst
			var inf bool
			if stoppedBy(overflowLimit, func() { sub, inf = eliminateUnitEqs(e) }) == nil {
				if inf {
					empty = true
					return
				}
				c, *subst = e, sub
			}
		}
		t := tableauOf(c, local)
		if t.empty {
			empty = true
			return
		}
		f(t)
	})
	return empty, hit == nil
}

// lexMinSeq finds the lexicographically smallest integer point of the
// (non-empty) tableau by fixing the variables in order: x_k is tried at
// v = ceil(its rational minimum given the fixed prefix); when the
// tableau with x_k = v has an integer point (the last point found, or a
// branch and bound sample) x_k is fixed to v, else x_k >= v+1 is added
// and the rational minimum recomputed. Every fixing keeps an integer
// point, so no backtracking is needed. The tableau keeps the fixings (the
// caller rolls back).
func (s *bb) lexMinSeq() (pt []int64, st bbStatus) {
	n := s.t.n
	p, st := s.sample()
	if st == bbAbort || p == nil {
		return nil, st
	}
	for k := 0; k < n; k++ {
		unit := make([]int64, n+1)
		for {
			s.nodes++
			if s.nodes > s.limit {
				return nil, bbAbort
			}
			unit[k], unit[n] = 1, 0
			opt, ok := s.t.optimumVal(unit, -1)
			if !ok {
				return nil, bbAbort
			}
			v := opt.ceil()
			mark := s.t.snapshot()
			unit[n] = ints.Neg(v)
			if p[k] == v {
				if !s.t.addEq(unit) {
					panic("sys: internal error: lexmin lost its point")
				}
				break
			}
			if s.t.addEq(unit) {
				q, st := s.sample()
				if st == bbAbort {
					return nil, bbAbort
				}
				if q != nil {
					p = q
					break
				}
			}
			s.t.rollback(mark)
			if !s.bound(k, ints.Add(v, 1), true) {
				panic("sys: internal error: lexmin lost its points")
			}
		}
	}
	return p, bbDone
}
