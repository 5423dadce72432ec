// Package scalarize keeps the element that an innermost loop updates in a local
// variable: a loop whose body is one statement X[f] = X[f] op e (or
// X[f] op= e), with f invariant in the loop and X accessed by the
// statement only through that element, becomes
//
//	T acc = X[f];
//	for (...) acc = acc op e;
//	X[f] = acc;
//
// The operations and their order are unchanged, so the result is the
// same bit for bit. gcc does this itself (store motion) when it can prove
// that X does not overlap the arrays e reads; in the function that OpenMP
// outlines for a parallel loop the arrays are pointers loaded from a
// shared block and it cannot, the store stays in the loop and the loop is
// not vectorized. The model already assumes that distinct arrays do not
// overlap.
//
// It takes the region's AST and model and the statements' printer, and
// gives the AST with the accumulators' loads and stores added (each
// carrying its statement as typed data, a Part payload) and a Result
// whose Body prints the rewritten statements (Result.Texts, an
// emit.Texts). The pipeline applies it to parallel code only: in
// sequential code gcc does the same store motion itself. Package outline
// moves a loop body holding an accumulator into a function: the load's
// Part payload tells it that the body declares the accumulator. It is its own
// package because it is a transformation of its own, checked on its own
// terms (the same operations in the same order), that any lowering may
// use.
package scalarize
