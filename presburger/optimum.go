package presburger

import "github.com/tessera-opt/tessera/presburger/internal/sys"

// OptKind tells whether an optimum exists (MLIR's MaybeOptimum).
type OptKind int

const (
	// OptEmpty: the set has no integer point.
	OptEmpty OptKind = iota
	// OptUnbounded: the integer points are unbounded in the direction asked.
	OptUnbounded
	// OptBounded: the optimum exists and was returned.
	OptBounded
)

func (k OptKind) String() string {
	switch k {
	case OptEmpty:
		return "empty"
	case OptUnbounded:
		return "unbounded"
	}
	return "bounded"
}

// LexMinPoint returns the lexicographically smallest integer point of s
// (parameters then dimensions, compared in that order) when it exists.
// It is the non-parametric lexmin: the parameters are treated as the
// leading unknowns. Exact. Parametric lexmin is LexMin.
func (s BasicSet) LexMinPoint() ([]int64, OptKind) { return s.m.lexOptPoint(false, nil) }

// LexMaxPoint is LexMinPoint for the largest point.
func (s BasicSet) LexMaxPoint() ([]int64, OptKind) { return s.m.lexOptPoint(true, nil) }

// lexOptPoint is LexMinPoint (LexMaxPoint when max) with its solver query
// stopped when cancel is closed (nil: never).
func (b BasicMap) lexOptPoint(max bool, cancel <-chan struct{}) ([]int64, OptKind) {
	if b.empty {
		return nil, OptEmpty
	}
	defer translatePanics()
	s := b.system()
	s.Cancel = cancel
	var r sys.Result
	if max {
		r = sys.LexMax(s)
	} else {
		r = sys.LexMin(s)
	}
	switch r.Kind {
	case sys.Empty:
		return nil, OptEmpty
	case sys.Unbounded:
		return nil, OptUnbounded
	}
	return r.Point[:b.space.NDim()], OptBounded
}

// LexMinPoint returns the lexicographically smallest integer point of the
// union s (see BasicSet.LexMinPoint).
func (s Set) LexMinPoint() ([]int64, OptKind) { return s.lexOptPoint(false) }

// LexMaxPoint returns the lexicographically largest integer point of s.
func (s Set) LexMaxPoint() ([]int64, OptKind) { return s.lexOptPoint(true) }

func (s Set) lexOptPoint(max bool) ([]int64, OptKind) {
	var best []int64
	for _, p := range s.m.parts {
		pt, k := p.lexOptPoint(max, nil)
		switch k {
		case OptEmpty:
			continue
		case OptUnbounded:
			return nil, OptUnbounded
		}
		if best == nil || (!max && lexLess(pt, best)) || (max && lexLess(best, pt)) {
			best = pt
		}
	}
	if best == nil {
		return nil, OptEmpty
	}
	return best, OptBounded
}

func lexLess(a, b []int64) bool {
	for i := range a {
		if a[i] != b[i] {
			return a[i] < b[i]
		}
	}
	return false
}
