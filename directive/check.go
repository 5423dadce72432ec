package directive

import (
	"fmt"
	"strings"

	"github.com/tessera-opt/tessera/deps"
	"github.com/tessera-opt/tessera/presburger"
	"github.com/tessera-opt/tessera/schedule"
)

// Violation is why a schedule is refused: a dependence and a pair of its
// instances, in words.
type Violation struct {
	Witness *deps.Witness
	// Loop is set when the violated property is the parallelism of a
	// marked loop (the mark's name); empty for a violated order.
	Loop string
}

func (v *Violation) Error() string {
	w := v.Witness
	if w.Dep == nil {
		return "the schedule could not be proven legal: " + w.Err.Error()
	}
	pair := fmt.Sprintf("the %s dependence %s -> %s on %s", w.Dep.Kind, instance(w.Dep.Source.Name, w.Dep.Source.Iters, w.Source),
		instance(w.Dep.Target.Name, w.Dep.Target.Iters, w.Target), w.Dep.Array)
	var ps []string
	for i, n := range w.ParamNames {
		ps = append(ps, fmt.Sprintf("%s=%d", n, w.Params[i]))
	}
	at := ""
	if len(ps) > 0 {
		at = " (for " + strings.Join(ps, ", ") + ")"
	}
	if v.Loop != "" {
		return fmt.Sprintf("the loop marked %q carries %s%s", v.Loop, pair, at)
	}
	return fmt.Sprintf("schedule violates %s%s", pair, at)
}

func instance(name string, iters []string, v []int64) string {
	parts := make([]string, len(v))
	for i, x := range v {
		if i < len(iters) {
			parts[i] = fmt.Sprintf("%s=%d", iters[i], x)
		} else {
			parts[i] = fmt.Sprint(x)
		}
	}
	return name + "[" + strings.Join(parts, ", ") + "]"
}

// Check tells whether tree respects the dependences of d: every
// dependence's target runs after its source in the flattened schedule
// (deps.Check), and the loop below every "parallel" or "simd" mark carries
// no dependence. It returns nil when the tree is legal.
func Check(tree schedule.Tree, d *deps.Deps) *Violation {
	if ok, w := deps.Check(tree.Flatten(), d); !ok {
		return &Violation{Witness: w}
	}
	return checkMarks(tree, d)
}

// checkMarks checks that the outermost member of the band below each
// parallel or simd mark carries no dependence between instances that reach
// the mark: two dependent instances with equal flat schedule dims before
// the member's position must have equal values of the member.
func checkMarks(tree schedule.Tree, d *deps.Deps) (v *Violation) {
	defer func() {
		if r := recover(); r != nil {
			var err error
			func() {
				defer presburger.Recover(&err)
				panic(r)
			}()
			v = &Violation{Witness: &deps.Witness{Err: err}}
		}
	}()
	flat := tree.Flatten()
	byStmt := map[string]presburger.Map{}
	for _, m := range flat.Maps() {
		byStmt[m.Space().TupleName(presburger.In)] = m
	}
	depth := tree.Depth()
	var found *Violation
	tree.Walk(func(c schedule.Cursor) bool {
		if found != nil {
			return false
		}
		n := c.Node()
		if n.Kind() != schedule.KindMark || (n.MarkName() != "parallel" && n.MarkName() != "simd") {
			return true
		}
		below := c.Child(0)
		for below.Node().Kind() == schedule.KindMark {
			below = below.Child(0)
		}
		if below.Node().Kind() != schedule.KindBand || below.Node().Band().Width == 0 {
			return true
		}
		pos, reach := flatPosition(below)
		if w := carried(byStmt, depth, pos, reach, depRels(d)); w != nil {
			found = &Violation{Loop: n.MarkName(), Witness: w}
			return false
		}
		return true
	})
	return found
}

// depRel is a dependence with the relation the checks use (its own, or
// a coalesced copy).
type depRel struct {
	x   *deps.Dep
	rel presburger.Map
}

// depRels returns the flow, anti and output dependences of d with their
// relations.
func depRels(d *deps.Deps) []depRel {
	var out []depRel
	for _, x := range d.Deps {
		if x.Kind != deps.Input {
			out = append(out, depRel{x, x.Rel})
		}
	}
	return out
}

// carried returns a dependence pair of ds, between instances of reach,
// carried by flat schedule dim pos (equal dims before pos, different at
// pos), or nil when there is none.
func carried(byStmt map[string]presburger.Map, depth, pos int, reach presburger.UnionSet, ds []depRel) *deps.Witness {
	rel := carriedAt(depth, pos)
	for _, y := range ds {
		x := y.x
		sS, okS := byStmt[x.Source.Name]
		sT, okT := byStmt[x.Target.Name]
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
		return &deps.Witness{Dep: x, ParamNames: sp.Params(), Params: pt[:np], Source: pt[np : np+ni], Target: pt[np+ni:]}
	}
	return nil
}

// Coincidence returns tree with the coincident flag of every band member
// computed from the dependences (a member is coincident when it carries
// none of them), replacing whatever the flags said: the AST generator and
// package vector trust them (ast.For.Parallel), and a transformation
// (interchange, skew, a user's YAML) can make an old flag false.
func Coincidence(tree schedule.Tree, d *deps.Deps) (out schedule.Tree, err error) {
	defer presburger.Recover(&err)
	flat := tree.Flatten()
	byStmt := map[string]presburger.Map{}
	for _, m := range flat.Maps() {
		byStmt[m.Space().TupleName(presburger.In)] = m
	}
	depth := tree.Depth()
	var paths [][]int
	tree.Walk(func(c schedule.Cursor) bool {
		if c.Node().Kind() == schedule.KindBand {
			paths = append(paths, c.Path())
		}
		return true
	})
	ds := depRels(d)
	out = tree
	for _, p := range paths {
		c := out.CursorAt(p)
		b := c.Node().Band()
		pos, reach := flatPosition(c)
		for k := 0; k < b.Width; k++ {
			b.Coincident[k] = carried(byStmt, depth, pos+k, reach, ds) == nil
		}
		out = c.SetBand(b).Tree()
	}
	return out, nil
}

// flatPosition returns the position, in the flattened schedule, of the
// first member of the band at c, and the instances that reach it.
func flatPosition(c schedule.Cursor) (int, presburger.UnionSet) {
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
			panic("directive: internal error: " + s + ": " + err.Error())
		}
		return m
	}
	return mk("<").Union(mk(">"))
}

// Legal applies the script to tree and checks the result against d. An
// illegal result is blamed on the command after which the schedule
// became, and stayed, illegal; the error is then an *Error at that command
// wrapping the Violation's message.
func Legal(s *Script, tree schedule.Tree, d *deps.Deps) (schedule.Tree, error) {
	out, steps, err := Apply(s, tree)
	if err != nil {
		return tree, err
	}
	v := Check(out, d)
	if v == nil {
		return out, nil
	}
	blame := len(steps) - 1
	for blame > 0 && Check(steps[blame-1], d) != nil {
		blame--
	}
	pos := Pos{1, 1}
	if blame >= 0 && blame < len(s.Commands) {
		pos = s.Commands[blame].Pos
	}
	return tree, &Error{Pos: pos, Msg: v.Error()}
}

// RefineInner returns tree with the coincident flags of the last two
// members of every innermost band (a band with no band below it) set
// where the member carries no dependence at its position: between
// instances with equal values of every flat schedule dim before it. The
// scheduler's flags are a property of the whole band (a member is
// coincident when it has distance zero for every dependence the outer
// bands leave), so after tiling lu's point loops k, i, j, the j loop,
// whose dependences all have a nonzero distance along k, counts as
// carrying them although k is fixed around it. The innermost loops are
// the ones the vector stage marks and interchanges, and both need only
// this per-position property (ast.For.Parallel). Flags are only ever set,
// never cleared: a flag the scheduler set through privatization stays. On
// an engine failure the tree is returned unchanged with the error.
func RefineInner(tree schedule.Tree, d *deps.Deps) (out schedule.Tree, err error) {
	defer presburger.Recover(&err)
	var paths [][]int
	tree.Walk(func(c schedule.Cursor) bool {
		if c.Node().Kind() == schedule.KindBand && !hasBandBelow(c.Node()) {
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
	if len(paths) == 0 {
		return tree, nil
	}
	if d.HasDivisions() {
		// Composed with the tile loops' floors, one emptiness test
		// took 11 s (progfuzz fm_budget_time_mod_else.c).
		return tree, nil
	}
	// Coalesced relations: a statement under a condition such as
	// (j > 1 || j <= i) has a domain (and a flattened schedule) of many
	// parts that one part covers, and the compositions below multiply
	// the parts (progfuzz fm_budget_time_mod_reduction.c: 64 x 16 x 16
	// parts ran for minutes; coalesced 4 x 1 x 1).
	byStmt := map[string]presburger.Map{}
	for _, m := range tree.Flatten().Maps() {
		byStmt[m.Space().TupleName(presburger.In)] = m.Coalesce()
	}
	var ds []depRel
	for _, y := range depRels(d) {
		x := y.x
		sS, okS := byStmt[x.Source.Name]
		sT, okT := byStmt[x.Target.Name]
		if !okS || !okT {
			// A statement the flat schedule does not hold (an
			// extension's): no flag is set.
			return tree, nil
		}
		rel := x.Rel.Coalesce()
		if rel.NParts()*sS.NParts()*sT.NParts() > refineMaxParts {
			return tree, nil
		}
		ds = append(ds, depRel{x, rel})
	}
	depth := tree.Depth()
	out = tree
	for _, p := range paths {
		c := out.CursorAt(p)
		b := c.Node().Band()
		pos, reach := flatPosition(c)
		for k := max(0, b.Width-2); k < b.Width; k++ {
			if b.Coincident[k] {
				continue
			}
			b.Coincident[k] = carried(byStmt, depth, pos+k, reach, ds) == nil
		}
		out = c.SetBand(b).Tree()
	}
	return out, nil
}

// refineMaxParts bounds the parts of a dependence times those of its two
// statements' schedules for RefineInner, which leaves the flags as they
// are beyond it.
const refineMaxParts = 256

// hasBandBelow reports whether a descendant of n is a band.
func hasBandBelow(n *schedule.Node) bool {
	for _, c := range n.Children() {
		if c.Kind() == schedule.KindBand || hasBandBelow(c) {
			return true
		}
	}
	return false
}
