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
// below the if, and every one whose body is a block of declarations
// followed by one statement onto that statement, so that the mark sits on
// the loop it was proven for and the emitter can print its pragma. The
// declarations are loop-invariant constants, evaluated once before the
// loop either way. It returns the new root; the tree is edited in place.
func SinkMarks(n ast.Node) ast.Node {
	switch x := n.(type) {
	case *ast.Mark:
		x.Body = SinkMarks(x.Body)
		if x.Name != "parallel" {
			return x
		}
		switch b := x.Body.(type) {
		case *ast.Block:
			// Declarations (loop-invariant constants) then one statement:
			// the mark goes on that statement.
			if b == nil || len(b.Stmts) == 0 {
				return x
			}
			last := len(b.Stmts) - 1
			for _, s := range b.Stmts[:last] {
				if _, ok := s.(*ast.Decl); !ok {
					return x
				}
			}
			b.Stmts[last] = SinkMarks(&ast.Mark{Name: x.Name, Body: b.Stmts[last]})
			return b
		case *ast.If:
			if b.Else == nil {
				b.Then = SinkMarks(&ast.Mark{Name: x.Name, Body: b.Then})
				return b
			}
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
