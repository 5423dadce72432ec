package omp

import (
	"github.com/tessera-opt/tessera/ast"
	"github.com/tessera-opt/tessera/scheduler"
)

// Clauses returns the emit.Config.Clauses callback that adds the
// private/lastprivate clauses of privs to the parallel loop whose body
// calls their statements; nil when privs is empty.
func Clauses(privs []scheduler.Private) func(m *ast.Mark, f *ast.For) []string {
	if len(privs) == 0 {
		return nil
	}
	owner := map[string]int{}
	for i, p := range privs {
		for _, s := range p.Stmts {
			owner[s] = i
		}
	}
	return func(m *ast.Mark, f *ast.For) []string {
		found := -1
		ast.Walk(f, func(n ast.Node) bool {
			if u, ok := n.(*ast.User); ok && found < 0 {
				if i, ok := owner[u.Name]; ok {
					found = i
				}
			}
			return found < 0
		})
		if found < 0 {
			return nil
		}
		return privs[found].Clauses()
	}
}

// SinkMarks moves every "parallel" mark whose body is an if without else
// (possibly in a one-statement block) below the if, so that the mark sits
// on the loop it was proven for and the emitter can print its pragma. It
// returns the new root; the tree is edited in place.
func SinkMarks(n ast.Node) ast.Node {
	switch x := n.(type) {
	case *ast.Mark:
		x.Body = SinkMarks(x.Body)
		if x.Name != "parallel" {
			return x
		}
		body := x.Body
		if b, ok := body.(*ast.Block); ok && b != nil && len(b.Stmts) == 1 {
			body = b.Stmts[0]
		}
		if i, ok := body.(*ast.If); ok && i.Else == nil {
			i.Then = SinkMarks(&ast.Mark{Name: x.Name, Body: i.Then})
			return i
		}
		return x
	case *ast.Block:
		if x == nil {
			return x
		}
		for k, s := range x.Stmts {
			x.Stmts[k] = SinkMarks(s)
		}
	case *ast.For:
		x.Body = SinkMarks(x.Body)
	case *ast.If:
		x.Then = SinkMarks(x.Then)
		if x.Else != nil {
			x.Else = SinkMarks(x.Else)
		}
	}
	return n
}
