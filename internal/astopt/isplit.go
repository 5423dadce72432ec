package astopt

import "github.com/tessera-opt/tessera/ast"

// isplitPass splits the index set of innermost loops at the invariant
// bound of a guard on their iterator (index-set splitting), so that no
// iteration tests it:
//
//	for (c = lb; c <= ub; c += 1) { X; if (c >= e && p) A else B; Y }
//	→ for (c = lb; c <= min(ub, e - 1); c += 1) { X; B; Y }
//	  for (c = max(lb, e); c <= ub; c += 1) { X; if (p) A else B; Y }
//
// and symmetrically for c <= e (the guarded part first). The AST
// generator leaves such guards where statements of one loop start or stop
// at different iterations (time-skewed tiles of a stencil whose
// statements are shifted by one iteration against each other), and the
// guard in the innermost loop keeps the C compiler from vectorizing it.
//
// Exactness: the two loops run the iterations lb..min(ub, e-1) and
// max(lb, e)..ub, in this order: the original iterations, each once, in
// the original order, each with the statements its guard selects. e is
// evaluated before the loops; it is invariant (no name bound in the loop)
// and total (no fault), as unswitch requires of the conditions it hoists.
//
// Only innermost loops (no loop in the body) of unit step whose condition
// is c <= ub or c < ub, outside marks, are split, and only when the
// statements outside the if, which both loops repeat, are at most
// Config.UnswitchBudget (8 by default); a loop is split at most twice
// (a guard at each end).
func isplitPass(n ast.Node, cfg Config) (ast.Node, error) {
	return isplitWalk(n, cfg), nil
}

func isplitWalk(n ast.Node, cfg Config) ast.Node {
	switch n := n.(type) {
	case *ast.For:
		n.Body = isplitWalk(n.Body, cfg)
		return isplitLoop(n, cfg, 2)
	case *ast.If:
		n.Then = isplitWalk(n.Then, cfg)
		if n.Else != nil {
			n.Else = isplitWalk(n.Else, cfg)
		}
	case *ast.Block:
		for i, s := range n.Stmts {
			n.Stmts[i] = isplitWalk(s, cfg)
		}
	case *ast.Mark:
		// A marked loop keeps its shape (the mark annotates one loop);
		// the loops inside it are still split.
		if f := ast.OnlyFor(n.Body); f != nil {
			f.Body = isplitWalk(f.Body, cfg)
			return n
		}
		n.Body = isplitWalk(n.Body, cfg)
	}
	return n
}

// isplitLoop is f, or the block of its split copies (each split again
// while splits remain).
func isplitLoop(f *ast.For, cfg Config, splits int) ast.Node {
	if splits == 0 {
		return f
	}
	if !ast.UnitStep(f) || ast.Mentions(f.Init, f.Iter) {
		return f
	}
	ub, ok := ast.UpperBound(f)
	if !ok || ast.ContainsFor(f.Body) {
		return f
	}
	inner := boundIn(f)
	stmts := []ast.Node{f.Body}
	if b, ok := f.Body.(*ast.Block); ok {
		stmts = b.Stmts
	}
	for i, s := range stmts {
		in, ok := s.(*ast.If)
		if !ok {
			continue
		}
		size := 0
		for j, o := range stmts {
			if j != i {
				size += countStmts(o)
			}
		}
		if size > cfg.unswitchBudget() {
			continue
		}
		conj := flatten(ast.OpAnd, in.Cond, nil)
		for ci, c := range conj {
			if ci > 0 && !(total(conj[ci-1]) && !hasCall(conj[ci-1])) {
				// The conjuncts before c run on every iteration of
				// the original; dropping them where c is false is
				// exact only when they are side-effect free.
				break
			}
			firstUB, secondLB, lower, ok := iterBound(c, f.Iter, inner)
			if !ok {
				continue
			}
			rest := append(append([]ast.Expr{}, conj[:ci]...), conj[ci+1:]...)
			with := isplitBody(stmts, i, in, rest, true)
			without := isplitBody(stmts, i, in, rest, false)
			// lower: the guard holds from secondLB on; upper: up to firstUB.
			first, second := without, with
			if !lower {
				first, second = with, without
			}
			a := &ast.For{Iter: f.Iter, Init: ast.CopyExpr(f.Init),
				Cond: ast.Le(ast.NewIdent(f.Iter), ast.Min(ast.CopyExpr(ub), firstUB)),
				Inc:  ast.NewInt(1), Body: first, Parallel: f.Parallel}
			b := &ast.For{Iter: f.Iter, Init: ast.Max(ast.CopyExpr(f.Init), secondLB),
				Cond: ast.CopyExpr(f.Cond), Inc: ast.NewInt(1), Body: second, Parallel: f.Parallel}
			if f.Annotations != nil {
				a.Annotations = append([]string(nil), f.Annotations...)
				b.Annotations = append([]string(nil), f.Annotations...)
			}
			cfg.count(func(s *Stats) { s.Split++ })
			var out []ast.Node
			for _, l := range []*ast.For{a, b} {
				if l.Body == nil {
					continue
				}
				out = append(out, isplitLoop(l, cfg, splits-1))
			}
			if len(out) == 1 {
				return out[0]
			}
			return ast.NewBlock(out...)
		}
	}
	return f
}

// isplitBody is the loop body stmts with stmts[i] (the if in) replaced by
// what it executes when the split conjunct is val; rest are the other
// conjuncts of its condition. Copies are made of every other statement;
// nil when nothing is left.
func isplitBody(stmts []ast.Node, i int, in *ast.If, rest []ast.Expr, val bool) ast.Node {
	var out []ast.Node
	for j, s := range stmts {
		if j != i {
			out = append(out, ast.Copy(s))
			continue
		}
		switch {
		case !val:
			if in.Else != nil {
				out = append(out, scoped(ast.Copy(in.Else)))
			}
		case len(rest) == 0:
			out = append(out, scoped(ast.Copy(in.Then)))
		default:
			var els ast.Node
			if in.Else != nil {
				els = ast.Copy(in.Else)
			}
			cs := make([]ast.Expr, len(rest))
			for k, r := range rest {
				cs[k] = ast.CopyExpr(r)
			}
			out = append(out, &ast.If{Cond: andOf(cs), Then: ast.Copy(in.Then), Else: els})
		}
	}
	switch len(out) {
	case 0:
		return nil
	case 1:
		if _, isDecl := out[0].(*ast.Decl); !isDecl {
			return out[0]
		}
	}
	return ast.NewBlock(out...)
}

// iterBound reads a conjunct comparing the iterator c with an invariant,
// total expression e and returns the last iteration of the first part and
// the first of the second: c >= e (lower: e-1, e), c > e (lower: e, e+1),
// c <= e (upper: e, e+1), c < e (upper: e-1, e), or the same with the
// sides swapped.
func iterBound(c ast.Expr, iter string, inner map[string]bool) (firstUB, secondLB ast.Expr, lower, ok bool) {
	o, isOp := c.(*ast.Op)
	if !isOp || len(o.Args) != 2 {
		return nil, nil, false, false
	}
	k := o.Kind
	side := -1
	for s := range 2 {
		if x, ok := o.Args[s].(*ast.Ident); ok && x.Name == iter {
			side = s
		}
	}
	if side < 0 {
		return nil, nil, false, false
	}
	e := o.Args[1-side]
	if !total(e) {
		return nil, nil, false, false
	}
	for _, name := range ast.Idents(e) {
		if inner[name] {
			return nil, nil, false, false
		}
	}
	if side == 1 { // e op c: mirror the comparison
		switch k {
		case ast.OpLe:
			k = ast.OpGe
		case ast.OpLt:
			k = ast.OpGt
		case ast.OpGe:
			k = ast.OpLe
		case ast.OpGt:
			k = ast.OpLt
		}
	}
	minus := func() ast.Expr { return addConst(e, -1) }
	plus := func() ast.Expr { return addConst(e, 1) }
	switch k {
	case ast.OpGe:
		return minus(), ast.CopyExpr(e), true, true
	case ast.OpGt:
		return ast.CopyExpr(e), plus(), true, true
	case ast.OpLe:
		return ast.CopyExpr(e), plus(), false, true
	case ast.OpLt:
		return minus(), ast.CopyExpr(e), false, true
	}
	return nil, nil, false, false
}

// addConst is e + d, folded into e's constant term when e is x + k or
// x - k (the generator's c3 + 1 gives c3, not c3 + 1 - 1).
func addConst(e ast.Expr, d int64) ast.Expr {
	if o, ok := e.(*ast.Op); ok && len(o.Args) == 2 && (o.Kind == ast.OpAdd || o.Kind == ast.OpSub) {
		if k, ok := o.Args[1].(*ast.Int); ok && k.V > -1<<40 && k.V < 1<<40 {
			v := k.V
			if o.Kind == ast.OpSub {
				v = -v
			}
			return ast.Add(ast.CopyExpr(o.Args[0]), ast.NewInt(v+d))
		}
	}
	return ast.Add(ast.CopyExpr(e), ast.NewInt(d))
}
