package sys

import (
	"math/big"
	"math/bits"

	"github.com/tessera-opt/tessera/presburger/internal/ints"
)

// An exact simplex tableau with one common denominator per row
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
// The entries live in one of two representations (tabnum.go): int64 rows
// (rows), the fast one, or math/big rows (brows). A tableau starts in
// int64; an operation whose exact result would not fit (a pivot, the
// expression of a new row) converts every row to big.Int and continues
// there, and a rollback that leaves only entries that fit converts back.
// The algorithms below (restore, drive, the ratio test, Bland's rule) read
// the entries through sign and cmpRatio only, so there is one
// implementation of each for both representations; only the row
// arithmetic (tabnum.go) exists twice. The values handed out (tabVal) are
// exact rationals of any size; their conversions to int64 (floor, ceil,
// small) panic with *ints.OverflowError when the result does not fit.

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
	rows   [][]int64 // each 2+n entries (int64 representation)
	rowUnk []int     // unknown of each row
	colUnk []int     // unknown of each column
	unk    []tabUnknown
	empty  bool
	undo   []undoEntry
	b      *budget
	free   [][]int64 // recycled rows
	spare  []int64   // the row a pivot writes before swapping it in

	// The big.Int representation: isBig is set while brows holds the
	// rows (rows is then empty).
	isBig bool
	*bigRows
}

// bigRows is the state of the big.Int representation, allocated at the
// first switch.
type bigRows struct {
	brows [][]big.Int
	bfree [][]big.Int
	tmp   [4]big.Int // scratch of the big row arithmetic
}

func newTableau(n int, b *budget) *tableau {
	t := &tableau{n: n, b: b}
	for j := 0; j < n; j++ {
		t.unk = append(t.unk, tabUnknown{pos: j})
		t.colUnk = append(t.colUnk, j)
	}
	return t
}

// nrows returns the number of rows.
func (t *tableau) nrows() int { return len(t.rowUnk) }

// snapshot returns a mark for rollback.
func (t *tableau) snapshot() int { return len(t.undo) }

func (t *tableau) rollback(mark int) {
	removed := false
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
			removed = true
		}
	}
	if removed && t.isBig {
		t.toSmall()
	}
}

func (t *tableau) markEmpty() {
	if !t.empty {
		t.empty = true
		t.undo = append(t.undo, undoEntry{kind: undoEmpty})
	}
}

// addForm appends a row for the affine form r·(x,1) (a new unknown,
// restricted or not) and logs it.
func (t *tableau) addForm(r []int64, restricted bool) int {
	idx, pos := len(t.unk), t.nrows()
	if !t.isBig {
		if row, ok := t.express64(r); ok {
			t.rows = append(t.rows, row)
		} else {
			t.toBig()
		}
	}
	if t.isBig {
		t.brows = append(t.brows, t.expressBig(r))
	}
	t.unk = append(t.unk, tabUnknown{row: true, pos: pos, restricted: restricted, orig: append([]int64(nil), r...)})
	t.rowUnk = append(t.rowUnk, idx)
	t.undo = append(t.undo, undoEntry{kind: undoAdd, idx: idx})
	t.b.tick(1)
	return idx
}

// addIneq adds r·(x,1) >= 0; it reports false when the tableau becomes
// (or was) empty.
func (t *tableau) addIneq(r []int64) bool {
	if t.empty {
		t.addForm(r, true)
		return false
	}
	u := t.addForm(r, true)
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
	if t.unk[u].row && t.sign(t.unk[u].pos, 1) > 0 {
		t.drive(u, -1)
	}
	if t.unk[u].row {
		ri := t.unk[u].pos
		if t.sign(ri, 1) != 0 {
			t.markEmpty()
			return false
		}
		// Value 0: a degenerate pivot into any live column.
		for c := 0; c < t.n; c++ {
			if t.sign(ri, 2+c) != 0 && !t.unk[t.colUnk[c]].killed {
				t.pivot(ri, c)
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
	for i := range t.rowUnk {
		if i == skip {
			continue
		}
		s := t.sign(i, 2+c)
		if s == 0 || (s < 0) != (dir > 0) || !t.unk[t.rowUnk[i]].restricted {
			continue
		}
		if best < 0 {
			best = i
			continue
		}
		switch t.cmpRatio(i, best, c, false) {
		case -1:
			best = i
		case 0:
			if t.rowUnk[i] < t.rowUnk[best] {
				best = i
			}
		}
	}
	return best
}

// enterCol picks the column that increases row ri·dir (Bland: the smallest
// unknown index among the eligible) and its direction; -1 when none.
func (t *tableau) enterCol(ri int, dir int64) (int, int) {
	bestC, bestD, bestU := -1, 0, 0
	var row []int64 // the int64 row, read directly (nil: big)
	if !t.isBig {
		row = t.rows[ri][2:]
	}
	for c := 0; c < t.n; c++ {
		var s int
		if row != nil {
			s = sgn64(row[c])
		} else {
			s = t.sign(ri, 2+c)
		}
		if s == 0 {
			continue
		}
		u := t.colUnk[c]
		cu := &t.unk[u]
		if cu.killed {
			continue
		}
		d := 1
		if (s < 0) != (dir < 0) {
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
		if t.sign(ri, 1) >= 0 {
			return true
		}
		c, d := t.enterCol(ri, 1)
		if c < 0 {
			return false
		}
		// u reaches 0 at ratio -c_u/|a|; another row may stop the move first.
		if o := t.pivotRowFor(c, d, ri); o >= 0 && t.cmpRatio(o, ri, c, true) < 0 {
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
		if dir < 0 && x.restricted && t.sign(ri, 1) == 0 {
			return true
		}
		c, d := t.enterCol(ri, dir)
		if c < 0 {
			return true
		}
		o := t.pivotRowFor(c, d, ri)
		if dir < 0 && x.restricted {
			if o < 0 || t.cmpRatio(ri, o, c, false) <= 0 {
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
// rewrites every row, and counts one step per pivotRowsPerStep rows: a
// pivot of a tableau of thousands of rows is thousands of times the work
// of a small one. In the int64 representation a row that would overflow
// converts the tableau to big.Int, and the pivot goes on there from that
// row (the rows before it, and the pivot row, are already rewritten).
func (t *tableau) pivot(r, c int) {
	t.b.tick(1 + t.nrows()/pivotRowsPerStep)
	from := 0
	if !t.isBig {
		from = t.pivot64(r, c)
		if from >= 0 {
			t.toBig()
		}
	} else {
		t.pivotRowBig(r, c)
	}
	if from >= 0 {
		t.pivotRowsBig(r, c, from)
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
			for i, ru := range t.rowUnk {
				if t.sign(i, 2+c) != 0 && !t.unk[ru].restricted {
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
	last := t.nrows() - 1
	if ri != last {
		if t.isBig {
			t.brows[ri], t.brows[last] = t.brows[last], t.brows[ri]
		} else {
			t.rows[ri], t.rows[last] = t.rows[last], t.rows[ri]
		}
		t.rowUnk[ri] = t.rowUnk[last]
		t.unk[t.rowUnk[ri]].pos = ri
	}
	if t.isBig {
		t.bfree = append(t.bfree, t.brows[last])
		t.brows = t.brows[:last]
	} else {
		t.free = append(t.free, t.rows[last])
		t.rows = t.rows[:last]
	}
	t.rowUnk = t.rowUnk[:last]
	t.unk = t.unk[:u]
}

// val returns the sample value of unknown u.
func (t *tableau) val(u int) tabVal {
	x := t.unk[u]
	if !x.row {
		return tabVal{num: 0, den: 1}
	}
	if t.isBig {
		r := t.brows[x.pos]
		return bigVal(&r[1], &r[0])
	}
	r := t.rows[x.pos]
	num, den := r[1], r[0]
	if g := ints.GCD(num, den); g > 1 {
		num, den = num/g, den/g
	}
	return tabVal{num: num, den: den}
}

// value returns the sample value of unknown u as num/den in lowest terms
// (den > 0); it panics with *ints.OverflowError when they do not fit.
func (t *tableau) value(u int) (num, den int64) { return t.val(u).small() }

// optimumVal returns the rational minimum (dir -1) or maximum (dir +1) of
// obj·(x,1); ok is false when unbounded. The tableau must not be empty;
// its constraints are unchanged (the objective row is rolled back).
func (t *tableau) optimumVal(obj []int64, dir int64) (v tabVal, ok bool) {
	mark := t.snapshot()
	u := t.addForm(obj, false)
	if !t.drive(u, dir) {
		t.rollback(mark)
		return tabVal{}, false
	}
	v = t.val(u)
	t.rollback(mark)
	return v, true
}

// optimum is optimumVal as num/den (panics with *ints.OverflowError when
// they do not fit).
func (t *tableau) optimum(obj []int64, dir int64) (num, den int64, ok bool) {
	v, ok := t.optimumVal(obj, dir)
	if !ok {
		return 0, 0, false
	}
	num, den = v.small()
	return num, den, true
}

// point returns the current sample (rational) of the variables; it panics
// with *ints.OverflowError when a value does not fit.
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
