package presburger

import (
	"slices"

	"github.com/tessera-opt/tessera/presburger/internal/ints"
	"github.com/tessera-opt/tessera/presburger/internal/sys"
)

// affineKernel returns integer rows (a, c), gcd-normalized, spanning the
// affine equalities a·p + c == 0 satisfied by every point p of pts (all
// of length n): a basis of the null space of the matrix of rows (p, 1).
func affineKernel(pts [][]int64, n int) [][]int64 {
	// We bring the rows to reduced echelon form with fraction-free integer
	// steps, then read one kernel vector per free column.
	rows := make([][]int64, len(pts))
	for i, p := range pts {
		rows[i] = append(slices.Clone(p), 1)
	}
	w := n + 1
	var piv []int
	r := 0
	for c := 0; c < w && r < len(rows); c++ {
		k := -1
		for i := r; i < len(rows); i++ {
			if rows[i][c] != 0 {
				k = i
				break
			}
		}
		if k < 0 {
			continue
		}
		rows[r], rows[k] = rows[k], rows[r]
		for i := range rows {
			if i == r || rows[i][c] == 0 {
				continue
			}
			rows[i] = ints.CombineRows(rows[i], rows[r][c], rows[r], ints.Neg(rows[i][c]))
			if g := ints.RowGCD(rows[i]); g > 1 {
				ints.DivRowExact(rows[i], g)
			}
		}
		piv = append(piv, c)
		r++
	}
	rows = rows[:r]
	isPiv := make([]bool, w)
	for _, c := range piv {
		isPiv[c] = true
	}
	var out [][]int64
	for f := 0; f < w; f++ {
		if isPiv[f] {
			continue
		}
		l := int64(1)
		for i, c := range piv {
			if rows[i][f] != 0 {
				l = ints.LCM(l, rows[i][c])
			}
		}
		v := make([]int64, w)
		v[f] = l
		for i, c := range piv {
			if rows[i][f] != 0 {
				v[c] = ints.Neg(ints.Mul(rows[i][f], l/rows[i][c]))
			}
		}
		if g := ints.RowGCD(v); g > 1 {
			ints.DivRowExact(v, g)
		}
		out = append(out, v)
	}
	return out
}

// AffineHull returns the affine hull of m with its strides
// (isl_map_affine_hull): the set { x : exists d : E(x, d) = 0 } where E
// are all the equalities over the parameters, the dims and the values d
// of the known local divisions of m's parts that hold on every integer
// point of m. Besides the rational affine hull it keeps strides, e.g. the
// hull of { [i] : i mod 3 = 0 } is itself. The empty map gives the empty
// basic map.
//
// We collect the distinct known divisions of the parts (each defined over
// the dims and the divisions before it), add one dim per division, defined
// by its two bounds (exact, the divisions being functions of the dims),
// compute the rational affine hull in that extended space and read its
// equalities back with the extra dims as the divisions.
func (m Map) AffineHull() BasicMap {
	m = m.dropEmpty()
	divs := m.commonDivs(maxHullDivs)
	if len(divs) == 0 {
		return m.rationalAffineHull()
	}
	nd := m.space.NDim()
	k := len(divs)
	ext := m.insertDims(Out, m.space.Dim(Out), anonDims(k))
	for j, d := range divs {
		// d.Den*x_j <= row <= d.Den*x_j + d.Den - 1, row over the
		// extended columns [dims, earlier divisions, constant].
		r := make([]int64, nd+k+1)
		copy(r, d.Row[:nd+j])
		r[nd+k] = d.Row[len(d.Row)-1]
		lo := slices.Clone(r)
		lo[nd+j] = ints.Sub(lo[nd+j], d.Den)
		hi := ints.ScaleRow(r, -1)
		hi[nd+j] = ints.Add(hi[nd+j], d.Den)
		hi[nd+k] = ints.Add(hi[nd+k], d.Den-1)
		ext = ext.AddConstraint(lo, false).AddConstraint(hi, false)
	}
	h := ext.rationalAffineHull()
	if h.empty {
		return EmptyBasic(m.space)
	}
	// As isl does, the divisions become existentially quantified in the
	// result: the hull is { x : exists d : E(x, d) = 0 } for the
	// equalities E found, so an equality in which a division has a unit
	// coefficient says nothing, and i = 3d keeps the stride.
	bb := NewBasicBuilder(m.space)
	for range divs {
		bb.AddExists()
	}
	// h's columns are [params, in, out, extra dims, constant]; the extra
	// dims come right after the original dims, where the builder has the
	// locals.
	for _, e := range h.eq {
		bb.AddEq(e)
	}
	return bb.Build()
}

// maxHullDivs bounds the number of divisions AffineHull keeps track of.
const maxHullDivs = 8

// commonDivs returns the distinct known divisions of m's parts, each row
// over [params, dims, earlier common divisions, constant] (the layout of a
// basic map whose locals are exactly these divisions), at most max of them.
func (m Map) commonDivs(max int) []Local {
	nd := m.space.NDim()
	var out []Local
	for _, p := range m.parts {
		idx := make([]int, len(p.locals)) // local -> common index, -1 when not known
		for i, l := range p.locals {
			idx[i] = -1
			if !l.Known() {
				continue
			}
			ok := true
			for c := nd; c < nd+i; c++ {
				if l.Row[c] != 0 && idx[c-nd] < 0 {
					ok = false
				}
			}
			if !ok {
				continue
			}
			// Remap into the common layout (width nd+len(out)+1 for
			// now; later divisions only widen it with zeros).
			row := make([]int64, nd+len(out)+1)
			copy(row, l.Row[:nd])
			for c := nd; c < nd+i; c++ {
				if l.Row[c] != 0 {
					row[nd+idx[c-nd]] = l.Row[c]
				}
			}
			row[len(row)-1] = l.Row[len(l.Row)-1]
			found := -1
			for j, o := range out {
				if o.Den == l.Den && slices.Equal(pad(o.Row, len(row)), row) {
					found = j
					break
				}
			}
			if found < 0 {
				if len(out) >= max {
					continue
				}
				out = append(out, Local{Row: row, Den: l.Den})
				found = len(out) - 1
			}
			idx[i] = found
		}
	}
	// Widen every row to the final layout.
	for j := range out {
		out[j].Row = pad(out[j].Row, nd+len(out)+1)
	}
	return out
}

// rationalAffineHull returns the smallest affine subspace (over the
// rationals, equalities over parameters and dims only, no locals)
// containing the integer points of m. The empty map gives the empty basic
// map.
//
// We collect integer points of m: starting from a sample, we compute the
// equalities of the affine span of the points so far and ask the solver
// for a point of m violating one of them; each new point raises the
// dimension of the span, and when none exists the equalities hold on all
// of m.
func (m Map) rationalAffineHull() BasicMap {
	nd := m.space.NDim()
	p0, ok := m.Sample()
	if !ok {
		return EmptyBasic(m.space)
	}
	pts := [][]int64{p0}
	// The rows r for which m with r >= 0 has no point: an equality e
	// that holds on all of m stays in the kernel after a new point, and
	// its two tests (e >= 1, -e >= 1) are not asked again.
	noPoint := map[string]bool{}
	for {
		eqs := affineKernel(pts, nd)
		found := false
		for _, e := range eqs {
			for _, r := range [][]int64{addConst(e, -1), addConst(ints.ScaleRow(e, -1), -1)} {
				k := string(rowBytes(r))
				if noPoint[k] {
					continue
				}
				if pt, ok := m.AddConstraint(r, false).Sample(); ok {
					pts = append(pts, pt)
					found = true
					break
				}
				noPoint[k] = true
			}
			if found {
				break
			}
		}
		if !found {
			bb := NewBasicBuilder(m.space)
			for _, e := range eqs {
				bb.AddEq(e)
			}
			return bb.Build()
		}
	}
}

// AffineHull returns the affine hull of s (isl_set_affine_hull).
func (s Set) AffineHull() BasicSet { return BasicSet{s.m.AffineHull()} }

func addConst(r []int64, c int64) []int64 {
	out := slices.Clone(r)
	out[len(out)-1] = ints.Add(out[len(out)-1], c)
	return out
}

// SimpleHull returns a basic map containing m whose constraints are those
// of m's parts (over parameters and dims, without locals) valid on every
// part, plus the equalities of the affine hull (isl_map_simple_hull in
// spirit: no new constraint directions are computed, so the result may be
// larger than the convex hull).
func (m Map) SimpleHull() BasicMap {
	m = m.dropEmpty()
	if len(m.parts) == 0 {
		return EmptyBasic(m.space)
	}
	nd := m.space.NDim()
	bb := NewBasicBuilder(m.space)
	for _, e := range m.rationalAffineHull().eq {
		bb.AddEq(e)
	}
	seen := map[string]bool{}
	for _, p := range m.parts {
		rows := cloneRows(p.ineq)
		for _, e := range p.eq {
			rows = append(rows, e, ints.ScaleRow(e, -1))
		}
		for _, r := range rows {
			if slices.ContainsFunc(r[nd:len(r)-1], func(v int64) bool { return v != 0 }) {
				continue
			}
			c := append(slices.Clone(r[:nd]), r[len(r)-1])
			k := string(rowBytes(c)) + string(rowBytes([]int64{c[nd], 0}))
			if seen[k] {
				continue
			}
			seen[k] = true
			ok := true
			for _, q := range m.parts {
				t := q
				nr := make([]int64, q.NCols())
				copy(nr, c[:nd])
				nr[len(nr)-1] = c[nd]
				t.ineq = append(slices.Clone(q.ineq), negRow(nr))
				if !t.IsEmpty() {
					ok = false
					break
				}
			}
			if ok {
				bb.AddIneq(c)
			}
		}
	}
	return bb.Build()
}

// SimpleHull returns a basic set containing s (see Map.SimpleHull).
func (s Set) SimpleHull() BasicSet { return BasicSet{s.m.SimpleHull()} }

// ConvexHull returns a basic map containing m: the rational convex hull
// of its parts (isl_map_convex_hull), where a part with locals is first
// replaced by its rational shadow on the parameters and dims (so the
// result is the exact rational hull when no part has locals, a superset
// otherwise).
//
// We follow Balas' lifting: x is in the hull when x = Σ x_i with, for each
// part i, A_i x_i + c_i λ_i >= 0, λ_i >= 0 and Σ λ_i = 1; projecting the
// x_i and λ_i out over the rationals (Fourier-Motzkin) leaves the
// constraints of the hull (of its closure, for unbounded parts).
//
// Three or more parts are folded pairwise, hull(hull(p1, p2), p3), ...:
// the convex hull is associative, and the lifted system of two parts
// stays small where one of k parts grows with k (Fourier-Motzkin over
// k(n+1) variables ran out of budget on SCoP-sized inputs).
func (m Map) ConvexHull() BasicMap {
	m = m.dropEmpty()
	if len(m.parts) == 0 {
		return EmptyBasic(m.space)
	}
	if len(m.parts) == 1 && len(m.parts[0].locals) == 0 {
		return m.parts[0]
	}
	if len(m.parts) > 2 {
		h := m.withParts(m.parts[:2]).ConvexHull()
		for _, p := range m.parts[2:] {
			h = m.withParts([]BasicMap{h, p}).ConvexHull()
		}
		return h
	}
	defer translatePanics()
	n := m.space.NDim()
	// Each part as rows over its n columns (locals shadowed away).
	type rows struct{ eq, ineq [][]int64 }
	var ps []rows
	for _, p := range m.parts {
		s := p.system()
		if len(p.locals) > 0 {
			s = sys.RationalProject(s, n)
		}
		ps = append(ps, rows{s.Eq, s.Ineq})
	}
	k := len(ps)
	nv := n + k*(n+1)
	t := &sys.System{NVars: nv}
	// x - Σ x_i == 0.
	for j := 0; j < n; j++ {
		r := make([]int64, nv+1)
		r[j] = 1
		for i := 0; i < k; i++ {
			r[n+i*(n+1)+j] = -1
		}
		t.Eq = append(t.Eq, r)
	}
	sum := make([]int64, nv+1)
	sum[nv] = -1
	for i, p := range ps {
		base := n + i*(n+1)
		lam := base + n
		lift := func(r []int64) []int64 {
			out := make([]int64, nv+1)
			copy(out[base:base+n], r[:n])
			out[lam] = r[n]
			return out
		}
		for _, r := range p.eq {
			t.Eq = append(t.Eq, lift(r))
		}
		for _, r := range p.ineq {
			t.Ineq = append(t.Ineq, lift(r))
		}
		pos := make([]int64, nv+1)
		pos[lam] = 1
		t.Ineq = append(t.Ineq, pos)
		sum[lam] = 1
	}
	t.Eq = append(t.Eq, sum)
	h := sys.RationalProject(t, n)
	bb := NewBasicBuilder(m.space)
	for _, r := range h.Eq {
		bb.AddEq(r)
	}
	for _, r := range h.Ineq {
		bb.AddIneq(r)
	}
	return bb.Build()
}

// ConvexHull returns the rational convex hull of s (see Map.ConvexHull).
func (s Set) ConvexHull() BasicSet { return BasicSet{s.m.ConvexHull()} }
