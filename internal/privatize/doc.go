// Package privatize runs an outermost loop of the original schedule in
// parallel with a private copy of one temporary array per thread: a loop
// whose iterations each write a scratch array before reading it. The
// inner loops of such a nest are often parallel as written, but a fork
// and a join at every iteration of the outer loops cost more than the
// inner work; the outer loop with a private array forks once.
//
// The loop L may run in parallel with X private when (deps, exact):
//
//   - every memory-based dependence that L carries between its own
//     statements goes through X (an array, not a scalar);
//   - no value flows from one iteration of L to another through X, nor
//     from before L into L: every read of X in L has its value-based
//     source in the same iteration of L (no read left without source);
//   - every write of X that no later iteration of L overwrites belongs to
//     the last iteration of L.
//
// Then every iteration but the last runs on a private copy (a local array
// declared in the loop body, which shadows X: the statements' text does
// not change), and the last one on X itself, which ends with the values
// the sequential loop leaves. The private copy lives on the thread's
// stack: the parallel version runs only when X takes at most
// MaxBytes (a test the C compiler folds when the extents are macros).
//
// The conditions are stated on a loop of the original nest (its level in
// the dependences), and the AST may come from the original schedule or a
// new one, with vector code or not: the loop is rewritten only when it
// runs exactly the iterations of that original loop, in some legal
// order inside each: every statement node under it gets the original
// iterator from the loop's iterator unchanged, and no instance of its
// statements runs outside it (sameIterations). A loop whose body holds
// a vector kernel's own nodes (not the model's statements) is left
// alone.
//
// It takes the AST of the chosen schedule with its parallel marks,
// the model, the memory-based dependences and the region's syntax (for
// the array's declaration), and gives the rewritten AST and a Result
// whose Body prints the private declarations (Result.Texts, an emit.Texts
// keyed by the AST's User nodes, whose payload is a Decl). It is its own package because it is a
// transformation with its own legality conditions, proved on the
// value-based dependences, apart from the scheduler's privatization of
// scalars (scheduler.Private) and from OpenMP's clauses.
package privatize
