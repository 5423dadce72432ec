package expand

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/tessera-opt/tessera/cfront"
	"github.com/tessera-opt/tessera/presburger"
	"github.com/tessera-opt/tessera/scop"
)

// copyStmt copies a statement deeply enough to rewrite its accesses and
// syntax.
func copyStmt(st *scop.Statement) *scop.Statement {
	c := *st
	c.Accesses = nil
	for _, ac := range st.Accesses {
		a := *ac
		c.Accesses = append(c.Accesses, &a)
	}
	return &c
}

// rewrite replaces the scalar of web by its array in st (a copy): the
// access relations, the syntax and the text.
func rewrite(st *scop.Statement, s *scop.Scop, web *Web) error {
	// The depth of each expansion loop in st.
	var pos []int
	for _, l := range web.Loops {
		p := -1
		for k, sl := range st.Loops {
			if sl == l {
				p = k
			}
		}
		if p < 0 {
			return fmt.Errorf("expand: statement %s is not inside loop %d", st.Name, l)
		}
		pos = append(pos, p)
	}
	// Access relations: { S[d0, ...] -> A[d_p - lb, ...] } on the domain.
	var dims, subs []string
	for k := range st.Iters {
		dims = append(dims, "d"+strconv.Itoa(k))
	}
	for k, p := range pos {
		subs = append(subs, fmt.Sprintf("d%d - %d", p, web.Lower[k]))
	}
	relText := fmt.Sprintf("{ %s[%s] -> %s[%s] }", st.Name, strings.Join(dims, ", "), web.Array.Name, strings.Join(subs, ", "))
	rel, err := presburger.ParseMap(relText)
	if err != nil {
		return fmt.Errorf("expand: %v", err)
	}
	rel = rel.IntersectDomain(st.Domain)
	for _, ac := range st.Accesses {
		if ac.Array == web.Scalar {
			ac.Array = web.Array.Name
			ac.Rel = rel
		}
	}
	// Syntax: x becomes A[i - lb]...
	elem := func(at cfront.Pos) cfront.Expr {
		var e cfront.Expr = &cfront.Ident{At: at, Name: web.Array.Name}
		for k, p := range pos {
			var sub cfront.Expr = &cfront.Ident{At: at, Name: st.CIters[p]}
			if lb := web.Lower[k]; lb > 0 {
				sub = &cfront.Binary{At: at, Op: "-", OpPos: at, X: sub, Y: &cfront.IntLit{At: at, Text: strconv.FormatInt(lb, 10), Value: lb}}
			} else if lb < 0 {
				sub = &cfront.Binary{At: at, Op: "+", OpPos: at, X: sub, Y: &cfront.IntLit{At: at, Text: strconv.FormatInt(-lb, 10), Value: -lb}}
			}
			e = &cfront.Index{At: at, X: e, Index: sub}
		}
		return e
	}
	switch syn := st.Syntax.(type) {
	case *cfront.ExprStmt:
		c := *syn
		c.X = subst(syn.X, web.Scalar, elem)
		st.Syntax = &c
	case *cfront.Decl:
		if len(syn.Vars) == 1 && syn.Vars[0].Name == web.Scalar {
			v := syn.Vars[0]
			x := &cfront.Assign{At: v.At, Op: "=", LHS: elem(v.At), RHS: subst(v.Init, web.Scalar, elem)}
			st.Syntax = &cfront.ExprStmt{At: syn.At, X: x, EndOff: syn.EndOff}
			st.Op = "="
			break
		}
		c := *syn
		c.Vars = nil
		for _, v := range syn.Vars {
			if v.Name == web.Scalar {
				return fmt.Errorf("expand: declaration of %s with other names", v.Name)
			}
			vc := *v
			if v.Init != nil {
				vc.Init = subst(v.Init, web.Scalar, elem)
			}
			c.Vars = append(c.Vars, &vc)
		}
		st.Syntax = &c
	default:
		return fmt.Errorf("expand: statement %s has unexpected syntax %T", st.Name, st.Syntax)
	}
	st.Text = strings.TrimRight(cfront.FormatStmt(st.Syntax, "", "  ", nil), "\n")
	return nil
}

// subst returns e with every identifier x replaced by repl(position); the
// nodes on the way are copied, e is not modified.
func subst(e cfront.Expr, x string, repl func(cfront.Pos) cfront.Expr) cfront.Expr {
	return cfront.SubstIdents(e, func(id *cfront.Ident) cfront.Expr {
		if id.Name == x {
			return repl(id.At)
		}
		return nil
	})
}
