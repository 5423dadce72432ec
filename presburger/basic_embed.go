package presburger

import (
	"fmt"
	"slices"

	"github.com/tessera-opt/tessera/presburger/internal/ints"
)

// mapRow returns row moved to a row of width w: entry j (a coefficient
// column) goes to column colMap[j]; the constant goes last. colMap[j] < 0
// requires entry j to be zero.
func mapRow(row []int64, colMap []int, w int) []int64 {
	return mapRowInto(make([]int64, w), row, colMap, w)
}

// mapRowInto is mapRow writing into out (w zeros).
func mapRowInto(out, row []int64, colMap []int, w int) []int64 {
	n := len(row) - 1
	for j := 0; j < n; j++ {
		if row[j] == 0 {
			continue
		}
		c := colMap[j]
		if c < 0 {
			panic("presburger: internal error: dropping a used column")
		}
		out[c] = ints.Add(out[c], row[j])
	}
	out[w-1] = row[n]
	return out
}

// embed returns b moved into space sp with nLoc locals: column j of b goes
// to column colMap[j] (colMap covers params, dims and locals of b, not the
// constant). Locals of the result not hit by a local of b are
// existentials. The caller ensures that known locals keep referring only to
// earlier columns. Rows are not normalized.
func (b BasicMap) embed(sp Space, nLoc int, colMap []int) BasicMap {
	if b.empty {
		return EmptyBasic(sp)
	}
	w := sp.NDim() + nLoc + 1
	out := BasicMap{space: sp, locals: make([]Local, nLoc)}
	off := b.space.NDim()
	for i, l := range b.locals {
		c := colMap[off+i] - sp.NDim()
		if c < 0 {
			panic(fmt.Sprintf("presburger: internal error: local %d mapped to a dim", i))
		}
		if l.Den > 0 {
			out.locals[c] = Local{Row: mapRow(l.Row, colMap, w), Den: l.Den}
		}
	}
	// One allocation for all the rows (each capped at its width, so that
	// an append to one cannot reach the next): embed runs once per pair of
	// parts in Intersect, and the row allocations were most of its time.
	buf := make([]int64, (len(b.eq)+len(b.ineq))*w)
	next := func() []int64 {
		r := buf[:w:w]
		buf = buf[w:]
		return r
	}
	out.eq = make([][]int64, len(b.eq))
	for i, r := range b.eq {
		out.eq[i] = mapRowInto(next(), r, colMap, w)
	}
	out.ineq = make([][]int64, len(b.ineq))
	for i, r := range b.ineq {
		out.ineq[i] = mapRowInto(next(), r, colMap, w)
	}
	return out
}

// identityCols returns the column map that keeps the dims of sp and shifts
// the locals by shift, for a basic map with nLoc locals.
func identityCols(n int) []int {
	c := make([]int, n)
	for i := range c {
		c[i] = i
	}
	return c
}

// alignParams returns b with parameter list params, which must contain
// b's parameters.
func (b BasicMap) alignParams(params []string) BasicMap {
	if slices.Equal(b.space.params, params) {
		return b
	}
	sp := b.space.WithParams(params)
	old := b.space
	colMap := make([]int, old.NDim()+len(b.locals))
	for j, p := range old.params {
		k := slices.Index(params, p)
		if k < 0 {
			panic(fmt.Sprintf("presburger: internal error: parameter %s lost in alignment", p))
		}
		colMap[j] = k
	}
	shift := len(params) - len(old.params)
	for j := len(old.params); j < len(colMap); j++ {
		colMap[j] = j + shift
	}
	return b.embed(sp, len(b.locals), colMap).normalize()
}

// AlignParams returns b with parameter list params ∪ b's parameters (b's
// parameters reordered to follow params, its others appended).
func (b BasicMap) AlignParams(params []string) BasicMap {
	return b.alignParams(mergeParams(params, b.space.params))
}

// alignParams returns m with parameter list params (a superset of m's).
func (m Map) alignParams(params []string) Map {
	if slices.Equal(m.space.params, params) {
		return m
	}
	out := Map{space: m.space.WithParams(params)}
	for _, p := range m.parts {
		out.parts = append(out.parts, p.alignParams(params))
	}
	return out
}

// AlignParams returns m with parameter list params ∪ m's parameters.
func (m Map) AlignParams(params []string) Map {
	return m.alignParams(mergeParams(params, m.space.params))
}

// AlignParams returns s with parameter list params ∪ s's parameters.
func (s Set) AlignParams(params []string) Set { return Set{s.m.AlignParams(params)} }

// AlignParams returns b with parameter list params ∪ b's parameters.
func (b BasicSet) AlignParams(params []string) BasicSet { return BasicSet{b.m.AlignParams(params)} }

// align2 aligns the parameters of two maps of matching tuples.
func align2(a, b Map, op string) (Map, Map) {
	a.space.mustMatch(b.space, op)
	if slices.Equal(a.space.params, b.space.params) {
		return a, b
	}
	p := mergeParams(a.space.params, b.space.params)
	return a.alignParams(p), b.alignParams(p)
}

// alignAny aligns the parameters of two maps whatever their tuples.
func alignAny(a, b Map) (Map, Map) {
	if slices.Equal(a.space.params, b.space.params) {
		return a, b
	}
	p := mergeParams(a.space.params, b.space.params)
	return a.alignParams(p), b.alignParams(p)
}
