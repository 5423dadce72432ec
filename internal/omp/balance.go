package omp

import "github.com/tessera-opt/tessera/ast"

// Balance is the schedule (emit.Clauses.Schedule: schedule(static,1)) of
// a parallel loop whose iterations do unequal work (a triangular domain:
// the trip count of a loop inside depends on the parallel iterator). With the default static schedule
// the first half of a triangle's rows goes to one thread and holds a
// quarter of the work; a cyclic distribution gives each thread every
// other iteration, which evens the work out without the atomic counter of
// a dynamic schedule, and keeps the same iterations on the same thread
// from one execution of the loop to the next.
const Balance = "static,1"

// balanceProbe is the value given to parameters and enclosing iterators,
// and balanceAt the two values of the parallel iterator, when imbalanced
// compares trip counts.
const balanceProbe = 1000

var balanceAt = [2]int64{4, 8}

// imbalanced reports whether the trip count of some loop inside f changes
// with f's iterator: declarations between f and the loop are substituted,
// every other name is set to balanceProbe, and the trip counts at two
// values of f's iterator are compared (a difference above a tenth counts;
// tile boundaries min(n - 1, 32*c0 + 31) move with the iterator but keep
// the trip count). It is a heuristic: the clause it chooses never changes
// what the loop computes.
func imbalanced(f *ast.For) bool {
	defs := map[string]ast.Expr{}
	found := false
	var visit func(n ast.Node)
	visit = func(n ast.Node) {
		if found {
			return
		}
		switch x := n.(type) {
		case *ast.Decl:
			defs[x.Name] = x.Value
		case *ast.Block:
			if x == nil {
				return
			}
			for _, s := range x.Stmts {
				visit(s)
			}
		case *ast.Mark:
			visit(x.Body)
		case *ast.If:
			visit(x.Then)
			if x.Else != nil {
				visit(x.Else)
			}
		case *ast.For:
			if tripVaries(x, f.Iter, defs) {
				found = true
				return
			}
			visit(x.Body)
		}
	}
	visit(f.Body)
	return found
}

// tripVaries reports whether the trip count of g, with the definitions
// defs substituted, differs at the two probe values of iterator it.
func tripVaries(g *ast.For, it string, defs map[string]ast.Expr) bool {
	c, ok := g.Cond.(*ast.Op)
	if !ok || len(c.Args) != 2 {
		return false
	}
	if x, ok := c.Args[0].(*ast.Ident); !ok || x.Name != g.Iter {
		return false
	}
	var trip ast.Expr
	switch c.Kind {
	case ast.OpLe:
		trip = ast.Sub(c.Args[1], g.Init)
	case ast.OpLt:
		trip = ast.Sub(ast.Sub(c.Args[1], ast.NewInt(1)), g.Init)
	case ast.OpGe:
		trip = ast.Sub(g.Init, c.Args[1])
	case ast.OpGt:
		trip = ast.Sub(ast.Sub(g.Init, c.Args[1]), ast.NewInt(1))
	default:
		return false
	}
	for range 32 {
		sub := map[string]ast.Expr{}
		for _, id := range ast.Idents(trip) {
			if d, ok := defs[id]; ok {
				sub[id] = d
			}
		}
		if len(sub) == 0 {
			break
		}
		trip = ast.Subst(trip, sub)
	}
	if !ast.Mentions(trip, it) {
		return false
	}
	var t [2]int64
	for k, v := range balanceAt {
		env := map[string]int64{}
		for _, id := range ast.Idents(trip) {
			env[id] = balanceProbe
		}
		env[it] = v
		r, err := ast.Eval(trip, env)
		if err != nil {
			return false
		}
		t[k] = max(r+1, 0)
	}
	d := t[0] - t[1]
	if d < 0 {
		d = -d
	}
	return d*10 > max(t[0], t[1])
}
