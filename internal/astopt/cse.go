package astopt

import "github.com/tessera-opt/tessera/ast"

// csePass reuses Decls: a Decl whose value equals the value of a Decl in
// scope is dropped and its name replaced by the earlier one, and in every
// expression a subexpression equal to the value of a Decl in scope is
// replaced by the Decl's name (largest subexpressions first). A Decl is in
// scope after it in its block, as in C; both Decls hold the same value
// because nothing assigns the names their values use. Only operator
// values without calls are matched (a name or a constant is not worth a
// Decl; a call may have effects).
func csePass(n ast.Node, cfg Config) (ast.Node, error) {
	c := &cser{cfg: cfg}
	return c.stmt(n), nil
}

type cser struct {
	cfg    Config
	avail  []availDecl
	rename map[string]string
}

type availDecl struct {
	value ast.Expr
	name  string
}

func (c *cser) lookup(e ast.Expr) (string, bool) {
	if _, ok := e.(*ast.Op); !ok || hasCall(e) {
		return "", false
	}
	for i := len(c.avail) - 1; i >= 0; i-- {
		if ast.Equal(c.avail[i].value, e) {
			return c.avail[i].name, true
		}
	}
	return "", false
}

// expr renames the dropped Decls in e and replaces the subexpressions
// available in Decls.
func (c *cser) expr(e ast.Expr) ast.Expr {
	switch x := e.(type) {
	case *ast.Ident:
		if r, ok := c.rename[x.Name]; ok {
			return ast.NewIdent(r)
		}
		return e
	case *ast.Op:
		args := make([]ast.Expr, len(x.Args))
		for i, a := range x.Args {
			args[i] = c.renamed(a)
		}
		y := &ast.Op{Kind: x.Kind, Args: args}
		if name, ok := c.lookup(y); ok {
			c.cfg.count(func(s *Stats) { s.Reused++ })
			return ast.NewIdent(name)
		}
		for i, a := range y.Args {
			y.Args[i] = c.expr(a)
		}
		return y
	case *ast.Call:
		args := make([]ast.Expr, len(x.Args))
		for i, a := range x.Args {
			args[i] = c.expr(a)
		}
		return &ast.Call{Func: x.Func, Args: args}
	}
	return e
}

// renamed is e with the dropped Decls renamed (nothing else replaced).
func (c *cser) renamed(e ast.Expr) ast.Expr {
	if len(c.rename) == 0 {
		return e
	}
	switch x := e.(type) {
	case *ast.Ident:
		if r, ok := c.rename[x.Name]; ok {
			return ast.NewIdent(r)
		}
	case *ast.Op:
		args := make([]ast.Expr, len(x.Args))
		for i, a := range x.Args {
			args[i] = c.renamed(a)
		}
		return &ast.Op{Kind: x.Kind, Args: args}
	case *ast.Call:
		args := make([]ast.Expr, len(x.Args))
		for i, a := range x.Args {
			args[i] = c.renamed(a)
		}
		return &ast.Call{Func: x.Func, Args: args}
	}
	return e
}

// state saves the scope; restore pops what was added since.
type cseState struct {
	avail  int
	rename map[string]string
}

func (c *cser) save() cseState { return cseState{len(c.avail), c.rename} }
func (c *cser) restore(s cseState) {
	c.avail = c.avail[:s.avail]
	c.rename = s.rename
}

func (c *cser) stmt(n ast.Node) ast.Node {
	switch n := n.(type) {
	case *ast.For:
		n.Init = c.expr(n.Init)
		n.Cond = c.expr(n.Cond)
		n.Inc = c.expr(n.Inc)
		s := c.save()
		n.Body = c.stmt(n.Body)
		c.restore(s)
	case *ast.If:
		n.Cond = c.expr(n.Cond)
		s := c.save()
		n.Then = c.stmt(n.Then)
		c.restore(s)
		if n.Else != nil {
			n.Else = c.stmt(n.Else)
			c.restore(s)
		}
	case *ast.Mark:
		s := c.save()
		n.Body = c.stmt(n.Body)
		c.restore(s)
	case *ast.User:
		for i, a := range n.Args {
			n.Args[i] = c.expr(a)
		}
	case *ast.Block:
		s := c.save()
		var out []ast.Node
		for _, x := range n.Stmts {
			if d, ok := x.(*ast.Decl); ok {
				v := c.renamed(d.Value)
				if name, ok := c.lookup(v); ok {
					// An equal Decl is in scope: drop this one.
					m := make(map[string]string, len(c.rename)+1)
					for k, r := range c.rename {
						m[k] = r
					}
					m[d.Name] = name
					c.rename = m
					c.cfg.count(func(s *Stats) { s.Reused++ })
					continue
				}
				d.Value = c.expr(v)
				c.avail = append(c.avail, availDecl{v, d.Name})
				if !ast.Equal(v, d.Value) {
					c.avail = append(c.avail, availDecl{d.Value, d.Name})
				}
				out = append(out, d)
				continue
			}
			out = append(out, c.stmt(x))
		}
		n.Stmts = out
		c.restore(s)
	case *ast.Decl:
		n.Value = c.expr(n.Value)
	}
	return n
}
