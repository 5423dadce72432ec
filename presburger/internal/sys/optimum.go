package sys

import "github.com/tessera-opt/tessera/presburger/internal/ints"

// The simplex-based answers of the optima and emptiness questions. Each
// returns ok=false when the branch and bound could not answer (node or
// step limit, int64 overflow, a relaxation unbounded where the search
// needs bounds); the callers in search.go and project.go then use the
// Omega-test searches, which stay the reference implementation.

// simplexIntegerEmpty decides integer emptiness by branch and bound.
func simplexIntegerEmpty(s *System, b *budget) (empty, ok bool) {
	var found, aborted bool
	var subst []unitSubst
	e, ok := runSimplexSubst(s, true, b, &subst, func(t *tableau) {
		pt, st := newBB(t).sample()
		aborted = st == bbAbort
		found = pt != nil
	})
	if !ok || aborted {
		return false, false
	}
	return e || !found, true
}

// simplexSample returns an integer point of s (nil: none).
func simplexSample(s *System, b *budget) (pt []int64, ok bool) {
	var st bbStatus
	var subst []unitSubst
	_, ok = runSimplexSubst(s, true, b, &subst, func(t *tableau) {
		pt, st = newBB(t).sample()
		if pt != nil {
			completePoint(pt, subst)
		}
	})
	if !ok || st == bbAbort {
		return nil, false
	}
	return pt, true
}

// simplexMin returns the integer minimum of obj·(x,1) over s.
func simplexMin(s *System, obj []int64, b *budget) (res Result, ok bool) {
	aborted := false
	e, ok := runSimplex(s, true, b, func(t *tableau) {
		s := newBB(t)
		if _, bounded := t.optimumVal(obj, -1); !bounded {
			// Meyer: with an integer point, the integer minimum is
			// unbounded too.
			pt, st := s.sample()
			switch {
			case st == bbAbort:
				aborted = true
			case pt == nil:
				res = Result{Kind: Empty}
			default:
				res = Result{Kind: Unbounded}
			}
			return
		}
		v, pt, have, st := s.minimize(obj)
		switch {
		case st == bbAbort:
			aborted = true
		case !have:
			res = Result{Kind: Empty}
		default:
			res = Result{Kind: Bounded, Value: v, Point: pt}
		}
	})
	if !ok || aborted {
		return Result{}, false
	}
	if e {
		return Result{Kind: Empty}, true
	}
	return res, true
}

// simplexLexMin returns the lexicographic minimum of s (Unbounded is never
// answered here: such searches abort).
func simplexLexMin(s *System, b *budget) (res Result, ok bool) {
	aborted := false
	e, ok := runSimplex(s, true, b, func(t *tableau) {
		pt, st := newBB(t).lexMinSeq()
		switch {
		case st == bbAbort:
			aborted = true
		case pt == nil:
			res = Result{Kind: Empty}
		default:
			res = Result{Kind: Bounded, Point: pt}
		}
	})
	if !ok || aborted {
		return Result{}, false
	}
	if e {
		return Result{Kind: Empty}, true
	}
	return res, true
}

// negateVars returns s with every variable negated (x -> -x).
func negateVars(s *System) *System {
	t := s.Clone()
	n := s.NVars
	for _, rows := range [][][]int64{t.Eq, t.Ineq} {
		for _, r := range rows {
			for i := 0; i < n; i++ {
				r[i] = ints.Neg(r[i])
			}
		}
	}
	return t
}
