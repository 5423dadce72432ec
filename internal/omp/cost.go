package omp

import "github.com/tessera-opt/tessera/ast"

// MinParallelWork is the estimated number of statement instances under
// which a parallel loop nested in a sequential one runs sequentially: the
// threads fork and join at every iteration of the enclosing loop, a cost
// that grows by orders of magnitude when other processes share the cores.
// Its derivation is in docs/OMPCOST.md.
const MinParallelWork = 1 << 18

// MinOuterWork is the estimated number of statement instances under which
// a parallel loop that no sequential loop encloses runs sequentially: the
// first parallel region of a process starts the threads, and every region
// costs a fork and a join. Its derivation is in docs/OMPCOST.md.
const MinOuterWork = 1 << 21

// workCap caps every factor and partial sum of a printed work estimate:
// it is above both thresholds, and since it does not fit a C int the
// constant has type long (or long long), in which the product of two
// capped factors (at most 2^62) cannot overflow.
const workCap = 1 << 31

// workCond returns the cost check of a parallel loop f whose estimated
// work must reach minWork: nil (always worth it) when the estimated work
// of one execution of f is a constant at least minWork, drop when it is a
// constant below it (the loop should stay sequential), else the condition
// W >= minWork over the names in scope before f, under which the parallel
// version of f runs (Annotate). W counts the statement instances of f: the
// product of the trip counts of the loops around each statement, inner
// iterators replaced by their loops' lower bounds (an estimate, exact for
// rectangular nests); every factor is capped at workCap so that the C
// arithmetic of the check cannot overflow. est is the estimate (nil when
// there is none: then cond is nil and drop false, and why says why).
// With nested set (f inside a sequential loop) and tiles set (the region
// has tiled bands), a loop with two loop levels inside is taken to be
// worth it (why is pointLoops).
func workCond(f *ast.For, minWork int64, nested, tiles bool) (cond ast.Expr, drop bool, est ast.Expr, why unestimated) {
	if nested && tiles && loopDepth(f.Body) >= 2 {
		// Two loop levels inside (a tile's point loops): the iterations
		// are taken to be worth it, and the estimate would be unreadable.
		return nil, false, nil, pointLoops
	}
	w, ok := work(f, map[string]ast.Expr{}, map[string]ast.Expr{})
	if !ok {
		return nil, false, nil, notCanonical
	}
	w = ast.Simplify(w)
	if k, ok := w.(*ast.Int); ok {
		return nil, k.V < minWork, w, estimated
	}
	w = uncap(w)
	c := ast.Ge(w, ast.NewInt(minWork))
	limit := maxClause
	if !nested || !tiles {
		limit = maxOuterClause
	}
	if len(ast.ExprC(c)) > limit {
		return nil, false, nil, tooLong
	}
	return c, false, w, estimated
}

// unestimated says why workCond gives no estimate.
type unestimated int

const (
	estimated    unestimated = iota
	pointLoops               // a tile loop over point loops, taken to be worth it
	notCanonical             // a loop whose trip count tripCount cannot express
	tooLong                  // an estimate longer than the clause limit
)

func (u unestimated) String() string {
	switch u {
	case pointLoops:
		return "two loop levels inside"
	case notCanonical:
		return "a loop is not a canonical loop with a positive constant step"
	case tooLong:
		return "the estimate is too long to print"
	}
	return "estimated"
}

// maxClause bounds the length of a printed cost check; a longer estimate
// (bounds of a skewed or split loop) is left out and the loop taken as
// worth it. maxOuterClause is the bound for a loop that no sequential loop
// encloses (its check runs once; tiled bounds make it longer).
const (
	maxClause      = 160
	maxOuterClause = 480
)

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

// uncap drops the outer caps of w that do not change w >= t for a
// positive t below workCap: min(x, workCap) and max(x, 0).
func uncap(w ast.Expr) ast.Expr {
	for {
		op, ok := w.(*ast.Op)
		if !ok || len(op.Args) != 2 {
			return w
		}
		k, ok := op.Args[1].(*ast.Int)
		if !ok || (op.Kind != ast.OpMin || k.V != workCap) && (op.Kind != ast.OpMax || k.V != 0) {
			return w
		}
		w = op.Args[0]
	}
}

func capped(e ast.Expr) ast.Expr {
	if k, ok := e.(*ast.Int); ok {
		return ast.NewInt(min(k.V, workCap))
	}
	return ast.Min(e, ast.NewInt(workCap))
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

// tripCount is the number of iterations of f as an expression (zero or
// negative when it runs none), for a canonical loop with a positive
// constant step s: the span ub - lb + 1 of its iterator's values, divided
// by s and rounded up, floord(ub - lb + s, s).
func tripCount(f *ast.For) (ast.Expr, bool) {
	inc, ok := f.Inc.(*ast.Int)
	if !ok || inc.V < 1 || inc.V > workCap {
		return nil, false
	}
	c, ok := f.Cond.(*ast.Op)
	if !ok || len(c.Args) != 2 {
		return nil, false
	}
	if x, ok := c.Args[0].(*ast.Ident); !ok || x.Name != f.Iter || ast.Mentions(c.Args[1], f.Iter) {
		return nil, false
	}
	var span ast.Expr
	switch c.Kind {
	case ast.OpLt:
		span = ast.Sub(c.Args[1], f.Init)
	case ast.OpLe:
		span = ast.Add(ast.Sub(c.Args[1], f.Init), ast.NewInt(1))
	default:
		return nil, false
	}
	if inc.V == 1 {
		return span, true
	}
	return ast.FloorDiv(ast.Add(span, ast.NewInt(inc.V-1)), inc), true
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
