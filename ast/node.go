package ast

import "reflect"

// Node is a statement of the generated code. The concrete types are *For,
// *If, *Block, *User, *Mark and *Decl; the set is closed (unexported marker
// method), so a type switch over them is exhaustive.
//
// Nodes are mutable and owned by one pass at a time; a pass that keeps a
// subtree while handing the tree on must Copy it.
type Node interface {
	isNode()
}

// For is the loop
//
//	for (Iter = Init; Cond; Iter += Inc) Body
//
// Invariants (checked by Verify): Iter is a C identifier not bound by an
// enclosing For or Decl; Init, Cond, Inc and Body are non-nil; Body does not
// assign Iter (nothing in the tree assigns anything but For and Decl).
// Inc is normally a positive constant (isl's stride).
type For struct {
	Iter string
	Init Expr
	Cond Expr
	Inc  Expr
	Body Node
	// Parallel records that the iterations of this loop are independent
	// (isl's coincident band member). It is information only; emit prints
	// pragmas from Mark nodes.
	Parallel bool
	// Annotations are free-form notes of the passes (e.g. "degenerate",
	// "full-tile", "reduction(+:x)"), printed by Dump only.
	Annotations []string
}

// If is if (Cond) Then else Else. Else may be nil; Cond and Then may not.
type If struct {
	Cond Expr
	Then Node
	Else Node // nil: no else branch
}

// Block is a sequence of statements, executed in order. A Decl in Stmts is
// visible to the statements after it in the same Block.
type Block struct {
	Stmts []Node
}

// User is one statement instance, S1(c0, c1): Name is the statement's name
// and Args are the values of its original iterators. A node that a pass
// builds for its own printer (a vector kernel's statement) carries what
// that printer needs in Payload; its Name is then only a label for
// dumps and diagnostics, which no pass parses.
type User struct {
	Name string
	Args []Expr
	// Payload is nil for the statements of the model.
	Payload Payload
}

// Payload is typed data that a pass keeps on the User nodes it builds,
// for the pass that prints them. ast never looks inside a payload.
// Payloads are immutable values shared by copies (Copy, SubstNode);
// EqualNode compares them with ==, so their dynamic types must be
// comparable (Verify checks it).
type Payload interface {
	// String describes the payload in Dump's output.
	String() string
	// Part reports whether analyses of a loop's memory traffic may look
	// through the node: it touches only what the model statements called
	// in the same loop touch, as they touch it (a vector accumulation
	// of one of them, a preprocessor line, which touches nothing). A node
	// whose payload is not a part has traffic of its own (a kernel that
	// reuses its operands in registers or packed buffers).
	Part() bool
}

// Mark is an annotation on a subtree (isl's mark node): "parallel", "simd",
// "vec", "ivdep", ... Emit turns known marks into pragmas.
type Mark struct {
	Name string
	Body Node
}

// Decl binds Name to the value of Value (a C `const int`), visible to the
// statements after it in its enclosing Block. LICM creates them.
type Decl struct {
	Name  string
	Value Expr
}

func (*For) isNode()   {}
func (*If) isNode()    {}
func (*Block) isNode() {}
func (*User) isNode()  {}
func (*Mark) isNode()  {}
func (*Decl) isNode()  {}

// NewBlock is a Block of stmts, flattening nested Blocks that hold no Decl
// (their scoping does not matter) and dropping nil statements.
func NewBlock(stmts ...Node) *Block {
	b := &Block{}
	for _, s := range stmts {
		switch s := s.(type) {
		case nil:
		case *Block:
			if s == nil {
				continue
			}
			if hasDecl(s) {
				b.Stmts = append(b.Stmts, s)
			} else {
				b.Stmts = append(b.Stmts, s.Stmts...)
			}
		default:
			b.Stmts = append(b.Stmts, s)
		}
	}
	return b
}

func hasDecl(b *Block) bool {
	for _, s := range b.Stmts {
		if _, ok := s.(*Decl); ok {
			return true
		}
	}
	return false
}

// CopyLoops copies the loop structure of n (for, block, if and mark
// nodes) and shares everything else: user statements keep their identity,
// which the emitter's statement texts are keyed by, and expressions are
// shared too.
func CopyLoops(n Node) Node {
	switch x := n.(type) {
	case *For:
		c := *x
		c.Body = CopyLoops(x.Body)
		return &c
	case *Block:
		if x == nil {
			return x
		}
		c := *x
		c.Stmts = make([]Node, len(x.Stmts))
		for k, st := range x.Stmts {
			c.Stmts[k] = CopyLoops(st)
		}
		return &c
	case *If:
		c := *x
		c.Then = CopyLoops(x.Then)
		if x.Else != nil {
			c.Else = CopyLoops(x.Else)
		}
		return &c
	case *Mark:
		c := *x
		c.Body = CopyLoops(x.Body)
		return &c
	}
	return n
}

// Copy is a deep copy of n (nil for nil).
func Copy(n Node) Node {
	switch n := n.(type) {
	case *For:
		if n == nil {
			return nil
		}
		c := &For{Iter: n.Iter, Init: CopyExpr(n.Init), Cond: CopyExpr(n.Cond),
			Inc: CopyExpr(n.Inc), Body: Copy(n.Body), Parallel: n.Parallel}
		if n.Annotations != nil {
			c.Annotations = append([]string(nil), n.Annotations...)
		}
		return c
	case *If:
		if n == nil {
			return nil
		}
		return &If{Cond: CopyExpr(n.Cond), Then: Copy(n.Then), Else: Copy(n.Else)}
	case *Block:
		if n == nil {
			return nil
		}
		c := &Block{Stmts: make([]Node, len(n.Stmts))}
		for i, s := range n.Stmts {
			c.Stmts[i] = Copy(s)
		}
		return c
	case *User:
		if n == nil {
			return nil
		}
		return &User{Name: n.Name, Args: copyList(n.Args), Payload: n.Payload}
	case *Mark:
		if n == nil {
			return nil
		}
		return &Mark{Name: n.Name, Body: Copy(n.Body)}
	case *Decl:
		if n == nil {
			return nil
		}
		return &Decl{Name: n.Name, Value: CopyExpr(n.Value)}
	}
	return nil
}

// EqualNode reports whether a and b are the same tree (For annotations and
// the Parallel flag included).
func EqualNode(a, b Node) bool {
	if isNil(a) || isNil(b) {
		return isNil(a) && isNil(b)
	}
	switch a := a.(type) {
	case *For:
		b, ok := b.(*For)
		if !ok || a.Iter != b.Iter || a.Parallel != b.Parallel ||
			len(a.Annotations) != len(b.Annotations) {
			return false
		}
		for i := range a.Annotations {
			if a.Annotations[i] != b.Annotations[i] {
				return false
			}
		}
		return Equal(a.Init, b.Init) && Equal(a.Cond, b.Cond) && Equal(a.Inc, b.Inc) &&
			EqualNode(a.Body, b.Body)
	case *If:
		b, ok := b.(*If)
		return ok && Equal(a.Cond, b.Cond) && EqualNode(a.Then, b.Then) && EqualNode(a.Else, b.Else)
	case *Block:
		b, ok := b.(*Block)
		if !ok || len(a.Stmts) != len(b.Stmts) {
			return false
		}
		for i := range a.Stmts {
			if !EqualNode(a.Stmts[i], b.Stmts[i]) {
				return false
			}
		}
		return true
	case *User:
		b, ok := b.(*User)
		return ok && a.Name == b.Name && equalList(a.Args, b.Args) && equalPayload(a.Payload, b.Payload)
	case *Mark:
		b, ok := b.(*Mark)
		return ok && a.Name == b.Name && EqualNode(a.Body, b.Body)
	case *Decl:
		b, ok := b.(*Decl)
		return ok && a.Name == b.Name && Equal(a.Value, b.Value)
	}
	return false
}

// equalPayload compares two payloads with ==, false when their type is
// not comparable (Verify refuses such payloads).
func equalPayload(a, b Payload) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	ta, tb := reflect.TypeOf(a), reflect.TypeOf(b)
	return ta == tb && ta.Comparable() && a == b
}

// isNil reports whether n is nil or a typed nil pointer.
func isNil(n Node) bool {
	switch n := n.(type) {
	case nil:
		return true
	case *For:
		return n == nil
	case *If:
		return n == nil
	case *Block:
		return n == nil
	case *User:
		return n == nil
	case *Mark:
		return n == nil
	case *Decl:
		return n == nil
	}
	return false
}

// Walk calls f on n and then on each of its descendant statements, in
// preorder, while f returns true for the parent.
func Walk(n Node, f func(Node) bool) {
	if isNil(n) || !f(n) {
		return
	}
	switch n := n.(type) {
	case *For:
		Walk(n.Body, f)
	case *If:
		Walk(n.Then, f)
		Walk(n.Else, f)
	case *Block:
		for _, s := range n.Stmts {
			Walk(s, f)
		}
	case *Mark:
		Walk(n.Body, f)
	}
}

// Only is the statement n reduces to through blocks of one statement: n
// itself when it is not a Block, nil for a nil or empty block or one of
// several statements.
func Only(n Node) Node {
	for {
		b, ok := n.(*Block)
		if !ok {
			return n
		}
		if b == nil || len(b.Stmts) != 1 {
			return nil
		}
		n = b.Stmts[0]
	}
}

// OnlyFor is the for loop n reduces to through blocks of one statement
// (the loop a mark annotates), nil when it is anything else.
func OnlyFor(n Node) *For {
	f, _ := Only(n).(*For)
	return f
}

// Canonical reports whether f is an OpenMP canonical loop: the condition
// is one comparison (<, <=, >, >=, !=) of the iterator against an
// expression that does not mention it, and Init and Inc do not mention it
// either. Only such loops may carry "omp for" or be collapsed.
func Canonical(f *For) bool {
	if Mentions(f.Init, f.Iter) || Mentions(f.Inc, f.Iter) {
		return false
	}
	c, ok := f.Cond.(*Op)
	if !ok || len(c.Args) != 2 {
		return false
	}
	switch c.Kind {
	case OpLt, OpLe, OpGt, OpGe, OpNe:
	default:
		return false
	}
	for i := range 2 {
		if x, ok := c.Args[i].(*Ident); ok && x.Name == f.Iter && !Mentions(c.Args[1-i], f.Iter) {
			return true
		}
	}
	return false
}
