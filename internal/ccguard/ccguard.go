package ccguard

import (
	"github.com/tessera-opt/tessera/ast"
	"github.com/tessera-opt/tessera/scop"
)

const outerVecGuardName = "__tessera_outer_vec_guard"

// outerVecGuardText is the C text of the guard statement.
const outerVecGuardText = `__asm__ __volatile__(""); /* tessera: keeps gcc from vectorizing this loop as an outer loop (gcc 12 reorders overlapping stores) */`

// Guards are the guard statements inserted in one region's AST.
type Guards struct {
	count int
}

// Guard is the payload of a guard statement: C text that names nothing
// and touches no memory, so analyses of a loop's traffic look through it.
type Guard struct{}

// String describes the guard in the AST's dumps.
func (Guard) String() string { return "guard against gcc's outer-loop vectorization" }

// Part reports true: the guard touches nothing.
func (Guard) Part() bool { return true }

// Insert inserts the guards in n (in place) and returns n and the guards.
// A guard is a User node with a Guard payload (named outerVecGuardName,
// a label for dumps only) that the Guards' Body prints.
func Insert(n ast.Node, s *scop.Scop) (ast.Node, *Guards) {
	g := &guardWalker{stmts: map[string]*scop.Statement{}, guards: &Guards{}}
	for _, st := range s.Statements {
		g.stmts[st.Name] = st
	}
	n = g.node(n, map[string]ast.Expr{}, false)
	return n, g.guards
}

// Count is the number of guards.
func (g *Guards) Count() int {
	if g == nil {
		return 0
	}
	return g.count
}

// Is reports whether u is a guard (C text that names nothing).
func Is(u *ast.User) bool {
	_, ok := u.Payload.(Guard)
	return ok
}

// Body wraps a statement-body callback so that it also prints the
// guards.
func (g *Guards) Body(body func(*ast.User) (string, error)) func(*ast.User) (string, error) {
	return func(u *ast.User) (string, error) {
		if Is(u) {
			return outerVecGuardText, nil
		}
		return body(u)
	}
}

type guardWalker struct {
	stmts  map[string]*scop.Statement
	guards *Guards
}

// node rewrites n; defs holds the values of the Decls in scope (expanded
// through the outer ones); par is true directly under a parallel mark.
func (g *guardWalker) node(n ast.Node, defs map[string]ast.Expr, par bool) ast.Node {
	switch x := n.(type) {
	case *ast.Block:
		own := false
		for k, st := range x.Stmts {
			if d, ok := st.(*ast.Decl); ok {
				if !own {
					defs, own = copyDefs(defs), true
				}
				defs[d.Name] = ast.Subst(d.Value, defs)
				continue
			}
			x.Stmts[k] = g.node(st, defs, false)
		}
	case *ast.If:
		x.Then = g.node(x.Then, defs, false)
		if x.Else != nil {
			x.Else = g.node(x.Else, defs, false)
		}
	case *ast.Mark:
		x.Body = g.node(x.Body, defs, x.Name == "parallel" || x.Name == "omp parallel for")
	case *ast.For:
		x.Body = g.node(x.Body, defs, false)
		if !x.Parallel && !par && g.atRisk(x, defs) {
			x.Body = ast.NewBlock(&ast.User{Name: outerVecGuardName, Payload: Guard{}}, x.Body)
			g.guards.count++
		}
	}
	return n
}

func copyDefs(m map[string]ast.Expr) map[string]ast.Expr {
	c := make(map[string]ast.Expr, len(m)+1)
	for k, v := range m {
		c[k] = v
	}
	return c
}

// atRisk reports whether outer is a loop gcc 12 may vectorize wrongly as an
// outer loop (see Insert).
func (g *guardWalker) atRisk(outer *ast.For, defs map[string]ast.Expr) bool {
	var inner *ast.For
	var innerDefs map[string]ast.Expr
	loops := 0
	eachLeaf(outer.Body, defs, func(n ast.Node, defs map[string]ast.Expr) {
		if x, ok := n.(*ast.For); ok {
			loops++
			inner, innerDefs = x, defs
		}
	})
	if loops != 1 || hasASTLoop(inner.Body) {
		return false
	}
	mentions := func(e ast.Expr, defs map[string]ast.Expr, name string) bool {
		return ast.Mentions(ast.Subst(e, defs), name)
	}
	slides := mentions(inner.Init, innerDefs, outer.Iter) || mentions(inner.Cond, innerDefs, outer.Iter)
	risky := false
	eachLeaf(inner.Body, innerDefs, func(n ast.Node, defs map[string]ast.Expr) {
		x, ok := n.(*ast.User)
		if !ok || risky {
			return
		}
		if x.Payload != nil {
			return // not an instance of a statement
		}
		st := g.stmts[x.Name]
		if st == nil {
			return
		}
		args := make([]ast.Expr, len(x.Args))
		for k, a := range x.Args {
			args[k] = ast.Subst(a, defs)
		}
		for _, a := range st.Accesses {
			if a.Kind != scop.Write {
				continue
			}
			rows, ok := a.Coefficients()
			if !ok {
				// Not affine as far as we can tell: guard when any
				// argument moves with the inner iterator.
				for _, e := range args {
					if ast.Mentions(e, inner.Iter) {
						risky = true
					}
				}
				continue
			}
			for _, row := range rows {
				withInner, withOuter := false, false
				for k, c := range row {
					if c == 0 || k >= len(args) {
						continue
					}
					withInner = withInner || ast.Mentions(args[k], inner.Iter)
					withOuter = withOuter || ast.Mentions(args[k], outer.Iter)
				}
				if withInner && (withOuter || slides) {
					risky = true
				}
			}
		}
	})
	return risky
}

// eachLeaf calls f on every statement of n that is not a Block, If or Mark
// (loops are not entered), with the values of the Decls in scope there
// (expanded through the outer ones, starting from defs).
func eachLeaf(n ast.Node, defs map[string]ast.Expr, f func(ast.Node, map[string]ast.Expr)) {
	switch x := n.(type) {
	case *ast.Block:
		own := false
		for _, st := range x.Stmts {
			if d, ok := st.(*ast.Decl); ok {
				if !own {
					defs, own = copyDefs(defs), true
				}
				defs[d.Name] = ast.Subst(d.Value, defs)
				continue
			}
			eachLeaf(st, defs, f)
		}
	case *ast.If:
		eachLeaf(x.Then, defs, f)
		if x.Else != nil {
			eachLeaf(x.Else, defs, f)
		}
	case *ast.Mark:
		eachLeaf(x.Body, defs, f)
	default:
		f(n, defs)
	}
}

// hasASTLoop reports whether n contains a for loop.
func hasASTLoop(n ast.Node) bool {
	found := false
	ast.Walk(n, func(m ast.Node) bool {
		if _, ok := m.(*ast.For); ok {
			found = true
		}
		return !found
	})
	return found
}
