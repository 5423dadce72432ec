// Package outline moves the body of each parallel loop into a static
// function whose array parameters are restrict pointers, called from the
// loop, and, in sequential code, a whole loop nest over array parameters
// into such a function.
//
// In the function that OpenMP outlines for a parallel loop, the arrays are
// pointers loaded from a shared block: gcc can no longer tell them apart,
// and keeps the stores of an accumulated element in the loop, does not
// interchange or vectorize (docs/RESULTS.md has the measurements). In
// sequential code whose arrays are distinct static arrays it knows them
// apart; when they are parameters of the enclosing function it does not
// either. A function with restrict pointer parameters gives it that
// knowledge back, and survives inlining into the function OpenMP
// outlines. The model already assumes that distinct arrays do not
// overlap.
//
// A loop is left as it is when its clauses name variables (private,
// lastprivate, reduction: they would have to be passed by address), when
// its body writes a scalar, or when some name it uses cannot be typed (a
// variable cfront does not know, an array whose declared extents are not
// its rank, an extent that is not made of macros and constants). An
// accumulator of package scalarize is no such scalar: its load, which
// declares it, is in the moved body with its loop and its store (the
// load's scalarize.Part payload says so), so the function declares it
// and receives no parameter for it.
//
// It takes the region's AST after OpenMP's annotation (package omp: the
// clauses of each parallel loop), its model and syntax, and the printer
// of its statements, and gives the AST with the moved bodies replaced by
// calls (with a Call payload), the function definitions to print before
// the enclosing function, and the printer of the calls (Result). What it
// needs to know of the calls that are not instances of a statement (an
// accumulator's load and store, a private array's declaration, a
// compiler guard) comes from their typed payloads, never from their
// names. It is its own
// package because moving code into functions is a transformation of the
// C program, not of the schedule, with its own conditions (every name the
// body uses must be typed and passed).
package outline
