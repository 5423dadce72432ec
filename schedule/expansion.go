package schedule

import (
	"strconv"

	"github.com/tessera-opt/tessera/presburger"
)

// An expansion node (isl_schedule_node_expansion) changes the statement
// instances of its subtree: above it the tree speaks of "group"
// instances G, below it of the original instances S. The contraction maps
// each S instance to its group (a function S -> G); the expansion maps
// each group to the instances it stands for (a relation G -> S). Code
// generation executes the instances an expanded group stands for where the
// group is scheduled.

// NewExpansion returns an expansion node with the given contraction
// (S -> G) and expansion (G -> S).
func NewExpansion(contraction, expansion presburger.UnionMap, child *Node) *Node {
	return &Node{kind: KindExpansion, umap: expansion, umap2: contraction, children: []*Node{orLeaf(child)}}
}

// Expansion returns the expansion relation (G -> S) of an Expansion node.
func (n *Node) Expansion() presburger.UnionMap { n.must(KindExpansion); return n.umap }

// Contraction returns the contraction (S -> G) of an Expansion node.
func (n *Node) Contraction() presburger.UnionMap { n.must(KindExpansion); return n.umap2 }

// InlineExpansions returns an equivalent tree without Expansion nodes
// (for generators that do not know them). For each expansion node,
// innermost first, the sets and relations of its ancestors that speak of
// the group spaces G are pulled back to the instances S through the
// expansion (the domain and the filters get the expanded instances, the
// band schedules give an instance the time of its group), and the node is
// replaced by a filter on the S spaces. It fails (with the position of the
// node) when instances of a group space also reach a sibling branch of
// the path to the node, since the group and the expanded instances would
// then both be needed above the node.
func (t Tree) InlineExpansions() (Tree, error) {
	for range 10000 {
		c, ok := innermostExpansion(t)
		if !ok {
			return t, nil
		}
		nt, err := inlineExpansion(c)
		if err != nil {
			return Tree{}, err
		}
		t = nt
	}
	return Tree{}, &Error{Msg: "too many expansion nodes"}
}

// innermostExpansion returns a cursor at an expansion node with no
// expansion node below it.
func innermostExpansion(t Tree) (Cursor, bool) {
	var found Cursor
	ok := false
	var rec func(c Cursor)
	rec = func(c Cursor) {
		n := c.Node()
		for i := range n.children {
			rec(c.Child(i))
			if ok {
				return
			}
		}
		if n.kind == KindExpansion {
			found, ok = c, true
		}
	}
	rec(t.Cursor())
	return found, ok
}

func spaceKey(name string, arity int) string { return name + "/" + strconv.Itoa(arity) }

func nodeErr(n *Node, format string, args ...any) *Error {
	e := errAt(nil, format, args...)
	e.Line, e.Col = n.line, n.col
	return e
}

func inlineExpansion(c Cursor) (Tree, error) {
	x := c.Node()
	exp := x.umap
	rev := exp.Reverse()
	groups := map[string]bool{}
	for _, sp := range exp.Spaces() {
		groups[spaceKey(sp.TupleName(presburger.In), sp.Dim(presburger.In))] = true
	}
	isGroupSet := func(s presburger.Set) bool {
		sp := s.Space()
		return groups[spaceKey(sp.TupleName(presburger.Out), sp.Dim(presburger.Out))]
	}
	isGroupMap := func(m presburger.Map) bool {
		sp := m.Space()
		return groups[spaceKey(sp.TupleName(presburger.In), sp.Dim(presburger.In))]
	}
	pullSet := func(u presburger.UnionSet) presburger.UnionSet {
		var rest, grp []presburger.Set
		for _, s := range u.Sets() {
			if isGroupSet(s) {
				grp = append(grp, s)
			} else {
				rest = append(rest, s)
			}
		}
		out := presburger.EmptyUnionSet(u.Params())
		if len(rest) > 0 {
			out = out.Union(presburger.NewUnionSet(rest...))
		}
		if len(grp) > 0 {
			out = out.Union(presburger.NewUnionSet(grp...).Apply(exp))
		}
		return out
	}
	// pullDomain pulls back the domain side of a relation (G -> X becomes
	// S -> X).
	pullDomain := func(u presburger.UnionMap) presburger.UnionMap {
		var rest, grp []presburger.Map
		for _, m := range u.Maps() {
			if isGroupMap(m) {
				grp = append(grp, m)
			} else {
				rest = append(rest, m)
			}
		}
		out := presburger.EmptyUnionMap(u.Params())
		if len(rest) > 0 {
			out = out.Union(presburger.NewUnionMap(rest...))
		}
		if len(grp) > 0 {
			out = out.Union(rev.ApplyRange(presburger.NewUnionMap(grp...)))
		}
		return out
	}
	// pullRange replaces the group instances in the range of a relation
	// (X -> G becomes X -> S).
	pullRange := func(u presburger.UnionMap) presburger.UnionMap {
		var rest, grp []presburger.Map
		for _, m := range u.Maps() {
			sp := m.Space()
			if groups[spaceKey(sp.TupleName(presburger.Out), sp.Dim(presburger.Out))] {
				grp = append(grp, m)
			} else {
				rest = append(rest, m)
			}
		}
		out := presburger.EmptyUnionMap(u.Params())
		if len(rest) > 0 {
			out = out.Union(presburger.NewUnionMap(rest...))
		}
		if len(grp) > 0 {
			out = out.Union(presburger.NewUnionMap(grp...).ApplyRange(exp))
		}
		return out
	}
	touchesGroups := func(u presburger.UnionSet) bool {
		for _, s := range u.Sets() {
			if isGroupSet(s) && !s.IsEmpty() {
				return true
			}
		}
		return false
	}

	// The replacement of the expansion node: a filter on the S spaces.
	var univ []presburger.Set
	for _, sp := range exp.Range().Spaces() {
		univ = append(univ, presburger.UniverseSet(sp))
	}
	filt := presburger.EmptyUnionSet(exp.Params())
	if len(univ) > 0 {
		filt = presburger.NewUnionSet(univ...)
	}
	repl := NewFilter(filt, x.children[0])
	repl.line, repl.col = x.line, x.col

	anc := c.Ancestors()
	path := c.Path()
	for d := len(anc) - 1; d >= 0; d-- {
		a := anc[d]
		na := *a
		na.children = append([]*Node(nil), a.children...)
		na.children[path[d]] = repl
		switch a.kind {
		case KindDomain, KindFilter:
			na.uset = pullSet(a.uset)
		case KindBand:
			b := a.band.clone()
			b.Schedule = pullDomain(b.Schedule)
			na.band = &b
		case KindExtension:
			na.umap = pullRange(a.umap)
		case KindExpansion:
			na.umap = pullRange(a.umap)
			na.umap2 = pullDomain(a.umap2)
		case KindSequence, KindSet:
			for i, ch := range a.children {
				if i != path[d] && ch.kind == KindFilter && touchesGroups(ch.uset) {
					return Tree{}, nodeErr(x, "expansion node: the instances it contracts also reach another branch of the %v node at %d:%d", a.kind, a.line, a.col)
				}
			}
		}
		repl = &na
	}
	return NewTree(repl), nil
}
