package astgen

import "github.com/tessera-opt/tessera/ast"

// tidy is the last pass over a generated AST: consecutive conditions with
// the same test and no else branch become one condition over both bodies
// (the generator guards each statement call on its own, so two calls
// under the same test come out as two ifs; isl merges them too). The
// bodies cannot change the test (generated code assigns nothing but loop
// iterators, and Decl nodes, which only later passes add, make a merge be
// skipped). A condition whose only statement is another condition
// becomes one condition over the conjunction.
func tidy(n ast.Node) ast.Node {
	switch x := n.(type) {
	case *ast.Block:
		var out []ast.Node
		for _, s := range x.Stmts {
			s = tidy(s)
			if len(out) > 0 {
				if a, ok := out[len(out)-1].(*ast.If); ok {
					if c, ok := s.(*ast.If); ok && a.Else == nil && c.Else == nil &&
						ast.Equal(a.Cond, c.Cond) && !hasDecl(a.Then) && !hasDecl(c.Then) {
						out[len(out)-1] = &ast.If{Cond: a.Cond, Then: tidy(ast.NewBlock(a.Then, c.Then))}
						continue
					}
				}
			}
			out = append(out, s)
		}
		if len(out) == 1 {
			return out[0]
		}
		x.Stmts = out
		return x
	case *ast.For:
		x.Body = tidy(x.Body)
	case *ast.If:
		x.Then = tidy(x.Then)
		if x.Else != nil {
			x.Else = tidy(x.Else)
			break
		}
		// if (a) if (b) s  =>  if (a && b) s
		if in, ok := x.Then.(*ast.If); ok && in.Else == nil {
			x.Cond, x.Then = ast.And(x.Cond, in.Cond), in.Then
		}
	case *ast.Mark:
		x.Body = tidy(x.Body)
	}
	return n
}

func hasDecl(n ast.Node) bool {
	found := false
	ast.Walk(n, func(m ast.Node) bool {
		if _, ok := m.(*ast.Decl); ok {
			found = true
		}
		return !found
	})
	return found
}
