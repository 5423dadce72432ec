package presburger

import (
	"fmt"
	"slices"
)

// checkRange panics unless [first, first+n) is a valid range of dims of
// kind k in sp.
func checkRange(sp Space, k DimKind, first, n int, op string) {
	if k != Param && k != In && k != Out {
		panic(fmt.Sprintf("presburger: %s: bad dim kind %v", op, k))
	}
	if k == In && sp.isSet {
		panic(fmt.Sprintf("presburger: %s: a set has no input dims", op))
	}
	if first < 0 || n < 0 || first+n > sp.Dim(k) {
		panic(fmt.Sprintf("presburger: %s: dims [%d, %d) out of range of %d %v dims", op, first, first+n, sp.Dim(k), k))
	}
}

// reshape moves b into space sp: old dim column j goes to the column
// dimMap[j] of sp when dimMap[j] >= 0, otherwise to the existential local
// number -dimMap[j]-1 among nFront new locals placed first; b's own locals
// follow them. The result is normalized and simplified.
func (b BasicMap) reshape(sp Space, dimMap []int, nFront int) BasicMap {
	nd := b.space.NDim()
	snd := sp.NDim()
	colMap := make([]int, nd+len(b.locals))
	for j := 0; j < nd; j++ {
		if dimMap[j] >= 0 {
			colMap[j] = dimMap[j]
		} else {
			colMap[j] = snd + (-dimMap[j] - 1)
		}
	}
	for i := range b.locals {
		colMap[nd+i] = snd + nFront + i
	}
	return b.embed(sp, nFront+len(b.locals), colMap).normalize().simplify()
}

// kindCols returns the columns of dims [first, first+n) of kind k.
func kindCols(sp Space, k DimKind, first, n int) (int, int) {
	o := sp.Offset(k) + first
	return o, o + n
}

// projectOutBasic eliminates dims [first, first+n) of kind k: they become
// existential locals.
func (b BasicMap) projectOut(k DimKind, first, n int) BasicMap {
	checkRange(b.space, k, first, n, "ProjectOut")
	sp := b.space.dropDims(k, first, n)
	lo, hi := kindCols(b.space, k, first, n)
	dimMap := make([]int, b.space.NDim())
	for j := range dimMap {
		switch {
		case j < lo:
			dimMap[j] = j
		case j < hi:
			dimMap[j] = -(j - lo) - 1
		default:
			dimMap[j] = j - n
		}
	}
	if b.empty {
		return EmptyBasic(sp)
	}
	return b.reshape(sp, dimMap, n)
}

// ProjectOut eliminates dims [first, first+n) of kind k (isl_map_project_out):
// the result holds the pairs for which some values of those dims make the
// constraints hold. Exact: the eliminated dims become existential locals.
func (b BasicMap) ProjectOut(k DimKind, first, n int) BasicMap { return b.projectOut(k, first, n) }

// ProjectOut eliminates dims [first, first+n) of kind k.
func (b BasicSet) ProjectOut(k DimKind, first, n int) BasicSet {
	return BasicSet{b.m.projectOut(k, first, n)}
}

// ProjectOut eliminates dims [first, first+n) of kind k (see BasicMap).
func (m Map) ProjectOut(k DimKind, first, n int) Map {
	checkRange(m.space, k, first, n, "ProjectOut")
	sp := m.space.dropDims(k, first, n)
	parts := make([]BasicMap, 0, len(m.parts))
	for _, p := range m.parts {
		parts = append(parts, p.projectOut(k, first, n))
	}
	return mapOf(sp, parts)
}

// ProjectOut eliminates dims [first, first+n) of kind k.
func (s Set) ProjectOut(k DimKind, first, n int) Set { return Set{s.m.ProjectOut(k, first, n)} }

// Eliminate removes every constraint on dims [first, first+n) of kind k
// while keeping them in the space (isl_map_eliminate): the result is the
// projection extended by arbitrary values of those dims.
func (m Map) Eliminate(k DimKind, first, n int) Map {
	names := m.space.DimNames(k)[first : first+n]
	r := m.ProjectOut(k, first, n)
	if k == Param {
		return r.insertParams(first, names)
	}
	return r.insertDims(k, first, names)
}

// Eliminate removes every constraint on dims [first, first+n) of kind k.
func (s Set) Eliminate(k DimKind, first, n int) Set { return Set{s.m.Eliminate(k, first, n)} }

// insertDims inserts dims with the given names at position pos of kind k.
func (b BasicMap) insertDims(k DimKind, pos int, names []string) BasicMap {
	n := len(names)
	sp := b.space.insertDims(k, pos, names)
	at := b.space.Offset(k) + pos
	dimMap := make([]int, b.space.NDim())
	for j := range dimMap {
		if j < at {
			dimMap[j] = j
		} else {
			dimMap[j] = j + n
		}
	}
	if b.empty {
		return EmptyBasic(sp)
	}
	return b.reshape(sp, dimMap, 0)
}

func (m Map) insertDims(k DimKind, pos int, names []string) Map {
	if k == In && m.space.isSet {
		panic("presburger: InsertDims: a set has no input dims")
	}
	if pos < 0 || pos > m.space.Dim(k) {
		panic(fmt.Sprintf("presburger: InsertDims: position %d out of range", pos))
	}
	sp := m.space.insertDims(k, pos, names)
	parts := make([]BasicMap, 0, len(m.parts))
	for _, p := range m.parts {
		parts = append(parts, p.insertDims(k, pos, names))
	}
	return mapOf(sp, parts)
}

func (m Map) insertParams(pos int, names []string) Map {
	for _, n := range names {
		if slices.Contains(m.space.params, n) {
			panic(fmt.Sprintf("presburger: parameter %s already present", n))
		}
	}
	return m.insertDims(Param, pos, names)
}

// InsertDims inserts n unconstrained unnamed dims of kind k (In or Out) at
// position pos (isl_map_insert_dims). Use AddParams for parameters.
func (m Map) InsertDims(k DimKind, pos, n int) Map {
	if k == Param {
		panic("presburger: InsertDims of parameters: use AddParams")
	}
	return m.insertDims(k, pos, anonDims(n))
}

// InsertDims inserts n unconstrained dims at position pos.
func (s Set) InsertDims(k DimKind, pos, n int) Set { return Set{s.m.InsertDims(k, pos, n)} }

// AddDims appends n unconstrained unnamed dims of kind k (In or Out).
func (m Map) AddDims(k DimKind, n int) Map { return m.InsertDims(k, m.space.Dim(k), n) }

// AddDims appends n unconstrained dims.
func (s Set) AddDims(k DimKind, n int) Set { return Set{s.m.AddDims(k, n)} }

// AddParams appends the given parameters (those already present are
// skipped).
func (m Map) AddParams(names ...string) Map {
	return m.alignParams(mergeParams(m.space.params, names))
}

// AddParams appends the given parameters (those already present are
// skipped).
func (s Set) AddParams(names ...string) Set { return Set{s.m.AddParams(names...)} }

// dimID names one dim of a space for MoveDims.
type dimID struct {
	k DimKind
	i int
}

// MoveDims moves n dims of kind src starting at srcPos to kind dst at
// position dstPos (isl_map_move_dims), keeping their names. Moving to or
// from Param is allowed; the moved dims keep their constraints.
func (m Map) MoveDims(dst DimKind, dstPos int, src DimKind, srcPos, n int) Map {
	checkRange(m.space, src, srcPos, n, "MoveDims")
	names := m.space.DimNames(src)[srcPos : srcPos+n]
	sp := m.space.dropDims(src, srcPos, n)
	if dstPos < 0 || dstPos > sp.Dim(dst) {
		panic("presburger: MoveDims: destination out of range")
	}
	sp = sp.insertDims(dst, dstPos, names)
	// We list the dims of the old space in column order, move the ids,
	// and read off where each old column lands.
	order := func(s Space) []dimID {
		var ids []dimID
		for _, k := range []DimKind{Param, In, Out} {
			for i := 0; i < s.Dim(k); i++ {
				ids = append(ids, dimID{k, i})
			}
		}
		return ids
	}
	old := order(m.space)
	moved := old[m.space.Offset(src)+srcPos : m.space.Offset(src)+srcPos+n]
	rest := slices.Concat(old[:m.space.Offset(src)+srcPos], old[m.space.Offset(src)+srcPos+n:])
	// Position of the destination in rest: after all dims of kinds before
	// dst and the first dstPos dims of kind dst (counted in sp's layout).
	at := sp.Offset(dst) + dstPos
	newOrder := slices.Concat(rest[:at], moved, rest[at:])
	dimMap := make([]int, len(old))
	for newCol, id := range newOrder {
		dimMap[m.space.Offset(id.k)+id.i] = newCol
	}
	parts := make([]BasicMap, 0, len(m.parts))
	for _, p := range m.parts {
		if p.empty {
			continue
		}
		parts = append(parts, p.reshape(sp, dimMap, 0))
	}
	return mapOf(sp, parts)
}

// MoveDims moves dims between kinds (see Map.MoveDims).
func (s Set) MoveDims(dst DimKind, dstPos int, src DimKind, srcPos, n int) Set {
	return Set{s.m.MoveDims(dst, dstPos, src, srcPos, n)}
}

// Reverse swaps the input and output of m (isl_map_reverse).
func (b BasicMap) Reverse() BasicMap {
	sp := b.space.Reverse()
	np, ni, no := b.space.NParam(), b.space.Dim(In), b.space.Dim(Out)
	dimMap := make([]int, np+ni+no)
	for j := range dimMap {
		switch {
		case j < np:
			dimMap[j] = j
		case j < np+ni:
			dimMap[j] = j + no
		default:
			dimMap[j] = j - ni
		}
	}
	if b.empty {
		return EmptyBasic(sp)
	}
	return b.reshape(sp, dimMap, 0)
}

// Reverse swaps the input and output of m.
func (m Map) Reverse() Map {
	parts := make([]BasicMap, len(m.parts))
	for i, p := range m.parts {
		parts[i] = p.Reverse()
	}
	return mapOf(m.space.Reverse(), parts)
}

// withSpace returns b with the space replaced by sp of the same column
// layout.
func (b BasicMap) withSpace(sp Space) BasicMap {
	if sp.NDim() != b.space.NDim() {
		panic("presburger: internal error: withSpace of a different layout")
	}
	b.space = sp
	return b
}

func (m Map) withSpace(sp Space) Map {
	out := Map{space: sp, parts: make([]BasicMap, len(m.parts))}
	for i, p := range m.parts {
		out.parts[i] = p.withSpace(sp)
	}
	return out
}

// Domain returns the set of inputs of m that have an image
// (isl_map_domain).
func (m Map) Domain() Set {
	if m.space.isSet {
		panic("presburger: Domain of a set")
	}
	r := m.ProjectOut(Out, 0, m.space.Dim(Out))
	return Set{r.withSpace(m.space.Domain())}
}

// Range returns the set of outputs of m (isl_map_range).
func (m Map) Range() Set {
	if m.space.isSet {
		panic("presburger: Range of a set")
	}
	r := m.ProjectOut(In, 0, m.space.Dim(In))
	return Set{r.withSpace(m.space.Range())}
}

// Domain returns the set of inputs of b that have an image.
func (b BasicMap) Domain() BasicSet {
	return BasicSet{b.projectOut(Out, 0, b.space.Dim(Out)).withSpace(b.space.Domain())}
}

// Range returns the set of outputs of b.
func (b BasicMap) Range() BasicSet {
	return BasicSet{b.projectOut(In, 0, b.space.Dim(In)).withSpace(b.space.Range())}
}

// Params returns the parameter values for which s is non-empty, as a set
// of a parameter space (isl_set_params).
func (s Set) Params() Set {
	r := s.m.ProjectOut(Out, 0, s.m.space.Dim(Out))
	return Set{r.withSpace(NewParamSpace(s.m.space.params))}
}

// Params returns the parameter values for which m is non-empty.
func (m Map) Params() Set {
	if m.space.isSet {
		return Set{m}.Params()
	}
	return m.Wrap().Params()
}

// Wrap turns a map A -> B into the set [A -> B] (isl_map_wrap).
func (m Map) Wrap() Set {
	if m.space.isSet {
		panic("presburger: Wrap of a set")
	}
	return Set{m.withSpace(m.space.Wrap())}
}

// Unwrap turns a set [A -> B] into the map A -> B (isl_set_unwrap).
func (s Set) Unwrap() Map { return s.m.withSpace(s.m.space.Unwrap()) }

// FromDomainAndRange returns the map dom × ran (every point of dom to
// every point of ran), isl_map_from_domain_and_range.
func FromDomainAndRange(dom, ran Set) Map {
	d, r := alignAny(dom.m, ran.m)
	sp := MapSpace(d.space, r.space)
	return setAsDomain(d, sp).Intersect(setAsRange(r, sp))
}

// setAsDomain returns the map of space sp whose domain is s and whose
// range is unconstrained.
func setAsDomain(s Map, sp Space) Map {
	np, ni := sp.NParam(), sp.Dim(In)
	if s.space.Dim(Out) != ni {
		panic("presburger: domain arity mismatch")
	}
	dimMap := make([]int, np+ni)
	for j := range dimMap {
		dimMap[j] = j
	}
	parts := make([]BasicMap, 0, len(s.parts))
	for _, p := range s.parts {
		parts = append(parts, p.reshape(sp, dimMap, 0))
	}
	return mapOf(sp, parts)
}

// setAsRange returns the map of space sp whose range is s and whose
// domain is unconstrained.
func setAsRange(s Map, sp Space) Map {
	np, ni, no := sp.NParam(), sp.Dim(In), sp.Dim(Out)
	if s.space.Dim(Out) != no {
		panic("presburger: range arity mismatch")
	}
	dimMap := make([]int, np+no)
	for j := range dimMap {
		if j < np {
			dimMap[j] = j
		} else {
			dimMap[j] = j + ni
		}
	}
	parts := make([]BasicMap, 0, len(s.parts))
	for _, p := range s.parts {
		parts = append(parts, p.reshape(sp, dimMap, 0))
	}
	return mapOf(sp, parts)
}

// IntersectDomain returns the pairs of m whose input is in s
// (isl_map_intersect_domain).
func (m Map) IntersectDomain(s Set) Map {
	mm, ss := alignAny(m, s.m)
	mm.space.Domain().mustMatch(ss.space, "IntersectDomain")
	return mm.Intersect(setAsDomain(ss, mm.space))
}

// IntersectRange returns the pairs of m whose output is in s
// (isl_map_intersect_range).
func (m Map) IntersectRange(s Set) Map {
	mm, ss := alignAny(m, s.m)
	mm.space.Range().mustMatch(ss.space, "IntersectRange")
	return mm.Intersect(setAsRange(ss, mm.space))
}

// IntersectParams returns the points of m whose parameters are in the
// parameter set p (isl_map_intersect_params).
func (m Map) IntersectParams(p Set) Map {
	mm, pp := alignAny(m, p.m)
	if pp.space.Dim(Out) != 0 {
		panic("presburger: IntersectParams with a set that has dims")
	}
	dimMap := identityCols(pp.space.NParam())
	parts := make([]BasicMap, 0, len(pp.parts))
	for _, q := range pp.parts {
		parts = append(parts, q.reshape(mm.space, dimMap, 0))
	}
	return mm.Intersect(mapOf(mm.space, parts))
}

// IntersectParams returns the points of s whose parameters are in p.
func (s Set) IntersectParams(p Set) Set { return Set{s.m.IntersectParams(p)} }
