package presburger

import (
	"fmt"

	"github.com/tessera-opt/tessera/presburger/internal/ints"
	"github.com/tessera-opt/tessera/presburger/internal/sys"
)

// ErrorKind classifies the errors that operations of this package raise
// as panics with a *Error value.
type ErrorKind int

const (
	// Overflow means some exact arithmetic would exceed int64.
	Overflow ErrorKind = iota + 1
	// Budget means a search exceeded its step budget.
	Budget
	// Unsupported means the operation refuses its input (e.g. Card of an
	// unbounded or parametric set).
	Unsupported
	// Unbounded means an optimum asked for does not exist because the
	// set is unbounded in its direction (LexMin, LexMax).
	Unbounded
	// Cancelled means the query was stopped from outside: its cancel
	// channel (the Cancel argument of the *Cancel queries) was closed.
	Cancelled
)

func (k ErrorKind) String() string {
	switch k {
	case Overflow:
		return "overflow"
	case Budget:
		return "budget exceeded"
	case Unsupported:
		return "unsupported"
	case Unbounded:
		return "unbounded"
	case Cancelled:
		return "cancelled"
	}
	return fmt.Sprintf("ErrorKind(%d)", int(k))
}

// Error is the panic value (and, through Recover, the error) of an
// operation that could not be carried out exactly.
type Error struct {
	Kind ErrorKind
	Msg  string
}

func (e *Error) Error() string { return "presburger: " + e.Kind.String() + ": " + e.Msg }

// Recover, called as `defer presburger.Recover(&err)`, turns a panic of
// the engine (a *Error, or the solver's overflow, budget and cancellation
// values) into a returned *Error. Any other panic is a bug and goes on
// unchanged: Recover never swallows it. It is the one place where the
// engine's panics become errors; the package's internal fallbacks go
// through catch, which calls it.
func Recover(errp *error) {
	r := recover()
	if r == nil {
		return
	}
	if e := asError(r); e != nil {
		*errp = e
		return
	}
	panic(r)
}

// catch runs f and returns the engine error it panicked with (nil when f
// returned). Any other panic goes on.
func catch(f func()) (e *Error) {
	var err error
	func() {
		defer Recover(&err)
		f()
	}()
	if err != nil {
		e = err.(*Error)
	}
	return e
}

// survives runs f and reports whether it returned; false when f panicked
// with an engine error of one of kinds (the caller falls back). Any other
// engine error and any other panic go on.
func survives(f func(), kinds ...ErrorKind) bool {
	e := catch(f)
	if e == nil {
		return true
	}
	for _, k := range kinds {
		if e.Kind == k {
			return false
		}
	}
	panic(e)
}

// orOnBudget returns f(), or fallback when f runs over a solver budget.
// The callers use it for optional work (simplifications, pruning) whose
// absence leaves results exact. Any other engine error (overflow,
// cancellation) and any other panic go on.
func orOnBudget[T any](fallback T, f func() T) T {
	var out T
	if !survives(func() { out = f() }, Budget) {
		return fallback
	}
	return out
}

// AsError returns the *Error that the panic value r of an engine
// operation stands for, and false when r is not an engine error (a bug,
// which the caller must let go on). It is for the few callers that
// recover a panic for their own reasons (a package's private panic type)
// and must classify what else they caught; others use Recover.
func AsError(r any) (*Error, bool) {
	e := asError(r)
	return e, e != nil
}

// asError converts a panic value of the engine into a *Error (nil if it
// is not one).
func asError(r any) *Error {
	switch e := r.(type) {
	case *Error:
		return e
	case *ints.OverflowError:
		return &Error{Kind: Overflow, Msg: e.Error()}
	case *sys.BudgetError:
		return &Error{Kind: Budget, Msg: e.Error()}
	case sys.CancelledError:
		return &Error{Kind: Cancelled, Msg: e.Error()}
	}
	return nil
}

// translatePanics is deferred by the functions that call the solver so that
// its panics reach our callers as *Error values.
func translatePanics() {
	if r := recover(); r != nil {
		if e := asError(r); e != nil {
			panic(e)
		}
		panic(r)
	}
}
