package scheduler

import (
	"fmt"
	"slices"
	"strings"

	"github.com/tessera-opt/tessera/deps"
	"github.com/tessera-opt/tessera/presburger"
	"github.com/tessera-opt/tessera/scop"
)

// Private records the scalars privatized on one parallel loop.
type Private struct {
	// Stmts are the names of the statements under the parallel loop; a
	// statement is under at most one parallel loop.
	Stmts []string
	// Private scalars get a fresh copy per thread (private(...)): they
	// are declared inside the region, so their value after the loop is
	// never observed.
	Private []string
	// LastPrivate scalars are declared outside the region: every
	// iteration of the loop writes them, so the copy of the last
	// iteration holds the value the sequential code leaves
	// (lastprivate(...)).
	LastPrivate []string
	// Reductions lists the update statements reduced on the loop (at most
	// one).
	Reductions []Reduction
}

// Clauses returns the data-sharing clauses of the loop (the reduction
// clause needs the generated subscripts: package omp builds it).
func (p Private) Clauses() []string {
	var out []string
	if len(p.Private) > 0 {
		out = append(out, "private("+join(p.Private)+")")
	}
	if len(p.LastPrivate) > 0 {
		out = append(out, "lastprivate("+join(p.LastPrivate)+")")
	}
	return out
}

func join(ss []string) string {
	s := ""
	for i, x := range ss {
		if i > 0 {
			s += ", "
		}
		s += x
	}
	return s
}

// privatizer proves that scalars can be privatized on a loop. It works on
// value-based flow dependences (the last write before each read), computed
// once for the SCoP.
type privatizer struct {
	flow   []*deps.Dep // value-based flow dependences on scalars
	arrays map[string]*scop.Array
}

// newPrivatizer computes what privatization needs, or returns nil when the
// SCoP writes no scalar or the dataflow analysis fails (then nothing is
// privatized).
func newPrivatizer(s *scop.Scop, valueFlows func() ([]*deps.Dep, error)) *privatizer {
	pv := &privatizer{arrays: map[string]*scop.Array{}}
	for _, a := range s.Arrays {
		if a.Rank == 0 && !a.ReadOnly {
			pv.arrays[a.Name] = a
		}
	}
	if len(pv.arrays) == 0 {
		return nil
	}
	flows, err := valueFlows()
	if err != nil {
		return nil
	}
	for _, dp := range flows {
		if pv.arrays[dp.Array] != nil {
			pv.flow = append(pv.flow, dp)
		}
	}
	return pv
}

// isScalar reports whether the array is a written scalar of the SCoP.
func (pv *privatizer) isScalar(name string) bool { return pv != nil && pv.arrays[name] != nil }

// prove decides whether scalar x can be privatized on the loop at flat
// dimension len(prefix[si])-1 over the statements of group, given every
// group statement's flat schedule dims up to and including that loop. It
// returns whether a lastprivate copy-out is needed, or a reason why
// privatization is not safe (naming the dependence that prevents it).
//
// We require, on the value-based flow dependences of x:
//  1. no value flows into the loop from a statement outside it, nor out of
//     it to a statement after it (otherwise the shared copy is needed);
//  2. every flow between statements of the loop stays in one iteration:
//     source and target have equal flat dims up to the loop (a value
//     carried by an enclosing loop would be lost with the private copy);
//  3. every read of x in the loop has a source (no read sees the value
//     from before the loop).
//
// Then each iteration reads only what it wrote itself, and a private copy
// per thread gives the same values. When x is declared outside the region
// its final value may be observed, so we also require that every iteration
// of the loop (every flat prefix of a group instance) contains a write of
// x: the last iteration's copy then holds the sequential final value, and
// lastprivate(x) copies it out.
func (pv *privatizer) prove(p *plan, group []int, prefix map[int][]dim, x string) (last bool, why string) {
	in := map[*scop.Statement]int{}
	for _, si := range group {
		in[p.stmts[si].st] = si
	}
	maps := map[int]presburger.Map{}
	dimsOf := func(si int) presburger.Map {
		if m, ok := maps[si]; ok {
			return m
		}
		m := p.dimsMap(si, prefix[si])
		maps[si] = m
		return m
	}
	covered := map[[2]any]presburger.Set{}
	for _, dp := range pv.flow {
		if dp.Array != x {
			continue
		}
		si, sIn := in[dp.Source]
		ti, tIn := in[dp.Target]
		if !sIn && !tIn {
			continue
		}
		if sIn != tIn {
			dir := "into"
			if sIn {
				dir = "out of"
			}
			return false, fmt.Sprintf("flow dependence %s->%s on %s carries a value %s the loop", dp.Source.Name, dp.Target.Name, x, dir)
		}
		times := dp.Rel.ApplyDomain(dimsOf(si)).ApplyRange(dimsOf(ti))
		n := len(prefix[si])
		np := times.Space().NParam()
		w := times.Space().NDim() + 1
		for k := 0; k < n; k++ {
			for _, sign := range []int64{1, -1} {
				r := make([]int64, w)
				r[np+k], r[np+n+k], r[w-1] = -sign, sign, -1
				if !times.AddConstraint(r, false).IsEmpty() {
					return false, fmt.Sprintf("flow dependence %s->%s on %s crosses iterations of the loop or of an enclosing loop", dp.Source.Name, dp.Target.Name, x)
				}
			}
		}
		key := [2]any{dp.Target, dp.TgtAccess}
		r := dp.Rel.Range()
		if c, ok := covered[key]; ok {
			r = c.Union(r)
		}
		covered[key] = r
	}
	// Every read has a source.
	var writes []presburger.Set
	for _, si := range group {
		st := p.stmts[si].st
		for k, a := range st.Accesses {
			if a.Array != x {
				continue
			}
			if a.Kind == scop.Write {
				writes = append(writes, st.Domain.Apply(dimsOf(si)))
				continue
			}
			rest := st.Domain
			if c, ok := covered[[2]any{st, k}]; ok {
				rest = rest.Subtract(c)
			}
			if !rest.IsEmpty() {
				return false, fmt.Sprintf("the read of %s in %s may see the value from before the loop", x, st.Name)
			}
		}
	}
	if len(writes) == 0 {
		return false, fmt.Sprintf("%s is not written in the loop", x)
	}
	if pv.arrays[x].Local {
		return false, ""
	}
	// Declared outside the region: every iteration must write x.
	all := writes[0]
	for _, w := range writes[1:] {
		all = all.Union(w)
	}
	for _, si := range group {
		st := p.stmts[si].st
		if !st.Domain.Apply(dimsOf(si)).Subtract(all).IsEmpty() {
			return false, fmt.Sprintf("%s is declared outside the region and some iteration of the loop (of %s) does not write it, so its final value could not be copied out", x, st.Name)
		}
	}
	return true, ""
}

// privatizeAt tries to make loop k of a band parallel by privatizing
// scalars: every relevant edge with non-zero distance at the loop must go
// through a scalar that prove accepts. It returns the privatized scalars
// (nil, reason when not possible).
func (b *builder) privatizeAt(group []int, relevant []*edge, level int, prefix map[int][]dim) (*Private, string) {
	p := b.p
	pv := p.priv
	var scalars []string
	for _, e := range relevant {
		if p.zeroDistance(e, level) {
			continue
		}
		if !pv.isScalar(e.dep.Array) {
			return nil, fmt.Sprintf("%s dependence %s->%s on %s", e.dep.Kind, p.stmts[e.src].st.Name, p.stmts[e.dst].st.Name, e.dep.Array)
		}
		if !slices.Contains(scalars, e.dep.Array) {
			scalars = append(scalars, e.dep.Array)
		}
	}
	if len(scalars) == 0 {
		return nil, "no dependence to remove"
	}
	slices.Sort(scalars)
	pr := &Private{}
	for _, si := range group {
		pr.Stmts = append(pr.Stmts, p.stmts[si].st.Name)
	}
	for _, x := range scalars {
		last, why := pv.prove(p, group, prefix, x)
		if why != "" {
			return nil, fmt.Sprintf("cannot privatize %s: %s", x, why)
		}
		if last {
			pr.LastPrivate = append(pr.LastPrivate, x)
		} else {
			pr.Private = append(pr.Private, x)
		}
	}
	return pr, ""
}

// privateArrays is the set of scalars privatized on the loop.
func (pr *Private) arrays() map[string]bool {
	m := map[string]bool{}
	if pr == nil {
		return m
	}
	for _, x := range pr.Private {
		m[x] = true
	}
	for _, x := range pr.LastPrivate {
		m[x] = true
	}
	return m
}

// tryPrivatize looks, outermost first, for a member of the band that
// becomes parallel once scalars are privatized, and records it in bp (or
// the reason for the first member in bp.privNote).
func (b *builder) tryPrivatize(bp *bandPlan, relevant []*edge, outer []int, coincident []bool) {
	p := b.p
	for k := 0; k < bp.width; k++ {
		if coincident[k] || !b.isLoop(bp.group, outer[k]) {
			continue
		}
		prefix := map[int][]dim{}
		for _, si := range bp.group {
			s := p.stmts[si]
			ds := slices.Clone(b.flat[si])
			for m := 0; m <= k; m++ {
				den := int64(1)
				if bp.tiled {
					den = p.cfg.tileSize(m)
				}
				ds = append(ds, dim{{row: slices.Clone(s.rows[outer[m]]), den: den}})
			}
			prefix[si] = ds
		}
		pr, why := b.privatizeAt(bp.group, relevant, outer[k], prefix)
		if pr != nil {
			bp.parallel, bp.private = k, pr
			return
		}
		if bp.privNote == "" && strings.HasPrefix(why, "cannot privatize") {
			bp.privNote = fmt.Sprintf("loop %d: %s", k, why)
		}
		red, why := b.reduceAt(bp.group, relevant, outer[k], prefix)
		if !p.cfg.Reductions {
			if red != nil && bp.redNote == "" {
				bp.redHint = fmt.Sprintf("loop %d would be parallel as a reduction (%s) of %s on %s with --reductions", k, red.Op, red.Stmt, red.Array)
			}
			continue
		}
		if red != nil {
			bp.parallel = k
			bp.private = &Private{Reductions: []Reduction{*red}}
			for _, si := range bp.group {
				bp.private.Stmts = append(bp.private.Stmts, p.stmts[si].st.Name)
			}
			return
		}
		if bp.redNote == "" && why != "no dependence to remove" {
			bp.redNote = fmt.Sprintf("loop %d: %s", k, why)
		}
	}
}
