package emit

import (
	"fmt"
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
