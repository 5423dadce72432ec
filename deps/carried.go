package deps

import (
	"fmt"
	"strings"

	"github.com/tessera-opt/tessera/presburger"
	"github.com/tessera-opt/tessera/schedule"
)

// Dependences carried by the members of a schedule tree.
//
// Check answers whether a whole schedule respects the dependences; the
// functions here answer, for one band member of a schedule tree, whether
// it carries a dependence at its position: between two instances that
// reach the member with equal values of every flat schedule dim before it,
// and different values of the member. The schedule-tree clients ask it:
// package directive for its parallel marks and coincident flags, and the
// pipeline for the innermost loops of the scheduler's trees (RefineInner).
// The question is one about the dependences of a given order, so it lives
// here beside Check, below every client that asks it.

// Carrier answers which dependences the band members of one schedule tree
// carry at their positions (Carried).
type Carrier struct {
	byStmt map[string]presburger.Map // flat schedule per statement
	depth  int                       // flat schedule length
	ds     []depRel
}

// depRel is a dependence with the relation the checks use (its own, or a
// coalesced copy).
type depRel struct {
	x   *Dep
	rel presburger.Map
}

// NewCarrier prepares the questions on tree for the flow, anti and output
// dependences of d.
func NewCarrier(tree schedule.Tree, d *Deps) *Carrier {
	byStmt := map[string]presburger.Map{}
	for _, m := range tree.Flatten().Maps() {
		byStmt[m.Space().TupleName(presburger.In)] = m
	}
	var ds []depRel
	for _, x := range d.Deps {
		if x.Kind != Input {
			ds = append(ds, depRel{x, x.Rel})
		}
	}
	return &Carrier{byStmt: byStmt, depth: tree.Depth(), ds: ds}
}

// Carried returns a pair of instances of a dependence that member k of the
// band at c carries at its position, or nil when it carries none.
func (cr *Carrier) Carried(c schedule.Cursor, k int) *Witness {
	pos, reach := FlatPosition(c)
	return cr.carried(pos+k, reach)
}

// carried returns a dependence pair between instances of reach carried by
// flat schedule dim pos (equal dims before pos, different at pos), or nil.
func (cr *Carrier) carried(pos int, reach presburger.UnionSet) *Witness {
	rel := carriedAt(cr.depth, pos)
	for _, y := range cr.ds {
		x := y.x
		sS, okS := cr.byStmt[x.Source.Name]
		sT, okT := cr.byStmt[x.Target.Name]
		rS, okRS := reach.SetOf(y.rel.Space().Domain())
		rT, okRT := reach.SetOf(y.rel.Space().Range())
		if !okS || !okT || !okRS || !okRT {
			continue
		}
		dep := y.rel.IntersectDomain(rS).IntersectRange(rT)
		viol := dep.Intersect(sS.ApplyRange(rel).ApplyRange(sT.Reverse()))
		pt, ok := viol.Sample()
		if !ok {
			continue
		}
		sp := viol.Space()
		np, ni := sp.NParam(), sp.Dim(presburger.In)
		return &Witness{Dep: x, ParamNames: sp.Params(), Params: pt[:np], Source: pt[np : np+ni], Target: pt[np+ni:]}
	}
	return nil
}

// FlatPosition returns the position, in the flattened schedule, of the
// first member of the band at c, and the instances that reach it.
func FlatPosition(c schedule.Cursor) (int, presburger.UnionSet) {
	pos := 0
	reach := c.Tree().Domain()
	for _, a := range c.Ancestors() {
		switch a.Kind() {
		case schedule.KindBand:
			pos += a.Band().Width
		case schedule.KindSequence, schedule.KindSet:
			pos++
		case schedule.KindFilter:
			reach = reach.Intersect(a.Filter())
		}
	}
	return pos, reach
}

// carriedAt returns { [a] -> [b] : a_k = b_k for k < pos, a_pos != b_pos }
// over flat vectors of length depth.
func carriedAt(depth, pos int) presburger.Map {
	a := make([]string, depth)
	b := make([]string, depth)
	var eq []string
	for k := 0; k < depth; k++ {
		a[k], b[k] = fmt.Sprintf("a%d", k), fmt.Sprintf("b%d", k)
		if k < pos {
			eq = append(eq, fmt.Sprintf("%s = %s", a[k], b[k]))
		}
	}
	mk := func(rel string) presburger.Map {
		cons := append(append([]string(nil), eq...), fmt.Sprintf("a%d %s b%d", pos, rel, pos))
		s := fmt.Sprintf("{ [%s] -> [%s] : %s }", strings.Join(a, ", "), strings.Join(b, ", "), strings.Join(cons, " and "))
		m, err := presburger.ParseMap(s)
		if err != nil {
			panic("deps: internal error: " + s + ": " + err.Error())
		}
		return m
	}
	return mk("<").Union(mk(">"))
}

// RefineInner returns tree with the coincident flags of the last two
// members of every innermost band (a band with no band below it) set
// where the member carries no dependence at its position (Carrier). The
// scheduler's flags are a property of the whole band (a member is
// coincident when it has distance zero for every dependence the outer
// bands leave), so after tiling a nest whose dependences all have a
// nonzero distance along its outer point loop, an inner point loop counts
// as carrying them although the outer one is fixed around it. The
// innermost loops are the ones the vector stage marks and interchanges,
// and both need only this per-position property (ast.For.Parallel). Flags
// are only ever set, never cleared: a flag the scheduler set through
// privatization stays. On an engine failure the tree is returned
// unchanged with the error.
func RefineInner(tree schedule.Tree, d *Deps) (out schedule.Tree, err error) {
	defer presburger.Recover(&err)
	var paths [][]int
	tree.Walk(func(c schedule.Cursor) bool {
		if c.Node().Kind() == schedule.KindBand && !HasBandBelow(c.Node()) {
			b := c.Node().Band()
			for k := max(0, b.Width-2); k < b.Width; k++ {
				if !b.Coincident[k] {
					paths = append(paths, c.Path())
					break
				}
			}
		}
		return true
	})
	if len(paths) == 0 || d.HasDivisions() {
		// With divisions, composed with the tile loops' floors, one
		// emptiness test can take seconds: the flags stay.
		return tree, nil
	}
	cr, ok := coalescedCarrier(tree, d)
	if !ok {
		return tree, nil
	}
	out = tree
	for _, p := range paths {
		c := out.CursorAt(p)
		b := c.Node().Band()
		pos, reach := FlatPosition(c)
		for k := max(0, b.Width-2); k < b.Width; k++ {
			if b.Coincident[k] {
				continue
			}
			b.Coincident[k] = cr.carried(pos+k, reach) == nil
		}
		out = c.SetBand(b).Tree()
	}
	return out, nil
}

// coalescedCarrier is NewCarrier with coalesced relations: a statement
// under a condition such as (j > 1 || j <= i) has a domain (and a
// flattened schedule) of many parts that one part covers, and the
// compositions of carried multiply the parts. ok is false when a
// statement of a dependence has no flat schedule (an extension's) or a
// dependence's parts times its statements' exceed refineMaxParts.
func coalescedCarrier(tree schedule.Tree, d *Deps) (cr *Carrier, ok bool) {
	byStmt := map[string]presburger.Map{}
	for _, m := range tree.Flatten().Maps() {
		byStmt[m.Space().TupleName(presburger.In)] = m.Coalesce()
	}
	var ds []depRel
	for _, x := range d.Deps {
		if x.Kind == Input {
			continue
		}
		sS, okS := byStmt[x.Source.Name]
		sT, okT := byStmt[x.Target.Name]
		if !okS || !okT {
			return nil, false
		}
		rel := x.Rel.Coalesce()
		if rel.NParts()*sS.NParts()*sT.NParts() > refineMaxParts {
			return nil, false
		}
		ds = append(ds, depRel{x, rel})
	}
	return &Carrier{byStmt: byStmt, depth: tree.Depth(), ds: ds}, true
}

// refineMaxParts bounds the parts of a dependence times those of its two
// statements' schedules for RefineInner, which leaves the flags as they
// are beyond it.
const refineMaxParts = 256

// HasBandBelow reports whether a descendant of n is a band.
func HasBandBelow(n *schedule.Node) bool {
	for _, c := range n.Children() {
		if c.Kind() == schedule.KindBand || HasBandBelow(c) {
			return true
		}
	}
	return false
}
