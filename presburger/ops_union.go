package presburger

// Union returns the union of a and b (isl_map_union); parameters are
// aligned. No simplification beyond dropping empty parts is done.
func (a Map) Union(b Map) Map {
	a, b = align2(a, b, "Union")
	if len(a.parts) == 0 {
		return b
	}
	if len(b.parts) == 0 {
		return a
	}
	// We drop parts of b identical to parts of a; a universe part
	// absorbs everything.
	if a.PlainIsUniverse() {
		return UniverseMap(a.space)
	}
	if b.PlainIsUniverse() {
		return UniverseMap(b.space)
	}
	parts := make([]BasicMap, 0, len(a.parts)+len(b.parts))
	parts = append(parts, a.parts...)
next:
	for _, q := range b.parts {
		for _, p := range a.parts {
			if p.plainEqual(q) {
				continue next
			}
		}
		parts = append(parts, q)
	}
	return a.withParts(parts)
}

// Union returns the union of a and b.
func (a Set) Union(b Set) Set { return Set{a.m.Union(b.m)} }

// intersectBasic returns a ∩ b for basic maps of the same space
// (parameters included): the locals of b are appended after those of a.
func intersectBasic(a, b BasicMap) BasicMap {
	if a.empty {
		return a
	}
	if b.empty {
		return b
	}
	nd := a.space.NDim()
	nLoc := len(a.locals) + len(b.locals)
	colMap := identityCols(nd + len(b.locals))
	for i := range b.locals {
		colMap[nd+i] = nd + len(a.locals) + i
	}
	ea := a.embed(a.space, nLoc, identityCols(nd+len(a.locals)))
	eb := b.embed(a.space, nLoc, colMap)
	for i := range b.locals {
		ea.locals[len(a.locals)+i] = eb.locals[len(a.locals)+i]
	}
	ea.eq = append(ea.eq, eb.eq...)
	ea.ineq = append(ea.ineq, eb.ineq...)
	return ea.normalize().simplify()
}

// Intersect returns a ∩ b for basic maps of the same tuples.
func (a BasicMap) Intersect(b BasicMap) BasicMap {
	a.space.mustMatch(b.space, "Intersect")
	p := mergeParams(a.space.params, b.space.params)
	return intersectBasic(a.alignParams(p), b.alignParams(p))
}

// Intersect returns a ∩ b for basic sets of the same tuple.
func (a BasicSet) Intersect(b BasicSet) BasicSet { return BasicSet{a.m.Intersect(b.m)} }

// Intersect returns a ∩ b (isl_map_intersect): the pairwise intersections
// of the parts, without the plainly empty ones.
func (a Map) Intersect(b Map) Map {
	a, b = align2(a, b, "Intersect")
	if len(a.parts) == 1 && a.parts[0].PlainIsUniverse() {
		return b
	}
	if len(b.parts) == 1 && b.parts[0].PlainIsUniverse() {
		return a
	}
	var parts []BasicMap
	for _, p := range a.parts {
		for _, q := range b.parts {
			if r := intersectBasic(p, q); !r.empty {
				parts = append(parts, r)
			}
		}
	}
	return a.withParts(parts)
}

// Intersect returns a ∩ b.
func (a Set) Intersect(b Set) Set { return Set{a.m.Intersect(b.m)} }
