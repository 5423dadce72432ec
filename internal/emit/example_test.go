package emit_test

import (
	"fmt"

	"github.com/tessera-opt/tessera/ast"
	"github.com/tessera-opt/tessera/internal/emit"
)

// A parallel loop printed for a file, its statement body produced by the
// caller from the original statement A[i] = 0 with i := c0.
func ExampleRegion() {
	c0 := ast.NewIdent("c0")
	tree := &ast.Mark{Name: "parallel", Body: &ast.For{Iter: "c0", Init: ast.NewInt(0),
		Cond: ast.Le(c0, ast.Sub(ast.NewIdent("n"), ast.NewInt(1))), Inc: ast.NewInt(1),
		Body: &ast.User{Name: "S1", Args: []ast.Expr{ast.Add(c0, ast.NewInt(1))}}}}
	text, err := emit.Region(tree, emit.Config{
		Body: func(u *ast.User) (string, error) { return "A[" + emit.Expr(u.Args[0]) + "] = 0;", nil },
	})
	fmt.Print(text, err, "\n")
	// Output:
	// #pragma omp parallel for
	// for (int c0 = 0; c0 <= n - 1; c0 += 1)
	//   A[(c0 + 1)] = 0;
	// <nil>
}
