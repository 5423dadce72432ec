package cfront

// SubstIdents returns a copy of e in which every identifier x for which
// repl(x) is not nil is replaced by repl(x). The nodes on the way to a
// replacement are copied; e is not modified.
func SubstIdents(e Expr, repl func(*Ident) Expr) Expr {
	r := func(e Expr) Expr { return SubstIdents(e, repl) }
	switch e := e.(type) {
	case nil:
		return nil
	case *Ident:
		if x := repl(e); x != nil {
			return x
		}
		return e
	case *Paren:
		return edited(e, func(c *Paren) { c.X = r(e.X) })
	case *Unary:
		return edited(e, func(c *Unary) { c.X = r(e.X) })
	case *Postfix:
		return edited(e, func(c *Postfix) { c.X = r(e.X) })
	case *Member:
		return edited(e, func(c *Member) { c.X = r(e.X) })
	case *Cast:
		return edited(e, func(c *Cast) { c.X = r(e.X) })
	case *Binary:
		return edited(e, func(c *Binary) { c.X, c.Y = r(e.X), r(e.Y) })
	case *Index:
		return edited(e, func(c *Index) { c.X, c.Index = r(e.X), r(e.Index) })
	case *Assign:
		return edited(e, func(c *Assign) { c.LHS, c.RHS = r(e.LHS), r(e.RHS) })
	case *CondExpr:
		return edited(e, func(c *CondExpr) { c.Cond, c.Then, c.Else = r(e.Cond), r(e.Then), r(e.Else) })
	case *Call:
		return edited(e, func(c *Call) {
			c.Fun, c.Args = r(e.Fun), make([]Expr, len(e.Args))
			for k, a := range e.Args {
				c.Args[k] = r(a)
			}
		})
	}
	return e
}

// edited returns a copy of the node n with its subexpressions set by
// edit (which reads them from n and writes them to the copy).
func edited[T any](n *T, edit func(*T)) *T {
	c := *n
	edit(&c)
	return &c
}
