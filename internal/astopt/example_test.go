package astopt_test

import (
	"fmt"

	"github.com/tessera-opt/tessera/ast"
	"github.com/tessera-opt/tessera/internal/astopt"
)

// The tiled loop of the paper's vector addition: 32*io is computed once
// per iteration of the outer loop.
func ExampleRun() {
	io, ii := ast.NewIdent("io"), ast.NewIdent("ii")
	n := &ast.For{Iter: "io", Init: ast.NewInt(0), Cond: ast.Lt(io, ast.NewIdent("n")), Inc: ast.NewInt(1),
		Body: &ast.For{Iter: "ii", Init: ast.NewInt(0), Cond: ast.Lt(ii, ast.NewInt(32)), Inc: ast.NewInt(1),
			Body: &ast.User{Name: "S", Args: []ast.Expr{ast.Add(ast.Mul(io, ast.NewInt(32)), ii)}}}}
	out, st, err := astopt.Run(n, astopt.Config{})
	if err != nil {
		panic(err)
	}
	fmt.Print(ast.PrintC(out))
	fmt.Println(st.Hoisted, "hoisted")
	// Output:
	// for (int io = 0; io < n; io += 1) {
	//   const int inv0 = 32 * io;
	//   for (int ii = 0; ii < 32; ii += 1)
	//     S(inv0 + ii);
	// }
	// 1 hoisted
}
