package fpcontract

import (
	"fmt"
	"strings"

	"github.com/tessera-opt/tessera/ast"
	"github.com/tessera-opt/tessera/cfront"
	"github.com/tessera-opt/tessera/internal/ctext"
	"github.com/tessera-opt/tessera/scop"
)

const (
	unfusedMacro = "tessera_unfused"
	unfusedZero  = "tessera_nz"
)

// Header defines the macros; the output starts with it when a region
// uses them.
const Header = `/* tessera: keeps the multiply-adds that gcc leaves unfused in the original's reduction loops (AMD Zen tunings) unfused in the optimized loops too */
#ifndef tessera_unfused
#if defined(__GNUC__) && !defined(__clang__) && !defined(__INTEL_COMPILER) && (defined(__tune_znver1__) || defined(__tune_znver2__) || defined(__tune_znver3__)) && (defined(__x86_64__) || defined(__i386__))
#define tessera_unfused(p, z) ((p) + (__typeof__(p)) (z))
#define tessera_nz_decl(z) double z = -0.0; __asm__("" : "+x"(z))
#else
#define tessera_unfused(p, z) (p)
#define tessera_nz_decl(z)
#endif
#endif
`

// Names are the identifiers that the macros and their declaration use: a
// file that already uses one of them gets no control.
var Names = []string{unfusedMacro, unfusedZero, unfusedDeclMacro}

// Zero is the name of the macro's zero, declared by every function whose
// statements use the macro (Declare): an outlined function declares it
// itself rather than receiving it.
const Zero = unfusedZero

const unfusedDeclMacro = "tessera_nz_decl"

// unfusedDecl is the declaration that a function using the macro starts
// with.
const unfusedDecl = unfusedDeclMacro + "(" + unfusedZero + ");"

// Control is the FP-contraction control of one region. A nil *Control
// controls nothing: every statement prints its own syntax.
type Control struct {
	// chains holds, by statement name, the syntax of each chain with
	// its product wrapped in the macro.
	chains map[string]cfront.Stmt
	// plain holds the calls of chains that print their own syntax
	// (originalChainLoops) outside outlined functions.
	plain map[*ast.User]bool
	// wrapped records, for each call printed, whether its last printing
	// used the macro.
	wrapped map[*ast.User]bool
	// Outlining is set by the caller while it prints the functions that
	// loops move into: their restrict parameters change what gcc does
	// with a chain (it may fuse there a chain it leaves unfused in the
	// original), so every chain there keeps the macro.
	Outlining bool
}

// New returns the control of the region r of file f, whose model is s
// and whose AST (before the lowering rewrites it) is n: the statements
// that are reduction chains of the original, and the calls among them
// that print their own syntax. expanded names the arrays of scalar
// expansion (each the scalar of the original, which gcc keeps in a
// register); ids are the file's identifiers. It returns nil when the
// file uses one of the macros' names.
func New(f *cfront.File, r *cfront.Region, s *scop.Scop, n ast.Node, expanded map[string]bool, ids map[string]bool) *Control {
	for _, name := range Names {
		if ids[name] {
			return nil
		}
	}
	chains, alone := chainStatements(f, r, s, expanded)
	return &Control{chains: chains, plain: originalChainLoops(n, s, alone), wrapped: map[*ast.User]bool{}}
}

// Syntax is the syntax that the call u of a statement prints instead of
// its own, or nil for its own; it records which of the two u printed.
func (c *Control) Syntax(u *ast.User) cfront.Stmt {
	if c == nil {
		return nil
	}
	x, ok := c.chains[u.Name]
	if !ok || c.plain[u] && !c.Outlining {
		delete(c.wrapped, u)
		return nil
	}
	c.wrapped[u] = true
	return x
}

// Uses reports whether a call of n printed the macro when it was last
// printed.
func (c *Control) Uses(n ast.Node) bool {
	if c == nil || len(c.wrapped) == 0 {
		return false
	}
	found := false
	ast.Walk(n, func(x ast.Node) bool {
		if u, ok := x.(*ast.User); ok && c.wrapped[u] {
			found = true
		}
		return !found
	})
	return found
}

// Declare starts text (a function body or, with block, a region, which
// then becomes a block of its own) with the declaration of the macro's
// zero when uses holds.
func Declare(text string, uses, block bool) string {
	if !uses {
		return text
	}
	if !block {
		return unfusedDecl + "\n" + text
	}
	return "{\n  " + unfusedDecl + "\n" + ctext.Indent(text, "  ") + "}\n"
}

// Remark says which statements keep their multiply-add unfused, or ""
// when none does.
func (c *Control) Remark(s *scop.Scop) string {
	if c == nil || len(c.chains) == 0 {
		return ""
	}
	var names []string
	for _, st := range s.Statements {
		if _, ok := c.chains[st.Name]; ok {
			names = append(names, fmt.Sprintf("%s (line %d)", st.Name, st.Pos.Line))
		}
	}
	return "multiply-adds of " + strings.Join(names, ", ") + " stay unfused as in the original's reduction loops, where gcc's AMD Zen tunings do not contract them (" + unfusedMacro + "; --free-fma lets gcc fuse them: faster, rounded otherwise)"
}

// chainStatements returns, for each statement of s that is a reduction
// chain of the original, its syntax with the product wrapped in the
// macro, and in alone those whose original loop holds nothing else.
func chainStatements(f *cfront.File, r *cfront.Region, s *scop.Scop, expanded map[string]bool) (chains map[string]cfront.Stmt, alone map[string]bool) {
	loops := map[cfront.Pos]*cfront.For{}
	for _, st := range r.Body {
		cfront.Walk(st, func(n cfront.Node) bool {
			if f, ok := n.(*cfront.For); ok {
				loops[f.At] = f
			}
			return true
		})
	}
	arrays := map[string]*scop.Array{}
	for _, a := range s.Arrays {
		arrays[a.Name] = a
	}
	// An array of scalar expansion is the scalar of the original, which
	// gcc keeps in a register whatever the loop writes.
	for name := range expanded {
		if a := arrays[name]; a != nil {
			c := *a
			c.Rank = 0
			arrays[a.Name] = &c
		}
	}
	chains, alone = map[string]cfront.Stmt{}, map[string]bool{}
	for _, st := range s.Statements {
		if w, only := unfusedChain(f, st, s, loops, arrays); w != nil {
			chains[st.Name] = w
			alone[st.Name] = only
		}
	}
	return chains, alone
}

// originalChainLoops returns the instances (User nodes of n) of the chain
// statements alone in their original loop whose innermost loop in n is
// that loop again as gcc sees it: it runs the chain's iterator upwards by
// one and holds only the statement. gcc treats the two loops alike, down
// to an in-order vectorization of the chain whose remainder iterations it
// fuses (on an input with NaNs the unfused remainder moves them); these
// instances print the plain statement.
//
// The caller prints the macro anyway where the loop moves into a function
// with restrict parameters (gcc may then vectorize a chain it left scalar).
func originalChainLoops(n ast.Node, s *scop.Scop, alone map[string]bool) map[*ast.User]bool {
	byName := map[string]*scop.Statement{}
	for _, st := range s.Statements {
		byName[st.Name] = st
	}
	out := map[*ast.User]bool{}
	ast.Walk(n, func(x ast.Node) bool {
		f, ok := x.(*ast.For)
		if !ok {
			return true
		}
		u, ok := ast.Only(f.Body).(*ast.User)
		if !ok {
			return true
		}
		if st := byName[u.Name]; st != nil && alone[u.Name] && ast.UnitStep(f) && len(u.Args) == len(st.CIters) && len(u.Args) > 0 {
			if id, ok := u.Args[len(u.Args)-1].(*ast.Ident); ok && id.Name == f.Iter {
				out[u] = true
			}
		}
		return false
	})
	return out
}

// unfusedChain returns st's syntax with the product wrapped, or nil when st
// is not a chain (see above).
func unfusedChain(file *cfront.File, st *scop.Statement, s *scop.Scop, loops map[cfront.Pos]*cfront.For, arrays map[string]*scop.Array) (chain cfront.Stmt, alone bool) {
	es, ok := st.Syntax.(*cfront.ExprStmt)
	as := st.Assign()
	if !ok || as == nil || len(st.Loops) == 0 {
		return nil, false
	}
	var write *scop.Access
	for _, a := range st.Accesses {
		if a.Kind == scop.Write {
			write = a
		}
	}
	if write == nil || arrays[write.Array] == nil || !floatType(arrays[write.Array].ElemType) {
		return nil, false
	}
	// The product whose sum is the accumulator.
	// A product in another type than the accumulator (a double literal or
	// array in a float update) reaches the addition through a
	// conversion, which gcc does not follow: it fuses such updates.
	elem := arrays[write.Array].ElemType
	isProduct := func(e cfront.Expr) bool {
		b, ok := cfront.Unparen(e).(*cfront.Binary)
		return ok && b.Op == "*" && sameType(e, elem, arrays)
	}
	// The update (scop.MatchUpdate): x += p, x -= p, x = x + p, x = x - p
	// or x = p + x, with p the product.
	up, ok := scop.MatchUpdate(es.X)
	if !ok || up.Op != scop.UpdateAdd || !isProduct(up.Operand) {
		return nil, false
	}
	var rhs cfront.Expr
	switch up.Form {
	case scop.FormCompound:
		rhs = wrapUnfused(as.RHS)
	case scop.FormLeft, scop.FormRight:
		b, ok := cfront.Unparen(as.RHS).(*cfront.Binary)
		if !ok {
			return nil, false
		}
		nb := *b
		if up.Form == scop.FormLeft {
			nb.Y = wrapUnfused(b.Y)
		} else {
			nb.X = wrapUnfused(b.X)
		}
		rhs = &nb
	default:
		return nil, false
	}
	// The innermost loop: the accumulator is invariant in it and st sits
	// directly in its straight-line body.
	inner := s.Loops[st.Loops[len(st.Loops)-1]]
	f := loops[inner.Pos]
	if f == nil {
		return nil, false
	}
	if smallTrip(file, f) {
		return nil, false // gcc unrolls the loop completely: no chain is left
	}
	moves := false
	as.LHS.Format(func(name string) (string, bool) {
		moves = moves || name == inner.CIter
		return "", false
	})
	if moves {
		return nil, false
	}
	body := []cfront.Stmt{f.Body}
	if b, ok := f.Body.(*cfront.Block); ok && b != nil {
		body = b.Stmts
	}
	// gcc defers the contractions of a basic block only while every
	// candidate so far continues one chain from the loop's accumulator;
	// any other multiply-add of the body (an array update beside the
	// accumulator's) ends the deferral and all of them are fused.
	direct := false
	for _, c := range body {
		switch c := c.(type) {
		case *cfront.ExprStmt:
			own := c.At == es.At
			direct = direct || own
			if hasCall(file, c.X) {
				return nil, false
			}
			if n := fmaCandidates(c.X); own && n != 1 || !own && n != 0 {
				return nil, false
			}
		case *cfront.Decl:
			for _, v := range c.Vars {
				if v.Init != nil && (hasCall(file, v.Init) || fmaCandidates(v.Init) != 0) {
					return nil, false
				}
			}
		default:
			return nil, false // a loop, a condition or a block
		}
	}
	if !direct {
		return nil, false
	}
	if arrays[write.Array].Rank > 0 {
		for _, k := range inner.Stmts {
			o := s.Statements[k]
			if o == st {
				continue
			}
			for _, a := range o.Accesses {
				if a.Kind == scop.Write && arrays[a.Array] != nil && arrays[a.Array].Rank > 0 {
					return nil, false
				}
			}
		}
	}
	return &cfront.ExprStmt{At: es.At, X: &cfront.Assign{At: as.At, Op: as.Op, LHS: as.LHS, RHS: rhs}, Text: es.Text, EndOff: es.EndOff, Split: es.Split}, len(body) == 1
}

// sameType reports whether every operand of the arithmetic expression e
// has the type elem: arrays and scalars of the model declared with it,
// integer literals, and floating literals of that type (unsuffixed for
// double, f for float; none for a macro type such as DATA_TYPE).
func sameType(e cfront.Expr, elem string, arrays map[string]*scop.Array) bool {
	switch x := cfront.Unparen(e).(type) {
	case *cfront.Binary:
		switch x.Op {
		case "+", "-", "*", "/":
			return sameType(x.X, elem, arrays) && sameType(x.Y, elem, arrays)
		}
		return false
	case *cfront.Unary:
		return (x.Op == "-" || x.Op == "+") && sameType(x.X, elem, arrays)
	case *cfront.IntLit:
		return true
	case *cfront.FloatLit:
		suffix := strings.ToLower(x.Text[len(x.Text)-1:])
		return elem == "double" && suffix != "f" && suffix != "l" || elem == "float" && suffix == "f"
	case *cfront.Ident:
		a := arrays[x.Name]
		return a != nil && a.ElemType == elem
	case *cfront.Index:
		name, _, ok := cfront.ArrayAccess(x)
		return ok && arrays[name] != nil && arrays[name].ElemType == elem
	}
	return false
}

// fmaCandidates counts the additions and subtractions in e that have a
// product as an operand (subscripts aside): the multiply-adds gcc may
// contract.
func fmaCandidates(e cfront.Expr) int {
	isMul := func(e cfront.Expr) int {
		if b, ok := cfront.Unparen(e).(*cfront.Binary); ok && b.Op == "*" {
			return 1
		}
		return 0
	}
	n := 0
	cfront.Walk(e, func(x cfront.Node) bool {
		switch x := x.(type) {
		case *cfront.Index:
			return false // integer subscripts
		case *cfront.Binary:
			if x.Op == "+" || x.Op == "-" {
				n += isMul(x.X) + isMul(x.Y)
			}
		case *cfront.Assign:
			if x.Op == "+=" || x.Op == "-=" {
				n += isMul(x.RHS)
			}
		}
		return true
	})
	return n
}

// smallTrip reports whether the loop f runs a constant number of times,
// at most 16 (gcc's --param max-completely-peel-times): gcc unrolls such
// a loop completely before it contracts, and then fuses every product.
func smallTrip(file *cfront.File, f *cfront.For) bool {
	lo, ok := constValue(file, f.Lower, 0)
	if !ok || len(f.Bounds) != 1 || f.Step == 0 {
		return false
	}
	hi, ok := constValue(file, f.Bounds[0].Expr, 0)
	if !ok {
		return false
	}
	var n int64
	switch f.Bounds[0].Op {
	case "<":
		n = hi - lo
	case "<=":
		n = hi - lo + 1
	case ">":
		n = lo - hi
	case ">=":
		n = lo - hi + 1
	default:
		return false
	}
	if f.Step < 0 {
		n = -n
	}
	st := f.Step
	if st < 0 {
		st = -st
	}
	return n <= 16*st
}

// constValue is the value of an integer literal, or of a macro that
// expands to one (through at most a few macros).
func constValue(file *cfront.File, e cfront.Expr, depth int) (int64, bool) {
	switch x := cfront.Unparen(e).(type) {
	case *cfront.IntLit:
		return x.Value, !x.Big
	case *cfront.Ident:
		m, ok := file.Macros[x.Name]
		if !ok || m.FuncLike || depth > 4 {
			return 0, false
		}
		body := strings.Trim(strings.TrimSpace(m.Body), "()")
		var v int64
		if _, err := fmt.Sscanf(body, "%d", &v); err == nil && fmt.Sprint(v) == body {
			return v, true
		}
		if ctext.IdentRE.MatchString(body) && ctext.IdentRE.FindString(body) == body {
			return constValue(file, &cfront.Ident{Name: body}, depth+1)
		}
	}
	return 0, false
}

func wrapUnfused(e cfront.Expr) cfront.Expr {
	return &cfront.Call{Fun: &cfront.Ident{Name: unfusedMacro}, Args: []cfront.Expr{e, &cfront.Ident{Name: unfusedZero}}}
}

// floatType reports whether an element type as declared may be a floating
// type: not one of C's integer types (a macro such as DATA_TYPE may be).
func floatType(t string) bool { return !cfront.IsIntegerType(t) }

// hasCall reports whether e calls a function, a function-like macro of
// the file whose expansion calls none aside.
func hasCall(f *cfront.File, e cfront.Expr) bool {
	found := false
	cfront.Walk(e, func(x cfront.Node) bool {
		if c, ok := x.(*cfront.Call); ok {
			id, isId := c.Fun.(*cfront.Ident)
			if !isId {
				found = true
			} else if m, isMacro := f.Macros[id.Name]; !isMacro || ctext.CallRE.MatchString(m.Body) {
				found = true
			}
		}
		return !found
	})
	return found
}
