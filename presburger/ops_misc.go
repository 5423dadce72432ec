package presburger

import (
	"fmt"
	"slices"
)

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

// RelaxDomain returns a superset of m that keeps, in every part, only the
// constraints that bind an output dimension, directly or through the
// locals they share with such constraints; the constraints on the inputs
// alone (a schedule's iteration domain, its mod conditions) go. Parts that
// become equal are kept once. For a schedule map that applies one function
// on a domain of many parts, the result is that function on all inputs: a
// relation of one part where m had many.
func (m Map) RelaxDomain() Map {
	var parts []BasicMap
	for _, p := range m.parts {
		r := p.relaxDomain()
		if !slices.ContainsFunc(parts, r.plainEqual) {
			parts = append(parts, r)
		}
	}
	return m.withParts(parts)
}

// relaxDomain is RelaxDomain on one part.
func (b BasicMap) relaxDomain() BasicMap {
	if b.empty {
		return b
	}
	nd := b.space.NDim()
	o0, o1 := b.space.Offset(Out), b.space.Offset(Out)+b.space.Dim(Out)
	binds := func(r []int64, loc []bool) bool {
		for c := o0; c < o1; c++ {
			if r[c] != 0 {
				return true
			}
		}
		for i, in := range loc {
			if in && r[nd+i] != 0 {
				return true
			}
		}
		return false
	}
	loc := make([]bool, len(b.locals))
	keepEq := make([]bool, len(b.eq))
	keepIneq := make([]bool, len(b.ineq))
	// Grow the kept constraints and locals to a fixed point: a local used
	// by a kept row or by the definition of a kept local is kept, and so is
	// every row that uses a kept local.
	for changed := true; changed; {
		changed = false
		mark := func(r []int64) {
			for i := range b.locals {
				if r[nd+i] != 0 && !loc[i] {
					loc[i], changed = true, true
				}
			}
		}
		for i, r := range b.eq {
			if !keepEq[i] && binds(r, loc) {
				keepEq[i], changed = true, true
			}
			if keepEq[i] {
				mark(r)
			}
		}
		for i, r := range b.ineq {
			if !keepIneq[i] && binds(r, loc) {
				keepIneq[i], changed = true, true
			}
			if keepIneq[i] {
				mark(r)
			}
		}
		for i, l := range b.locals {
			if loc[i] && l.Den > 0 {
				mark(l.Row)
			}
		}
	}
	out := BasicMap{space: b.space, locals: b.locals}
	for i, r := range b.eq {
		if keepEq[i] {
			out.eq = append(out.eq, r)
		}
	}
	for i, r := range b.ineq {
		if keepIneq[i] {
			out.ineq = append(out.ineq, r)
		}
	}
	drop := map[int]bool{}
	for i, in := range loc {
		if !in {
			drop[i] = true
		}
	}
	out = out.dropLocals(drop)
	out.eq, out.ineq = cloneRows(out.eq), cloneRows(out.ineq)
	return out.normalize().simplify()
}
