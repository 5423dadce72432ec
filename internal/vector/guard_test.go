package vector_test

import (
	"github.com/tessera-opt/tessera/ast"
)

// intrinsicBranch is a copy of n as compiled with the target's intrinsics:
// the "#else" branches of the guards (vecg:else ... vecg:endif) and the
// directives themselves removed, for the AST interpreter, which does not
// know the preprocessor.
func intrinsicBranch(n ast.Node) ast.Node {
	n = ast.Copy(n)
	var strip func(n ast.Node)
	strip = func(n ast.Node) {
		ast.Walk(n, func(m ast.Node) bool {
			b, ok := m.(*ast.Block)
			if !ok {
				return true
			}
			var keep []ast.Node
			skip := false
			for _, s := range b.Stmts {
				if u, ok := s.(*ast.User); ok {
					switch u.Name {
					case "vecg:if":
						continue
					case "vecg:else":
						skip = true
						continue
					case "vecg:endif":
						skip = false
						continue
					}
				}
				if !skip {
					keep = append(keep, s)
				}
			}
			b.Stmts = keep
			return true
		})
	}
	strip(n)
	return n
}
