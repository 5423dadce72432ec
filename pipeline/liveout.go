package pipeline

import (
	"github.com/tessera-opt/tessera/cfront"
	"github.com/tessera-opt/tessera/internal/liveout"
)

// keepIterators gives the iterators of region r that the code after it
// reads their final values after its new text (package liveout), and
// records why in the region's remarks.
func keepIterators(f *cfront.File, r *cfront.Region, reg *Region, text string) (string, error) {
	text, remark, err := liveout.Keep(f, r, text)
	if err != nil {
		return "", err
	}
	if remark != "" {
		reg.Remarks = append(reg.Remarks, remark)
	}
	return text, nil
}
