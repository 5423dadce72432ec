package sys

import (
	"math/bits"

	"github.com/tessera-opt/tessera/presburger/internal/ints"
)

// An exact simplex tableau over int64 with one common denominator per row
// (fraction-free), and an undo log so that searches can add constraints and
// roll them back cheaply.
//
// Unknowns are the NVars variables (unrestricted in sign) and one unknown
// per added constraint (restricted to >= 0; an equality is a restricted
// unknown whose column is then "killed", i.e. fixed at 0). Every unknown is
// either a column or a row. Columns are at value 0; a row
//
//	[den, c, a_0, ..., a_{n-1}]
//
// means den·u = c + Σ a_j·(column j), den > 0, so the current sample value
// of a row unknown is c/den. The tableau is feasible when every restricted
// row has c >= 0. The tableau always has NVars columns: a pivot swaps a row
// unknown and a column unknown.
//
// Constraints are added with restoreRow (make the new row non-negative by
// primal pivots that keep the other restricted rows non-negative; when
// impossible the tableau is empty). Optimization is the primal simplex with
// Bland's rule (smallest unknown index enters and leaves), which cannot
// cycle. Rolling back a constraint moves its unknown into a row by a pivot
// that keeps the sample feasible and deletes the row.
//
// Every operation is checked: an int64 overflow panics with
// *ints.OverflowError, which the callers (optimum.go) catch to fall back to
// the Omega-test implementations; there is no math/big tableau.

type tabUnknown struct {
	row        bool    // in a row (else a column)
	pos        int     // row or column index
	restricted bool    // must stay >= 0
	killed     bool    // column fixed at 0 (equalities)
	orig       []int64 // the constraint row (tests check the tableau with it)
}

type undoKind int

const (
	undoAdd   undoKind = iota // remove the last unknown
	undoKill                  // unkill unknown idx
	undoEmpty                 // the tableau was not empty before
)

type undoEntry struct {
	kind undoKind
	idx  int
}

type tableau struct {
	n      int       // variables = columns
	rows   [][]int64 // each 2+n entries
	rowUnk []int     // unknown of each row
	colUnk []int     // unknown of each column
	unk    []tabUnknown
	empty  bool
	undo   []undoEntry
	b      *budget
	free   [][]int64 // recycled rows
}

func newTableau(n int, b *budget) *tableau {
	t := &tableau{n: n, b: b}
	for j := 0; j < n; j++ {
		t.unk = append(t.unk, tabUnknown{pos: j})
		t.colUnk = append(t.colUnk, j)
	}
	return t
}

// snapshot returns a mark for rollback.
func (t *tableau) snapshot() int { return len(t.undo) }

func (t *tableau) rollback(mark int) {
	for len(t.undo) > mark {
		e := t.undo[len(t.undo)-1]
		t.undo = t.undo[:len(t.undo)-1]
		switch e.kind {
		case undoEmpty:
			t.empty = false
		case undoKill:
			t.unk[e.idx].killed = false
		case undoAdd:
			t.removeLast()
		}
	}
}

func (t *tableau) markEmpty() {
	if !t.empty {
		t.empty = true
		t.undo = append(t.undo, undoEntry{kind: undoEmpty})
	}
}

func (t *tableau) newRow() []int64 {
	if k := len(t.free); k > 0 {
		r := t.free[k-1]
		t.free = t.free[:k-1]
		clear(r)
		return r
	}
	return make([]int64, t.n+2)
}

// express returns the row (fraction-free) of the affine form r·(x,1) in
// terms of the current columns.
func (t *tableau) express(r []int64) []int64 {
	n := t.n
	out := t.newRow()
	out[0] = 1
	out[1] = r[n]
	for i := 0; i < n; i++ {
		a := r[i]
		if a == 0 {
			continue
		}
		u := t.unk[i]
		if !u.row {
			out[2+u.pos] = ints.Add(out[2+u.pos], ints.Mul(a, out[0]))
			continue
		}
		src := t.rows[u.pos]
		// out/den + a·src/ds = (out·(ds/g) + a·(den/g)·src) / (den·ds/g).
		g := ints.GCD(out[0], src[0])
		mo := src[0] / g
		ms := ints.Mul(a, out[0]/g)
		if mo != 1 {
			for k := range out {
				if out[k] != 0 {
					out[k] = ints.Mul(out[k], mo)
				}
			}
		}
		for k := 1; k < len(out); k++ {
			if src[k] != 0 {
				out[k] = ints.Add(out[k], ints.Mul(ms, src[k]))
			}
		}
		normRow(out)
	}
	return out
}

// normRow divides a row by the gcd of all its entries.
func normRow(r []int64) {
	if r[0] == 1 {
		return // the denominator is the first entry: the gcd is 1
	}
	g := ints.RowGCD(r)
	if g > 1 {
		for k := range r {
			r[k] /= g
		}
	}
}

// addRow appends a row for a new unknown and logs it.
func (t *tableau) addRow(row []int64, restricted bool, orig []int64) int {
	idx := len(t.unk)
	t.unk = append(t.unk, tabUnknown{row: true, pos: len(t.rows), restricted: restricted, orig: orig})
	t.rows = append(t.rows, row)
	t.rowUnk = append(t.rowUnk, idx)
	t.undo = append(t.undo, undoEntry{kind: undoAdd, idx: idx})
	t.b.tick(1)
	return idx
}

// addIneq adds r·(x,1) >= 0; it reports false when the tableau becomes
// (or was) empty.
func (t *tableau) addIneq(r []int64) bool {
	row := t.express(r)
	r = append([]int64(nil), r...)
	if t.empty {
		t.addRow(row, true, r)
		return false
	}
	u := t.addRow(row, true, r)
	if !t.restore(u) {
		t.markEmpty()
		return false
	}
	return true
}

// addEq adds r·(x,1) = 0: the inequality, then its unknown is driven to
// 0 and fixed there (a killed column).
func (t *tableau) addEq(r []int64) bool {
	if !t.addIneq(r) {
		return false
	}
	u := len(t.unk) - 1
	if t.unk[u].row && t.rows[t.unk[u].pos][1] > 0 {
		t.drive(u, -1)
	}
	if t.unk[u].row {
		row := t.rows[t.unk[u].pos]
		if row[1] != 0 {
			t.markEmpty()
			return false
		}
		// Value 0: a degenerate pivot into any live column.
		for c := 0; c < t.n; c++ {
			if row[2+c] != 0 && !t.unk[t.colUnk[c]].killed {
				t.pivot(t.unk[u].pos, c)
				break
			}
		}
	}
	if !t.unk[u].row {
		t.unk[u].killed = true
		t.undo = append(t.undo, undoEntry{kind: undoKill, idx: u})
	}
	return true
}

// cmpFrac compares a/b with c/d for b, d > 0 exactly (128-bit products).
func cmpFrac(a, b, c, d int64) int {
	return cmp128(a, d, c, b)
}

// cmp128 compares a·b with c·d.
func cmp128(a, b, c, d int64) int {
	h1, l1 := mul128(a, b)
	h2, l2 := mul128(c, d)
	if h1 != h2 {
		if h1 < h2 {
			return -1
		}
		return 1
	}
	if l1 != l2 {
		if l1 < l2 {
			return -1
		}
		return 1
	}
	return 0
}

// mul128 returns the signed 128-bit product as (hi signed, lo unsigned).
func mul128(a, b int64) (int64, uint64) {
	hi, lo := bits.Mul64(uint64(a), uint64(b))
	// Signed correction.
	if a < 0 {
		hi -= uint64(b)
	}
	if b < 0 {
		hi -= uint64(a)
	}
	return int64(hi), lo
}

// pivotRowFor finds the restricted row (other than skip) that limits a move
// of column c in direction dir (+1/-1): rows whose value decreases, the
// smallest ratio c_i/|a_ic|, ties to the smallest unknown index. -1: none.
func (t *tableau) pivotRowFor(c, dir, skip int) int {
	best := -1
	var bc, ba int64
	for i, r := range t.rows {
		if i == skip {
			continue
		}
		a := r[2+c]
		if a == 0 || !t.unk[t.rowUnk[i]].restricted {
			continue
		}
		if (a < 0) != (dir > 0) {
			continue
		}
		if a < 0 {
			a = -a
		}
		if best < 0 {
			best, bc, ba = i, r[1], a
			continue
		}
		switch cmpFrac(r[1], a, bc, ba) {
		case -1:
			best, bc, ba = i, r[1], a
		case 0:
			if t.rowUnk[i] < t.rowUnk[best] {
				best, bc, ba = i, r[1], a
			}
		}
	}
	return best
}

// enterCol picks the column that increases row ri·dir (Bland: the smallest
// unknown index among the eligible) and its direction; -1 when none.
func (t *tableau) enterCol(ri int, dir int64) (int, int) {
	row := t.rows[ri]
	bestC, bestD, bestU := -1, 0, 0
	for c := 0; c < t.n; c++ {
		a := row[2+c]
		if a == 0 {
			continue
		}
		u := t.colUnk[c]
		cu := &t.unk[u]
		if cu.killed {
			continue
		}
		d := 1
		if (a < 0) != (dir < 0) {
			d = -1
		}
		if d < 0 && cu.restricted {
			continue
		}
		if bestC < 0 || u < bestU {
			bestC, bestD, bestU = c, d, u
		}
	}
	return bestC, bestD
}

// restore makes the restricted row unknown u non-negative, keeping the
// other restricted rows non-negative; false when impossible.
func (t *tableau) restore(u int) bool {
	for {
		x := t.unk[u]
		if !x.row {
			return true
		}
		ri := x.pos
		if t.rows[ri][1] >= 0 {
			return true
		}
		c, d := t.enterCol(ri, 1)
		if c < 0 {
			return false
		}
		// u reaches 0 at ratio -c_u/|a|; another row may stop the move first.
		o := t.pivotRowFor(c, d, ri)
		a := t.rows[ri][2+c]
		if a < 0 {
			a = -a
		}
		if o >= 0 && cmpFrac(t.rows[o][1], ints.Abs(t.rows[o][2+c]), ints.Neg(t.rows[ri][1]), a) < 0 {
			t.pivot(o, c)
			continue
		}
		t.pivot(ri, c)
		return true
	}
}

// drive moves the row unknown u in direction dir (+1 maximize, -1
// minimize) to its optimum; false when unbounded. A restricted u may leave
// the rows on the way (then its optimum is 0 when minimizing).
func (t *tableau) drive(u int, dir int64) bool {
	for {
		x := t.unk[u]
		if !x.row {
			return true
		}
		ri := x.pos
		if dir < 0 && x.restricted && t.rows[ri][1] == 0 {
			return true
		}
		c, d := t.enterCol(ri, dir)
		if c < 0 {
			return true
		}
		o := t.pivotRowFor(c, d, ri)
		if dir < 0 && x.restricted {
			a := ints.Abs(t.rows[ri][2+c])
			if o < 0 || cmpFrac(t.rows[ri][1], a, t.rows[o][1], ints.Abs(t.rows[o][2+c])) <= 0 {
				t.pivot(ri, c)
				return true
			}
		}
		if o < 0 {
			return false
		}
		t.pivot(o, c)
	}
}

// pivotRowsPerStep is the number of rows a pivot rewrites per step of
// the budget (a row rewritten in place costs less than a row produced).
const pivotRowsPerStep = 4

// pivotHook, when set (tests), is called after every pivot.
var pivotHook func(t *tableau, where string)

// pivot swaps the unknown of row r with the unknown of column c. It
// rewrites every row in place, and counts one step per pivotRowsPerStep
// rows: a pivot of a tableau of thousands of rows is thousands of times
// the work of a small one.
func (t *tableau) pivot(r, c int) {
	t.b.tick(1 + len(t.rows)/pivotRowsPerStep)
	pr := t.rows[r]
	D := pr[0]
	ac := pr[2+c]
	// y_c = (D·u_r - a0 - Σ a_j y_j) / a_c
	pr[0] = ac
	pr[1] = ints.Neg(pr[1])
	for j := 0; j < t.n; j++ {
		if j == c {
			pr[2+j] = D
		} else if pr[2+j] != 0 {
			pr[2+j] = ints.Neg(pr[2+j])
		}
	}
	if pr[0] < 0 {
		for k := range pr {
			if pr[k] != 0 {
				pr[k] = ints.Neg(pr[k])
			}
		}
	}
	normRow(pr)
	nd := pr[0]
	for i, ri := range t.rows {
		if i == r {
			continue
		}
		bc := ri[2+c]
		if bc == 0 {
			continue
		}
		// ri·nd with column c replaced by bc·pr.
		ri[2+c] = 0
		if nd != 1 {
			for k := range ri {
				if ri[k] != 0 {
					ri[k] = ints.Mul(ri[k], nd)
				}
			}
		}
		for k := 1; k < len(ri); k++ {
			if pr[k] != 0 {
				ri[k] = ints.Add(ri[k], ints.Mul(bc, pr[k]))
			}
		}
		normRow(ri)
	}
	ur, uc := t.rowUnk[r], t.colUnk[c]
	t.rowUnk[r], t.colUnk[c] = uc, ur
	t.unk[uc].row, t.unk[uc].pos = true, r
	t.unk[ur].row, t.unk[ur].pos = false, c
	if pivotHook != nil {
		pivotHook(t, "pivot")
	}
}

// removeLast deletes the last unknown (a constraint or objective row).
func (t *tableau) removeLast() {
	u := len(t.unk) - 1
	if !t.unk[u].row {
		c := t.unk[u].pos
		r := t.pivotRowFor(c, 1, -1)
		if r < 0 {
			r = t.pivotRowFor(c, -1, -1)
		}
		if r < 0 {
			for i, row := range t.rows {
				if row[2+c] != 0 && !t.unk[t.rowUnk[i]].restricted {
					r = i
					break
				}
			}
		}
		if r < 0 {
			panic("sys: internal error: simplex column without a row")
		}
		t.pivot(r, c)
	}
	ri := t.unk[u].pos
	last := len(t.rows) - 1
	if ri != last {
		t.rows[ri], t.rows[last] = t.rows[last], t.rows[ri]
		t.rowUnk[ri] = t.rowUnk[last]
		t.unk[t.rowUnk[ri]].pos = ri
	}
	t.free = append(t.free, t.rows[last])
	t.rows = t.rows[:last]
	t.rowUnk = t.rowUnk[:last]
	t.unk = t.unk[:u]
}

// value returns the sample value of unknown u as num/den in lowest terms
// (den > 0).
func (t *tableau) value(u int) (num, den int64) {
	x := t.unk[u]
	if !x.row {
		return 0, 1
	}
	r := t.rows[x.pos]
	num, den = r[1], r[0]
	if g := ints.GCD(num, den); g > 1 {
		num, den = num/g, den/g
	}
	return num, den
}

// optimum returns the rational minimum (dir -1) or maximum (dir +1) of
// obj·(x,1) as num/den; ok is false when unbounded. The tableau must not be
// empty; its constraints are unchanged (the objective row is rolled back).
func (t *tableau) optimum(obj []int64, dir int64) (num, den int64, ok bool) {
	mark := t.snapshot()
	u := t.addRow(t.express(obj), false, append([]int64(nil), obj...))
	if !t.drive(u, dir) {
		t.rollback(mark)
		return 0, 0, false
	}
	num, den = t.value(u)
	t.rollback(mark)
	return num, den, true
}

// point returns the current sample (rational) of the variables.
func (t *tableau) point(num, den []int64) {
	for i := 0; i < t.n; i++ {
		num[i], den[i] = t.value(i)
	}
}

// tableauOf builds the tableau of s; the result may be empty.
func tableauOf(s *System, b *budget) *tableau {
	t := newTableau(s.NVars, b)
	for _, r := range s.Eq {
		if !t.addEq(r) {
			return t
		}
	}
	for _, r := range s.Ineq {
		if !t.addIneq(r) {
			return t
		}
	}
	return t
}
