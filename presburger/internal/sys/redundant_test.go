package sys

import (
	"math/big"
	"math/rand"
	"testing"
)

func samePoints(t *testing.T, tag string, a, b *System, B int64) {
	t.Helper()
	enumerate(a.NVars, B, func(x []int64) {
		if a.Contains(x) != b.Contains(x) {
			t.Fatalf("%s: %s and %s differ at %v", tag, a, b, x)
		}
	})
}

func TestRemoveRedundantRandom(t *testing.T) {
	seed := int64(7)
	rng := rand.New(rand.NewSource(seed))
	for it := 0; it < rounds(400); it++ {
		n := 1 + rng.Intn(3)
		s := randSystem(rng, n, rng.Intn(2), 2+rng.Intn(6), 3, 8)
		addBox(s, 0, n, 4)
		r := s.RemoveRedundant()
		tag := "seed 7 it " + itoa(it)
		samePoints(t, tag, s, r, 5)
		// No remaining inequality is implied by the others.
		if IsIntegerEmpty(r) {
			continue
		}
		for i := range r.Ineq {
			u := &System{NVars: n, Eq: r.Eq}
			u.Ineq = append(append([][]int64{}, r.Ineq[:i]...), r.Ineq[i+1:]...)
			diff := false
			enumerate(n, 6, func(x []int64) {
				if u.Contains(x) && !r.Contains(x) {
					diff = true
				}
			})
			if !diff && IsIntegerEmpty(withNeg(u, r.Ineq[i])) {
				t.Fatalf("%s: row %d of %s redundant", tag, i, r)
			}
		}
	}
	// A table case.
	s := sysOf(2, nil, [][]int64{{1, 0, 0}, {0, 1, 0}, {1, 1, 0}, {-1, 0, 5}, {-1, -1, 20}})
	if got := s.RemoveRedundant().String(); got != "x0 >= 0, x1 >= 0, -x0 + 5 >= 0, -x0 - x1 + 20 >= 0" {
		t.Errorf("RemoveRedundant = %s", got)
	}
	// Redundant only over the integers: 2x >= 1 and x >= 1.
	s = sysOf(1, nil, [][]int64{{3, -1}, {1, -1}, {-1, 9}})
	if got := s.RemoveRedundant(); len(got.Ineq) != 2 {
		t.Errorf("RemoveRedundant integer = %s", got)
	}
}

func withNeg(u *System, r []int64) *System {
	n := u.NVars
	v := u.Clone()
	neg := make([]int64, n+1)
	for c := range neg {
		neg[c] = -r[c]
	}
	neg[n]--
	v.Ineq = append(v.Ineq, neg)
	return v
}

func TestImplicitEqualitiesRandom(t *testing.T) {
	seed := int64(8)
	rng := rand.New(rand.NewSource(seed))
	for it := 0; it < rounds(400); it++ {
		n := 1 + rng.Intn(3)
		s := randSystem(rng, n, rng.Intn(2), 2+rng.Intn(5), 3, 5)
		addBox(s, 0, n, 3)
		if rng.Intn(2) == 0 { // a thin strip
			r := randRow(rng, n, 3, 3)
			s.AddIneq(r)
			o := make([]int64, n+1)
			for i := range o {
				o[i] = -r[i]
			}
			o[n] += int64(rng.Intn(3))
			s.AddIneq(o)
		}
		r := s.ImplicitEqualities()
		tag := "seed 8 it " + itoa(it)
		samePoints(t, tag, s, r, 4)
		var pts [][]int64
		enumerate(n, 3, func(x []int64) {
			if s.Contains(x) {
				pts = append(pts, append([]int64(nil), x...))
			}
		})
		if len(pts) == 0 {
			continue
		}
		for _, ineq := range r.Ineq { // no inequality is tight everywhere
			tight := true
			for _, p := range pts {
				if evalRow(ineq, p) != 0 {
					tight = false
				}
			}
			if tight {
				t.Fatalf("%s: %s has implicit equality %v", tag, r, ineq)
			}
		}
		// the equalities span the affine hull: dimension check
		if d := hullDim(pts); d != n-rank(r.Eq, n) {
			t.Fatalf("%s: %s: hull dim %d but %d equalities of rank %d", tag, r, d, len(r.Eq), rank(r.Eq, n))
		}
	}
}

// rank of the coefficient parts of rows (big.Rat Gaussian elimination).
func rank(rows [][]int64, n int) int {
	m := make([][]*big.Rat, len(rows))
	for i, r := range rows {
		m[i] = make([]*big.Rat, n)
		for j := 0; j < n; j++ {
			m[i][j] = new(big.Rat).SetInt64(r[j])
		}
	}
	return ratRank(m, n)
}

func ratRank(m [][]*big.Rat, n int) int {
	rk := 0
	for c := 0; c < n && rk < len(m); c++ {
		p := -1
		for i := rk; i < len(m); i++ {
			if m[i][c].Sign() != 0 {
				p = i
				break
			}
		}
		if p < 0 {
			continue
		}
		m[rk], m[p] = m[p], m[rk]
		for i := 0; i < len(m); i++ {
			if i != rk && m[i][c].Sign() != 0 {
				f := new(big.Rat).Quo(m[i][c], m[rk][c])
				for j := 0; j < n; j++ {
					m[i][j].Sub(m[i][j], new(big.Rat).Mul(f, m[rk][j]))
				}
			}
		}
		rk++
	}
	return rk
}

func hullDim(pts [][]int64) int {
	n := len(pts[0])
	var m [][]*big.Rat
	for _, p := range pts[1:] {
		row := make([]*big.Rat, n)
		for j := range row {
			row[j] = new(big.Rat).SetInt64(p[j] - pts[0][j])
		}
		m = append(m, row)
	}
	return ratRank(m, n)
}
