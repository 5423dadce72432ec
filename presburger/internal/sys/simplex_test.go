package sys

import (
	"fmt"
	"math/rand"
	"testing"
)

// Differential tests of the simplex layer against the Omega-test
// implementations (oldIntegerEmpty, oldMin, oldLexMin) and brute force.

func oldIntegerEmpty(s *System) bool { return omegaIntegerEmpty(s, newBudget("test")) }

func optimizeOld(s *System, obj []int64) Result {
	return optimizeSearch(s, obj, false, newBudget("Min"))
}

func lexOptOld(s *System) Result { return lexOptSearch(s, false, newBudget("LexMin")) }

func randTestSystem(rng *rand.Rand, bounded bool) (*System, int64) {
	n := 1 + rng.Intn(5)
	s := randSystem(rng, n, rng.Intn(3), rng.Intn(6), int64(1+rng.Intn(4)), 10)
	B := int64(4)
	if bounded {
		addBox(s, 0, n, B)
	} else {
		addBox(s, 0, rng.Intn(n+1), B)
	}
	return s, B
}

func TestSimplexRationalEmptyRandom(t *testing.T) {
	const seed = 11
	rng := rand.New(rand.NewSource(seed))
	for it := 0; it < rounds(3000); it++ {
		s, _ := randTestSystem(rng, rng.Intn(2) == 0)
		want := newRatProb(s).eliminate(0, newBudget("test"))
		got := tableauOf(s, newBudget("test")).empty
		if got != want {
			t.Fatalf("seed %d it %d: simplex rational empty %v, FM %v for %v", seed, it, got, want, s)
		}
	}
}

func TestSimplexIntegerEmptyRandom(t *testing.T) {
	const seed = 12
	rng := rand.New(rand.NewSource(seed))
	answered := 0
	for it := 0; it < rounds(3000); it++ {
		bounded := rng.Intn(2) == 0
		s, B := randTestSystem(rng, bounded)
		want := oldIntegerEmpty(s)
		if bounded && want != bruteEmpty(s, B) {
			t.Fatalf("seed %d it %d: omega disagrees with brute force on %v", seed, it, s)
		}
		got, ok := simplexIntegerEmpty(s, newBudget("test"))
		if !ok {
			continue
		}
		answered++
		if got != want {
			t.Fatalf("seed %d it %d: simplex integer empty %v, omega %v for %v", seed, it, got, want, s)
		}
		if pt, ok := simplexSample(s, newBudget("test")); ok && (pt != nil) == want {
			t.Fatalf("seed %d it %d: simplex sample %v, empty %v for %v", seed, it, pt, want, s)
		} else if pt != nil && !s.Contains(pt) {
			t.Fatalf("seed %d it %d: sample %v outside %v", seed, it, pt, s)
		}
	}
	t.Logf("answered %d", answered)
}

func TestSimplexMinLexRandom(t *testing.T) {
	const seed = 13
	rng := rand.New(rand.NewSource(seed))
	for it := 0; it < rounds(2000); it++ {
		bounded := rng.Intn(3) > 0
		s, _ := randTestSystem(rng, bounded)
		obj := randRow(rng, s.NVars, 4, 4)
		tag := fmt.Sprintf("seed %d it %d: %v", seed, it, s)
		want := optimizeOld(s, obj)
		got, ok := simplexMin(s, obj, newBudget("test"))
		if ok {
			if got.Kind != want.Kind || (got.Kind == Bounded && (got.Value != want.Value || !s.Contains(got.Point) || evalRow(obj, got.Point) != got.Value)) {
				t.Fatalf("%s: min %v: simplex %+v, omega %+v", tag, obj, got, want)
			}
		} else if bounded {
			t.Errorf("%s: simplex min gave up on a bounded system", tag)
		}
		wl := lexOptOld(s)
		gl, ok := simplexLexMin(s, newBudget("test"))
		if ok {
			if gl.Kind != wl.Kind || (gl.Kind == Bounded && fmt.Sprint(gl.Point) != fmt.Sprint(wl.Point)) {
				t.Fatalf("%s: lexmin: simplex %+v, omega %+v", tag, gl, wl)
			}
		} else if bounded {
			t.Errorf("%s: simplex lexmin gave up on a bounded system", tag)
		}
	}
}

// TestDenseSystems: dense 8-variable systems (12 rows, coefficients up to
// 3, box [-10, 10]) made Fourier-Motzkin exceed its budget; branch and
// bound answers all of them. The answers are checked against each other
// (Sample, IsIntegerEmpty, LexMin, Min); the Omega test cannot serve as
// an oracle here.
func TestDenseSystems(t *testing.T) {
	const seed = 14
	rng := rand.New(rand.NewSource(seed))
	nonEmpty := 0
	for it := 0; it < rounds(100); it++ {
		s := randSystem(rng, 8, rng.Intn(3), 12, 3, 10)
		addBox(s, 0, 8, 10)
		empty := IsIntegerEmpty(s)
		pt, ok := Sample(s)
		if ok == empty || (ok && !s.Contains(pt)) {
			t.Fatalf("seed %d it %d: IsIntegerEmpty %v, Sample %v %v", seed, it, empty, pt, ok)
		}
		r := LexMin(s)
		obj := randRow(rng, 8, 3, 3)
		m := Min(s, obj)
		if empty {
			if r.Kind != Empty || m.Kind != Empty {
				t.Fatalf("seed %d it %d: empty but LexMin %v Min %v", seed, it, r.Kind, m.Kind)
			}
			continue
		}
		nonEmpty++
		if r.Kind != Bounded || !s.Contains(r.Point) || lexLess(pt, r.Point) {
			t.Fatalf("seed %d it %d: LexMin %+v, sample %v", seed, it, r, pt)
		}
		if m.Kind != Bounded || !s.Contains(m.Point) || evalRow(obj, m.Point) != m.Value ||
			m.Value > evalRow(obj, pt) || m.Value > evalRow(obj, r.Point) {
			t.Fatalf("seed %d it %d: Min %+v", seed, it, m)
		}
	}
	t.Logf("%d non-empty", nonEmpty)
}
