package sys

// Rational redundancy by linear programming. An inequality r >= 0 of a
// system is rationally redundant when the other rows imply it: either they
// have no rational point, or the rational minimum of r over them is >= 0.
// The rows are tested in order against the rows kept so far before them and
// all the rows after them (the same question, in the same order, as the
// Fourier-Motzkin test of removeRationalRedundant, so the answers are the
// same rows), but each test is one simplex minimization instead of a
// Fourier-Motzkin elimination down to no variable, which is doubly
// exponential in the number of rows (progfuzz: 1,159 rows in 11 variables
// passed 20,000 rows on one test after seconds of work).
//
// The tableau of "every row but row i" is reached for all i with
// O(m log m) row insertions: ratPruner.split adds the right half of a range
// while it tests the left half, rolls back, adds the kept rows of the left
// half and tests the right half.

// ratPruner holds the tableau and the rows under test.
type ratPruner struct {
	t    *tableau
	rows [][]int64 // over the compacted columns, constant last
	keep []bool
}

// ratIrredundant reports which inequalities of (eq, ineq) over n variables
// to keep (keep[i] false: row i is implied by the rows kept before it and
// all the rows after it) and whether the system has no rational point at
// all. Rows are non-strict. ok is false when the simplex ran out of
// steps: nothing is known then. The steps taken are charged
// to b (a budget panic can come from that charge only).
func ratIrredundant(n int, eq, ineq [][]int64, b *budget) (keep []bool, empty, ok bool) {
	// Compact the columns that some row uses: eliminated variables are
	// zero everywhere, and the tableau's cost grows with its width.
	used := make([]bool, n)
	nu := 0
	for _, rows := range [][][]int64{eq, ineq} {
		for _, r := range rows {
			for j := 0; j < n; j++ {
				if r[j] != 0 && !used[j] {
					used[j] = true
					nu++
				}
			}
		}
	}
	compact := func(r []int64) []int64 {
		c := make([]int64, 0, nu+1)
		for j := 0; j < n; j++ {
			if used[j] {
				c = append(c, r[j])
			}
		}
		return append(c, r[n])
	}
	q := &ratPruner{keep: make([]bool, len(ineq))}
	for _, r := range ineq {
		q.rows = append(q.rows, compact(r))
	}
	local := b.sub(b.limit - b.steps)
	defer func() { b.tick(int(local.steps)) }()
	hit := stoppedBy(anyLimit, func() {
		var ceq [][]int64
		for _, r := range eq {
			ceq = append(ceq, compact(r))
		}
		if len(q.rows) >= clarksonMinRows && len(ceq) == 0 {
			// (An empty system goes to the sequential test, which
			// tells which rows it keeps then.)
			if k, e, done := clarksonOrOverflow(nu, ceq, q.rows, local); done && !e {
				q.keep = k
				return
			}
		}
		q.t = newTableau(nu, local)
		for _, r := range ceq {
			q.t.addEq(r)
		}
		mark := q.t.snapshot()
		for _, r := range q.rows {
			q.t.addIneq(r)
		}
		empty = q.t.empty
		q.t.rollback(mark)
		q.split(0, len(q.rows))
	})
	if hit != nil {
		return nil, false, false
	}
	return q.keep, empty, true
}

// clarksonOrOverflow is clarkson, done false when it overflowed int64 (the
// sequential test may still answer: its numbers differ).
func clarksonOrOverflow(n int, eq, rows [][]int64, b *budget) (keep []bool, empty, done bool) {
	if stoppedBy(overflowLimit, func() { keep, empty, done = clarkson(n, eq, rows, b) }) != nil {
		return nil, false, false
	}
	return keep, empty, done
}

// split decides the rows lo..hi-1; the tableau holds the equalities, the
// kept rows before lo and all the rows from hi on.
func (q *ratPruner) split(lo, hi int) {
	t := q.t
	if lo >= hi {
		return
	}
	if t.empty {
		// No point satisfies the others: every row is implied.
		for i := lo; i < hi; i++ {
			q.keep[i] = false
		}
		return
	}
	if hi-lo == 1 {
		v, bounded := t.optimumVal(q.rows[lo], -1)
		q.keep[lo] = !bounded || v.sign() < 0
		return
	}
	mid := (lo + hi) / 2
	mark := t.snapshot()
	for i := mid; i < hi; i++ {
		t.addIneq(q.rows[i])
	}
	q.split(lo, mid)
	t.rollback(mark)
	for i := lo; i < mid; i++ {
		if q.keep[i] {
			t.addIneq(q.rows[i])
		}
	}
	q.split(mid, hi)
	t.rollback(mark)
}
