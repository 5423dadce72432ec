package astgen

import (
	"errors"
	"slices"
	"sort"

	"github.com/tessera-opt/tessera/ast"
	"github.com/tessera-opt/tessera/internal/graph"
	"github.com/tessera-opt/tessera/presburger"
	"github.com/tessera-opt/tessera/schedule"
)

// DefaultBudget is the number of Presburger decisions (emptiness tests)
// a generation may make when Config.Budget is 0.
const DefaultBudget = 2_000_000

// Config configures a generation. Its zero value works.
type Config struct {
	// AtEachDomain, when non-nil, is called for every statement call the
	// generator creates (isl's at_each_domain); the node it returns
	// replaces the call (returning u itself keeps it).
	AtEachDomain func(u *ast.User, info DomainInfo) ast.Node
	// AtEachFor, when non-nil, is called for every loop the generator
	// creates, after its body is complete (isl's after_each_for); it may
	// annotate the loop.
	AtEachFor func(f *ast.For, info ForInfo)
	// Budget bounds the number of Presburger decisions; 0 means
	// DefaultBudget, a negative value means no bound.
	Budget int64
	// Reserved lists names the generated iterators must not take, in
	// addition to the parameters and the statement names, which they
	// never take (names of the code the AST is placed in).
	Reserved []string
	// Cancel, when closed, stops the generation: Generate and
	// FromScheduleMap return ErrCancelled at the next Presburger
	// decision or level of the recursion, and the engine's emptiness
	// and sampling queries in progress stop at their next budget check
	// (presburger.Query). nil: never.
	Cancel <-chan struct{}
}

// DomainInfo describes a statement call to Config.AtEachDomain.
type DomainInfo struct {
	// Statement is the name of the statement.
	Statement string
	// Iterators are the names of the enclosing schedule dims (c0, c1, ...)
	// and Values their values as AST expressions (an iterator name, or the
	// expression substituted for a degenerate loop).
	Iterators []string
	Values    []ast.Expr
	// Args are the statement's iterators (its instance tuple) as AST
	// expressions, the arguments of the call.
	Args []ast.Expr

	expr func(f presburger.Map) ([]ast.Expr, error)
}

// Expr returns the AST expressions of the values of f, a piecewise
// quasi-affine function of the statement instance (a map from the
// statement's space to any tuple, single valued), at the current call,
// simplified in the context of the generated code (isl's
// isl_ast_build_access_from_pw_multi_aff): an access A[i + 1] of S[i]
// scheduled at c0 = i becomes c0 + 1, and a piecewise
// { S[i] -> A[n - 1] : i = 0; S[i] -> A[i - 1] : i > 0 } becomes c0 - 1
// where i > 0 is known. Pieces that remain are combined with ?:.
func (d DomainInfo) Expr(f presburger.Map) ([]ast.Expr, error) {
	if d.expr == nil {
		return nil, errors.New("astgen: DomainInfo without a generation context")
	}
	return d.expr(f)
}

// ForInfo describes a loop to Config.AtEachFor.
type ForInfo struct {
	// Depth is the schedule dim of the loop.
	Depth int
	// Coincident reports the band member's coincident flag (parallel loop).
	Coincident bool
	// Degenerate reports a loop with a single iteration that could not be
	// replaced by a substitution.
	Degenerate bool
}

// Options are the per-dimension options of FromScheduleMap (isl's flat
// AST build options).
type Options struct {
	// Dims[k] is the option of schedule dim k (default when short).
	Dims []schedule.ASTOption
	// Isolate, when non-nil, is a set of schedule vectors (a set space of
	// as many dims as the schedule's range) to isolate, and IsolateDims
	// the options inside it.
	Isolate     *presburger.Set
	IsolateDims []schedule.ASTOption
	// Partial lists options that apply to part of the schedule only
	// (isl's options map { [c] -> separate[k] : constraints }). They act
	// outside the isolated part and take precedence over Dims there.
	Partial []PartialOption
}

// PartialOption is the option Option of schedule dim Dim restricted to
// the schedule vectors of Domain (a set space of as many dims as the
// schedule's range; constraints on dims after Dim are projected away).
// At dim Dim the schedule domain is split into the part under an atomic
// option, then an unroll one, then a separate one, and the rest (under
// Dims[Dim]), each generated with its own option; when these parts
// cannot be ordered along the dim the partial options are ignored
// there (the code is correct either way; only its shape changes).
type PartialOption struct {
	Dim    int
	Option schedule.ASTOption
	Domain presburger.Set
}

// stmt is the executed relation of one statement: m maps schedule vectors
// [c0..c(n-1)] to instances of the statement.
type stmt struct {
	name  string
	space presburger.Space // the statement's set space
	m     presburger.Map
}

// build is the state of the depth-first generation (isl_ast_build).
type build struct {
	n     int // schedule dims of the current space
	depth int // the dim to generate next
	// values[k] is the AST value of dim k < depth: its iterator, or the
	// expression substituted for a degenerate dim.
	values []ast.Expr
	// valAff[k], when non-nil, is the aff substituted for the degenerate
	// dim k (over params and the dims before k).
	valAff []*aff
	// generated holds the constraints the enclosing code enforces (over n
	// dims): loop bounds, strides, guards, substitutions.
	generated presburger.Set
	// checked holds the constraints the enclosing code actually checks
	// (loop bounds, strides and guards it emits, substitutions, the
	// context): generated without the pending assumptions. Expressions
	// that decide whether code executes (bounds, guards) are simplified in
	// checked only; whenever a statement executes, the assumptions hold,
	// so its arguments may be simplified in generated.
	checked presburger.Set
	// opts and isoOpts are the options of each dim outside and inside the
	// isolated part; coincident the band members' flags.
	opts, isoOpts []schedule.ASTOption
	coincident    []bool
	// isolate is the isolated set over the n dims, nil when none applies.
	isolate *presburger.Set
	// partial holds the partial options, their domains over the n dims.
	partial []partialOpt
	// cont is the tree node to continue with when depth == n (nil: leaf).
	cont *schedule.Node
}

func (b *build) clone() *build {
	c := *b
	c.values = slices.Clone(b.values)
	c.valAff = slices.Clone(b.valAff)
	c.opts = slices.Clone(b.opts)
	c.isoOpts = slices.Clone(b.isoOpts)
	c.coincident = slices.Clone(b.coincident)
	return &c
}

// ctrl returns the build to write control expressions (bounds, guards)
// with: its generated constraints are only those actually checked.
func (b *build) ctrl() *build {
	c := b.clone()
	c.generated = b.checked
	return c
}

func (b *build) option(d int, isolated bool) schedule.ASTOption {
	if isolated {
		if d < len(b.isoOpts) {
			return b.isoOpts[d]
		}
		return schedule.OptionDefault
	}
	if d < len(b.opts) {
		return b.opts[d]
	}
	return schedule.OptionDefault
}

// run executes f, turning the generator's internal failures and the
// engine's budget and overflow panics into errors (catch).
func run(f func() ast.Node) (n ast.Node, err error) {
	defer catch(&err)
	return tidy(f()), nil
}

func newGen(cfg Config, params []string) *gen {
	if cfg.Budget == 0 {
		cfg.Budget = DefaultBudget
	}
	g := &gen{params: params, cfg: cfg, reserved: map[string]bool{}}
	for _, names := range [][]string{params, cfg.Reserved} {
		for _, p := range names {
			g.reserved[p] = true
		}
	}
	return g
}

func mergeParams(lists ...[]string) []string {
	var out []string
	for _, l := range lists {
		for _, p := range l {
			if !slices.Contains(out, p) {
				out = append(out, p)
			}
		}
	}
	return out
}

// FromScheduleMap generates an AST visiting the domain of schedule (a
// relation from statement instances to time vectors, all of the same
// length) in the lexicographic order of the time vectors, under the
// assumption that the parameters satisfy context (which may be the zero
// Set: no assumption). Instances with equal time vectors are visited in
// the order of statement names, then of instance tuples.
// (isl_ast_build_node_from_schedule_map.)
func FromScheduleMap(sched presburger.UnionMap, context presburger.Set, opts Options, cfg Config) (ast.Node, error) {
	return run(func() ast.Node {
		maps := sched.Maps()
		var ctxParams []string
		hasCtx := context.Space().Dim(presburger.Out) == 0 && context.NParts() > 0 || context.Space().NParam() > 0
		if hasCtx {
			ctxParams = context.Space().Params()
		}
		var isoParams []string
		if opts.Isolate != nil {
			isoParams = opts.Isolate.Space().Params()
		}
		for _, po := range opts.Partial {
			isoParams = mergeParams(isoParams, po.Domain.Space().Params())
		}
		g := newGen(cfg, mergeParams(sched.Params(), ctxParams, isoParams))
		n := -1
		for _, m := range maps {
			g.reserved[m.Space().TupleName(presburger.In)] = true
			k := m.Space().Dim(presburger.Out)
			if n >= 0 && k != n {
				failf("schedule ranges of different lengths %d and %d", n, k)
			}
			n = k
		}
		if n < 0 {
			return ast.NewBlock()
		}
		var stmts []stmt
		for _, m := range maps {
			sp := m.Space()
			ssp := presburger.NewSetSpace(g.params, sp.TupleName(presburger.In), sp.DimNames(presburger.In))
			esp := g.execSpace(n, ssp)
			// Reverse: instance dims go to the output, time to the input.
			dst := make([]int, sp.NDim())
			for i := 0; i < sp.Dim(presburger.In); i++ {
				dst[sp.Offset(presburger.In)+i] = esp.Offset(presburger.Out) + i
			}
			for i := 0; i < n; i++ {
				dst[sp.Offset(presburger.Out)+i] = esp.Offset(presburger.In) + i
			}
			if len(m.Parts()) > 1 {
				// Pieces that coalesce into one are merged (as isl
				// coalesces the schedule), and overlapping pieces
				// would each scan their common instances: make the
				// rest disjoint.
				if !hasLocals(m) {
					m = m.Coalesce()
				}
				if len(m.Parts()) > 1 {
					m = m.MakeDisjoint()
				}
			}
			stmts = append(stmts, stmt{name: sp.TupleName(presburger.In), space: ssp, m: m.Remap(esp, dst)})
		}
		b := &build{n: n, generated: g.universe(n)}
		if hasCtx && context.NParts() > 1 {
			// A disjunctive context (M >= 1 or M <= -1) would split
			// every loop into one copy per disjunct. The code is
			// generated under its simple hull, a weaker assumption:
			// it is then correct on the hull, hence on the context.
			exact := context
			g.exactCtx = &exact
			context = presburger.NewSet(context.Space(), context.SimpleHull())
		}
		if hasCtx && context.NParts() > 0 {
			b.generated = b.generated.Intersect(g.paramSet(context, n))
		}
		b.checked = b.generated
		b.opts = append(slices.Clone(opts.Dims), make([]schedule.ASTOption, max(0, n-len(opts.Dims)))...)
		b.isoOpts = append(slices.Clone(opts.IsolateDims), make([]schedule.ASTOption, max(0, n-len(opts.IsolateDims)))...)
		b.coincident = make([]bool, n)
		if opts.Isolate != nil {
			if opts.Isolate.Space().Dim(presburger.Out) != n {
				failf("isolate set of %d dims for a schedule of %d", opts.Isolate.Space().Dim(presburger.Out), n)
			}
			iso := g.toSchedSet(*opts.Isolate, n, 0)
			b.isolate = &iso
		}
		for _, po := range opts.Partial {
			if po.Domain.Space().Dim(presburger.Out) != n {
				failf("option domain of %d dims for a schedule of %d", po.Domain.Space().Dim(presburger.Out), n)
			}
			if po.Dim < 0 || po.Dim >= n {
				failf("option on dim %d of a schedule of %d dims", po.Dim, n)
			}
			b.partial = append(b.partial, partialOpt{dim: po.Dim, opt: po.Option, dom: g.toSchedSet(po.Domain, n, 0)})
		}
		for i := range stmts {
			stmts[i].m = restrictExec(stmts[i].m, b.generated)
		}
		return block(g.nextLevel(stmts, b))
	})
}

// paramSet returns the parameter set p (a set with 0 dims, or any set whose
// dims are ignored) as a schedule set of n dims.
func (g *gen) paramSet(p presburger.Set, n int) presburger.Set {
	sp := p.Space()
	dst := make([]int, sp.NDim())
	for i := 0; i < sp.Dim(presburger.Out); i++ {
		dst[sp.Offset(presburger.Out)+i] = -1
	}
	return p.Remap(g.schedSpace(n), dst)
}

// toSchedSet moves the set s (whose dims, possibly a wrapped [A -> B]
// tuple, are read in order) into the schedule space of n dims, its dims
// starting at dim at.
func (g *gen) toSchedSet(s presburger.Set, n, at int) presburger.Set {
	sp := s.Space()
	tsp := g.schedSpace(n)
	dst := make([]int, sp.NDim())
	for i := 0; i < sp.Dim(presburger.Out); i++ {
		if at+i < n {
			dst[sp.Offset(presburger.Out)+i] = tsp.Offset(presburger.Out) + at + i
		} else {
			dst[sp.Offset(presburger.Out)+i] = -1
		}
	}
	return s.Remap(tsp, dst)
}

func block(nodes []ast.Node) ast.Node {
	if len(nodes) == 1 {
		return nodes[0]
	}
	return ast.NewBlock(nodes...)
}

// nextLevel generates the code for dims depth.. of the executed relation
// (isl's generate_next_level, Algorithm 1).
func (g *gen) nextLevel(stmts []stmt, b *build) []ast.Node {
	g.tick()
	var live []stmt
	for _, s := range stmts {
		if !g.isEmptyMap(s.m) {
			live = append(live, s)
		}
	}
	if len(live) == 0 {
		return nil
	}
	if b.depth >= b.n {
		return g.innerLevel(live, b)
	}
	var out []ast.Node
	for _, comp := range g.components(live, b) {
		out = append(out, g.shiftedComponent(comp, b)...)
	}
	return out
}

// innerLevel continues with the schedule tree below the current band, or
// generates the statement calls at a leaf.
func (g *gen) innerLevel(stmts []stmt, b *build) []ast.Node {
	if b.cont != nil {
		c := b.clone()
		node := b.cont
		c.cont = nil
		return g.tree(node, stmts, c)
	}
	return g.leaves(stmts, b)
}

// components splits the statements into groups that can be generated one
// after the other (section 5.7): the strongly connected components, in
// topological order, of the graph with an edge j -> i when some instance
// of i is scheduled after some instance of j for equal outer dims.
func (g *gen) components(stmts []stmt, b *build) [][]stmt {
	k := len(stmts)
	if k == 1 {
		return [][]stmt{stmts}
	}
	doms := make([]presburger.Set, k)
	for i, s := range stmts {
		doms[i] = g.execDomain(s.m)
	}
	if b.depth < b.n {
		// When every statement has a fixed value at this dim (scalar
		// dims of a 2d+1 schedule), the values order the statements:
		// only statements of equal value need the pairwise test (isl
		// sorts such domains by their values as well). This keeps
		// the quadratic number of tests to the groups of equal value.
		vals := make([]int64, k)
		fixed := true
		for i, d := range doms {
			if vals[i], fixed = d.PlainFixedVal(b.depth); !fixed {
				break
			}
		}
		if fixed && slices.Min(vals) != slices.Max(vals) {
			order := make([]int, k)
			for i := range order {
				order[i] = i
			}
			sort.SliceStable(order, func(x, y int) bool { return vals[order[x]] < vals[order[y]] })
			var out [][]stmt
			for lo := 0; lo < k; {
				hi := lo
				var grp []int
				for hi < k && vals[order[hi]] == vals[order[lo]] {
					grp = append(grp, order[hi])
					hi++
				}
				slices.Sort(grp)
				out = append(out, g.componentsOf(stmts, doms, grp, b)...)
				lo = hi
			}
			return out
		}
	}
	all := make([]int, k)
	for i := range all {
		all[i] = i
	}
	return g.componentsOf(stmts, doms, all, b)
}

// componentsOf returns the components of the statements idx (indices into
// stmts and doms) in topological order.
func (g *gen) componentsOf(stmts []stmt, doms []presburger.Set, idx []int, b *build) [][]stmt {
	k := len(idx)
	if k == 1 {
		return [][]stmt{{stmts[idx[0]]}}
	}
	// The domains placed in the first and in the second half of the
	// pair space once each (the pairs are their intersections).
	xs, ys := make([]presburger.Set, k), make([]presburger.Set, k)
	fixed := make([][]fixedVal, k)
	for i, s := range idx {
		xs[i], ys[i] = g.pairHalves(doms[s], b.n)
		fixed[i] = make([]fixedVal, b.n)
		for p := b.depth; p < b.n; p++ {
			fixed[i][p].v, fixed[i][p].ok = doms[s].PlainFixedVal(p)
		}
	}
	after := func(i, j int) bool {
		return g.pairAfterFixed(xs[i].Intersect(ys[j]), b, stmts[idx[i]].name > stmts[idx[j]].name, fixed[i], fixed[j])
	}
	adj := make([][]int, k) // j -> i when i after j
	for i := 0; i < k; i++ {
		for j := 0; j < k; j++ {
			if i != j && after(i, j) {
				adj[j] = append(adj[j], i)
			}
		}
	}
	var out [][]stmt
	for _, comp := range graph.SCCTopo(k, adj) {
		var group []stmt
		for _, i := range comp {
			group = append(group, stmts[idx[i]])
		}
		out = append(out, group)
	}
	return out
}

// fixedVal is the constant value of a schedule dim on a statement's
// domain, when every part fixes it explicitly.
type fixedVal struct {
	v  int64
	ok bool
}

// pairAfterFixed is pairAfter knowing the dims that x and y fix to
// constants (the scalar dims of 2d+1 schedules): at such a dim the test
// x_p > y_p is decided by the constants, without building and testing
// the pair set, and once x_p < y_p no later test can succeed. The answer
// is the one pairAfter gives; the decisions it saves are still counted.
func (g *gen) pairAfterFixed(pair presburger.Set, b *build, nameAfter bool, fx, fy []fixedVal) bool {
	n := b.n
	final := 0
	if b.cont != nil || nameAfter {
		final = 1
	}
	eqs := make([]aff, 0, n)
	for p := 0; p < n; p++ {
		d := newAff(g.np() + 2*n)
		d.Coef[g.np()+p] = 1
		d.Coef[g.np()+n+p] = -1
		if p < b.depth {
			eqs = append(eqs, d)
			continue
		}
		if fx[p].ok && fy[p].ok {
			switch {
			case fx[p].v == fy[p].v:
				// x_p > y_p is empty, x_p = y_p holds on every pair.
				g.tick()
				eqs = append(eqs, d)
				continue
			case fx[p].v > fy[p].v:
				// x_p > y_p holds on every pair with equal dims
				// before p.
				if !g.isEmpty(pair.Intersect(g.setOfWidth(2*n, eqs, nil))) {
					return true
				}
			}
			// No pair with equal dims before p and x_p >= y_p: every
			// later test is empty.
			for range n - p - 1 + final {
				g.tick()
			}
			return false
		}
		gt := d
		gt.C = -1
		if !g.isEmpty(pair.Intersect(g.setOfWidth(2*n, eqs, []aff{gt}))) {
			return true
		}
		eqs = append(eqs, d)
	}
	if final == 0 {
		return false
	}
	return !g.isEmpty(pair.Intersect(g.setOfWidth(2*n, eqs, nil)))
}

// pairSet returns { [x, y] : x in a, y in c } in a schedule space of 2n
// dims.
func (g *gen) pairSet(a, c presburger.Set, n int) presburger.Set {
	x, _ := g.pairHalves(a, n)
	_, y := g.pairHalves(c, n)
	return x.Intersect(y)
}

// pairHalves returns a placed in the first and in the second half of a
// schedule space of 2n dims.
func (g *gen) pairHalves(a presburger.Set, n int) (presburger.Set, presburger.Set) {
	sp := g.schedSpace(2 * n)
	dst := make([]int, a.Space().NDim())
	for i := 0; i < n; i++ {
		dst[a.Space().Offset(presburger.Out)+i] = sp.Offset(presburger.Out) + i
	}
	x := a.Remap(sp, dst)
	dst2 := make([]int, a.Space().NDim())
	for i := 0; i < n; i++ {
		dst2[a.Space().Offset(presburger.Out)+i] = sp.Offset(presburger.Out) + n + i
	}
	return x, a.Remap(sp, dst2)
}

func (g *gen) setOfWidth(n int, eqs, ineqs []aff) presburger.Set { return g.setOf(n, eqs, ineqs) }

// errUnbounded reports a schedule dim without a lower or upper bound.
var errUnbounded = errors.New("astgen: unbounded schedule dimension")
