package aliascheck

import (
	"bytes"
	"errors"
	"fmt"
	"strings"

	"github.com/tessera-opt/tessera/ast"
	"github.com/tessera-opt/tessera/internal/ctext"
	"github.com/tessera-opt/tessera/internal/emit"
	"github.com/tessera-opt/tessera/presburger"
	"github.com/tessera-opt/tessera/scop"
)

// Condition returns the C condition under which the arrays of
// every pair occupy disjoint address ranges in the region, and the ranges
// in words for --explain.
func Condition(s *scop.Scop, pairs [][2]*scop.Array, prefix string) (cond, ranges string, err error) {
	h := emit.HelpersFor(prefix)
	type span struct{ lo, end, text string }
	spans := map[string]*span{} // nil: not accessed in the context
	var order []string
	spanOf := func(a *scop.Array) (*span, error) {
		if sp, ok := spans[a.Name]; ok {
			return sp, nil
		}
		e, ok, err := s.AccessExtent(a.Name)
		if err != nil {
			var pe *presburger.Error
			if errors.As(err, &pe) {
				return nil, err
			}
			why := err.Error()
			if s.MayArrays()[a.Name] {
				// A may access ranges over the whole extent, which
				// C does not give for a pointer or array parameter.
				why = "a subscript that is not affine may take any value: " + why
			}
			return nil, &Error{fmt.Sprintf("the elements of %s that the region accesses have no closed-form bounds (%s)", a.Name, why)}
		}
		if !ok {
			spans[a.Name] = nil
			return nil, nil
		}
		lo, hi := make([]ast.Expr, len(e.Lo)), make([]ast.Expr, len(e.Hi))
		for k := range e.Lo {
			if lo[k], err = boundExpr(e.Lo[k], false); err == nil {
				hi[k], err = boundExpr(e.Hi[k], true)
			}
			if err != nil {
				return nil, &Error{fmt.Sprintf("the bounds of %s: %v", a.Name, err)}
			}
		}
		first, last := elemAddr(a, lo, h), elemAddr(a, hi, h)
		sp := &span{lo: "(const char *)" + first, end: "(const char *)(" + last + " + 1)"}
		sp.text = strings.TrimPrefix(first, "&") + " to " + strings.TrimPrefix(last, "&")
		if a.Rank == 0 {
			sp.text = a.Name
		}
		spans[a.Name] = sp
		order = append(order, sp.text)
		return sp, nil
	}
	var ors []string
	for _, p := range pairs {
		x, err := spanOf(p[0])
		if err != nil {
			return "", "", err
		}
		y, err := spanOf(p[1])
		if err != nil {
			return "", "", err
		}
		if x == nil || y == nil {
			continue // one of them is not accessed at all
		}
		ors = append(ors, "("+x.end+" <= "+y.lo+" || "+y.end+" <= "+x.lo+")")
	}
	if len(ors) == 0 {
		return "1", "", nil
	}
	return strings.Join(ors, " && "), strings.Join(order, ", "), nil
}

// boundExpr is the least (greatest when upper) of the pieces of a bound.
func boundExpr(pieces []presburger.Aff, upper bool) (ast.Expr, error) {
	var es []ast.Expr
	for _, p := range pieces {
		e, err := affExpr(p)
		if err != nil {
			return nil, err
		}
		es = append(es, e)
	}
	if upper {
		return ast.Max(es...), nil
	}
	return ast.Min(es...), nil
}

// affExpr is the expression of a quasi-affine function of the
// parameters, with floor divisions for its locals and the parameters'
// C names.
func affExpr(a presburger.Aff) (ast.Expr, error) {
	sp := a.Space()
	params := sp.Params()
	if sp.NDim() != len(params) {
		return nil, fmt.Errorf("aliascheck: %v is not a function of the parameters alone", a)
	}
	cols := make([]ast.Expr, 0, len(params)+a.NLocal())
	for _, p := range params {
		cols = append(cols, ast.NewIdent(scop.CParam(p)))
	}
	lin := func(row []int64) ast.Expr {
		var e ast.Expr
		for c, k := range row[:len(row)-1] {
			if k == 0 {
				continue
			}
			switch {
			case e == nil:
				e = ast.Mul(ast.NewInt(k), cols[c])
			case k < 0:
				e = ast.Sub(e, ast.Mul(ast.NewInt(-k), cols[c]))
			default:
				e = ast.Add(e, ast.Mul(ast.NewInt(k), cols[c]))
			}
		}
		c := ast.NewInt(row[len(row)-1])
		if e == nil {
			return c
		}
		return ast.Add(e, c)
	}
	for k := 0; k < a.NLocal(); k++ {
		l := a.Local(k)
		row := append(l.Row[:len(cols):len(cols)], l.Row[len(l.Row)-1])
		cols = append(cols, ast.FloorDiv(lin(row), ast.NewInt(l.Den)))
	}
	return lin(a.Row()), nil
}

// elemAddr prints the address of the element of a at the subscripts sub
// (the model's): &A[i][j], or &A[(i) * (n) + j] for a delinearized array.
func elemAddr(a *scop.Array, sub []ast.Expr, h ast.Helpers) string {
	if a.Rank == 0 {
		return "&" + a.Name
	}
	var b bytes.Buffer
	b.WriteString("&" + a.Name)
	if len(a.Strides) == 0 {
		for _, e := range sub {
			b.WriteString("[" + h.ExprC(e) + "]")
		}
		return b.String()
	}
	var terms []string
	for k, e := range sub {
		if c, ok := e.(*ast.Int); ok && c.V == 0 {
			continue
		}
		t := h.ExprCParen(e)
		switch st := a.Strides[k]; {
		case st == "1":
		case ctext.IdentRE.MatchString(st) && ctext.IdentRE.FindString(st) == st:
			t += " * " + st
		default:
			t += " * (" + st + ")"
		}
		terms = append(terms, t)
	}
	if len(terms) == 0 {
		terms = []string{"0"}
	}
	b.WriteString("[" + strings.Join(terms, " + ") + "]")
	return b.String()
}
