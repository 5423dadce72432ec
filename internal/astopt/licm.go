package astopt

import (
	"strconv"

	"github.com/tessera-opt/tessera/ast"
)

// licmPass is the paper's LICM(T) on the expressions of the tree: loop
// bounds, if conditions, User arguments and Decl values.
//
// We walk the tree keeping the loops around the current point. In each
// expression slot evaluated inside loop depth d (a loop's Init is
// evaluated in its parent, at depth d-1; its Cond and Inc at its own
// depth) we look, top-down, for maximal subexpressions e of rank r < d:
// e does not change in the loops r+1..d. When e is hoistable (no call, no
// possible fault: it will be evaluated before the loop, where the guards
// and the loop bounds that protected it do not apply) and its cost is at
// least K, we bind it to a new Decl placed just before loop t, the
// outermost of the loops r+1..d that is not small, and replace it by the
// Decl's name. The new Decl's value is then processed like a slot at depth
// t-1, so that its own parts of lower rank move further out. Equal
// expressions bound before the same or an enclosing loop share one Decl.
//
// A small loop (constant trip count <= Config.SmallTrip) is fully
// unrolled by the C compiler, which then folds its iterator and CSEs the
// copies of its body: hoisting out of it alone gains nothing and lengthens
// live ranges (the paper's cost 0 inside small loops). Such a loop is
// never a target; an expression invariant only in small loops stays.
//
// Decls before a loop under a Mark go before the Mark, so that the mark's
// pragma still precedes its loop.
func licmPass(n ast.Node, cfg Config) (ast.Node, error) {
	costs, err := cfg.costs()
	if err != nil {
		return n, err
	}
	h := &hoister{cfg: cfg, costs: costs, names: newNamer(n, cfg)}
	h.sc.extra = map[string]int{}
	before, out := h.stmt(n)
	if len(before) > 0 {
		out = ast.NewBlock(append(before, out)...)
	}
	return out, nil
}

type hoister struct {
	cfg   Config
	costs CostTable
	sc    scope
	loops []*loopFrame // loops[d-1] is the loop at depth d
	names *namer
}

// loopFrame is a loop on the current path and the Decls to be placed just
// before it.
type loopFrame struct {
	small bool
	pre   []*ast.Decl
	orig  []ast.Expr // the hoisted expression of each Decl of pre (for reuse)
}

// stmt processes n and returns the Decls to be placed just before it.
func (h *hoister) stmt(n ast.Node) ([]ast.Node, ast.Node) {
	sc := &h.sc
	switch n := n.(type) {
	case *ast.For:
		d := sc.depth
		fr := &loopFrame{small: isSmall(n, h.cfg.smallTrip())} // before its bounds change
		n.Init = h.expr(n.Init, d)
		h.loops = append(h.loops, fr)
		m := sc.mark()
		sc.depth++
		sc.bind(n.Iter, sc.depth)
		n.Cond = h.expr(n.Cond, d+1)
		n.Inc = h.expr(n.Inc, d+1)
		n.Body = h.body(n.Body)
		sc.depth--
		sc.reset(m)
		h.loops = h.loops[:d]
		var before []ast.Node
		for _, p := range fr.pre {
			before = append(before, p)
		}
		return before, n
	case *ast.Block:
		m := sc.mark()
		var out []ast.Node
		for _, s := range n.Stmts {
			before, s := h.stmt(s)
			out = append(append(out, before...), s)
		}
		sc.reset(m)
		n.Stmts = out
		return nil, n
	case *ast.If:
		n.Cond = h.expr(n.Cond, sc.depth)
		n.Then = h.body(n.Then)
		if n.Else != nil {
			n.Else = h.body(n.Else)
		}
		return nil, n
	case *ast.Mark:
		m := sc.mark()
		before, b := h.stmt(n.Body)
		sc.reset(m)
		n.Body = b
		return before, n
	case *ast.User:
		for i, a := range n.Args {
			n.Args[i] = h.expr(a, sc.depth)
		}
		return nil, n
	case *ast.Decl:
		n.Value = h.expr(n.Value, sc.depth)
		sc.bind(n.Name, sc.depth)
		return nil, n
	}
	return nil, n
}

// body processes a branch or loop body in its own scope.
func (h *hoister) body(n ast.Node) ast.Node {
	m := h.sc.mark()
	before, s := h.stmt(n)
	h.sc.reset(m)
	if len(before) == 0 {
		return s
	}
	return &ast.Block{Stmts: append(before, s)}
}

// expr hoists the invariant parts of e, evaluated at loop depth d.
func (h *hoister) expr(e ast.Expr, d int) ast.Expr {
	if d == 0 {
		return e
	}
	switch x := e.(type) {
	case *ast.Op:
		r := h.sc.rank(x)
		if r < d && hoistable(x) {
			t := h.target(r, d)
			c := h.costs.Cost(x)
			if t > 0 && c >= h.cfg.threshold() {
				return h.bind(x, t)
			}
			if t > 0 {
				return e // its parts cost even less
			}
		}
		args := make([]ast.Expr, len(x.Args))
		for i, a := range x.Args {
			args[i] = h.expr(a, d)
		}
		return &ast.Op{Kind: x.Kind, Args: args}
	case *ast.Call:
		// The call stays; its arguments may be hoisted.
		args := make([]ast.Expr, len(x.Args))
		for i, a := range x.Args {
			args[i] = h.expr(a, d)
		}
		return &ast.Call{Func: x.Func, Args: args}
	}
	return e
}

// hoistable reports whether e may be evaluated before the loop and is
// worth a name: total, and not the negation of a name or constant (which
// the C compiler folds into the operation using it).
func hoistable(e ast.Expr) bool {
	if o, ok := e.(*ast.Op); ok && o.Kind == ast.OpNeg {
		switch o.Args[0].(type) {
		case *ast.Ident, *ast.Int:
			return false
		}
	}
	return total(e)
}

// target is the depth of the loop before which an expression of rank r
// used at depth d goes: the outermost loop among r+1..d that is not small,
// or 0 for none.
func (h *hoister) target(r, d int) int {
	for t := r + 1; t <= d; t++ {
		if !h.loops[t-1].small {
			return t
		}
	}
	return 0
}

// bind returns the name of a Decl of e placed before the loop at depth t
// (or an enclosing one), creating it when needed.
func (h *hoister) bind(e ast.Expr, t int) ast.Expr {
	for j := 1; j <= t; j++ {
		fr := h.loops[j-1]
		for i, o := range fr.orig {
			if ast.Equal(o, e) {
				h.cfg.count(func(s *Stats) { s.Reused++ })
				return ast.NewIdent(fr.pre[i].Name)
			}
		}
	}
	name := h.names.fresh()
	// The Decl sits in the body of loop t-1: its parts of lower rank go
	// further out.
	saved := h.sc.depth
	h.sc.depth = t - 1
	v := h.expr(ast.CopyExpr(e), t-1)
	h.sc.depth = saved
	fr := h.loops[t-1]
	fr.pre = append(fr.pre, &ast.Decl{Name: name, Value: v})
	fr.orig = append(fr.orig, e)
	h.sc.extra[name] = t - 1
	h.cfg.count(func(s *Stats) { s.Hoisted++ })
	return ast.NewIdent(name)
}

// namer makes Decl names used nowhere in the tree nor in Config.Avoid.
type namer struct {
	prefix string
	used   map[string]bool
	next   int
}

func newNamer(n ast.Node, cfg Config) *namer {
	nm := &namer{prefix: cfg.prefix(), used: map[string]bool{}}
	for _, a := range cfg.Avoid {
		nm.used[a] = true
	}
	use := func(e ast.Expr) ast.Expr {
		for _, id := range ast.Idents(e) {
			nm.used[id] = true
		}
		return e
	}
	ast.Walk(n, func(x ast.Node) bool {
		switch x := x.(type) {
		case *ast.For:
			nm.used[x.Iter] = true
		case *ast.Decl:
			nm.used[x.Name] = true
		}
		return true
	})
	ast.RewriteExprs(n, use)
	return nm
}

func (nm *namer) fresh() string {
	for {
		s := nm.prefix + strconv.Itoa(nm.next)
		nm.next++
		if !nm.used[s] {
			nm.used[s] = true
			return s
		}
	}
}

// isSmall reports whether f runs a constant number of iterations of at
// most limit: Init and the bound of Cond differ by a constant and Inc is
// a positive constant.
func isSmall(f *ast.For, limit int64) bool {
	if limit <= 0 {
		return false
	}
	inc, ok := f.Inc.(*ast.Int)
	if !ok || inc.V <= 0 {
		return false
	}
	c, ok := f.Cond.(*ast.Op)
	if !ok || len(c.Args) != 2 {
		return false
	}
	var ub ast.Expr
	strict := false
	isIter := func(e ast.Expr) bool { id, ok := e.(*ast.Ident); return ok && id.Name == f.Iter }
	switch {
	case (c.Kind == ast.OpLe || c.Kind == ast.OpLt) && isIter(c.Args[0]):
		ub, strict = c.Args[1], c.Kind == ast.OpLt
	case (c.Kind == ast.OpGe || c.Kind == ast.OpGt) && isIter(c.Args[1]):
		ub, strict = c.Args[0], c.Kind == ast.OpGt
	default:
		return false
	}
	diff, ok := constDiff(ub, f.Init)
	if !ok {
		return false
	}
	if strict {
		diff--
	}
	if diff < 0 {
		return true // no iteration
	}
	trips := diff/inc.V + 1
	return trips <= limit
}

// constDiff is a - b when it is a constant: both are read as linear
// forms over opaque atoms (anything but + - * by a constant), compared
// term by term.
func constDiff(a, b ast.Expr) (int64, bool) {
	la, ca, ok1 := linear(a)
	lb, cb, ok2 := linear(b)
	if !ok1 || !ok2 {
		return 0, false
	}
	for k, v := range la {
		if lb[k] != v {
			return 0, false
		}
	}
	for k, v := range lb {
		if la[k] != v {
			return 0, false
		}
	}
	if (ca > 0 && cb < 0 && ca > 1<<62) || (ca < 0 && cb > 0 && cb > 1<<62) {
		return 0, false
	}
	return ca - cb, true
}

// linear reads e as sum of coef * atom + constant (atoms keyed by their
// prefix form); coefficients stay small (it gives up on anything large).
func linear(e ast.Expr) (map[string]int64, int64, bool) {
	m := map[string]int64{}
	var c int64
	ok := true
	var walk func(e ast.Expr, k int64)
	walk = func(e ast.Expr, k int64) {
		if !ok {
			return
		}
		if k > 1<<30 || k < -1<<30 {
			ok = false
			return
		}
		switch x := e.(type) {
		case *ast.Int:
			if x.V > 1<<30 || x.V < -1<<30 {
				ok = false
				return
			}
			c += k * x.V
			return
		case *ast.Op:
			switch x.Kind {
			case ast.OpAdd:
				walk(x.Args[0], k)
				walk(x.Args[1], k)
				return
			case ast.OpSub:
				walk(x.Args[0], k)
				walk(x.Args[1], -k)
				return
			case ast.OpNeg:
				walk(x.Args[0], -k)
				return
			case ast.OpMul:
				if v, isC := x.Args[0].(*ast.Int); isC && v.V <= 1<<30 && v.V >= -1<<30 {
					walk(x.Args[1], k*v.V)
					return
				}
				if v, isC := x.Args[1].(*ast.Int); isC && v.V <= 1<<30 && v.V >= -1<<30 {
					walk(x.Args[0], k*v.V)
					return
				}
			}
		}
		key := ast.SExpr(e)
		m[key] += k
		if m[key] == 0 {
			delete(m, key)
		}
	}
	walk(e, 1)
	return m, c, ok
}
