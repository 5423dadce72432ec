package ast

// Expression utilities for the passes (LICM, vectorization, emit): folding,
// substitution and the names an expression or a tree uses.

// Simplify rebuilds e bottom-up with the folding constructors (after a pass
// changed leaves, e.g. substituted a constant). The result shares no node
// with e.
func Simplify(e Expr) Expr {
	switch e := e.(type) {
	case *Op:
		a := make([]Expr, len(e.Args))
		for i, x := range e.Args {
			a[i] = Simplify(x)
		}
		return rebuild(e.Kind, a)
	case *Call:
		return &Call{Func: e.Func, Args: mapList(e.Args, Simplify)}
	}
	return CopyExpr(e)
}

// rebuild applies the folding constructor of k; arguments of a wrong
// count are kept unfolded.
func rebuild(k OpKind, a []Expr) Expr {
	n := k.Arity()
	if n == 0 || (n > 0 && len(a) != n) || (n < 0 && len(a) == 0) {
		return &Op{Kind: k, Args: a}
	}
	switch k {
	case OpAdd:
		return Add(a[0], a[1])
	case OpSub:
		return Sub(a[0], a[1])
	case OpMul:
		return Mul(a[0], a[1])
	case OpNeg:
		return Neg(a[0])
	case OpFloorDiv:
		return FloorDiv(a[0], a[1])
	case OpCeilDiv:
		return CeilDiv(a[0], a[1])
	case OpExactDiv:
		return ExactDiv(a[0], a[1])
	case OpPDivQ:
		return PDivQ(a[0], a[1])
	case OpRem:
		return Rem(a[0], a[1])
	case OpMin:
		return Min(a...)
	case OpMax:
		return Max(a...)
	case OpEq:
		return Eq(a[0], a[1])
	case OpNe:
		return Ne(a[0], a[1])
	case OpLt:
		return Lt(a[0], a[1])
	case OpLe:
		return Le(a[0], a[1])
	case OpGt:
		return Gt(a[0], a[1])
	case OpGe:
		return Ge(a[0], a[1])
	case OpAnd:
		return And(a...)
	case OpOr:
		return Or(a...)
	case OpAndEager:
		return AndEager(a...)
	case OpOrEager:
		return OrEager(a...)
	case OpNot:
		return Not(a[0])
	case OpSelect:
		return Select(a[0], a[1], a[2])
	}
	return &Op{Kind: k, Args: a}
}

func mapList(l []Expr, f func(Expr) Expr) []Expr {
	if l == nil {
		return nil
	}
	out := make([]Expr, len(l))
	for i, x := range l {
		out[i] = f(x)
	}
	return out
}

// Subst replaces every identifier named in m by (a copy of) its
// expression, and refolds the operators above the replaced leaves. The
// result shares no node with e or m.
func Subst(e Expr, m map[string]Expr) Expr {
	switch e := e.(type) {
	case *Ident:
		if r, ok := m[e.Name]; ok {
			return CopyExpr(r)
		}
		return CopyExpr(e)
	case *Op:
		return rebuild(e.Kind, mapList(e.Args, func(x Expr) Expr { return Subst(x, m) }))
	case *Call:
		return &Call{Func: e.Func, Args: mapList(e.Args, func(x Expr) Expr { return Subst(x, m) })}
	}
	return CopyExpr(e)
}

// Mentions reports whether e uses the identifier name.
func Mentions(e Expr, name string) bool {
	found := false
	visitIdents(e, func(s string) {
		if s == name {
			found = true
		}
	})
	return found
}

// Idents lists the distinct identifiers of e in order of first appearance.
func Idents(e Expr) []string {
	var out []string
	seen := map[string]bool{}
	visitIdents(e, func(s string) {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	})
	return out
}

func visitIdents(e Expr, f func(string)) {
	switch e := e.(type) {
	case *Ident:
		if e != nil {
			f(e.Name)
		}
	case *Op:
		if e != nil {
			for _, a := range e.Args {
				visitIdents(a, f)
			}
		}
	case *Call:
		if e != nil {
			for _, a := range e.Args {
				visitIdents(a, f)
			}
		}
	}
}

// FreeNames lists, in order of first use, the identifiers that n uses
// where no enclosing For or earlier Decl of an enclosing Block binds them:
// the parameters of a generated region.
func FreeNames(n Node) []string {
	var out []string
	seen := map[string]bool{}
	var scope []string
	use := func(e Expr) {
		visitIdents(e, func(s string) {
			for _, b := range scope {
				if b == s {
					return
				}
			}
			if !seen[s] {
				seen[s] = true
				out = append(out, s)
			}
		})
	}
	var visit func(n Node)
	visit = func(n Node) {
		if isNil(n) {
			return
		}
		switch n := n.(type) {
		case *For:
			use(n.Init)
			scope = append(scope, n.Iter)
			use(n.Cond)
			use(n.Inc)
			visit(n.Body)
			scope = scope[:len(scope)-1]
		case *If:
			use(n.Cond)
			mark := len(scope)
			visit(n.Then)
			scope = scope[:mark]
			visit(n.Else)
			scope = scope[:mark]
		case *Block:
			mark := len(scope)
			for _, s := range n.Stmts {
				visit(s)
			}
			scope = scope[:mark]
		case *User:
			for _, a := range n.Args {
				use(a)
			}
		case *Mark:
			mark := len(scope)
			visit(n.Body)
			scope = scope[:mark]
		case *Decl:
			use(n.Value)
			scope = append(scope, n.Name)
		}
	}
	visit(n)
	return out
}

// RewriteExprs replaces, in place, every expression slot of n (loop
// init, cond and inc, if conditions, User arguments, Decl values) by f of
// it. Descendant statements are visited in preorder.
func RewriteExprs(n Node, f func(Expr) Expr) {
	Walk(n, func(x Node) bool {
		switch x := x.(type) {
		case *For:
			x.Init, x.Cond, x.Inc = f(x.Init), f(x.Cond), f(x.Inc)
		case *If:
			x.Cond = f(x.Cond)
		case *User:
			for i := range x.Args {
				x.Args[i] = f(x.Args[i])
			}
		case *Decl:
			x.Value = f(x.Value)
		}
		return true
	})
}

// SubstNode is a copy of n with the identifiers of m replaced in every
// expression (Subst), e.g. to unroll a loop by substituting its iterator.
// A For or Decl of n that rebinds a name of m hides it in its scope.
func SubstNode(n Node, m map[string]Expr) Node {
	if isNil(n) {
		return nil
	}
	hide := func(name string) map[string]Expr {
		if _, ok := m[name]; !ok {
			return m
		}
		m2 := make(map[string]Expr, len(m))
		for k, v := range m {
			if k != name {
				m2[k] = v
			}
		}
		return m2
	}
	switch n := n.(type) {
	case *For:
		inner := hide(n.Iter)
		c := &For{Iter: n.Iter, Init: Subst(n.Init, m), Cond: Subst(n.Cond, inner), Inc: Subst(n.Inc, inner),
			Body: SubstNode(n.Body, inner), Parallel: n.Parallel}
		if n.Annotations != nil {
			c.Annotations = append([]string(nil), n.Annotations...)
		}
		return c
	case *If:
		return &If{Cond: Subst(n.Cond, m), Then: SubstNode(n.Then, m), Else: SubstNode(n.Else, m)}
	case *Block:
		c := &Block{Stmts: make([]Node, len(n.Stmts))}
		cur := m
		for i, s := range n.Stmts {
			c.Stmts[i] = SubstNode(s, cur)
			if d, ok := s.(*Decl); ok && d != nil {
				cur = hide(d.Name)
			}
		}
		return c
	case *User:
		return &User{Name: n.Name, Args: mapList(n.Args, func(e Expr) Expr { return Subst(e, m) }), Payload: n.Payload}
	case *Mark:
		return &Mark{Name: n.Name, Body: SubstNode(n.Body, m)}
	case *Decl:
		return &Decl{Name: n.Name, Value: Subst(n.Value, m)}
	}
	return nil
}
