package presburger

import (
	"math/rand/v2"
	"testing"
)

func TestRandomAffineHull(t *testing.T) {
	for seed := uint64(0); seed < uint64(iters(300)); seed++ {
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
			// (The rational part: AffineHull may add equalities over
			// the divisions, strides, that the rational hull lacks.)
			rh := s.rationalAffineHull()
			if len(pts) > 0 {
				k := affineKernel(pts, sp.Dim(Out))
				if len(k) != len(rh.Eqs()) {
					t.Errorf("seed %d: affine hull %v of %v: %d equalities, points give %d", seed, rh, s, len(rh.Eqs()), len(k))
				}
			}
			if !NewMap(h.space, h).IsSubset(NewMap(rh.space, rh)) {
				t.Errorf("seed %d: affine hull %v not in the rational hull %v", seed, h, rh)
			}
		})
		if t.Failed() {
			return
		}
	}
}

func TestHullTable(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"{ [i] : i mod 3 = 0 }", "{ [i] : i mod 3 = 0 }"},
		{"{ [i] : i mod 3 = 0 or i mod 6 = 3 }", "{ [i] : i mod 3 = 0 }"},
		{"{ [i] : i mod 3 = 0 or i mod 3 = 1 }", "{ [i] }"},
		{"{ [i, j] : i mod 4 = 1 and j = i + 1 and 0 <= i <= 10 }", "{ [i, j] : i mod 4 = 1 and j = i + 1 }"},
		{"[n] -> { [i] : exists e : i = 2e and n = 2i }", "[n] -> { [i] : n = 2i and i mod 2 = 0 }"},
	} {
		if h := MustParseSet(c.in).AffineHull(); !h.ToSet().IsEqual(MustParseSet(c.want)) {
			t.Errorf("AffineHull(%s) = %v, want %s", c.in, h, c.want)
		}
	}
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

func TestConvexHull(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"{ [i] : 0 <= i <= 4; [i] : 10 <= i <= 12 }", "{ [i] : 0 <= i <= 12 }"},
		{"{ [0, 0]; [4, 0]; [0, 4] }", "{ [i, j] : i >= 0 and j >= 0 and i + j <= 4 }"},
		{"[n] -> { [i, j] : i = 0 and 0 <= j <= n; [i, j] : j = 0 and 0 <= i <= n }", "[n] -> { [i, j] : i >= 0 and j >= 0 and i + j <= n }"},
		{"{ [i] : i = 3 }", "{ [3] }"},
	} {
		s := MustParseSet(tc.in)
		h := s.ConvexHull()
		if !h.ToSet().IsEqual(MustParseSet(tc.want)) {
			t.Errorf("ConvexHull(%s) = %v, want %s", tc.in, h, tc.want)
		}
	}
}

func TestRandomConvexHullContains(t *testing.T) {
	for seed := uint64(0); seed < uint64(iters(150)); seed++ {
		rng := rand.New(rand.NewPCG(seed, 108))
		sp := NewSetSpace(randNames("p", rng.IntN(2)), "S", randNames("s", 1+rng.IntN(2)))
		s, want := genMap(rng, sp, genOpts{locals: rng.IntN(3) == 0, bounded: true})
		budgetSkip(t, seed, func() {
			h := s.ConvexHull()
			sh := s.SimpleHull()
			plain := true
			for _, p := range s.parts {
				plain = plain && p.NLocal() == 0
			}
			forBox(sp.NParam(), sp.Dim(Out), func(p []int64) {
				if want(p) && !h.Contains(p) {
					t.Errorf("seed %d: ConvexHull(%v) = %v misses %v", seed, s, h, p)
				}
				// Without locals the convex hull lies within the simple hull.
				if plain && h.Contains(p) && !sh.Contains(p) {
					t.Errorf("seed %d: ConvexHull(%v) = %v has %v outside the simple hull %v", seed, s, h, p, sh)
				}
			})
		})
		if t.Failed() {
			return
		}
	}
}
