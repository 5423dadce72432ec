package presburger

import "fmt"

// Map is a finite union of basic maps of one space (isl_map). It is an
// immutable value. Invariant: no part is plainly empty (an empty map has no
// parts); every part has exactly the map's space (parameters included).
type Map struct {
	space Space
	parts []BasicMap
}

// NewMap returns the union of the given basic maps, which must all have
// space sp up to the parameters (they are aligned to sp's parameters,
// extended with theirs when they have more).
func NewMap(sp Space, parts ...BasicMap) Map {
	params := sp.params
	for _, p := range parts {
		p.space.mustMatch(sp, "NewMap")
		params = mergeParams(params, p.space.params)
	}
	sp = sp.WithParams(params)
	m := Map{space: sp}
	for _, p := range parts {
		p = p.alignParams(params)
		if !p.empty {
			m.parts = append(m.parts, p)
		}
	}
	return m
}

// ToMap returns the map with the single part b.
func (b BasicMap) ToMap() Map { return NewMap(b.space, b) }

// UniverseMap returns the map of all pairs of space sp.
func UniverseMap(sp Space) Map { return Map{space: sp, parts: []BasicMap{UniverseBasic(sp)}} }

// EmptyMap returns the empty map of space sp.
func EmptyMap(sp Space) Map { return Map{space: sp} }

// Space returns the space of m.
func (m Map) Space() Space { return m.space }

// NParts returns the number of basic maps in the union.
func (m Map) NParts() int { return len(m.parts) }

// Part returns the i-th basic map of the union.
func (m Map) Part(i int) BasicMap { return m.parts[i] }

// Parts returns the basic maps of the union (a fresh slice).
func (m Map) Parts() []BasicMap { return append([]BasicMap(nil), m.parts...) }

// PlainIsEmpty reports whether m has no parts (cheap; false does not mean
// non-empty).
func (m Map) PlainIsEmpty() bool { return len(m.parts) == 0 }

// PlainIsUniverse reports whether some part of m has no constraints.
func (m Map) PlainIsUniverse() bool {
	for _, p := range m.parts {
		if p.PlainIsUniverse() {
			return true
		}
	}
	return false
}

// Set views m as a set; m's space must be a set space.
func (m Map) Set() Set {
	if !m.space.isSet {
		panic(fmt.Sprintf("presburger: Map.Set of a map of space %v", m.space))
	}
	return Set{m}
}

// withParts returns a map of m's space with the given parts, dropping the
// plainly empty ones.
func (m Map) withParts(parts []BasicMap) Map {
	out := Map{space: m.space}
	for _, p := range parts {
		if !p.empty {
			out.parts = append(out.parts, p)
		}
	}
	return out
}

// mapOf builds a Map of space sp from parts, dropping plainly empty ones.
func mapOf(sp Space, parts []BasicMap) Map {
	return Map{space: sp}.withParts(parts)
}
