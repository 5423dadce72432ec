package astgen

import (
	"github.com/tessera-opt/tessera/ast"
	"github.com/tessera-opt/tessera/internal/graph"
	"github.com/tessera-opt/tessera/presburger"
	"github.com/tessera-opt/tessera/schedule"
)

// partialOpt is a PartialOption with its domain in the schedule space of
// the build.
type partialOpt struct {
	dim int
	opt schedule.ASTOption
	dom presburger.Set
}

// partialBase generates the component at the current depth when partial
// options apply to it: the schedule domain is split into the atomic part,
// the unroll part, the separate part and the rest (under def), in that
// precedence, and the parts are generated one after the other in the
// order of the current dim. ok is false when no partial option applies
// (or all of the domain falls under def, or the parts interleave along
// the dim): the caller then generates the component as usual.
func (g *gen) partialBase(stmts []stmt, b *build, def schedule.ASTOption) (out []ast.Node, ok bool) {
	d, n := b.depth, b.n
	kinds := []schedule.ASTOption{schedule.OptionAtomic, schedule.OptionUnroll, schedule.OptionSeparate}
	var doms [3]*presburger.Set
	for _, po := range b.partial {
		if po.dim != d {
			continue
		}
		for k, o := range kinds {
			if o != po.opt {
				continue
			}
			p := g.projectAfter(po.dom, d)
			if doms[k] != nil {
				p = doms[k].Union(p)
			}
			doms[k] = &p
		}
	}
	if doms[0] == nil && doms[1] == nil && doms[2] == nil {
		return nil, false
	}
	dom := g.scheduleDomain(stmts, b, d)
	type class struct {
		opt    schedule.ASTOption
		region presburger.Set
	}
	var classes []class
	rest := dom
	for k, o := range kinds {
		if doms[k] == nil {
			continue
		}
		r := rest.Intersect(*doms[k])
		if g.isEmpty(r) {
			continue
		}
		classes = append(classes, class{o, r})
		rest = rest.Subtract(*doms[k])
	}
	if !g.isEmpty(rest) {
		classes = append(classes, class{def, rest})
	}
	if len(classes) == 0 || len(classes) == 1 && classes[0].opt == def {
		return nil, false
	}
	k := len(classes)
	adj := make([][]int, k)
	bb := &build{n: n, depth: d}
	for i := 0; i < k; i++ {
		for j := 0; j < k; j++ {
			if i != j && g.afterAt(classes[i].region, classes[j].region, bb) {
				adj[j] = append(adj[j], i)
			}
		}
	}
	order := graph.SCCTopo(k, adj)
	for _, comp := range order {
		if len(comp) > 1 {
			return nil, false
		}
	}
	for _, comp := range order {
		c := classes[comp[0]]
		out = append(out, g.baseWith(g.restrictAll(stmts, c.region), b, c.opt)...)
	}
	return out, true
}
