package ast

import (
	"errors"
	"testing"
)

// byteTree decodes a (possibly malformed) tree from fuzz bytes: nil
// children, wrong arities and unbound names are all reachable.
type byteTree struct {
	b []byte
	i int
}

func (d *byteTree) next() int {
	if d.i >= len(d.b) {
		return 0
	}
	d.i++
	return int(d.b[d.i-1])
}

func (d *byteTree) expr(depth int) Expr {
	c := d.next()
	if depth <= 0 || c < 90 {
		switch c % 5 {
		case 0:
			return ci(int64(d.next()) - 128)
		case 1:
			return ci(int64(d.next()) << (d.next() % 64))
		case 2:
			return id([]string{"n", "c0", "c1", "t", "zz"}[d.next()%5])
		case 3:
			return nil
		default:
			return ci(int64(c))
		}
	}
	k := OpKind(1 + d.next()%(int(numOpKinds)-1))
	n := d.next() % 4
	args := make([]Expr, n)
	for i := range args {
		args[i] = d.expr(depth - 1)
	}
	if c%7 == 0 {
		return &Call{Func: "f", Args: args}
	}
	return &Op{Kind: k, Args: args}
}

func (d *byteTree) node(depth int) Node {
	c := d.next()
	if depth <= 0 {
		c %= 3
	}
	switch c % 8 {
	case 0:
		return nil
	case 1, 2:
		u := &User{Name: "S"}
		for range d.next() % 3 {
			u.Args = append(u.Args, d.expr(2))
		}
		return u
	case 3:
		return &For{Iter: []string{"c0", "c1", "n", ""}[d.next()%4], Init: d.expr(2), Cond: d.expr(3), Inc: d.expr(1), Body: d.node(depth - 1)}
	case 4:
		return &If{Cond: d.expr(3), Then: d.node(depth - 1), Else: d.node(depth - 1)}
	case 5:
		b := &Block{}
		for range d.next() % 4 {
			b.Stmts = append(b.Stmts, d.node(depth-1))
		}
		return b
	case 6:
		return &Mark{Name: "m", Body: d.node(depth - 1)}
	default:
		return &Decl{Name: []string{"t", "c0"}[d.next()%2], Value: d.expr(2)}
	}
}

// FuzzTree checks that no tree, however malformed, makes Verify, Interpret,
// PrintC, Dump, Copy or EqualNode panic, and that Interpret's errors are
// the documented ones.
func FuzzTree(f *testing.F) {
	for _, s := range []string{"", "\x03\x00\x05\x01", "\x05\x03\x03\x03\x01", "\x04\xff\x10\x20\x01\x02", "\x03\x01\xc8\x05\x02\x5a\x01\x01\x02"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		d := &byteTree{b: b}
		tree := d.node(4)
		verr := Verify(tree, "n")
		_, err := Interpret(tree, map[string]int64{"n": 3}, WithBudget(500))
		known := []error{ErrOverflow, ErrDivZero, ErrBudget, ErrUnbound, ErrDomain, ErrInvalid}
		if err != nil {
			ok := false
			for _, k := range known {
				ok = ok || errors.Is(err, k)
			}
			if !ok {
				t.Fatalf("undocumented error %v", err)
			}
			if verr == nil && (errors.Is(err, ErrUnbound) || errors.Is(err, ErrInvalid) && !hasCall(tree)) {
				t.Fatalf("Verify accepted a tree that Interpret finds malformed: %v\n%s", err, Dump(tree))
			}
		}
		_ = PrintC(tree)
		_ = Dump(tree)
		if c := Copy(tree); !EqualNode(c, tree) {
			t.Fatalf("copy differs:\n%s\n%s", Dump(c), Dump(tree))
		}
	})
}

func hasCall(n Node) bool {
	found := false
	var visit func(e Expr)
	visit = func(e Expr) {
		switch e := e.(type) {
		case *Call:
			found = true
		case *Op:
			for _, a := range e.Args {
				visit(a)
			}
		}
	}
	Walk(n, func(x Node) bool {
		switch x := x.(type) {
		case *For:
			visit(x.Init)
			visit(x.Cond)
			visit(x.Inc)
		case *If:
			visit(x.Cond)
		case *User:
			for _, a := range x.Args {
				visit(a)
			}
		case *Decl:
			visit(x.Value)
		}
		return true
	})
	return found
}
