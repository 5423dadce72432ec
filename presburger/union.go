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
	aligned := make([]Map, len(maps))
	for i, m := range maps {
		aligned[i] = m.alignParams(params)
	}
	return fromMaps(params, aligned)
}

// EmptyUnionMap returns the empty union map with the given parameters.
func EmptyUnionMap(params []string) UnionMap { return UnionMap{params: slices.Clone(params)} }

// fromMaps builds a union from maps aligned to params, merging the maps
// of equal spaces (in their order in maps) and dropping empty maps. We
// sort once by space, each space's sort key computed once, then merge
// neighbours: O(n log n) comparisons for n maps.
func fromMaps(params []string, maps []Map) UnionMap {
	type keyed struct {
		m   Map
		key spaceSortKey
	}
	ks := make([]keyed, 0, len(maps))
	for _, m := range maps {
		if len(m.parts) > 0 {
			ks = append(ks, keyed{m, sortKeyOf(m.space)})
		}
	}
	slices.SortStableFunc(ks, func(a, b keyed) int { return a.key.cmp(b.key) })
	out := make([]Map, 0, len(ks))
	for i, k := range ks {
		if i > 0 && ks[i-1].key.cmp(k.key) == 0 {
			out[len(out)-1] = out[len(out)-1].Union(k.m)
			continue
		}
		out = append(out, k.m)
	}
	return UnionMap{params: params, maps: out}
}

// spaceSortKey orders spaces as spaceLess does, computed once per space.
type spaceSortKey struct {
	isSet   bool
	in, out string
	tuples  string
}

func sortKeyOf(sp Space) spaceSortKey {
	k := spaceSortKey{isSet: sp.isSet, out: sp.out.name, tuples: sp.TupleKey()}
	if !sp.isSet {
		k.in = sp.in.name
	}
	return k
}

func (a spaceSortKey) cmp(b spaceSortKey) int {
	if a.isSet != b.isSet {
		if a.isSet {
			return -1
		}
		return 1
	}
	if c := strings.Compare(a.in, b.in); c != 0 {
		return c
	}
	if c := strings.Compare(a.out, b.out); c != 0 {
		return c
	}
	return strings.Compare(a.tuples, b.tuples)
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
