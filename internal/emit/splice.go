package emit

import (
	"fmt"
	"sort"
)

// Edit replaces the bytes [Start, End) of a file by Text. Start == End is
// an insertion.
type Edit struct {
	Start, End int
	Text       string
}

// Splice applies edits to orig and returns the new text; every byte outside
// the edited ranges is kept unchanged. The edits must be sorted by Start
// and must not overlap (insertions at the same offset apply in the given
// order); otherwise Splice returns an error and no text. orig is not
// modified.
func Splice(orig []byte, edits []Edit) ([]byte, error) {
	size := len(orig)
	prev := 0
	for i, e := range edits {
		if e.Start < 0 || e.End < e.Start || e.End > len(orig) {
			return nil, fmt.Errorf("emit: splice: edit %d [%d, %d) out of range [0, %d]", i, e.Start, e.End, len(orig))
		}
		if e.Start < prev {
			return nil, fmt.Errorf("emit: splice: edit %d [%d, %d) overlaps or precedes the previous edit (ending at %d)", i, e.Start, e.End, prev)
		}
		prev = e.End
		size += len(e.Text) - (e.End - e.Start)
	}
	out := make([]byte, 0, size)
	pos := 0
	for _, e := range edits {
		out = append(out, orig[pos:e.Start]...)
		out = append(out, e.Text...)
		pos = e.End
	}
	out = append(out, orig[pos:]...)
	return out, nil
}

// SpliceWithPrelude applies edits (in any order; equal starts keep their
// given order) and inserts PreludeFor(prefix) once, unless orig already
// has a prelude. It is the usual last step of the emitter for one file;
// prefix must be the Config.HelperPrefix the regions were printed with.
func SpliceWithPrelude(orig []byte, edits []Edit, prefix string) ([]byte, error) {
	all := make([]Edit, 0, len(edits)+1)
	if pe, ok := PreludeEditFor(orig, prefix); ok {
		for _, e := range edits {
			if e.Start < pe.Start && pe.Start < e.End {
				return nil, fmt.Errorf("emit: splice: edit [%d, %d) covers the prelude position %d", e.Start, e.End, pe.Start)
			}
		}
		all = append(all, pe)
	}
	all = append(all, edits...)
	sort.SliceStable(all, func(i, j int) bool { return all[i].Start < all[j].Start })
	return Splice(orig, all)
}
