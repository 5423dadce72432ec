package pipeline

import (
	"fmt"

	"github.com/tessera-opt/tessera/ast"
	"github.com/tessera-opt/tessera/internal/csplit"
	"github.com/tessera-opt/tessera/internal/split"
	"github.com/tessera-opt/tessera/scop"
)

// applySplit runs statement splitting (package split) on the model of one
// region and returns the model the later stages use. With Options.Split
// off it only explains, in the remarks, what splitting would do. A user
// schedule names the original statements and the identity schedule
// regenerates the original code, so neither is split. Splitting never
// fails a region: a panic in it keeps the original model.
func (rr *regionRun) applySplit(s *scop.Scop) (out *scop.Scop) {
	f, r, reg, opt := rr.f, rr.r, rr.reg, rr.opt
	if opt.Identity || opt.Schedule != nil {
		return s
	}
	defer func() {
		if p := recover(); p != nil {
			reg.Split = nil
			reg.Remarks = append(reg.Remarks, fmt.Sprintf("statement splitting: internal error (%v); statements kept as written", p))
			out = s
		}
	}()
	prefix := split.RegionPrefix(0)
	for k, other := range f.Regions {
		if other == r {
			prefix = split.RegionPrefix(k)
		}
	}
	res, err := split.Apply(f, r, s, split.Config{Scop: scop.Config{File: f.Name, Context: opt.Context}, Taken: rr.ids, Expand: opt.SplitExpand, Prefix: prefix})
	if err != nil {
		reg.Remarks = append(reg.Remarks, "statement splitting: "+err.Error())
		return s
	}
	for _, d := range res.Decisions {
		reg.Remarks = append(reg.Remarks, d.Remark(opt.Split))
	}
	if !opt.Split || !res.Split() {
		return s
	}
	plainElemTypes(res.Scop) // as the region's model, before it is scheduled
	if opt.Vectorize {
		// The temporary's store hides the matmul pattern and the
		// reduction from package vector.
		reg.Remarks = append(reg.Remarks, "statement splitting: undone, --vectorize recognizes the unsplit statements (matmul kernels, reductions)")
		return s
	}
	if why := rr.splitGains(s, res); why != "" {
		reg.Remarks = append(reg.Remarks, "statement splitting: undone, "+why)
		return s
	}
	reg.Split = res
	return res.Scop
}

// splitGains schedules the split model as the scheduler stage will and
// returns why the split is not worth keeping ("" when it is):
//   - the pipeline would keep the original schedule (nothing tiled or
//     parallel), so the split statements would run in the original order
//     with one more store and load per instance;
//   - the scheduler gives the split statements the loop order of the
//     unsplit ones (split.Result.SameOrder);
//   - with --parallel, a split statement loses the outermost parallel
//     loop the unsplit statement had (split.Result.LostParallel).
func (rr *regionRun) splitGains(orig *scop.Scop, res *split.Result) string {
	ms := rr.modelOf(res.Scop, "the split model")
	if _, err := rr.depsOf(ms); err != nil {
		return "the dependences of the split region cannot be computed: " + err.Error()
	}
	sr, err := rr.scheduleOf(ms)
	if err != nil {
		return "the split region cannot be scheduled: " + err.Error()
	}
	if !sr.Gains {
		return "the scheduler finds nothing to tile or parallelize in the split region, which would keep its original schedule"
	}
	m0 := rr.modelOf(orig, "the region's model")
	if _, err := rr.depsOf(m0); err != nil {
		return ""
	}
	sr0, err := rr.scheduleOf(m0)
	if err != nil || !sr0.Gains {
		return ""
	}
	if res.SameOrder(orig, split.Schedule{Tree: sr0.Tree, Hyperplanes: sr0.Hyperplanes}, split.Schedule{Tree: sr.Tree, Hyperplanes: sr.Hyperplanes}) {
		return "the scheduler gives the split statements the loop order of the unsplit ones"
	}
	if !rr.opt.Sched.Parallel {
		return ""
	}
	return res.LostParallel(sr0.Tree, sr.Tree)
}

// addSplitHeader includes the headers that the temporaries on the heap
// need (split.AddHeaders) when a region that is not kept has one.
func addSplitHeader(out []byte, regions []*Region) []byte {
	heap := false
	for _, r := range regions {
		heap = heap || !r.Kept && r.Split.OnHeap()
	}
	return split.AddHeaders(out, heap)
}

// contractSplitTemps turns the contraction of splitBodies on (tests turn
// it off to exercise the temporaries' declarations).
var contractSplitTemps = true

// splitBodies contracts the region's split temporaries where the
// generated code n prints a definition right before its update (package
// csplit); vectorized regions print their statements themselves and keep
// the arrays.
func splitBodies(reg *Region, n ast.Node, body func(u *ast.User) (string, error), prefix string, taken map[string]bool, iterValue func(it, e string) string) func(u *ast.User) (string, error) {
	if reg.Split == nil || reg.Vector != nil || !contractSplitTemps {
		return body
	}
	out, remarks := csplit.Contract(reg.Split, n, body, csplit.Config{Prefix: prefix, Taken: taken, IterValue: iterValue})
	reg.Remarks = append(reg.Remarks, remarks...)
	return out
}
