package cfront

// Walk calls visit for n and then, if visit returns true, for each child in
// source order (statements, declarators, expressions, type names excluded).
// For a *For the children are Init, Cond, Incr, Body (the Bounds share their
// expressions with Cond and are not walked twice).
func Walk(n Node, visit func(Node) bool) {
	if n == nil || !visit(n) {
		return
	}
	w := func(c Node) {
		if c != nil {
			Walk(c, visit)
		}
	}
	switch n := n.(type) {
	case *Paren:
		w(n.X)
	case *Unary:
		w(n.X)
	case *Postfix:
		w(n.X)
	case *Binary:
		w(n.X)
		w(n.Y)
	case *Assign:
		w(n.LHS)
		w(n.RHS)
	case *CondExpr:
		w(n.Cond)
		w(n.Then)
		w(n.Else)
	case *Call:
		w(n.Fun)
		for _, a := range n.Args {
			w(a)
		}
	case *Index:
		w(n.X)
		w(n.Index)
	case *Member:
		w(n.X)
	case *Cast:
		w(n.X)
	case *For:
		w(n.Init)
		w(n.Cond)
		w(n.Incr)
		w(n.Body)
	case *If:
		w(n.Cond)
		w(n.Then)
		if n.Else != nil {
			w(n.Else)
		}
	case *Block:
		for _, s := range n.Stmts {
			w(s)
		}
	case *ExprStmt:
		w(n.X)
	case *Decl:
		for _, v := range n.Vars {
			w(v)
		}
	case *Declarator:
		for _, d := range n.Dims {
			if d != nil {
				w(d)
			}
		}
		if n.Init != nil {
			w(n.Init)
		}
	}
}

// WalkExpr calls f on e and on each of its subexpressions, in Walk's
// order.
func WalkExpr(e Expr, f func(Expr)) {
	if e == nil {
		return
	}
	Walk(e, func(n Node) bool {
		if x, ok := n.(Expr); ok {
			f(x)
		}
		return true
	})
}

// WalkStmt calls f on s and on each statement nested in it, in source
// order, each before the statements nested in it (pre-order), as WalkExpr
// does for expressions. The statements nested in a *Block are its Stmts,
// in a *For its Body, in an *If its Then and Else; a *For's Init clause
// belongs to its header (Iter, DeclType, Lower), as Cond and Incr do, and
// is not visited. Expressions are not visited: f reads them from the
// statements it is given (with WalkExpr). A nil statement or nil *Block
// is not visited.
//
// After the statements nested in s (none for an *ExprStmt, *Decl or
// *Empty), WalkStmt calls f(nil), as go/ast.Inspect does: a caller that
// needs scopes (a declaration's name is in scope up to the end of its
// block, an iterator's in its loop) keeps a stack of the statements open,
// pushing on each f(s) and popping on each f(nil); a caller that does not
// ignores nil (no case of a type switch matches it).
func WalkStmt(s Stmt, f func(Stmt)) {
	if s == nil {
		return
	}
	if b, ok := s.(*Block); ok && b == nil {
		return
	}
	f(s)
	switch x := s.(type) {
	case *Block:
		for _, c := range x.Stmts {
			WalkStmt(c, f)
		}
	case *For:
		WalkStmt(x.Body, f)
	case *If:
		WalkStmt(x.Then, f)
		WalkStmt(x.Else, f)
	}
	f(nil)
}
