package presburger

import (
	"math/rand/v2"
	"testing"
)

func TestRandomAffineHull(t *testing.T) {
	for seed := uint64(0); seed < uint64(iters(100)); seed++ {
		rng := rand.New(rand.NewPCG(seed, 105))
		sp := NewSetSpace(nil, "S", randNames("s", 1+rng.IntN(3)))
		s, ss := genMap(rng, sp, genOpts{locals: rng.IntN(3) == 0, bounded: true})
		for k := rng.IntN(3); k > 0; k-- {
			s = s.FixVal(Out, rng.IntN(sp.Dim(Out)), int64(rng.IntN(3)))
		}
		want := func(p []int64) bool { return s.Contains(p) }
		_ = ss
		budgetSkip(t, seed, func() {
			h := s.AffineHull()
			sh := s.SimpleHull()
			// Every point is in both hulls; the affine hull has only equalities.
			forBox(0, sp.Dim(Out), func(p []int64) {
				if want(p) && (!h.Contains(p) || !sh.Contains(p)) {
					t.Errorf("seed %d: hulls %v / %v miss %v of %v", seed, h, sh, p, s)
				}
			})
			if len(h.Ineqs()) > 0 && !h.PlainIsEmpty() {
				t.Errorf("seed %d: affine hull with inequalities: %v", seed, h)
			}
			// Each equality of the hull is tight: some point leaves it if
			// dropped, i.e. the points span the hull.
			var pts [][]int64
			forBox(0, sp.Dim(Out), func(p []int64) {
				if want(p) {
					pts = append(pts, append([]int64(nil), p...))
				}
			})
			if len(pts) > 0 {
				k := affineKernel(pts, sp.Dim(Out))
				if len(k) != len(h.Eqs()) {
					t.Errorf("seed %d: affine hull %v of %v: %d equalities, points give %d", seed, h, s, len(h.Eqs()), len(k))
				}
			}
		})
		if t.Failed() {
			return
		}
	}
}

func TestHullTable(t *testing.T) {
	s := MustParseSet("{ [i, j] : i = j and 0 <= i <= 5; [i, j] : i = j and 10 <= i <= 20 }")
	if h := s.AffineHull(); !h.ToSet().IsEqual(MustParseSet("{ [i, j] : i = j }")) {
		t.Errorf("AffineHull = %v", h)
	}
	if h := s.SimpleHull(); !h.ToSet().IsEqual(MustParseSet("{ [i, j] : i = j and 0 <= i <= 20 }")) {
		t.Errorf("SimpleHull = %v", h)
	}
	p := MustParseSet("[n] -> { [i] : i = n and n >= 0; [i] : i = n + 0 and n < 0 }")
	if h := p.AffineHull(); !h.ToSet().IsEqual(MustParseSet("[n] -> { [i] : i = n }")) {
		t.Errorf("AffineHull = %v", h)
	}
}
