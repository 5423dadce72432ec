package sys

// TestSchedulerLike30Timing logs the LexMin time distribution on
// 30-variable scheduler-like programs (runs with -long only).

import (
	"math/rand"
	"sort"
	"testing"
	"time"
)

func TestSchedulerLike30Timing(t *testing.T) {
	if !*long {
		t.Skip("-long only")
	}
	for _, mc := range []int{1, 2} {
		multCoef = mc
		rng := rand.New(rand.NewSource(7))
		var ds []time.Duration
		for k := 0; k < 40; k++ {
			s := schedulerLike(rng, 10, 20, 6)
			start := time.Now()
			r := catch(func() { LexMin(s) })
			if r != nil {
				t.Log(r)
			}
			ds = append(ds, time.Since(start))
		}
		sort.Slice(ds, func(i, j int) bool { return ds[i] < ds[j] })
		t.Log(mc, "median", ds[20], "p90", ds[36], "max", ds[39])
	}
	multCoef = 1
}
