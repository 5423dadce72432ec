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
// Stage times and the AST post-passes' counters are development figures:
// only Full prints them.
package explain
