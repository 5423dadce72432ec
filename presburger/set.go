package presburger

import "fmt"

// Set is a finite union of basic sets of one set space (isl_set). It is a
// thin view of a Map whose space is a set space (no input tuple).
type Set struct{ m Map }

// NewSet returns the union of the given basic sets, which must all have
// space sp up to the parameters.
func NewSet(sp Space, parts ...BasicSet) Set {
	if !sp.isSet {
		panic(fmt.Sprintf("presburger: NewSet with map space %v", sp))
	}
	bm := make([]BasicMap, len(parts))
	for i, p := range parts {
		bm[i] = p.m
	}
	return Set{NewMap(sp, bm...)}
}

// ToSet returns the set with the single part s.
func (s BasicSet) ToSet() Set { return Set{s.m.ToMap()} }

// UniverseSet returns the set of all points of space sp.
func UniverseSet(sp Space) Set { return UniverseMap(sp).Set() }

// EmptySet returns the empty set of space sp.
func EmptySet(sp Space) Set { return EmptyMap(sp).Set() }

// Map returns s as a Map (with a set space).
func (s Set) Map() Map { return s.m }

// Space returns the space of s.
func (s Set) Space() Space { return s.m.space }

// NParts returns the number of basic sets in the union.
func (s Set) NParts() int { return len(s.m.parts) }

// Part returns the i-th basic set of the union.
func (s Set) Part(i int) BasicSet { return BasicSet{s.m.parts[i]} }

// Parts returns the basic sets of the union.
func (s Set) Parts() []BasicSet {
	out := make([]BasicSet, len(s.m.parts))
	for i, p := range s.m.parts {
		out[i] = BasicSet{p}
	}
	return out
}

// PlainIsEmpty reports whether s has no parts (cheap).
func (s Set) PlainIsEmpty() bool { return s.m.PlainIsEmpty() }

// PlainIsUniverse reports whether some part of s has no constraints.
func (s Set) PlainIsUniverse() bool { return s.m.PlainIsUniverse() }
