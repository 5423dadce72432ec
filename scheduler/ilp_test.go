package scheduler

import (
	"math/big"
	"math/rand"
	"slices"
	"testing"

	"github.com/tessera-opt/tessera/presburger"
)

// TestSolveLexminBruteForce compares the solver with enumeration of the
// box 0..4 on random small integer programs (seeded).
func TestSolveLexminBruteForce(t *testing.T) {
	const seed = 42
	rng := rand.New(rand.NewSource(seed))
	for iter := 0; iter < 300; iter++ {
		n := 2 + rng.Intn(3)
		var eq, ineq [][]int64
		for j := 0; j < n; j++ {
			r := make([]int64, n+1)
			r[j], r[n] = -1, 4 // x_j <= 4
			ineq = append(ineq, r)
		}
		for k := rng.Intn(4); k >= 0; k-- {
			r := make([]int64, n+1)
			for j := range r {
				r[j] = int64(rng.Intn(7) - 3)
			}
			ineq = append(ineq, r)
		}
		if rng.Intn(3) == 0 {
			r := make([]int64, n+1)
			for j := range r {
				r[j] = int64(rng.Intn(5) - 2)
			}
			eq = append(eq, r)
		}
		got, ok, err := solveLexmin(presburger.Query{}, n, eq, ineq)
		if err != nil {
			t.Fatalf("seed %d iter %d: %v", seed, iter, err)
		}
		want := bruteLexmin(n, eq, ineq)
		if (want == nil) != !ok || (ok && !slices.Equal(got, want)) {
			t.Fatalf("seed %d iter %d: eq %v ineq %v: got %v (%v), want %v", seed, iter, eq, ineq, got, ok, want)
		}
	}
}

// bruteLexmin enumerates the box [0,4]^n in lexicographic order for the
// first point that satisfies eq and ineq, evaluating the rows exactly in
// math/big (the rows' coefficients may be near the int64 range).
func bruteLexmin(n int, eq, ineq [][]int64) []int64 {
	x := make([]int64, n)
	var rec func(k int) []int64
	eval := func(r []int64) int {
		v := big.NewInt(r[n])
		for j := 0; j < n; j++ {
			v.Add(v, new(big.Int).Mul(big.NewInt(r[j]), big.NewInt(x[j])))
		}
		return v.Sign()
	}
	rec = func(k int) []int64 {
		if k == n {
			for _, r := range eq {
				if eval(r) != 0 {
					return nil
				}
			}
			for _, r := range ineq {
				if eval(r) < 0 {
					return nil
				}
			}
			return slices.Clone(x)
		}
		for v := int64(0); v <= 4; v++ {
			x[k] = v
			if p := rec(k + 1); p != nil {
				return p
			}
		}
		return nil
	}
	return rec(0)
}
