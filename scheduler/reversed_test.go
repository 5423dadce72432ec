package scheduler

import (
	"slices"
	"testing"
)

// TestReversedLoop checks that a statement of a downward loop gets the
// reversed hyperplane -j (regression: no valid hyperplane).
func TestReversedLoop(t *testing.T) {
	d := loadDeps(t, "reversed_loop.c")
	res, err := Schedule(d, Config{Parallel: true})
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, r := range res.Hyperplanes[2] {
		if slices.Equal(r, []int64{0, -1, 0}) {
			found = true
		}
	}
	if !found {
		t.Errorf("S2 rows %v lack [0 -1 0]", res.Hyperplanes[2])
	}
}
