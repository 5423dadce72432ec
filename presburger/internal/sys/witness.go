package sys

import "github.com/tessera-opt/tessera/presburger/internal/ints"

// witnessIterations bounds the local search of findWitness.
const witnessIterations = 20000

// findWitness looks for an integer point of s by a deterministic local
// search: start at the origin and repeatedly repair the most violated row
// by the single-variable move that lowers the total violation most (with a
// pseudo-random kick when no move helps). It is a heuristic with a fixed
// number of iterations: a point it returns is checked, so "found" is exact;
// "not found" means nothing. IsIntegerEmpty falls back to it when the Omega
// test exceeds its budget, which rescues the dense non-empty systems
// Fourier-Motzkin cannot handle. A candidate move of x_j is evaluated on
// the rows that mention x_j only: an iteration costs, per variable of the
// row it repairs, the rows that mention that variable, plus one pass over
// the rows to find the next one to repair.
func findWitness(s *System) ([]int64, bool) {
	n := s.NVars
	x := make([]int64, n)
	rows := len(s.Eq) + len(s.Ineq)
	if rows == 0 {
		return x, true
	}
	row := func(k int) ([]int64, bool) {
		if k < len(s.Eq) {
			return s.Eq[k], true
		}
		return s.Ineq[k-len(s.Eq)], false
	}
	viol := func(v int64, isEq bool) int64 {
		if isEq {
			return ints.Abs(v)
		}
		if v < 0 {
			return -v
		}
		return 0
	}
	// vals[k] is row k at x; cols[j] lists the rows that mention x_j, so
	// that a move of x_j is evaluated on those rows only.
	type entry struct {
		k int
		c int64
	}
	vals := make([]int64, rows)
	cols := make([][]entry, n)
	for k := 0; k < rows; k++ {
		r, _ := row(k)
		vals[k] = r[n]
		for j, c := range r[:n] {
			if c != 0 {
				cols[j] = append(cols[j], entry{k, c})
			}
		}
	}
	total := func() (int64, int) {
		var sum, worst int64
		wi := -1
		for k := 0; k < rows; k++ {
			v := viol(vals[k], k < len(s.Eq))
			sum = ints.Add(sum, v)
			if v > worst {
				worst, wi = v, k
			}
		}
		return sum, wi
	}
	// change is the change of the total violation when x_j moves by d.
	change := func(j int, d int64) int64 {
		var ch int64
		for _, e := range cols[j] {
			isEq := e.k < len(s.Eq)
			after := viol(ints.Add(vals[e.k], ints.Mul(e.c, d)), isEq)
			ch = ints.Add(ch, ints.Sub(after, viol(vals[e.k], isEq)))
		}
		return ch
	}
	move := func(j int, d int64) {
		x[j] = ints.Add(x[j], d)
		for _, e := range cols[j] {
			vals[e.k] = ints.Add(vals[e.k], ints.Mul(e.c, d))
		}
	}
	seed := uint64(0x9E3779B97F4A7C15)
	rnd := func() uint64 {
		seed ^= seed << 13
		seed ^= seed >> 7
		seed ^= seed << 17
		return seed
	}
	cur, wi := total()
	for it := 0; it < witnessIterations && cur > 0; it++ {
		r, isEq := row(wi)
		v := vals[wi]
		bestGain, bestJ, bestD := int64(0), -1, int64(0)
		for j := 0; j < n; j++ {
			if r[j] == 0 {
				continue
			}
			// The move of x_j that satisfies row wi (as closely as integers
			// allow for an equality).
			var d int64
			if isEq {
				d = ints.FloorDiv(ints.Neg(v), r[j])
				if d == 0 {
					continue
				}
			} else {
				d = ints.CeilDiv(ints.Neg(v), r[j])
				if r[j] < 0 {
					d = ints.FloorDiv(ints.Neg(v), r[j])
				}
			}
			if gain := ints.Neg(change(j, d)); gain > bestGain {
				bestGain, bestJ, bestD = gain, j, d
			}
		}
		if bestJ >= 0 {
			move(bestJ, bestD)
		} else {
			// No single move helps: kick a variable of the row by ±1.
			var cand []int
			for j := 0; j < n; j++ {
				if r[j] != 0 {
					cand = append(cand, j)
				}
			}
			j := cand[rnd()%uint64(len(cand))]
			if rnd()&1 == 0 {
				move(j, 1)
			} else {
				move(j, -1)
			}
		}
		cur, wi = total()
	}
	if cur == 0 && s.Contains(x) {
		return x, true
	}
	return nil, false
}
