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
	// cancel, when closed, stops the query at its next check (nil:
	// never); next is the step count at which it is next checked.
	cancel <-chan struct{}
	next   int64
	// watch, when set (by tests), sees the step count at every tick,
	// before the checks.
	watch func(steps int64)
}

// cancelEvery is the number of steps between two checks of a query's
// cancel channel: a non-blocking receive costs about as much as a few
// steps, and a step is small (one row), so a cancelled query stops
// within a few microseconds of work.
const cancelEvery = 256

func newBudget(op string) *budget { return &budget{op: op, limit: DefaultBudget} }

// budget returns the budget of a top-level query op on s: DefaultBudget
// steps, stopped early when s.Cancel is closed.
func (s *System) budget(op string) *budget {
	return &budget{op: op, limit: DefaultBudget, cancel: s.Cancel}
}

// sub returns a budget of limit steps for a part of b's query, with b's
// cancel channel; the caller charges its steps to b.
func (b *budget) sub(limit int64) *budget {
	return &budget{op: b.op, limit: limit, cancel: b.cancel, watch: b.watch}
}

// cancelled, when set, makes every running query stop at its next step
// as if its budget were exhausted (see Cancel).
var cancelled atomic.Bool

// Cancel(true) makes every query that is running, or starts before
// Cancel(false), panic with a CancelledError at its next step. Tests use
// it to stop a computation that ran past their time limit. Closing a
// System's Cancel channel does the same for the queries on that system
// only. Unlike a *BudgetError, no fallback in the engine stops a
// CancelledError: it reaches the caller of the engine.
func Cancel(on bool) { cancelled.Store(on) }

// CancelledError is the panic value of a query stopped by Cancel or by
// its System's Cancel channel.
type CancelledError struct{}

func (CancelledError) Error() string { return "sys: cancelled" }

func (b *budget) tick(n int) {
	b.steps += int64(n)
	if b.watch != nil {
		b.watch(b.steps)
	}
	if cancelled.Load() {
		panic(CancelledError{})
	}
	// A query over its budget checks the channel too, so that a
	// cancellation is never reported as a budget overrun (which a
	// fallback would answer).
	if b.cancel != nil && (b.steps >= b.next || b.steps > b.limit) {
		b.next = b.steps + cancelEvery
		select {
		case <-b.cancel:
			panic(CancelledError{})
		default:
		}
	}
	if b.steps > b.limit {
		panic(&BudgetError{Op: b.op, Steps: b.steps})
	}
}

// A limit is a panic of the solver that a caller inside it may answer
// with a fallback: a step budget or int64 overflow.
type limit uint8

const (
	budgetLimit limit = 1 << iota
	overflowLimit
	anyLimit = budgetLimit | overflowLimit
)

// limitOf classifies a panic value (0: not a limit).
func limitOf(r any) limit {
	switch r.(type) {
	case *BudgetError:
		return budgetLimit
	case *ints.OverflowError:
		return overflowLimit
	}
	return 0
}

// stoppedBy runs f and returns the panic value of the limit of kinds that
// stopped it (nil when f returned): the caller falls back to a cheaper or
// slower exact method. Every other panic goes on: a limit not in kinds, a
// cancellation (no fallback may hide it), a bug. This is the solver's one
// recover.
func stoppedBy(kinds limit, f func()) (hit any) {
	defer func() {
		if r := recover(); r != nil {
			if limitOf(r)&kinds != 0 {
				hit = r
				return
			}
			panic(r)
		}
	}()
	f()
	return nil
}
