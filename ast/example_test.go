package ast_test

import (
	"fmt"

	"github.com/tessera-opt/tessera/ast"
)

// A tiled loop built with the folding constructors, printed in isl's style
// and executed by the interpreter.
func Example() {
	n, c0, c1 := ast.NewIdent("n"), ast.NewIdent("c0"), ast.NewIdent("c1")
	inner := &ast.For{Iter: "c1", Init: ast.Mul(ast.NewInt(2), c0),
		Cond: ast.Le(c1, ast.Min(ast.Sub(n, ast.NewInt(1)), ast.Add(ast.Mul(ast.NewInt(2), c0), ast.NewInt(1)))),
		Inc:  ast.NewInt(1), Body: &ast.User{Name: "S1", Args: []ast.Expr{c1}}}
	tree := &ast.For{Iter: "c0", Init: ast.NewInt(0),
		Cond: ast.Le(c0, ast.FloorDiv(ast.Sub(n, ast.NewInt(1)), ast.NewInt(2))),
		Inc:  ast.NewInt(1), Body: inner}
	fmt.Print(ast.PrintC(tree))
	ins, err := ast.Interpret(tree, map[string]int64{"n": 3})
	fmt.Println(ins, err)
	// Output:
	// for (int c0 = 0; c0 <= floord(n - 1, 2); c0 += 1)
	//   for (int c1 = 2 * c0; c1 <= min(n - 1, 2 * c0 + 1); c1 += 1)
	//     S1(c1);
	// [S1(0) S1(1) S1(2)] <nil>
}
