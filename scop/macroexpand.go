package scop

import (
	"slices"
	"strings"

	"github.com/tessera-opt/tessera/cfront"
)

// expandMacroCalls returns body with the calls of function-like macros
// whose expansion reads memory the call does not show (hidden, from
// hiddenEffects) replaced by their expansion, in expression statements:
// PolyBench 3's correlation computes stddev[j] = sqrt_of_array_cell(stddev,
// j) with sqrt_of_array_cell(x,j) defined as sqrt(x[j]). The preprocessor
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
func expandMacroCalls(f *cfront.File, body []cfront.Stmt, hidden map[string]string) []cfront.Stmt {
	if len(hidden) == 0 || len(f.Src) == 0 {
		return body
	}
	e := &macroExpander{f: f, hidden: hidden, base: len(f.Src) + 1}
	out := make([]cfront.Stmt, len(body))
	for k, s := range body {
		out[k] = e.stmt(s)
	}
	return out
}

type macroExpander struct {
	f      *cfront.File
	hidden map[string]string
	base   int // offset of the next statement's expansions
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
		if x.Split || !mentionsCall(x.X, e.selected) {
			return x
		}
		nx, changed, err := cfront.ExpandStmt(e.f.Src, x, e.selected, e.base, macroDepthMax, e.f.IsTypeName)
		e.base += expansionSpan
		if err != nil || !changed {
			return x
		}
		if writeCount(nx) != writeCount(x.X) {
			if !e.statementCall(x, nx) {
				return x
			}
			nx = cfront.Unparen(nx)
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
// must have one unconditional definition (cfront.File.MacroCond), since
// the expansion replaces the call in the output, for every -D flag.
func (e *macroExpander) statementCall(x *cfront.ExprStmt, nx cfront.Expr) bool {
	c, ok := cfront.Unparen(x.X).(*cfront.Call)
	if !ok {
		return false
	}
	id, ok := cfront.Unparen(c.Fun).(*cfront.Ident)
	if !ok {
		return false
	}
	if cond, ok := e.f.MacroCond(id.Name); !ok || cond != "" {
		return false
	}
	switch y := cfront.Unparen(nx).(type) {
	case *cfront.Assign, *cfront.Postfix:
	case *cfront.Unary:
		if y.Op != "++" && y.Op != "--" {
			return false
		}
	default:
		return false
	}
	return writeCount(nx) == 1
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
