// Package explain writes tessera's account of what was done to each
// region (tessera opt --explain), in the source's terms.
//
// It takes what the pipeline kept of a region (Region: the model, the
// final AST, the vector stage's loop reports, the stages' remarks, the
// chooser's candidates and verdict) and gives text: one line per region
// at Level Short, the verdict and the main decisions at Long, and the
// rejected candidates' details and the stage times at Full.
//
// Loops are named by their source iterator and line (loops.go: the
// correspondence is read from the generated AST, where each statement
// call gives its source iterators as expressions of the generated
// ones), statements by their source text and line; the verdict says
// which candidate was kept and why, and the others are only said to have
// been tried. The remarks of the stages, written with the model's names
// (statements S0, S1, ..., generated iterators c0, c1, ...), are
// rewritten in the user's names (text.go).
//
// Conditions (cond.go) — the run-time tests under which a version of the
// code runs — are parsed back from the remarks and simplified against the
// region's context with the integer-set engine (presburger): the
// generated code's hoisted values are substituted back, affine terms
// folded into one linear form, a min or a max drops the arguments that
// the context proves it never takes, the clamps of a work estimate that
// cannot change whether it reaches its threshold go, a comparison that
// the context decides becomes true or false, and an operand of && (||)
// that the context and the others imply (that implies another) goes. The
// result is printed in C with the source's names. The context is the
// model's (scop.Scop.Context: the parameters' constraints from the
// source and the user's --context), with the bounds of the generated
// loops whose iterators a test reads (the test runs inside them), except for the conditions under
// which the optimized code runs at all (delinearization, unsigned
// arithmetic), which that context already includes: those are only
// folded. A work test still too long to read after that is said in words
// with its threshold; a condition this package does not read is printed
// as it is.
//
// Stage times and the AST post-passes' counters are development figures:
// only Full prints them.
package explain
