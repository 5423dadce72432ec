package pipeline

import (
	"fmt"

	"github.com/tessera-opt/tessera/internal/cexpand"
	"github.com/tessera-opt/tessera/internal/expand"
)

// Scalar expansion (packages expand and cexpand) in the pipeline.
//
// After the dependences, the scalars that the region writes and that are
// dead after it (cexpand.Region.Dead) get, web by web, arrays of their
// own (expand.Expand): a second model of the region. The chooser
// (choose.go) tries it first when the scheduler tiles deeper or
// parallelizes more of the deepest statements with it, or, with
// --vectorize, when it is not worse and its innermost loops have better
// accesses (expansionGains); it keeps it only when the schedule chosen on
// it does not keep the original order. Its storage is allocated on the
// heap around the region's generated code (cexpand.Storage.Wrap).
// --explain says which scalars were expanded and why the others were not
// ("scalar expansion: ...").

// expandedModel builds the region's expanded model from base, the
// region's own, computes its dependences and schedules it, and returns it
// when the chooser's rule expansionGains prefers it (nil otherwise, or
// when there is nothing to expand); the remarks say which scalars were
// expanded and why the others were not.
func (rr *regionRun) expandedModel(base *model) *model {
	f, s, opt := rr.f, base.s, rr.opt
	if opt.Identity || opt.NoExpand || opt.Schedule != nil || rr.reg.Split != nil || !cexpand.HasScalar(s) {
		return nil
	}
	note := func(format string, args ...any) {
		rr.reg.Remarks = append(rr.reg.Remarks, "scalar expansion: "+fmt.Sprintf(format, args...))
	}
	g := cexpand.NewRegion(f, rr.r, s)
	res, err := expand.Expand(s, expand.Config{Dead: g.Dead, Taken: func(name string) bool { return rr.ids[name] }})
	if err != nil {
		note("not done: %v", err)
		return nil
	}
	for _, k := range res.Skipped {
		note("%s (%s:%d:%d) not expanded: %s", k.Scalar, f.Name, k.Pos.Line, k.Pos.Col, k.Why)
	}
	if len(res.Webs) == 0 {
		return nil
	}
	m := rr.modelOf(res.Scop, "the expanded model")
	m.exp = g.Storage(res.Webs)
	list := m.exp.Describe(f.Name)
	if _, err := rr.depsOf(m); err != nil {
		note("not kept (%v): %s", err, list)
		return nil
	}
	if _, err := rr.scheduleOf(m); err != nil {
		note("not kept: the scheduler failed on the expanded model (%v): %s", err, list)
		return nil
	}
	why, en, on := rr.expansionGains(base, m) // choose.go
	if why == "" && opt.forceExpand {
		why = "forced (a test's setting)"
	}
	if why == "" {
		note("not kept: the expanded model tiles %d loop(s) and runs %d of the deepest statements in parallel, the original %d and %d: %s", en.tiled, en.parallel, on.tiled, on.parallel, list)
		return nil
	}
	note("expanded %s; %s", list, why)
	m.expWhy = why
	return m
}
