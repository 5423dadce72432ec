package sys

import (
	"math/bits"
	"strconv"

	"github.com/tessera-opt/tessera/presburger/internal/ints"
)

// Rational Fourier-Motzkin elimination. Rows are integer rows read over the
// rationals (no tightening of constants), may be strict (> 0 instead of
// >= 0), and carry their history: the set of input inequalities they were
// combined from, for Chernikov's rule (after k eliminations a row combined
// from more than k+1 inputs is redundant).

type ratRow struct {
	r      []int64
	strict bool
	hist   []uint64 // bitset of input inequalities
}

type ratProb struct {
	nv     int
	eq     [][]int64
	ineq   []ratRow
	elimed int // variables eliminated so far (Chernikov's k)
}

func newRatProb(s *System) *ratProb {
	p := &ratProb{nv: s.NVars, eq: cloneRows(s.Eq)}
	words := (len(s.Ineq) + 63) / 64
	for i, r := range s.Ineq {
		h := make([]uint64, words)
		h[i/64] |= 1 << (i % 64)
		p.ineq = append(p.ineq, ratRow{r: append([]int64(nil), r...), hist: h})
	}
	return p
}

// normalize divides rows by the gcd of all their entries, drops trivial
// and parallel weaker rows, and reports infeasibility.
func (p *ratProb) normalize() (infeasible bool) {
	n := p.nv
	eq := p.eq[:0]
	for _, r := range p.eq {
		g := ints.RowGCD(r)
		if ints.RowGCD(r[:n]) == 0 {
			if r[n] != 0 {
				return true
			}
			continue
		}
		if firstNonZero(r[:n]) < 0 {
			g = -g
		}
		ints.DivRowExact(r, g)
		eq = append(eq, r)
	}
	p.eq = eq
	var buf []byte
	seen := map[string]int{}
	out := p.ineq[:0]
	for _, rr := range p.ineq {
		r := rr.r
		ga := ints.RowGCD(r[:n])
		if ga == 0 {
			if r[n] < 0 || (r[n] == 0 && rr.strict) {
				return true
			}
			continue
		}
		ints.DivRowExact(r, ints.GCD(ga, r[n]))
		ga = ints.RowGCD(r[:n])
		var k string
		buf = buf[:0]
		for _, v := range r[:n] {
			buf = strconv.AppendInt(buf, v/ga, 36)
			buf = append(buf, ',')
		}
		k = string(buf)
		if j, ok := seen[k]; ok {
			// Compare c/ga with the kept row's c'/ga'.
			o := out[j].r
			gb := ints.RowGCD(o[:n])
			lhs, rhs := ints.Mul(r[n], gb), ints.Mul(o[n], ga)
			// The weaker row may go only when the tighter one's history is
			// a subset of the weaker's (see Chernikov's rule).
			rTighter := lhs < rhs || (lhs == rhs && (rr.strict || !out[j].strict))
			oTighter := lhs > rhs || (lhs == rhs && (out[j].strict || !rr.strict))
			if rTighter && subsetBits(rr.hist, out[j].hist) {
				out[j] = rr
				continue
			}
			if oTighter && subsetBits(out[j].hist, rr.hist) {
				continue
			}
			out = append(out, rr) // keep both
			continue
		}
		seen[k] = len(out)
		out = append(out, rr)
	}
	p.ineq = out
	return false
}

// solveEqs substitutes every equality that mentions a column >= from.
func (p *ratProb) solveEqs(from int) {
	for {
		idx, col := -1, -1
		for i, r := range p.eq {
			for j := from; j < p.nv; j++ {
				if r[j] != 0 {
					idx, col = i, j
					break
				}
			}
			if idx >= 0 {
				break
			}
		}
		if idx < 0 {
			return
		}
		e := p.eq[idx]
		p.eq = append(p.eq[:idx], p.eq[idx+1:]...)
		a := e[col]
		// t := |a|·t - sign(a)·t_col·e removes the column with a positive
		// multiplier on t.
		for i, t := range p.eq {
			if t[col] != 0 {
				p.eq[i] = ints.CombineRows(t, a, e, ints.Neg(t[col]))
			}
		}
		sa := int64(1)
		if a < 0 {
			sa = -1
		}
		for i := range p.ineq {
			t := p.ineq[i].r
			if t[col] != 0 {
				p.ineq[i].r = ints.CombineRows(t, ints.Abs(a), e, ints.Neg(ints.Mul(sa, t[col])))
			}
		}
		p.elimed++
		// Restart Chernikov's rule on the substituted system.
		p.resetHist()
	}
}

func (p *ratProb) resetHist() {
	words := (len(p.ineq) + 63) / 64
	for i := range p.ineq {
		h := make([]uint64, words)
		h[i/64] |= 1 << (i % 64)
		p.ineq[i].hist = h
	}
	p.elimed = 0
}

// eliminate removes the columns >= from by substitution and
// Fourier-Motzkin; it reports infeasibility found on the way.
func (p *ratProb) eliminate(from int, b *budget) (infeasible bool) {
	for {
		if p.normalize() {
			return true
		}
		p.solveEqs(from)
		if p.normalize() {
			return true
		}
		best, bestCost := -1, 0
		for j := from; j < p.nv; j++ {
			lo, up := 0, 0
			for _, rr := range p.ineq {
				if rr.r[j] > 0 {
					lo++
				} else if rr.r[j] < 0 {
					up++
				}
			}
			if lo+up == 0 {
				continue
			}
			if cost := lo*up - lo - up; best < 0 || cost < bestCost {
				best, bestCost = j, cost
			}
		}
		if best < 0 {
			return false
		}
		if !p.fm(best, b) {
			// Pruning the redundant rows and retrying costs far more
			// than the caller's fallback: fail at once.
			panic(&BudgetError{Op: b.op + " (Fourier-Motzkin)", Steps: b.steps, Rows: maxRatRows})
		}
	}
}

// maxRatRows bounds the rows of one Fourier-Motzkin system.
const maxRatRows = 20000

// fm eliminates column j; it reports false, leaving p unchanged, when the
// result would have more than maxRatRows rows.
func (p *ratProb) fm(j int, b *budget) bool {
	var lows, ups, rest []ratRow
	for _, rr := range p.ineq {
		switch {
		case rr.r[j] > 0:
			lows = append(lows, rr)
		case rr.r[j] < 0:
			ups = append(ups, rr)
		default:
			rest = append(rest, rr)
		}
	}
	b.tick(len(lows) * len(ups))
	elimed := p.elimed + 1
	for _, l := range lows {
		for _, u := range ups {
			h := make([]uint64, len(l.hist))
			cnt := 0
			for w := range h {
				h[w] = l.hist[w] | u.hist[w]
				cnt += bits.OnesCount64(h[w])
			}
			if cnt > elimed+1 {
				continue // Chernikov: redundant
			}
			c := ints.CombineRows(l.r, -u.r[j], u.r, l.r[j])
			c[j] = 0
			rest = append(rest, ratRow{r: c, strict: l.strict || u.strict, hist: h})
			if len(rest) > maxRatRows {
				// The step budget counts pairs, not memory: a blow-up
				// of rows with long histories ran out of memory before
				// the budget (progfuzz).
				return false
			}
		}
	}
	p.ineq = rest
	p.elimed = elimed
	return true
}

// IsRationalEmpty reports exactly whether s has no rational point.
func IsRationalEmpty(s *System) bool {
	b := s.budget("IsRationalEmpty")
	if e, ok := runSimplex(s, false, b, func(*tableau) {}); ok {
		return e
	}
	return newRatProb(s).eliminate(0, b)
}

// RationalProject eliminates the variables keep.. by Fourier-Motzkin over
// the rationals: the result (over keep variables) is the real shadow, which
// contains the integer projection. Rows are pruned with Chernikov's rule
// during elimination and by the exact rational redundancy test
// (ratIrredundant) at the end.
// An empty projection is returned as the system { 0 >= 1 } (one row).
func RationalProject(s *System, keep int) *System {
	if keep < 0 || keep > s.NVars {
		panic("sys: RationalProject: keep " + strconv.Itoa(keep) + " out of range")
	}
	return ratProjectWith(s, keep, s.budget("RationalProject"))
}

// ratProjectWith is RationalProject under the budget b.
func ratProjectWith(s *System, keep int, b *budget) *System {
	p := newRatProb(s)
	out := &System{NVars: keep}
	if p.eliminate(keep, b) {
		r := make([]int64, keep+1)
		r[keep] = -1
		out.Ineq = [][]int64{r}
		return out
	}
	for _, r := range p.eq {
		out.Eq = append(out.Eq, append(append([]int64(nil), r[:keep]...), r[p.nv]))
	}
	for _, rr := range p.ineq {
		out.Ineq = append(out.Ineq, append(append([]int64(nil), rr.r[:keep]...), rr.r[p.nv]))
	}
	return removeRationalRedundant(out, b)
}

// removeRationalRedundant drops each inequality r for which the others with
// r < 0 have no rational point.
func removeRationalRedundant(s *System, b *budget) *System {
	n := s.NVars
	rows := s.Ineq
	if keep, _, ok := ratIrredundant(n, s.Eq, rows, b); ok {
		out := rows[:0:0]
		for i, r := range rows {
			if keep[i] {
				out = append(out, r)
			}
		}
		s.Ineq = out
		return s
	}
	// The simplex ran out of its steps: the same test by Fourier-Motzkin.
	for i := 0; i < len(rows); {
		p := &ratProb{nv: n, eq: cloneRows(s.Eq)}
		for k, r := range rows {
			if k == i {
				neg := make([]int64, n+1)
				for c := range neg {
					neg[c] = ints.Neg(r[c])
				}
				p.ineq = append(p.ineq, ratRow{r: neg, strict: true})
			} else {
				p.ineq = append(p.ineq, ratRow{r: append([]int64(nil), r...)})
			}
		}
		for k := range p.ineq {
			p.ineq[k].hist = make([]uint64, (len(rows)+63)/64)
			p.ineq[k].hist[k/64] |= 1 << (k % 64)
		}
		if p.eliminate(0, b) {
			rows = append(rows[:i:i], rows[i+1:]...)
		} else {
			i++
		}
	}
	s.Ineq = rows
	return s
}
