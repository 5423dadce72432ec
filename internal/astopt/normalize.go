package astopt

import (
	"math/bits"
	"slices"

	"github.com/tessera-opt/tessera/ast"
)

// normalizePass rewrites every expression of the tree (see normalizer).
func normalizePass(n ast.Node, cfg Config) (ast.Node, error) {
	nz := &normalizer{cfg: cfg}
	nz.walk(n)
	return n, nil
}

// normalizer reassociates expressions by rank, the paper's Normalize:
// for each associative-commutative operator (integer +, *, min, max, &&,
// ||, and the eager and/or) we flatten the operands (deconstruct), sort
// them stably by rank (stableSort), join the operands of equal rank
// (groupExpressions) and rebuild left to right (construct), so that the
// invariant operands of an inner loop form one subexpression:
//
//	(3 < j) && (i < 56) && (j < 56)  →  ((3 < j) && (j < 56)) && (i < 56)
//
// when i is the inner iterator. Nested conditionals with a common result
// are merged first (condCollapse):
//
//	c1 ? (c2 ? a : b) : b  →  (c1 && c2) ? a : b
//	c1 ? a : (c2 ? a : b)  →  (c1 || c2) ? a : b
//
// Sums are kept readable: constants are added at the end of the group of
// lowest rank that holds a name (n - 1, 32 * c0 + 31).
//
// The rewritten expressions are built with ast.NewOp (the folding
// constructors would flatten the groups again).
type normalizer struct {
	cfg     Config
	sc      scope
	changed bool // the expression being normalized had its operands reordered or regrouped
}

func (nz *normalizer) walk(n ast.Node) {
	switch n := n.(type) {
	case *ast.For:
		n.Init = nz.top(n.Init)
		m := nz.sc.mark()
		nz.sc.depth++
		nz.sc.bind(n.Iter, nz.sc.depth)
		n.Cond = nz.top(n.Cond)
		n.Inc = nz.top(n.Inc)
		nz.walk(n.Body)
		nz.sc.depth--
		nz.sc.reset(m)
	case *ast.If:
		n.Cond = nz.top(n.Cond)
		m := nz.sc.mark()
		nz.walk(n.Then)
		nz.sc.reset(m)
		if n.Else != nil {
			nz.walk(n.Else)
			nz.sc.reset(m)
		}
	case *ast.Block:
		m := nz.sc.mark()
		for _, s := range n.Stmts {
			nz.walk(s)
		}
		nz.sc.reset(m)
	case *ast.Mark:
		m := nz.sc.mark()
		nz.walk(n.Body)
		nz.sc.reset(m)
	case *ast.User:
		if nz.cfg.NormalizeArgs {
			for i, a := range n.Args {
				n.Args[i] = nz.top(a)
			}
		}
	case *ast.Decl:
		n.Value = nz.top(n.Value)
		nz.sc.bind(n.Name, nz.sc.depth)
	}
}

// top normalizes one expression slot and counts it when it changed.
func (nz *normalizer) top(e ast.Expr) ast.Expr {
	nz.changed = false
	out := nz.expr(e)
	if nz.changed {
		nz.cfg.count(func(s *Stats) { s.Reassociated++ })
	}
	return out
}

func (nz *normalizer) expr(e ast.Expr) ast.Expr {
	switch e := e.(type) {
	case *ast.Op:
		switch e.Kind {
		case ast.OpAdd, ast.OpSub, ast.OpNeg:
			return nz.sum(e)
		case ast.OpMul, ast.OpMin, ast.OpMax, ast.OpAnd, ast.OpOr, ast.OpAndEager, ast.OpOrEager:
			return nz.assoc(e)
		case ast.OpSelect:
			return nz.selectExpr(e)
		}
		args := make([]ast.Expr, len(e.Args))
		for i, a := range e.Args {
			args[i] = nz.expr(a)
		}
		return &ast.Op{Kind: e.Kind, Args: args}
	case *ast.Call:
		args := make([]ast.Expr, len(e.Args))
		for i, a := range e.Args {
			args[i] = nz.expr(a)
		}
		return &ast.Call{Func: e.Func, Args: args}
	}
	return ast.CopyExpr(e)
}

// flatten appends the operands of the tree of k-operators rooted at e
// (the paper's deconstruct).
func flatten(k ast.OpKind, e ast.Expr, out []ast.Expr) []ast.Expr {
	if o, ok := e.(*ast.Op); ok && o.Kind == k {
		for _, a := range o.Args {
			out = flatten(k, a, out)
		}
		return out
	}
	return append(out, e)
}

// ranked is an operand with its rank.
type ranked struct {
	e    ast.Expr
	rank int
	neg  bool // a subtracted term of a sum
}

// groups sorts the operands stably by rank and splits them into runs of
// equal rank (stableSort and groupExpressions), reporting whether the
// order changed.
func groups(l []ranked) ([][]ranked, bool) {
	sorted := slices.Clone(l)
	slices.SortStableFunc(sorted, func(a, b ranked) int { return a.rank - b.rank })
	changed := false
	for i := range l {
		if sorted[i].e != l[i].e {
			changed = true
		}
	}
	var out [][]ranked
	for i := 0; i < len(sorted); {
		j := i + 1
		for j < len(sorted) && sorted[j].rank == sorted[i].rank {
			j++
		}
		out = append(out, sorted[i:j])
		i = j
	}
	return out, changed
}

// assoc normalizes a tree of one associative-commutative operator. The
// operands are reordered only when that cannot change the result: for &&
// and || every operand must be total (no fault, no call), so that
// evaluating it where short-circuit would have skipped it is harmless;
// operands with calls are never reordered. The integer operators are
// exact (two's complement + and * are associative and commutative; the
// rewritten expression computes the same mathematical value, see the
// package doc on overflow).
func (nz *normalizer) assoc(e *ast.Op) ast.Expr {
	k := e.Kind
	ops := flatten(k, e, nil)
	l := make([]ranked, len(ops))
	movable := true
	for i, a := range ops {
		a = nz.expr(a)
		l[i] = ranked{e: a, rank: nz.sc.rank(a)}
		if hasCall(a) || (k != ast.OpMul && k != ast.OpMin && k != ast.OpMax && !total(a)) {
			movable = false
		}
	}
	if !movable {
		args := make([]ast.Expr, len(l))
		for i, r := range l {
			args[i] = r.e
		}
		return &ast.Op{Kind: k, Args: args}
	}
	gs, changed := groups(l)
	if changed || (len(gs) > 1 && len(ops) > 2) {
		nz.changed = true
	}
	var acc ast.Expr
	for _, g := range gs {
		var ge ast.Expr
		if len(g) == 1 {
			ge = g[0].e
		} else {
			args := make([]ast.Expr, len(g))
			for i, r := range g {
				args[i] = r.e
			}
			if k == ast.OpMul {
				ge = args[0]
				for _, a := range args[1:] {
					ge = ast.NewOp(k, ge, a)
				}
			} else {
				ge = ast.NewOp(k, args...)
			}
		}
		if acc == nil {
			acc = ge
		} else {
			acc = ast.NewOp(k, acc, ge)
		}
	}
	return acc
}

// sumTerms flattens + - and unary - into signed terms.
func sumTerms(e ast.Expr, neg bool, out []ranked) []ranked {
	if o, ok := e.(*ast.Op); ok {
		switch o.Kind {
		case ast.OpAdd:
			out = sumTerms(o.Args[0], neg, out)
			return sumTerms(o.Args[1], neg, out)
		case ast.OpSub:
			out = sumTerms(o.Args[0], neg, out)
			return sumTerms(o.Args[1], !neg, out)
		case ast.OpNeg:
			return sumTerms(o.Args[0], !neg, out)
		case ast.OpMul:
			// c * x with c < 0 is the subtracted term (-c) * x.
			if c, ok := o.Args[0].(*ast.Int); ok && c.V < 0 && c.V != -1<<63 {
				return append(out, ranked{e: ast.Mul(ast.NewInt(-c.V), o.Args[1]), neg: !neg})
			}
		}
	}
	return append(out, ranked{e: e, neg: neg})
}

// sum normalizes an integer sum: terms sorted and grouped by rank, the
// constants folded (when that does not overflow) and added at the end of
// the first group that holds a name.
func (nz *normalizer) sum(e *ast.Op) ast.Expr {
	terms := sumTerms(e, false, nil)
	var l []ranked
	var konst int64
	folded := true
	nconst := 0
	for _, t := range terms {
		x := nz.expr(t.e)
		if c, ok := x.(*ast.Int); ok && folded {
			v := c.V
			if t.neg {
				if v == -1<<63 {
					folded = false
				}
				v = -v
			}
			if folded {
				if s, ok := addInt(konst, v); !ok {
					folded = false // signed overflow: keep the constants apart
				} else {
					konst = s
					nconst++
					continue
				}
			}
		}
		if hasCall(x) {
			// Calls are not moved: keep the sum as it was.
			return nz.keepSum(terms)
		}
		l = append(l, ranked{e: x, rank: nz.sc.rank(x), neg: t.neg})
	}
	if !folded {
		return nz.keepSum(terms)
	}
	gs, changed := groups(l)
	if changed || nconst > 1 {
		nz.changed = true
	}
	if konst != 0 || len(gs) == 0 {
		c := ranked{e: ast.NewInt(konst)}
		if konst < 0 && konst != -1<<63 {
			c = ranked{e: ast.NewInt(-konst), neg: true}
		}
		if len(gs) == 0 {
			gs = [][]ranked{{c}}
		} else {
			gs[0] = append(slices.Clone(gs[0]), c)
		}
	}
	var acc ast.Expr
	for _, g := range gs {
		ge := buildSum(g)
		switch {
		case acc == nil:
			acc = ge
		case len(g) == 1 && g[0].neg:
			acc = ast.NewOp(ast.OpSub, acc, g[0].e)
		default:
			acc = ast.NewOp(ast.OpAdd, acc, ge)
		}
	}
	return acc
}

// addInt is a + b and whether it did not overflow.
func addInt(a, b int64) (int64, bool) {
	s, carry := bits.Add64(uint64(a), uint64(b), 0)
	_ = carry
	r := int64(s)
	return r, (a >= 0) != (b >= 0) || (r >= 0) == (a >= 0)
}

// buildSum joins signed terms left to right.
func buildSum(g []ranked) ast.Expr {
	var acc ast.Expr
	for _, t := range g {
		switch {
		case acc == nil && t.neg:
			if c, ok := t.e.(*ast.Int); ok && c.V != -1<<63 {
				acc = ast.NewInt(-c.V)
			} else {
				acc = ast.NewOp(ast.OpNeg, t.e)
			}
		case acc == nil:
			acc = t.e
		case t.neg:
			acc = ast.NewOp(ast.OpSub, acc, t.e)
		default:
			acc = ast.NewOp(ast.OpAdd, acc, t.e)
		}
	}
	return acc
}

// keepSum rebuilds a sum in its original order (its terms normalized).
func (nz *normalizer) keepSum(terms []ranked) ast.Expr {
	l := make([]ranked, len(terms))
	for i, t := range terms {
		l[i] = ranked{e: nz.expr(t.e), neg: t.neg}
	}
	return buildSum(l)
}

// selectExpr normalizes c ? a : b and applies condCollapse.
func (nz *normalizer) selectExpr(e *ast.Op) ast.Expr {
	c, a, b := nz.expr(e.Args[0]), nz.expr(e.Args[1]), nz.expr(e.Args[2])
	for {
		if s, ok := a.(*ast.Op); ok && s.Kind == ast.OpSelect && ast.Equal(s.Args[2], b) {
			// c ? (c2 ? a2 : b) : b  →  (c && c2) ? a2 : b
			c = nz.assoc(ast.NewOp(ast.OpAnd, c, s.Args[0]))
			a = s.Args[1]
			nz.cfg.count(func(s *Stats) { s.Collapsed++ })
			continue
		}
		if s, ok := b.(*ast.Op); ok && s.Kind == ast.OpSelect && ast.Equal(s.Args[1], a) {
			// c ? a : (c2 ? a : b2)  →  (c || c2) ? a : b2
			c = nz.assoc(ast.NewOp(ast.OpOr, c, s.Args[0]))
			b = s.Args[2]
			nz.cfg.count(func(s *Stats) { s.Collapsed++ })
			continue
		}
		break
	}
	return ast.NewOp(ast.OpSelect, c, a, b)
}
