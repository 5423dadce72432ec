package presburger

import (
	"math/rand/v2"
	"testing"
)

// TestRelaxDomainSchedule: a schedule map whose domain has many parts (a
// disjunction of mods, made disjoint) relaxes to its function, one part,
// that agrees with it on the domain.
func TestRelaxDomainSchedule(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"[n] -> { S[i, j] -> [i, i + j] : 0 <= i < n and 0 <= j < n and ((i + j) mod 2 = 1 or i mod 3 = 0 or j >= i + 2) }",
			"[n] -> { S[i, j] -> [i, i + j] }"},
		{"[n] -> { S[i] -> [floor(i/32), i] : 0 <= i < n and (i mod 2 = 0 or i mod 5 = 0) }",
			"[n] -> { S[i] -> [floor(i/32), i] }"},
		// An existential shared with an output stays, with its constraints.
		{"{ S[i] -> [o] : exists (e: o = 2e and 0 <= e - i <= 1) and (i mod 3 = 0 or i mod 5 = 1) }",
			"{ S[i] -> [o] : exists (e: o = 2e and 0 <= e - i <= 1) }"},
	} {
		m := MustParseMap(c.in)
		r := m.RelaxDomain()
		want := MustParseMap(c.want)
		if len(m.Parts()) < 2 {
			t.Errorf("%s: the test needs a map of several parts, got %v", c.in, m)
		}
		if len(r.Parts()) != 1 {
			t.Errorf("RelaxDomain(%v) = %v: %d parts, want 1", m, r, len(r.Parts()))
		}
		if !r.IsEqual(want) {
			t.Errorf("RelaxDomain(%v) = %v, want %v", m, r, want)
		}
	}
}

// TestRandomRelaxDomain: RelaxDomain(m) contains m, checked point by point
// on random maps with divisions and existentials.
func TestRandomRelaxDomain(t *testing.T) {
	sk := newSkips(t)
	for seed := uint64(0); seed < uint64(iters(300)); seed++ {
		if t.Failed() {
			break
		}
		sk.run(seed, func() {
			rng := rand.New(rand.NewPCG(seed, 7))
			params := randParams(rng)
			sp := NewMapSpace(params, "A", randNames("a", 1+rng.IntN(2)), "B", []string{"b"})
			m, sm := genMap(rng, sp, genOpts{locals: true, bounded: rng.IntN(2) == 0})
			r := m.RelaxDomain()
			if len(r.Parts()) > len(m.Parts()) {
				t.Errorf("seed %d: RelaxDomain(%v) = %v has more parts", seed, m, r)
			}
			forBox(sp.NParam(), sp.NDim()-sp.NParam(), func(pt []int64) {
				if !t.Failed() && sm(pt) && !r.Contains(pt) {
					t.Errorf("seed %d: RelaxDomain(%v) = %v misses %v", seed, m, r, pt)
				}
			})
		})
	}
	sk.done()
}

// TestRandomSubtractWithin: with room, SubtractWithin is Subtract; with
// none it gives up (false) unless there is nothing to do.
func TestRandomSubtractWithin(t *testing.T) {
	sk := newSkips(t)
	gaveUp := 0
	for seed := uint64(0); seed < uint64(iters(300)); seed++ {
		if t.Failed() {
			break
		}
		sk.run(seed, func() {
			rng := rand.New(rand.NewPCG(seed, 8))
			params := randParams(rng)
			sp := randSetSpace(rng, params, "S", 1+rng.IntN(2))
			o := genOpts{locals: true, bounded: rng.IntN(3) == 0}
			a, sa := genMap(rng, sp, o)
			b, sb := genMap(rng, sp, o)
			r, ok := a.SubtractWithin(b, 1<<40)
			if !ok {
				t.Errorf("seed %d: SubtractWithin gave up with an unlimited budget", seed)
				return
			}
			if !checkAgainst(t, seed, "subtract within", r, func(p []int64) bool { return sa(p) && !sb(p) }, a, b) {
				return
			}
			if _, ok := a.SubtractWithin(b, 1); !ok {
				gaveUp++
			}
		})
	}
	sk.done()
	if gaveUp == 0 {
		t.Errorf("SubtractWithin never gave up with a budget of one step")
	}
}
