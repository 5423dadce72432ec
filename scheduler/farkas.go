package scheduler

import "github.com/tessera-opt/tessera/presburger"

// Farkas linearization of a self-dependence.
//
// The validity and bounding forms of an edge from a statement to itself
// are φ(t) - φ(s) and u·n + w - (φ(t) - φ(s)) with the same φ on both
// sides: they depend on the instances only through the distance t - s.
// A form a0 + a_p·n + a·(t - s) is non-negative on the dependence
// polyhedron P iff a0 + a_p·n + a·δ is non-negative on the rational set of
// distances D = { (n, δ) : ∃ (s, t) ∈ P, δ = t - s } (D is the projection
// of P's rational points), so the forms of such an edge are read from
// D's Farkas dual, over (c0, params, δ), instead of P's, over
// (c0, params, s, t). The latter has up to 2^(2d) facets for a depth-d
// nest (the dual of a box), the former 2^d: a perfect nest of six loops
// around one scalar update needs seconds to minutes for the first and
// milliseconds for the second.

// deltaCoefficients returns the Farkas dual of the distances of the self
// dependence polyhedron b, over (c0, params, δ) (see above), and false
// when b does not have that shape (different input and output
// dimensions, or local variables).
func deltaCoefficients(q presburger.Query, b presburger.BasicMap) (presburger.BasicSet, bool, error) {
	sp := b.Space()
	np, d := sp.NParam(), sp.Dim(presburger.In)
	if sp.Dim(presburger.Out) != d || b.NLocal() > 0 {
		return presburger.BasicSet{}, false, nil
	}
	// D's columns: params, δ, then the locals s and t, then the constant.
	ds := presburger.NewSetSpace(sp.Params(), "", make([]string, d))
	bb := presburger.NewBasicBuilder(ds)
	for k := 0; k < 2*d; k++ {
		bb.AddExists()
	}
	w := bb.NCols()
	// P's columns (params, s, t, constant) in D's columns.
	col := func(c int) int {
		switch {
		case c < np:
			return c
		case c < np+2*d:
			return np + d + (c - np)
		}
		return w - 1
	}
	move := func(r []int64) []int64 {
		out := make([]int64, w)
		for c, v := range r {
			out[col(c)] += v
		}
		return out
	}
	for _, r := range b.Eqs() {
		bb.AddEq(move(r))
	}
	for _, r := range b.Ineqs() {
		bb.AddIneq(move(r))
	}
	for j := 0; j < d; j++ {
		// δ_j - t_j + s_j = 0
		r := make([]int64, w)
		r[np+j] = 1
		r[np+d+d+j] = -1
		r[np+d+j] = 1
		bb.AddEq(r)
	}
	c, err := q.Coefficients(bb.BuildSet().Map())
	return c, err == nil, err
}
