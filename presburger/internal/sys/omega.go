package sys

import (
	"math/bits"

	"github.com/tessera-opt/tessera/presburger/internal/ints"
)

// prob is one problem of the Omega test. Columns [0, nprot) are protected:
// the keep kept variables, then the locals introduced by stride
// constraints. Columns [nprot, nv) are the variables to eliminate. Every row
// has nv+1 entries (the constant last) and is owned by this prob (clone
// copies them), so rows may be edited in place.
type prob struct {
	nv, nprot, keep int
	eq, ineq        [][]int64
	// divs[k] defines local k (column keep+k) as floor(divs[k].row·(x,1) /
	// divs[k].den); row has keep+k+1 entries (kept, earlier locals, const).
	divs []pdiv
	// hist, when not nil, runs parallel to ineq: the set of base
	// inequalities each row was combined from, for Chernikov's rule; elimed
	// counts the eliminations since the base was set. Always nil for now:
	// see resetHist.
	hist   [][]uint64
	elimed int
	// emptyOnly: the caller only wants to know whether some piece exists;
	// this enables the real-shadow pruning of inexact eliminations.
	emptyOnly bool
}

type pdiv struct {
	row []int64
	den int64
}

func (p *prob) clone(b *budget) *prob {
	b.tick(len(p.eq) + len(p.ineq))
	q := *p
	q.eq = cloneRows(p.eq)
	q.ineq = cloneRows(p.ineq)
	q.divs = append([]pdiv(nil), p.divs...)     // div rows are never edited
	q.hist = append([][]uint64(nil), p.hist...) // hist sets are never edited
	return &q
}

func newProb(s *System, keep int) *prob {
	p := &prob{nv: s.NVars, nprot: keep, keep: keep, eq: cloneRows(s.Eq), ineq: cloneRows(s.Ineq)}
	p.resetHist()
	return p
}

// resetHist would make the present inequalities the base of Chernikov's
// rule. The rule is NOT valid here: normalization tightens constants
// between eliminations (floor), so a row is no longer a non-negative
// combination of base rows and the rows of smaller history need not imply
// it (TestChernikovTighteningRegression is a system the rule declared
// non-empty). The integer problem therefore tracks no history; the
// rational eliminations (rational.go), which never tighten, do.
func (p *prob) resetHist() {
	p.hist = nil
	p.elimed = 0
}

// omega eliminates the unprotected columns of p exactly over the integers.
// It calls emit with every final problem (no row mentions an unprotected
// column); the union of the emitted problems, with the unprotected columns
// dropped, is exactly the integer projection of p. emit returns true to stop
// the search; omega returns true when emit stopped it.
//
// We loop: normalize (which may prove the problem infeasible); then solve
// one equality that mentions an eliminated column, by substitution when a
// coefficient is a unit, else after a unimodular change of the eliminated
// columns that leaves one of them in the row (a stride constraint then
// defines a local); without such equalities, eliminate one column from the
// inequalities: drop its rows when it is bounded on one side only, run
// Fourier-Motzkin when that is exact (unit coefficients on one side), else
// take the dark shadow and the splinters of Pugh's Omega test.
func omega(p *prob, b *budget, emit func(*prob) bool) bool {
	for {
		b.tick(1 + len(p.eq) + len(p.ineq))
		eq, ineq, hist, inf := normalizeRows(p.nv, p.eq, p.ineq, p.hist)
		if inf {
			return false
		}
		p.eq, p.ineq, p.hist = eq, ineq, hist
		if i := p.pickEq(); i >= 0 {
			p.solveEq(i, b)
			continue
		}
		j, kind := p.pickVar()
		switch kind {
		case elimNone:
			return emit(p)
		case elimOneSided:
			p.dropColumnRows(j)
			continue
		case elimExact:
			p.fourierMotzkin(j, false, b)
			continue
		}
		// Inexact elimination when projecting: a variable whose rows mention
		// no other eliminated column is replaced, one piece per bound on its
		// smaller side, by that bound rounded (a local).
		if !p.emptyOnly {
			if k := p.isolatedInexact(); k >= 0 {
				return p.splitOnBounds(k, b, emit)
			}
		}
		// Inexact elimination of column j. When only emptiness is asked,
		// the real shadow first (no integer point there: none in p, Pugh's
		// order); then the dark shadow (a point there is a point of p);
		// then the splinters.
		if p.emptyOnly {
			real := p.clone(b)
			real.fourierMotzkin(j, false, b)
			if !omega(real, b, func(*prob) bool { return true }) {
				return false
			}
		}
		dark := p.clone(b)
		dark.fourierMotzkin(j, true, b)
		if omega(dark, b, emit) {
			return true
		}
		// Splinters: if x_j exists but the dark shadow fails, then for some
		// lower bound a·x_j >= -L the value a·x_j + L is small:
		// 0 <= a·x_j + L <= (a·m - a - m)/m, m the largest upper coefficient.
		n := p.nv
		var m int64
		for _, r := range p.ineq {
			if r[j] < 0 && -r[j] > m {
				m = -r[j]
			}
		}
		for _, l := range p.ineq {
			a := l[j]
			if a <= 0 {
				continue
			}
			top := ints.FloorDiv(ints.Sub(ints.Sub(ints.Mul(a, m), a), m), m)
			for i := int64(0); i <= top; i++ {
				b.tick(1)
				q := p.clone(b)
				e := append([]int64(nil), l...)
				e[n] = ints.Sub(e[n], i)
				q.eq = append(q.eq, e)
				if omega(q, b, emit) {
					return true
				}
			}
		}
		return false
	}
}

// pickEq returns the index of an equality that mentions an eliminated
// column, preferring one with a unit coefficient there, or -1.
func (p *prob) pickEq() int {
	best, bestCoef := -1, int64(0)
	for i, r := range p.eq {
		for j := p.nprot; j < p.nv; j++ {
			if r[j] == 0 {
				continue
			}
			a := ints.Abs(r[j])
			if a == 1 {
				return i
			}
			if best < 0 || a < bestCoef {
				best, bestCoef = i, a
			}
		}
	}
	return best
}

// solveEq removes eliminated columns from equality i: substitution through a
// unit coefficient, or a unimodular column change that leaves a single
// eliminated column in the row, or (single column, coefficient g > 1) a
// stride: x_j = -q where q = floor(f/g) is a new local and f - g·q = 0.
func (p *prob) solveEq(i int, b *budget) {
	r := p.eq[i]
	// A unit coefficient: substitute x_j = -(r - r_j x_j)/r_j everywhere.
	for j := p.nprot; j < p.nv; j++ {
		if r[j] == 1 || r[j] == -1 {
			p.eq = append(p.eq[:i], p.eq[i+1:]...)
			p.substitute(j, r)
			p.resetHist()
			b.tick(len(p.eq) + len(p.ineq))
			return
		}
	}
	// Several eliminated columns: Euclid on the columns, x -> U x with U
	// unimodular, until only one is left (the integer points correspond
	// one to one, so the projection does not change).
	for {
		k, cnt := -1, 0
		for j := p.nprot; j < p.nv; j++ {
			if r[j] != 0 {
				cnt++
				if k < 0 || ints.Abs(r[j]) < ints.Abs(r[k]) {
					k = j
				}
			}
		}
		if cnt <= 1 {
			break
		}
		for l := p.nprot; l < p.nv; l++ {
			if l == k || r[l] == 0 {
				continue
			}
			q := r[l] / r[k]
			p.addColumn(l, k, ints.Neg(q))
			b.tick(1)
		}
	}
	// One eliminated column j left, |coefficient| > 1 (a unit would have
	// been found, and normalization makes the row primitive). The next
	// normalize may make it a unit when no protected column is in the row.
	j := -1
	for c := p.nprot; c < p.nv; c++ {
		if r[c] != 0 {
			j = c
		}
	}
	if r[j] == 1 || r[j] == -1 {
		return // solved by the next round
	}
	hasProt := false
	for c := 0; c < p.nprot; c++ {
		if r[c] != 0 {
			hasProt = true
			break
		}
	}
	if !hasProt {
		return // normalize divides by the coefficient or proves infeasibility
	}
	if r[j] < 0 {
		for c := range r {
			r[c] = ints.Neg(r[c])
		}
	}
	g := r[j]
	// Local q = floor(f/g), f the protected part of r with its constant.
	f := make([]int64, p.nprot+1)
	copy(f, r[:p.nprot])
	f[p.nprot] = r[p.nv]
	p.divs = append(p.divs, pdiv{row: f, den: g})
	at := p.nprot
	p.insertColumn(at)
	j++
	// x_j = -q in every row (r becomes f - g·q = 0).
	for _, rows := range [2][][]int64{p.eq, p.ineq} {
		for _, t := range rows {
			if t[j] != 0 {
				t[at] = ints.Neg(t[j])
				t[j] = 0
			}
		}
	}
	p.resetHist()
	b.tick(len(p.eq) + len(p.ineq))
}

// substitute eliminates column j from every row using the row e with
// e[j] = ±1 (e is not in p's rows any more).
func (p *prob) substitute(j int, e []int64) {
	for _, rows := range [2][][]int64{p.eq, p.ineq} {
		for _, t := range rows {
			if t[j] != 0 {
				ints.AddMulRow(t, e, ints.Neg(ints.Mul(t[j], e[j])))
			}
		}
	}
}

// addColumn sets column l to column l + q·column k in every row.
func (p *prob) addColumn(l, k int, q int64) {
	for _, rows := range [2][][]int64{p.eq, p.ineq} {
		for _, t := range rows {
			if t[k] != 0 {
				t[l] = ints.Add(t[l], ints.Mul(q, t[k]))
			}
		}
	}
}

// insertColumn inserts a zero column at index at (a new protected column).
func (p *prob) insertColumn(at int) {
	grow := func(rows [][]int64) {
		for i, t := range rows {
			nt := make([]int64, len(t)+1)
			copy(nt, t[:at])
			copy(nt[at+1:], t[at:])
			rows[i] = nt
		}
	}
	grow(p.eq)
	grow(p.ineq)
	p.nv++
	p.nprot++
}

type elimKind int

const (
	elimNone elimKind = iota
	elimOneSided
	elimExact
	elimInexact
)

// pickVar chooses the eliminated column to remove from the inequalities:
// one bounded on one side only if any, else the exact Fourier-Motzkin step
// that makes the fewest rows, else the inexact one that makes the fewest.
func (p *prob) pickVar() (int, elimKind) {
	best, bestKind, bestCost := -1, elimNone, int64(0)
	for j := p.nprot; j < p.nv; j++ {
		var lo, up, lo1, up1, maxLo, maxUp int64
		for _, r := range p.ineq {
			switch c := r[j]; {
			case c > 0:
				lo++
				if c == 1 {
					lo1++
				}
				maxLo = max(maxLo, c)
			case c < 0:
				up++
				if c == -1 {
					up1++
				}
				maxUp = max(maxUp, -c)
			}
		}
		if lo+up == 0 {
			continue
		}
		if lo == 0 || up == 0 {
			return j, elimOneSided
		}
		cost := lo*up - lo - up
		kind := elimInexact
		if lo1 == lo || up1 == up {
			kind = elimExact
		} else {
			// Prefer few splinters: weigh by the coefficients.
			cost = cost + 1000*(maxLo+maxUp)
		}
		if best < 0 || kind < bestKind || (kind == bestKind && cost < bestCost) {
			best, bestKind, bestCost = j, kind, cost
		}
	}
	return best, bestKind
}

// dropColumnRows removes every inequality that mentions column j: when x_j
// is bounded on one side only an integer x_j always satisfies them.
func (p *prob) dropColumnRows(j int) {
	kept := p.ineq[:0]
	keptH := p.hist[:0]
	for i, r := range p.ineq {
		if r[j] == 0 {
			kept = append(kept, r)
			if p.hist != nil {
				keptH = append(keptH, p.hist[i])
			}
		}
	}
	if p.hist == nil {
		keptH = nil
	}
	p.ineq, p.hist = kept, keptH
	p.elimed++
}

// fourierMotzkin eliminates column j from the inequalities (no equality
// mentions it): every lower bound a·x_j + L >= 0 (a > 0) is combined with
// every upper bound -b·x_j + U >= 0 (b > 0) into b·L + a·U >= 0, the real
// shadow; with dark set, into b·L + a·U - (a-1)(b-1) >= 0, the dark shadow.
func (p *prob) fourierMotzkin(j int, dark bool, b *budget) {
	var lows, ups, rest []int
	for i, r := range p.ineq {
		switch {
		case r[j] > 0:
			lows = append(lows, i)
		case r[j] < 0:
			ups = append(ups, i)
		default:
			rest = append(rest, i)
		}
	}
	b.tick(len(lows) * len(ups))
	p.elimed++
	n := p.nv
	ineq := make([][]int64, 0, len(rest)+len(lows)*len(ups))
	hist := make([][]uint64, 0, cap(ineq))
	for _, i := range rest {
		ineq = append(ineq, p.ineq[i])
		if p.hist != nil {
			hist = append(hist, p.hist[i])
		}
	}
	track := p.hist != nil
	if !track {
		hist = nil
	}
	for _, li := range lows {
		l := p.ineq[li]
		a := l[j]
		for _, ui := range ups {
			u := p.ineq[ui]
			var h []uint64
			if track {
				lh, uh := p.hist[li], p.hist[ui]
				h = make([]uint64, len(lh))
				cnt := 0
				for w := range h {
					h[w] = lh[w] | uh[w]
					cnt += bits.OnesCount64(h[w])
				}
				if cnt > p.elimed+1 {
					continue // Chernikov: implied by rows of smaller history
				}
			}
			bb := -u[j]
			c := ints.CombineRows(l, bb, u, a)
			c[j] = 0
			if dark && a != 1 && bb != 1 {
				c[n] = ints.Sub(c[n], ints.Mul(a-1, bb-1))
			}
			ineq = append(ineq, c)
			if track {
				hist = append(hist, h)
			}
		}
	}
	p.ineq, p.hist = ineq, hist
	if dark {
		// Dark rows are not combinations of the base: start a new base.
		p.resetHist()
	}
}

// isolatedInexact returns an eliminated column that only rows without any
// other eliminated column mention, or -1. It is called when every
// remaining elimination is inexact.
func (p *prob) isolatedInexact() int {
	best, bestCnt := -1, 0
	for j := p.nprot; j < p.nv; j++ {
		cnt, ok := 0, true
		for _, r := range p.ineq {
			if r[j] == 0 {
				continue
			}
			cnt++
			for c := p.nprot; c < p.nv; c++ {
				if c != j && r[c] != 0 {
					ok = false
					break
				}
			}
			if !ok {
				break
			}
		}
		if ok && cnt > 0 && (best < 0 || cnt < bestCnt) {
			best, bestCnt = j, cnt
		}
	}
	return best
}

// splitOnBounds eliminates column j, whose rows mention no other eliminated
// column and bound it on both sides. A lower bound a·x_j + L >= 0 (a > 0)
// says x_j >= ceil(-L/a) = -floor(L/a), and the least admissible x_j is the
// largest of these values; so x_j exists iff for some lower bound the value
// -floor(L/a) satisfies every row (symmetrically with the upper bounds
// -b·x_j + U >= 0 and floor(U/b)). We make one problem per bound of the side
// with fewer rows, with a new local q = floor(L/a) (x_j = -q) or
// q = floor(U/b) (x_j = q) substituted for x_j everywhere. The union of the
// problems is exact.
func (p *prob) splitOnBounds(j int, b *budget, emit func(*prob) bool) bool {
	var lows, ups []int
	for i, r := range p.ineq {
		if r[j] > 0 {
			lows = append(lows, i)
		} else if r[j] < 0 {
			ups = append(ups, i)
		}
	}
	side, sign := lows, int64(-1)
	if len(ups) < len(lows) {
		side, sign = ups, 1
	}
	for _, i := range side {
		q := p.clone(b)
		r := q.ineq[i]
		f := make([]int64, q.nprot+1)
		copy(f, r[:q.nprot])
		f[q.nprot] = r[q.nv]
		q.divs = append(q.divs, pdiv{row: f, den: ints.Abs(r[j])})
		at := q.nprot
		q.insertColumn(at)
		jj := j + 1
		// x_j = sign·q in every row.
		for _, rows := range [2][][]int64{q.eq, q.ineq} {
			for _, t := range rows {
				if t[jj] != 0 {
					t[at] = ints.Mul(sign, t[jj])
					t[jj] = 0
				}
			}
		}
		q.resetHist()
		b.tick(len(q.eq) + len(q.ineq))
		if omega(q, b, emit) {
			return true
		}
	}
	return false
}
