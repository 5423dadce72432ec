package sys
import ("testing";"math/rand";"time")
func TestDbg7(t *testing.T){
	rng := rand.New(rand.NewSource(9))
	var tn, tr, ti time.Duration
	for it := 0; it < 1500; it++ {
		n := 1 + rng.Intn(4)
		s := randSystem(rng, n, rng.Intn(3), rng.Intn(7), int64(1+rng.Intn(5)), 8)
		if rng.Intn(3) == 0 { s.AddIneq(randRow(rng, n, 2000, 2000)) }
		if rng.Intn(3) == 0 {
			r := randRow(rng, n, 3, 5); s.AddIneq(r)
			r2 := append([]int64(nil), r...)
			for i := range r2 { r2[i] *= int64(2 + rng.Intn(500)) }
			r2[n] += int64(rng.Intn(7) - 3); s.AddIneq(r2)
		}
		st := time.Now(); want := naiveRatEmpty(n, s.Eq, s.Ineq); tn += time.Since(st)
		st = time.Now(); IsRationalEmpty(s); d := time.Since(st); tr += d
		st = time.Now(); if want { IsIntegerEmpty(s) }; d2 := time.Since(st); ti += d2
		if d2 > 100*time.Millisecond || d > 100*time.Millisecond { t.Logf("slow %v %v: %s", d, d2, s) }
	}
	t.Log(tn, tr, ti)
}
