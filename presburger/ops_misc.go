package presburger

import "fmt"

// Dim returns the number of dims of kind k of m's space.
func (m Map) Dim(k DimKind) int { return m.space.Dim(k) }

// Dim returns the number of dims of kind k of s's space.
func (s Set) Dim(k DimKind) int { return s.m.space.Dim(k) }

// ResetSpace returns m with its space replaced by sp, which must have the
// same parameters and arities (tuple names, dim names and nesting may
// differ).
func (m Map) ResetSpace(sp Space) Map {
	if sp.isSet != m.space.isSet || sp.NParam() != m.space.NParam() ||
		sp.Dim(In) != m.space.Dim(In) || sp.Dim(Out) != m.space.Dim(Out) {
		panic(fmt.Sprintf("presburger: ResetSpace: %v does not fit %v", sp, m.space))
	}
	for i, p := range sp.params {
		if p != m.space.params[i] {
			panic(fmt.Sprintf("presburger: ResetSpace: parameters of %v differ from %v", sp, m.space))
		}
	}
	return m.withSpace(sp)
}

// ResetSpace returns s with its space replaced by sp (see Map.ResetSpace).
func (s Set) ResetSpace(sp Space) Set { return Set{s.m.ResetSpace(sp)} }

// SetTupleName returns m with the tuple of kind k renamed
// (isl_map_set_tuple_name).
func (m Map) SetTupleName(k DimKind, name string) Map {
	return m.withSpace(m.space.SetTupleName(k, name))
}

// SetTupleName returns s with its tuple renamed.
func (s Set) SetTupleName(name string) Set { return Set{s.m.SetTupleName(Out, name)} }

// SetDimName returns m with dim i of kind k renamed (printing only).
func (m Map) SetDimName(k DimKind, i int, name string) Map {
	return m.withSpace(m.space.SetDimName(k, i, name))
}

// SetDimName returns s with dim i renamed (printing only).
func (s Set) SetDimName(i int, name string) Set { return Set{s.m.SetDimName(Out, i, name)} }

// FromRange returns the map from the zero-dimensional unnamed tuple to s
// (isl_map_from_range).
func FromRange(s Set) Map {
	sp := Space{params: s.m.space.params, in: tuple{}, out: s.m.space.out}
	return s.m.withSpace(sp)
}

// FromDomain returns the map from s to the zero-dimensional unnamed tuple
// (isl_map_from_domain).
func FromDomain(s Set) Map { return FromRange(s).Reverse() }

// Identity returns the identity map restricted to s
// (isl_set_identity).
func (s Set) Identity() Map { return Identity(s.m.space).IntersectDomain(s) }

// DomainMap returns the map [A -> B] -> A of m: A -> B
// (isl_map_domain_map).
func (m Map) DomainMap() Map {
	w := m.Wrap()
	sp := MapSpace(w.m.space, m.space.Domain())
	np, ni := sp.NParam(), m.space.Dim(In)
	r := setAsDomain(w.m, sp)
	for k := 0; k < ni; k++ {
		row := make([]int64, sp.NDim()+1)
		row[np+k] = 1
		row[sp.Offset(Out)+k] = -1
		r = r.addConstraint(row, true)
	}
	return r
}

// RangeMap returns the map [A -> B] -> B of m: A -> B
// (isl_map_range_map).
func (m Map) RangeMap() Map {
	w := m.Wrap()
	sp := MapSpace(w.m.space, m.space.Range())
	np, ni, no := sp.NParam(), m.space.Dim(In), m.space.Dim(Out)
	r := setAsDomain(w.m, sp)
	for k := 0; k < no; k++ {
		row := make([]int64, sp.NDim()+1)
		row[np+ni+k] = 1
		row[sp.Offset(Out)+k] = -1
		r = r.addConstraint(row, true)
	}
	return r
}

// ComputeDivs returns m with every local a known floor division of the
// parameters and dims (isl_map_compute_divs): existentials are eliminated
// exactly, which may split parts.
func (m Map) ComputeDivs() Map {
	var parts []BasicMap
	for _, p := range m.parts {
		parts = append(parts, p.makeKnown()...)
	}
	return m.withParts(parts)
}

// ComputeDivs returns s with every local a known floor division.
func (s Set) ComputeDivs() Set { return Set{s.m.ComputeDivs()} }
