package sys

import (
	"math/rand"
	"testing"
)

// fmIrredundant is the sequential rational redundancy test by
// Fourier-Motzkin (removeRationalRedundant's fallback, written out again):
// row i goes when the kept rows before it and all the rows after it, with
// row i < 0, have no rational point.
func fmIrredundant(n int, eq, ineq [][]int64) []bool {
	keep := make([]bool, len(ineq))
	for i := range ineq {
		p := &ratProb{nv: n, eq: cloneRows(eq)}
		for k, r := range ineq {
			switch {
			case k == i:
				neg := make([]int64, n+1)
				for c := range neg {
					neg[c] = -r[c]
				}
				p.ineq = append(p.ineq, ratRow{r: neg, strict: true})
			case k > i || keep[k]:
				p.ineq = append(p.ineq, ratRow{r: append([]int64(nil), r...)})
			}
		}
		for k := range p.ineq {
			p.ineq[k].hist = make([]uint64, (len(p.ineq)+63)/64)
			p.ineq[k].hist[k/64] |= 1 << (k % 64)
		}
		keep[i] = !p.eliminate(0, newBudget("test"))
	}
	return keep
}

// randRedundancySystem makes systems with many redundant rows: a random
// polytope or cone, positive multiples and weaker copies of its rows, and
// random combinations of them.
func randRedundancySystem(rng *rand.Rand) (n int, eq, ineq [][]int64) {
	n = 1 + rng.Intn(3)
	cone := rng.Intn(3) == 0
	base := 2 + rng.Intn(8)
	var rows [][]int64
	for i := 0; i < base; i++ {
		r := randRow(rng, n, 3, 6)
		if cone {
			r[n] = 0
		}
		rows = append(rows, r)
	}
	if rng.Intn(2) == 0 {
		s := New(n)
		addBox(s, 0, n, int64(2+rng.Intn(5)))
		rows = append(rows, s.Ineq...)
	}
	extra := rng.Intn(32)
	for k := 0; k < extra; k++ {
		a, b := rows[rng.Intn(len(rows))], rows[rng.Intn(len(rows))]
		c := make([]int64, n+1)
		switch rng.Intn(4) {
		case 0: // a positive multiple (the same half-space)
			m := int64(1 + rng.Intn(3))
			for j := range c {
				c[j] = m * a[j]
			}
		case 1: // weaker
			copy(c, a)
			if !cone {
				c[n] += int64(rng.Intn(4))
			}
		default: // a combination
			x, y := int64(rng.Intn(3)), int64(1+rng.Intn(3))
			for j := range c {
				c[j] = x*a[j] + y*b[j]
			}
			if !cone {
				c[n] += int64(rng.Intn(3))
			}
		}
		rows = append(rows, c)
	}
	rng.Shuffle(len(rows), func(i, j int) { rows[i], rows[j] = rows[j], rows[i] })
	if rng.Intn(4) == 0 {
		e := randRow(rng, n, 2, 3)
		if cone {
			e[n] = 0
		}
		eq = append(eq, e)
	}
	return n, eq, rows
}

// TestRatIrredundantRandom checks the simplex tests (the sequential one and,
// from clarksonMinRows rows, clarkson) against the Fourier-Motzkin test,
// row by row, and the kept rows against the whole system on integer points.
func TestRatIrredundantRandom(t *testing.T) {
	seed := int64(20261122)
	rng := rand.New(rand.NewSource(seed))
	clarksonRuns := 0
	for it := 0; it < rounds(400); it++ {
		n, eq, ineq := randRedundancySystem(rng)
		want := fmIrredundant(n, eq, ineq)
		got, empty, ok := ratIrredundant(n, eq, ineq, newBudget("test"))
		if !ok {
			t.Fatalf("seed %d it %d: ratIrredundant gave up", seed, it)
		}
		s := &System{NVars: n, Eq: eq, Ineq: ineq}
		if len(ineq) <= 10 && empty != naiveRatEmpty(n, eq, ineq) {
			t.Fatalf("seed %d it %d: empty=%v for %s", seed, it, empty, s)
		}
		for i := range want {
			if got[i] != want[i] {
				t.Fatalf("seed %d it %d: row %d (%v): simplex keep=%v, Fourier-Motzkin keep=%v in %s", seed, it, i, ineq[i], got[i], want[i], s)
			}
		}
		if len(ineq) >= clarksonMinRows && len(eq) == 0 {
			if k, e, done := clarkson(n, eq, ineq, newBudget("test")); done && !e {
				clarksonRuns++
				for i := range want {
					if k[i] != want[i] {
						t.Fatalf("seed %d it %d: clarkson row %d keep=%v, want %v in %s", seed, it, i, k[i], want[i], s)
					}
				}
			}
		}
		// Same integer points in a box.
		kept := &System{NVars: n, Eq: eq}
		for i, r := range ineq {
			if got[i] {
				kept.Ineq = append(kept.Ineq, r)
			}
		}
		enumerate(n, 6, func(x []int64) {
			if s.Contains(x) != kept.Contains(x) {
				t.Fatalf("seed %d it %d: at %v: %s vs kept %s", seed, it, x, s, kept)
			}
		})
	}
	if clarksonRuns < rounds(400)/20 {
		t.Errorf("seed %d: clarkson answered only %d systems", seed, clarksonRuns)
	}
}

// TestClarksonDegenerate: a cone whose rows all meet at the apex, many of
// them through the same rays, with duplicates; the facets are the ones of
// the sequential test.
func TestClarksonDegenerate(t *testing.T) {
	n := 3
	var rows [][]int64
	// The cone x, y, z >= 0 and x + y >= z, with every pairwise sum (all
	// redundant) and doubled rows.
	base := [][]int64{{1, 0, 0, 0}, {0, 1, 0, 0}, {0, 0, 1, 0}, {1, 1, -1, 0}}
	for i := range base {
		for j := range base {
			r := make([]int64, n+1)
			for c := range r {
				r[c] = base[i][c] + base[j][c]
			}
			rows = append(rows, r)
		}
	}
	rows = append(rows, base...)
	for len(rows) < clarksonMinRows+4 {
		rows = append(rows, []int64{2, 3, 1, 0})
	}
	want := fmIrredundant(n, nil, rows)
	got, e, done := clarkson(n, nil, rows, newBudget("test"))
	if !done || e {
		t.Fatalf("clarkson: done=%v empty=%v", done, e)
	}
	nk := 0
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("row %d %v: clarkson keep=%v, want %v", i, rows[i], got[i], want[i])
		}
		if got[i] {
			nk++
		}
	}
	if nk != 4 {
		t.Errorf("kept %d rows, want the 4 facets", nk)
	}
}
