package astgen

import (
	"slices"

	"github.com/tessera-opt/tessera/ast"
	"github.com/tessera-opt/tessera/presburger"
	"github.com/tessera-opt/tessera/schedule"
)

// Generate generates the AST of a schedule tree rooted at a Domain node
// (isl_ast_build_node_from_schedule, section 6.3). Bands add schedule dims
// generated level by level; Sequence and Set nodes generate their filters
// one after the other; Mark nodes become ast.Mark; Context nodes add
// assumptions on the parameters; Guard nodes become conditions; Extension
// nodes add the statement instances they map the outer schedule dims to.
func Generate(t schedule.Tree, cfg Config) (ast.Node, error) {
	// Expansion nodes are replaced by what they stand for (the groups'
	// schedules given to the instances they expand to).
	t, err := t.InlineExpansions()
	if err != nil {
		return nil, err
	}
	return run(func() ast.Node {
		root := t.Root()
		if root.Kind() != schedule.KindDomain {
			failf("the root of the schedule tree is a %v node, not a domain node", root.Kind())
		}
		g := newGen(cfg, treeParams(root))
		for _, name := range treeStatements(root) {
			g.reserved[name] = true
		}
		var stmts []stmt
		for _, s := range root.Domain().Sets() {
			sp := s.Space()
			ssp := presburger.NewSetSpace(g.params, sp.TupleName(presburger.Out), sp.DimNames(presburger.Out))
			esp := g.execSpace(0, ssp)
			dst := make([]int, sp.NDim())
			for i := 0; i < sp.Dim(presburger.Out); i++ {
				dst[sp.Offset(presburger.Out)+i] = esp.Offset(presburger.Out) + i
			}
			// Overlapping parts of a domain (a condition with || makes them)
			// would be scanned once each: make them disjoint first.
			stmts = append(stmts, stmt{name: sp.TupleName(presburger.Out), space: ssp, m: s.MakeDisjoint().Map().Remap(esp, dst)})
		}
		b := &build{n: 0, generated: g.universe(0), checked: g.universe(0)}
		return block(g.tree(root.Child(0), stmts, b))
	})
}

// treeParams collects the parameters of every set and relation of the
// tree.
func treeParams(n *schedule.Node) []string {
	var out []string
	var rec func(n *schedule.Node)
	rec = func(n *schedule.Node) {
		switch n.Kind() {
		case schedule.KindDomain:
			out = mergeParams(out, n.Domain().Params())
		case schedule.KindFilter:
			out = mergeParams(out, n.Filter().Params())
		case schedule.KindContext:
			out = mergeParams(out, n.Context().Space().Params())
		case schedule.KindGuard:
			out = mergeParams(out, n.Guard().Space().Params())
		case schedule.KindBand:
			bd := n.Band()
			out = mergeParams(out, bd.Schedule.Params())
			if bd.Isolate != nil {
				out = mergeParams(out, bd.Isolate.Space().Params())
			}
		}
		for _, c := range n.Children() {
			rec(c)
		}
	}
	rec(n)
	return out
}

// treeStatements returns the statement names of the tree: those of its
// domain and those its extension nodes add.
func treeStatements(n *schedule.Node) []string {
	var out []string
	var rec func(n *schedule.Node)
	rec = func(n *schedule.Node) {
		switch n.Kind() {
		case schedule.KindDomain:
			for _, s := range n.Domain().Sets() {
				out = append(out, s.Space().TupleName(presburger.Out))
			}
		case schedule.KindExtension:
			for _, m := range n.Extension().Maps() {
				out = append(out, m.Space().TupleName(presburger.Out))
			}
		}
		for _, c := range n.Children() {
			rec(c)
		}
	}
	rec(n)
	return out
}

// tree generates the subtree rooted at node for the executed relation
// stmts, the schedule dims of b being all generated (b.depth == b.n).
func (g *gen) tree(node *schedule.Node, stmts []stmt, b *build) []ast.Node {
	g.tick()
	switch node.Kind() {
	case schedule.KindLeaf:
		return g.nextLevel(stmts, b)
	case schedule.KindBand:
		return g.band(node, stmts, b)
	case schedule.KindSequence, schedule.KindSet:
		var out []ast.Node
		for _, f := range node.Children() {
			out = append(out, g.tree(f.Child(0), filterStmts(stmts, f.Filter()), b)...)
		}
		return out
	case schedule.KindFilter:
		return g.tree(node.Child(0), filterStmts(stmts, node.Filter()), b)
	case schedule.KindMark:
		body := g.tree(node.Child(0), stmts, b)
		if len(body) == 0 {
			return nil
		}
		if c := node.Child(0); c.Kind() == schedule.KindBand && c.Band().Width > 0 && !g.marksLoopOf(block(body), b.n) {
			// The band's first member generated no loop (it is
			// degenerate: one value per outer iteration); the mark is
			// about that member, and passes reading it take the loop
			// the body starts with, the next member's: drop it.
			return body
		}
		m := &ast.Mark{Name: node.MarkName(), Body: block(body)}
		if e, ok := g.enforcedOf(body, b.n); ok {
			g.setEnforced(m, e)
		}
		return []ast.Node{m}
	case schedule.KindContext:
		c := b.clone()
		c.generated = b.generated.Intersect(g.paramSet(node.Context(), b.n))
		c.checked = b.checked.Intersect(g.paramSet(node.Context(), b.n))
		return g.tree(node.Child(0), g.restrictAll(stmts, c.generated), c)
	case schedule.KindGuard:
		gs := node.Guard()
		var gset presburger.Set
		switch gs.Space().Dim(presburger.Out) {
		case 0:
			gset = g.paramSet(gs, b.n)
		case b.n:
			gset = g.toSchedSet(gs, b.n, 0)
		default:
			failf("guard of %d dims under %d schedule dims", gs.Space().Dim(presburger.Out), b.n)
		}
		cond, emitted, never := g.guardSetOf(gset, b)
		if never {
			return nil
		}
		c := b.clone()
		c.generated = b.generated.Intersect(gset)
		c.checked = b.checked.Intersect(emitted)
		body := g.tree(node.Child(0), g.restrictAll(stmts, c.generated), c)
		if len(body) == 0 {
			return nil
		}
		if cond == nil {
			return body
		}
		return []ast.Node{&ast.If{Cond: cond, Then: block(body)}}
	case schedule.KindDomain:
		failf("a domain node below the root")
	case schedule.KindExtension:
		return g.tree(node.Child(0), g.extend(stmts, node.Extension(), b), b)
	}
	failf("unknown node kind %v", node.Kind())
	return nil
}

// filterStmts restricts the instances of each statement to the filter,
// dropping the statements the filter does not mention.
func filterStmts(stmts []stmt, f presburger.UnionSet) []stmt {
	var out []stmt
	for _, s := range stmts {
		fs, ok := f.SetOf(s.space)
		if !ok {
			continue
		}
		if len(fs.Parts()) > 1 {
			// The statement's parts are disjoint; the parts of a
			// filter made from a domain with || overlap, and the
			// intersection would hold their common instances twice
			// (progfuzz seed 8100054: an instance executed twice).
			fs = fs.MakeDisjoint()
		}
		sp := s.m.Space()
		fsp := fs.Space()
		dst := make([]int, fsp.NDim())
		for i := 0; i < fsp.Dim(presburger.Out); i++ {
			dst[fsp.Offset(presburger.Out)+i] = sp.Offset(presburger.Out) + i
		}
		s.m = s.m.Intersect(fs.Map().Remap(sp, dst))
		out = append(out, s)
	}
	return out
}

// band appends the members of a band to the schedule space and generates
// its dims; the child of the band continues at the inner level.
func (g *gen) band(node *schedule.Node, stmts []stmt, b *build) []ast.Node {
	bd := node.Band()
	w := bd.Width
	if w == 0 {
		return g.tree(node.Child(0), stmts, b)
	}
	n := b.n
	n2 := n + w
	var out []stmt
	for _, s := range stmts {
		bm, ok := bd.Schedule.MapOf(presburger.NewMapSpace(nil, s.space.TupleName(presburger.Out), s.space.DimNames(presburger.Out), "", make([]string, w)))
		if !ok {
			failf("band schedule has no map for statement %s", s.name)
		}
		if bm.Space().Dim(presburger.Out) != w {
			failf("band schedule of statement %s has %d members, not %d", s.name, bm.Space().Dim(presburger.Out), w)
		}
		sp := s.m.Space()
		esp := g.execSpace(n2, s.space)
		dst := make([]int, sp.NDim())
		for i := 0; i < n; i++ {
			dst[sp.Offset(presburger.In)+i] = esp.Offset(presburger.In) + i
		}
		for j := 0; j < sp.Dim(presburger.Out); j++ {
			dst[sp.Offset(presburger.Out)+j] = esp.Offset(presburger.Out) + j
		}
		m1 := s.m.Remap(esp, dst)
		bsp := bm.Space()
		dst2 := make([]int, bsp.NDim())
		for j := 0; j < bsp.Dim(presburger.In); j++ {
			dst2[bsp.Offset(presburger.In)+j] = esp.Offset(presburger.Out) + j
		}
		for j := 0; j < w; j++ {
			dst2[bsp.Offset(presburger.Out)+j] = esp.Offset(presburger.In) + n + j
		}
		m2 := bm.Remap(esp, dst2)
		m := m1.Intersect(m2)
		if len(m.Parts()) > 1 {
			// Overlapping pieces (of the band map or the domain) would
			// each scan their common instances: make them disjoint.
			m = m.MakeDisjoint()
		}
		out = append(out, stmt{name: s.name, space: s.space, m: m})
	}
	c := b.clone()
	c.n = n2
	c.generated = g.extendSchedSet(b.generated, n2)
	c.checked = g.extendSchedSet(b.checked, n2)
	c.opts = append(padOpts(b.opts, n), bd.Options...)
	c.isoOpts = append(padOpts(b.isoOpts, n), bd.IsolateOptions...)
	c.coincident = append(padBools(b.coincident, n), bd.Coincident...)
	c.isolate = nil
	if bd.Isolate != nil {
		a := bd.Isolate.Space().Dim(presburger.Out)
		if a > n2 {
			failf("isolate set of %d dims for %d schedule dims", a, n2)
		}
		iso := g.toSchedSet(*bd.Isolate, n2, n2-a)
		c.isolate = &iso
	}
	c.cont = node.Child(0)
	return g.nextLevel(out, c)
}

func padOpts(o []schedule.ASTOption, n int) []schedule.ASTOption {
	o = slices.Clone(o)
	if len(o) >= n {
		return o[:n]
	}
	return append(o, make([]schedule.ASTOption, n-len(o))...)
}

func padBools(o []bool, n int) []bool {
	o = slices.Clone(o)
	if len(o) >= n {
		return o[:n]
	}
	return append(o, make([]bool, n-len(o))...)
}

// extend adds the instances of an extension node: each map of ext goes
// from the outer schedule dims (all the dims generated so far) to the
// instances of a statement, which is exactly an executed relation.
func (g *gen) extend(stmts []stmt, ext presburger.UnionMap, b *build) []stmt {
	out := append([]stmt(nil), stmts...)
	for _, e := range ext.Maps() {
		sp := e.Space()
		if sp.Dim(presburger.In) != b.n {
			failf("extension from %d dims under %d schedule dims", sp.Dim(presburger.In), b.n)
		}
		ssp := presburger.NewSetSpace(g.params, sp.TupleName(presburger.Out), sp.DimNames(presburger.Out))
		esp := g.execSpace(b.n, ssp)
		dst := make([]int, sp.NDim())
		for i := 0; i < b.n; i++ {
			dst[sp.Offset(presburger.In)+i] = esp.Offset(presburger.In) + i
		}
		for j := 0; j < sp.Dim(presburger.Out); j++ {
			dst[sp.Offset(presburger.Out)+j] = esp.Offset(presburger.Out) + j
		}
		m := restrictExec(e.Remap(esp, dst), b.generated)
		merged := false
		for i := range out {
			if out[i].space.TuplesEqual(ssp) {
				out[i].m = out[i].m.Union(m)
				merged = true
			}
		}
		if !merged {
			out = append(out, stmt{name: ssp.TupleName(presburger.Out), space: ssp, m: m})
		}
	}
	return out
}

// marksLoopOf reports whether n, seen as a mark's body, is the loop of
// schedule dim d: the only statement of n (through blocks, ifs without
// else and marks) is a for over the iterator of d, or n holds no for at
// all before its first statement (nothing to mislabel).
func (g *gen) marksLoopOf(n ast.Node, d int) bool {
	for {
		switch x := ast.Only(n).(type) {
		case *ast.For:
			return x.Iter == g.iterName(d)
		case *ast.If:
			if x.Else != nil {
				return true
			}
			n = x.Then
		case *ast.Mark:
			n = x.Body
		default:
			return true
		}
	}
}
