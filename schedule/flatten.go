package schedule

import (
	"github.com/tessera-opt/tessera/presburger"
)

// Depth returns the length of the flat time vectors of the tree: the
// largest, over the root-to-leaf paths, of the sum of the band widths plus
// one per Sequence or Set node.
func (t Tree) Depth() int { return depthOf(t.Root()) }

func depthOf(n *Node) int {
	best := 0
	for _, c := range n.children {
		if d := depthOf(c); d > best {
			best = d
		}
	}
	switch n.kind {
	case KindBand:
		return best + n.band.Width
	case KindSequence, KindSet:
		return best + 1
	}
	return best
}

// Flatten returns the schedule of the tree as one relation from statement
// instances to flat time vectors of length t.Depth() (isl_schedule_get_map):
// band members contribute their values, each Sequence or Set node the
// index of the child an instance goes to, and vectors are padded with
// zeros. Only the instances of the root Domain node (restricted by the
// filters) appear. Extension nodes are not supported (their instances are
// ignored); Context and Guard nodes do not change the order; Expansion
// nodes must first be inlined (InlineExpansions).
func (t Tree) Flatten() presburger.UnionMap {
	root := t.Root()
	if root.kind != KindDomain {
		panic("schedule: Flatten needs a tree rooted at a Domain node")
	}
	depth := t.Depth()
	var prefix []presburger.Map
	for _, s := range root.uset.Sets() {
		prefix = append(prefix, setAsDomainMap(s))
	}
	var out []presburger.Map
	flattenNode(root.children[0], prefix, depth, &out)
	if len(out) == 0 {
		return presburger.EmptyUnionMap(root.uset.Params())
	}
	return presburger.NewUnionMap(out...)
}

func flattenNode(n *Node, prefix []presburger.Map, depth int, out *[]presburger.Map) {
	if len(prefix) == 0 {
		return
	}
	switch n.kind {
	case KindLeaf:
		for _, p := range prefix {
			k := p.Space().Dim(presburger.Out)
			for ; k < depth; k++ {
				p = appendFixed(p, 0)
			}
			if !p.IsEmpty() {
				*out = append(*out, p)
			}
		}
		return
	case KindBand:
		b := n.band
		var next []presburger.Map
		for _, p := range prefix {
			next = append(next, appendBand(p, b))
		}
		flattenNode(n.children[0], next, depth, out)
		return
	case KindSequence, KindSet:
		for i, c := range n.children {
			var next []presburger.Map
			for _, p := range prefix {
				q := intersectDomainUnion(p, c.uset)
				if q.PlainIsEmpty() {
					continue
				}
				next = append(next, appendFixed(q, int64(i)))
			}
			flattenNode(c.children[0], next, depth, out)
		}
		return
	case KindFilter:
		var next []presburger.Map
		for _, p := range prefix {
			q := intersectDomainUnion(p, n.uset)
			if !q.PlainIsEmpty() {
				next = append(next, q)
			}
		}
		flattenNode(n.children[0], next, depth, out)
		return
	}
	for _, c := range n.children {
		flattenNode(c, prefix, depth, out)
	}
}

// setAsDomainMap returns the map S[i] -> [] whose domain is s.
func setAsDomainMap(s presburger.Set) presburger.Map {
	sp := s.Space()
	msp := presburger.NewMapSpace(sp.Params(), sp.TupleName(presburger.Out), sp.DimNames(presburger.Out), "", nil)
	dst := dimCols(sp)
	for i := 0; i < sp.Dim(presburger.Out); i++ {
		dst[sp.Offset(presburger.Out)+i] = msp.Offset(presburger.In) + i
	}
	return s.Map().Remap(msp, dst)
}

// intersectDomainUnion restricts the domain of m to the set of u in m's
// input space (to nothing when u has none).
func intersectDomainUnion(m presburger.Map, u presburger.UnionSet) presburger.Map {
	sp := m.Space()
	for _, s := range u.Sets() {
		ssp := s.Space()
		if ssp.TupleName(presburger.Out) != sp.TupleName(presburger.In) || ssp.Dim(presburger.Out) != sp.Dim(presburger.In) {
			continue
		}
		return m.Intersect(domainAsMap(s, m))
	}
	return presburger.EmptyMap(sp)
}

// domainAsMap returns the set s (in the input space of m) as a map of m's
// space constraining only the input dims.
func domainAsMap(s presburger.Set, m presburger.Map) presburger.Map {
	sp := m.Space()
	ssp := s.Space()
	params := dedup(append(sp.Params(), ssp.Params()...))
	tsp := presburger.NewMapSpace(params, sp.TupleName(presburger.In), sp.DimNames(presburger.In), sp.TupleName(presburger.Out), sp.DimNames(presburger.Out))
	dst := dimCols(ssp)
	for i := 0; i < ssp.Dim(presburger.Out); i++ {
		dst[ssp.Offset(presburger.Out)+i] = tsp.Offset(presburger.In) + i
	}
	return s.Map().Remap(tsp, dst)
}

// appendFixed appends one output dim equal to v.
func appendFixed(m presburger.Map, v int64) presburger.Map {
	sp := m.Space()
	k := sp.Dim(presburger.Out)
	e := extendOut(m, k+1, 0)
	esp := e.Space()
	bb := presburger.NewBasicBuilder(esp)
	row := make([]int64, bb.NCols())
	row[esp.Offset(presburger.Out)+k] = 1
	row[len(row)-1] = -v
	bb.AddEq(row)
	return e.Intersect(presburger.NewMap(esp, bb.Build()))
}

// appendBand appends the members of band b to the prefix p : S -> [t].
// A statement without a band schedule gets zeros.
func appendBand(p presburger.Map, b *Band) presburger.Map {
	sp := p.Space()
	k := sp.Dim(presburger.Out)
	w := b.Width
	if w == 0 {
		return p
	}
	for _, m := range b.Schedule.Maps() {
		msp := m.Space()
		if msp.TupleName(presburger.In) != sp.TupleName(presburger.In) || msp.Dim(presburger.In) != sp.Dim(presburger.In) {
			continue
		}
		e := extendOut(p, k+w, 0)
		f := extendOut(m, k+w, k)
		params := dedup(append(e.Space().Params(), f.Space().Params()...))
		return e.AlignParams(params).Intersect(f.AlignParams(params))
	}
	for i := 0; i < w; i++ {
		p = appendFixed(p, 0)
	}
	return p
}
