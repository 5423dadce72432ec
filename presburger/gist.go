package presburger

import (
	"slices"

	"github.com/tessera-opt/tessera/presburger/internal/ints"
)

// negRow returns the negation -r - 1 >= 0 of the inequality r >= 0.
func negRow(r []int64) []int64 {
	n := ints.ScaleRow(r, -1)
	n[len(n)-1] = ints.Sub(n[len(n)-1], 1)
	return n
}

// meetsAny reports whether b intersects some part of ctx (same space).
func meetsAny(b BasicMap, ctx []BasicMap) bool {
	for _, q := range ctx {
		if !intersectBasic(b, q).IsEmpty() {
			return true
		}
	}
	return false
}

// gistBasic returns b without the constraints implied, on the points of
// ctx, by its other constraints.
//
// We try the constraints one at a time, inequalities first: constraint c
// goes when b' ∧ ¬c ∧ ctx is empty, b' being the current b without c. The
// invariant b' ∩ ctx == b ∩ ctx holds after every step. For a constraint
// on an existential the test asks for b' ∧ ¬c with the same existential
// values, a sufficient condition, so the result stays exact.
func gistBasic(b BasicMap, ctx []BasicMap) (BasicMap, bool) {
	if b.empty || !meetsAny(b, ctx) {
		return b, false
	}
	cur := b
	without := func(eq bool, i int) BasicMap {
		t := cur
		if eq {
			t.eq = slices.Delete(slices.Clone(cur.eq), i, i+1)
		} else {
			t.ineq = slices.Delete(slices.Clone(cur.ineq), i, i+1)
		}
		return t
	}
	for i := len(cur.ineq) - 1; i >= 0; i-- {
		t := without(false, i)
		test := t
		test.ineq = append(slices.Clone(t.ineq), negRow(cur.ineq[i]))
		if !meetsAny(test, ctx) {
			cur = t
		}
	}
	for i := len(cur.eq) - 1; i >= 0; i-- {
		t := without(true, i)
		e := cur.eq[i]
		drop := true
		for _, r := range [][]int64{negRow(e), negRow(ints.ScaleRow(e, -1))} {
			test := t
			test.ineq = append(slices.Clone(t.ineq), r)
			if meetsAny(test, ctx) {
				drop = false
				break
			}
		}
		if drop {
			cur = t
		}
	}
	cur.eq, cur.ineq = cloneRows(cur.eq), cloneRows(cur.ineq)
	return cur.normalize().simplify(), true
}

// Gist returns m simplified in the context ctx (isl_map_gist): a map r
// with r ∩ ctx == m ∩ ctx whose parts keep only the constraints not
// implied by ctx and their other constraints; parts disjoint from ctx are
// dropped. Exact (every dropped constraint is checked by the solver).
func (m Map) Gist(ctx Map) Map {
	m, ctx = align2(m, ctx, "Gist")
	ctx = ctx.dropEmpty()
	if len(ctx.parts) == 0 {
		// Any map is a gist in an empty context; keep m as it is.
		return m
	}
	parts := make([]BasicMap, 0, len(m.parts))
	for _, p := range m.parts {
		g, ok := gistBasic(p, ctx.parts)
		if !ok {
			continue
		}
		if g.PlainIsUniverse() {
			return UniverseMap(m.space)
		}
		parts = append(parts, g)
	}
	return m.withParts(parts)
}

// Gist returns s simplified in the context ctx (isl_set_gist).
func (s Set) Gist(ctx Set) Set { return Set{s.m.Gist(ctx.m)} }

// GistDomain simplifies m in the context of a set of inputs
// (isl_map_gist_domain).
func (m Map) GistDomain(ctx Set) Map {
	mm, cc := alignAny(m, ctx.m)
	return mm.Gist(setAsDomain(cc, mm.space))
}

// GistRange simplifies m in the context of a set of outputs
// (isl_map_gist_range).
func (m Map) GistRange(ctx Set) Map {
	mm, cc := alignAny(m, ctx.m)
	return mm.Gist(setAsRange(cc, mm.space))
}

// GistParams simplifies m in the context of a parameter set
// (isl_map_gist_params).
func (m Map) GistParams(ctx Set) Map {
	mm, cc := alignAny(m, ctx.m)
	return mm.Gist(UniverseMap(mm.space).IntersectParams(Set{cc}))
}

// GistParams simplifies s in the context of a parameter set
// (isl_set_gist_params).
func (s Set) GistParams(ctx Set) Set { return Set{s.m.GistParams(ctx)} }

// Gist simplifies every map of u in the context of the map of ctx with
// the same space; maps without one are kept (isl_union_map_gist).
func (u UnionMap) Gist(ctx UnionMap) UnionMap {
	u, ctx = alignUnions(u, ctx)
	return u.eachMap(func(m Map) Map {
		if c, ok := ctx.MapOf(m.space); ok {
			return m.Gist(c)
		}
		return m
	})
}

// Gist simplifies every set of u in the context ctx (isl_union_set_gist).
func (u UnionSet) Gist(ctx UnionSet) UnionSet { return UnionSet{u.u.Gist(ctx.u)} }

// GistParams simplifies every map of u in a parameter context.
func (u UnionMap) GistParams(ctx Set) UnionMap {
	return u.eachMap(func(m Map) Map { return m.GistParams(ctx) })
}

// GistParams simplifies every set of u in a parameter context.
func (u UnionSet) GistParams(ctx Set) UnionSet { return UnionSet{u.u.GistParams(ctx)} }

// GistDomain simplifies every map of u in the context of its domain set in
// ctx (isl_union_map_gist_domain).
func (u UnionMap) GistDomain(ctx UnionSet) UnionMap {
	u, c := alignUnions(u, ctx.u)
	return u.eachMap(func(m Map) Map {
		if d, ok := c.MapOf(m.space.Domain()); ok {
			return m.GistDomain(Set{d})
		}
		return m
	})
}
