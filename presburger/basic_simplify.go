package presburger

import (
	"slices"

	"github.com/tessera-opt/tessera/presburger/internal/ints"
)

// maxCol returns the largest column < len(row)-1 with a nonzero entry,
// skipping column skip, or -1.
func maxCol(row []int64, skip int) int {
	for j := len(row) - 2; j >= 0; j-- {
		if j != skip && row[j] != 0 {
			return j
		}
	}
	return -1
}

// substCol replaces column col of row by expr (a row with expr[col] == 0):
// row += row[col]*expr, row[col] = 0. It returns a fresh row.
func substCol(row []int64, col int, expr []int64) []int64 {
	c := row[col]
	out := slices.Clone(row)
	if c == 0 {
		return out
	}
	out[col] = 0
	ints.AddMulRow(out, expr, c)
	return out
}

// divBounds returns the two inequalities that define known local l at
// column col: Row - Den*q >= 0 and -Row + Den*q + Den - 1 >= 0.
func divBounds(l Local, col int) ([]int64, []int64) {
	lo := slices.Clone(l.Row)
	lo[col] = ints.Sub(lo[col], l.Den)
	hi := ints.ScaleRow(l.Row, -1)
	hi[col] = ints.Add(hi[col], l.Den)
	w := len(hi) - 1
	hi[w] = ints.Add(hi[w], l.Den-1)
	return lo, hi
}

// simplify applies exact, solver-free simplifications of the locals:
//
//   - We first merge known locals with identical definitions and substitute
//     known locals of denominator 1 (they are affine).
//   - Then a local fixed by an equality with a unit coefficient is
//     substituted away (for a known local its defining bounds are kept as
//     inequalities); an existential fixed by an equality c*e + f == 0 with
//     f over earlier columns becomes the known local floor(-f/c); an
//     existential enclosed by a pair f - d*e >= 0, -f + d*e + d-1 >= 0
//     becomes floor(f/d).
//   - Finally unused locals are dropped, and so is an existential that
//     only appears in inequalities with coefficients of one sign (it can
//     always be chosen large enough), together with those inequalities.
//
// The result is normalized.
func (b BasicMap) simplify() BasicMap {
	defer translatePanics()
	for iter := 0; iter < 4*len(b.locals)+4; iter++ {
		if b.empty || len(b.locals) == 0 {
			return b
		}
		nb, changed := b.simplifyStep()
		b = nb.normalize()
		if !changed {
			return b
		}
	}
	return b
}

// usesCol reports which rows use column col.
func (b BasicMap) localUsers(col int) (eqs, ineqs, locs []int) {
	for i, r := range b.eq {
		if r[col] != 0 {
			eqs = append(eqs, i)
		}
	}
	for i, r := range b.ineq {
		if r[col] != 0 {
			ineqs = append(ineqs, i)
		}
	}
	for i, l := range b.locals {
		if l.Den > 0 && l.Row[col] != 0 {
			locs = append(locs, i)
		}
	}
	return
}

// substituteLocal returns b with local k (column col) replaced by expr
// everywhere and removed. expr must only use columns that are earlier than
// every known local whose definition uses col.
func (b BasicMap) substituteLocal(k int, expr []int64) BasicMap {
	nd := b.space.NDim()
	col := nd + k
	out := BasicMap{space: b.space}
	for _, r := range b.eq {
		out.eq = append(out.eq, substCol(r, col, expr))
	}
	for _, r := range b.ineq {
		out.ineq = append(out.ineq, substCol(r, col, expr))
	}
	out.locals = make([]Local, len(b.locals))
	for i, l := range b.locals {
		if l.Den > 0 {
			r, d := normalizeDiv(substCol(l.Row, col, expr), l.Den)
			out.locals[i] = Local{Row: r, Den: d}
		}
	}
	return out.dropLocals(map[int]bool{k: true})
}

// dropLocals removes the given (unused) locals.
func (b BasicMap) dropLocals(drop map[int]bool) BasicMap {
	nd := b.space.NDim()
	colMap := identityCols(nd + len(b.locals))
	n := 0
	for i := range b.locals {
		if drop[i] {
			colMap[nd+i] = -1
			continue
		}
		colMap[nd+i] = nd + n
		n++
	}
	// embed cannot map a local to -1; do it by hand.
	w := nd + n + 1
	out := BasicMap{space: b.space, locals: make([]Local, 0, n)}
	for i, l := range b.locals {
		if drop[i] {
			continue
		}
		if l.Den > 0 {
			l = Local{Row: mapRow(l.Row, colMap, w), Den: l.Den}
		}
		out.locals = append(out.locals, l)
	}
	for _, r := range b.eq {
		out.eq = append(out.eq, mapRow(r, colMap, w))
	}
	for _, r := range b.ineq {
		out.ineq = append(out.ineq, mapRow(r, colMap, w))
	}
	return out
}

// firstUser returns the smallest index of a known local using column col,
// or len(b.locals).
func (b BasicMap) firstUser(col int) int {
	for i, l := range b.locals {
		if l.Den > 0 && l.Row[col] != 0 {
			return i
		}
	}
	return len(b.locals)
}

func (b BasicMap) simplifyStep() (BasicMap, bool) {
	nd := b.space.NDim()
	w := b.NCols()
	// Duplicate known locals and known locals of denominator 1.
	for i, l := range b.locals {
		if l.Den == 0 {
			continue
		}
		col := nd + i
		if l.Den == 1 {
			expr := slices.Clone(l.Row)
			return b.substituteLocal(i, expr), true
		}
		for j := 0; j < i; j++ {
			m := b.locals[j]
			if m.Den == l.Den && slices.Equal(m.Row, l.Row) {
				expr := make([]int64, w)
				expr[nd+j] = 1
				_ = col
				return b.substituteLocal(i, expr), true
			}
		}
	}
	// Equalities.
	for _, e := range b.eq {
		for i := len(b.locals) - 1; i >= 0; i-- {
			col := nd + i
			c := e[col]
			if c == 0 {
				continue
			}
			l := b.locals[i]
			if c == 1 || c == -1 {
				expr := ints.ScaleRow(e, -c)
				expr[col] = 0
				b2 := b
				if l.Den > 0 {
					lo, hi := divBounds(l, col)
					b2.ineq = append(slices.Clone(b.ineq), lo, hi)
				}
				// The users of col must come after every column of
				// expr: otherwise we reorder the locals, unless that
				// makes a cycle.
				if u := b.firstUser(col); u < len(b.locals) && maxCol(expr, -1) >= nd+u {
					r, ok := b2.substituteLocal(i, expr).sortLocals()
					if !ok {
						continue
					}
					return r, true
				}
				return b2.substituteLocal(i, expr), true
			}
			if l.Den == 0 && maxCol(e, col) < col {
				// c*e + f == 0: e = -f/c exactly.
				row := slices.Clone(e)
				row[col] = 0
				den := c
				if c > 0 {
					row = ints.ScaleRow(row, -1)
				} else {
					den = -c
				}
				r, d := normalizeDiv(row, den)
				locs := slices.Clone(b.locals)
				locs[i] = Local{Row: r, Den: d}
				b.locals = locs
				return b, true
			}
		}
	}
	// Bound pairs defining a floor.
	for i, l := range b.locals {
		if l.Den != 0 {
			continue
		}
		col := nd + i
		for p, r1 := range b.ineq {
			d := -r1[col]
			if d <= 0 {
				continue
			}
			// A pair using later locals (known ones) becomes a floor
			// after reordering the locals, unless that makes a cycle.
			later := maxCol(r1, col) >= col
			for q, r2 := range b.ineq {
				if r2[col] != d {
					continue
				}
				ok := true
				for j := 0; j < w-1 && ok; j++ {
					ok = j == col || r1[j] == -r2[j]
				}
				if !ok || ints.Add(r1[w-1], r2[w-1]) != d-1 {
					continue
				}
				row := slices.Clone(r1)
				row[col] = 0
				locs := slices.Clone(b.locals)
				locs[i] = Local{Row: row, Den: d}
				locs[i].Row, locs[i].Den = normalizeDiv(row, d)
				var ineq [][]int64
				for k, r := range b.ineq {
					if k != p && k != q {
						ineq = append(ineq, r)
					}
				}
				nb := b
				nb.locals, nb.ineq = locs, ineq
				if later {
					if !laterKnown(b, r1, col) {
						continue
					}
					sorted, ok := nb.sortLocals()
					if !ok {
						continue
					}
					return sorted, true
				}
				return nb, true
			}
		}
	}
	// Existentials that Fourier-Motzkin eliminates exactly.
	if r, ok := b.eliminateExactExistential(); ok {
		return r, true
	}
	// Unused locals, and one-sided existentials.
	drop := map[int]bool{}
	var dropIneq map[int]bool
	for i, l := range b.locals {
		col := nd + i
		eqs, ineqs, locs := b.localUsers(col)
		if len(eqs) == 0 && len(ineqs) == 0 && len(locs) == 0 {
			drop[i] = true
			continue
		}
		if l.Den == 0 && len(eqs) == 0 && len(locs) == 0 && dropIneq == nil {
			pos, neg := false, false
			for _, k := range ineqs {
				if b.ineq[k][col] > 0 {
					pos = true
				} else {
					neg = true
				}
			}
			if !(pos && neg) {
				dropIneq = map[int]bool{}
				for _, k := range ineqs {
					dropIneq[k] = true
				}
				drop[i] = true
			}
		}
	}
	if len(drop) == 0 {
		return b, false
	}
	if dropIneq != nil {
		var ineq [][]int64
		for k, r := range b.ineq {
			if !dropIneq[k] {
				ineq = append(ineq, r)
			}
		}
		b.ineq = ineq
	}
	return b.dropLocals(drop), true
}

// laterKnown reports whether every column after col that row uses is a
// known local.
func laterKnown(b BasicMap, row []int64, col int) bool {
	nd := b.space.NDim()
	for j := col + 1; j < len(row)-1; j++ {
		if row[j] != 0 && b.locals[j-nd].Den == 0 {
			return false
		}
	}
	return true
}

// maxExactFM bounds the rows one exact elimination may create.
const maxExactFM = 16

// eliminateExactExistential eliminates one existential that appears only
// in inequalities (in no equality, no known local), with both lower and
// upper bounds, where every pair of a lower bound a*e >= L and an upper
// bound b*e <= U has a == 1 or b == 1: then the combinations b*L <= a*U
// describe exactly the integer values of the other columns for which
// some integer e exists (no dark shadow is needed, Pugh's exact case).
func (b BasicMap) eliminateExactExistential() (BasicMap, bool) {
	nd := b.space.NDim()
	for i := len(b.locals) - 1; i >= 0; i-- {
		if b.locals[i].Den != 0 {
			continue
		}
		col := nd + i
		eqs, ineqs, locs := b.localUsers(col)
		if len(eqs) > 0 || len(locs) > 0 || len(ineqs) == 0 {
			continue
		}
		var lo, up []int
		for _, k := range ineqs {
			if b.ineq[k][col] > 0 {
				lo = append(lo, k)
			} else {
				up = append(up, k)
			}
		}
		if len(lo) == 0 || len(up) == 0 || len(lo)*len(up) > maxExactFM {
			continue
		}
		exact := true
		for _, l := range lo {
			for _, u := range up {
				if b.ineq[l][col] != 1 && b.ineq[u][col] != -1 {
					exact = false
				}
			}
		}
		if !exact {
			continue
		}
		users := map[int]bool{}
		for _, k := range ineqs {
			users[k] = true
		}
		var ineq [][]int64
		for k, r := range b.ineq {
			if !users[k] {
				ineq = append(ineq, r)
			}
		}
		for _, l := range lo {
			for _, u := range up {
				// a*e + L' >= 0 and -c*e + U' >= 0 give c*L' + a*U' >= 0.
				a, c := b.ineq[l][col], -b.ineq[u][col]
				r := ints.CombineRows(b.ineq[l], c, b.ineq[u], a)
				r[col] = 0
				ineq = append(ineq, r)
			}
		}
		out := b
		out.ineq = ineq
		return out.dropLocals(map[int]bool{i: true}), true
	}
	return b, false
}

// sortLocals reorders the locals so that every known local only refers to
// earlier ones (a stable topological order); false when the definitions
// form a cycle.
func (b BasicMap) sortLocals() (BasicMap, bool) {
	nd := b.space.NDim()
	n := len(b.locals)
	placed := make([]bool, n)
	order := make([]int, 0, n)
	for len(order) < n {
		progress := false
		for i, l := range b.locals {
			if placed[i] {
				continue
			}
			ready := true
			if l.Den > 0 {
				for j := 0; j < n && ready; j++ {
					ready = j == i || l.Row[nd+j] == 0 || placed[j]
				}
				ready = ready && l.Row[nd+i] == 0
			}
			if ready {
				placed[i] = true
				order = append(order, i)
				progress = true
				break
			}
		}
		if !progress {
			return b, false
		}
	}
	colMap := identityCols(nd + n)
	for k, i := range order {
		colMap[nd+i] = nd + k
	}
	return b.embed(b.space, n, colMap), true
}
