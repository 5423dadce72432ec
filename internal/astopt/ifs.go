package astopt

import "github.com/tessera-opt/tessera/ast"

// ifCollapsePass merges nested ifs without else branches:
//
//	if (a) if (b) S  →  if (a && b) S
//
// This is exact because && evaluates b only when a holds, as the nested
// ifs did; the merged condition is then normalized (its invariant
// conjuncts first when they are total), so that unswitch can hoist them.
func ifCollapsePass(n ast.Node, cfg Config) (ast.Node, error) {
	ic := &ifCollapser{nz: normalizer{cfg: cfg}}
	return ic.walk(n), nil
}

type ifCollapser struct {
	nz normalizer // for the ranks and to normalize merged conditions
}

// single is the only statement of n when n is a Block of one statement
// that declares nothing, or n itself.
func single(n ast.Node) ast.Node {
	for {
		b, ok := n.(*ast.Block)
		if !ok || len(b.Stmts) != 1 {
			return n
		}
		if _, isDecl := b.Stmts[0].(*ast.Decl); isDecl {
			return n
		}
		n = b.Stmts[0]
	}
}

func (ic *ifCollapser) walk(n ast.Node) ast.Node {
	sc := &ic.nz.sc
	switch n := n.(type) {
	case *ast.For:
		m := sc.mark()
		sc.depth++
		sc.bind(n.Iter, sc.depth)
		n.Body = ic.walk(n.Body)
		sc.depth--
		sc.reset(m)
	case *ast.If:
		m := sc.mark()
		n.Then = ic.walk(n.Then)
		sc.reset(m)
		if n.Else != nil {
			n.Else = ic.walk(n.Else)
			sc.reset(m)
			return n
		}
		if in, ok := single(n.Then).(*ast.If); ok && in.Else == nil {
			n.Cond = ic.nz.assoc(ast.NewOp(ast.OpAnd, n.Cond, in.Cond))
			n.Then = in.Then
			ic.nz.cfg.count(func(s *Stats) { s.Collapsed++ })
		}
	case *ast.Block:
		m := sc.mark()
		for i, s := range n.Stmts {
			n.Stmts[i] = ic.walk(s)
		}
		sc.reset(m)
	case *ast.Mark:
		m := sc.mark()
		n.Body = ic.walk(n.Body)
		sc.reset(m)
	case *ast.Decl:
		sc.bind(n.Name, sc.depth)
	}
	return n
}

// ifConcatPass merges adjacent ifs of a block with the same condition
// (the paper's ifconcat):
//
//	if (c) A [else B]; if (c) C [else D]  →  if (c) { A; C } [else { B; D }]
//
// This is exact because nothing in A or B assigns a name of c (the tree
// assigns only loop iterators and Decls, and both are scoped inside A and
// B), and c is side-effect free when it has no call (ifs whose condition
// has a call are left alone). A branch that declares names keeps its own
// block, so scopes do not change.
func ifConcatPass(n ast.Node, cfg Config) (ast.Node, error) {
	ifConcat(n, cfg)
	return n, nil
}

func ifConcat(n ast.Node, cfg Config) {
	switch n := n.(type) {
	case *ast.For:
		ifConcat(n.Body, cfg)
	case *ast.If:
		ifConcat(n.Then, cfg)
		if n.Else != nil {
			ifConcat(n.Else, cfg)
		}
	case *ast.Mark:
		ifConcat(n.Body, cfg)
	case *ast.Block:
		var out []ast.Node
		for _, s := range n.Stmts {
			if len(out) > 0 {
				prev, ok1 := out[len(out)-1].(*ast.If)
				cur, ok2 := s.(*ast.If)
				if ok1 && ok2 && !hasCall(cur.Cond) && ast.Equal(prev.Cond, cur.Cond) {
					out[len(out)-1] = &ast.If{Cond: prev.Cond, Then: seq(prev.Then, cur.Then), Else: seq(prev.Else, cur.Else)}
					cfg.count(func(s *Stats) { s.IfsMerged++ })
					continue
				}
			}
			out = append(out, s)
		}
		n.Stmts = out
		for _, s := range n.Stmts {
			ifConcat(s, cfg)
		}
	}
}

// seq is a followed by b (either may be nil), keeping the scope of each.
func seq(a, b ast.Node) ast.Node {
	switch {
	case a == nil:
		return b
	case b == nil:
		return a
	}
	return ast.NewBlock(scoped(a), scoped(b))
}

// scoped wraps a bare Decl into a block so that it stays local.
func scoped(n ast.Node) ast.Node {
	if d, ok := n.(*ast.Decl); ok {
		return &ast.Block{Stmts: []ast.Node{d}}
	}
	return n
}
