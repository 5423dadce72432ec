package presburger

import "slices"

// alignUnion returns u with parameter list params (a superset of u's).
func (u UnionMap) alignParams(params []string) UnionMap {
	if slices.Equal(u.params, params) {
		return u
	}
	out := UnionMap{params: params, maps: make([]Map, len(u.maps))}
	for i, m := range u.maps {
		out.maps[i] = m.alignParams(params)
	}
	return out
}

// AlignParams returns u with parameter list params ∪ u's parameters.
func (u UnionMap) AlignParams(params []string) UnionMap {
	return u.alignParams(mergeParams(params, u.params))
}

// AlignParams returns u with parameter list params ∪ u's parameters.
func (u UnionSet) AlignParams(params []string) UnionSet {
	return UnionSet{u.u.AlignParams(params)}
}

func alignUnions(a, b UnionMap) (UnionMap, UnionMap) {
	if slices.Equal(a.params, b.params) {
		return a, b
	}
	p := mergeParams(a.params, b.params)
	return a.alignParams(p), b.alignParams(p)
}

// Union returns a ∪ b (isl_union_map_union).
func (a UnionMap) Union(b UnionMap) UnionMap {
	a, b = alignUnions(a, b)
	return fromMaps(a.params, append(slices.Clone(a.maps), b.maps...))
}

// Union returns a ∪ b.
func (a UnionSet) Union(b UnionSet) UnionSet { return UnionSet{a.u.Union(b.u)} }

// pairwise applies f to the maps of a and b of equal spaces.
func pairwise(a, b UnionMap, f func(x, y Map) Map) UnionMap {
	a, b = alignUnions(a, b)
	var maps []Map
	for _, x := range a.maps {
		if y, ok := b.MapOf(x.space); ok {
			maps = append(maps, f(x, y))
		}
	}
	return fromMaps(a.params, maps)
}

// Intersect returns a ∩ b (isl_union_map_intersect).
func (a UnionMap) Intersect(b UnionMap) UnionMap {
	return pairwise(a, b, func(x, y Map) Map { return x.Intersect(y) })
}

// Intersect returns a ∩ b.
func (a UnionSet) Intersect(b UnionSet) UnionSet { return UnionSet{a.u.Intersect(b.u)} }

// Subtract returns a \ b (isl_union_map_subtract).
func (a UnionMap) Subtract(b UnionMap) UnionMap {
	a, b = alignUnions(a, b)
	maps := make([]Map, 0, len(a.maps))
	for _, x := range a.maps {
		if y, ok := b.MapOf(x.space); ok {
			x = x.Subtract(y)
		}
		maps = append(maps, x)
	}
	return fromMaps(a.params, maps)
}

// Subtract returns a \ b.
func (a UnionSet) Subtract(b UnionSet) UnionSet { return UnionSet{a.u.Subtract(b.u)} }

// IsEmpty reports whether u has no point.
func (u UnionMap) IsEmpty() bool {
	for _, m := range u.maps {
		if !m.IsEmpty() {
			return false
		}
	}
	return true
}

// IsEmpty reports whether u has no point.
func (u UnionSet) IsEmpty() bool { return u.u.IsEmpty() }

// IsSubset reports whether a ⊆ b.
func (a UnionMap) IsSubset(b UnionMap) bool { return a.Subtract(b).IsEmpty() }

// IsSubset reports whether a ⊆ b.
func (a UnionSet) IsSubset(b UnionSet) bool { return a.u.IsSubset(b.u) }

// IsEqual reports whether a and b have the same points.
func (a UnionMap) IsEqual(b UnionMap) bool { return a.IsSubset(b) && b.IsSubset(a) }

// IsEqual reports whether a and b have the same points.
func (a UnionSet) IsEqual(b UnionSet) bool { return a.u.IsEqual(b.u) }

// eachMap applies f to every map of u.
func (u UnionMap) eachMap(f func(Map) Map) UnionMap {
	maps := make([]Map, 0, len(u.maps))
	for _, m := range u.maps {
		maps = append(maps, f(m))
	}
	params := u.params
	for _, m := range maps {
		params = mergeParams(params, m.space.params)
	}
	for i := range maps {
		maps[i] = maps[i].alignParams(params)
	}
	return fromMaps(params, maps)
}

// Reverse swaps input and output of every map (isl_union_map_reverse).
func (u UnionMap) Reverse() UnionMap { return u.eachMap(Map.Reverse) }

// Domain returns the union of the domains (isl_union_map_domain).
func (u UnionMap) Domain() UnionSet {
	return UnionSet{u.eachMap(func(m Map) Map { return m.Domain().m })}
}

// Range returns the union of the ranges (isl_union_map_range).
func (u UnionMap) Range() UnionSet {
	return UnionSet{u.eachMap(func(m Map) Map { return m.Range().m })}
}

// Wrap returns the union set of the wrapped maps (isl_union_map_wrap).
func (u UnionMap) Wrap() UnionSet { return UnionSet{u.eachMap(func(m Map) Map { return m.Wrap().m })} }

// Unwrap returns the union map of the wrapped sets; sets that are not
// wrapping are dropped.
func (u UnionSet) Unwrap() UnionMap {
	var maps []Map
	for _, m := range u.u.maps {
		if m.space.IsWrapping() {
			maps = append(maps, Set{m}.Unwrap())
		}
	}
	return fromMaps(u.u.params, maps)
}

// Deltas returns the union of the deltas of the maps whose input and
// output tuples are equal (isl_union_map_deltas); other maps are skipped.
func (u UnionMap) Deltas() UnionSet {
	var maps []Map
	for _, m := range u.maps {
		if m.space.in.equal(m.space.out) {
			maps = append(maps, m.Deltas().m)
		}
	}
	return UnionSet{fromMaps(u.params, maps)}
}

// ApplyRange composes a and b: for every map A -> B of a and B -> C of b,
// the map A -> C (isl_union_map_apply_range).
func (a UnionMap) ApplyRange(b UnionMap) UnionMap {
	a, b = alignUnions(a, b)
	var maps []Map
	for _, x := range a.maps {
		for _, y := range b.maps {
			if !y.space.isSet && x.space.out.equal(y.space.in) {
				maps = append(maps, x.ApplyRange(y))
			}
		}
	}
	return fromMaps(a.params, maps)
}

// ApplyDomain returns b applied to the domains of a
// (isl_union_map_apply_domain).
func (a UnionMap) ApplyDomain(b UnionMap) UnionMap { return b.Reverse().ApplyRange(a) }

// Apply returns the image of u under m (isl_union_set_apply).
func (u UnionSet) Apply(m UnionMap) UnionSet { return UnionSet{u.u.ApplyRange(m)} }

// IntersectDomain returns the pairs of u whose input is in s
// (isl_union_map_intersect_domain).
func (u UnionMap) IntersectDomain(s UnionSet) UnionMap {
	u, su := alignUnions(u, s.u)
	var maps []Map
	for _, m := range u.maps {
		if d, ok := (UnionSet{su}).SetOf(m.space.Domain()); ok {
			maps = append(maps, m.IntersectDomain(d))
		}
	}
	return fromMaps(u.params, maps)
}

// IntersectRange returns the pairs of u whose output is in s
// (isl_union_map_intersect_range).
func (u UnionMap) IntersectRange(s UnionSet) UnionMap {
	u, su := alignUnions(u, s.u)
	var maps []Map
	for _, m := range u.maps {
		if r, ok := (UnionSet{su}).SetOf(m.space.Range()); ok {
			maps = append(maps, m.IntersectRange(r))
		}
	}
	return fromMaps(u.params, maps)
}

// IntersectParams restricts every member to the parameter set p.
func (u UnionMap) IntersectParams(p Set) UnionMap {
	return u.eachMap(func(m Map) Map { return m.IntersectParams(p) })
}

// IntersectParams restricts every member to the parameter set p.
func (u UnionSet) IntersectParams(p Set) UnionSet { return UnionSet{u.u.IntersectParams(p)} }

// ParamSet returns the parameter values for which u is non-empty
// (isl_union_map_params; Params returns the parameter names).
func (u UnionMap) ParamSet() Set {
	out := EmptySet(NewParamSpace(u.params))
	for _, m := range u.maps {
		out = out.Union(m.alignParams(u.params).Params())
	}
	return out
}

// ParamSet returns the parameter values for which u is non-empty.
func (u UnionSet) ParamSet() Set { return u.u.ParamSet() }

// UnionFromDomainAndRange returns the union of dom × ran over all pairs of
// their sets (isl_union_map_from_domain_and_range).
func UnionFromDomainAndRange(dom, ran UnionSet) UnionMap {
	d, r := alignUnions(dom.u, ran.u)
	var maps []Map
	for _, x := range d.maps {
		for _, y := range r.maps {
			maps = append(maps, FromDomainAndRange(Set{x}, Set{y}))
		}
	}
	return fromMaps(d.params, maps)
}

// Identity returns the identity on the spaces of u, restricted to u
// (isl_union_set_identity).
func (u UnionSet) Identity() UnionMap {
	var maps []Map
	for _, m := range u.u.maps {
		maps = append(maps, Identity(m.space).IntersectDomain(Set{m}))
	}
	return fromMaps(u.u.params, maps)
}

// Sample returns a point of some set of u, with its space.
func (u UnionSet) Sample() (Space, []int64, bool) {
	for _, m := range u.u.maps {
		if pt, ok := m.Sample(); ok {
			return m.space, pt, true
		}
	}
	return Space{}, nil, false
}

// Contains reports whether u's set of space sp contains pt.
func (u UnionSet) Contains(sp Space, pt []int64) bool {
	s, ok := u.SetOf(sp)
	return ok && s.Contains(pt)
}

// Contains reports whether u's map of space sp contains pt.
func (u UnionMap) Contains(sp Space, pt []int64) bool {
	m, ok := u.MapOf(sp)
	return ok && m.Contains(pt)
}

// RemoveEmptyParts drops the empty parts of every member.
func (u UnionMap) RemoveEmptyParts() UnionMap { return u.eachMap(Map.dropEmpty) }

// RemoveEmptyParts drops the empty parts of every member.
func (u UnionSet) RemoveEmptyParts() UnionSet { return UnionSet{u.u.RemoveEmptyParts()} }
