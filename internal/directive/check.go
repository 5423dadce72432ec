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

// markHook, when set by a test, runs at the start of checkMarks (to inject
// a panic).
var markHook func()

// checkMarks checks that the outermost member of the band below each
// parallel or simd mark carries no dependence between instances that reach
// the mark: two dependent instances with equal flat schedule dims before
// the member's position must have equal values of the member.
func checkMarks(tree schedule.Tree, d *deps.Deps) (v *Violation) {
	// An engine error (budget, overflow) leaves a mark unproven: a
	// violation with the error as its witness. A bug's panic goes on.
	var err error
	defer func() {
		if err != nil {
			v = &Violation{Witness: &deps.Witness{Err: err}}
		}
	}()
	defer presburger.Recover(&err)
	if markHook != nil {
		markHook()
	}
	cr := deps.NewCarrier(tree, d)
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
		if w := cr.Carried(below, 0); w != nil {
			found = &Violation{Loop: n.MarkName(), Witness: w}
			return false
		}
		return true
	})
	return found
}

// Coincidence returns tree with the coincident flag of every band member
// computed from the dependences (a member is coincident when it carries
// none of them), replacing whatever the flags said: the AST generator and
// package vector trust them (ast.For.Parallel), and a transformation
// (interchange, skew, a user's YAML) can make an old flag false.
func Coincidence(tree schedule.Tree, d *deps.Deps) (out schedule.Tree, err error) {
	defer presburger.Recover(&err)
	cr := deps.NewCarrier(tree, d)
	var paths [][]int
	tree.Walk(func(c schedule.Cursor) bool {
		if c.Node().Kind() == schedule.KindBand {
			paths = append(paths, c.Path())
		}
		return true
	})
	out = tree
	for _, p := range paths {
		c := out.CursorAt(p)
		b := c.Node().Band()
		for k := 0; k < b.Width; k++ {
			b.Coincident[k] = cr.Carried(c, k) == nil
		}
		out = c.SetBand(b).Tree()
	}
	return out, nil
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
