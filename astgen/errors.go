package astgen

import (
	"errors"
	"fmt"

	"github.com/tessera-opt/tessera/presburger"
	"github.com/tessera-opt/tessera/presburger/ints"
)

// ErrOverflow is returned when an int64 computation of the generator would
// overflow (its checked arithmetic, package presburger/ints, panics with
// an *ints.OverflowError, which catch turns into ErrOverflow).
var ErrOverflow = errors.New("astgen: int64 overflow")

// ErrBudget is returned when the generation exceeds Config.Budget.
var ErrBudget = errors.New("astgen: budget exceeded")

// ErrCancelled is returned when Config.Cancel was closed during the
// generation (or the engine's queries were cancelled from outside).
var ErrCancelled = errors.New("astgen: cancelled")

// genError carries an error through a panic inside the generator (its
// private unwinding out of deep recursion, as encoding/json does); catch
// turns it back into an error at the package's exported entry points.
type genError struct{ err error }

func fail(err error) { panic(genError{err}) }

func failf(format string, args ...any) { fail(fmt.Errorf("astgen: "+format, args...)) }

// catch, deferred by the exported entry points (Generate, FromScheduleMap,
// DomainInfo.Expr), turns the generator's own failures (a genError) and
// the engine's (a *presburger.Error: budget, overflow; a cancelled query
// is ErrCancelled) into the error *errp. Any other panic is a bug and
// goes on.
func catch(errp *error) {
	r := recover()
	if r == nil {
		return
	}
	if ge, ok := r.(genError); ok {
		*errp = ge.err
		return
	}
	if isOverflow(r) {
		*errp = ErrOverflow
		return
	}
	if e, ok := engineError(r); ok {
		if presburger.IsCancelled(e) {
			*errp = ErrCancelled
			return
		}
		*errp = fmt.Errorf("astgen: %w", e)
		return
	}
	panic(r)
}

// recoverable reports whether the panic value r means that an optional
// computation could not be carried out exactly (the generator's int64
// overflow, or the engine giving up), so that its caller may take the
// answer that is safe without it. The generator's budget, a cancelled
// query and every other panic are not.
func recoverable(r any) bool {
	if isOverflow(r) {
		return true
	}
	e, ok := engineError(r)
	return ok && !presburger.IsCancelled(e)
}

// isOverflow reports whether the panic value r is an int64 overflow of
// the generator's arithmetic.
func isOverflow(r any) bool {
	if ge, ok := r.(genError); ok {
		return ge.err == ErrOverflow
	}
	_, ok := r.(*ints.OverflowError)
	return ok
}

// engineError returns the error of the engine that the panic value r
// stands for, or false when r is no engine error.
func engineError(r any) (error, bool) {
	if e, ok := presburger.AsError(r); ok {
		return e, true
	}
	return nil, false
}
