package sys

import (
	"fmt"
	"sync/atomic"

	"github.com/tessera-opt/tessera/presburger/internal/ints"
)

// DefaultBudget is the number of steps a single top-level query (one call of
// IsIntegerEmpty, Project, Min, LexMin, ...) may take before it panics with
// a *BudgetError. A step is one constraint row produced, copied or
// normalized by an elimination, one splinter or one probe of a search, or
// pivotRowsPerStep rows of a tableau rewritten by a simplex pivot, so
// the budget also bounds the memory a query holds (a few hundred MB at
// most) and its time (seconds). The SCoP-sized systems of the benchmarks
// take a few hundred to a few tens of thousands of steps.
const DefaultBudget = 2_000_000

// BudgetError is the panic value of a query that exceeded its step budget.
type BudgetError struct {
	Op    string // the query, e.g. "IsIntegerEmpty"
	Steps int64  // the steps taken when it gave up
	// Rows, when set, is the number of constraints a Fourier-Motzkin
	// elimination reached (the memory bound), not a step count.
	Rows int
}

func (e *BudgetError) Error() string {
	if e.Rows > 0 {
		return fmt.Sprintf("sys: %s: more than %d constraints", e.Op, e.Rows)
	}
	return fmt.Sprintf("sys: %s exceeded its budget of %d steps", e.Op, e.Steps)
}

// budget counts the steps of one top-level query.
type budget struct {
	op    string
	steps int64
	limit int64
}

func newBudget(op string) *budget { return &budget{op: op, limit: DefaultBudget} }

// cancelled, when set, makes every running query stop at its next step
// as if its budget were exhausted (see Cancel).
var cancelled atomic.Bool

// Cancel(true) makes every query that is running, or starts before
// Cancel(false), panic with a CancelledError at its next step. Tests use
// it to stop a computation that ran past their time limit. Unlike a
// *BudgetError, nothing in the engine recovers from it.
func Cancel(on bool) { cancelled.Store(on) }

// CancelledError is the panic value of a query stopped by Cancel.
type CancelledError struct{}

func (CancelledError) Error() string { return "sys: cancelled" }

func (b *budget) tick(n int) {
	b.steps += int64(n)
	if cancelled.Load() {
		panic(CancelledError{})
	}
	if b.steps > b.limit {
		panic(&BudgetError{Op: b.op, Steps: b.steps})
	}
}

// onLimit, deferred, turns a *BudgetError or *ints.OverflowError panic
// into *hit = true (the caller falls back to a cheaper or slower exact
// method) and lets every other panic through.
func onLimit(hit *bool) {
	if r := recover(); r != nil {
		_, isBudget := r.(*BudgetError)
		_, isOverflow := r.(*ints.OverflowError)
		if isBudget || isOverflow {
			*hit = true
			return
		}
		panic(r)
	}
}
