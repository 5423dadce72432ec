package omp

import "github.com/tessera-opt/tessera/ast"

// MinParallelWork is the estimated number of statement instances under
// which a parallel loop nested in a sequential one runs sequentially: the
// threads fork and join at every iteration of the enclosing loop, a few
// microseconds each time on an idle machine and far more when the cores
// are shared. Measured at LARGE on 2 cores (session 2): doitgen with
// 25600 instances per fork ran at 0.23x of gcc with the threshold at
// 10000, so the threshold is the largest value whose square still fits a
// C int: the clause's factors are capped at it, and the product of two
// capped factors must not overflow.
const MinParallelWork = 46340

// workCond returns the cost check of a parallel loop f nested in a
// sequential loop: nil (always worth it) when the estimated work of one
// execution of f is a constant at least MinParallelWork, drop when it is a
// constant below it (the loop should stay sequential), else the condition
// W >= MinParallelWork over the names in scope before f, under which the
// parallel version of f runs (Annotate). W counts the statement instances
// of f: the product of the trip counts of the loops around each
// statement, inner iterators replaced by their loops' lower bounds (an
// estimate, exact for rectangular nests); every factor is capped at
// MinParallelWork so that the C int arithmetic of the check cannot
// overflow.
func workCond(f *ast.For) (cond ast.Expr, drop bool) {
	if loopDepth(f.Body) >= 2 {
		// Two loop levels inside (a tile's point loops): the iterations
		// are taken to be worth it, and the estimate would be unreadable.
		return nil, false
	}
	w, ok := work(f, map[string]ast.Expr{}, map[string]ast.Expr{})
	if !ok {
		return nil, false
	}
	w = ast.Simplify(w)
	if k, ok := w.(*ast.Int); ok {
		return nil, k.V < MinParallelWork
	}
	c := ast.Ge(uncap(w), ast.NewInt(MinParallelWork))
	if len(ast.ExprC(c)) > maxClause {
		return nil, false
	}
	return c, false
}

// maxClause bounds the length of a printed cost check; a longer estimate
// (bounds of a skewed or split loop) is left out and the loop taken as
// worth it.
const maxClause = 160

// loopDepth is the largest number of nested loops in n.
func loopDepth(n ast.Node) int {
	d := 0
	switch x := n.(type) {
	case *ast.For:
		return 1 + loopDepth(x.Body)
	case *ast.Block:
		if x != nil {
			for _, s := range x.Stmts {
				d = max(d, loopDepth(s))
			}
		}
	case *ast.If:
		d = loopDepth(x.Then)
		if x.Else != nil {
			d = max(d, loopDepth(x.Else))
		}
	case *ast.Mark:
		d = loopDepth(x.Body)
	}
	return d
}

// uncap drops the outer caps of w that do not change w >= MinParallelWork:
// min(x, MinParallelWork) and max(x, 0).
func uncap(w ast.Expr) ast.Expr {
	for {
		op, ok := w.(*ast.Op)
		if !ok || len(op.Args) != 2 {
			return w
		}
		k, ok := op.Args[1].(*ast.Int)
		if !ok || (op.Kind != ast.OpMin || k.V != MinParallelWork) && (op.Kind != ast.OpMax || k.V != 0) {
			return w
		}
		w = op.Args[0]
	}
}

func capped(e ast.Expr) ast.Expr {
	if k, ok := e.(*ast.Int); ok {
		return ast.NewInt(min(k.V, MinParallelWork))
	}
	return ast.Min(e, ast.NewInt(MinParallelWork))
}

// work is the capped estimate of the statement instances of n. defs holds
// the declarations met inside f, lower the lower bounds of the loops met
// inside f (f's included), both substituted into every trip count.
func work(n ast.Node, defs, lower map[string]ast.Expr) (ast.Expr, bool) {
	switch x := n.(type) {
	case *ast.User:
		return ast.NewInt(1), true
	case *ast.Decl:
		defs[x.Name] = x.Value
		return ast.NewInt(0), true
	case *ast.Mark:
		return work(x.Body, defs, lower)
	case *ast.Block:
		var sum ast.Expr = ast.NewInt(0)
		if x == nil {
			return sum, true
		}
		for _, s := range x.Stmts {
			w, ok := work(s, defs, lower)
			if !ok {
				return nil, false
			}
			sum = capped(ast.Simplify(ast.Add(sum, w)))
		}
		return sum, true
	case *ast.If:
		w, ok := work(x.Then, defs, lower)
		if !ok {
			return nil, false
		}
		if x.Else != nil {
			e, ok := work(x.Else, defs, lower)
			if !ok {
				return nil, false
			}
			w = capped(ast.Simplify(ast.Add(w, e)))
		}
		return w, true
	case *ast.For:
		t, ok := tripCount(x)
		if !ok {
			return nil, false
		}
		t = expand(t, defs, lower)
		lower[x.Iter] = expand(x.Init, defs, lower)
		b, ok := work(x.Body, defs, lower)
		if !ok {
			return nil, false
		}
		t = capped(ast.Simplify(ast.Max(t, ast.NewInt(0))))
		return capped(ast.Simplify(ast.Mul(t, b))), true
	}
	return nil, false
}

// tripCount is the number of iterations of f as an expression (negative
// when it runs none), for a unit-step canonical loop.
func tripCount(f *ast.For) (ast.Expr, bool) {
	if inc, ok := f.Inc.(*ast.Int); !ok || inc.V != 1 {
		return nil, false
	}
	c, ok := f.Cond.(*ast.Op)
	if !ok || len(c.Args) != 2 {
		return nil, false
	}
	if x, ok := c.Args[0].(*ast.Ident); !ok || x.Name != f.Iter || ast.Mentions(c.Args[1], f.Iter) {
		return nil, false
	}
	switch c.Kind {
	case ast.OpLt:
		return ast.Sub(c.Args[1], f.Init), true
	case ast.OpLe:
		return ast.Add(ast.Sub(c.Args[1], f.Init), ast.NewInt(1)), true
	}
	return nil, false
}

// expand substitutes declarations and lower bounds into e until it
// mentions none of them (bounded: the definitions only refer to earlier
// names).
func expand(e ast.Expr, defs, lower map[string]ast.Expr) ast.Expr {
	for range 64 {
		sub := map[string]ast.Expr{}
		for _, id := range ast.Idents(e) {
			if d, ok := defs[id]; ok {
				sub[id] = d
			} else if l, ok := lower[id]; ok {
				sub[id] = l
			}
		}
		if len(sub) == 0 {
			return e
		}
		e = ast.Subst(e, sub)
	}
	return e
}
