package presburger

import (
	"github.com/tessera-opt/tessera/presburger/internal/ints"
	"github.com/tessera-opt/tessera/presburger/internal/sys"
)

// modInverse returns the inverse of c modulo g (gcd(c, g) == 1, g > 1).
func modInverse(c, g int64) int64 {
	c = ints.Mod(c, g)
	for x := int64(1); x < g; x++ {
		if ints.Mod(ints.Mul(c, x), g) == 1 {
			return x
		}
	}
	return 1
}

// holdsStride reports whether every point of s satisfies dim pos ≡ off
// (mod g).
func (s Set) holdsStride(pos int, g int64, off Aff) bool {
	// x - off - g*floor((x - off)/g) >= 1 must have no point.
	d := AffVar(s.m.space, SetDim, pos).Sub(off)
	r := d.Sub(d.FloorDiv(g).Scale(g)).AddConst(-1)
	return s.Intersect(r.NonNegSet()).IsEmpty()
}

// strideCandidates returns pairs (g, offset) read from the equalities of
// b: an equality c*x + f + Σ a_k z_k == 0, where x is dim pos, f involves
// parameters and earlier dims only, and the z_k (later dims and locals)
// are integers, gives c*x + f ≡ 0 mod G with G = gcd(a_k); when c is
// invertible modulo G, x ≡ -c⁻¹ f (mod G).
func strideCandidates(b BasicMap, pos int) []struct {
	g   int64
	off Aff
} {
	sp := b.space
	col := sp.Offset(Out) + pos
	nd := sp.NDim()
	var out []struct {
		g   int64
		off Aff
	}
	for _, e := range b.eq {
		c := e[col]
		if c == 0 {
			continue
		}
		var free []int64
		for j := col + 1; j < len(e)-1; j++ {
			if e[j] != 0 {
				free = append(free, e[j])
			}
		}
		g := ints.RowGCD(append(free, 0))
		if g <= 1 || ints.GCD(c, g) != 1 {
			continue
		}
		inv := modInverse(c, g)
		row := make([]int64, nd+1)
		for j := 0; j < col; j++ {
			row[j] = ints.Mod(ints.Neg(ints.Mul(inv, ints.Mod(e[j], g))), g)
		}
		row[nd] = ints.Mod(ints.Neg(ints.Mul(inv, ints.Mod(e[len(e)-1], g))), g)
		out = append(out, struct {
			g   int64
			off Aff
		}{g, NewAff(sp, nil, row)})
	}
	return out
}

// Stride returns the largest stride g found for dim pos of s, with an
// offset expression off of the parameters and the earlier dims, such that
// every point of s has dim pos ≡ off (mod g) (isl_set_get_stride_info).
// Candidates come from the equalities of the parts (made known and with
// their implicit equalities detected); each is checked exactly on all of
// s, and divisors of a failing candidate are tried. Without a stride the
// result is (1, 0).
func (s Set) Stride(pos int) (int64, Aff) {
	checkRange(s.m.space, Out, pos, 1, "Stride")
	zero := AffZero(s.m.space)
	best, bestOff := int64(1), zero
	for _, p := range s.m.parts {
		var ks []BasicMap
		budgetGuard(p, func() BasicMap { ks = p.makeKnown(); return p })
		for _, k := range ks {
			k = budgetGuard(k, k.DetectEqualities)
			for _, c := range strideCandidates(k, pos) {
				// x ≡ off (mod c.g) implies x ≡ off (mod g) for g | c.g.
				for g := c.g; g > best; g-- {
					if c.g%g == 0 && s.holdsStride(pos, g, c.off) {
						best, bestOff = g, c.off
						break
					}
				}
			}
		}
	}
	return best, bestOff
}

// PlainFixedVal returns the value of dim pos of kind k when every part of
// m fixes it by an explicit equality to the same constant
// (isl_map_plain_get_val_if_fixed).
func (m Map) PlainFixedVal(k DimKind, pos int) (int64, bool) {
	checkRange(m.space, k, pos, 1, "PlainFixedVal")
	col := m.space.Offset(k) + pos
	var v int64
	for i, p := range m.parts {
		found := false
		for _, e := range p.eq {
			if e[col] != 1 || countNonZero(e[:len(e)-1]) != 1 {
				continue
			}
			w := -e[len(e)-1]
			if i > 0 && w != v {
				return 0, false
			}
			v, found = w, true
			break
		}
		if !found {
			return 0, false
		}
	}
	return v, len(m.parts) > 0
}

func countNonZero(r []int64) int {
	n := 0
	for _, v := range r {
		if v != 0 {
			n++
		}
	}
	return n
}

// FixedVal returns the value of dim pos of kind k when it is the same on
// every point of m (exact: minimum and maximum over all points).
func (m Map) FixedVal(k DimKind, pos int) (v int64, ok bool) {
	checkRange(m.space, k, pos, 1, "FixedVal")
	col := m.space.Offset(k) + pos
	defer translatePanics()
	first := true
	for _, p := range m.parts {
		obj := make([]int64, p.NCols())
		obj[col] = 1
		s := p.system()
		lo := sys.Min(s, obj)
		if lo.Kind == sys.Empty {
			continue
		}
		hi := sys.Max(s, obj)
		if lo.Kind != sys.Bounded || hi.Kind != sys.Bounded || lo.Value != hi.Value {
			return 0, false
		}
		if !first && lo.Value != v {
			return 0, false
		}
		v, first = lo.Value, false
	}
	return v, !first
}

// PlainFixedVal returns the value of dim pos when every part fixes it
// explicitly (isl_set_plain_get_val_if_fixed).
func (s Set) PlainFixedVal(pos int) (int64, bool) { return s.m.PlainFixedVal(Out, pos) }

// FixedVal returns the value of dim pos when all points of s share it.
func (s Set) FixedVal(pos int) (int64, bool) { return s.m.FixedVal(Out, pos) }
