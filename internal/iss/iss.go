package iss

import (
	"fmt"
	"strings"

	"github.com/tessera-opt/tessera/deps"
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

// nest is the one statement of a region with what the cuts are computed
// from.
type nest struct {
	st     *scop.Statement
	flat   presburger.Map // the statement's flat schedule
	tuple  string         // S[i, j, ...] in isl notation
	params string         // the parameters, comma-separated
}

// set is the part of the statement's domain space where cond holds.
func (n *nest) set(cond string) presburger.Set {
	return presburger.MustParseSet(fmt.Sprintf("[%s] -> { %s : %s }", n.params, n.tuple, cond))
}

// pieces are the three pieces of cut c, in order.
func (n *nest) pieces(c cut) []presburger.Set {
	x, y := n.st.Iters[c.level], n.st.Iters[c.outer]
	return []presburger.Set{n.set(x + " < " + y), n.set(x + " = " + y), n.set(x + " > " + y)}
}

// Split is index-set splitting for a region of one statement (see the
// package documentation). It returns the tree, the number of marked
// loops (with parallel; without, 1 when a cut was made) and a remark;
// marked 0: nothing found.
func Split(s *scop.Scop, d *deps.Deps, parallel bool) (t schedule.Tree, marked int, remark string, err error) {
	defer presburger.Recover(&err)
	if len(s.Statements) != 1 {
		return schedule.Tree{}, 0, "", nil
	}
	st := s.Statements[0]
	flats := s.Schedule.Flatten().Maps()
	if len(st.Iters) < 2 || len(flats) != 1 {
		return schedule.Tree{}, 0, "", nil
	}
	if d.HasDivisions() {
		// The emptiness tests below can take seconds there, for nests
		// that are not of the kind this cut serves anyway.
		return schedule.Tree{}, 0, "", nil
	}
	n := &nest{st: st, flat: flats[0],
		tuple:  fmt.Sprintf("%s[%s]", st.Name, strings.Join(st.Iters, ", ")),
		params: strings.Join(st.Domain.Space().Params(), ", ")}
	cuts := n.cuts(carriedBy(d), parallel)
	if len(cuts) == 0 {
		return schedule.Tree{}, 0, "", nil
	}
	tree, m, err := splitTree(s, d, n.flat, cuts, n.pieces, parallel)
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

// carriedBy maps the ID of each loop (Scop.Loops) to the dependences it
// carries.
func carriedBy(d *deps.Deps) map[int][]*deps.Dep {
	carried := map[int][]*deps.Dep{}
	for _, l := range d.Loops {
		if l.Loop == nil {
			continue
		}
		for _, k := range l.Carried {
			carried[l.Loop.ID] = append(carried[l.Loop.ID], d.Deps[k])
		}
	}
	return carried
}

// cuts chooses the loops to cut, outermost first: with parallel every
// loop below the outermost (none when one of them carries nothing),
// otherwise the innermost only. A loop is cut at the first outer loop y
// such that every dependence it carries starts or ends on x = y.
func (n *nest) cuts(carried map[int][]*deps.Dep, parallel bool) []cut {
	st := n.st
	var cuts []cut
	first := 1
	if !parallel {
		first = len(st.Iters) - 1
	}
	for L := first; L < len(st.Iters); L++ {
		ds := carried[st.Loops[L]]
		if len(ds) == 0 {
			if parallel {
				return nil // a parallel loop: nothing to cut for
			}
			continue
		}
		// The loop's flat dim must be +x (the pieces go in x's order).
		p := n.flatDim(st.Iters[L])
		if p < 0 || len(cuts) > 0 && p <= cuts[len(cuts)-1].dim {
			continue
		}
		for y := 0; y < L; y++ {
			if n.endsOn(ds, L, n.set(st.Iters[L]+" = "+st.Iters[y])) {
				cuts = append(cuts, cut{level: L, dim: p, outer: y})
				break
			}
		}
	}
	return cuts
}

// endsOn reports whether the part of each dependence of ds carried by
// the loop at depth L has its sources, or its targets, within h.
func (n *nest) endsOn(ds []*deps.Dep, L int, h presburger.Set) bool {
	within := func(x presburger.Set) bool { return x.Subtract(h).IsEmpty() }
	for _, x := range ds {
		for k, lv := range x.Levels {
			if lv == L+1 && !within(x.ByLevel[k].Domain()) && !within(x.ByLevel[k].Range()) {
				return false
			}
		}
	}
	return true
}

// flatDim returns the first output dim of the statement's flat schedule
// that is its iterator it, or -1.
func (n *nest) flatDim(it string) int {
	out := n.flat.Space().Dim(presburger.Out)
	want := presburger.MustParseMap(fmt.Sprintf("[%s] -> { %s -> [%s] }", n.params, n.tuple, it)).IntersectDomain(n.flat.Domain())
	for p := 0; p < out; p++ {
		dim := n.flat.ProjectOut(presburger.Out, p+1, out-p-1).ProjectOut(presburger.Out, 0, p)
		if dim.Subtract(want).IsEmpty() && want.Subtract(dim).IsEmpty() {
			return p
		}
	}
	return -1
}
