package split

import (
	"fmt"

	"github.com/tessera-opt/tessera/presburger"
	"github.com/tessera-opt/tessera/schedule"
	"github.com/tessera-opt/tessera/scop"
)

// Schedule is what the scheduler gave a model, as the tests of a split's
// worth read it: the tree and each statement's hyperplanes (Hyperplanes[k]
// for Scop.Statements[k]: iterator coefficients, then the constant).
type Schedule struct {
	Tree        schedule.Tree
	Hyperplanes [][][]int64
}

// SameOrder reports whether the schedule of the split model gives the
// update of every split statement the rows (iterator coefficients) that
// the schedule of the original model gives the unsplit statement: the
// split then changes nothing but what the scheduler's cache model counts.
func (r *Result) SameOrder(orig *scop.Scop, before, after Schedule) bool {
	same := true
	for _, dec := range r.Decisions {
		if dec.Split && dec.Temp != nil {
			same = same && sameRows(rowsOf(before, orig, dec.Stmt), rowsOf(after, r.Scop, dec.Temp.Upd))
		}
	}
	return same
}

// LostParallel returns why the split is not kept for parallel code when
// a split statement's definition or update has its outermost parallel
// loop deeper than the unsplit statement had, or none, in the trees'
// "parallel" marks ("" when none does). The temporary's dependences are
// carried by the left side's last loop, which may be the nest's only
// parallel loop.
func (r *Result) LostParallel(before, after schedule.Tree) string {
	b0, a0 := parallelDepths(before), parallelDepths(after)
	for _, dec := range r.Decisions {
		if !dec.Split || dec.Temp == nil {
			continue
		}
		b, ok := b0[dec.Stmt]
		if !ok {
			continue
		}
		for _, name := range []string{dec.Temp.Def, dec.Temp.Upd} {
			if a, ok := a0[name]; !ok || a > b {
				return fmt.Sprintf("%s loses its parallel loop (at depth %d unsplit, %s split): the temporary's dependences are carried by it", dec.Stmt, b, depthText(a, ok))
			}
		}
	}
	return ""
}

// rowsOf returns the hyperplanes of statement name that depend on its
// iterators (scalar levels dropped), nil when unknown.
func rowsOf(sc Schedule, s *scop.Scop, name string) [][]int64 {
	for k, st := range s.Statements {
		if st.Name != name || k >= len(sc.Hyperplanes) {
			continue
		}
		var out [][]int64
		for _, row := range sc.Hyperplanes[k] {
			for _, c := range row[:len(row)-1] {
				if c != 0 {
					out = append(out, row[:len(row)-1])
					break
				}
			}
		}
		return out
	}
	return nil
}

func sameRows(a, b [][]int64) bool {
	if a == nil || b == nil || len(a) != len(b) {
		return false
	}
	for k := range a {
		if fmt.Sprint(a[k]) != fmt.Sprint(b[k]) {
			return false
		}
	}
	return true
}

func depthText(d int, ok bool) string {
	if !ok {
		return "none"
	}
	return fmt.Sprintf("depth %d", d)
}

// parallelDepths maps each statement to the number of band members above
// its outermost loop marked parallel (statements without one are absent).
func parallelDepths(t schedule.Tree) map[string]int {
	out := map[string]int{}
	var walk func(n *schedule.Node, active map[string]bool, depth int)
	walk = func(n *schedule.Node, active map[string]bool, depth int) {
		switch n.Kind() {
		case schedule.KindDomain:
			active = map[string]bool{}
			for _, sp := range n.Domain().Spaces() {
				active[sp.TupleName(presburger.Out)] = true
			}
		case schedule.KindFilter:
			sub := map[string]bool{}
			for _, sp := range n.Filter().Spaces() {
				if name := sp.TupleName(presburger.Out); active[name] {
					sub[name] = true
				}
			}
			active = sub
		case schedule.KindBand:
			depth += n.Band().Width
		case schedule.KindMark:
			if n.MarkName() == "parallel" {
				for name := range active {
					if _, seen := out[name]; !seen {
						out[name] = depth
					}
				}
			}
		}
		for _, c := range n.Children() {
			walk(c, active, depth)
		}
	}
	walk(t.Root(), nil, 0)
	return out
}
