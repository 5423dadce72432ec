package presburger

import (
	"math/rand/v2"
	"testing"
)

func TestDbg(t *testing.T) {
	seed := uint64(1)
	rng := rand.New(rand.NewPCG(seed, 3))
	sp := randSetSpace(rng, nil, "S", 1+rng.IntN(2))
	o := genOpts{locals: true, bounded: true}
	a, sa := genMap(rng, sp, o)
	b, _ := genMap(rng, sp, o)
	for i, p := range a.parts {
		t.Logf("part %d: %v empty=%v", i, p, p.IsEmpty())
		d := a.withParts([]BasicMap{p}).Subtract(b)
		t.Logf("  minus b: %v", d)
		for _, q := range d.parts {
			pt, ok := q.Sample()
			t.Logf("   sample %v %v spec %v", pt, ok, ok && sa(pt))
		}
	}
	forBox(0, 1, func(p []int64) {
		if sa(p) {
			t.Logf("a has %v", p)
		}
	})
}
