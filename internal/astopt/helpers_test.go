package astopt

import (
	"github.com/tessera-opt/tessera/ast"
)

// Shorthands for building trees in tests.

func id(s string) ast.Expr                    { return ast.NewIdent(s) }
func ci(v int64) ast.Expr                     { return ast.NewInt(v) }
func op(k ast.OpKind, a ...ast.Expr) ast.Expr { return ast.NewOp(k, a...) }

// loop is for (it = lo; it <= hi; it += 1) body.
func loop(it string, lo, hi ast.Expr, body ...ast.Node) *ast.For {
	return &ast.For{Iter: it, Init: lo, Cond: ast.Le(id(it), hi), Inc: ci(1), Body: blk(body...)}
}

func blk(s ...ast.Node) ast.Node {
	if len(s) == 1 {
		return s[0]
	}
	return &ast.Block{Stmts: s}
}

func user(name string, args ...ast.Expr) *ast.User { return &ast.User{Name: name, Args: args} }

func ifn(c ast.Expr, then ast.Node, els ast.Node) *ast.If {
	return &ast.If{Cond: c, Then: then, Else: els}
}

// tiledGemm is the shape tessera generates for gemm's update statement:
//
//	for c0 .. floord(NI-1,32) for c1 .. floord(NJ-1,32) for c2 .. floord(NK-1,32)
//	  for c3 = 32*c0 .. min(32*c0+31, NI-1) for c4 .. for c5 .. S(c3, c4, c5)
func tiledGemm() ast.Node {
	tile := func(outer, inner, n string, body ast.Node) *ast.For {
		return loop(inner, ast.Mul(ci(32), id(outer)),
			ast.Min(ast.Add(ast.Mul(ci(32), id(outer)), ci(31)), ast.Sub(id(n), ci(1))), body)
	}
	tiles := func(it, n string, body ast.Node) *ast.For {
		return loop(it, ci(0), ast.FloorDiv(ast.Sub(id(n), ci(1)), ci(32)), body)
	}
	return tiles("c0", "NI", tiles("c1", "NJ", tiles("c2", "NK",
		tile("c0", "c3", "NI", tile("c2", "c4", "NK", tile("c1", "c5", "NJ",
			user("S", id("c3"), id("c4"), id("c5"))))))))
}
