package pipeline

import (
	"errors"
	"fmt"
	"strings"

	"github.com/tessera-opt/tessera/cfront"
	"github.com/tessera-opt/tessera/internal/multiversion"
	"github.com/tessera-opt/tessera/scop"
)

// This file optimizes a region whose loops were strip-mined by hand
// (package multiversion, Unblock): the region with each block loop joined
// to its element loop is proven to compute what the original computes,
// then runs the whole region pipeline. Its text replaces the original's
// only when the scheduler's schedule won there (the joined nest in its
// own order would undo the hand blocking); otherwise the original's own
// result stands.

// unblocked returns the text of region r's joined version and true when
// it replaces what the region's own run gave (err, nil on success); reg
// then describes the joined version. Otherwise reg is unchanged.
func unblocked(src []byte, f *cfront.File, r *cfront.Region, reg *Region, opt Options, prefix string, err error) (string, bool) {
	u, uerr := multiversion.Unblock(f, r, scop.Config{File: f.Name, Context: opt.Context})
	if errors.Is(uerr, multiversion.ErrNoBlocks) {
		return "", false
	}
	if uerr != nil {
		reg.Remarks = append(reg.Remarks, "hand-blocked loops not joined: "+uerr.Error())
		return "", false
	}
	vreg := &Region{Region: u.Region, Kept: true}
	text, verr := runRegionWithin(f, u.Region, vreg, opt, prefix)
	if verr == nil {
		// The original loops give the iterators read after the region
		// their final values, the block loops' too.
		text, verr = keepIterators(f, r, vreg, text)
	}
	if verr == nil && vreg.Scop != nil {
		text, verr = underChecks(src, f, u.Region, vreg, text, opt.AssumeNoAlias, prefix)
	}
	if verr != nil {
		reg.Remarks = append(reg.Remarks, "hand-blocked loops joined ("+strings.Join(u.Blocks, ", ")+"), not optimized: "+firstLine(verr.Error()))
		return "", false
	}
	if vreg.choice == nil || vreg.choice.win == nil || vreg.choice.win.kind != kindScheduled {
		if err == nil {
			reg.Remarks = append(reg.Remarks, "hand-blocked loops joined ("+strings.Join(u.Blocks, ", ")+"), not kept: the joined nest keeps its own order there")
		}
		return "", false
	}
	note := fmt.Sprintf("hand-blocked loops joined (%s): the blocked order respects every dependence of the joined nest, which is optimized instead", strings.Join(u.Blocks, ", "))
	if u.Cond != "" {
		note += "; when " + u.Cond + " (the original code otherwise)"
		if r.Auto && !strings.HasPrefix(text, r.Indent) {
			text = r.Indent + text
		}
		text = underVersions(src, r, []string{u.Cond}, []string{text})
	}
	vreg.Remarks = append([]string{note}, vreg.Remarks...)
	vreg.Region = r
	*reg = *vreg
	return text, true
}
