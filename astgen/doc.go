// Package astgen turns a schedule (a schedule tree of package schedule, or a
// flat schedule relation) into an AST of package ast: loops, conditions,
// blocks, marks and statement calls that visit every statement instance of
// the iteration domain exactly once, in the lexicographic order of the time
// vectors the schedule gives them.
//
// It follows Grosser, Verdoolaege and Cohen, "Polyhedral AST Generation Is
// More Than Scanning Polyhedra" (ACM TOPLAS 37(4), 2015), sections 4 to 6;
// the algorithmic core descends from Quilleré, Rajopadhye and Wilde (2000)
// and Bastoul (CLooG, 2004). The code is our own; the narrative comments of
// the functions cite the paper's sections.
//
// # What it takes and gives
//
//	Generate(tree schedule.Tree, cfg Config) (ast.Node, error)
//	FromScheduleMap(schedule UnionMap, context Set, opts Options, cfg Config) (ast.Node, error)
//	DomainInfo.Expr(f Map) ([]ast.Expr, error): AST expressions of a
//	piecewise quasi-affine function at a statement call, simplified in
//	the context of the generated code.
//	ParseFlatInput(src string) (FlatInput, error): isl's codegen input
//	format (context, schedule, options), shared by the suite tests and
//	the tessera codegen command.
//
// The context of FromScheduleMap is an assumption on the parameters; a
// disjunctive one (M >= 1 or M <= -1) is replaced by its simple hull, so
// that it does not split every loop into one copy per disjunct (the code
// is correct on the hull, hence on the context); the slices of an
// unrolled dim are still counted under the exact context, which may bound
// them where the hull does not.
//
// The iterator of schedule dim k is named ck, or ck_0, ck_1, ... when ck
// is a parameter, a statement or a name of Config.Reserved: a generated
// name never captures a name of the input.
//
// # The executed relation
//
// The central object is the executed relation (isl: "executed"), the
// inverse of the schedule: it maps a schedule vector [c0, ..., c(n-1)] to
// the statement instances executed at that time. It is kept per statement
// (one presburger.Map per statement space, the union being a UnionMap).
// For a schedule tree the schedule space grows while descending: a Band
// appends its members as new dimensions, a Sequence generates each Filter
// child with the executed relation restricted to the filter, one after the
// other.
//
// # The recursion (section 5.1)
//
// generateNextLevel(executed, build) handles one schedule dimension (the
// "depth" of the build):
//
//  1. if depth equals the number of schedule dims, the inner level is
//     reached: the tree continues with the child of the band, or for a
//     leaf every statement gets a User node; a statement whose instance is
//     not a function of the schedule vector (non single valued) gets extra
//     levels scanning its instance tuple; an instance dim is read from
//     the equalities, or from two inequalities pinning it to one integer
//     (0 <= e - a*i < a gives i = floor(e/a), after projecting the other
//     unknown instance dims: the digits of c = i + 4j + 12k);
//  2. otherwise the statements are split into components (section 5.7):
//     the graph "some instance of i is scheduled after some instance of
//     j for equal outer dims" is built with exact Presburger tests and its
//     strongly connected components are generated one after the other in
//     topological order; when every statement has a fixed value at the
//     dim (the scalar dims of a 2d+1 schedule) the values order them and
//     only statements of equal value are tested pairwise;
//  3. per component, shifted strides are detected (section 5.8): when each
//     statement is strided with stride s but with different offsets, a new
//     dimension holding the offset is inserted after the current one,
//     the offsets taken relative to the statement that starts first (the
//     smallest minimum of the dim), so that the first group of the
//     shifted loop is a full one; the sets over the schedule dims (the
//     generated constraints, the isolated set, the domains of partial
//     options) follow into the new space, where the old dim is the sum of
//     the two new ones;
//  4. the schedule domain is projected on the dims up to depth (exact
//     projection) and the existential variables and the floor divisions
//     that involve the current dimension are removed by Fourier-Motzkin
//     elimination (section 5.2, fm.go): an over-approximation used only
//     for the bounds; exactness is restored by guards deeper down. The
//     variables are eliminated cheapest first (equalities, then the
//     fewest new rows), rows are combined by the lcm of their pivots and
//     exactly beyond int64 (math/big, then divided by the row's gcd; a
//     row still out of range is dropped, a relaxation that the bounds
//     and emptiness proofs allow), and of parallel rows only the tightest is kept,
//     so that a tile dim bounded only through floor divisions (the
//     time-skewed tiles of stencils) keeps its bounds;
//  5. with an isolated set (section 5.6) the domain is cut into the part
//     before, the isolated part, and the rest (after it, or beside it
//     where no isolated point shares the outer dims: the two never
//     interleave, and generated together the last partial strip is one
//     loop whether or not full strips exist), each generated with its
//     own options;
//  6. the domain is turned into a sorted list of single-conjunction sets
//     (Algorithm 2): atomic takes the shared constraints (simple hull),
//     separate splits the domain of each statement into disjoint pieces and
//     computes their common refinement, default makes the domain disjoint,
//     unroll slices it by the lower bound with the fewest slices
//     (section 5.5);
//  7. each piece becomes a loop (Algorithm 3, "create"): stride detection
//     (section 5.3.1, Bézout combination of several strides; when the
//     domain is one conjunction with divisions of divisions, where
//     c = 5 mod 6 shows only by combining equalities, the engine's stride
//     detection is asked too),
//     lower and
//     upper bounds (ceil/floor of each bound constraint, a lower bound
//     moved to the stride's residue class), a degenerate loop when the
//     dimension has a single value for every outer point (the value is
//     substituted: no loop is emitted), and recursion on the next level.
//     A single value is read from an equality, from the largest lower
//     bound (also under the guard the loop will get), or, when the
//     domain has local variables, from the integer affine hull of the
//     exact domain (exactSingleValue: 3*floor(i/2)-like schedules whose
//     rational bounds lose the equality);
//  8. a last pass (tidy.go) merges consecutive conditions with the same
//     test into one.
//
// # Stock: generated and pending constraints (sections 4.2, 5.3.2, 5.9)
//
// The build carries the generated constraints (those the enclosing AST
// enforces or assumes: loop bounds, strides, emitted guards, substituted
// values, and the pending constraints of the enclosing pieces). A piece's
// constraints that do not involve the current dim are pending: the body
// is generated assuming them, and on the way back up they become the if
// around the loop unless implied by the generated constraints or by what
// the loop enforces. Every node the generator creates records its
// enforced set (isl's annotated AST, the "graft"): the schedule points
// outside of which it executes nothing, computed from what the code
// checks (loop bounds, guards), never from assumptions. For example the
// inner loop "for (c1 = 0; c1 < n; c1++)" enforces n >= 1, so no guard
// n >= 1 is emitted around the outer loop (example 5.6). For a degenerate
// dim (a position in a sequence) the nodes of the bands below it, built
// over more schedule dims, count with their enforced sets projected on
// the outer dims.
//
// Exactness does not rest on these approximations: every statement call is
// guarded by the gist of its exact schedule domain with respect to all
// enclosing constraints (existentials are first turned into known floor
// divisions), so the code is exact whatever approximation was made above.
//
// # Decomposition (sections 5.4, 5.5)
//
// The per-dim option decides how the schedule domain at the current depth
// becomes single-conjunction pieces: atomic takes the constraints shared
// by all parts (a simple hull; when it lacks a bound, the bound is the
// min/max over the parts, example 5.8); separate computes the common
// refinement of the statements' domains, each taken with isl's explicit
// separation bounds (explicitBoundsOf: the later dims and the statement
// dims are substituted away through equalities and every other constraint
// on them is dropped, not projected, after removing redundant constraints):
// a parameter condition under which only an inner loop is empty does not
// split the domain, the inner loop enforces it; a piece left without a
// bound of the dim takes it from the exact domain when that is one
// conjunction (completeBounds), else from the min/max over its parts, and
// with no upper bound at all the loop condition is 1 (isl's infinite
// loop; a missing lower bound is an error); the default coalesces the parts
// of each statement (two parts merge when their union is exactly their
// shared constraints, possibly with the parameter constraints each part
// implies: [0, n - 1] and [1, n] merge into [0, n] with n >= 1), then
// coalesces the union of all statements the same way (as isl coalesces
// the whole schedule domain: one loop with guards inside rather than a
// sequence of loops) and makes it disjoint, or generates a single loop
// when the parts differ only on outer dims (isl's pure outer
// disjunction). Pieces are sorted so that, for equal outer dims, all the
// points of one piece precede those of the next; pieces that interleave
// are merged. Unrolling picks the lower bound with the fewest slices
// (counted exactly by emptiness tests, shifting a candidate down when it
// is not a bound of every part) and emits each slice with the dim
// substituted and its own guard. When no lower bound gives a bounded
// number of slices (the trip count grows with a parameter) a loop is
// generated instead (isl fails there).
//
// # Engine tests and budgets
//
// Every decision is an exact emptiness or inclusion test of package
// presburger. When the engine gives up on one (its step budget or the
// int64 range exceeded) the generator takes the answer that is safe at
// that place: a set that may be non-empty is treated as non-empty, an
// inclusion that may not hold as not holding, which costs code size or
// guards, never correctness. After a few give-ups the optional
// simplifications (pruning of dominated bounds, residues of divisions,
// rewriting of conditions) are no longer attempted. Implications are
// first tried by a rational Fourier-Motzkin proof (rational.go) that
// needs no integer solver; the pruning of dominated bounds skips the
// exact test when the context has more than maxExactLocals local
// variables (one test could take seconds on multi-level tiles), and the
// points of a context that refuted one comparison of bounds are kept for
// the whole generation and refute later ones without the engine
// (witnessesFor).
//
// Within one generation the answers of emptiness, inclusion, implication,
// sampling and residue queries are memoized (memo.go) under a key that
// encodes the sets' internal representation in full; a hit replays the
// decision count and give-ups of the original computation, so the output
// and the budget behaviour are those of the uncached run. Cheap exact
// pre-tests answer before the engine where they can: a constraint of
// every part of the context with the same coefficients and a looser
// constant implies e >= 0 (plainImplies; gist tries it on the context
// before intersecting it with the other constraints), a neighbouring
// point of the sample with another residue shows that a division has no
// fixed residue (otherResidueNear), and the exact residue test is one
// emptiness test of "(num - r) mod den >= 1" rather than an inclusion in
// an existentially quantified set. Cheap tests come before the costly
// exact ones, with the same answers: piece sorting first tests a pair on
// the pieces' bounds (no local variables; empty there means empty); the
// component graph decides a scalar dim (a constant of both statements)
// from the constants; a degenerate dim on the exact domain is refuted by
// two values at the outer values of a few sample points, then by the
// pair test (on one-part domains too), before the affine hull is
// computed; a statement guard on
// one conjunction with known divisions is decided by implying each of
// its constraints rather than by subtraction; coalescing tests whether
// the shared constraints lie in the union of two conjunctions by one
// small emptiness test per pair of negated constraints, after looking
// for a sample point of the shared constraints outside both; an inclusion
// a ⊆ b is refuted by a sample point of a outside b before b is
// subtracted from a (isSubset); the gist of a guard first asks whether
// the context alone implies a constraint (one memoized question shared by
// the gists of all the parts in that context) and whether a point of the
// context violates it while satisfying the other kept constraints, before
// the test of the context with the other constraints. Pre-tests count
// no decision (quickEmpty); one that decides counts the decision it
// replaces, so that the budget behaviour stays that of the exact tests.
//
// Expressions that decide whether code runs (loop bounds, guards) are
// simplified only with the constraints the enclosing code actually checks;
// the arguments of calls may use the pending assumptions too, since those
// hold whenever a statement executes.
//
// # What comes from elsewhere, and what stays here
//
// Moving sets between schedule spaces (inserting, dropping, permuting
// dims) is presburger's Remap; the strongly connected components of the
// component step are internal/graph's SCCTopo; the checked arithmetic is
// presburger/ints, whose overflow panic the exported entry points return
// as ErrOverflow (catch, errors.go). A panic reaches the caller only when
// it is neither the generator's own unwinding (genError) nor an engine
// error: that is a bug.
//
// The generator keeps its own quasi-affine form (aff.go: an expression
// over the columns of the schedule space, floor divisions nested as terms)
// and the rational Fourier-Motzkin elimination on it that gives loop
// bounds (fm.go, hull.go, rational.go). The engine's rational projection
// (presburger/internal/sys) computes a different object: the exact real
// shadow of a system, pruned by Chernikov's rule and a redundancy test,
// under a step budget that fails the query. The generator's elimination is
// an over-approximation by design: divisions that do not involve an
// eliminated variable stay opaque terms, rows that leave int64 or exceed
// a row limit are dropped instead of failing, and of parallel rows only
// the tightest is kept. Its rows become the bounds of the generated loops,
// so exchanging one elimination for the other changes the generated code.
//
// # Expressions (section 5.10)
//
// Bounds and guards are affine or quasi-affine (floor divisions of affine
// forms). They become ast expressions: a lower bound ceil(-h/v) is
// floord(-h + v - 1, v) unless v is 1, several bounds give max/min, a
// floor division whose argument is known non-negative becomes a plain
// division, and a constraint e - m*floor(e/m) = 0 becomes e % m == 0.
// Expressions are simplified in their context (the generated constraints).
//
// # Options
//
// Config holds hooks and knobs; its zero value works:
//
//	AtEachDomain(u *ast.User, info DomainInfo) ast.Node  (isl: at_each_domain);
//	        info.Expr(f) builds the AST expressions of a piecewise
//	        quasi-affine function of the instance (an access A[i + 1])
//	        in terms of the iterators, simplified in context
//	AtEachFor(f *ast.For, info ForInfo)                  (isl: after_each_for)
//	Budget: bound on the number of Presburger decisions; exceeding it
//	        returns ErrBudget, never an endless loop.
//	Cancel: a channel whose closing stops the generation (a region's
//	        time limit): Generate and FromScheduleMap return
//	        ErrCancelled at the next decision or level of the
//	        recursion (tick), and the emptiness and sampling queries in
//	        progress stop at the engine's next budget check
//	        (presburger.Query). A cancelled query is not a give-up: the
//	        generator does not take the safe answer and go on.
//
// Per band member options come from the schedule tree (schedule.ASTOption,
// Band.Isolate with Band.IsolateOptions); FromScheduleMap takes them in
// Options (one option per schedule dim and an isolated set with its own
// options), as isl's flat AST build options do. Options.Partial holds
// options restricted to part of the schedule (isl's options map with a
// domain, { [c0, c1] -> unroll[1] : c0 >= 2 }): at that dim the schedule
// domain is split into its atomic, unroll and separate parts and the
// rest, generated one after the other along the dim, each with its own
// option (partial.go); parts that interleave along the dim fall back to
// the dim's whole option.
//
// # Limitations
//
// Schedule dims without a lower or upper bound are an error (isl would
// generate an infinite loop); Expansion nodes are inlined first
// (schedule.Tree.InlineExpansions: the instances a group stands for get
// its schedule), so Generate fails where that does; Extension nodes must
// map all the outer schedule dims; the isolate option applies to the band
// that carries it.
// Loop bounds come from a rational projection and may iterate a few more
// times than needed (the calls stay exact thanks to their guards).
//
// # Comparison with isl
//
// islref_test.go builds testdata/islref/islref.c (a driver linking libisl
// that reads the inputs of `tessera codegen`) with gcc when libisl is
// installed, runs both generators on the golden examples, the tree and
// flat oracle cases, the tiled stencils and seeded random schedules,
// checks with gcc-compiled traces that both visit the same instances in
// the same order, and reports lines, statement copies, loops, ifs and
// generation times (ASTGEN_ISLREF=N for N random inputs and the whole
// set; ASTGEN_ISLREF_SHOW=name,... prints both codes).
//
// # The suite
//
// testdata/suite holds inputs of `tessera codegen` written in the style
// of the CLooG, Omega and isl code generation tests (cloog/: triangles,
// unions, equalities, strides, modulos, existentials, parametric min/max,
// empty, single-point and 0-d statements, ties; omega/: wak-like ranges,
// index set splits; tiled/: constant tiles, skewed tiles, wavefronts;
// options/: unroll, separate, atomic, isolate, partial options; hand/:
// many statements, shifted strides, contexts; stress/: seeded random
// faber-like inputs). TestSuite (suite_test.go) checks each with the
// interpreter against brute-force enumeration for several parameter
// values, and bounds the lines of the code where an input states
// "# maxlines: N" (size regressions); TestSuiteIslRef (ASTGEN_ISLREF set, libisl installed) compares
// traces, sizes and times with isl and prints the table and totals:
//
//	ASTGEN_ISLREF=1 go test ./astgen -run TestSuiteIslRef -v
//	ASTGEN_ISLREF_DIR=dir   adds the *.in/*.st inputs of dir (and of its
//	                        subdirectories) to both tests
//
// The parameter values compared are those of the range that satisfy the
// context; with many parameters the range is sampled, and when none of it
// satisfies the context (n >= 30, equalities between parameters) points
// of the context itself are taken (contextPoints).
//
// # Glossary to isl
//
//	executed            isl's executed (inverse schedule) in isl_ast_codegen.c
//	build               isl_ast_build (depth, generated, pending, strides)
//	generateNextLevel   generate_next_level
//	components          generate_components (isl_tarjan: internal/graph.SCCTopo)
//	createFor           create_node / create_for
//	shiftedComponent    generate_component / generate_shift_component
//	emitAt              a degenerate loop eliminated by substitution
//	g.enf               the enforced constraints of isl_ast_graft
//	Generate            isl_ast_build_node_from_schedule
//	FromScheduleMap     isl_ast_build_node_from_schedule_map
package astgen
