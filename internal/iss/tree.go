package iss

import (
	"fmt"

	"github.com/tessera-opt/tessera/deps"
	"github.com/tessera-opt/tessera/internal/directive"
	"github.com/tessera-opt/tessera/presburger"
	"github.com/tessera-opt/tessera/schedule"
	"github.com/tessera-opt/tessera/scop"
)

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
	// k on still to be made.
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
	return markPieces(tree, parallel)
}

// markPieces looks at the bands right under a piece x < y or x > y (not
// x = y: one iteration), outermost first. With parallel it marks those
// whose first member is coincident, none inside another, and returns the
// number of marks; without, it returns the tree and 1 when one of them
// is coincident, the zero Tree and 0 otherwise.
func markPieces(tree schedule.Tree, parallel bool) (schedule.Tree, int, error) {
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
