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

// Recover, called as `defer presburger.Recover(&err)`, turns a panic with a
// *Error (or the solver's *ints.OverflowError / *sys.BudgetError) into a
// returned error. Any other panic is re-raised.
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
