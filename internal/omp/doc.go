// Package omp turns what the scheduler proved about parallel loops into
// what the emitter prints: the data-sharing clauses of a "parallel" mark
// (private and lastprivate scalars, from scheduler.Result.Private) and the
// placement of the mark on a loop the emitter can annotate.
//
// It takes the generated AST (package ast) and the scheduler's result and
// gives an emit.Config.Clauses callback and an AST whose "parallel" marks
// sit directly on their loops. The clauses are typed values
// (emit.Clauses: the private and lastprivate scalars, collapse, schedule,
// the reductions' elements, the if condition), which the emitter prints
// and the lowering passes read (package outline); omp prints no clause
// text itself, and sits above emit among the lowering packages for that.
//
// # Invariants
//
// A statement is under at most one parallel loop (the scheduler marks no
// band below a parallel one), so the statements called in a loop's body
// identify the scheduler's record for it. Moving a mark
// below an if without else does not change what runs: the condition is
// evaluated once, and the loop under it is the loop the mark was proven
// for.
//
// # Reductions and the cost check
//
// A reduction record (scheduler.Reduction) becomes reduction(op:x) for a
// scalar and reduction(op:x[e1:1][e2:1]) for an array element, whose
// subscripts are the statement's, with its iterators replaced by the
// arguments of its call in the loop; when a subscript would use the
// loop's iterator or an inner one, the mark is renamed so that the loop
// stays sequential (never a parallel loop without its clause). A
// reduction loop with a straight-line body also gets if(trip >= 4096)
// (ReductionMinTrip): below that, thread start-up costs more than the
// loop.
//
// # Collapse and balance
//
// The scheduler puts a "collapse" mark on each tile loop right below the
// parallel one that is parallel too (proven by its verifyCollapse);
// collapseLoops turns the chain into collapse(n) when the loops are
// rectangular and perfectly nested once the loop-invariant declarations
// between them move inward (conv2d: the image tile loop alone has one
// iteration at NB=8), and the marks are removed. A parallel loop that
// contains a loop whose trip count depends on the parallel iterator
// (imbalanced, a numeric probe of the bounds) gets schedule(static,1):
// the rows of a triangle alternate between threads. A parallel mark
// whose loop the AST generator split into pieces (a wavefront's tile
// loop of a factorization) goes onto every piece's outermost coincident
// loop (ast.For.Parallel), unless a privatization record owns the piece.
//
// # The cost check: when a parallel loop runs in parallel
//
// Annotate returns one note per decision (--explain); Config.NoCost turns
// the decisions off (tests that must run the parallel code on small
// sizes). In order (work.go, cost.go):
//
//   - The region: the work of every statement in the original loops
//     (trip counts multiplied, a trip count depending on an enclosing
//     iterator taken at the larger of its values at that iterator's
//     bounds) is compared with MinOuterWork (2^21 instances, the cost of
//     starting the threads). All constants below it: the region gets no
//     OpenMP region at all. Depending on names: two versions of the
//     region, "if (W1 >= T || W2 >= T ...) parallel else the same code
//     without marks"; when the sizes are macros (the benchmark kernels at
//     every dataset) the C compiler folds the test, and a function whose
//     OpenMP region is dead at compile time compiles as without it.
//   - Streaming loops: a parallel loop all of whose statements have no
//     more loops than the rank of an array they access (a matrix-vector
//     product, the scaling of a matrix) touches each element once: its
//     time is the memory bandwidth, which the cores share, so it stays
//     sequential. The test looks through
//     the vector stage's parts of a statement; Streams gives the same
//     answer on the model, before any AST exists.
//   - Each remaining parallel loop: its estimated statement instances
//     (trip counts multiplied, ceil(span / step) for a loop with a
//     constant step, inner iterators at their lower bounds, each factor
//     capped at workCap = 2^31, whose C type is long so that the product
//     of two capped factors cannot overflow) against MinOuterWork for a
//     loop that no sequential loop encloses and MinParallelWork (2^18) for
//     one nested in a sequential loop (a fork and a join at every
//     iteration of the enclosing loop). A constant below the threshold
//     drops the mark, an expression gives two versions of the loop. A
//     nested loop with two loop levels inside (a tile's point loops) is
//     taken to be worth it. Any other loop whose work cannot be estimated
//     (an estimate longer than a line, a loop that is not canonical) is
//     taken to be worth it when it forks once, and stays sequential when
//     it would fork at every iteration of an enclosing loop: a sequential
//     loop of the region, or a loop of the source around the region
//     (Config.InLoop).
//
// The derivation of the constants and the measurements behind these
// rules are in docs/OMPCOST.md.
//
// # Parallel regions around sequential loops
//
// A sequential loop that runs parallel loops (a time loop, the wavefront
// loop of a tiled stencil, the outer loop of a factorization) would fork
// and join the threads at every iteration for each of them. After the
// decisions above, hoistRegions (region.go) puts one parallel region
// around the outermost such loop instead: every thread of the team runs
// the sequential loop and its declarations (loop-invariant constants of
// the parameters and iterators, the same in every thread, private since
// they are declared inside the region), each parallel loop becomes a
// worksharing loop (#pragma omp for; its implicit barrier keeps the order
// of the iterations), and each run of other statements between them runs
// in one thread under #pragma omp single, whose barrier keeps the order
// too (emit.RegionMark, emit.SingleMark; emit prints a "parallel" mark
// under a region mark as "omp for"). The clauses of the loops keep their
// meaning inside the region (private, lastprivate and reductions name
// variables declared outside it, which are shared there); an if clause,
// which a worksharing loop cannot have, becomes two versions, "if (c)
// the worksharing loop else the loop in one thread", which every thread
// decides alike.
//
// The rule (decided on the AST, not per program):
//
//   - every node of the loop's body outside its parallel loops is a
//     declaration, a loop, an if, a mark that holds no parallel loop, or
//     a statement of the model (a node of another pass keeps the loop
//     as it is: its text may declare storage or hold a preprocessor line),
//     and every parallel loop is canonical;
//   - the single constructs (one per run of statements) are at most as
//     many as the parallel loops: a fork-join costs about two barriers,
//     a worksharing loop or a single construct one. A loop inside the
//     hoisted one whose body needs a single construct keeps the hoist
//     off (a barrier at each of its iterations where the original had
//     none). The versions of a parallel loop on its work count as the
//     parallel loop when their condition does not change with the
//     sequential loop's iterations;
//   - the sequential loop's trip count times its parallel loops is not a
//     constant below RegionMinForks (a symbolic trip count is taken to
//     be above it).
//
// When every parallel loop of the region runs under a condition that
// does not change with the sequential loop's iterations (the two
// versions of the cost check), the region itself gets two versions on
// their disjunction, decided once outside: the region, or the loop as
// plain code without parallel loops. Config.NoRegions turns hoisting off.
//
// # Self-check
//
// The pipeline's self-check interprets the AST sequentially: privatized
// scalars and reductions do not change that order, so it still validates
// every instance and dependence; what it cannot see (private copies, the
// reordered partial sums) is what the scheduler proves (private.go,
// reduce.go) and the gcc tests of this package check by running the code
// with two threads.
//
// Glossary: OpenMP private/lastprivate are PPCG's and Polly's privatized
// scalars; the scheduler's proof follows Polygeist's late parallelization
// (Moses et al., "Polygeist: Raising C to Polyhedral MLIR", PACT 2021):
// parallelism is re-detected on the final schedule after privatization.
package omp
