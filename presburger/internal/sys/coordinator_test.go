package sys

import "testing"

// TestCoordinatorRationalEmptyRegression was found by the Farkas
// (Coefficients) brute-force test in package presburger: this system is
// rationally empty (x0 >= 0 and 2x1 >= x0 + 1 give x1 >= 1/2, so
// -1000x0 - 2000x1 <= -1000 < 1001), but IsRationalEmpty said false and
// RationalProject(s, 1) returned the contradictory pair
// 1000x0 - 1001 >= 0, -2000x0 - 2001 >= 0 without reporting emptiness.
func TestCoordinatorRationalEmptyRegression(t *testing.T) {
	s := New(2)
	for _, r := range [][]int64{{1, 0, 0}, {-1, 0, 1}, {-1, 2, -1}, {0, 1, 2}, {0, -1, 1}, {1, 1, 0}, {-1000, -2000, -1001}} {
		s.AddIneq(r)
	}
	if !IsRationalEmpty(s) {
		t.Errorf("IsRationalEmpty = false, want true for %v", s)
	}
	if p := RationalProject(s, 1); !IsRationalEmpty(p) {
		t.Errorf("RationalProject = %v, want an empty system", p)
	}
}
