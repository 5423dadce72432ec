package presburger

import (
	"fmt"
	"slices"

	"github.com/tessera-opt/tessera/presburger/internal/ints"
)

// mergeEmbedded combines basic maps of the same space and local count
// whose locals occupy disjoint positions (elsewhere existential): the
// known locals are taken from whichever defines them, the constraints
// are concatenated. The result is normalized and simplified.
func mergeEmbedded(parts ...BasicMap) BasicMap {
	out := parts[0]
	out.locals = slices.Clone(out.locals)
	out.eq = slices.Clone(out.eq)
	out.ineq = slices.Clone(out.ineq)
	for _, p := range parts[1:] {
		if p.empty || out.empty {
			return EmptyBasic(out.space)
		}
		for i, l := range p.locals {
			if l.Den > 0 {
				out.locals[i] = l
			}
		}
		out.eq = append(out.eq, p.eq...)
		out.ineq = append(out.ineq, p.ineq...)
	}
	if out.empty {
		return EmptyBasic(out.space)
	}
	return out.normalize().simplify()
}

// joinCols describes where the dim columns of an operand go in a joined
// basic map: for each dim column of the operand, a column of the result
// space (>= 0) or a middle existential local (-k-1).
type joinCols []int

// joinBasic builds the conjunction of operands a and b in space sp with
// nMid middle existentials placed first among the locals, then a's locals,
// then b's.
func joinBasic(sp Space, nMid int, a BasicMap, am joinCols, b BasicMap, bm joinCols) BasicMap {
	if a.empty || b.empty {
		return EmptyBasic(sp)
	}
	snd := sp.NDim()
	nLoc := nMid + len(a.locals) + len(b.locals)
	colsFor := func(x BasicMap, m joinCols, locBase int) []int {
		nd := x.space.NDim()
		c := make([]int, nd+len(x.locals))
		for j := 0; j < nd; j++ {
			if m[j] >= 0 {
				c[j] = m[j]
			} else {
				c[j] = snd + (-m[j] - 1)
			}
		}
		for i := range x.locals {
			c[nd+i] = snd + locBase + i
		}
		return c
	}
	ea := a.embed(sp, nLoc, colsFor(a, am, nMid))
	eb := b.embed(sp, nLoc, colsFor(b, bm, nMid+len(a.locals)))
	return mergeEmbedded(ea, eb)
}

// applyRangeBasic composes a: A -> B and b: B -> C into A -> C in space sp:
// the B dims become middle existentials.
func applyRangeBasic(sp Space, a, b BasicMap) BasicMap {
	np := a.space.NParam()
	na, nb := a.space.Dim(In), a.space.Dim(Out)
	am := make(joinCols, a.space.NDim())
	for j := range am {
		switch {
		case j < np+na:
			am[j] = j
		default:
			am[j] = -(j - np - na) - 1
		}
	}
	bm := make(joinCols, b.space.NDim())
	for j := range bm {
		switch {
		case j < np:
			bm[j] = j
		case j < np+nb:
			bm[j] = -(j - np) - 1
		default:
			bm[j] = j - nb + na
		}
	}
	return joinBasic(sp, nb, a, am, b, bm)
}

// ApplyRange composes a: A -> B with b: B -> C into the map A -> C of the
// pairs (x, z) with (x, y) in a and (y, z) in b for some y
// (isl_map_apply_range). For a set a (as a map from nothing), it is the
// image of a under b.
func (a Map) ApplyRange(b Map) Map {
	a, b = alignAny(a, b)
	if b.space.isSet || !a.space.out.equal(b.space.in) {
		panic(fmt.Sprintf("presburger: space mismatch in ApplyRange: %v vs %v", a.space, b.space))
	}
	sp := Space{params: a.space.params, in: a.space.in, out: b.space.out, isSet: a.space.isSet}
	var parts []BasicMap
	for _, p := range a.parts {
		for _, q := range b.parts {
			if r := applyRangeBasic(sp, p, q); !r.empty {
				parts = append(parts, r)
			}
		}
	}
	return mapOf(sp, parts)
}

// ApplyDomain returns the map C -> B of the pairs (z, y) with (x, y) in
// a and (x, z) in b (isl_map_apply_domain): b applied to a's domain.
func (a Map) ApplyDomain(b Map) Map { return b.Reverse().ApplyRange(a) }

// Apply returns the image of s under m (isl_set_apply).
func (s Set) Apply(m Map) Set {
	return Set{s.m.ApplyRange(m)}
}

// Preimage returns the points x with some (x, y) in m and y in s
// (isl_set_preimage for a relation).
func (s Set) Preimage(m Map) Set { return s.Apply(m.Reverse()) }

// ApplyRange composes basic maps (see Map.ApplyRange).
func (a BasicMap) ApplyRange(b BasicMap) BasicMap {
	p := mergeParams(a.space.params, b.space.params)
	a, b = a.alignParams(p), b.alignParams(p)
	if !a.space.out.equal(b.space.in) {
		panic(fmt.Sprintf("presburger: space mismatch in ApplyRange: %v vs %v", a.space, b.space))
	}
	sp := Space{params: p, in: a.space.in, out: b.space.out, isSet: a.space.isSet}
	return applyRangeBasic(sp, a, b)
}

// Identity returns the identity map on the set space sp
// (isl_map_identity).
func Identity(sp Space) Map {
	if !sp.isSet {
		panic("presburger: Identity needs a set space")
	}
	msp := Space{params: sp.params, in: sp.out, out: sp.out}
	return UniverseMap(msp).equateRange(0, 0, sp.Dim(Out))
}

// equateRange adds in[ii+k] == out[oi+k] for k < n.
func (m Map) equateRange(ii, oi, n int) Map {
	for k := 0; k < n; k++ {
		m = m.Equate(In, ii+k, Out, oi+k)
	}
	return m
}

// addConstraint intersects every part with the constraint row (given over
// params and dims plus constant).
func (m Map) addConstraint(row []int64, eq bool) Map {
	parts := make([]BasicMap, 0, len(m.parts))
	nd := m.space.NDim()
	for _, p := range m.parts {
		r := make([]int64, p.NCols())
		copy(r, row[:nd])
		r[len(r)-1] = row[nd]
		q := p
		if eq {
			q.eq = append(slices.Clone(p.eq), r)
		} else {
			q.ineq = append(slices.Clone(p.ineq), r)
		}
		q = q.normalize().simplify()
		parts = append(parts, q)
	}
	return m.withParts(parts)
}

// AddConstraint returns m intersected with the constraint row·(x,1) == 0
// (eq) or >= 0, where row covers parameters and dims then the constant.
func (m Map) AddConstraint(row []int64, eq bool) Map {
	if len(row) != m.space.NDim()+1 {
		panic("presburger: AddConstraint: row of the wrong width")
	}
	return m.addConstraint(row, eq)
}

// AddConstraint returns s intersected with a constraint (see Map).
func (s Set) AddConstraint(row []int64, eq bool) Set { return Set{s.m.AddConstraint(row, eq)} }

func (m Map) dimRow(k DimKind, pos int) []int64 {
	checkRange(m.space, k, pos, 1, "constraint")
	r := make([]int64, m.space.NDim()+1)
	r[m.space.Offset(k)+pos] = 1
	return r
}

// FixVal returns m with dim pos of kind k fixed to v (isl_map_fix_si).
func (m Map) FixVal(k DimKind, pos int, v int64) Map {
	r := m.dimRow(k, pos)
	r[len(r)-1] = -v
	return m.addConstraint(r, true)
}

// LowerBound returns m with dim pos of kind k >= v (isl_map_lower_bound_si).
func (m Map) LowerBound(k DimKind, pos int, v int64) Map {
	r := m.dimRow(k, pos)
	r[len(r)-1] = -v
	return m.addConstraint(r, false)
}

// UpperBound returns m with dim pos of kind k <= v (isl_map_upper_bound_si).
func (m Map) UpperBound(k DimKind, pos int, v int64) Map {
	r := m.dimRow(k, pos)
	r[m.space.Offset(k)+pos] = -1
	r[len(r)-1] = v
	return m.addConstraint(r, false)
}

// Equate returns m with dim p1 of kind k1 equal to dim p2 of kind k2
// (isl_map_equate).
func (m Map) Equate(k1 DimKind, p1 int, k2 DimKind, p2 int) Map {
	r := m.dimRow(k1, p1)
	checkRange(m.space, k2, p2, 1, "Equate")
	r[m.space.Offset(k2)+p2]--
	return m.addConstraint(r, true)
}

// OrderLT returns m with dim p1 of kind k1 < dim p2 of kind k2
// (isl_map_order_lt).
func (m Map) OrderLT(k1 DimKind, p1 int, k2 DimKind, p2 int) Map {
	r := m.dimRow(k2, p2)
	checkRange(m.space, k1, p1, 1, "OrderLT")
	r[m.space.Offset(k1)+p1]--
	r[len(r)-1] = -1
	return m.addConstraint(r, false)
}

// FixVal returns s with dim pos of kind k fixed to v.
func (s Set) FixVal(k DimKind, pos int, v int64) Set { return Set{s.m.FixVal(k, pos, v)} }

// LowerBound returns s with dim pos of kind k >= v.
func (s Set) LowerBound(k DimKind, pos int, v int64) Set { return Set{s.m.LowerBound(k, pos, v)} }

// UpperBound returns s with dim pos of kind k <= v.
func (s Set) UpperBound(k DimKind, pos int, v int64) Set { return Set{s.m.UpperBound(k, pos, v)} }

// Equate returns s with dim p1 of kind k1 equal to dim p2 of kind k2.
func (s Set) Equate(k1 DimKind, p1 int, k2 DimKind, p2 int) Set {
	return Set{s.m.Equate(k1, p1, k2, p2)}
}

// deltasBasic returns { out - in : (in, out) in b } for b: A -> A'.
func deltasBasic(sp Space, b BasicMap) BasicMap {
	if b.empty {
		return EmptyBasic(sp)
	}
	np, n := b.space.NParam(), b.space.Dim(In)
	// We map out to the difference d and in to a front existential e;
	// since out = d + e, a row c_in·e + c_out·out becomes
	// c_out·d + (c_in + c_out)·e.
	dimMap := make([]int, b.space.NDim())
	for j := range dimMap {
		switch {
		case j < np:
			dimMap[j] = j
		case j < np+n:
			dimMap[j] = -(j - np) - 1
		default:
			dimMap[j] = j - n
		}
	}
	snd := sp.NDim()
	colMap := make([]int, b.space.NDim()+len(b.locals))
	for j := range dimMap {
		if dimMap[j] >= 0 {
			colMap[j] = dimMap[j]
		} else {
			colMap[j] = snd + (-dimMap[j] - 1)
		}
	}
	for i := range b.locals {
		colMap[b.space.NDim()+i] = snd + n + i
	}
	e := b.embed(sp, n+len(b.locals), colMap)
	fix := func(r []int64) {
		for k := 0; k < n; k++ {
			r[snd+k] = ints.Add(r[snd+k], r[np+k])
		}
	}
	for _, r := range e.eq {
		fix(r)
	}
	for _, r := range e.ineq {
		fix(r)
	}
	for i, l := range e.locals {
		if l.Den > 0 {
			fix(l.Row)
			e.locals[i].Row, e.locals[i].Den = normalizeDiv(l.Row, l.Den)
		}
	}
	return e.normalize().simplify()
}

// Deltas returns the set { y - x : (x, y) in m } (isl_map_deltas); the
// input and output tuples must have the same arity. The result's tuple is
// the output tuple of m.
func (m Map) Deltas() Set {
	if m.space.Dim(In) != m.space.Dim(Out) {
		panic(fmt.Sprintf("presburger: Deltas of a map with different arities: %v", m.space))
	}
	sp := m.space.Range()
	parts := make([]BasicMap, 0, len(m.parts))
	for _, p := range m.parts {
		parts = append(parts, deltasBasic(sp, p))
	}
	return Set{mapOf(sp, parts)}
}

// DeltasMap returns the map { [x -> y] -> y - x : (x, y) in m }
// (isl_map_deltas_map).
func (m Map) DeltasMap() Map {
	if m.space.Dim(In) != m.space.Dim(Out) {
		panic(fmt.Sprintf("presburger: DeltasMap of a map with different arities: %v", m.space))
	}
	w := m.Wrap()
	n := m.space.Dim(In)
	sp := MapSpace(w.m.space, m.space.Range())
	r := setAsDomain(w.m, sp)
	// out_k = y_k - x_k.
	np := sp.NParam()
	for k := 0; k < n; k++ {
		row := make([]int64, sp.NDim()+1)
		row[np+2*n+k] = 1
		row[np+n+k] = -1
		row[np+k] = 1
		r = r.addConstraint(row, true)
	}
	return r
}
