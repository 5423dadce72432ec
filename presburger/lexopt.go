package presburger

import (
	"fmt"

	"github.com/tessera-opt/tessera/presburger/internal/ints"
	"github.com/tessera-opt/tessera/presburger/internal/sys"
)

// This file computes parametric lexicographic optima as sets and maps,
// and the properties of relations that need the same machinery
// (single-valuedness, injectivity).

// lexOpt returns the pairs (x, y) of m such that y is the lexicographic
// minimum (or maximum) of m(x); for a set, the optimum for every
// parameter value.
//
// We optimize one output dim after the other. Before step k every image
// m(x) holds only points sharing their first k dims (the optimal ones).
// Step k first projects the current relation on its input and output
// dim k, giving x -> v; then the pairs (x, y) with some v < y_k (v > y_k
// for the maximum) are not optimal and are subtracted. Subtraction makes
// the existential v known by exact integer projection, so every step is
// exact; the redundant constraints subtraction leaves behind are removed
// before the next step (it keeps the projections small). Where m(x) is
// unbounded in the direction of the optimum, every point of m(x) is
// beaten and x drops out of the result: lexOpt panics with an Unbounded
// *Error when that happens (strict), or silently drops those x (DimMin,
// DimMax: "defined where the optimum exists").
//
// The unboundedness check is cheap in the common case: a part whose
// rational recession cone (with inputs and parameters fixed) has no
// direction that improves dim k cannot lose an input; only when some part
// has one do we compare the domains before and after the step exactly.
func (m Map) lexOpt(max bool) Map { return m.lexOptMode(max, true) }

func (m Map) lexOptMode(max, strict bool) Map {
	rs := m.space
	if !rs.isSet {
		rs = rs.Range()
	}
	n := rs.Dim(Out)
	r := m.dropEmpty()
	for k := 0; k < n && len(r.parts) > 0; k++ {
		proj := r.ProjectOut(Out, k+1, n-k-1).ProjectOut(Out, 0, k)
		vs := proj.space
		if !vs.isSet {
			vs = vs.Range()
		}
		ord := UniverseMap(MapSpace(vs, rs))
		if max {
			ord = ord.OrderLT(Out, k, In, 0)
		} else {
			ord = ord.OrderLT(In, 0, Out, k)
		}
		worse := proj.ApplyRange(ord)
		check := false
		if strict {
			col := r.space.Offset(Out) + k
			for _, b := range r.parts {
				if b.hasRecession(col, max, col) {
					check = true
					break
				}
			}
		}
		prev := r
		r = r.Subtract(worse).eachPart(func(b BasicMap) BasicMap {
			return budgetGuard(b, b.RemoveRedundancies)
		})
		if check && !prev.inputDomain().IsSubset(r.inputDomain()) {
			dir := "below"
			if max {
				dir = "above"
			}
			panic(&Error{Kind: Unbounded, Msg: fmt.Sprintf("lexicographic optimum: output dim %d is unbounded %s", k, dir)})
		}
	}
	return r.eachPart(substituteEqs)
}

// inputDomain returns the inputs (with the parameters) of m that have an
// image; for a set, the parameter values for which it is non-empty.
func (m Map) inputDomain() Set {
	if m.space.isSet {
		return Set{m}.Params()
	}
	return m.Domain()
}

// hasRecession reports whether the rational relaxation of b, with the
// columns before fixed (parameters, input dims and the output dims
// already optimized), has a direction that decreases column col
// (increases it when up): then the optimum of col may be unbounded.
func (b BasicMap) hasRecession(col int, up bool, fixed int) bool {
	if b.empty {
		return false
	}
	// Fast path: a constraint bounding col in the direction asked by the
	// fixed columns alone.
	bounds := func(r []int64, eq bool) bool {
		if r[col] == 0 || (!eq && (r[col] > 0) == up) {
			return false
		}
		for j := col + 1; j < len(r)-1; j++ {
			if r[j] != 0 {
				return false
			}
		}
		return true
	}
	for _, r := range b.eq {
		if bounds(r, true) {
			return false
		}
	}
	for _, r := range b.ineq {
		if bounds(r, false) {
			return false
		}
	}
	s := b.system()
	n := s.NVars
	for _, r := range s.Eq {
		r[n] = 0
	}
	for _, r := range s.Ineq {
		r[n] = 0
	}
	for j := 0; j < fixed; j++ {
		row := make([]int64, n+1)
		row[j] = 1
		s.Eq = append(s.Eq, row)
	}
	row := make([]int64, n+1)
	if up {
		row[col], row[n] = 1, -1
	} else {
		row[col], row[n] = -1, -1
	}
	s.Ineq = append(s.Ineq, row)
	defer translatePanics()
	return !sys.IsRationalEmpty(s)
}

// substituteEqs returns b with every equality that has a unit coefficient
// used to eliminate its last such column from the inequalities: the same
// points, but opposite bounds hidden behind an equality (k >= l, j >= k
// with j = l) become plain opposite pairs that normalization turns into
// equalities.
func substituteEqs(b BasicMap) BasicMap {
	if b.empty || len(b.eq) == 0 || len(b.ineq) == 0 {
		return b
	}
	ineq := cloneRows(b.ineq)
	changed := false
	for _, e := range b.eq {
		c := -1
		for j := len(e) - 2; j >= 0; j-- {
			if e[j] == 1 || e[j] == -1 {
				c = j
				break
			}
		}
		if c < 0 {
			continue
		}
		for i, r := range ineq {
			if r[c] != 0 {
				ineq[i] = ints.CombineRows(r, 1, e, ints.Neg(ints.Mul(r[c], e[c])))
				changed = true
			}
		}
	}
	if !changed {
		return b
	}
	out := BasicMap{space: b.space, locals: b.locals, eq: cloneRows(b.eq), ineq: ineq}
	return out.normalize().simplify()
}

// LexMin returns the lexicographic minimum of m: for every input x with
// a non-empty image, the pair (x, lexmin m(x)) (isl_map_lexmin). Exact.
// When some image is not bounded below it panics with an *Error of kind
// Unbounded (defer Recover to get it as an error), like isl.
func (m Map) LexMin() Map { return m.lexOpt(false) }

// LexMax returns the lexicographic maximum of m (isl_map_lexmax).
func (m Map) LexMax() Map { return m.lexOpt(true) }

// LexMin returns, for every parameter value, the lexicographically
// smallest point of s (isl_set_lexmin); parameter values for which s is
// empty have none. An s unbounded below for some parameter value is an
// error of kind Unbounded (a panic with *Error, as for Map.LexMin).
func (s Set) LexMin() Set { return Set{s.m.lexOpt(false)} }

// LexMax returns the lexicographically largest point of s for every
// parameter value (isl_set_lexmax).
func (s Set) LexMax() Set { return Set{s.m.lexOpt(true)} }

// LexMin applies Map.LexMin to every map of u (isl_union_map_lexmin).
func (u UnionMap) LexMin() UnionMap { return u.eachMap(Map.LexMin) }

// LexMax applies Map.LexMax to every map of u.
func (u UnionMap) LexMax() UnionMap { return u.eachMap(Map.LexMax) }

// LexMin applies Set.LexMin to every set of u (isl_union_set_lexmin).
func (u UnionSet) LexMin() UnionSet { return UnionSet{u.u.eachMap(Map.lexMinAny)} }

// LexMax applies Set.LexMax to every set of u.
func (u UnionSet) LexMax() UnionSet { return UnionSet{u.u.eachMap(Map.lexMaxAny)} }

func (m Map) lexMinAny() Map { return m.lexOpt(false) }
func (m Map) lexMaxAny() Map { return m.lexOpt(true) }

// LexMinPwMultiAff returns the lexicographic minimum of m as a piecewise
// function (isl_map_lexmin_pw_multi_aff).
func (m Map) LexMinPwMultiAff() (f PwMultiAff, err error) {
	defer Recover(&err)
	return m.LexMin().pwMultiAff()
}

// LexMaxPwMultiAff returns the lexicographic maximum of m as a piecewise
// function (isl_map_lexmax_pw_multi_aff).
func (m Map) LexMaxPwMultiAff() (f PwMultiAff, err error) {
	defer Recover(&err)
	return m.LexMax().pwMultiAff()
}

// LexMinPwMultiAff returns the lexicographic minimum of s as a function of
// the parameters (isl_set_lexmin_pw_multi_aff): its map space goes from
// the parameter space to s's tuple.
func (s Set) LexMinPwMultiAff() (f PwMultiAff, err error) {
	defer Recover(&err)
	return s.LexMin().paramMap().pwMultiAff()
}

// LexMaxPwMultiAff returns the lexicographic maximum of s as a function of
// the parameters.
func (s Set) LexMaxPwMultiAff() (f PwMultiAff, err error) {
	defer Recover(&err)
	return s.LexMax().paramMap().pwMultiAff()
}

// paramMap views s as a map from the parameter space to s's tuple (same
// column layout).
func (s Set) paramMap() Map {
	sp := s.m.space
	return s.m.withSpace(MapSpace(NewParamSpace(sp.params), sp))
}

// dimOpt returns the optimum of dim pos of s as a function of the
// parameters.
func (s Set) dimOpt(pos int, max bool) (f PwAff, err error) {
	defer Recover(&err)
	n := s.m.space.Dim(Out)
	checkRange(s.m.space, Out, pos, 1, "DimMin")
	p := s.ProjectOut(Out, pos+1, n-pos-1).ProjectOut(Out, 0, pos)
	pm, err := Set{p.m.lexOptMode(max, false)}.paramMap().pwMultiAff()
	if err != nil {
		return PwAff{}, err
	}
	return pm.PwAff(0), nil
}

// DimMin returns the minimum of dim pos of s as a piecewise expression of
// the parameters (isl_set_dim_min), defined where the minimum exists.
func (s Set) DimMin(pos int) (PwAff, error) { return s.dimOpt(pos, false) }

// DimMax returns the maximum of dim pos of s as a piecewise expression of
// the parameters (isl_set_dim_max).
func (s Set) DimMax(pos int) (PwAff, error) { return s.dimOpt(pos, true) }

// IsSingleValued reports exactly whether every input of m has at most one
// image (isl_map_is_single_valued).
//
// We pair m with itself on a shared input, x -> (y, y'), and ask for each
// output dim k whether y_k < y'_k is possible: each question is the
// emptiness of conjunctions, without projection.
func (m Map) IsSingleValued() bool {
	if m.space.isSet {
		m = Set{m}.paramMap()
	}
	n := m.space.Dim(Out)
	if n == 0 || len(m.parts) == 0 {
		return true
	}
	prod := m.FlatRangeProduct(m)
	for k := 0; k < n; k++ {
		if !prod.OrderLT(Out, k, Out, n+k).IsEmpty() {
			return false
		}
	}
	return true
}

// IsInjective reports exactly whether no two inputs of m share an image
// (isl_map_is_injective).
func (m Map) IsInjective() bool { return m.Reverse().IsSingleValued() }

// IsBijective reports whether m is single-valued and injective
// (isl_map_is_bijective).
func (m Map) IsBijective() bool { return m.IsSingleValued() && m.IsInjective() }

// IsSingleValued reports whether every map of u is single-valued and no
// two maps share an input with different images
// (isl_union_map_is_single_valued).
func (u UnionMap) IsSingleValued() bool {
	for i, a := range u.maps {
		if !a.IsSingleValued() {
			return false
		}
		for _, b := range u.maps[i+1:] {
			if !a.space.in.equal(b.space.in) {
				continue
			}
			if !a.Domain().Intersect(b.Domain()).IsEmpty() {
				return false
			}
		}
	}
	return true
}

// IsInjective reports whether u is injective.
func (u UnionMap) IsInjective() bool { return u.Reverse().IsSingleValued() }

// dimOpt returns the optimum of output pos of m as a function of the
// inputs and parameters.
func (m Map) dimOpt(pos int, max bool) (f PwAff, err error) {
	defer Recover(&err)
	if m.space.isSet {
		return Set{m}.dimOpt(pos, max)
	}
	n := m.space.Dim(Out)
	checkRange(m.space, Out, pos, 1, "DimMin")
	p := m.ProjectOut(Out, pos+1, n-pos-1).ProjectOut(Out, 0, pos)
	pm, err := p.lexOptMode(max, false).pwMultiAff()
	if err != nil {
		return PwAff{}, err
	}
	return pm.PwAff(0), nil
}

// DimMin returns the minimum of output pos of m as a piecewise expression
// of the parameters and inputs (isl_map_dim_min).
func (m Map) DimMin(pos int) (PwAff, error) { return m.dimOpt(pos, false) }

// DimMax returns the maximum of output pos of m (isl_map_dim_max).
func (m Map) DimMax(pos int) (PwAff, error) { return m.dimOpt(pos, true) }
