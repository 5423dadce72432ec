package astopt

import "github.com/tessera-opt/tessera/ast"

// unswitchPass hoists loop-invariant if conditions out of their loops
// (unswitching). For a loop at depth k, a condition is invariant when its
// rank is below k; it must also be total (no fault, no call), because the
// unswitched form evaluates it once before the loop even when the loop
// runs no iteration. Three shapes are handled, innermost loops first:
//
//	for (...) if (p && q) A             →  if (p) for (...) if (q) A
//	for (...) if (c) A else B           →  if (c) for (...) A else for (...) B
//	for (...) { X; if (c) A [else B]; Y } →  if (c) for (...) { X; A; Y }
//	                                        else for (...) { X; [B;] Y }
//
// where p is the longest invariant prefix of the conjunction (normalize put
// the invariant conjuncts first). The first shape duplicates nothing, the
// second only the loop header; the third duplicates X and Y and is done
// only when they hold at most Config.UnswitchBudget statements, once per
// loop, twice for an innermost loop (generalLevels: its results are
// unswitched again only by the first two shapes).
// A loop under a Mark (a pragma) gets a copy of the Mark in each branch.
func unswitchPass(n ast.Node, cfg Config) (ast.Node, error) {
	u := &unswitcher{cfg: cfg, made: map[*ast.If]bool{}}
	return u.walk(n), nil
}

type unswitcher struct {
	cfg  Config
	sc   scope
	made map[*ast.If]bool // ifs created by unswitching (marks are pushed into them)
}

func (u *unswitcher) walk(n ast.Node) ast.Node {
	sc := &u.sc
	switch n := n.(type) {
	case *ast.For:
		m := sc.mark()
		sc.depth++
		sc.bind(n.Iter, sc.depth)
		n.Body = u.walk(n.Body)
		sc.depth--
		sc.reset(m)
		return u.unswitch(n, sc.depth+1, generalLevels)
	case *ast.If:
		m := sc.mark()
		n.Then = u.walk(n.Then)
		sc.reset(m)
		if n.Else != nil {
			n.Else = u.walk(n.Else)
			sc.reset(m)
		}
	case *ast.Block:
		m := sc.mark()
		for i, s := range n.Stmts {
			n.Stmts[i] = u.walk(s)
		}
		sc.reset(m)
	case *ast.Mark:
		m := sc.mark()
		body := u.walk(n.Body)
		sc.reset(m)
		return u.pushMark(n.Name, body)
	case *ast.Decl:
		sc.bind(n.Name, sc.depth)
	}
	return n
}

// pushMark wraps the loops at the leaves of the ifs made by unswitching
// into a mark named name (or n itself when it is not such an if).
func (u *unswitcher) pushMark(name string, n ast.Node) ast.Node {
	if f, ok := n.(*ast.If); ok && u.made[f] {
		f.Then = u.pushMark(name, f.Then)
		if f.Else != nil {
			f.Else = u.pushMark(name, f.Else)
		}
		return f
	}
	return &ast.Mark{Name: name, Body: n}
}

// invariant reports whether c can be evaluated once before the loop at
// depth k, whose iterator and Decls are inner (the scope is that of the
// loop's parent: the names bound inside the loop are no longer in it).
func (u *unswitcher) invariant(c ast.Expr, k int, inner map[string]bool) bool {
	for _, name := range ast.Idents(c) {
		if inner[name] {
			return false
		}
	}
	return u.sc.rank(c) < k && total(c)
}

// boundIn is the set of the names bound by For and Decl nodes in n.
func boundIn(n ast.Node) map[string]bool {
	m := map[string]bool{}
	ast.Walk(n, func(x ast.Node) bool {
		switch x := x.(type) {
		case *ast.For:
			m[x.Iter] = true
		case *ast.Decl:
			m[x.Name] = true
		}
		return true
	})
	return m
}

// header is a loop with f's header and the given body.
func header(f *ast.For, body ast.Node) *ast.For {
	c := &ast.For{Iter: f.Iter, Init: ast.CopyExpr(f.Init), Cond: ast.CopyExpr(f.Cond),
		Inc: ast.CopyExpr(f.Inc), Body: body, Parallel: f.Parallel}
	if f.Annotations != nil {
		c.Annotations = append([]string(nil), f.Annotations...)
	}
	return c
}

// unswitch is f or an if made of its unswitched copies; k is f's depth.
func (u *unswitcher) unswitch(f *ast.For, k int, general int) ast.Node {
	inner := boundIn(f)
	made := func(c ast.Expr, then, els ast.Node) ast.Node {
		r := &ast.If{Cond: c, Then: then, Else: els}
		u.made[r] = true
		u.cfg.count(func(s *Stats) { s.Unswitched++ })
		return r
	}
	if in, ok := single(f.Body).(*ast.If); ok {
		if in.Else == nil {
			conj := flatten(ast.OpAnd, in.Cond, nil)
			p := 0
			for p < len(conj) && u.invariant(conj[p], k, inner) {
				p++
			}
			if p == 0 {
				return f
			}
			if p < len(conj) {
				f.Body = &ast.If{Cond: andOf(conj[p:]), Then: in.Then}
			} else {
				f.Body = in.Then
			}
			return made(andOf(conj[:p]), u.unswitch(f, k, general), nil)
		}
		if !u.invariant(in.Cond, k, inner) {
			return f
		}
		g := header(f, in.Else)
		f.Body = in.Then
		return made(in.Cond, u.unswitch(f, k, general), u.unswitch(g, k, general))
	}
	b, ok := f.Body.(*ast.Block)
	if general <= 0 || !ok || general < generalLevels && !innermost(f) {
		return f
	}
	for i, s := range b.Stmts {
		in, ok := s.(*ast.If)
		if !ok || !u.invariant(in.Cond, k, inner) {
			continue
		}
		size := 0
		for j, o := range b.Stmts {
			if j != i {
				size += countStmts(o)
			}
		}
		if size > u.cfg.unswitchBudget() {
			continue
		}
		before, after := b.Stmts[:i], b.Stmts[i+1:]
		var els []ast.Node
		for _, o := range before {
			els = append(els, ast.Copy(o))
		}
		if in.Else != nil {
			els = append(els, scoped(in.Else))
		}
		for _, o := range after {
			els = append(els, ast.Copy(o))
		}
		then := append(append(append([]ast.Node{}, before...), scoped(in.Then)), after...)
		g := header(f, ast.NewBlock(els...))
		f.Body = ast.NewBlock(then...)
		return made(in.Cond, u.unswitch(f, k, general-1), u.unswitch(g, k, general-1))
	}
	return f
}

// generalLevels is how many times the general shape may apply to a loop
// and its unswitched copies: twice for an innermost loop (two invariant
// ifs in a vectorizable body, as the two statements of a skewed
// two-statement stencil tile), once for the others.
const generalLevels = 2

// innermost reports whether f holds no loop.
func innermost(f *ast.For) bool {
	found := false
	ast.Walk(f.Body, func(x ast.Node) bool {
		if _, ok := x.(*ast.For); ok {
			found = true
		}
		return !found
	})
	return !found
}

// andOf is the short-circuit conjunction of l (l[0] alone when it is the
// only one), without refolding.
func andOf(l []ast.Expr) ast.Expr {
	if len(l) == 1 {
		return l[0]
	}
	return ast.NewOp(ast.OpAnd, l...)
}

// countStmts is the number of statements of n.
func countStmts(n ast.Node) int {
	c := 0
	ast.Walk(n, func(ast.Node) bool { c++; return true })
	return c
}
