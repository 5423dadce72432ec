// Package selfcheck checks generated code against its model before it is
// emitted: a guard against bugs in the stages after the schedule, which
// was itself proven legal against the dependences.
//
// Replay runs the AST in the interpreter (package ast) for a few small
// parameter values allowed by the model's context, and checks that it
// executes every statement instance of the domain exactly once and every
// dependence pair in order (source before target). Parallel checks the
// loops under a "parallel" mark: no dependence joins two different
// iterations of such a loop within one execution of it, except those
// that the loop's clauses make harmless (privatized scalars, reduced arrays).
//
// Both are brute force on small instances: they enumerate at most a
// bounded number of instances and points (the limits are constants of
// this package), skip parameter values whose instance sets are larger,
// and look at their stop channel before each unit of bounded work,
// returning ErrCancelled once it is closed. Package pipeline runs them as
// its "self-check" stage (docs/PIPELINE.md) and keeps the region's
// original code when either refuses.
package selfcheck

import "errors"

// ErrCancelled is what the checks return once their stop channel is
// closed.
var ErrCancelled = errors.New("cancelled: the self-check was stopped")
