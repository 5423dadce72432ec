package ast

// UpperBound is the inclusive upper bound of f's iterator when f's
// condition is Iter <= ub (ub) or Iter < ub (ub - 1), ub not mentioning
// the iterator; false for any other condition.
func UpperBound(f *For) (Expr, bool) {
	c, ok := f.Cond.(*Op)
	if !ok || len(c.Args) != 2 {
		return nil, false
	}
	if x, ok := c.Args[0].(*Ident); !ok || x.Name != f.Iter || Mentions(c.Args[1], f.Iter) {
		return nil, false
	}
	switch c.Kind {
	case OpLe:
		return c.Args[1], true
	case OpLt:
		return Sub(c.Args[1], NewInt(1)), true
	}
	return nil, false
}

// UnitStep reports whether f's increment is the constant 1.
func UnitStep(f *For) bool {
	inc, ok := f.Inc.(*Int)
	return ok && inc.V == 1
}

// ContainsFor reports whether n has a loop (n itself included).
func ContainsFor(n Node) bool {
	found := false
	Walk(n, func(x Node) bool {
		if _, ok := x.(*For); ok {
			found = true
		}
		return !found
	})
	return found
}

// ContainsMark reports whether n has a Mark named name (n itself
// included).
func ContainsMark(n Node, name string) bool {
	found := false
	Walk(n, func(x Node) bool {
		if m, ok := x.(*Mark); ok && m.Name == name {
			found = true
		}
		return !found
	})
	return found
}
