package schedule

import (
	"slices"

	"github.com/tessera-opt/tessera/presburger"
)

// This file holds the few relational helpers the package builds on top of
// the public presburger API: moving the rows of a basic object into
// another space (inserting, dropping and permuting dims).

// remapBasic moves b into space sp. dst[j], for every parameter and dim
// column j of b (j < b.Space().NDim()), is the target column in sp, or -1
// to turn that column into an existential variable. Parameters of b are
// matched by name when dst is nil for them (dst may be shorter than the
// parameter count: missing entries are matched by name). Dims of sp that
// nothing maps to are unconstrained. Known locals of b keep their
// definition unless it refers to a dropped column, in which case they
// become existentials constrained by their defining inequalities.
func remapBasic(b presburger.BasicMap, sp presburger.Space, dst []int) presburger.BasicMap {
	osp := b.Space()
	nd := osp.NDim()
	col := make([]int, nd)
	np := osp.NParam()
	params := sp.Params()
	for j := 0; j < nd; j++ {
		if j < np {
			k := slices.Index(params, osp.DimName(presburger.Param, j))
			if k < 0 {
				panic("schedule: internal error: parameter " + osp.DimName(presburger.Param, j) + " missing in target space")
			}
			col[j] = k
			continue
		}
		col[j] = dst[j]
	}
	// Existentials for dropped columns come first among the new locals,
	// then the locals of b in their order.
	bb := presburger.NewBasicBuilder(sp)
	dropCol := map[int]int{} // old column -> new local index
	for j := 0; j < nd; j++ {
		if col[j] < 0 {
			dropCol[j] = bb.AddExists()
		}
	}
	nl := b.NLocal()
	localCol := make([]int, nl)
	type pending struct {
		row []int64
		den int64
		at  int
	}
	var defs []pending
	mapRow := func(row []int64) ([]int64, bool) {
		out := make([]int64, bb.NCols())
		clean := true
		for j := 0; j < nd; j++ {
			if row[j] == 0 {
				continue
			}
			if col[j] >= 0 {
				out[col[j]] += row[j]
			} else {
				out[bb.LocalCol(dropCol[j])] += row[j]
				clean = false
			}
		}
		for i := 0; i < nl && nd+i < len(row)-1; i++ {
			if row[nd+i] != 0 {
				out[localCol[i]] += row[nd+i]
			}
		}
		out[len(out)-1] = row[len(row)-1]
		return out, clean
	}
	known := make([]bool, nl)
	for i := 0; i < nl; i++ {
		l := b.Local(i)
		if l.Known() {
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
			idx := bb.AddExists()
			localCol[i] = bb.LocalCol(idx)
			defs = append(defs, pending{row: l.Row, den: l.Den, at: i})
			continue
		}
		localCol[i] = bb.LocalCol(bb.AddExists())
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
		lo[localCol[d.at]] -= d.den
		bb.AddIneq(lo)
		hi := make([]int64, len(r))
		for j := range r {
			hi[j] = -r[j]
		}
		hi[localCol[d.at]] += d.den
		hi[len(hi)-1] += d.den - 1
		bb.AddIneq(hi)
	}
	return bb.Build()
}

// remapMap applies remapBasic to every part of m.
func remapMap(m presburger.Map, sp presburger.Space, dst []int) presburger.Map {
	parts := m.Parts()
	out := make([]presburger.BasicMap, len(parts))
	for i, p := range parts {
		out[i] = remapBasic(p, sp, dst)
	}
	return presburger.NewMap(sp, out...)
}

func remapSet(s presburger.Set, sp presburger.Space, dst []int) presburger.Set {
	return remapMap(s.Map(), sp, dst).Set()
}

// identity returns the column map keeping the parameters (matched by name)
// and sending dim i of kind k at offset off to column base+i.
func dimCols(osp presburger.Space) []int {
	return make([]int, osp.NDim())
}

// flattenWrapped returns the set of the wrapped space [A[..] -> B[..]] as a
// set of the flat unnamed space [.., ..].
func flattenWrapped(s presburger.Set) presburger.Set {
	sp := s.Space()
	n := sp.Dim(presburger.Out)
	flat := presburger.NewSetSpace(sp.Params(), "", make([]string, n))
	dst := dimCols(sp)
	for i := 0; i < n; i++ {
		dst[sp.Offset(presburger.Out)+i] = flat.Offset(presburger.Out) + i
	}
	return remapSet(s, flat, dst)
}

// containsPoint reports whether the set holds the given point for some
// value of the parameters.
func containsPoint(s presburger.Set, pt []int64) bool {
	sp := s.Space()
	bb := presburger.NewBasicBuilder(sp)
	for i, v := range pt {
		row := make([]int64, bb.NCols())
		row[sp.Offset(presburger.Out)+i] = 1
		row[len(row)-1] = -v
		bb.AddEq(row)
	}
	pts := presburger.NewSet(sp, bb.BuildSet())
	return !s.Intersect(pts).IsEmpty()
}

// projectMember returns the union map S -> [t_k] of member k of a band
// schedule S -> [t_0, ..., t_(w-1)].
func projectMember(u presburger.UnionMap, k int) presburger.UnionMap {
	var maps []presburger.Map
	for _, m := range u.Maps() {
		sp := m.Space()
		nsp := presburger.NewMapSpace(sp.Params(), sp.TupleName(presburger.In), sp.DimNames(presburger.In), "", []string{""})
		dst := dimCols(sp)
		for i := 0; i < sp.Dim(presburger.In); i++ {
			dst[sp.Offset(presburger.In)+i] = nsp.Offset(presburger.In) + i
		}
		for i := 0; i < sp.Dim(presburger.Out); i++ {
			if i == k {
				dst[sp.Offset(presburger.Out)+i] = nsp.Offset(presburger.Out)
			} else {
				dst[sp.Offset(presburger.Out)+i] = -1
			}
		}
		maps = append(maps, remapMap(m, nsp, dst))
	}
	if len(maps) == 0 {
		return presburger.EmptyUnionMap(u.Params())
	}
	return presburger.NewUnionMap(maps...)
}

// extendOut returns map m : S -> [o_0..o_(k-1)] as a map S -> [w dims] with
// o_i at position at+i and the other output dims unconstrained.
func extendOut(m presburger.Map, w, at int) presburger.Map {
	sp := m.Space()
	nsp := presburger.NewMapSpace(sp.Params(), sp.TupleName(presburger.In), sp.DimNames(presburger.In), "", make([]string, w))
	dst := dimCols(sp)
	for i := 0; i < sp.Dim(presburger.In); i++ {
		dst[sp.Offset(presburger.In)+i] = nsp.Offset(presburger.In) + i
	}
	for i := 0; i < sp.Dim(presburger.Out); i++ {
		dst[sp.Offset(presburger.Out)+i] = nsp.Offset(presburger.Out) + at + i
	}
	return remapMap(m, nsp, dst)
}

// flatRangeProductAll combines band members S -> [f_k] into S -> [f_0, ...].
// A statement missing in some member is dropped.
func flatRangeProductAll(members []presburger.UnionMap) presburger.UnionMap {
	w := len(members)
	type acc struct {
		m   presburger.Map
		cnt int
	}
	var order []string
	accs := map[string]*acc{}
	for k, u := range members {
		for _, m := range u.Maps() {
			key := m.Space().TupleName(presburger.In) + "/" + itoa(m.Space().Dim(presburger.In))
			e := extendOut(m, w, k)
			if a, ok := accs[key]; ok {
				a.m = a.m.Intersect(e)
				a.cnt++
			} else {
				accs[key] = &acc{m: e, cnt: 1}
				order = append(order, key)
			}
		}
	}
	var maps []presburger.Map
	for _, key := range order {
		if a := accs[key]; a.cnt == w {
			maps = append(maps, a.m)
		}
	}
	var params []string
	for _, u := range members {
		params = append(params, u.Params()...)
	}
	if len(maps) == 0 {
		return presburger.EmptyUnionMap(dedup(params))
	}
	return presburger.NewUnionMap(maps...)
}

func dedup(s []string) []string {
	var out []string
	for _, x := range s {
		if !slices.Contains(out, x) {
			out = append(out, x)
		}
	}
	return out
}

func itoa(i int) string {
	if i == 0 {
		return "0"
	}
	neg := i < 0
	if neg {
		i = -i
	}
	var b []byte
	for i > 0 {
		b = append([]byte{byte('0' + i%10)}, b...)
		i /= 10
	}
	if neg {
		b = append([]byte{'-'}, b...)
	}
	return string(b)
}
