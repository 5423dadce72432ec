package presburger

import (
	"errors"

	"github.com/tessera-opt/tessera/presburger/internal/sys"
)

// A Query runs some of the engine's costliest questions under a
// cancellation signal, and returns what stops them as an error instead of
// a panic: the caller of a stage (a region's time limit) can then stop a
// question in progress, not only the next one. The zero Query is never
// cancelled.
//
// The methods return a *Error: Kind Cancelled when Cancel was closed
// (checked every few hundred solver steps), Budget or Overflow as the
// plain operations would panic with. Any other panic is a bug and goes on.
type Query struct {
	// Cancel, when closed, stops the question at its next budget check
	// (nil: never).
	Cancel <-chan struct{}
}

// IsEmpty is BasicMap.IsEmpty.
func (q Query) IsEmpty(b BasicMap) (empty bool, err error) {
	defer Recover(&err)
	empty, _ = b.isEmptyWithin(sys.DefaultBudget, q.Cancel)
	return empty, nil
}

// LexMinPoint is BasicSet.LexMinPoint (on the set of b's columns).
func (q Query) LexMinPoint(b BasicMap) (pt []int64, kind OptKind, err error) {
	defer Recover(&err)
	pt, kind = b.lexOptPoint(false, q.Cancel)
	return pt, kind, nil
}

// IsEmptyMap is Map.IsEmpty.
func (q Query) IsEmptyMap(m Map) (empty bool, err error) {
	defer Recover(&err)
	for _, p := range m.parts {
		if e, _ := p.isEmptyWithin(sys.DefaultBudget, q.Cancel); !e {
			return false, nil
		}
	}
	return true, nil
}

// Sample is Map.Sample.
func (q Query) Sample(m Map) (pt []int64, ok bool, err error) {
	defer Recover(&err)
	for _, p := range m.parts {
		if pt, ok := p.sampleWith(q.Cancel); ok {
			return pt, true, nil
		}
	}
	return nil, false, nil
}

// RemoveEmptyParts is Map.RemoveEmptyParts.
func (q Query) RemoveEmptyParts(m Map) (r Map, err error) {
	defer Recover(&err)
	return m.dropEmptyWith(q.Cancel), nil
}

// SubtractWithin is Map.SubtractWithin; ok is false when it ran over
// maxSteps.
func (q Query) SubtractWithin(a, b Map, maxSteps int64) (r Map, ok bool, err error) {
	defer Recover(&err)
	acct := &stepAccount{left: maxSteps, cancel: q.Cancel}
	if !survives(func() { r = a.subtract(b, acct) }, Budget) {
		return Map{}, false, nil
	}
	return r, true, nil
}

// Coefficients is BasicMap.Coefficients (Farkas' lemma).
func (q Query) Coefficients(b BasicMap) (c BasicSet, err error) {
	defer Recover(&err)
	return b.coefficients(q.Cancel), nil
}

// IsCancelled reports whether err is (or wraps) the engine's error for a
// question stopped through its Query's Cancel channel.
func IsCancelled(err error) bool {
	var e *Error
	return errors.As(err, &e) && e.Kind == Cancelled
}
