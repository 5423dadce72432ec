package sys

import (
	"math/rand"
	"testing"
	"time"
)

func TestDbg4(t *testing.T) {
	rng := rand.New(rand.NewSource(11))
	for it := 0; it < 30; it++ {
		n := 8
		s := randSystem(rng, n, rng.Intn(3), 12, 3, 10)
		addBox(s, 0, n, 10)
		b := newBudget("x")
		st := time.Now()
		var e any
		var res bool
		e = catch(func() { res = isIntegerEmpty(s, b) })
		t.Logf("it %d: empty=%v steps %d time %v panic %v", it, res, b.steps, time.Since(st), e)
	}
}
