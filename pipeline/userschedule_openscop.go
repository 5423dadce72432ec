package pipeline

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/tessera-opt/tessera/cfront"
	"github.com/tessera-opt/tessera/deps"
	"github.com/tessera-opt/tessera/internal/directive"
	"github.com/tessera-opt/tessera/openscop"
	"github.com/tessera-opt/tessera/presburger"
	"github.com/tessera-opt/tessera/schedule"
	"github.com/tessera-opt/tessera/scop"
)

// applyOpenScop builds the region's tree from the OpenScop document of
// the region (the k-th document for the k-th region of the file) and
// checks it against the dependences.
//
// The document must describe the region: the same parameters (by name;
// a document without names takes the region's, in its order), the same
// number of statements in the region's order, and for each statement
// the domain of the region's statement (under the region's context).
// Its scatterings, padded with zero dims to one length, become a tree
// under the region's domain (scatteringTree) whose order is the
// lexicographic order of the scattering vectors. A scattering that is
// not a function of the instance, or an order that breaks a dependence,
// is refused.
func (u *UserSchedule) applyOpenScop(s *scop.Scop, d *deps.Deps, f *cfront.File, r *cfront.Region, fail func(line, col int, msg string) error) (t schedule.Tree, err error) {
	defer func() {
		if x := recover(); x != nil {
			pe, ok := x.(*presburger.Error)
			if !ok {
				panic(x)
			}
			err = fail(1, 1, pe.Error())
		}
	}()
	idx := slices.Index(f.Regions, r)
	if idx < 0 || idx >= len(u.OpenScop) {
		return t, fail(1, 1, fmt.Sprintf("no OpenScop document for region %d (the file has %d)", idx+1, len(u.OpenScop)))
	}
	doc := u.OpenScop[idx]
	m, err := doc.Model(u.File, s.Params)
	if err != nil {
		var oe *openscop.Error
		if errors.As(err, &oe) {
			return t, fail(oe.Line, oe.Col, oe.Msg)
		}
		return t, fail(doc.Line, 1, err.Error())
	}
	if !sameNames(m.Params, s.Params) {
		return t, fail(doc.Line, 1, fmt.Sprintf("the document's parameters [%s] are not the region's [%s]", strings.Join(m.Params, ", "), strings.Join(s.Params, ", ")))
	}
	if len(m.Domains) != len(s.Statements) {
		return t, fail(doc.Line, 1, fmt.Sprintf("the document has %d statements, the region %d", len(m.Domains), len(s.Statements)))
	}
	ctx := s.Context.AlignParams(s.Params)
	for k, st := range s.Statements {
		// A document written back by a tool that tiles may have extra
		// leading domain dims (tile iterators): keep the last ones.
		m.KeepLastDims(k, len(st.Iters))
		mine := st.Domain.AlignParams(s.Params).IntersectParams(ctx)
		theirs := m.Domains[k].AlignParams(s.Params).IntersectParams(ctx)
		if mine.Space().Dim(presburger.SetDim) != theirs.Space().Dim(presburger.SetDim) || !mine.IsEqual(theirs) {
			return t, fail(doc.Statements[k].Domain.Line, 1, fmt.Sprintf("the domain of statement %d is not the domain of %s (%s) of the region", k+1, st.Name, strings.TrimSpace(st.Text)))
		}
	}
	sched, width, err := m.OrderedSchedule()
	if err != nil {
		return t, fail(doc.Line, 1, err.Error())
	}
	sched = sched.AlignParams(s.Params)
	if k := m.NotFunction(); k >= 0 {
		return t, fail(doc.Statements[k].Scattering.Line, 1, fmt.Sprintf("the scattering of statement %d gives some instances several dates (it must be a function of the iterators)", k+1))
	}
	t = schedule.NewTree(schedule.NewDomain(s.Domain, scatteringTree(sched.Maps(), width, 0)))
	if v := directive.Check(t, d); v != nil {
		return t, fail(doc.Line, 1, strings.Replace(v.Error(), "schedule violates", "the scattering violates", 1))
	}
	return directive.Coincidence(t, d)
}

// sameNames reports whether a and b hold the same names (in any order).
func sameNames(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	x, y := slices.Clone(a), slices.Clone(b)
	slices.Sort(x)
	slices.Sort(y)
	return slices.Equal(x, y)
}

// scatteringTree returns the schedule tree, below the domain node, of
// the flat schedule maps (one per statement, all with width output dims)
// from dim d on, as the region's own trees are built: a dim that is one
// constant per statement and differs between statements becomes a
// sequence of filters in the order of the constants (one that is the
// same constant for all is dropped); any other dim becomes a band of one
// member. Loops then stand in bands of their own, which is what the
// parallel and vector stages look at, and the tree orders the instances
// as the flat schedule does.
func scatteringTree(maps []presburger.Map, width, d int) *schedule.Node {
	if d >= width || len(maps) == 0 {
		return nil
	}
	groups := map[int64][]presburger.Map{}
	for _, m := range maps {
		v, ok := constantDim(m, width, d)
		if !ok {
			var parts []presburger.Map
			for _, m := range maps {
				parts = append(parts, m.ProjectOut(presburger.Out, d+1, width-d-1).ProjectOut(presburger.Out, 0, d))
			}
			band := schedule.NewBandFromSchedule(presburger.NewUnionMap(parts...))
			return schedule.NewBand(band, scatteringTree(maps, width, d+1))
		}
		groups[v] = append(groups[v], m)
	}
	if len(groups) == 1 {
		return scatteringTree(maps, width, d+1)
	}
	var keys []int64
	for v := range groups {
		keys = append(keys, v)
	}
	slices.Sort(keys)
	var filters []*schedule.Node
	for _, v := range keys {
		var doms []presburger.Set
		for _, m := range groups[v] {
			doms = append(doms, m.Domain())
		}
		filters = append(filters, schedule.NewFilter(presburger.NewUnionSet(doms...), scatteringTree(groups[v], width, d+1)))
	}
	return schedule.NewSequence(filters...)
}

// constantDim reports whether output dim d of m takes one value on all of
// m's domain, independent of the parameters, and which.
func constantDim(m presburger.Map, width, d int) (int64, bool) {
	r := m.Range().ProjectOut(presburger.Out, d+1, width-d-1).ProjectOut(presburger.Out, 0, d)
	pt, ok := r.Sample()
	if !ok {
		return 0, true // no instance: any constant
	}
	v := pt[len(pt)-1]
	return v, r.IsSubset(presburger.UniverseSet(r.Space()).FixVal(presburger.Out, 0, v))
}
