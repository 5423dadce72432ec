package sys

import (
	"math"
	"math/big"
	"math/rand"
	"testing"
)

// naiveRatEmpty is an independent oracle: Fourier-Motzkin with big.Rat rows
// and no pruning at all (small systems only). Rows: coefficients then
// constant, meaning row·(x,1) >= 0 (strict[i]: > 0).
func naiveRatEmpty(n int, eq, ineq [][]int64) bool {
	type row struct {
		r      []*big.Rat
		strict bool
	}
	conv := func(r []int64) []*big.Rat {
		out := make([]*big.Rat, len(r))
		for i, v := range r {
			out[i] = new(big.Rat).SetInt64(v)
		}
		return out
	}
	var rows []row
	for _, r := range ineq {
		rows = append(rows, row{r: conv(r)})
	}
	for _, r := range eq {
		rows = append(rows, row{r: conv(r)})
		neg := make([]int64, len(r))
		for i := range r {
			neg[i] = -r[i]
		}
		rows = append(rows, row{r: conv(neg)})
	}
	for j := 0; j < n; j++ {
		var lo, up, rest []row
		for _, r := range rows {
			switch r.r[j].Sign() {
			case 1:
				lo = append(lo, r)
			case -1:
				up = append(up, r)
			default:
				rest = append(rest, r)
			}
		}
		for _, l := range lo {
			for _, u := range up {
				c := make([]*big.Rat, n+1)
				a, bb := l.r[j], new(big.Rat).Neg(u.r[j])
				for i := range c {
					c[i] = new(big.Rat).Add(new(big.Rat).Mul(l.r[i], bb), new(big.Rat).Mul(u.r[i], a))
				}
				rest = append(rest, row{r: c, strict: l.strict || u.strict})
			}
		}
		rows = rest
	}
	for _, r := range rows {
		s := r.r[n].Sign()
		if s < 0 || (s == 0 && r.strict) {
			return true
		}
	}
	return false
}

func TestIsRationalEmptyRandom(t *testing.T) {
	seed := int64(9)
	rng := rand.New(rand.NewSource(seed))
	for it := 0; it < rounds(1000); it++ {
		n := 1 + rng.Intn(4)
		s := randSystem(rng, n, rng.Intn(3), rng.Intn(7), int64(1+rng.Intn(5)), 8)
		small := n <= 2 && len(s.Eq) < 2 // keeps the big.Rat oracle cheap
		if small && rng.Intn(2) == 0 {   // a row with large coefficients
			s.AddIneq(randRow(rng, n, 2000, 2000))
		}
		if small && rng.Intn(2) == 0 { // parallel rows of different strength
			r := randRow(rng, n, 3, 5)
			s.AddIneq(r)
			r2 := append([]int64(nil), r...)
			for i := range r2 {
				r2[i] *= int64(2 + rng.Intn(500))
			}
			r2[n] += int64(rng.Intn(7) - 3)
			s.AddIneq(r2)
		}
		want := naiveRatEmpty(n, s.Eq, s.Ineq)
		if got := IsRationalEmpty(s); got != want {
			t.Fatalf("seed %d it %d: IsRationalEmpty(%s) = %v, want %v", seed, it, s, got, want)
		}
		if want && !IsIntegerEmpty(s) {
			t.Fatalf("seed %d it %d: rationally empty but integer points: %s", seed, it, s)
		}
	}
	// Rationally non-empty, integer empty.
	s := sysOf(2, nil, [][]int64{{3, -3, -1}, {-3, 3, 2}})
	if IsRationalEmpty(s) || !IsIntegerEmpty(s) {
		t.Errorf("thin strip: rational %v integer %v", IsRationalEmpty(s), IsIntegerEmpty(s))
	}
}

// RationalProject is checked point by point on a rational grid: a kept point
// y is in the real shadow iff s with x_kept = y is rationally non-empty.
func TestRationalProjectRandom(t *testing.T) {
	seed := int64(10)
	rng := rand.New(rand.NewSource(seed))
	for it := 0; it < rounds(300); it++ {
		n := 2 + rng.Intn(3)
		keep := 1 + rng.Intn(min(2, n-1))
		s := randSystem(rng, n, rng.Intn(2), 1+rng.Intn(6), int64(1+rng.Intn(4)), 8)
		p := RationalProject(s, keep)
		if p.NVars != keep {
			t.Fatalf("bad NVars")
		}
		// Grid points y = z/den for den in {1, 2, 3}: scale every row.
		for _, den := range []int64{1, 2, 3} {
			enumerate(keep, 4, func(z []int64) {
				// s with x_i = z_i/den, scaled by den, over the other variables.
				fix := func(rows [][]int64) [][]int64 {
					var out [][]int64
					for _, r := range rows {
						f := make([]int64, n-keep+1)
						for j := keep; j < n; j++ {
							f[j-keep] = den * r[j]
						}
						f[n-keep] = den * r[n]
						for i := 0; i < keep; i++ {
							f[n-keep] += r[i] * z[i]
						}
						out = append(out, f)
					}
					return out
				}
				want := !naiveRatEmpty(n-keep, fix(s.Eq), fix(s.Ineq))
				// p at z/den: den·row·(z/den,1) = row·(z, den)
				got := true
				chk := func(r []int64, isEq bool) {
					v := r[keep] * den
					for i := 0; i < keep; i++ {
						v += r[i] * z[i]
					}
					if (isEq && v != 0) || (!isEq && v < 0) {
						got = false
					}
				}
				for _, r := range p.Eq {
					chk(r, true)
				}
				for _, r := range p.Ineq {
					chk(r, false)
				}
				if got != want {
					t.Fatalf("seed %d it %d: RationalProject(%s, %d) = %s; at %v/%d got %v want %v", seed, it, s, keep, p, z, den, got, want)
				}
			})
		}
	}
}

func TestRationalProjectPrunes(t *testing.T) {
	// A cube [0,1]^4 sheared: the projection of a 4-d box onto 1 variable
	// must be 2 rows, whatever the intermediate blowup.
	n := 5
	s := New(n)
	for i := 0; i < n; i++ {
		for _, sg := range []int64{1, -1} {
			r := make([]int64, n+1)
			r[i] = sg
			if i+1 < n {
				r[i+1] = sg
			}
			if sg < 0 {
				r[n] = 3
			}
			s.AddIneq(r)
		}
	}
	p := RationalProject(s, 1)
	if len(p.Ineq)+2*len(p.Eq) > 2 {
		t.Errorf("RationalProject kept %d rows: %s", len(p.Ineq), p)
	}
}

func TestOverflowPanics(t *testing.T) {
	big := int64(math.MaxInt64 / 3)
	cases := []struct {
		name string
		f    func()
	}{
		{"FM combination", func() {
			s := sysOf(2, nil, [][]int64{{big, 3, 0}, {-big + 7, 5, big}, {2, -big, big}, {-3, -big + 1, big}})
			IsIntegerEmpty(s)
		}},
		{"substitution", func() {
			s := sysOf(3, [][]int64{{1, big, big, 0}}, [][]int64{{5, 7, -9, big}, {-5, 9, 11, big}})
			Project(s, 1)
		}},
		{"rational", func() {
			s := sysOf(2, nil, [][]int64{{big, 3, 0}, {-big + 7, 5, big}, {2, -big, big}, {-3, -big + 1, big}})
			IsRationalEmpty(s)
		}},
	}
	for _, c := range cases {
		r := catch(c.f)
		if r != nil && !isOverflow(r) {
			t.Errorf("%s: panic %v is not an OverflowError", c.name, r)
		}
		if r == nil {
			t.Logf("%s: no overflow (answered exactly)", c.name)
		}
	}
	// This one must overflow: min of x with x >= MaxInt64-ish bound times 3.
	r := catch(func() {
		Min(sysOf(1, nil, [][]int64{{3, -math.MaxInt64}, {-1, math.MaxInt64}}), []int64{3, 0})
	})
	if !isOverflow(r) {
		t.Errorf("Min near MaxInt64: panic %v, want OverflowError", r)
	}
	r = catch(func() {
		s := sysOf(2, nil, [][]int64{{big, big, 0}, {-big - 5, big, 7}, {3, -big, big}})
		Project(s, 0)
	})
	if r != nil && !isOverflow(r) {
		t.Errorf("project: %v", r)
	}
}
