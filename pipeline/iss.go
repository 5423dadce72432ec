package pipeline

import (
	"fmt"
	"strings"

	"github.com/tessera-opt/tessera/deps"
	"github.com/tessera-opt/tessera/internal/directive"
	"github.com/tessera-opt/tessera/presburger"
	"github.com/tessera-opt/tessera/schedule"
	"github.com/tessera-opt/tessera/scop"
)

// A cut is one loop of the statement cut in three at the hyperplane
// x = y of an outer loop y: the pieces x < y, x = y and x > y, in that
// order (the original one: y is fixed around them).
type cut struct {
	level int // the loop's depth, 0 outermost
	dim   int // its dim in the flat schedule
	outer int // the depth of y
}

// splitParallel is index-set splitting, for a region of one statement: when
// every dependence that a loop x carries has its source, or its target, on
// the hyperplane x = y of an outer loop y (an all-pairs path update's row k:
// S[k, i, j] writes path[i][j] and reads path[k][j], so only the instances
// with i = k feed or follow the other rows; and path[i][k], read along j,
// is written at j = k), the loop is cut in three, x < y, x = y and x > y,
// and the pieces x < y and x > y no longer carry anything:
//
//	for k: for i: for j: S      becomes   for k: { parallel for i < k: { for j < k: S; S(k, i, k); for j > k: S }
//	                                                for j < k: S(k, k, j); ...
//	                                                parallel for i > k: ... }
//
// With parallel set, every loop that can be is cut and the outermost
// pieces that carry nothing get a "parallel" mark; otherwise only the
// innermost loop is (its pieces become vectorizable). The tree keeps the
// original schedule around and inside the cuts; it is checked against the
// dependences (deps.Check) and its coincident flags are computed from them
// (directive.Coincidence). It returns the tree, the number of marked loops
// (with parallel; without, 1 when a cut was made) and a remark; marked 0:
// nothing found.
func splitParallel(s *scop.Scop, d *deps.Deps, parallel bool) (t schedule.Tree, marked int, remark string, err error) {
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
	if d.HasDivisions() {
		// The emptiness tests below can take seconds there, for nests
		// that are not of the kind this cut serves anyway.
		return schedule.Tree{}, 0, "", nil
	}
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
	var cuts []cut
	first := 1
	if !parallel {
		first = n - 1
	}
	for L := first; L < n; L++ {
		deps := carried[st.Loops[L]]
		if len(deps) == 0 {
			if parallel {
				return schedule.Tree{}, 0, "", nil // a parallel loop: nothing to cut for
			}
			continue
		}
		// The loop's flat dim must be +x (the pieces go in x's order).
		p := -1
		for k := 0; k < flat.Space().Dim(presburger.Out) && p < 0; k++ {
			if flatDimIs(flat, k, st.Iters[L], tuple, params) {
				p = k
			}
		}
		if p < 0 || len(cuts) > 0 && p <= cuts[len(cuts)-1].dim {
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
			if ok {
				cuts = append(cuts, cut{level: L, dim: p, outer: y})
				break
			}
		}
	}
	if len(cuts) == 0 {
		return schedule.Tree{}, 0, "", nil
	}
	pieces := func(c cut) []presburger.Set {
		x, y := st.Iters[c.level], st.Iters[c.outer]
		return []presburger.Set{set(x + " < " + y), set(x + " = " + y), set(x + " > " + y)}
	}
	tree, m, err := splitTree(s, d, flat, cuts, pieces, parallel)
	if err != nil || m == 0 {
		return schedule.Tree{}, 0, "", err
	}
	var what []string
	for _, c := range cuts {
		what = append(what, fmt.Sprintf("loop %s at %s = %s", st.Iters[c.level], st.Iters[c.level], st.Iters[c.outer]))
	}
	use := "the pieces on either side carry no dependence"
	if parallel {
		use += fmt.Sprintf("; %d of them run in parallel", m)
	}
	return tree, m, fmt.Sprintf("index-set splitting of %s: %s (every dependence such a loop carries starts or ends there); %s",
		st.Name, strings.Join(what, ", "), use), nil
}

// flatDimIs reports whether output dim p of the statement's flat schedule
// is its iterator it.
func flatDimIs(flat presburger.Map, p int, it, tuple, params string) bool {
	out := flat.Space().Dim(presburger.Out)
	dim := flat.ProjectOut(presburger.Out, p+1, out-p-1).ProjectOut(presburger.Out, 0, p)
	want := presburger.MustParseMap(fmt.Sprintf("[%s] -> { %s -> [%s] }", params, tuple, it)).IntersectDomain(flat.Domain())
	return dim.Subtract(want).IsEmpty() && want.Subtract(dim).IsEmpty()
}

// splitTree builds the tree of the cuts: bands of the flat dims between
// them, a sequence of the three pieces at each cut's dim. It checks the
// tree, computes its coincident flags and, with parallel, marks the
// outermost band of each piece x < y or x > y whose first member is
// coincident (and no band inside a marked one). It returns the tree and
// the number of marks (without parallel: 1 when some band right under a
// cut's piece is coincident).
func splitTree(s *scop.Scop, d *deps.Deps, flat presburger.Map, cuts []cut, pieces func(cut) []presburger.Set, parallel bool) (schedule.Tree, int, error) {
	out := flat.Space().Dim(presburger.Out)
	dims := func(a, b int) *schedule.Node { // a band of flat dims [a, b), nil when empty
		if a >= b {
			return nil
		}
		m := flat.ProjectOut(presburger.Out, b, out-b).ProjectOut(presburger.Out, 0, a)
		return schedule.NewBand(schedule.NewBandFromSchedule(presburger.NewUnionMap(m)), nil)
	}
	// build returns the subtree of the flat dims from p on, the cuts from
	// k on still to be made; at is true when the cut at p was made.
	var build func(p, k int) *schedule.Node
	build = func(p, k int) *schedule.Node {
		end := out
		if k < len(cuts) {
			end = cuts[k].dim
		}
		var child *schedule.Node
		if k < len(cuts) {
			var fs []*schedule.Node
			for _, pc := range pieces(cuts[k]) {
				fs = append(fs, schedule.NewFilter(presburger.NewUnionSet(pc), build(cuts[k].dim, k+1)))
			}
			child = schedule.NewSequence(fs...)
		}
		band := dims(p, end)
		if band == nil {
			return child
		}
		if child != nil {
			band = schedule.NewBand(band.Band(), child)
		}
		return band
	}
	tree := schedule.NewTree(schedule.NewDomain(s.Schedule.Domain(), build(0, 0)))
	if ok, w := deps.Check(tree.Flatten(), d); !ok {
		return schedule.Tree{}, 0, fmt.Errorf("split schedule illegal: %v", w)
	}
	tree, err := directive.Coincidence(tree, d)
	if err != nil {
		return schedule.Tree{}, 0, err
	}
	// The bands right under a piece x < y or x > y (not x = y: one
	// iteration), outermost first.
	var paths [][]int
	found := 0
	tree.Walk(func(c schedule.Cursor) bool {
		nd := c.Node()
		if nd.Kind() != schedule.KindBand {
			return true
		}
		par, ok := c.Parent()
		if !ok || par.Node().Kind() != schedule.KindFilter || c.Path()[len(c.Path())-2] == 1 {
			return true
		}
		if b := nd.Band(); b.Width > 0 && b.Coincident[0] {
			found++
			if parallel {
				paths = append(paths, c.Path())
				return false // nothing inside a parallel loop gets a mark
			}
		}
		return true
	})
	if !parallel {
		if found > 0 {
			return tree, 1, nil
		}
		return schedule.Tree{}, 0, nil
	}
	for i := len(paths) - 1; i >= 0; i-- {
		tree = tree.CursorAt(paths[i]).InsertMark("parallel").Tree()
	}
	return tree, len(paths), nil
}
