package explain

import (
	"github.com/tessera-opt/tessera/presburger"
)

// CheckCond returns what is wrong with the printed condition cond in the
// context ctx on params: a comparison that the context implies or
// excludes, an operand of && or || that the others make redundant, or a
// form that simplifies further. Nil when cond is not a condition that
// cond.go reads (a test said in words).
func CheckCond(params []string, ctx presburger.Set, cond string) []string {
	c := newContext(params, ctx)
	x, ok := parseCond(cond, nil)
	if !ok {
		return nil
	}
	var bad []string
	if s := cString(c.simplify(x)); s != cond {
		bad = append(bad, "simplifies further to "+s)
	}
	var walk func(x *cx)
	walk = func(x *cx) {
		switch x.op {
		case opBool:
			bad = append(bad, "a constant condition")
		case opCmp:
			if c.holds(x.args[0], x.cmp, x.args[1]) {
				bad = append(bad, cString(x)+": implied by the context")
			}
			if !c.possible(x.args[0], x.cmp, x.args[1]) {
				bad = append(bad, cString(x)+": excluded by the context")
			}
		case opAnd, opOr:
			for i, a := range x.args {
				if c.redundant(x.args, i, x.op == opAnd) {
					bad = append(bad, cString(a)+": redundant with the others")
				}
				walk(a)
			}
		}
	}
	walk(x)
	return bad
}

// NoteStart is noteStart: where the note after a printed condition opens.
var NoteStart = noteStart
