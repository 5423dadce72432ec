package pipeline

import (
	"fmt"

	"github.com/tessera-opt/tessera/ast"
	"github.com/tessera-opt/tessera/scop"
)

// gcc 12.2 (Debian 12.2.0-14, the compiler of this project's machines)
// vectorizes some two-deep loop nests as an outer loop and then gets the
// order of overlapping stores wrong. The smallest case:
//
//	for (c0 = 2; c0 < n; c0++)
//	  for (c1 = 0; c1 <= m; c1++)
//	    A[c0 + c1] = D[c0] + C[c1 + c0];
//
// at -O3 leaves in A[x] the value of the smallest c0 that wrote it instead
// of the largest (the same with c1 running from c0 - 1 to c0 + 2 and
// A[c1], at -O2). Each iteration of c0 rewrites elements the previous ones
// wrote: an output dependence carried by the outer loop through a subscript
// of the inner loop. The original program may contain such a nest too, but
// tessera creates them (loop distribution left seed 800091 of progfuzz with
// one) and must not hand gcc code it miscompiles.
//
// guardOuterVec puts an empty volatile asm statement at the start of the
// body of every loop at risk: gcc does not vectorize a loop whose body holds
// one, as an outer loop or otherwise, while the inner loop stays free to be
// vectorized the usual way. A loop is at risk when it is not parallel, its
// body holds exactly one loop and that loop no loop, and a statement of the
// inner loop writes an array element through a subscript that moves with
// the inner iterator and also with the outer one (in the subscript itself
// or through the inner loop's bounds). The test is syntactic and
// conservative: it may guard a loop whose stores never overlap, which only
// forgoes gcc's outer-loop vectorization there.
const outerVecGuardName = "__tessera_outer_vec_guard"

// outerVecGuardText is the C text of the guard statement.
const outerVecGuardText = `__asm__ __volatile__(""); /* tessera: keeps gcc from vectorizing this loop as an outer loop (gcc 12 reorders overlapping stores) */`

// guardOuterVec returns n with the guards inserted and their number. The
// guard is a User node named outerVecGuardName; the caller's statement
// bodies must print it (outerVecGuardBody).
func guardOuterVec(n ast.Node, s *scop.Scop) (ast.Node, int) {
	g := &guardWalker{stmts: map[string]*scop.Statement{}}
	for _, st := range s.Statements {
		g.stmts[st.Name] = st
	}
	n = g.node(n, map[string]ast.Expr{}, false)
	return n, g.count
}

// outerVecGuardBody wraps a statement-body callback so that it also prints
// the guards.
func outerVecGuardBody(body func(*ast.User) (string, error)) func(*ast.User) (string, error) {
	return func(u *ast.User) (string, error) {
		if u.Name == outerVecGuardName {
			return outerVecGuardText, nil
		}
		return body(u)
	}
}

type guardWalker struct {
	stmts map[string]*scop.Statement
	count int
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
			x.Body = ast.NewBlock(&ast.User{Name: outerVecGuardName}, x.Body)
			g.count++
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
// outer loop (see guardOuterVec).
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

// guardRegion applies guardOuterVec to the region's AST, notes the guards
// in the remarks, and returns the statement bodies that print them.
func guardRegion(reg *Region, n ast.Node, s *scop.Scop, body func(*ast.User) (string, error)) (ast.Node, func(*ast.User) (string, error), bool) {
	n, k := guardOuterVec(n, s)
	if k == 0 {
		return n, body, true
	}
	reg.Remarks = append(reg.Remarks, fmt.Sprintf("%d loop(s) kept from gcc's outer-loop vectorization (overlapping stores of an inner loop; gcc 12 reorders them)", k))
	return n, outerVecGuardBody(body), true
}
