package presburger

import (
	"slices"

	"github.com/tessera-opt/tessera/presburger/internal/ints"
)

// Remap moves b into space sp, column by column. dst[j], for every dim
// column j of b (sp.NDim() entries are read for the columns
// b.Space().NParam() .. b.Space().NDim()-1), is the target column in sp,
// or -1 to turn that column into an existentially quantified variable.
// Parameters are matched by name (the entries of dst for them are
// ignored); a parameter of b missing in sp is a programmer error and
// panics. Columns of sp that nothing maps to are unconstrained.
//
// Known locals of b keep their definition unless it refers to a dropped
// column or to a local that lost its definition; such a local becomes an
// existential bounded by its defining inequalities (den*q <= row <=
// den*q + den - 1). The new existentials of the dropped columns come
// first among the locals of the result, then the locals of b in their
// order. This is isl's move of dims between spaces (isl_basic_map_move_dims,
// isl_basic_map_project_out and isl_basic_map_insert_dims in one step);
// the result is normalized as BasicBuilder.Build does.
func (b BasicMap) Remap(sp Space, dst []int) BasicMap {
	defer translatePanics()
	osp := b.Space()
	nd := osp.NDim()
	np := osp.NParam()
	col := make([]int, nd)
	params := sp.Params()
	for j := 0; j < nd; j++ {
		if j < np {
			k := slices.Index(params, osp.DimName(Param, j))
			if k < 0 {
				panic("presburger: space mismatch in Remap: parameter " + osp.DimName(Param, j) + " missing in target space")
			}
			col[j] = k
			continue
		}
		col[j] = dst[j]
	}
	bb := NewBasicBuilder(sp)
	dropLocal := map[int]int{} // dropped column -> its new local
	for j := 0; j < nd; j++ {
		if col[j] < 0 {
			dropLocal[j] = bb.AddExists()
		}
	}
	nl := b.NLocal()
	localCol := make([]int, nl)
	// mapRow moves a row of b; clean reports that it refers to no
	// dropped column.
	mapRow := func(row []int64) (out []int64, clean bool) {
		out = make([]int64, bb.NCols())
		clean = true
		for j := 0; j < nd; j++ {
			if row[j] == 0 {
				continue
			}
			c := col[j]
			if c < 0 {
				c = bb.LocalCol(dropLocal[j])
				clean = false
			}
			out[c] = ints.Add(out[c], row[j])
		}
		for i := 0; i < nl && nd+i < len(row)-1; i++ {
			if row[nd+i] != 0 {
				out[localCol[i]] = ints.Add(out[localCol[i]], row[nd+i])
			}
		}
		out[len(out)-1] = row[len(row)-1]
		return out, clean
	}
	known := make([]bool, nl)
	type def struct {
		row []int64
		den int64
		at  int
	}
	var defs []def
	for i := 0; i < nl; i++ {
		l := b.Local(i)
		if !l.Known() {
			localCol[i] = bb.LocalCol(bb.AddExists())
			continue
		}
		r, clean := mapRow(l.Row)
		for k := 0; k < i; k++ {
			if l.Row[nd+k] != 0 && !known[k] {
				clean = false
			}
		}
		if clean {
			localCol[i] = bb.LocalCol(bb.AddDiv(r, l.Den))
			known[i] = true
			continue
		}
		localCol[i] = bb.LocalCol(bb.AddExists())
		defs = append(defs, def{row: l.Row, den: l.Den, at: i})
	}
	for _, r := range b.Eqs() {
		row, _ := mapRow(r)
		bb.AddEq(row)
	}
	for _, r := range b.Ineqs() {
		row, _ := mapRow(r)
		bb.AddIneq(row)
	}
	for _, d := range defs {
		// den*q <= row <= den*q + den - 1
		r, _ := mapRow(d.row)
		lo := slices.Clone(r)
		q := localCol[d.at]
		lo[q] = ints.Sub(lo[q], d.den)
		bb.AddIneq(lo)
		hi := make([]int64, len(r))
		for j := range r {
			hi[j] = ints.Neg(r[j])
		}
		hi[q] = ints.Add(hi[q], d.den)
		hi[len(hi)-1] = ints.Add(hi[len(hi)-1], d.den-1)
		bb.AddIneq(hi)
	}
	return bb.Build()
}

// Remap applies BasicMap.Remap to every part of m; the parts found
// plainly empty are dropped.
func (m Map) Remap(sp Space, dst []int) Map {
	parts := m.Parts()
	out := make([]BasicMap, 0, len(parts))
	for _, p := range parts {
		if q := p.Remap(sp, dst); !q.PlainIsEmpty() {
			out = append(out, q)
		}
	}
	return NewMap(sp, out...)
}

// Remap is Map.Remap on the set's map; sp is a set space.
func (s Set) Remap(sp Space, dst []int) Set { return s.Map().Remap(sp, dst).Set() }
