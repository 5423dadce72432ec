package scop

import (
	"slices"
	"strings"

	"github.com/tessera-opt/tessera/cfront"
)

// expandMacroCalls returns body with the calls of function-like macros
// whose expansion reads memory the call does not show (hidden, from
// hiddenEffects) replaced by their expansion, in expression statements:
// stddev[j] = sqrt_of_array_cell(stddev, j) with sqrt_of_array_cell(x,j)
// defined as sqrt(x[j]). The preprocessor
// expands the call at this very place (cfront.ExpandStmt does it the same
// way, on tokens), so the expansion is the statement: the model sees the
// read of stddev[j], and the region is printed with the expansion. A
// statement is kept as it is (and the builder refuses the call as before)
// when an expansion writes memory, stringizes or pastes tokens, does not
// parse, or nests too deep.
//
// Statements that change are copied, with their Text the formatted
// expansion, and so are the loops, conditions and blocks around them; the
// others are body's own, which is not modified.
//
// conds are the preprocessor conditions under which the expansions of
// macro calls made statements of their own are the compiler's
// (cfront.File.MacroCond): the output holds the expansion, not the call.
func expandMacroCalls(f *cfront.File, body []cfront.Stmt, hidden map[string]string) ([]cfront.Stmt, []string) {
	if len(f.Src) == 0 {
		return body, nil
	}
	e := &macroExpander{f: f, hidden: hidden, base: len(f.Src) + 1}
	out := make([]cfront.Stmt, len(body))
	for k, s := range body {
		out[k] = e.stmt(s)
	}
	return out, e.conds
}

type macroExpander struct {
	f      *cfront.File
	hidden map[string]string
	base   int // offset of the next statement's expansions
	conds  []string
}

// funcLike returns the function-like macro name, nil if none.
func (e *macroExpander) funcLike(name string) *cfront.Macro {
	if m := e.f.Macros[name]; m != nil && m.FuncLike {
		return m
	}
	return nil
}

// definedOnce reports whether the function-like macro name has one
// definition the compiler can see, and records its condition.
func (e *macroExpander) definedOnce(name string) bool {
	cond, ok := e.f.MacroCond(name)
	if ok && cond != "" && !slices.Contains(e.conds, cond) {
		e.conds = append(e.conds, cond)
	}
	return ok
}

// expansionSpan separates the offsets of two statements' expansions.
const expansionSpan = 1 << 24

// selected returns the macro a call of name expands, nil when the call
// stays (a pure value, or a pasted literal suffix).
func (e *macroExpander) selected(name string) *cfront.Macro {
	m := e.f.Macros[name]
	why := e.hidden[name]
	if m == nil || !m.FuncLike || why == "" || why == PasteLiteralOnly {
		return nil
	}
	return m
}

func (e *macroExpander) stmt(s cfront.Stmt) cfront.Stmt {
	switch x := s.(type) {
	case *cfront.ExprStmt:
		// A chained assignment's statements (Split) share the source
		// text of the whole chain: they are not re-parsed from it.
		if !x.Split && e.emptyCall(x) {
			return &cfront.Empty{At: x.At}
		}
		if x.Split || !mentionsCall(x.X, e.selected) {
			return x
		}
		sel := e.selected
		if _, call := cfront.Unparen(x.X).(*cfront.Call); call {
			// A call made a statement is expanded wholly, as the
			// compiler expands it, or not at all.
			sel = e.funcLike
		}
		nx, changed, err := cfront.ExpandStmt(e.f.Src, x, sel, e.base, macroDepthMax, e.f.IsTypeName)
		e.base += expansionSpan
		if err != nil || !changed {
			return x
		}
		if writeCount(nx) != writeCount(x.X) {
			if !e.statementCall(x, nx) {
				return x
			}
			nx = dropConstants(nx)
		}
		if hasMember(nx) && !hasMember(x.X) {
			// The builder refuses the call itself, naming the macro
			// and what its expansion does.
			return x
		}
		c := *x
		c.X = nx
		c.Text = strings.TrimRight(cfront.FormatStmt(&c, "", "  ", nil), "\n")
		return &c
	case *cfront.Block:
		var stmts []cfront.Stmt // nil while no statement changed
		for k, t := range x.Stmts {
			nt := e.stmt(t)
			if nt != t && stmts == nil {
				stmts = slices.Clone(x.Stmts)
			}
			if stmts != nil {
				stmts[k] = nt
			}
		}
		if stmts == nil {
			return x
		}
		c := *x
		c.Stmts = stmts
		return &c
	case *cfront.For:
		if body := e.stmt(x.Body); body != x.Body {
			c := *x
			c.Body = body
			return &c
		}
	case *cfront.If:
		then, els := e.stmt(x.Then), x.Else
		if x.Else != nil {
			els = e.stmt(x.Else)
		}
		if then != x.Then || els != x.Else {
			c := *x
			c.Then, c.Else = then, els
			return &c
		}
	}
	return s
}

// statementCall reports whether x is a statement made of one call of a
// function-like macro (UPDATE(A, i);) whose expansion nx is one
// assignment or increment: the statement is that assignment. The macro
// must have one definition the compiler sees (cfront.File.MacroCond),
// whose condition guards the output, since the expansion replaces the
// call there.
func (e *macroExpander) statementCall(x *cfront.ExprStmt, nx cfront.Expr) bool {
	c, ok := cfront.Unparen(x.X).(*cfront.Call)
	if !ok {
		return false
	}
	id, ok := cfront.Unparen(c.Fun).(*cfront.Ident)
	if !ok {
		return false
	}
	switch y := dropConstants(nx).(type) {
	case *cfront.Assign, *cfront.Postfix:
	case *cfront.Unary:
		if y.Op != "++" && y.Op != "--" {
			return false
		}
	default:
		return false
	}
	return writeCount(nx) == 1 && e.definedOnce(id.Name)
}

// dropConstants returns x without its parentheses and without the
// integer constants on the left of its comma operators, which compute
// nothing: "(1, (A[i] = v))", what an assertion macro compiled with
// NDEBUG leaves, is "A[i] = v".
func dropConstants(x cfront.Expr) cfront.Expr {
	for {
		x = cfront.Unparen(x)
		b, ok := x.(*cfront.Binary)
		if !ok || b.Op != "," || !isIntConst(b.X) {
			return x
		}
		x = b.Y
	}
}

// isIntConst reports whether x is an integer literal, maybe
// parenthesized, cast to void or negated.
func isIntConst(x cfront.Expr) bool {
	switch y := cfront.Unparen(x).(type) {
	case *cfront.IntLit:
		return !y.Big
	case *cfront.Cast:
		return isIntConst(y.X)
	case *cfront.Unary:
		return (y.Op == "-" || y.Op == "+") && isIntConst(y.X)
	}
	return false
}

// emptyCall reports whether x is a statement made of one call of a
// function-like macro whose body is empty (MAX_N_START(i, j); with
// MAX_N_START(x,y) defined as nothing) or a constant, with one definition
// the compiler sees (its condition guards the output): the statement does
// nothing.
func (e *macroExpander) emptyCall(x *cfront.ExprStmt) bool {
	c, ok := cfront.Unparen(x.X).(*cfront.Call)
	if !ok {
		return false
	}
	id, ok := cfront.Unparen(c.Fun).(*cfront.Ident)
	if !ok {
		return false
	}
	m := e.f.Macros[id.Name]
	if m == nil || !m.FuncLike {
		return false
	}
	if strings.TrimSpace(m.Body) != "" {
		// ((void)0), what an assertion macro leaves under NDEBUG,
		// does nothing either.
		x, err := e.f.ExpandCall(c)
		if err != nil || !isIntConst(dropConstants(x)) {
			return false
		}
	}
	return e.definedOnce(id.Name)
}

// mentionsCall reports whether x calls a macro that sel selects.
func mentionsCall(x cfront.Expr, sel func(string) *cfront.Macro) bool {
	found := false
	cfront.Walk(x, func(n cfront.Node) bool {
		if c, ok := n.(*cfront.Call); ok {
			if id, ok := cfront.Unparen(c.Fun).(*cfront.Ident); ok && sel(id.Name) != nil {
				found = true
			}
		}
		return !found
	})
	return found
}

// writeCount counts the assignments, increments and decrements in x.
func writeCount(x cfront.Expr) int {
	n := 0
	cfront.Walk(x, func(node cfront.Node) bool {
		switch node := node.(type) {
		case *cfront.Assign, *cfront.Postfix:
			n++
		case *cfront.Unary:
			if node.Op == "++" || node.Op == "--" {
				n++
			}
		}
		return true
	})
	return n
}

// hasMember reports whether x accesses a struct member.
func hasMember(x cfront.Expr) bool {
	found := false
	cfront.Walk(x, func(n cfront.Node) bool {
		if _, ok := n.(*cfront.Member); ok {
			found = true
		}
		return !found
	})
	return found
}
