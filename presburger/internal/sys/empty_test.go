package sys

import (
	"math/rand"
	"testing"
)

func TestIsIntegerEmptyClassic(t *testing.T) {
	for _, c := range []struct {
		name  string
		s     *System
		empty bool
	}{
		{"thin strip 1 <= 3x - 3y <= 2", sysOf(2, nil, [][]int64{{3, -3, -1}, {-3, 3, 2}}), true},
		{"2x = 2y + 1", sysOf(2, [][]int64{{2, -2, -1}}, nil), true},
		{"x = y unbounded", sysOf(2, [][]int64{{1, -1, 0}}, nil), false},
		{"Pugh 27 <= 11x+13y <= 45, -10 <= 7x-9y <= 4",
			sysOf(2, nil, [][]int64{{11, 13, -27}, {-11, -13, 45}, {7, -9, 10}, {-7, 9, 4}}), true},
		{"Pugh shifted 27 <= 11x+13y <= 45, -10 <= 7x-9y <= 5 (x=2,y=1 no: 7*2-9=5)",
			sysOf(2, nil, [][]int64{{11, 13, -27}, {-11, -13, 45}, {7, -9, 10}, {-7, 9, 5}}), false},
		{"3x + 5y = 1 unbounded", sysOf(2, [][]int64{{3, 5, -1}}, nil), false},
		{"6x + 9y + 15z = 1", sysOf(3, [][]int64{{6, 9, 15, -1}}, nil), true},
		{"6x + 9y + 15z = 3, x,y,z >= 0", sysOf(3, [][]int64{{6, 9, 15, -3}}, [][]int64{{1, 0, 0, 0}, {0, 1, 0, 0}, {0, 0, 1, 0}}), true},
		{"6x + 9y + 15z = 30, x,y,z >= 0", sysOf(3, [][]int64{{6, 9, 15, -30}}, [][]int64{{1, 0, 0, 0}, {0, 1, 0, 0}, {0, 0, 1, 0}}), false},
		{"universe 0 vars", New(0), false},
		{"0 >= 1", sysOf(0, nil, [][]int64{{-1}}), true},
		{"2 <= 5x <= 4", sysOf(1, nil, [][]int64{{5, -2}, {-5, 4}}), true},
		{"unbounded cone x >= 2y >= 0 with x odd-free", sysOf(2, nil, [][]int64{{1, -2, 0}, {0, 1, 0}}), false},
		{"x = 3a+1, x = 5b+2, 0<=x<=6", sysOf(3, [][]int64{{1, -3, 0, -1}, {1, 0, -5, -2}}, [][]int64{{1, 0, 0, 0}, {-1, 0, 0, 6}}), true},
		{"x = 3a+1, x = 5b+2, 0<=x<=7", sysOf(3, [][]int64{{1, -3, 0, -1}, {1, 0, -5, -2}}, [][]int64{{1, 0, 0, 0}, {-1, 0, 0, 7}}), false},
	} {
		if got := IsIntegerEmpty(c.s); got != c.empty {
			t.Errorf("%s: IsIntegerEmpty = %v, want %v (%s)", c.name, got, c.empty, c.s)
		}
		pt, ok := Sample(c.s)
		if ok == c.empty {
			t.Errorf("%s: Sample ok = %v", c.name, ok)
		}
		if ok && !c.s.Contains(pt) {
			t.Errorf("%s: Sample %v not in set", c.name, pt)
		}
	}
}

func TestIsIntegerEmptyRandomBounded(t *testing.T) {
	seed := int64(1)
	rng := rand.New(rand.NewSource(seed))
	for it := 0; it < rounds(3000); it++ {
		n := 1 + rng.Intn(4)
		coef := int64(1 + rng.Intn(5))
		s := randSystem(rng, n, rng.Intn(3), rng.Intn(5), coef, 8)
		B := int64(3 + rng.Intn(3))
		addBox(s, 0, n, B)
		want := bruteEmpty(s, B)
		if got := IsIntegerEmpty(s); got != want {
			t.Fatalf("seed %d it %d: IsIntegerEmpty(%s) = %v, want %v", seed, it, s, got, want)
		}
	}
}

// Unbounded systems: a "non-empty" answer is checked by the sample, an
// "empty" answer by enumeration of a large box.
func TestIsIntegerEmptyRandomUnbounded(t *testing.T) {
	seed := int64(2)
	rng := rand.New(rand.NewSource(seed))
	for it := 0; it < rounds(600); it++ {
		n := 1 + rng.Intn(3)
		s := randSystem(rng, n, rng.Intn(2), 1+rng.Intn(4), int64(1+rng.Intn(6)), 10)
		empty := IsIntegerEmpty(s)
		pt, ok := Sample(s)
		if ok == empty {
			t.Fatalf("seed %d it %d: %s: empty %v but Sample ok %v", seed, it, s, empty, ok)
		}
		if ok && !s.Contains(pt) {
			t.Fatalf("seed %d it %d: %s: sample %v outside", seed, it, s, pt)
		}
		if empty && !bruteEmpty(s, 12) {
			t.Fatalf("seed %d it %d: %s: empty but box has points", seed, it, s)
		}
	}
}

func TestNormalize(t *testing.T) {
	for _, c := range []struct {
		s          *System
		want       string
		infeasible bool
	}{
		{sysOf(2, nil, [][]int64{{2, 4, 3}}), "x0 + 2x1 + 1 >= 0", false},
		{sysOf(2, nil, [][]int64{{2, 4, -3}}), "x0 + 2x1 - 2 >= 0", false},
		{sysOf(2, [][]int64{{2, 4, 3}}, nil), "", true},
		{sysOf(2, [][]int64{{-2, 4, 6}}, nil), "x0 - 2x1 - 3 = 0", false},
		{sysOf(1, nil, [][]int64{{0, -1}}), "", true},
		{sysOf(1, nil, [][]int64{{0, 0}, {0, 5}}), "true", false},
		{sysOf(1, nil, [][]int64{{1, 3}, {1, 1}, {2, 7}}), "x0 + 1 >= 0", false},
		{sysOf(1, nil, [][]int64{{1, -3}, {-1, 3}}), "x0 - 3 = 0", false},
		{sysOf(1, nil, [][]int64{{1, -3}, {-1, 2}}), "", true},
		{sysOf(1, nil, [][]int64{{3, -1}, {-3, 2}}), "", true}, // 1 <= 3x <= 2
		{sysOf(2, [][]int64{{1, 1, 0}, {1, 1, 1}}, nil), "", true},
		{sysOf(2, [][]int64{{1, 1, 0}}, [][]int64{{1, 1, -1}}), "", true},
		{sysOf(2, [][]int64{{1, 1, 0}}, [][]int64{{-1, -1, 2}}), "x0 + x1 = 0", false},
	} {
		s := c.s.Clone()
		inf := s.Normalize()
		if inf != c.infeasible {
			t.Errorf("Normalize(%s) infeasible = %v", c.s, inf)
			continue
		}
		if !inf && s.String() != c.want {
			t.Errorf("Normalize(%s) = %q, want %q", c.s, s.String(), c.want)
		}
	}
}

func TestNormalizeRandom(t *testing.T) {
	seed := int64(3)
	rng := rand.New(rand.NewSource(seed))
	for it := 0; it < rounds(2000); it++ {
		n := 1 + rng.Intn(3)
		s := randSystem(rng, n, rng.Intn(3), rng.Intn(6), 4, 6)
		if rng.Intn(2) == 0 && len(s.Ineq) > 0 { // opposite pairs
			r := s.Ineq[0]
			o := make([]int64, n+1)
			for i := range o {
				o[i] = -r[i]
			}
			o[n] += int64(rng.Intn(2))
			s.AddIneq(o)
		}
		u := s.Clone()
		inf := u.Normalize()
		enumerate(n, 5, func(x []int64) {
			a, b := s.Contains(x), !inf && u.Contains(x)
			if a != b {
				t.Fatalf("seed %d it %d: %s normalized to %s (inf %v) differs at %v", seed, it, s, u, inf, x)
			}
		})
	}
}

// Found by the -long run: Chernikov's rule applied across integer
// tightening declared this empty system non-empty.
func TestChernikovTighteningRegression(t *testing.T) {
	s := sysOf(4, [][]int64{{0, -3, -2, 0, -4}, {1, 4, -4, 4, 0}}, [][]int64{{-3, 3, 1, 0, -1}, {0, -2, 0, -2, -3}})
	addBox(s, 0, 4, 5)
	if !bruteEmpty(s, 5) {
		t.Fatal("test system should be empty")
	}
	if !IsIntegerEmpty(s) {
		t.Errorf("IsIntegerEmpty(%s) = false", s)
	}
	if _, ok := Sample(s); ok {
		t.Errorf("Sample found a point")
	}
	if ps := Project(s, 2); len(ps) != 0 {
		t.Errorf("Project gave %d pieces", len(ps))
	}
}
