package schedule

import (
	"slices"

	"github.com/tessera-opt/tessera/presburger"
)

// This file holds the few relational helpers the package builds on top of
// the public presburger API; moving a basic object into another space
// (inserting, dropping and permuting dims) is presburger's Remap.

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
	return s.Remap(flat, dst)
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
		maps = append(maps, m.Remap(nsp, dst))
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
	return m.Remap(nsp, dst)
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
