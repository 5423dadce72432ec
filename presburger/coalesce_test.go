package presburger

import (
	"math/rand/v2"
	"testing"
)

func TestRandomCoalesce(t *testing.T) {
	for seed := uint64(0); seed < uint64(iters(450)); seed++ {
		rng := rand.New(rand.NewPCG(seed, 103))
		params := randNames("p", rng.IntN(2))
		var sp Space
		if rng.IntN(2) == 0 {
			sp = NewSetSpace(params, "S", randNames("s", 1+rng.IntN(2)))
		} else {
			sp = NewMapSpace(params, "A", []string{"a"}, "B", []string{"b"})
		}
		m, want := genMap(rng, sp, genOpts{locals: rng.IntN(3) == 0, bounded: rng.IntN(2) == 0})
		// Unions of boxes that often touch or nest.
		for k := rng.IntN(3); k > 0; k-- {
			b, sb := genMap(rng, sp, genOpts{bounded: true})
			m, want = m.Union(b), func(w, v spec) spec { return func(p []int64) bool { return w(p) || v(p) } }(want, sb)
		}
		budgetSkip(t, seed, func() {
			c := m.Coalesce()
			if c.NParts() > m.NParts() {
				t.Errorf("seed %d: Coalesce(%v) has more parts: %v", seed, m, c)
			}
			checkAgainst(t, seed, "coalesce", c, want, m)
		})
		if t.Failed() {
			return
		}
	}
}

func TestCoalesceTable(t *testing.T) {
	for _, tc := range []struct {
		in    string
		parts int
	}{
		{"{ [i] : 0 <= i <= 4; [i] : 5 <= i <= 9 }", 1},
		{"{ [i] : i = 0; [i] : i = 1; [i] : i = 2 }", 1},
		{"{ [i, j] : 0 <= i <= 10 and 0 <= j <= 10; [i, j] : 2 <= i <= 3 and 2 <= j <= 3 }", 1},
		{"[n] -> { [i] : 0 <= i < n; [i] : i = n and n >= 0 }", 1},
		{"[n] -> { [i] : 0 <= i < n; [i] : i = n }", 2},
		{"{ [i, j] : 0 <= i <= 10 and 0 <= j <= 10; [i, j] : 0 <= i <= 5 and 11 <= j <= 12 }", 2},
		{"{ [i] : 0 <= i <= 10 and i mod 2 = 0; [i] : 12 <= i <= 20 and i mod 2 = 0 }", 1},
		{"{ [i] -> [i + 1] : 0 <= i < 10; [i] -> [i + 1] : i = 10 }", 1},
		// adjacent intervals and boxes
		{"{ [i] : 0 <= i <= 3; [i] : 4 <= i <= 7 }", 1},
		{"{ [i, j] : 0 <= i <= 3 and 0 <= j <= 5; [i, j] : 4 <= i <= 7 and 0 <= j <= 5 }", 1},
		{"[n] -> { [i, j] : 0 <= i < n and 0 <= j < n; [i, j] : i = n and 0 <= j < n }", 1},
		// wrapping: two shifted segments make a parallelogram
		{"{ [i, j] : j = 0 and 0 <= i <= 2; [i, j] : j = 1 and 1 <= i <= 3 }", 1},
		// a triangle and the box next to it (extension)
		{"{ [i, j] : 0 <= j <= i <= 4; [i, j] : 5 <= i <= 6 and 0 <= j <= 4 }", 1},
		{"{ [i, j] : 0 <= j <= i <= 4; [i, j] : 5 <= i <= 6 and 0 <= j <= i - 2 }", 2},
		{"{ [i, j] : 0 <= i <= 4 and 0 <= j <= i; [i, j] : 0 <= i <= 4 and i < j <= 4 }", 1},
		// three pieces of one box
		{"{ [i, j] : 0 <= i <= 2 and 0 <= j <= 2; [i, j] : 3 <= i <= 5 and 0 <= j <= 2; [i, j] : 0 <= i <= 5 and 3 <= j <= 4 }", 1},
		// not convex: must stay apart
		{"{ [i] : 0 <= i <= 2; [i] : 4 <= i <= 6 }", 2},
		{"{ [i, j] : j = 0 and 0 <= i <= 2; [i, j] : j = 2 and 0 <= i <= 2 }", 2},
	} {
		s, _, err := ParseUnion(tc.in)
		if err != nil {
			t.Fatal(err)
		}
		c := s.Coalesce()
		n := 0
		for _, m := range c.Maps() {
			n += m.NParts()
		}
		if n != tc.parts || !c.IsEqual(s) {
			t.Errorf("Coalesce(%s) = %v: %d parts, want %d", tc.in, c, n, tc.parts)
		}
	}
}
