package presburger

import (
	"errors"
	"slices"
	"testing"

	"github.com/tessera-opt/tessera/presburger/internal/sys"
)

// TestQueryAnswers: with an open (or nil) Cancel channel, a Query answers
// as the plain operations do.
func TestQueryAnswers(t *testing.T) {
	b := MustParseBasicMap("[n] -> { [i] -> [j] : 0 <= i < n and i <= j < n }")
	s := MustParseBasicSet("{ [i, j] : 2 <= i <= 5 and i + 3 <= j <= 9 }")
	for _, q := range []Query{{}, {Cancel: make(chan struct{})}} {
		if empty, err := q.IsEmpty(b); err != nil || empty != b.IsEmpty() {
			t.Errorf("IsEmpty = %v, %v", empty, err)
		}
		wantPt, wantKind := s.LexMinPoint()
		if pt, kind, err := q.LexMinPoint(s.Map()); err != nil || kind != wantKind || !slices.Equal(pt, wantPt) {
			t.Errorf("LexMinPoint = %v %v %v, want %v %v", pt, kind, err, wantPt, wantKind)
		}
		if c, err := q.Coefficients(b); err != nil || !c.ToSet().IsEqual(b.Coefficients().ToSet()) {
			t.Errorf("Coefficients = %v, %v", c, err)
		}
	}
}

// TestQueryCancelled: with a closed Cancel channel, each question stops
// at its first budget check with an error of Kind Cancelled, not a panic.
func TestQueryCancelled(t *testing.T) {
	stop := make(chan struct{})
	close(stop)
	q := Query{Cancel: stop}
	b := MustParseBasicMap("[n] -> { [i] -> [j] : 0 <= i < n and i <= j < n and 3j >= 2i + n }")
	_, err1 := q.IsEmpty(b)
	_, _, err2 := q.LexMinPoint(MustParseBasicSet("{ [i, j] : 2 <= i <= 5 and i + 3 <= j <= 9 }").Map())
	_, err3 := q.Coefficients(b)
	for i, err := range []error{err1, err2, err3} {
		if !IsCancelled(err) {
			t.Errorf("question %d: err = %v, want Kind Cancelled", i+1, err)
		}
	}
}

// TestQueryOverflow: an overflow of the engine is the Query's error (here
// the answer itself, j = 2^63, does not fit in an int64).
func TestQueryOverflow(t *testing.T) {
	sp := NewSetSpace(nil, "S", []string{"i", "j"})
	bb := NewBasicBuilder(sp)
	bb.AddIneq([]int64{1, 0, -(1 << 62)})
	bb.AddEq([]int64{2, -1, 0})
	_, _, err := Query{}.LexMinPoint(bb.BuildSet().Map())
	var e *Error
	if !errors.As(err, &e) || e.Kind != Overflow {
		t.Fatalf("err = %T %v, want a *Error of Kind Overflow", err, err)
	}
}

// TestRecoverCancelled: the solver's cancellation panic is an error of
// Kind Cancelled.
func TestRecoverCancelled(t *testing.T) {
	err := recovered(func() { panic(sys.CancelledError{}) })
	if !IsCancelled(err) {
		t.Fatalf("Recover(CancelledError) = %v", err)
	}
	if e, ok := AsError(sys.CancelledError{}); !ok || e.Kind != Cancelled {
		t.Fatalf("AsError(CancelledError) = %v, %v", e, ok)
	}
	if _, ok := AsError("bug"); ok {
		t.Fatal("AsError took a bug's panic for an engine error")
	}
}

// TestFallbacksLetOthersGo: the package's fallbacks answer only the
// engine errors they are asked for; another engine error (a cancellation
// above all) and a bug's panic go on.
func TestFallbacksLetOthersGo(t *testing.T) {
	panicOf := func(f func()) (r any) {
		defer func() { r = recover() }()
		f()
		return nil
	}
	budget := &Error{Kind: Budget, Msg: "x"}
	if got := orOnBudget(7, func() int { panic(budget) }); got != 7 {
		t.Errorf("orOnBudget on a budget error = %d, want the fallback", got)
	}
	for _, v := range []any{"bug", errors.New("bug"), &Error{Kind: Cancelled, Msg: "x"}, &Error{Kind: Overflow, Msg: "x"}} {
		if r := panicOf(func() { orOnBudget(7, func() int { panic(v) }) }); r != v {
			t.Errorf("orOnBudget on %v: panic %v, want it to go on", v, r)
		}
		if v, isErr := v.(*Error); isErr && v.Kind == Overflow {
			continue
		}
		if r := panicOf(func() { survives(func() { panic(v) }, Budget, Overflow) }); r != v {
			t.Errorf("survives on %v: panic %v, want it to go on", v, r)
		}
	}
	if survives(func() { panic(&Error{Kind: Overflow, Msg: "x"}) }, Budget, Overflow) {
		t.Error("survives reported an overflow as a return")
	}
}
