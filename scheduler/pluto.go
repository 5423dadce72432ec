package scheduler

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/tessera-opt/tessera/deps"
	"github.com/tessera-opt/tessera/internal/graph"
	"github.com/tessera-opt/tessera/presburger"
	"github.com/tessera-opt/tessera/presburger/ints"
	"github.com/tessera-opt/tessera/scop"
)

// FusePolicy chooses where statements are distributed into separate loop
// nests before any hyperplane is searched.
type FusePolicy int

const (
	// FuseSmart cuts between components of different dimensionality.
	FuseSmart FusePolicy = iota
	// FuseMax cuts only where no common hyperplane exists.
	FuseMax
	// FuseNo cuts between all strongly connected components.
	FuseNo
)

// ParseFuse reads a --fuse= value.
func ParseFuse(s string) (FusePolicy, error) {
	switch s {
	case "", "smart":
		return FuseSmart, nil
	case "max":
		return FuseMax, nil
	case "no", "none":
		return FuseNo, nil
	}
	return 0, fmt.Errorf("scheduler: unknown fusion policy %q (want smart, max or no)", s)
}

// A stmt is one statement with the rows found so far.
type stmt struct {
	st   *scop.Statement
	n    int       // number of iterators
	rows [][]int64 // per level: n iterator coefficients then the constant
	// dir[j] is the direction (+1 or -1) of iterator j's original loop:
	// the ILP's coefficient variables are >= 0 and multiply dir[j]·i_j,
	// so that the original schedule (with its reversed loops) is always in
	// the search space.
	dir []int64
}

// An edge is one basic part of a dependence relation.
type edge struct {
	dep      *deps.Dep
	src, dst int                 // statement indices
	poly     presburger.BasicMap // dependence polyhedron (params, s, t)
	coef     presburger.BasicSet // forms >= 0 on poly: (c0, params, s, t)
	// delta: coef is over (c0, params, t - s) instead, for an edge from
	// a statement to itself (farkas.go).
	delta  bool
	params []int // global index of each of poly's params
	sat    bool  // satisfied by the rows found so far
}

// A level is one row of every statement's schedule.
type level struct {
	scalar bool
	band   int // band index for hyperplane levels
}

// plan is the state of the algorithm.
type plan struct {
	cfg    Config
	params []string
	stmts  []*stmt
	edges  []*edge
	levels []level
	nbands int
	// priv proves scalar privatizations (nil: none is tried).
	priv *privatizer
	// scop is the region being scheduled (array element types).
	scop *scop.Scop
	// tiledBands counts the tiled bands met so far (for BandTileSizes);
	// tileChoices records the tile sizes chosen per band (tilesize.go).
	tiledBands  int
	tileChoices map[string]*tileChoice
	// negTries counts the searches with a reversed loop (findReversed);
	// negNotes says which ones gave a hyperplane.
	negTries int
	negNotes []string
	// ilps counts the integer programs solved (Config.MaxILPs bounds it).
	ilps int
	// valueFlows computes, once, the value-based flow dependences of the
	// region, for the privatizer and for carriesValue.
	valueFlows func() ([]*deps.Dep, error)
}

var errNoHyperplane = errors.New("scheduler: no valid hyperplane")

func newPlan(d *deps.Deps, cfg Config) (*plan, error) {
	s := d.Scop
	p := &plan{cfg: cfg, params: s.Params, scop: s, tileChoices: map[string]*tileChoice{}}
	p.valueFlows = sync.OnceValues(func() ([]*deps.Dep, error) {
		fd, err := deps.Compute(s, deps.Config{Dataflow: true, Cancel: cfg.Cancel})
		if err != nil {
			return nil, err
		}
		var flows []*deps.Dep
		for _, dp := range fd.Deps {
			if dp.Kind == deps.Flow {
				flows = append(flows, dp)
			}
		}
		return flows, nil
	})
	index := map[*scop.Statement]int{}
	for i, st := range s.Statements {
		index[st] = i
		ps := &stmt{st: st, n: len(st.Iters), dir: make([]int64, len(st.Iters))}
		for j := range ps.dir {
			ps.dir[j] = 1
			if j < len(st.Loops) && st.Loops[j] >= 0 && st.Loops[j] < len(s.Loops) && s.Loops[st.Loops[j]].Step < 0 {
				ps.dir[j] = -1
			}
		}
		p.stmts = append(p.stmts, ps)
	}
	pidx := map[string]int{}
	for i, n := range p.params {
		pidx[n] = i
	}
	coefs := map[string]presburger.BasicSet{}
	for _, dp := range d.Deps {
		for _, part := range dp.Rel.Parts() {
			if cfg.cancelled() {
				return nil, ErrCancelled
			}
			if empty, err := cfg.query().IsEmpty(part); err != nil {
				return nil, engineErr(err)
			} else if empty {
				continue
			}
			e := &edge{dep: dp, src: index[dp.Source], dst: index[dp.Target], poly: part}
			for _, n := range part.Space().Params() {
				g, ok := pidx[n]
				if !ok {
					return nil, fmt.Errorf("scheduler: dependence on unknown parameter %q", n)
				}
				e.params = append(e.params, g)
			}
			// Farkas' lemma on the dependence polyhedron within the
			// context: parameters that only bound other statements' loops
			// are then bounded below (n >= 0), so the bounding form may use
			// them (u·n) without every other edge forbidding it.
			// The same polyhedron comes back for the flow, anti and
			// output dependences of one access pair (a scalar update):
			// its Farkas dual is computed once and reused, keyed by the
			// polyhedron's text.
			pc := withContext(part, s.Context)
			e.delta = e.src == e.dst && pc.NLocal() == 0 &&
				pc.Space().Dim(presburger.In) == pc.Space().Dim(presburger.Out)
			key := pc.String()
			if e.delta {
				key = "delta " + key
			}
			if c, ok := coefs[key]; ok {
				e.coef = c
			} else if c, ok, err := deltaCoefficients(cfg.query(), pc); err != nil {
				return nil, engineErr(err)
			} else if e.delta && ok {
				e.coef = c
				coefs[key] = c
			} else if c, err := cfg.query().Coefficients(pc); err != nil {
				return nil, engineErr(err)
			} else {
				e.delta = false
				e.coef = c
				coefs[key] = c
			}
			p.edges = append(p.edges, e)
		}
	}
	return p, nil
}

// Layout of the unknowns X of one hyperplane search:
// [u_0..u_{np-1}, w, then per statement its n coefficients in reverse
// order and its constant].
func (p *plan) nX() int {
	n := len(p.params) + 1
	for _, s := range p.stmts {
		n += s.n + 1
	}
	return n
}

func (p *plan) wCol() int { return len(p.params) }

func (p *plan) base(si int) int {
	b := len(p.params) + 1
	for _, s := range p.stmts[:si] {
		b += s.n + 1
	}
	return b
}

// coefCol is the X column of coefficient j of statement si.
func (p *plan) coefCol(si, j int) int { return p.base(si) + p.stmts[si].n - 1 - j }

// constCol is the X column of the constant of statement si.
func (p *plan) constCol(si int) int { return p.base(si) + p.stmts[si].n }

// formRows turns the rows of e.coef into rows over X, reading the form
// coordinates (c0, params, s, t), or (c0, params, t - s) for a delta edge,
// as the given linear functions of X.
// bounding selects the bounding form u·n + w - (φ_T - φ_S) instead of the
// validity form φ_T - φ_S.
func (p *plan) formRows(e *edge, bounding bool) (eqs, ineqs [][]int64) {
	nx := p.nX()
	np := len(e.params)
	ns, nt := p.stmts[e.src].n, p.stmts[e.dst].n
	sign := int64(1)
	if bounding {
		sign = -1
	}
	// coord[k] is coordinate k of the form as a row over X (+ constant).
	coord := make([][]int64, 1+np+ns+nt)
	if e.delta {
		// (c0, params, t - s): the coefficients of t alone.
		ns = 0
		coord = coord[:1+np+nt]
	}
	for k := range coord {
		coord[k] = make([]int64, nx+1)
	}
	// c0 = sign*(d_T - d_S) (+ w when bounding)
	coord[0][p.constCol(e.dst)] += sign
	coord[0][p.constCol(e.src)] -= sign
	if bounding {
		coord[0][p.wCol()] += 1
		for k, g := range e.params {
			coord[1+k][g] += 1
		}
	}
	for j := 0; j < ns; j++ {
		coord[1+np+j][p.coefCol(e.src, j)] -= sign * p.stmts[e.src].dir[j]
	}
	for j := 0; j < nt; j++ {
		coord[1+np+ns+j][p.coefCol(e.dst, j)] += sign * p.stmts[e.dst].dir[j]
	}
	conv := func(r []int64) []int64 {
		out := make([]int64, nx+1)
		for k, c := range r[:len(r)-1] {
			if c == 0 {
				continue
			}
			for x, v := range coord[k] {
				out[x] = ints.Add(out[x], ints.Mul(c, v))
			}
		}
		out[nx] = ints.Add(out[nx], r[len(r)-1])
		return out
	}
	for _, r := range e.coef.Eqs() {
		eqs = append(eqs, conv(r))
	}
	for _, r := range e.coef.Ineqs() {
		ineqs = append(ineqs, conv(r))
	}
	return eqs, ineqs
}

// findHyperplane solves for one more row of every statement with the given
// edges respected (validity) and bounded (bounding). With only set, the
// statements outside it get the zero row (findPerGroup).
func (p *plan) findHyperplane(valid, bound []*edge, only map[int]bool) ([][]int64, error) {
	nx := p.nX()
	b := &rowSet{}
	unit := func(col int, c, k int64) []int64 {
		r := make([]int64, nx+1)
		r[col], r[nx] = c, k
		return r
	}
	for i := range p.params {
		b.AddIneq(unit(i, -1, p.cfg.maxU()))
	}
	b.AddIneq(unit(p.wCol(), -1, p.cfg.maxW()))
	for si, s := range p.stmts {
		for j := 0; j < s.n; j++ {
			b.AddIneq(unit(p.coefCol(si, j), -1, p.cfg.maxCoeff()))
		}
		b.AddIneq(unit(p.constCol(si), -1, p.cfg.maxShift()))
	}
	for _, e := range valid {
		eqs, ineqs := p.formRows(e, false)
		for _, r := range eqs {
			b.AddEq(r)
		}
		for _, r := range ineqs {
			b.AddIneq(r)
		}
	}
	for _, e := range bound {
		eqs, ineqs := p.formRows(e, true)
		for _, r := range eqs {
			b.AddEq(r)
		}
		for _, r := range ineqs {
			b.AddIneq(r)
		}
	}
	// Statements outside only (when set) get the zero row (a constant
	// dim of their own band: legal for every edge of theirs, distance 0).
	if only != nil {
		for si, s := range p.stmts {
			if only[si] {
				continue
			}
			for j := 0; j < s.n; j++ {
				b.AddEq(unit(p.coefCol(si, j), 1, 0))
			}
			b.AddEq(unit(p.constCol(si), 1, 0))
		}
	}
	// Non-triviality and linear independence, per statement that still
	// lacks hyperplanes: over a basis V of the orthogonal complement of its
	// rows, v·a >= 0 for each v and the sum >= 1.
	for si, s := range p.stmts {
		if s.n == 0 || (only != nil && !only[si]) {
			continue
		}
		// We work in the coordinates of the unknowns a (row = dir∘a):
		// earlier rows become dir∘row, and the complement is taken there,
		// so that its basis vectors have the sign that admits a >= 0 (in
		// row coordinates a reversed loop's unit vector would forbid
		// every a >= 0).
		var prev [][]int64
		for _, h := range s.hyperRows(p.levels) {
			r := make([]int64, len(h))
			for j := range h {
				r[j] = h[j]
				if j < s.n {
					r[j] = ints.Mul(h[j], s.dir[j])
				}
			}
			prev = append(prev, r)
		}
		compl := complement(prev, s.n)
		if len(compl) == 0 {
			continue
		}
		sum := make([]int64, nx+1)
		for _, v := range compl {
			r := make([]int64, nx+1)
			for j, c := range v {
				r[p.coefCol(si, j)] = c
				sum[p.coefCol(si, j)] = ints.Add(sum[p.coefCol(si, j)], c)
			}
			b.AddIneq(r)
		}
		sum[nx] = -1
		b.AddIneq(sum)
	}
	if p.cfg.cancelled() {
		return nil, ErrCancelled
	}
	p.ilps++
	if p.ilps > p.cfg.maxILPs() {
		return nil, &BudgetError{ILPs: p.cfg.maxILPs()}
	}
	pt, ok, err := solveLexmin(p.cfg.query(), nx, b.eq, b.ineq)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, errNoHyperplane
	}
	rows := make([][]int64, len(p.stmts))
	for si, s := range p.stmts {
		r := make([]int64, s.n+1)
		for j := 0; j < s.n; j++ {
			r[j] = s.dir[j] * pt[p.coefCol(si, j)]
		}
		r[s.n] = pt[p.constCol(si)]
		rows[si] = r
	}
	return rows, nil
}

// rowSet collects the constraint rows of one integer program.
type rowSet struct{ eq, ineq [][]int64 }

func (r *rowSet) AddEq(row []int64)   { r.eq = append(r.eq, row) }
func (r *rowSet) AddIneq(row []int64) { r.ineq = append(r.ineq, row) }

// hyperRows returns the iterator parts of the statement's hyperplane rows.
func (s *stmt) hyperRows(levels []level) [][]int64 {
	var h [][]int64
	for l, r := range s.rows {
		if !levels[l].scalar {
			h = append(h, r[:s.n])
		}
	}
	return h
}

// rank is the rank of the statement's hyperplane rows.
func (s *stmt) rank(levels []level) int {
	return s.n - len(complement(s.hyperRows(levels), s.n))
}

func (p *plan) needsRows() bool {
	for _, s := range p.stmts {
		if s.rank(p.levels) < s.n {
			return true
		}
	}
	return false
}

func (p *plan) unsatisfied() []*edge {
	var out []*edge
	for _, e := range p.edges {
		if !e.sat {
			out = append(out, e)
		}
	}
	return out
}

// addLevel appends one row per statement.
func (p *plan) addLevel(l level, rows [][]int64) {
	p.levels = append(p.levels, l)
	for i, s := range p.stmts {
		s.rows = append(s.rows, rows[i])
	}
}

// run executes the algorithm until every statement has full rank and every
// edge is satisfied.
func (p *plan) run() error {
	if err := p.initialCuts(); err != nil {
		return err
	}
	limit := 2 * (len(p.stmts) + 1)
	for _, s := range p.stmts {
		limit += 2 * s.n
	}
	bandStart := true
	var bandEdges []*edge // edges to respect in the current band
	for iter := 0; p.needsRows() || len(p.unsatisfied()) > 0; iter++ {
		if iter > limit {
			return fmt.Errorf("scheduler: no schedule within %d levels", limit)
		}
		if bandStart {
			bandEdges = p.unsatisfied()
		}
		if p.needsRows() {
			var bound []*edge
			for _, e := range bandEdges {
				if !p.strictlySatisfiedInBand(e) {
					bound = append(bound, e)
				}
			}
			rows, err := p.findHyperplane(bandEdges, bound, nil)
			if errors.Is(err, errNoHyperplane) && !bandStart && !p.cfg.NoNegative {
				rows, err = p.findReversed(bandEdges, bound)
			}
			if errors.Is(err, errNoHyperplane) && !bandStart {
				rows, err = p.findPerGroup(bandEdges, bound)
			}
			if err == nil {
				if bandStart {
					p.nbands++
					bandStart = false
				}
				p.addLevel(level{band: p.nbands - 1}, rows)
				continue
			}
			if !errors.Is(err, errNoHyperplane) {
				return err
			}
		}
		if !bandStart {
			// Close the band and start a new one.
			p.updateSatisfied()
			bandStart = true
			continue
		}
		// Not even one hyperplane: cut between components.
		if !p.cut(p.unsatisfied(), false) {
			return errNoHyperplane
		}
	}
	return nil
}

// strictlySatisfiedInBand reports whether a row of the current band has
// distance >= 1 on every instance of e.
func (p *plan) strictlySatisfiedInBand(e *edge) bool {
	if len(p.levels) == 0 || p.levels[len(p.levels)-1].scalar {
		return false
	}
	cur := p.levels[len(p.levels)-1].band
	for l := len(p.levels) - 1; l >= 0 && !p.levels[l].scalar && p.levels[l].band == cur; l-- {
		if p.distanceAtLeast(e, l, 1) {
			return true
		}
	}
	return false
}

// distanceAtLeast reports whether φ_T(t) - φ_S(s) >= k on all of e.poly at
// level l.
func (p *plan) distanceAtLeast(e *edge, l int, k int64) bool {
	// Empty iff no instance has distance <= k-1.
	row := p.distanceRow(e, l)
	neg := make([]int64, len(row))
	for i, c := range row {
		neg[i] = -c
	}
	neg[len(neg)-1] = ints.Add(neg[len(neg)-1], k-1)
	return p.isEmpty(e.poly.ToMap().AddConstraint(neg, false))
}

// distanceRow is φ_T(t) - φ_S(s) at level l as a row over e.poly's columns
// (params, s, t, const); poly has no locals in the columns we use, so the
// row is padded by AddConstraint.
func (p *plan) distanceRow(e *edge, l int) []int64 {
	np := len(e.params)
	s, t := p.stmts[e.src], p.stmts[e.dst]
	row := make([]int64, np+s.n+t.n+1)
	rs, rt := s.rows[l], t.rows[l]
	for j := 0; j < s.n; j++ {
		row[np+j] -= rs[j]
	}
	for j := 0; j < t.n; j++ {
		row[np+s.n+j] += rt[j]
	}
	row[len(row)-1] = rt[t.n] - rs[s.n]
	return row
}

// updateSatisfied marks the edges whose distance over all levels so far is
// lexicographically positive on every instance.
func (p *plan) updateSatisfied() {
	for _, e := range p.edges {
		if e.sat {
			continue
		}
		e.sat = p.lexPositive(e, len(p.levels))
	}
}

// lexPositive reports whether the distance vector of e over the first n
// levels is lexicographically positive on every instance: no instance has
// all n distances zero, and none has a negative first non-zero distance.
func (p *plan) lexPositive(e *edge, n int) bool {
	m := e.poly.ToMap()
	for l := 0; l <= n; l++ {
		// Instances with distances 0 at levels < l and, at level l,
		// distance < 0 (or, for l == n, nothing more: all zero).
		c := m
		for k := 0; k < l; k++ {
			c = c.AddConstraint(p.distanceRow(e, k), true)
		}
		if l < n {
			r := p.distanceRow(e, l)
			neg := make([]int64, len(r))
			for i, v := range r {
				neg[i] = -v
			}
			neg[len(neg)-1]--
			c = c.AddConstraint(neg, false)
		}
		if !p.isEmpty(c) {
			return false
		}
	}
	return true
}

// initialCuts applies the fusion policy before the first band.
func (p *plan) initialCuts() error {
	switch p.cfg.Fuse {
	case FuseNo:
		p.cut(p.edges, true)
	case FuseSmart:
		comps := p.components(p.edges)
		dims := map[int]bool{}
		for _, c := range comps {
			for _, si := range c {
				dims[p.stmts[si].n] = true
			}
		}
		if len(dims) > 1 {
			p.cut(p.edges, true)
		}
	}
	return nil
}

// cut adds a scalar level ordering the strongly connected components of the
// graph of the given edges topologically; it reports false when there is only one
// component. With all, statements with no edge between them are separated
// too.
func (p *plan) cut(edges []*edge, all bool) bool {
	comps := p.components(edges)
	if len(comps) < 2 {
		return false
	}
	_ = all
	// A cut that separates no edge's endpoints satisfies nothing: no
	// progress.
	compOf := map[int]int{}
	for ci, c := range comps {
		for _, si := range c {
			compOf[si] = ci
		}
	}
	progress := false
	for _, e := range edges {
		if compOf[e.src] != compOf[e.dst] {
			progress = true
		}
	}
	if !progress && !all {
		return false
	}
	pos := make([]int64, len(p.stmts))
	for ci, c := range comps {
		for _, si := range c {
			pos[si] = int64(ci)
		}
	}
	rows := make([][]int64, len(p.stmts))
	for si, s := range p.stmts {
		r := make([]int64, s.n+1)
		r[s.n] = pos[si]
		rows[si] = r
	}
	p.addLevel(level{scalar: true}, rows)
	p.updateSatisfied()
	return true
}

// components returns the strongly connected components of the statements
// under the edges, in a topological order that keeps the textual order of
// statements where the edges allow it.
func (p *plan) components(edges []*edge) [][]int {
	n := len(p.stmts)
	adj := make([][]int, n)
	for _, e := range edges {
		if !slices.Contains(adj[e.src], e.dst) {
			adj[e.src] = append(adj[e.src], e.dst)
		}
	}
	return graph.SCCTopo(n, adj)
}

// withContext intersects a dependence polyhedron with the parameter
// context, for the Farkas linearization only (edge.poly keeps the
// dependence as computed).
func withContext(b presburger.BasicMap, ctx presburger.Set) presburger.BasicMap {
	m := b.ToMap().IntersectParams(ctx)
	if m.NParts() != 1 {
		return b
	}
	return m.Part(0)
}

// findReversed retries a failed hyperplane search with negative
// coefficients on one original loop: the coefficient unknowns of the
// iterators of that loop, for every statement inside it, multiply -i
// instead of i (the dir mechanism, applied to loops that run upwards, or
// back to upwards for loops that run downwards). Loops are tried from the
// innermost one out; the first loop that gives a hyperplane wins. The
// search is bounded by Config.MaxNegativeTries ILPs per schedule. run
// calls it only to extend a band that already has a row (the plain search
// would end the band: a permutable band of two or more rows is missed);
// at the start of a band the plain algorithm cuts between components
// instead: fusing through a reversed loop there gives bands of one loop
// where the cut gives bands of two.
func (p *plan) findReversed(valid, bound []*edge) ([][]int64, error) {
	if p.scop == nil {
		return nil, errNoHyperplane
	}
	for li := len(p.scop.Loops) - 1; li >= 0; li-- {
		if p.negTries >= p.cfg.maxNegativeTries() {
			return nil, errNoHyperplane
		}
		var flipped []*stmt
		var at []int
		for _, s := range p.stmts {
			for j, l := range s.st.Loops {
				if l == li && j < s.n {
					flipped = append(flipped, s)
					at = append(at, j)
				}
			}
		}
		if len(flipped) == 0 {
			continue
		}
		// Only loops whose statements still need rows can get one.
		need := false
		for _, s := range flipped {
			if s.rank(p.levels) < s.n {
				need = true
			}
		}
		if !need {
			continue
		}
		p.negTries++
		for i, s := range flipped {
			s.dir[at[i]] = -s.dir[at[i]]
		}
		rows, err := p.findHyperplane(valid, bound, nil)
		for i, s := range flipped {
			s.dir[at[i]] = -s.dir[at[i]]
		}
		if err == nil {
			p.negNotes = append(p.negNotes, fmt.Sprintf("level %d: no hyperplane with the original loop directions; loop %s reversed gives %v", len(p.levels), p.scop.Loops[li].CIter, rows))
			return rows, nil
		}
		if !errors.Is(err, errNoHyperplane) {
			return nil, err
		}
	}
	return nil, errNoHyperplane
}

// findPerGroup extends the band group by group when no hyperplane exists
// for all statements at once: the statements joined by no edge of the
// band (weakly connected components of valid) are scheduled independently
// within it, so that a group with no further hyperplane (a back
// substitution whose x[j] and w close a cycle through a downward loop)
// does not end the band of another (an LU nest beside it, which then
// keeps a three-deep tilable band). A group that finds a row takes it; the others
// take the zero row, a constant member of their band (distance 0 on each
// of their edges: valid, and no edge joins two groups). It fails when no
// group that still needs rows finds one.
func (p *plan) findPerGroup(valid, bound []*edge) ([][]int64, error) {
	n := len(p.stmts)
	parent := make([]int, n)
	for i := range parent {
		parent[i] = i
	}
	var find func(int) int
	find = func(i int) int {
		for parent[i] != i {
			parent[i] = parent[parent[i]]
			i = parent[i]
		}
		return i
	}
	for _, e := range valid {
		parent[find(e.src)] = find(e.dst)
	}
	groups := map[int][]int{}
	var roots []int
	for si := range p.stmts {
		r := find(si)
		if _, ok := groups[r]; !ok {
			roots = append(roots, r)
		}
		groups[r] = append(groups[r], si)
	}
	if len(roots) < 2 {
		return nil, errNoHyperplane
	}
	rows := make([][]int64, n)
	for si, s := range p.stmts {
		rows[si] = make([]int64, s.n+1)
	}
	var found []string
	for _, r := range roots {
		g := groups[r]
		need := false
		only := map[int]bool{}
		for _, si := range g {
			only[si] = true
			if p.stmts[si].rank(p.levels) < p.stmts[si].n {
				need = true
			}
		}
		if !need {
			continue
		}
		var gv, gb []*edge
		for _, e := range valid {
			if only[e.src] {
				gv = append(gv, e)
			}
		}
		for _, e := range bound {
			if only[e.src] {
				gb = append(gb, e)
			}
		}
		gr, err := p.findHyperplane(gv, gb, only)
		if errors.Is(err, errNoHyperplane) {
			continue
		}
		if err != nil {
			return nil, err
		}
		for _, si := range g {
			rows[si] = gr[si]
		}
		names := make([]string, len(g))
		for k, si := range g {
			names[k] = p.stmts[si].st.Name
		}
		found = append(found, strings.Join(names, ", "))
	}
	if len(found) == 0 {
		return nil, errNoHyperplane
	}
	p.negNotes = append(p.negNotes, fmt.Sprintf("level %d: no hyperplane for all statements of the band; the groups joined by none of its dependences continue it alone: {%s}", len(p.levels), strings.Join(found, "}, {")))
	return rows, nil
}
