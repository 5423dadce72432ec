package schedule

import "slices"

// Cursor is a position in a tree (the "cursor" half of isl's
// isl_schedule_node): the tree and the child indices from the root. A
// Cursor is a value; editing through it returns a new tree (and a cursor
// into the new tree), the old tree is left unchanged.
type Cursor struct {
	tree Tree
	path []int
}

// Cursor returns a cursor at the root of t.
func (t Tree) Cursor() Cursor { return Cursor{tree: t} }

// Tree returns the tree the cursor points into.
func (c Cursor) Tree() Tree { return c.tree }

// Path returns the child indices from the root to the cursor's node.
func (c Cursor) Path() []int { return slices.Clone(c.path) }

// Node returns the node at the cursor.
func (c Cursor) Node() *Node {
	n := c.tree.Root()
	for _, i := range c.path {
		n = n.children[i]
	}
	return n
}

// Depth returns the number of ancestors of the cursor's node.
func (c Cursor) Depth() int { return len(c.path) }

// Child returns the cursor at child i; it panics when there is none.
func (c Cursor) Child(i int) Cursor {
	n := c.Node()
	if i < 0 || i >= len(n.children) {
		panic("schedule: no such child")
	}
	return Cursor{tree: c.tree, path: append(slices.Clone(c.path), i)}
}

// Parent returns the cursor at the parent and false at the root.
func (c Cursor) Parent() (Cursor, bool) {
	if len(c.path) == 0 {
		return c, false
	}
	return Cursor{tree: c.tree, path: slices.Clone(c.path[:len(c.path)-1])}, true
}

// Ancestors returns the nodes from the root down to the parent of the
// cursor's node.
func (c Cursor) Ancestors() []*Node {
	var out []*Node
	n := c.tree.Root()
	for _, i := range c.path {
		out = append(out, n)
		n = n.children[i]
	}
	return out
}

// Replace returns the cursor at the same position in a new tree in which
// the node at the cursor is replaced by n (the rest of the tree is shared).
func (c Cursor) Replace(n *Node) Cursor {
	nodes := append(c.Ancestors(), nil)
	repl := orLeaf(n)
	for d := len(c.path) - 1; d >= 0; d-- {
		repl = nodes[d].WithChild(c.path[d], repl)
	}
	return Cursor{tree: NewTree(repl), path: slices.Clone(c.path)}
}

// InsertMark inserts a Mark node above the cursor's node and returns a
// cursor at the new mark.
func (c Cursor) InsertMark(name string) Cursor {
	return c.Replace(NewMark(name, c.Node()))
}

// InsertBand inserts a band above the cursor's node and returns a cursor at
// the new band.
func (c Cursor) InsertBand(b Band) Cursor {
	return c.Replace(NewBand(b, c.Node()))
}

// InsertContext inserts a context node above the cursor's node.
func (c Cursor) InsertContext(n *Node) Cursor {
	if n.kind != KindContext {
		panic("schedule: InsertContext needs a context node")
	}
	return c.Replace(n.withChildren([]*Node{c.Node()}))
}

// InsertGuard inserts a guard node (built by NewGuard, its child is
// ignored) above the cursor's node.
func (c Cursor) InsertGuard(n *Node) Cursor {
	if n.kind != KindGuard {
		panic("schedule: InsertGuard needs a guard node")
	}
	return c.Replace(n.withChildren([]*Node{c.Node()}))
}

// SetBand replaces the band of the band node at the cursor, keeping its
// child.
func (c Cursor) SetBand(b Band) Cursor {
	n := c.Node()
	n.must(KindBand)
	return c.Replace(NewBand(b, n.children[0]))
}

// Delete removes the node at the cursor (not a Domain, Filter or Leaf),
// putting its child in its place, and returns a cursor at that child.
func (c Cursor) Delete() Cursor {
	n := c.Node()
	switch n.kind {
	case KindDomain, KindFilter, KindLeaf, KindSequence, KindSet:
		panic("schedule: cannot delete a " + n.kind.String() + " node")
	}
	return c.Replace(n.children[0])
}

// Walk calls f on every node of the tree in depth-first pre-order with a
// cursor at it; when f returns false the children are skipped.
func (t Tree) Walk(f func(Cursor) bool) {
	var rec func(c Cursor)
	rec = func(c Cursor) {
		if !f(c) {
			return
		}
		for i := range c.Node().children {
			rec(c.Child(i))
		}
	}
	rec(t.Cursor())
}

// CursorAt returns the cursor at path p, as Cursor.Path gives it.
func (t Tree) CursorAt(p []int) Cursor {
	c := t.Cursor()
	for _, i := range p {
		c = c.Child(i)
	}
	return c
}
