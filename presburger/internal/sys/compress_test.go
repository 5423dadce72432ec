package sys

import (
	"math/rand"
	"testing"
)

// TestUnitEqLattice: a tiled set (x = 32a and y = 32b for tile origins,
// bounded by a parameter up to 1024) asked for points with y - 2x >= 1,
// none of which exist rationally close to the other constraints' vertices:
// the branch and bound crawled one tile at a time past its depth limit
// before the unit equalities were substituted (then b - 2a >= 1 is a
// row of the tableau). The search must now answer on its own, and agree
// with the Omega test.
func TestUnitEqLattice(t *testing.T) {
	// x0 = n, x1 = x, x2 = y, x3 = a, x4 = b.
	s := sysOf(5,
		[][]int64{
			{0, 1, 0, -32, 0, 0}, // x = 32a
			{0, 0, 1, 0, -32, 0}, // y = 32b
		},
		[][]int64{
			{-1, 0, 0, 0, 0, 1024}, // n <= 1024
			{0, 1, 0, 0, 0, 0},     // x >= 0
			{1, -1, 0, 0, 0, -1},   // x <= n - 1
			{0, 0, 1, 0, 0, 0},     // y >= 0
			{1, 0, -1, 0, 0, -1},   // y <= n - 1
			{0, -2, 1, 0, 0, -1},   // y - 2x >= 1
			{0, 2, -1, 0, 0, 30},   // y - 2x <= 30
		})
	want := oldIntegerEmpty(s)
	if !want {
		t.Fatal("the Omega test finds a point: the example is wrong")
	}
	got, ok := simplexIntegerEmpty(s, newBudget("test"))
	if !ok || got != want {
		t.Fatalf("simplex integer empty %v (answered %v), want %v", got, ok, want)
	}
	if pt, ok := simplexSample(s, newBudget("test")); !ok || pt != nil {
		t.Fatalf("simplex sample %v (answered %v), want none", pt, ok)
	}
	// Without the last row there are points; the one found must
	// satisfy the substituted equalities.
	s.Ineq = s.Ineq[:len(s.Ineq)-2]
	pt, ok := simplexSample(s, newBudget("test"))
	if !ok || pt == nil || !s.Contains(pt) {
		t.Fatalf("simplex sample %v (answered %v): not a point of %v", pt, ok, s)
	}
}

// TestUnitEqRandom checks the searches with substituted unit equalities
// (chains of them, and equalities that become unit only after a
// substitution or a normalization) against the Omega test and brute force.
func TestUnitEqRandom(t *testing.T) {
	const seed = 21
	rng := rand.New(rand.NewSource(seed))
	answered := 0
	for it := 0; it < rounds(3000); it++ {
		n := 2 + rng.Intn(4)
		s := randSystem(rng, n, 0, rng.Intn(6), int64(1+rng.Intn(4)), 10)
		for k := rng.Intn(3); k >= 0; k-- {
			// x_v = sum of multiples of the others, plus a constant.
			e := randRow(rng, n, 3, 5)
			v := rng.Intn(n)
			e[v] = []int64{1, -1}[rng.Intn(2)]
			s.Eq = append(s.Eq, e)
		}
		const B = 4
		addBox(s, 0, n, B)
		want := oldIntegerEmpty(s)
		if want != bruteEmpty(s, B) {
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
		pt, ok := simplexSample(s, newBudget("test"))
		if ok && (pt != nil) == want {
			t.Fatalf("seed %d it %d: simplex sample %v, empty %v for %v", seed, it, pt, want, s)
		}
		if pt != nil && !s.Contains(pt) {
			t.Fatalf("seed %d it %d: sample %v outside %v", seed, it, pt, s)
		}
	}
	if answered < rounds(3000)/2 {
		t.Errorf("the simplex answered only %d of %d", answered, rounds(3000))
	}
}
