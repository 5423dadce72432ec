package pipeline

import (
	"fmt"
	"strings"

	"github.com/tessera-opt/tessera/deps"
	"github.com/tessera-opt/tessera/directive"
	"github.com/tessera-opt/tessera/presburger"
	"github.com/tessera-opt/tessera/schedule"
	"github.com/tessera-opt/tessera/scop"
)

// splitParallel is index-set splitting for --parallel, for a region of one
// statement whose loops are all sequential: when every dependence that a
// loop x carries has its source, or its target, on the hyperplane x = y of
// an outer loop y (Floyd-Warshall's row k: S[k, i, j] writes path[i][j]
// and reads path[k][j], so only the instances with i = k feed or follow
// the other rows), the loop is cut in three, x < y, x = y and x > y, in
// that order (the original one, y being fixed around them), and the pieces
// x < y and x > y, which no longer carry anything, run in parallel:
//
//	for k: for i: for j: S      becomes   for k: { parallel for i < k: for j: S
//	                                                for j: S(k, k, j)
//	                                                parallel for i > k: for j: S }
//
// The tree keeps the original schedule around and inside the cut; it is
// checked against the dependences (deps.Check), and its coincident flags are
// computed from them (directive.Coincidence) before a piece gets its mark.
// It returns the tree, the number of marked loops (0: nothing found) and a
// remark.
func splitParallel(s *scop.Scop, d *deps.Deps) (t schedule.Tree, marked int, remark string, err error) {
	defer presburger.Recover(&err)
	if len(s.Statements) != 1 {
		return schedule.Tree{}, 0, "", nil
	}
	st := s.Statements[0]
	n := len(st.Iters)
	flats := s.Schedule.Flatten().Maps()
	if n < 2 || len(flats) != 1 {
		return schedule.Tree{}, 0, "", nil
	}
	flat := flats[0]
	carried := map[int][]*deps.Dep{}
	for _, l := range d.Loops {
		if l.Loop == nil {
			continue
		}
		for _, k := range l.Carried {
			carried[l.Loop.ID] = append(carried[l.Loop.ID], d.Deps[k])
		}
	}
	params := strings.Join(st.Domain.Space().Params(), ", ")
	tuple := fmt.Sprintf("%s[%s]", st.Name, strings.Join(st.Iters, ", "))
	set := func(cond string) presburger.Set {
		return presburger.MustParseSet(fmt.Sprintf("[%s] -> { %s : %s }", params, tuple, cond))
	}
	within := func(x presburger.Set, h presburger.Set) bool { return x.Subtract(h).IsEmpty() }
	for L := 1; L < n; L++ {
		deps := carried[st.Loops[L]]
		if len(deps) == 0 {
			return schedule.Tree{}, 0, "", nil // a parallel loop: nothing to split for
		}
		// The loop's flat dim must be +x (the pieces go in x's order).
		p := -1
		for k := 0; k < flat.Space().Dim(presburger.Out) && p < 0; k++ {
			if flatDimIs(flat, k, st.Iters[L], tuple, params) {
				p = k
			}
		}
		if p < 0 {
			continue
		}
		for y := 0; y < L; y++ {
			h := set(st.Iters[L] + " = " + st.Iters[y])
			ok := true
			for _, x := range deps {
				// The part of x carried by the loop (depth L+1).
				for k, lv := range x.Levels {
					if lv == L+1 && !within(x.ByLevel[k].Domain(), h) && !within(x.ByLevel[k].Range(), h) {
						ok = false
					}
				}
				if !ok {
					break
				}
			}
			if !ok {
				continue
			}
			tree, m, err := splitTree(s, d, flat, p, []presburger.Set{
				set(st.Iters[L] + " < " + st.Iters[y]), h, set(st.Iters[L] + " > " + st.Iters[y])})
			if err != nil || m == 0 {
				continue
			}
			return tree, m, fmt.Sprintf("index-set splitting: loop %s of %s cut at %s = %s (every dependence it carries starts or ends there); the pieces %s < %s and %s > %s run in parallel",
				st.Iters[L], st.Name, st.Iters[L], st.Iters[y], st.Iters[L], st.Iters[y], st.Iters[L], st.Iters[y]), nil
		}
	}
	return schedule.Tree{}, 0, "", nil
}

// flatDimIs reports whether output dim p of the statement's flat schedule
// is its iterator it.
func flatDimIs(flat presburger.Map, p int, it, tuple, params string) bool {
	out := flat.Space().Dim(presburger.Out)
	dim := flat.ProjectOut(presburger.Out, p+1, out-p-1).ProjectOut(presburger.Out, 0, p)
	want := presburger.MustParseMap(fmt.Sprintf("[%s] -> { %s -> [%s] }", params, tuple, it)).IntersectDomain(flat.Domain())
	return dim.Subtract(want).IsEmpty() && want.Subtract(dim).IsEmpty()
}

// splitTree builds the tree: the flat dims before p as a band, then a
// sequence of the pieces, each with the dims from p on as a band; it
// checks it, computes its coincident flags, and marks the pieces whose
// first member is coincident.
func splitTree(s *scop.Scop, d *deps.Deps, flat presburger.Map, p int, pieces []presburger.Set) (schedule.Tree, int, error) {
	out := flat.Space().Dim(presburger.Out)
	outer := schedule.NewBandFromSchedule(presburger.NewUnionMap(flat.ProjectOut(presburger.Out, p, out-p)))
	innerMap := presburger.NewUnionMap(flat.ProjectOut(presburger.Out, 0, p))
	var filters []*schedule.Node
	for _, pc := range pieces {
		filters = append(filters, schedule.NewFilter(presburger.NewUnionSet(pc), schedule.NewBand(schedule.NewBandFromSchedule(innerMap), nil)))
	}
	tree := schedule.NewTree(schedule.NewDomain(s.Schedule.Domain(), schedule.NewBand(outer, schedule.NewSequence(filters...))))
	if ok, w := deps.Check(tree.Flatten(), d); !ok {
		return schedule.Tree{}, 0, fmt.Errorf("split schedule illegal: %v", w)
	}
	tree, err := directive.Coincidence(tree, d)
	if err != nil {
		return schedule.Tree{}, 0, err
	}
	// Mark the coincident pieces (the middle one, x = y, is one iteration).
	var paths [][]int
	tree.Walk(func(c schedule.Cursor) bool {
		nd := c.Node()
		if nd.Kind() == schedule.KindBand {
			if par, ok := c.Parent(); ok && par.Node().Kind() == schedule.KindFilter {
				if b := nd.Band(); b.Width > 0 && b.Coincident[0] && c.Path()[len(c.Path())-2] != 1 {
					paths = append(paths, c.Path())
				}
			}
		}
		return true
	})
	for i := len(paths) - 1; i >= 0; i-- {
		c := tree.Cursor()
		for _, k := range paths[i] {
			c = c.Child(k)
		}
		tree = c.InsertMark("parallel").Tree()
	}
	return tree, len(paths), nil
}
