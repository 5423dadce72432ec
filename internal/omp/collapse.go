package omp

import "github.com/tessera-opt/tessera/ast"

// CollapseMark is the name of the mark the scheduler puts on a tile loop
// that is parallel like the one under the "parallel" mark just above it
// (scheduler bandPlan.collapse, proven by verifyCollapse).
const CollapseMark = "collapse"

// collapseLoops turns the chain of "collapse" marks right below the
// parallel loop f into the count of loops of a collapse clause: each
// marked loop must be the only statement of the previous loop's body
// (after loop-invariant declarations, which move into the marked loop's
// body: they do not depend on its iterator) and must have bounds that use
// none of the iterators of the loops above it in the chain, nor those
// declarations (OpenMP's rectangular, perfectly nested loops). It returns
// the number of loops collapsed (1: only f), editing the tree in place.
func collapseLoops(f *ast.For) int {
	n := 1
	banned := map[string]bool{f.Iter: true}
	cur := f
	for {
		var decls []ast.Node
		var m *ast.Mark
		switch b := cur.Body.(type) {
		case *ast.Mark:
			m = b
		case *ast.Block:
			if b == nil || len(b.Stmts) == 0 {
				return n
			}
			last := len(b.Stmts) - 1
			for _, s := range b.Stmts[:last] {
				d, ok := s.(*ast.Decl)
				if !ok {
					return n
				}
				decls = append(decls, d)
			}
			m, _ = b.Stmts[last].(*ast.Mark)
		}
		if m == nil || m.Name != CollapseMark {
			return n
		}
		g := ast.OnlyFor(m.Body)
		if g == nil || !ast.Canonical(g) {
			return n
		}
		local := map[string]bool{}
		for k, v := range banned {
			local[k] = v
		}
		for _, d := range decls {
			local[d.(*ast.Decl).Name] = true
		}
		for _, e := range []ast.Expr{g.Init, g.Cond, g.Inc} {
			for _, id := range ast.Idents(e) {
				if local[id] {
					return n
				}
			}
		}
		if len(decls) > 0 {
			if gb, ok := g.Body.(*ast.Block); ok && gb != nil {
				gb.Stmts = append(decls, gb.Stmts...)
			} else {
				g.Body = &ast.Block{Stmts: append(decls, g.Body)}
			}
		}
		cur.Body = g
		banned[g.Iter] = true
		n++
		cur = g
	}
}

// stripMarks replaces every mark named name by its body.
func stripMarks(n ast.Node, name string) ast.Node {
	switch x := n.(type) {
	case *ast.Mark:
		x.Body = stripMarks(x.Body, name)
		if x.Name == name {
			return x.Body
		}
	case *ast.Block:
		if x == nil {
			return x
		}
		for k, s := range x.Stmts {
			x.Stmts[k] = stripMarks(s, name)
		}
	case *ast.For:
		x.Body = stripMarks(x.Body, name)
	case *ast.If:
		x.Then = stripMarks(x.Then, name)
		if x.Else != nil {
			x.Else = stripMarks(x.Else, name)
		}
	}
	return n
}
