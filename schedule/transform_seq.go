package schedule

import (
	"fmt"

	"github.com/tessera-opt/tessera/presburger"
)

// This file holds loop fusion and distribution on schedule trees: moving a
// band across a Sequence node. Legality is checked by the caller against
// the dependences (deps.Check of the flattened tree).

// DistributeBand distributes the band at the cursor over its child, which
// must be a Sequence or Set node: the band is removed and each filter of
// the sequence gets a copy of the band restricted to its instances
// (loop distribution, "fission"). It returns a cursor at the sequence.
func (c Cursor) DistributeBand() (Cursor, error) {
	b, n, err := c.bandAt("DistributeBand")
	if err != nil {
		return c, err
	}
	seq := n.children[0]
	if seq.kind != KindSequence && seq.kind != KindSet {
		return c, fmt.Errorf("schedule: DistributeBand: the band's child is a %v node, not a sequence", seq.kind)
	}
	var filters []*Node
	for _, f := range seq.children {
		nb := b.clone()
		nb.Schedule = b.Schedule.IntersectDomain(f.uset)
		nb.Isolate = nil
		filters = append(filters, NewFilter(f.uset, NewBand(nb, f.children[0])))
	}
	return c.Replace(newSeqOrSet(seq.kind, filters)), nil
}

// FuseSequence fuses the children first..first+n-1 (n >= 2) of the
// Sequence node at the cursor: each of them must be a filter whose child
// is a band, all of the same width. The outer bands are merged into one
// band over a sequence of the filters (each keeping what was below its
// band), so that the loops of these bands become one loop nest (loop
// fusion). When all children are fused the sequence node itself is
// replaced; otherwise the fused children become one filter. The result is
// permutable when all bands were; member k is coincident when it was in
// all of them. It returns a cursor at the fused band.
func (c Cursor) FuseSequence(first, n int) (Cursor, error) {
	seq := c.Node()
	if seq.kind != KindSequence {
		return c, fmt.Errorf("schedule: FuseSequence on a %v node", seq.kind)
	}
	if n < 2 || first < 0 || first+n > len(seq.children) {
		return c, fmt.Errorf("schedule: FuseSequence: children %d..%d out of %d", first, first+n-1, len(seq.children))
	}
	var fused Band
	var inner []*Node
	var filter presburger.UnionSet
	for i := first; i < first+n; i++ {
		f := seq.children[i]
		bn := f.children[0]
		if bn.kind != KindBand {
			return c, fmt.Errorf("schedule: FuseSequence: child %d has no band below its filter (a %v node)", i, bn.kind)
		}
		b := bn.band
		if i == first {
			fused = b.clone()
			fused.Isolate = nil
			filter = f.uset
		} else {
			if b.Width != fused.Width {
				return c, fmt.Errorf("schedule: FuseSequence: bands of widths %d and %d", fused.Width, b.Width)
			}
			fused.Schedule = fused.Schedule.Union(b.Schedule)
			fused.Permutable = fused.Permutable && b.Permutable
			for k := range fused.Coincident {
				fused.Coincident[k] = fused.Coincident[k] && b.Coincident[k]
			}
			filter = filter.Union(f.uset)
		}
		inner = append(inner, NewFilter(f.uset, bn.children[0]))
	}
	band := NewBand(fused, NewSequence(inner...))
	if n == len(seq.children) {
		return c.Replace(band), nil
	}
	var ch []*Node
	ch = append(ch, seq.children[:first]...)
	ch = append(ch, NewFilter(filter, band))
	ch = append(ch, seq.children[first+n:]...)
	nc := c.Replace(NewSequence(ch...))
	return nc.Child(first).Child(0), nil
}
