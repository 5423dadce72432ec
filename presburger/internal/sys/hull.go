package sys

import "github.com/tessera-opt/tessera/presburger/internal/ints"

// Integer linear algebra on coefficient vectors (length n, no constant):
// echelon forms with checked arithmetic, rows kept primitive.

// echelon reduces rows (copied) to row echelon form and returns the
// non-zero rows and their pivot columns. Rows are combined fraction-free and
// divided by their gcd, so entries stay small.
func echelon(rows [][]int64, n int) (out [][]int64, piv []int) {
	for _, r := range rows {
		v := append([]int64(nil), r[:n]...)
		for k, o := range out {
			c := piv[k]
			if v[c] == 0 {
				continue
			}
			// v := o[c]·v - v[c]·o, then make it primitive.
			v = ints.CombineRows(v, o[c], o, ints.Neg(v[c]))
			if g := ints.RowGCD(v); g > 1 {
				ints.DivRowExact(v, g)
			}
		}
		p := -1
		for c := 0; c < n; c++ {
			if v[c] != 0 {
				p = c
				break
			}
		}
		if p < 0 {
			continue
		}
		// Keep the echelon sorted by pivot and reduced (zeros above and
		// below every pivot), so kernels are easy to read off.
		for k, o := range out {
			if o[p] != 0 {
				w := ints.CombineRows(o, v[p], v, ints.Neg(o[p]))
				if g := ints.RowGCD(w); g > 1 {
					ints.DivRowExact(w, g)
				}
				out[k] = w
			}
		}
		out = append(out, v)
		piv = append(piv, p)
	}
	return out, piv
}

// kernel returns an integer basis (primitive vectors) of the rational
// kernel { c : row·c = 0 for every row }.
func kernel(rows [][]int64, n int) [][]int64 {
	ech, piv := echelon(rows, n)
	isPiv := make([]int, n)
	for i := range isPiv {
		isPiv[i] = -1
	}
	for k, c := range piv {
		isPiv[c] = k
	}
	var out [][]int64
	for f := 0; f < n; f++ {
		if isPiv[f] >= 0 {
			continue
		}
		// v_f = L, v_pc = -ech[k][f]·L/ech[k][pc] for each pivot row k.
		L := int64(1)
		for k, r := range ech {
			if r[f] != 0 {
				L = ints.LCM(L, r[piv[k]])
			}
		}
		v := make([]int64, n)
		v[f] = L
		for k, r := range ech {
			if r[f] != 0 {
				v[piv[k]] = ints.Neg(ints.Mul(r[f], L/r[piv[k]]))
			}
		}
		if g := ints.RowGCD(v); g > 1 {
			ints.DivRowExact(v, g)
		}
		out = append(out, v)
	}
	return out
}

func rankOf(rows [][]int64, n int) int {
	ech, _ := echelon(rows, n)
	return len(ech)
}

// independentEqs keeps the equalities that are not linear combinations of
// earlier ones (on a non-empty system the others are implied).
func independentEqs(eqs [][]int64, n int) [][]int64 {
	var out [][]int64
	var basis [][]int64
	for _, e := range eqs {
		cand := append(append([][]int64{}, basis...), e)
		if rankOf(cand, n) > len(basis) {
			basis = cand
			out = append(out, e)
		}
	}
	return out
}

// addHullEqs adds to t (non-empty, normalized) equalities until its
// equalities span the affine hull of its integer points.
//
// We keep a set P of integer points of t, starting with one sample p0. Every
// equality of the hull is orthogonal to P - p0; we take an integer basis of
// that kernel and, for each basis vector c not yet spanned by t's
// equalities, look for a point with c·x > c·p0 or c·x < c·p0. A point found
// joins P (it raises the dimension of P, so the kernel shrinks); when there
// is none, c·x = c·p0 is an equality of the hull. At most NVars rounds.
func addHullEqs(t *System, b *budget) {
	n := t.NVars
	p0, ok := sample(t, b)
	if !ok {
		panic("sys: internal error: hull of an empty system")
	}
	var diffs [][]int64
	for {
		ker := kernel(diffs, n)
		if len(ker) == rankOf(t.Eq, n) {
			return
		}
		found := false
		for _, c := range ker {
			cand := append(append([][]int64{}, t.Eq...), c)
			if rankOf(cand, n) == rankOf(t.Eq, n) {
				continue
			}
			cp := int64(0)
			for i := 0; i < n; i++ {
				cp = ints.Add(cp, ints.Mul(c[i], p0[i]))
			}
			for _, sgn := range []int64{1, -1} {
				// sgn·(c·x - c·p0) - 1 >= 0
				u := t.Clone()
				r := make([]int64, n+1)
				for i := 0; i < n; i++ {
					r[i] = ints.Mul(sgn, c[i])
				}
				r[n] = ints.Sub(ints.Mul(-sgn, cp), 1)
				u.Ineq = append(u.Ineq, r)
				if q, ok := sample(u, b); ok {
					d := make([]int64, n)
					for i := range d {
						d[i] = ints.Sub(q[i], p0[i])
					}
					diffs = append(diffs, d)
					found = true
					break
				}
			}
			if found {
				break
			}
			e := make([]int64, n+1)
			copy(e, c)
			e[n] = ints.Neg(cp)
			t.Eq = append(t.Eq, e)
		}
	}
}
