package presburger

import (
	"slices"
	"strings"
)

// UnionMap is a union of maps of different spaces, at most one Map per
// pair of tuples (isl_union_map). All maps share the union's parameter
// list. Maps are kept sorted by their tuple key (tuple names first) so
// that iteration is deterministic; empty maps are not kept.
type UnionMap struct {
	params []string
	maps   []Map
}

// UnionSet is a union of sets of different spaces (isl_union_set), a
// thin view of a UnionMap whose members are sets.
type UnionSet struct{ u UnionMap }

func spaceLess(a, b Space) int {
	if a.isSet != b.isSet {
		if a.isSet {
			return -1
		}
		return 1
	}
	if !a.isSet {
		if c := strings.Compare(a.in.name, b.in.name); c != 0 {
			return c
		}
	}
	if c := strings.Compare(a.out.name, b.out.name); c != 0 {
		return c
	}
	return strings.Compare(a.TupleKey(), b.TupleKey())
}

// NewUnionMap returns the union of the given maps; maps of equal tuples
// are merged.
func NewUnionMap(maps ...Map) UnionMap {
	var params []string
	for _, m := range maps {
		params = mergeParams(params, m.space.params)
	}
	u := UnionMap{params: params}
	for _, m := range maps {
		u = u.add(m.alignParams(params))
	}
	return u
}

// EmptyUnionMap returns the empty union map with the given parameters.
func EmptyUnionMap(params []string) UnionMap { return UnionMap{params: slices.Clone(params)} }

// add inserts m (already aligned to u's parameters) into u.
func (u UnionMap) add(m Map) UnionMap {
	if len(m.parts) == 0 {
		return u
	}
	i, found := slices.BinarySearchFunc(u.maps, m.space, func(x Map, sp Space) int { return spaceLess(x.space, sp) })
	maps := slices.Clone(u.maps)
	if found {
		maps[i] = maps[i].Union(m)
	} else {
		maps = slices.Insert(maps, i, m)
	}
	return UnionMap{params: u.params, maps: maps}
}

// Params returns the parameters of u.
func (u UnionMap) Params() []string { return slices.Clone(u.params) }

// NMaps returns the number of spaces of u.
func (u UnionMap) NMaps() int { return len(u.maps) }

// Maps returns the maps of u, one per space, in deterministic order.
func (u UnionMap) Maps() []Map { return slices.Clone(u.maps) }

// Spaces returns the spaces of the maps of u.
func (u UnionMap) Spaces() []Space {
	out := make([]Space, len(u.maps))
	for i, m := range u.maps {
		out[i] = m.space
	}
	return out
}

// MapOf returns the map of u in the space sp (compared up to parameters)
// and whether u has one; when it has none the empty map of sp is returned.
func (u UnionMap) MapOf(sp Space) (Map, bool) {
	for _, m := range u.maps {
		if m.space.TuplesEqual(sp) {
			return m, true
		}
	}
	return EmptyMap(sp.WithParams(mergeParams(sp.params, u.params))), false
}

// PlainIsEmpty reports whether u has no maps.
func (u UnionMap) PlainIsEmpty() bool { return len(u.maps) == 0 }

// NewUnionSet returns the union of the given sets; sets of equal tuples
// are merged.
func NewUnionSet(sets ...Set) UnionSet {
	maps := make([]Map, len(sets))
	for i, s := range sets {
		maps[i] = s.m
	}
	return UnionSet{NewUnionMap(maps...)}
}

// EmptyUnionSet returns the empty union set with the given parameters.
func EmptyUnionSet(params []string) UnionSet { return UnionSet{EmptyUnionMap(params)} }

// UnionMap returns u viewed as a union map (of set spaces).
func (u UnionSet) UnionMap() UnionMap { return u.u }

// Params returns the parameters of u.
func (u UnionSet) Params() []string { return u.u.Params() }

// NSets returns the number of spaces of u.
func (u UnionSet) NSets() int { return len(u.u.maps) }

// Sets returns the sets of u, one per space, in deterministic order.
func (u UnionSet) Sets() []Set {
	out := make([]Set, len(u.u.maps))
	for i, m := range u.u.maps {
		out[i] = Set{m}
	}
	return out
}

// Spaces returns the spaces of the sets of u.
func (u UnionSet) Spaces() []Space { return u.u.Spaces() }

// SetOf returns the set of u in space sp and whether u has one.
func (u UnionSet) SetOf(sp Space) (Set, bool) {
	m, ok := u.u.MapOf(sp)
	return Set{m}, ok
}

// PlainIsEmpty reports whether u has no sets.
func (u UnionSet) PlainIsEmpty() bool { return u.u.PlainIsEmpty() }

// ToUnion returns the union set holding only s.
func (s Set) ToUnion() UnionSet { return NewUnionSet(s) }

// ToUnion returns the union map holding only m.
func (m Map) ToUnion() UnionMap { return NewUnionMap(m) }
