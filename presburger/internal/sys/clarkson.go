package sys

import "github.com/tessera-opt/tessera/presburger/internal/ints"

// Output-sensitive rational redundancy (K. L. Clarkson, "More
// output-sensitive geometric algorithms", FOCS 1994), used by
// ratIrredundant on large systems. With z a point that satisfies every
// inequality strictly, a row r is tested by one linear program over the
// rows W already known to be facets only: when W implies r, so do all the
// rows; otherwise the program gives a point x with r(x) < 0 that satisfies
// W, and the first row that the segment from z to x crosses is a facet (it
// is the only tight row at the crossing point), which joins W; the test of
// r is then repeated. Every program has at most |W| rows, the number of
// facets, instead of all m rows, and there are at most m + |W| of them.
//
// The facets found are the rows the sequential test keeps, in the same
// order: a row that is not a facet is implied by the facets, and of rows
// that are positive multiples of one another (the same half-space) the
// sequential test keeps the last one, as we do. The method needs the
// interior point: when the rows have implicit equalities (no point
// satisfies all of them strictly) or two different facets are crossed at
// the same point, clarkson gives up (done false) and the caller runs the
// sequential test.

// clarksonMinRows is the number of rows from which ratIrredundant tries
// clarkson first; below it the sequential test is as fast.
const clarksonMinRows = 24

// clarkson returns which rows are facets of { rows >= 0 } over n
// variables, and whether the system has no rational point. The rows are
// non-strict; done is false when the method does not apply (see above).
// With equalities (eq) the answer is exact but may keep another copy of a
// facet than the sequential test (rows that differ only by a multiple of
// an equality are the same half-space there), and the perturbation of the
// interior point may leave the equalities' subspace: ratIrredundant does
// not call it then.
// Overflow and budget panics reach the caller.
func clarkson(n int, eq, rows [][]int64, b *budget) (keep []bool, empty, done bool) {
	m := len(rows)
	keep = make([]bool, m)
	// Interior point: maximize e subject to rows - e >= 0, e <= 1, over
	// (x, e).
	t := newTableau(n+1, b)
	ext := func(r []int64, e int64) []int64 {
		x := make([]int64, n+2)
		copy(x, r[:n])
		x[n] = e
		x[n+1] = r[n]
		return x
	}
	for _, r := range eq {
		if !t.addEq(ext(r, 0)) {
			return nil, true, true
		}
	}
	one := make([]int64, n+2)
	one[n], one[n+1] = -1, 1
	t.addIneq(one)
	for _, r := range rows {
		t.addIneq(ext(r, -1))
	}
	if t.empty {
		// With e free below, only the equalities can be infeasible:
		// they were added first. Kept for safety.
		return nil, false, false
	}
	obj := make([]int64, n+2)
	obj[n] = 1
	u := t.addForm(obj, false)
	if !t.drive(u, 1) {
		return nil, false, false // e <= 1 bounds it: cannot happen
	}
	en := t.val(u).sign()
	if en < 0 {
		// No point satisfies rows >= 0.
		return nil, true, true
	}
	if en == 0 {
		return nil, false, false // implicit equalities
	}
	zn, zd := make([]int64, n+1), make([]int64, n+1)
	t.point(zn, zd)
	z, zl := commonDen(zn[:n], zd[:n])
	// alpha[k] = rows[k]·(z·zl, zl) > 0.
	alpha := make([]int64, m)
	for k, r := range rows {
		alpha[k] = evalScaled(r, z, zl)
		if alpha[k] <= 0 {
			panic("sys: internal error: clarkson: interior point on a row")
		}
	}

	// The facets' tableau.
	w := newTableau(n, b)
	for _, r := range eq {
		w.addEq(r)
	}
	redundant := make([]bool, m)
	xn, xd := make([]int64, n), make([]int64, n)
	beta := make([]int64, m)
	for i := range rows {
		if keep[i] || redundant[i] {
			continue
		}
		for {
			mark := w.snapshot()
			u := w.addForm(rows[i], false)
			if w.drive(u, -1) {
				if w.val(u).sign() >= 0 {
					redundant[i] = true
					w.rollback(mark)
					break
				}
			} else {
				// Unbounded below: a point with rows[i] <= -1.
				w.rollback(mark)
				neg := make([]int64, n+1)
				for c := range neg {
					neg[c] = ints.Neg(rows[i][c])
				}
				neg[n] = ints.Sub(neg[n], 1)
				if !w.addIneq(neg) {
					panic("sys: internal error: clarkson: unbounded row has no negative point")
				}
			}
			w.point(xn, xd)
			w.rollback(mark)
			x, xl := commonDen(xn, xd)
			// The first row crossed from z towards x: the smallest
			// beta/alpha among the rows negative at x.
			f := -1
			tie := false
			for k, r := range rows {
				if redundant[k] || keep[k] {
					continue
				}
				beta[k] = evalScaled(r, x, xl)
				if beta[k] >= 0 {
					continue
				}
				if f < 0 {
					f = k
					continue
				}
				switch crossesFirst(r, beta[k], alpha[k], rows[f], beta[f], alpha[f], n) {
				case -1:
					f, tie = k, false
				case 0:
					if sameHalfSpace(r, rows[f], n) {
						// The sequential test keeps the last copy.
						redundant[f] = true
						f = k
					} else {
						tie = true
					}
				}
			}
			if f < 0 {
				panic("sys: internal error: clarkson: no row crossed")
			}
			if tie {
				return nil, false, false
			}
			keep[f] = true
			if !w.addIneq(rows[f]) {
				panic("sys: internal error: clarkson: facets without a point")
			}
			if f == i || redundant[i] {
				break
			}
		}
	}
	return keep, false, true
}

// crossesFirst compares when the rows k and l are crossed on the segment
// from the interior point z towards x (-1: k first), given beta = r(x)
// and alpha = r(z), both scaled by positive constants common to all rows,
// with beta < 0 < alpha. Equal crossings are told apart by a symbolic
// perturbation z + (d, d^2, ..., d^n) of the interior point (d > 0 small):
// the crossing of k is earlier when beta_k·r_l(z) < beta_l·r_k(z), and the
// terms of the perturbation compare beta_k·a_l[j] with beta_l·a_k[j] in
// order. 0 only when the rows are the same half-space.
func crossesFirst(rk []int64, bk, ak int64, rl []int64, bl, al int64, n int) int {
	if c := cmp128(bk, al, bl, ak); c != 0 {
		return c
	}
	for j := 0; j < n; j++ {
		if c := cmp128(bk, rl[j], bl, rk[j]); c != 0 {
			return c
		}
	}
	return 0
}

// commonDen writes the rational vector num/den as x/l with one positive
// denominator l.
func commonDen(num, den []int64) (x []int64, l int64) {
	l = 1
	for _, d := range den {
		l = ints.LCM(l, d)
	}
	x = make([]int64, len(num))
	for j := range num {
		x[j] = ints.Mul(num[j], l/den[j])
	}
	return x, l
}

// evalScaled returns r·(x, l) = l·r(x/l).
func evalScaled(r, x []int64, l int64) int64 {
	n := len(x)
	v := ints.Mul(r[n], l)
	for j, a := range r[:n] {
		if a != 0 && x[j] != 0 {
			v = ints.Add(v, ints.Mul(a, x[j]))
		}
	}
	return v
}

// sameHalfSpace reports whether rows a and b (n coefficients and a
// constant) are positive multiples of one another.
func sameHalfSpace(a, b []int64, n int) bool {
	ga, gb := ints.RowGCD(a[:n+1]), ints.RowGCD(b[:n+1])
	if ga == 0 || gb == 0 {
		return ga == gb
	}
	for j := 0; j <= n; j++ {
		if a[j]/ga != b[j]/gb {
			return false
		}
	}
	return true
}
