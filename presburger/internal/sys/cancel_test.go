package sys

import (
	"errors"
	"testing"
)

// TestCancelMidQuery: a query whose System's Cancel channel is closed
// while it runs stops with a CancelledError within cancelEvery steps (plus
// the tick in progress) of the closing, measured in the query's own steps.
func TestCancelMidQuery(t *testing.T) {
	// RationalProject takes about a million steps on this system.
	s, keep := loadRowsFile(t, "testdata/farkas_mod_reduction.txt")
	ch := make(chan struct{})
	s.Cancel = ch
	b := s.budget("RationalProject")
	const closeAt = 50_000
	closedAt, last, maxTick := int64(-1), int64(0), int64(0)
	b.watch = func(steps int64) {
		maxTick = max(maxTick, steps-last)
		last = steps
		if closedAt < 0 && steps >= closeAt {
			close(ch)
			closedAt = steps
		}
	}
	r := catch(func() { ratProjectWith(s, keep, b) })
	if closedAt < 0 {
		t.Fatalf("the query ended after %d steps, before it could be cancelled", b.steps)
	}
	if _, ok := r.(CancelledError); !ok {
		t.Fatalf("cancelled query: panic %v, want CancelledError", r)
	}
	if late := b.steps - closedAt; late > cancelEvery+maxTick {
		t.Errorf("the query ran %d steps after its cancellation (at most %d expected)", late, cancelEvery+maxTick)
	}
	t.Logf("query cancelled at step %d, stopped at step %d (largest tick %d steps)", closedAt, b.steps, maxTick)
}

// TestCancelBeatsBudget: a cancelled query that also runs over its budget
// reports the cancellation, which no fallback answers, not the budget.
func TestCancelBeatsBudget(t *testing.T) {
	ch := make(chan struct{})
	b := &budget{op: "test", limit: 100, cancel: ch, next: 1 << 40}
	b.tick(50)
	close(ch)
	r := catch(func() { b.tick(100) })
	if _, ok := r.(CancelledError); !ok {
		t.Fatalf("panic %v, want CancelledError", r)
	}
}

// TestClosedCancelStopsEveryQuery: each exported query on a System with a
// closed Cancel channel stops with a CancelledError, and one with a nil
// channel answers.
func TestClosedCancelStopsEveryQuery(t *testing.T) {
	s, keep := loadRowsFile(t, "testdata/farkas_mod_reduction.txt")
	ch := make(chan struct{})
	close(ch)
	c := s.Clone()
	c.Cancel = ch
	obj := make([]int64, s.NVars+1)
	obj[0] = 1
	for name, f := range map[string]func(*System){
		"RationalProject":    func(s *System) { RationalProject(s, keep) },
		"IsRationalEmpty":    func(s *System) { IsRationalEmpty(s) },
		"IsIntegerEmpty":     func(s *System) { IsIntegerEmpty(s) },
		"LexMin":             func(s *System) { LexMin(s) },
		"Min":                func(s *System) { Min(s, obj) },
		"Sample":             func(s *System) { Sample(s) },
		"ImplicitEqualities": func(s *System) { s.ImplicitEqualities() },
	} {
		if r := catch(func() { f(c) }); !errors.Is(asErr(r), CancelledError{}) {
			t.Errorf("%s with a closed Cancel: panic %v, want CancelledError", name, r)
		}
	}
	if r := catch(func() { IsRationalEmpty(s) }); r != nil {
		t.Errorf("IsRationalEmpty without Cancel: panic %v", r)
	}
}

func asErr(r any) error {
	err, _ := r.(error)
	return err
}

// TestStoppedByLetsOthersGo: the solver's fallback helper catches only the
// limits it is asked for; a cancellation, another limit and a bug go on.
func TestStoppedByLetsOthersGo(t *testing.T) {
	if hit := stoppedBy(budgetLimit, func() { panic(&BudgetError{Op: "x"}) }); hit == nil {
		t.Error("budget panic not caught")
	}
	for _, v := range []any{CancelledError{}, "bug", errors.New("bug"), &BudgetError{Op: "x"}} {
		kinds := anyLimit
		if _, ok := v.(*BudgetError); ok {
			kinds = overflowLimit
		}
		r := catch(func() { stoppedBy(kinds, func() { panic(v) }) })
		if r != v {
			t.Errorf("stoppedBy(%v) on panic %v: got %v, want it to go on", kinds, v, r)
		}
	}
}
