package scheduler

import (
	"math/rand"
	"slices"
	"testing"

	"github.com/tessera-opt/tessera/presburger"
)

// TestSolveLexminHuge: integer programs over the box 0..4 whose rows have
// coefficients up to 2^44, so that the simplex's pivots leave int64; the
// solver must answer every one (no refusal) as enumeration does.
func TestSolveLexminHuge(t *testing.T) {
	rng := rand.New(rand.NewSource(44))
	for iter := 0; iter < 200; iter++ {
		n := 2 + rng.Intn(3)
		var eq, ineq [][]int64
		for j := 0; j < n; j++ {
			r := make([]int64, n+1)
			r[j], r[n] = -1, 4 // x_j <= 4
			ineq = append(ineq, r)
		}
		for k := rng.Intn(4); k >= 0; k-- {
			// Through a random box point, with a random slack.
			r := make([]int64, n+1)
			var at int64
			for j := 0; j < n; j++ {
				r[j] = rng.Int63n(1<<45) - 1<<44
				at += r[j] * rng.Int63n(5)
			}
			r[n] = -at + rng.Int63n(1<<40)
			ineq = append(ineq, r)
		}
		got, ok, err := solveLexmin(presburger.Query{}, n, eq, ineq)
		if err != nil {
			t.Fatalf("iter %d: ineq %v: %v", iter, ineq, err)
		}
		want := bruteLexmin(n, nil, ineq)
		if (want == nil) != !ok || ok && !slices.Equal(got, want) {
			t.Fatalf("iter %d: ineq %v: got %v (%v), want %v", iter, ineq, got, ok, want)
		}
	}
}
