// Package omp turns what the scheduler proved about parallel loops into
// what the emitter prints: the data-sharing clauses of a "parallel" mark
// (private and lastprivate scalars, from scheduler.Result.Private) and the
// placement of the mark on a loop the emitter can annotate.
//
// It takes the generated AST (package ast) and the scheduler's result and
// gives an emit.Config.Clauses callback and an AST whose "parallel" marks
// sit directly on their loops.
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
// # Collapse, balance and the cost of nested parallel loops
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
// loop in lu and cholesky) goes onto every piece's outermost coincident
// loop (ast.For.Parallel), unless a privatization record owns the piece.
// A parallel loop nested in a sequential loop forks and joins at every
// iteration of the enclosing one: workClause estimates its statement
// instances (trip counts multiplied, inner iterators at their lower
// bounds, each factor capped) and drops the mark when the estimate is a
// constant below MinParallelWork, or adds if(W >= MinParallelWork).
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
