package astgen

import (
	"fmt"
	"time"

	"github.com/tessera-opt/tessera/ast"
	"github.com/tessera-opt/tessera/presburger"
	"github.com/tessera-opt/tessera/presburger/ints"
)

// This file is the thin relational layer the generator builds on the
// public presburger API: spaces of the schedule, moving rows between
// spaces, and the conversion between constraint rows and affs.
//
// Variables of an aff in a schedule space with n dims are numbered
// params (0..np-1), then schedule dims (np..np+n-1), then extra variables
// (the output dims of a map while they are substituted).

// gen is the state shared by a whole generation: the parameter list every
// object is aligned to, the configuration and the budget.
type gen struct {
	params []string
	cfg    Config
	ops    int64
	// undecided counts the engine tests that gave up (see decide).
	undecided int
	// enf records, for the nodes the generator created, the set of
	// schedule points (over the dims of the build that created them, the
	// dims from the node's own one on unconstrained) outside of which the
	// node executes nothing (isl's enforced constraints of a graft). A
	// node without an entry may execute anywhere.
	enf map[ast.Node]presburger.Set
	// cache holds the answers of engine queries (memo.go).
	cache map[string]memoVal
	// coalesced holds the coalesced executed maps of restrictAll.
	coalesced map[string]presburger.Map
	// wits holds the implication witnesses of each context set
	// (witnessesFor), under its memo key.
	wits map[string]*witnesses
	// reserved holds the names generated iterators must not take: the
	// parameters, the statement names and Config.Reserved. iters caches
	// the iterator names chosen so far (iterName).
	reserved map[string]bool
	iters    []string
	// exactCtx, when non-nil, is the disjunctive context of a flat
	// schedule (a parameter set) whose simple hull the build assumes; the
	// number of slices of an unrolled dim is counted under it.
	exactCtx *presburger.Set
}

// setEnforced records the enforced set of node.
func (g *gen) setEnforced(node ast.Node, s presburger.Set) {
	if g.enf == nil {
		g.enf = map[ast.Node]presburger.Set{}
	}
	g.enf[node] = s
}

// enforcedOf returns the union of the enforced sets of the nodes as a set
// of n dims, or false when one of them is unknown.
func (g *gen) enforcedOf(nodes []ast.Node, n int) (presburger.Set, bool) {
	return g.enforcedOfDeep(nodes, n, false)
}

// enforcedOfDeep is enforcedOf; with deep, the nodes created by deeper
// bands (over more schedule dims) count too, with their enforced sets
// projected on the n dims.
func (g *gen) enforcedOfDeep(nodes []ast.Node, n int, deep bool) (presburger.Set, bool) {
	out := presburger.EmptySet(g.schedSpace(n))
	for _, nd := range nodes {
		e, ok := g.enf[nd]
		if !ok {
			return out, false
		}
		if m := e.Space().Dim(presburger.Out); m < n || m > n && !deep {
			return out, false
		}
		if m := e.Space().Dim(presburger.Out); m > n {
			// A node of a deeper band (the schedule space grew below
			// a sequence): what it enforces on the outer dims is the
			// projection of its enforced set.
			sp := g.schedSpace(n)
			dst := make([]int, e.Space().NDim())
			off := e.Space().Offset(presburger.Out)
			for i := 0; i < m; i++ {
				if i < n {
					dst[off+i] = sp.Offset(presburger.Out) + i
				} else {
					dst[off+i] = -1
				}
			}
			e = e.Remap(sp, dst)
		}
		out = out.Union(e)
	}
	return out, true
}

// tick counts one decision against Config.Budget and stops the
// generation when Config.Cancel is closed. Every Presburger decision and
// every level of the recursion (nextLevel) passes here, also when a
// memoized answer replays its decisions, so a cancelled generation stops
// within one decision (the engine's queries in progress stop at their
// next budget check, see query).
func (g *gen) tick() {
	g.ops++
	if g.cfg.Budget > 0 && g.ops > g.cfg.Budget {
		fail(ErrBudget)
	}
	if g.cfg.Cancel != nil {
		select {
		case <-g.cfg.Cancel:
			fail(ErrCancelled)
		default:
		}
	}
}

// query is the engine's query interface under Config.Cancel (the zero
// Query, never cancelled, when Cancel is nil).
func (g *gen) query() presburger.Query { return presburger.Query{Cancel: g.cfg.Cancel} }

// emptyQ is s.IsEmpty under Config.Cancel; the engine's error (budget,
// overflow, cancellation) goes on as its panic, for decide.
func (g *gen) emptyQ(s presburger.Set) bool {
	empty, err := g.query().IsEmptyMap(s.Map())
	if err != nil {
		panic(err)
	}
	return empty
}

// sampleQ is s.Sample under Config.Cancel (see emptyQ).
func (g *gen) sampleQ(s presburger.Set) ([]int64, bool) {
	pt, ok, err := g.query().Sample(s.Map())
	if err != nil {
		panic(err)
	}
	return pt, ok
}

func (g *gen) np() int { return len(g.params) }

// iterName returns the name of the iterator of schedule dim k: "ck",
// or when that name is reserved (a parameter, a statement, a name of
// Config.Reserved) the first of "ck_0", "ck_1", ... that is not. The
// names are fixed by the first call (the reserved names are all known
// when the generation starts) and distinct for distinct dims: a name
// "ck" or "ck_j" belongs to dim k only.
func (g *gen) iterName(k int) string {
	for len(g.iters) <= k {
		j := len(g.iters)
		name := fmt.Sprintf("c%d", j)
		for i := 0; g.reserved[name]; i++ {
			name = fmt.Sprintf("c%d_%d", j, i)
		}
		g.iters = append(g.iters, name)
	}
	return g.iters[k]
}

// schedSpace is the set space of schedule vectors of n dims.
func (g *gen) schedSpace(n int) presburger.Space {
	names := make([]string, n)
	for i := range names {
		names[i] = g.iterName(i)
	}
	return presburger.NewSetSpace(g.params, "", names)
}

// execSpace is the space of an executed relation [c0..c(n-1)] -> S[...].
func (g *gen) execSpace(n int, stmt presburger.Space) presburger.Space {
	names := make([]string, n)
	for i := range names {
		names[i] = g.iterName(i)
	}
	return presburger.NewMapSpace(g.params, "", names, stmt.TupleName(presburger.Out), stmt.DimNames(presburger.Out))
}

// execDomain returns the schedule domain of an executed map: the set of
// schedule vectors with some instance (the instance dims become
// existentials).
func (g *gen) execDomain(m presburger.Map) presburger.Set {
	sp := m.Space()
	n := sp.Dim(presburger.In)
	ssp := g.schedSpace(n)
	dst := make([]int, sp.NDim())
	for i := 0; i < n; i++ {
		dst[sp.Offset(presburger.In)+i] = ssp.Offset(presburger.Out) + i
	}
	for i := 0; i < sp.Dim(presburger.Out); i++ {
		dst[sp.Offset(presburger.Out)+i] = -1
	}
	return m.Remap(ssp, dst).Set()
}

// liftToExec returns the schedule set s (n dims) as a map of the space of
// m constraining only the input dims.
func liftToExec(s presburger.Set, m presburger.Map) presburger.Map {
	sp := m.Space()
	ssp := s.Space()
	dst := make([]int, ssp.NDim())
	for i := 0; i < ssp.Dim(presburger.Out); i++ {
		dst[ssp.Offset(presburger.Out)+i] = sp.Offset(presburger.In) + i
	}
	return s.Map().Remap(sp, dst)
}

// restrictExec intersects the domain of m with the schedule set s.
func restrictExec(m presburger.Map, s presburger.Set) presburger.Map {
	return m.Intersect(liftToExec(s, m))
}

// projectAfter turns the dims > d of the schedule set s into existentials
// (the space keeps its n dims; the dropped ones become unconstrained).
func (g *gen) projectAfter(s presburger.Set, d int) presburger.Set {
	sp := s.Space()
	n := sp.Dim(presburger.Out)
	if d >= n-1 {
		return s
	}
	dst := make([]int, sp.NDim())
	for i := 0; i < n; i++ {
		if i <= d {
			dst[sp.Offset(presburger.Out)+i] = sp.Offset(presburger.Out) + i
		} else {
			dst[sp.Offset(presburger.Out)+i] = -1
		}
	}
	return s.Remap(sp, dst)
}

// extendSchedSet returns the schedule set s of n dims in the space of
// n2 >= n dims (the new dims unconstrained).
func (g *gen) extendSchedSet(s presburger.Set, n2 int) presburger.Set {
	sp := s.Space()
	n := sp.Dim(presburger.Out)
	tsp := g.schedSpace(n2)
	dst := make([]int, sp.NDim())
	for i := 0; i < n; i++ {
		dst[sp.Offset(presburger.Out)+i] = tsp.Offset(presburger.Out) + i
	}
	return s.Remap(tsp, dst)
}

// basicAffs converts the constraints of a basic set b of the schedule
// space (n dims) into affs over the variables params+dims, with one extra
// variable per unknown local (an existential) after them. It returns the
// equality and inequality affs and the number of existentials.
func (g *gen) basicAffs(b presburger.BasicMap, nvFixed int) (eqs, ineqs []aff, nex int) {
	sp := b.Space()
	nd := sp.NDim()
	if nd != nvFixed {
		panic("astgen: internal error: basicAffs width")
	}
	nl := b.NLocal()
	exIdx := make([]int, nl)
	for i := 0; i < nl; i++ {
		if !b.Local(i).Known() {
			exIdx[i] = nd + nex
			nex++
		} else {
			exIdx[i] = -1
		}
	}
	nv := nd + nex
	locAff := make([]aff, nl)
	rowAff := func(row []int64) aff {
		a := newAff(nv)
		for j := 0; j < nd; j++ {
			a.Coef[j] = row[j]
		}
		a.C = row[len(row)-1]
		for i := 0; i < nl; i++ {
			k := row[nd+i]
			if k == 0 {
				continue
			}
			if exIdx[i] >= 0 {
				a.Coef[exIdx[i]] = ints.Add(a.Coef[exIdx[i]], k)
			} else {
				a = a.add(locAff[i].scale(k))
			}
		}
		return a.canon()
	}
	for i := 0; i < nl; i++ {
		l := b.Local(i)
		if l.Known() {
			locAff[i] = floorDivAff(rowAff(l.Row), l.Den)
		}
	}
	for _, r := range b.Eqs() {
		eqs = append(eqs, rowAff(r))
	}
	for _, r := range b.Ineqs() {
		ineqs = append(ineqs, rowAff(r))
	}
	return eqs, ineqs, nex
}

// affBuilder writes affs as rows of a BasicBuilder: divisions become known
// locals, variables v >= nFixed become existentials (one per variable).
type affBuilder struct {
	bb     *presburger.BasicBuilder
	nFixed int
	ex     map[int]int // variable -> local index
}

func newAffBuilder(sp presburger.Space) *affBuilder {
	return &affBuilder{bb: presburger.NewBasicBuilder(sp), nFixed: sp.NDim(), ex: map[int]int{}}
}

func (ab *affBuilder) row(a aff) []int64 {
	// First create every local the row needs, then write the row at the
	// final width.
	type term struct {
		col int
		k   int64
	}
	var terms []term
	for v, c := range a.Coef {
		if c == 0 {
			continue
		}
		if v < ab.nFixed {
			terms = append(terms, term{v, c})
			continue
		}
		li, ok := ab.ex[v]
		if !ok {
			li = ab.bb.AddExists()
			ab.ex[v] = li
		}
		terms = append(terms, term{ab.bb.LocalCol(li), c})
	}
	for _, d := range a.Divs {
		num := ab.row(d.Num)
		li := ab.bb.AddDiv(num, d.Den)
		terms = append(terms, term{ab.bb.LocalCol(li), d.K})
	}
	out := make([]int64, ab.bb.NCols())
	for _, t := range terms {
		out[t.col] = ints.Add(out[t.col], t.k)
	}
	out[len(out)-1] = a.C
	return out
}

func (ab *affBuilder) eq(a aff)   { ab.bb.AddEq(ab.row(a)) }
func (ab *affBuilder) ineq(a aff) { ab.bb.AddIneq(ab.row(a)) }

// setOf builds the schedule set (n dims) of the conjunction of the given
// constraints.
func (g *gen) setOf(n int, eqs, ineqs []aff) presburger.Set {
	sp := g.schedSpace(n)
	ab := newAffBuilder(sp)
	for _, e := range eqs {
		ab.eq(e)
	}
	for _, e := range ineqs {
		ab.ineq(e)
	}
	b := ab.bb.BuildSet()
	if b.PlainIsEmpty() {
		return presburger.EmptySet(sp)
	}
	return presburger.NewSet(sp, b)
}

func (g *gen) universe(n int) presburger.Set { return presburger.UniverseSet(g.schedSpace(n)) }

// decide runs an emptiness or inclusion test of the engine; when the
// engine gives up on it (its budget or int64 range exceeded) it reports
// ok == false. Callers then take the answer that is safe for them: a set
// that may be non-empty is treated as non-empty, an inclusion that may
// not hold as not holding (more code or more guards, never wrong code).
// A cancelled query is no give-up: the generation stops (ErrCancelled).
func (g *gen) decide(f func() bool) (res, ok bool) {
	var err error
	if debugDecide != nil {
		t0 := time.Now()
		defer func() { debugDecide(time.Since(t0), ok) }()
	}
	func() {
		defer presburger.Recover(&err)
		res = f()
	}()
	if err != nil {
		if presburger.IsCancelled(err) {
			fail(ErrCancelled)
		}
		g.undecided++
		return false, false
	}
	return res, true
}

var debugDecide func(time.Duration, bool)

// maxUndecided is the number of engine tests that may give up before the
// optional simplifications (bound pruning, residues, rewriting of
// conditions) are no longer attempted: each give-up costs the engine's
// whole budget.
const maxUndecided = 3

// optional reports whether optional simplifications are still tried.
func (g *gen) optional() bool { return g.undecided < maxUndecided }

// isEmpty reports whether s is empty (false when undecided).
func (g *gen) isEmpty(s presburger.Set) bool {
	k := new(keyer).tag('E').set(s)
	_, res := g.memo(k.String(), func() (int64, bool) {
		g.tick()
		res, ok := g.decide(func() bool { return g.emptyQ(s) })
		return 0, ok && res
	})
	return res
}

func (g *gen) isEmptyMap(m presburger.Map) bool {
	k := new(keyer).tag('M').mapKey(m)
	_, res := g.memo(k.String(), func() (int64, bool) {
		g.tick()
		res, ok := g.decide(func() bool {
			empty, err := g.query().IsEmptyMap(m)
			if err != nil {
				panic(err)
			}
			return empty
		})
		return 0, ok && res
	})
	return res
}

// implies reports whether every point of s satisfies the constraint
// (e >= 0, or e == 0 when eq).
func (g *gen) implies(s presburger.Set, e aff, eq bool) bool {
	k := new(keyer).tag('I').set(s).aff(e)
	if eq {
		k.tag('=')
	}
	_, res := g.memo(k.String(), func() (int64, bool) { return 0, g.impliesUncached(s, e, eq) })
	return res
}

func (g *gen) impliesUncached(s presburger.Set, e aff, eq bool) bool {
	if len(e.Divs) == 0 && g.ratImplies(s, e) && (!eq || g.ratImplies(s, e.scale(-1))) {
		return true
	}
	n := s.Space().Dim(presburger.Out)
	neg := e.scale(-1)
	neg.C = ints.Sub(neg.C, 1)
	if g.isEmpty(s.Intersect(g.setOf(n, nil, []aff{neg}))) == false {
		return false
	}
	if !eq {
		return true
	}
	pos := e
	pos.C = ints.Sub(pos.C, 1)
	return g.isEmpty(s.Intersect(g.setOf(n, nil, []aff{pos})))
}
