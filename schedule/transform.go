package schedule

import (
	"fmt"

	"github.com/tessera-opt/tessera/presburger"
)

// TileBand tiles the band at the cursor with the given tile sizes (one per
// member, each at least 1; isl_schedule_node_band_tile with scaled tile
// loops and unshifted point loops): the band f is replaced by a tile band
// s*floor(f/s) above a point band f. The tile band keeps the permutable
// flag and the coincident flags; both get default options. It returns a
// cursor at the tile band.
func (c Cursor) TileBand(sizes []int64) (Cursor, error) {
	n := c.Node()
	if n.kind != KindBand {
		return c, fmt.Errorf("schedule: TileBand on a %v node", n.kind)
	}
	b := n.band.clone()
	if len(sizes) != b.Width {
		return c, fmt.Errorf("schedule: TileBand with %d sizes for a band of width %d", len(sizes), b.Width)
	}
	for _, s := range sizes {
		if s < 1 {
			return c, fmt.Errorf("schedule: tile size %d is not positive", s)
		}
	}
	var maps []presburger.Map
	for _, m := range b.Schedule.Maps() {
		maps = append(maps, tileMap(m, sizes))
	}
	tile := b
	tile.Schedule = presburger.EmptyUnionMap(b.Schedule.Params())
	if len(maps) > 0 {
		tile.Schedule = presburger.NewUnionMap(maps...)
	}
	tile.Options = nil
	tile.IsolateOptions = nil
	tile.Isolate = nil
	point := b
	point.Options = nil
	point.IsolateOptions = nil
	point.Isolate = nil
	inner := NewBand(point, n.children[0])
	return c.Replace(NewBand(tile, inner)), nil
}

// tileMap returns { S -> [s_k * floor(f_k / s_k)] } for m = { S -> [f] }.
func tileMap(m presburger.Map, sizes []int64) presburger.Map {
	sp := m.Space()
	w := sp.Dim(presburger.Out)
	nin := sp.Dim(presburger.In)
	// Space S -> [t_0..t_(w-1), f_0..f_(w-1)].
	wide := presburger.NewMapSpace(sp.Params(), sp.TupleName(presburger.In), sp.DimNames(presburger.In), "", make([]string, 2*w))
	dst := dimCols(sp)
	for i := 0; i < nin; i++ {
		dst[sp.Offset(presburger.In)+i] = wide.Offset(presburger.In) + i
	}
	for k := 0; k < w; k++ {
		dst[sp.Offset(presburger.Out)+k] = wide.Offset(presburger.Out) + w + k
	}
	e := m.Remap(wide, dst)
	bb := presburger.NewBasicBuilder(wide)
	for k, s := range sizes {
		// t = s*q with s*q <= f <= s*q + s - 1, q existential.
		q := bb.AddExists()
		row := make([]int64, bb.NCols())
		row[wide.Offset(presburger.Out)+k] = 1
		row[bb.LocalCol(q)] = -s
		bb.AddEq(row)
		lo := make([]int64, bb.NCols())
		lo[wide.Offset(presburger.Out)+w+k] = 1
		lo[bb.LocalCol(q)] = -s
		bb.AddIneq(lo)
		hi := make([]int64, bb.NCols())
		hi[wide.Offset(presburger.Out)+w+k] = -1
		hi[bb.LocalCol(q)] = s
		hi[len(hi)-1] = s - 1
		bb.AddIneq(hi)
	}
	e = e.Intersect(presburger.NewMap(wide, bb.Build()))
	// Project the f dims out.
	out := presburger.NewMapSpace(sp.Params(), sp.TupleName(presburger.In), sp.DimNames(presburger.In), "", make([]string, w))
	dst2 := dimCols(wide)
	for i := 0; i < nin; i++ {
		dst2[wide.Offset(presburger.In)+i] = out.Offset(presburger.In) + i
	}
	for k := 0; k < 2*w; k++ {
		if k < w {
			dst2[wide.Offset(presburger.Out)+k] = out.Offset(presburger.Out) + k
		} else {
			dst2[wide.Offset(presburger.Out)+k] = -1
		}
	}
	return e.Remap(out, dst2)
}
