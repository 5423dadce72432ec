package multiversion

import (
	"strings"

	"github.com/tessera-opt/tessera/cfront"
)

// Subst returns a copy of region r whose statements have every name of
// subst replaced by its expression (each use gets a copy placed at the
// name's position). The statements' source texts are reprinted from the
// substituted trees; r is not modified.
func Subst(r *cfront.Region, subst map[string]cfront.Expr) *cfront.Region {
	c := *r
	c.Body = make([]cfront.Stmt, len(r.Body))
	for k, s := range r.Body {
		c.Body[k] = substStmt(s, subst)
	}
	return &c
}

// at is a copy of the replacement e placed at pos.
func at(e cfront.Expr, pos cfront.Pos) cfront.Expr {
	switch x := e.(type) {
	case *cfront.IntLit:
		c := *x
		c.At = pos
		return &c
	case *cfront.Paren:
		c := *x
		c.At = pos
		c.X = at(x.X, pos)
		return &c
	case *cfront.Unary:
		c := *x
		c.At = pos
		c.X = at(x.X, pos)
		return &c
	}
	return e
}

func substExpr(e cfront.Expr, subst map[string]cfront.Expr) cfront.Expr {
	if e == nil {
		return nil
	}
	return cfront.SubstIdents(e, func(id *cfront.Ident) cfront.Expr {
		if x, ok := subst[id.Name]; ok {
			return at(x, id.At)
		}
		return nil
	})
}

func substStmt(s cfront.Stmt, subst map[string]cfront.Expr) cfront.Stmt {
	switch x := s.(type) {
	case *cfront.Block:
		if x == nil {
			return x
		}
		c := *x
		c.Stmts = make([]cfront.Stmt, len(x.Stmts))
		for k, st := range x.Stmts {
			c.Stmts[k] = substStmt(st, subst)
		}
		return &c
	case *cfront.For:
		c := *x
		c.Lower = substExpr(x.Lower, subst)
		c.Bounds = make([]cfront.Bound, len(x.Bounds))
		for k, b := range x.Bounds {
			c.Bounds[k] = cfront.Bound{Op: b.Op, Expr: substExpr(b.Expr, subst), Raw: substExpr(b.Raw, subst)}
		}
		c.Cond = substExpr(x.Cond, subst)
		c.Incr = substExpr(x.Incr, subst)
		if x.Init != nil {
			c.Init = substStmt(x.Init, subst)
		}
		c.Body = substStmt(x.Body, subst)
		return &c
	case *cfront.If:
		c := *x
		c.Cond = substExpr(x.Cond, subst)
		c.Then = substStmt(x.Then, subst)
		if x.Else != nil {
			c.Else = substStmt(x.Else, subst)
		}
		return &c
	case *cfront.ExprStmt:
		c := *x
		c.X = substExpr(x.X, subst)
		if c.X != x.X {
			c.Text = reprint(x.Text, c.X.Format(nil)+";")
		}
		return &c
	case *cfront.Decl:
		c := *x
		c.Vars = make([]*cfront.Declarator, len(x.Vars))
		changed := false
		for k, v := range x.Vars {
			cv := *v
			cv.Init = substExpr(v.Init, subst)
			changed = changed || cv.Init != v.Init
			if len(v.Dims) > 0 {
				cv.Dims = make([]cfront.Expr, len(v.Dims))
				for i, d := range v.Dims {
					cv.Dims[i] = substExpr(d, subst)
					changed = changed || cv.Dims[i] != d
				}
			}
			c.Vars[k] = &cv
		}
		if changed {
			c.Text = reprint(x.Text, strings.TrimSpace(cfront.FormatStmt(&c, "", "", nil)))
		}
		return &c
	}
	return s
}

// reprint is the new source text of a statement whose old text was old:
// text, without its ';' where old has none (a for loop's init clause).
func reprint(old, text string) string {
	if !strings.HasSuffix(strings.TrimSpace(old), ";") {
		return strings.TrimSuffix(text, ";")
	}
	return text
}
