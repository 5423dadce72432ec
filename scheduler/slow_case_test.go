package scheduler

import (
	"testing"
)

// TestFIR2Bounded (issue 21, corpus/repro/fir2_slow.c): a two-deep filter
// loop of step 2 whose strided dependence polyhedra give a first integer
// program of over a thousand distinct rows (2,295). The engine refused it
// while its simplex was int64 only (an overflowing pivot, then the Omega
// test over its budget), and the region kept its original order; its
// tableau now continues in math/big and answers, and Schedule returns a
// schedule (it checks every one).
func TestFIR2Bounded(t *testing.T) {
	d := loadDeps(t, "fir2.c")
	ilps := 0
	solveLexminHook = func(int, [][]int64, [][]int64) { ilps++ }
	defer func() { solveLexminHook = nil }()
	_, err := Schedule(d, Config{})
	t.Logf("%d integer programs (err %v)", ilps, err)
	if err != nil {
		t.Fatalf("Schedule: %v, want a schedule", err)
	}
	if ilps > (Config{}).maxILPs() {
		t.Errorf("%d integer programs, over MaxILPs", ilps)
	}
}
