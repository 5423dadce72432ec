package presburger

import (
	"math/rand/v2"
	"testing"
)

func TestRandomGist(t *testing.T) {
	for seed := uint64(0); seed < uint64(iters(600)); seed++ {
		rng := rand.New(rand.NewPCG(seed, 104))
		params := randNames("p", rng.IntN(2))
		sp := NewSetSpace(params, "S", randNames("s", 1+rng.IntN(2)))
		s, ss := genMap(rng, sp, genOpts{locals: rng.IntN(3) == 0, bounded: rng.IntN(2) == 0})
		c, sc := genMap(rng, sp, genOpts{locals: rng.IntN(3) == 0})
		if rng.IntN(3) == 0 {
			c, sc = s.Union(c), func(p []int64) bool { return ss(p) || sc(p) }
		}
		budgetSkip(t, seed, func() {
			g := s.Gist(c)
			checkAgainst(t, seed, "gist ∩ context", g.Intersect(c), func(p []int64) bool { return ss(p) && sc(p) }, s, c)
		})
		if t.Failed() {
			return
		}
	}
}

func TestGistTable(t *testing.T) {
	for _, tc := range []struct{ in, ctx, want string }{
		{"[n] -> { [i] : 0 <= i < n and n >= 10 }", "[n] -> { [i] : n >= 10 }", "[n] -> { [i] : 0 <= i < n }"},
		{"{ [i, j] : 0 <= i <= 10 and 0 <= j <= i }", "{ [i, j] : 0 <= i <= 10 and 0 <= j <= 10 }", "{ [i, j] : j <= i }"},
		{"{ [i] : 0 <= i <= 10 }", "{ [i] : 0 <= i <= 10 }", "{ [i] }"},
	} {
		got := MustParseSet(tc.in).Gist(MustParseSet(tc.ctx))
		if want := MustParseSet(tc.want); !got.IsEqual(want) || got.Part(0).NCols() != want.Part(0).NCols() || len(got.Part(0).Ineqs()) != len(want.Part(0).Ineqs()) {
			t.Errorf("Gist(%s, %s) = %v, want %s", tc.in, tc.ctx, got, tc.want)
		}
	}
	m := MustParseMap("[n] -> { [i] -> [j] : 0 <= i < n and j = i + 1 and n > 0 }")
	g := m.GistParams(MustParseSet("[n] -> { : n > 0 }")).GistDomain(MustParseSet("[n] -> { [i] : 0 <= i < n }"))
	if !g.IsEqual(MustParseMap("{ [i] -> [i + 1] }").AlignParams([]string{"n"})) {
		t.Errorf("GistDomain = %v", g)
	}
}
