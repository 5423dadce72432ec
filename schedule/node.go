package schedule

import (
	"fmt"
	"slices"

	"github.com/tessera-opt/tessera/presburger"
)

// Kind is the kind of a schedule tree node (isl_schedule_node_type).
type Kind uint8

const (
	KindLeaf Kind = iota
	KindDomain
	KindContext
	KindBand
	KindSequence
	KindSet
	KindFilter
	KindMark
	KindGuard
	KindExtension
	KindExpansion
)

var kindNames = [...]string{
	KindLeaf: "leaf", KindDomain: "domain", KindContext: "context", KindBand: "band",
	KindSequence: "sequence", KindSet: "set", KindFilter: "filter", KindMark: "mark",
	KindGuard: "guard", KindExtension: "extension", KindExpansion: "expansion",
}

func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("Kind(%d)", int(k))
}

// Node is one node of a schedule tree. It is immutable: the accessors
// return values that must not be modified (presburger values are
// immutable anyway; slices are returned as copies).
//
// Invariants: a Sequence or Set node has at least one child and all its
// children are Filter nodes; every other kind but Leaf has exactly one
// child (a Leaf has none); a Band's Coincident and Options slices have the
// band's width.
type Node struct {
	kind     Kind
	uset     presburger.UnionSet // Domain, Filter
	set      presburger.Set      // Context, Guard
	umap     presburger.UnionMap // Extension; Expansion: the expansion
	umap2    presburger.UnionMap // Expansion: the contraction
	band     *Band               // Band
	mark     string              // Mark
	children []*Node
	// line and col are the 1-based position of the node in the text it
	// was read from (0 when built in code); edits keep them.
	line, col int
}

// Pos returns the position (1-based line and column) of the node in the
// YAML text it was read from, or 0, 0 for a node built in code.
func (n *Node) Pos() (line, col int) { return n.line, n.col }

// Leaf returns a leaf node.
func Leaf() *Node { return &Node{kind: KindLeaf} }

func orLeaf(n *Node) *Node {
	if n == nil {
		return Leaf()
	}
	return n
}

// NewDomain returns a domain node with the given child (nil: a leaf).
func NewDomain(dom presburger.UnionSet, child *Node) *Node {
	return &Node{kind: KindDomain, uset: dom, children: []*Node{orLeaf(child)}}
}

// NewContext returns a context node.
func NewContext(ctx presburger.Set, child *Node) *Node {
	return &Node{kind: KindContext, set: ctx, children: []*Node{orLeaf(child)}}
}

// NewGuard returns a guard node.
func NewGuard(g presburger.Set, child *Node) *Node {
	return &Node{kind: KindGuard, set: g, children: []*Node{orLeaf(child)}}
}

// NewFilter returns a filter node.
func NewFilter(f presburger.UnionSet, child *Node) *Node {
	return &Node{kind: KindFilter, uset: f, children: []*Node{orLeaf(child)}}
}

// NewMark returns a mark node.
func NewMark(name string, child *Node) *Node {
	return &Node{kind: KindMark, mark: name, children: []*Node{orLeaf(child)}}
}

// NewExtension returns an extension node.
func NewExtension(ext presburger.UnionMap, child *Node) *Node {
	return &Node{kind: KindExtension, umap: ext, children: []*Node{orLeaf(child)}}
}

// NewBand returns a band node. The band is copied.
func NewBand(b Band, child *Node) *Node {
	c := b.clone()
	c.normalize()
	return &Node{kind: KindBand, band: &c, children: []*Node{orLeaf(child)}}
}

// NewSequence returns a sequence node; it panics unless every child is a
// Filter node and there is at least one.
func NewSequence(filters ...*Node) *Node { return newSeqOrSet(KindSequence, filters) }

// NewSet returns a set node; it panics unless every child is a Filter node.
func NewSet(filters ...*Node) *Node { return newSeqOrSet(KindSet, filters) }

func newSeqOrSet(k Kind, filters []*Node) *Node {
	if len(filters) == 0 {
		panic("schedule: " + k.String() + " node without children")
	}
	for _, f := range filters {
		if f == nil || f.kind != KindFilter {
			panic("schedule: children of a " + k.String() + " node must be filters")
		}
	}
	return &Node{kind: k, children: slices.Clone(filters)}
}

// Kind returns the kind of n.
func (n *Node) Kind() Kind { return n.kind }

// NChildren returns the number of children.
func (n *Node) NChildren() int { return len(n.children) }

// Child returns child i.
func (n *Node) Child(i int) *Node { return n.children[i] }

// Children returns a copy of the children.
func (n *Node) Children() []*Node { return slices.Clone(n.children) }

// Domain returns the set of a Domain node.
func (n *Node) Domain() presburger.UnionSet { n.must(KindDomain); return n.uset }

// Filter returns the set of a Filter node.
func (n *Node) Filter() presburger.UnionSet { n.must(KindFilter); return n.uset }

// Context returns the set of a Context node.
func (n *Node) Context() presburger.Set { n.must(KindContext); return n.set }

// Guard returns the set of a Guard node.
func (n *Node) Guard() presburger.Set { n.must(KindGuard); return n.set }

// Extension returns the relation of an Extension node.
func (n *Node) Extension() presburger.UnionMap { n.must(KindExtension); return n.umap }

// MarkName returns the name of a Mark node.
func (n *Node) MarkName() string { n.must(KindMark); return n.mark }

// Band returns (a copy of) the band of a Band node.
func (n *Node) Band() Band { n.must(KindBand); return n.band.clone() }

func (n *Node) must(k Kind) {
	if n.kind != k {
		panic(fmt.Sprintf("schedule: %v node used as a %v node", n.kind, k))
	}
}

// withChildren returns a shallow copy of n with the given children.
func (n *Node) withChildren(ch []*Node) *Node {
	c := *n
	c.children = ch
	return &c
}

// WithChild returns a copy of n whose child i is replaced by c.
func (n *Node) WithChild(i int, c *Node) *Node {
	ch := slices.Clone(n.children)
	ch[i] = orLeaf(c)
	if (n.kind == KindSequence || n.kind == KindSet) && ch[i].kind != KindFilter {
		panic("schedule: children of a " + n.kind.String() + " node must be filters")
	}
	return n.withChildren(ch)
}

// Tree is an immutable schedule tree (isl_schedule): a root, normally a
// Domain node.
type Tree struct {
	root *Node
}

// NewTree returns the tree with the given root.
func NewTree(root *Node) Tree { return Tree{root: orLeaf(root)} }

// FromDomain returns the tree made of a domain node over a leaf
// (isl_schedule_from_domain).
func FromDomain(dom presburger.UnionSet) Tree { return NewTree(NewDomain(dom, nil)) }

// Root returns the root node.
func (t Tree) Root() *Node { return orLeaf(t.root) }

// Domain returns the domain of the tree (the set of its root Domain node).
// It panics when the root is not a Domain node.
func (t Tree) Domain() presburger.UnionSet { return t.Root().Domain() }
