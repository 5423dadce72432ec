package scheduler

import (
	"errors"
	"testing"
)

// TestFIR2Bounded (issue 21, corpus/repro/fir2_slow.c): a two-deep filter
// loop of step 2 whose strided dependence polyhedra give a first integer
// program of over a thousand distinct rows. The engine cannot answer it
// (its int64 simplex overflows, the Omega test runs out of its budget)
// and the big.Rat fallback must then refuse it by its size instead of
// pivoting through its whole work budget; Schedule either returns a legal
// schedule (it checks every one) or a budget error, and the caller keeps
// the original order.
func TestFIR2Bounded(t *testing.T) {
	d := loadDeps(t, "fir2.c")
	ilps, calls := 0, 0
	var work int64
	solveLexminHook = func(int, [][]int64, [][]int64) { ilps++ }
	lexminWorkHook = func(w int64) { calls++; work += w }
	defer func() { solveLexminHook, lexminWorkHook = nil, nil }()
	_, err := Schedule(d, Config{})
	if err != nil && !errors.Is(err, errILPBudget) {
		var be *BudgetError
		if !errors.As(err, &be) {
			t.Fatalf("Schedule: %v, want a schedule or a budget error", err)
		}
	}
	t.Logf("%d integer programs, %d fallback calls, %d tableau cells updated (err %v)", ilps, calls, work, err)
	if ilps > (Config{}).maxILPs() {
		t.Errorf("%d integer programs, over MaxILPs", ilps)
	}
	if work > ilpTableauCells {
		t.Errorf("the fallback updated %d tableau cells, want at most %d (one pivot of its largest tableau)", work, ilpTableauCells)
	}
}
