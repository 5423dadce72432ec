package presburger

import (
	"encoding/binary"
	"slices"

	"github.com/tessera-opt/tessera/presburger/internal/ints"
)

// rowKey returns a map key for the coefficients of row (not the constant).
func rowKey(row []int64) string {
	buf := make([]byte, 0, 8*(len(row)-1))
	for _, v := range row[:len(row)-1] {
		buf = binary.LittleEndian.AppendUint64(buf, uint64(v))
	}
	return string(buf)
}

func cmpRows(a, b []int64) int { return slices.Compare(a, b) }

// normalize applies the cheap, exact simplifications every basic map
// goes through, and detects plain emptiness. It never writes into the
// rows of b (they may be shared with other values): changed rows are
// copies.
//
//   - We first divide each equality by the gcd of its coefficients (empty
//     if the gcd does not divide the constant) and make its first nonzero
//     coefficient positive; constant equalities are dropped or make b empty.
//   - We divide each inequality by the gcd of its coefficients, flooring
//     the constant (integer tightening).
//   - Then among inequalities with equal coefficients we keep the
//     tightest; an opposite pair a >= -c1, -a >= -c2 becomes an equality
//     when c1 + c2 == 0 and makes b empty when c1 + c2 < 0; an inequality
//     parallel to an equality is checked against it and dropped.
//   - Finally rows are sorted so that equal objects built in different
//     orders compare equal row by row.
func (b BasicMap) normalize() BasicMap {
	defer translatePanics()
	if b.empty {
		return b.markEmpty()
	}
	n := b.NCols() - 1
	eqs := make([][]int64, 0, len(b.eq))
	for _, r := range b.eq {
		g := ints.RowGCD(r[:n])
		if g == 0 {
			if r[n] != 0 {
				return b.markEmpty()
			}
			continue
		}
		if r[n]%g != 0 {
			return b.markEmpty()
		}
		// Rows may be shared with other values: copy before changing.
		if g != 1 {
			r = slices.Clone(r)
			ints.DivRowExact(r, g)
		}
		for _, v := range r[:n] {
			if v != 0 {
				if v < 0 {
					r = ints.ScaleRow(r, -1)
				}
				break
			}
		}
		eqs = append(eqs, r)
	}
	slices.SortFunc(eqs, cmpRows)
	eqs = slices.CompactFunc(eqs, func(a, b []int64) bool { return slices.Equal(a, b) })
	// Two equalities with equal coefficients and different constants
	// contradict each other (they are adjacent after sorting).
	for i := 1; i < len(eqs); i++ {
		if slices.Equal(eqs[i-1][:n], eqs[i][:n]) {
			return b.markEmpty()
		}
	}
	// findCoef returns the row of sorted rows whose coefficients equal
	// sign*r's coefficients, or nil.
	findCoef := func(rows [][]int64, r []int64, sign int64) []int64 {
		i, ok := slices.BinarySearchFunc(rows, r, func(x, r []int64) int {
			for j := 0; j < n; j++ {
				v := sign * r[j]
				if x[j] != v {
					if x[j] < v {
						return -1
					}
					return 1
				}
			}
			return 0
		})
		if !ok {
			return nil
		}
		return rows[i]
	}
	ineqs := make([][]int64, 0, len(b.ineq))
	for _, r := range b.ineq {
		g := ints.RowGCD(r[:n])
		if g == 0 {
			if r[n] < 0 {
				return b.markEmpty()
			}
			continue
		}
		if g != 1 {
			r = slices.Clone(r)
			for i := 0; i < n; i++ {
				r[i] /= g
			}
			r[n] = ints.FloorDiv(r[n], g)
		}
		if e := findCoef(eqs, r, 1); e != nil {
			// a·x = -e_c, so a·x + c >= 0 iff c - e_c >= 0.
			if ints.Sub(r[n], e[n]) < 0 {
				return b.markEmpty()
			}
			continue
		}
		if e := findCoef(eqs, r, -1); e != nil {
			// -a·x + c >= 0 with a·x = -e_c: c + e_c >= 0.
			if ints.Add(r[n], e[n]) < 0 {
				return b.markEmpty()
			}
			continue
		}
		ineqs = append(ineqs, r)
	}
	// We sort by coefficients then constant, keep the tightest (first) of
	// each group of equal coefficients.
	slices.SortFunc(ineqs, cmpRows)
	ineqs = slices.CompactFunc(ineqs, func(a, b []int64) bool { return slices.Equal(a[:n], b[:n]) })
	// Opposite pairs.
	drop := make([]bool, len(ineqs))
	for i, r := range ineqs {
		if drop[i] {
			continue
		}
		neg := findCoef(ineqs, r, -1)
		if neg == nil {
			continue
		}
		j, _ := slices.BinarySearchFunc(ineqs, neg, cmpRows)
		if drop[j] {
			continue
		}
		s := ints.Add(r[n], ineqs[j][n])
		if s < 0 {
			return b.markEmpty()
		}
		if s == 0 {
			drop[i], drop[j] = true, true
			e := slices.Clone(r)
			for _, v := range e[:n] {
				if v != 0 {
					if v < 0 {
						e = ints.ScaleRow(e, -1)
					}
					break
				}
			}
			eqs = append(eqs, e)
		}
	}
	madeEq := false
	for _, d := range drop {
		madeEq = madeEq || d
	}
	kept := ineqs
	if madeEq {
		kept = make([][]int64, 0, len(ineqs))
		for i, r := range ineqs {
			if !drop[i] {
				kept = append(kept, r)
			}
		}
	}
	slices.SortFunc(eqs, cmpRows)
	eqs = slices.CompactFunc(eqs, func(a, b []int64) bool { return slices.Equal(a, b) })
	b.eq, b.ineq = eqs, kept
	if len(b.eq) == 0 {
		b.eq = nil
	}
	if len(b.ineq) == 0 {
		b.ineq = nil
	}
	if madeEq {
		// The new equalities may contradict or subsume other rows.
		return b.normalize()
	}
	return b
}
