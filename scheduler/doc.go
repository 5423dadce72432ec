// Package scheduler computes a new schedule for a SCoP: Pluto's affine
// scheduling algorithm (Bondhugula, Hartono, Ramanujam, Sadayappan, "A
// practical automatic polyhedral parallelizer and locality optimizer", PLDI
// 2008) followed by tiling and the choice of parallel loops.
//
// It takes the polyhedral model (package scop) and its memory-based
// dependences (package deps) and gives a schedule tree (package schedule)
// that the AST generator scans. Every tree it returns has been checked
// against the dependences with deps.Check, and every loop it marks
// "parallel" has been proven to carry no dependence; when a step cannot be
// proven legal it is not taken, and Result.Remarks says why.
//
// # Algorithm
//
// We find hyperplanes level by level. A hyperplane gives every statement S
// an affine function φ_S(i) = a_S·i + d_S of its iterators (non-negative
// coefficients, as Pluto). For every dependence polyhedron P_e of an edge
// S→T still to respect we require the tiling validity condition
// φ_T(t) - φ_S(s) >= 0 on P_e and, for the edges not yet strictly
// satisfied, the bounding condition u·n + w - (φ_T(t) - φ_S(s)) >= 0. Both
// are linearized with Farkas' lemma through presburger's Coefficients (the
// set of affine forms non-negative on P_e; for an edge from a statement to
// itself, the forms non-negative on its distances t - s, a dual with
// exponentially fewer facets, farkas.go), then substituted into the
// vector X of unknowns (u, w, and per statement a_S, d_S). The hyperplane
// is the lexicographic minimum of X (u first, then w, then the
// coefficients — stored in reverse iterator order so that ties prefer outer
// loops), with Pluto's non-triviality and linear independence constraints
// over the orthogonal complement of each statement's earlier hyperplanes
// (taken in the coordinates of the unknowns, where the iterator of a loop
// that runs downwards is reversed, so that a row like -j is reachable).
// The minimum is an exact integer lexmin (presburger.BasicSet.LexMinPoint).
//
// Consecutive hyperplanes found while the same edges must be respected form
// a permutable band. When no hyperplane exists, the band ends: the edges
// whose distance vector over all rows so far is lexicographically positive
// are satisfied, and a new band starts. When not even the first hyperplane
// of a band exists, we cut the dependence graph between its strongly
// connected components (a scalar level that orders them topologically).
// The fusion policy decides the initial cuts: No cuts every component,
// Smart (default) cuts when the components' dimensionalities differ, Max
// cuts only when forced.
//
// When the plain search finds no further hyperplane for a band that has
// one already, the search is retried with one original loop reversed at a
// time (innermost first): its iterator's coefficient unknowns multiply -i
// (the same dir mechanism that keeps downward loops in the search space).
// A hyperplane found so extends the band with negative coefficients, as
// in A[i][j] = A[i-1][2j] (distances (1, -j): no non-negative second
// row; (i, -j) is a permutable band). At the start of a band the plain
// cut is kept (fusing through a reversed loop gives bands of one loop
// where the cut gives bands of two). Config.NoNegative turns this off; Remarks say when it fired.
// When that fails too, the statements are split into the groups that no
// dependence of the band joins, and each group searches its own row
// (findPerGroup): a group with no further row takes a zero row (a
// constant member of its band) while the others extend the band, so a
// nest whose loops are permutable keeps its deep band beside one whose
// are not (an LU factorization beside its back substitution, whose
// downward loop closes a cycle; both sit under the same band after the
// fusion cut).
//
// Bands of three or more loops are tiled (tile loops floor(φ/T) outside
// point loops φ). Tile sizes come from a cache model (tilesize.go): per
// band, the sizes whose data footprint (per reference group of the same
// array and access direction, counted in cache lines for the last array
// dimension) fits half of the L1 data cache with the largest tile volume,
// the innermost point loop's size a multiple of a cache line of
// elements. Half of L2 is the budget instead for a band with no time
// member (no stencil) and no contraction the vector stage may pack
// (packable): factorizations and triangular products, whose
// gcc-vectorized point loops gain more from their length than from L1
// reuse. Cache sizes come from Config.Cache, by default the host's
// (internal/hostcache), element sizes from the arrays' declared types. Config.TileSizes (--tile-sizes) and
// Config.BandTileSizes (a sizes file, one line per band,
// ParseTileSizesFile) override the model. With Config.L2Tile, tiled
// bands without a parallel mark get a second level of tiles sized for
// half of L2 (a post-pass with schedule's TileBand, checked again with
// deps.Check). The remark of each tiled band says which sizes were chosen
// and why. In the parallel flow, the member whose tile loop will run in
// parallel may get a smaller size than the model's (at most half as
// small), so that its tiles, dealt to 2 threads in contiguous chunks as
// OpenMP's static schedule deals them, load the busiest thread within
// 1/16 of an even share; its extent is computed exactly from the
// domains, with the parameters' expected values and the arrays'
// constant extents (Config.ParamValues, Config.Extents; partiles.go).
// These hints size tiles only, never decide legality. The outermost tile (or point) loop whose hyperplane has zero
// distance on every edge not satisfied before its band is parallel; when
// no member of a tiled band is, the tile loops are skewed into a wavefront
// (t0 + t1, t1, ...) whose second loop is parallel.
//
// Parallel marks (tree.go): every band not nested in a parallel loop may
// get one (package omp adds a run-time cost check to those nested in a
// sequential loop). The tile loops right below the parallel one that are
// parallel too get "collapse" marks (verifyCollapse proves them), so that
// a parallel tile loop with one or two tiles (conv2d's images) still feeds
// every thread. A band is tiled only when tileReuse finds reuse that the
// original order misses (an access invariant along a band loop while the
// loops inside it sweep two of its subscripts; window loops such as a
// filter's r in in[h + r] do not count): depthwise convolution and
// max-pooling have none. Point loops are reordered for contiguous
// accesses, the move of a member solved with the statement's other rows
// held fixed (fullRows), also when the band is nested in deeper loops.
//
// # Privatization and late parallelism detection
//
// Scalars written and read inside one iteration of a loop (the state of
// a recursive filter, a temporary sum) make every loop around them carry
// dependences. The hyperplanes are found with those dependences (the
// schedule itself never relies on privatization); only the choice of the
// parallel loop is revisited on the final schedule, as Polygeist's late
// parallelization does: when no member of a band is parallel,
// tryPrivatize (private.go) takes the members outermost first and accepts
// one whose only non-zero-distance edges go through written scalars that
// prove accepts. prove works on value-based flow dependences (computed
// once, deps.Config{Dataflow: true}) and the group's flat schedule up to
// the loop: no value flows into or out of the loop, every flow inside
// stays within one iteration (equal flat prefix), and every read has a
// source. Scalars declared in the region become private(x); scalars
// declared outside need every iteration of the loop to write them and
// become lastprivate(x), so their final value is the sequential one.
// Result.Private lists them per parallel loop (package omp prints the
// clauses). verifyParallel proves the privatization again on the final
// flat schedule before ignoring the scalar's dependences. When a
// privatization is refused, the band's remark says "no privatization
// (loop k: cannot privatize x: <dependence>)". Config.NoPrivatize turns
// it off. The pipeline's self-check replays the sequential order of the
// schedule, which privatization does not change, so it still validates
// every instance and dependence.
//
// # Reductions
//
// With Config.Reductions, when neither the plain check nor privatization
// makes any member of a band parallel, reduceAt (reduce.go) accepts a
// member whose non-zero-distance edges all go from one statement S to
// itself through one array x, when proveReduction shows that S is an
// update with an associative and commutative operator (x += e, x *= e,
// x = x + e, x = x * e; the operator is read from the statement's syntax),
// that S reads and writes x only through the updated element, that no
// other statement of the loop touches x, and that the element is the same
// for all instances with equal flat dims before the loop. The record goes
// into Result.Private (Reductions); package omp prints
// reduction(op:x) or reduction(op:x[e:1]...) with a run-time cost check,
// and verifyParallel proves the reduction again before ignoring S's
// self-dependences on x. Reordering the updates changes floating-point
// rounding, so outputs agree within a tolerance, not exactly; the
// pipeline's self-check replays the sequential schedule (all dependences,
// the reduction's included, hold there), so it still checks every
// instance. Without Config.Reductions the band's remark says which loop a
// reduction would make parallel. Constant rows (no loop) are never chosen
// as parallel members.
//
// # Budget
//
// The number of levels is bounded by the statements' dimensions plus the
// number of statements, coefficients by Config.MaxCoeff, each integer
// program by the engine's budget (its exact simplex-based branch and
// bound, whose tableau continues in math/big when a value leaves int64:
// there is no second solver), the reversed-loop retries by
// Config.MaxNegativeTries, and
// the number of integer programs of one schedule by Config.MaxILPs
// (default 400; the suite needs at most a few dozen). A search that runs
// over MaxILPs is redone once with the simpler search (FuseNo, no
// negative coefficients) and Result.Warnings says so; when that runs
// over too, or a step runs over the engine's budget, Schedule returns an
// error (*BudgetError for the former) and the caller keeps the original
// schedule. Config.Cancel stops the search from outside (ErrCancelled):
// it is checked before each Farkas dual and integer program, and inside
// them (the engine's queries run through a presburger.Query with the
// channel and check it every few hundred solver steps).
//
// Errors: the search unwinds with panics (the engine's *presburger.Error,
// the package's overflow value); one deferred guard at the package's
// boundaries (Schedule, the integer program solver) turns them into
// errors, and lets any other panic, a bug, go on.
//
// Glossary: isl's isl_schedule_constraints_compute_schedule does the same
// job with a different objective; Pluto's "satisfied" dependences are our
// satisfied edges; "coincident" band members are parallel ones.
package scheduler
