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
// A statement is under at most one parallel loop (the scheduler marks
// only the outermost parallel loop of a nest), so the statements called in
// a loop's body identify the scheduler's record for it. Moving a mark
// below an if without else does not change what runs: the condition is
// evaluated once, and the loop under it is the loop the mark was proven
// for.
//
// Glossary: OpenMP private/lastprivate are PPCG's and Polly's privatized
// scalars; the scheduler's proof follows Polygeist's late parallelization
// (Moses et al., "Polygeist: Raising C to Polyhedral MLIR", PACT 2021):
// parallelism is re-detected on the final schedule after privatization.
package omp
