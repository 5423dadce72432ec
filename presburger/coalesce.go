package presburger

import (
	"slices"

	"github.com/tessera-opt/tessera/presburger/internal/ints"
)

// This file merges the parts of a union without changing its points
// (isl_map_coalesce).

// allFunctionLocals reports whether every local of b is a known division
// of the parameters and dims (then b can be subtracted without
// projection).
func (b BasicMap) allFunctionLocals() bool { return !slices.Contains(b.functionLocals(), false) }

// budgetGuard runs f and returns its result, or fallback when the solver
// runs out of budget: the callers only use it for optional
// simplifications.
func budgetGuard(fallback BasicMap, f func() BasicMap) BasicMap {
	return orOnBudget(fallback, f)
}

// subsetKnown reports whether a ⊆ b, for b with function locals only.
func subsetKnown(a, b BasicMap) bool { return len(subtractBasic(a, b, nil)) == 0 }

// withLocalsOf returns a and b over a common list of locals (a's then
// b's), every one known in both: since the locals are functions of the
// dims, this does not change either set.
func withLocalsOf(a, b BasicMap) (BasicMap, BasicMap) {
	nd := a.space.NDim()
	la, lb := len(a.locals), len(b.locals)
	colB := identityCols(nd + lb)
	for i := range b.locals {
		colB[nd+i] = nd + la + i
	}
	ea := a.embed(a.space, la+lb, identityCols(nd+la))
	eb := b.embed(a.space, la+lb, colB)
	locs := slices.Clone(ea.locals)
	copy(locs[la:], eb.locals[la:])
	ea.locals, eb.locals = locs, slices.Clone(locs)
	return ea, eb
}

// fuse returns the basic map of the constraints of a valid on b and of b
// valid on a, when it holds no point outside a ∪ b (isl's "fuse" case of
// coalescing). Both must have function locals only.
func fuse(a, b BasicMap) (BasicMap, bool) {
	ea, eb := withLocalsOf(a, b)
	valid := func(r []int64, on BasicMap) bool {
		t := on
		t.ineq = append(slices.Clone(on.ineq), negRow(r))
		return t.IsEmpty()
	}
	var keep [][]int64
	collect := func(from, on BasicMap) {
		rows := slices.Clone(from.ineq)
		for _, e := range from.eq {
			rows = append(rows, e, ints.ScaleRow(e, -1))
		}
		for _, r := range rows {
			if valid(r, on) {
				keep = append(keep, r)
			}
		}
	}
	collect(ea, eb)
	collect(eb, ea)
	f := BasicMap{space: a.space, locals: ea.locals, ineq: cloneRows(keep)}
	f = f.normalize().simplify()
	// f ⊇ a ∪ b; it fuses them when f \ a \ b is empty.
	for _, piece := range subtractBasic(f, a, nil) {
		if len(subtractBasic(piece, b, nil)) > 0 {
			return BasicMap{}, false
		}
	}
	return f, true
}

// maxHullFuseCols bounds the columns of the parts hullFuse tries.
const maxHullFuseCols = 10

// hullFuse returns the rational convex hull of a ∪ b when it holds no
// integer point outside a ∪ b. It covers the coalescing cases that need
// constraints found in neither part: isl's "wrapping" (a parallelogram
// from two shifted segments) and extensions of one part by a relaxed
// constraint of the other (a triangle and the box next to it). Parts with
// locals are not tried (their hull is taken on a shadow); a budget
// overrun answers no.
func hullFuse(m Map, a, b BasicMap) (h BasicMap, ok bool) {
	if len(a.locals) > 0 || len(b.locals) > 0 || a.NCols() > maxHullFuseCols+1 {
		return BasicMap{}, false
	}
	type fused struct {
		h  BasicMap
		ok bool
	}
	r := orOnBudget(fused{}, func() fused {
		h, ok := hullFuseExact(m, a, b)
		return fused{h, ok}
	})
	return r.h, r.ok
}

// hullFuseExact is hullFuse without the budget guard.
func hullFuseExact(m Map, a, b BasicMap) (h BasicMap, ok bool) {
	h = m.withParts([]BasicMap{a, b}).ConvexHull()
	if h.empty || len(h.locals) > 0 {
		return BasicMap{}, false
	}
	for _, piece := range subtractBasic(h, a, nil) {
		if len(subtractBasic(piece, b, nil)) > 0 {
			return BasicMap{}, false
		}
	}
	return h, true
}

// Coalesce returns m with fewer parts and the same points
// (isl_map_coalesce).
//
// We first drop empty parts and the redundant constraints of the others,
// and make unknown existentials known where that gives a single part.
// Then, until nothing changes, we drop a part contained in another one and
// replace two parts by their fusion (the constraints of each valid for
// the other) when it adds no point, or else by their convex hull when
// that adds no point (hullFuse). Every step is decided exactly.
func (m Map) Coalesce() Map {
	var parts []BasicMap
	for _, p := range m.parts {
		if p.IsEmpty() {
			continue
		}
		if !p.allFunctionLocals() {
			p = budgetGuard(p, func() BasicMap {
				if k := p.makeKnown(); len(k) == 1 {
					return k[0]
				}
				return p
			})
		}
		p = budgetGuard(p, p.RemoveRedundancies)
		parts = append(parts, p)
	}
	for changed := true; changed && len(parts) > 1; {
		changed = false
	subsets:
		for i := range parts {
			for j := range parts {
				if i != j && parts[j].allFunctionLocals() && subsetKnown(parts[i], parts[j]) {
					parts = slices.Delete(parts, i, i+1)
					changed = true
					break subsets
				}
			}
		}
		if changed {
			continue
		}
	pairs:
		for i := range parts {
			if !parts[i].allFunctionLocals() {
				continue
			}
			for j := i + 1; j < len(parts); j++ {
				if !parts[j].allFunctionLocals() {
					continue
				}
				f, ok := fuse(parts[i], parts[j])
				if !ok {
					f, ok = hullFuse(m, parts[i], parts[j])
				}
				if ok {
					parts[i] = budgetGuard(f, f.RemoveRedundancies)
					parts = slices.Delete(parts, j, j+1)
					changed = true
					break pairs
				}
			}
		}
	}
	return m.withParts(parts)
}

// Coalesce returns s with fewer parts and the same points
// (isl_set_coalesce).
func (s Set) Coalesce() Set { return Set{s.m.Coalesce()} }

// Coalesce coalesces every map of u (isl_union_map_coalesce).
func (u UnionMap) Coalesce() UnionMap { return u.eachMap(Map.Coalesce) }

// Coalesce coalesces every set of u (isl_union_set_coalesce).
func (u UnionSet) Coalesce() UnionSet { return UnionSet{u.u.Coalesce()} }
