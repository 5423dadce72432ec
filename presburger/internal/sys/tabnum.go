package sys

import (
	"math"
	"math/big"
	"math/bits"

	"github.com/tessera-opt/tessera/presburger/internal/ints"
)

// The two representations of the tableau's entries (simplex.go) and the
// row arithmetic on each: int64 rows, whose entries are never MinInt64 (so
// that negation, absolute value and gcd cannot overflow), and big.Int
// rows. The int64 operations report an overflow instead of panicking; the
// caller then converts the tableau (toBig) and redoes the operation on
// big.Int, so that no operation of the tableau ever fails for the size of
// a number.

// fits31 reports whether v is in [-2^30, 2^30): the sum of two products of
// such numbers fits in an int64.
func fits31(v int64) bool { return uint64(v)+1<<30 < 1<<31 }

// mulAdd returns a·x + b·y, false when the exact result does not fit in an
// int64 or is MinInt64.
func mulAdd(a, x, b, y int64) (int64, bool) {
	if fits31(a) && fits31(x) && fits31(b) && fits31(y) {
		return a*x + b*y, true
	}
	return mulAddSlow(a, x, b, y)
}

// mulAddSlow is mulAdd in 128 bits (an intermediate product may leave
// int64 while the sum does not).
func mulAddSlow(a, x, b, y int64) (int64, bool) {
	h1, l1 := mul128(a, x)
	h2, l2 := mul128(b, y)
	lo, carry := bits.Add64(l1, l2, 0)
	hi := h1 + h2 + int64(carry) // |a·x + b·y| < 2^127: no overflow
	switch {
	case hi == 0 && lo < 1<<63:
		return int64(lo), true
	case hi == -1 && lo > 1<<63:
		return int64(lo), true
	}
	return 0, false
}

// sign returns the sign of entry k of row i.
func (t *tableau) sign(i, k int) int {
	if t.isBig {
		return t.brows[i][k].Sign()
	}
	return sgn64(t.rows[i][k])
}

// sgn64 returns the sign of v (v is not MinInt64).
func sgn64(v int64) int { return int(v>>63) | int(uint64(-v)>>63) }

// cmpRatio compares row i's constant over |its entry in column c| with
// row j's (negated when negJ), exactly.
func (t *tableau) cmpRatio(i, j, c int, negJ bool) int {
	if t.isBig {
		return t.cmpRatioBig(i, j, c, negJ)
	}
	ri, rj := t.rows[i], t.rows[j]
	a, b, cj := ri[2+c], rj[2+c], rj[1]
	if negJ {
		cj = -cj
	}
	return cmp128(ri[1], b^(b>>63)-(b>>63), cj, a^(a>>63)-(a>>63))
}

func (t *tableau) cmpRatioBig(i, j, c int, negJ bool) int {
	ri, rj := t.brows[i], t.brows[j]
	l := t.tmp[0].Mul(&ri[1], &rj[2+c])
	if rj[2+c].Sign() < 0 {
		l.Neg(l)
	}
	r := t.tmp[1].Mul(&rj[1], &ri[2+c])
	if (ri[2+c].Sign() < 0) != negJ {
		r.Neg(r)
	}
	return l.Cmp(r)
}

// newRow returns a zero int64 row.
func (t *tableau) newRow() []int64 {
	if k := len(t.free); k > 0 {
		r := t.free[k-1]
		t.free = t.free[:k-1]
		clear(r)
		return r
	}
	return make([]int64, t.n+2)
}

// newBigRow returns a zero big.Int row.
func (t *tableau) newBigRow() []big.Int {
	if k := len(t.bfree); k > 0 {
		r := t.bfree[k-1]
		t.bfree = t.bfree[:k-1]
		for i := range r {
			r[i].SetInt64(0)
		}
		return r
	}
	return make([]big.Int, t.n+2)
}

// express64 returns the int64 row (fraction-free) of the affine form
// r·(x,1) in terms of the current columns; false when it does not fit.
func (t *tableau) express64(r []int64) ([]int64, bool) {
	n := t.n
	out := t.newRow()
	out[0] = 1
	out[1] = r[n]
	if r[n] == math.MinInt64 {
		t.free = append(t.free, out)
		return nil, false
	}
	for i := 0; i < n; i++ {
		a := r[i]
		if a == 0 {
			continue
		}
		u := t.unk[i]
		ok := true
		if !u.row {
			if o, d := out[2+u.pos], out[0]; fits31(o) && fits31(a) && fits31(d) {
				out[2+u.pos] = o + a*d
			} else {
				out[2+u.pos], ok = mulAddSlow(o, 1, a, d)
			}
		} else {
			// out/den + a·src/ds = (out·(ds/g) + a·(den/g)·src) / (den·ds/g).
			src := t.rows[u.pos]
			g := ints.GCD(out[0], src[0])
			mo := src[0] / g
			var ms int64
			if ms, ok = ints.MulOK(a, out[0]/g); ok && mo != 1 {
				for k, o := range out {
					if o != 0 {
						if out[k], ok = mulAdd(o, mo, 0, 0); !ok {
							break
						}
					}
				}
			}
			if ok {
				src = src[:len(out)]
				small := fits31(ms)
				for k := 1; k < len(out); k++ {
					p := src[k]
					if p == 0 {
						continue
					}
					if o := out[k]; small && fits31(o) && fits31(p) {
						out[k] = o + ms*p
					} else if out[k], ok = mulAddSlow(o, 1, ms, p); !ok {
						break
					}
				}
			}
			if ok {
				normRow(out)
			}
		}
		if !ok {
			t.free = append(t.free, out)
			return nil, false
		}
	}
	return out, true
}

// expressBig is express64 on big.Int (any tableau representation).
func (t *tableau) expressBig(r []int64) []big.Int {
	n := t.n
	out := t.newBigRow()
	out[0].SetInt64(1)
	out[1].SetInt64(r[n])
	g, mo, ms, p := &t.tmp[0], &t.tmp[1], &t.tmp[2], &t.tmp[3]
	for i := 0; i < n; i++ {
		if r[i] == 0 {
			continue
		}
		a := new(big.Int).SetInt64(r[i])
		u := t.unk[i]
		if !u.row {
			p.Mul(a, &out[0])
			out[2+u.pos].Add(&out[2+u.pos], p)
			continue
		}
		src := t.brows[u.pos]
		g.GCD(nil, nil, &out[0], &src[0])
		mo.Quo(&src[0], g)
		ms.Quo(&out[0], g)
		ms.Mul(ms, a)
		for k := range out {
			out[k].Mul(&out[k], mo)
			if k > 0 && src[k].Sign() != 0 {
				p.Mul(ms, &src[k])
				out[k].Add(&out[k], p)
			}
		}
		normRowBig(out, g, p)
	}
	return out
}

// normRow divides an int64 row by the gcd of all its entries.
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

// normRowBig divides a big.Int row by the gcd of all its entries (g and q
// are scratch).
func normRowBig(r []big.Int, g, q *big.Int) {
	if r[0].IsInt64() && r[0].Int64() == 1 {
		return
	}
	g.SetInt64(0)
	for k := range r {
		if r[k].Sign() == 0 {
			continue
		}
		if g.Sign() == 0 {
			g.Abs(&r[k])
		} else {
			g.GCD(nil, nil, g, q.Abs(&r[k]))
		}
		if g.IsInt64() && g.Int64() == 1 {
			return
		}
	}
	if g.Sign() == 0 {
		return
	}
	for k := range r {
		r[k].Quo(&r[k], g)
	}
}

// pivot64 rewrites the int64 rows for the pivot on row r and column c
// (simplex.go's pivot swaps the unknowns). It returns -1, or the first row
// whose rewriting would overflow: the pivot row and the rows before that
// one are rewritten, that row and the following ones are untouched.
func (t *tableau) pivot64(r, c int) int {
	pr := t.rows[r]
	D := pr[0]
	// y_c = (D·u_r - a0 - Σ a_j y_j) / a_c
	pr[0] = pr[2+c]
	pr[1] = -pr[1]
	for j := 0; j < t.n; j++ {
		if j == c {
			pr[2+j] = D
		} else {
			pr[2+j] = -pr[2+j]
		}
	}
	if pr[0] < 0 {
		for k := range pr {
			pr[k] = -pr[k]
		}
	}
	normRow(pr)
	nd := pr[0]
	small := fits31(nd)
	for i, ri := range t.rows {
		if i == r {
			continue
		}
		bc := ri[2+c]
		if bc == 0 {
			continue
		}
		if nd == 1 {
			// In place: ri + bc·pr with column c replaced. An
			// overflow undoes the entries already added (exactly:
			// each sum fit, so wrapping arithmetic restores it).
			ri[2+c] = 0
			smallB := fits31(bc)
			k := 1
			for ; k < len(ri); k++ {
				p := pr[k]
				if p == 0 {
					continue
				}
				s := ri[k]
				if smallB && fits31(s) && fits31(p) {
					ri[k] = s + bc*p
					continue
				}
				v, ok := mulAddSlow(s, 1, bc, p)
				if !ok {
					break
				}
				ri[k] = v
			}
			if k < len(ri) {
				for j := 1; j < k; j++ {
					ri[j] -= bc * pr[j]
				}
				ri[2+c] = bc
				return i
			}
			normRow(ri)
			continue
		}
		// ri·nd with column c replaced by bc·pr, written to the spare
		// row so that ri stays whole when an entry overflows.
		dst := t.spare
		if dst == nil {
			dst = make([]int64, t.n+2)
		}
		ok := true
		dst[0], ok = mulAdd(ri[0], nd, 0, 0)
		if !ok {
			// ri[0]·nd does not fit.
		} else if small && fits31(bc) {
			for k := 1; k < len(dst); k++ {
				s, p := ri[k], pr[k]
				if k == 2+c {
					s = 0
				}
				if fits31(s) && fits31(p) {
					dst[k] = s*nd + bc*p
					continue
				}
				if dst[k], ok = mulAddSlow(s, nd, bc, p); !ok {
					break
				}
			}
		} else {
			for k := 1; k < len(dst) && ok; k++ {
				s := ri[k]
				if k == 2+c {
					s = 0
				}
				dst[k], ok = mulAdd(s, nd, bc, pr[k])
			}
		}
		if !ok {
			t.spare = dst
			return i
		}
		normRow(dst)
		t.rows[i], t.spare = dst, ri
	}
	return -1
}

// pivotRowBig rewrites the big.Int pivot row r for column c (as pivot64).
func (t *tableau) pivotRowBig(r, c int) {
	pr := t.brows[r]
	D := t.tmp[0].Set(&pr[0])
	pr[0].Set(&pr[2+c])
	pr[1].Neg(&pr[1])
	for j := 0; j < t.n; j++ {
		if j == c {
			pr[2+j].Set(D)
		} else {
			pr[2+j].Neg(&pr[2+j])
		}
	}
	if pr[0].Sign() < 0 {
		for k := range pr {
			pr[k].Neg(&pr[k])
		}
	}
	normRowBig(pr, &t.tmp[0], &t.tmp[1])
}

// pivotRowsBig rewrites the big.Int rows from index from on (but the
// pivot row r, already rewritten) for the pivot on column c.
func (t *tableau) pivotRowsBig(r, c, from int) {
	pr := t.brows[r]
	nd := &pr[0]
	ndOne := nd.IsInt64() && nd.Int64() == 1
	bc, p := &t.tmp[0], &t.tmp[1]
	for i := from; i < len(t.brows); i++ {
		ri := t.brows[i]
		if i == r || ri[2+c].Sign() == 0 {
			continue
		}
		bc.Set(&ri[2+c])
		ri[2+c].SetInt64(0)
		for k := range ri {
			if !ndOne {
				ri[k].Mul(&ri[k], nd)
			}
			if k > 0 && pr[k].Sign() != 0 {
				p.Mul(bc, &pr[k])
				ri[k].Add(&ri[k], p)
			}
		}
		normRowBig(ri, &t.tmp[2], &t.tmp[3])
	}
}

// toBig converts the tableau to big.Int rows.
func (t *tableau) toBig() {
	if t.isBig {
		return
	}
	if t.bigRows == nil {
		t.bigRows = &bigRows{}
	}
	t.brows = t.brows[:0]
	for _, r := range t.rows {
		br := t.newBigRow()
		for k, v := range r {
			br[k].SetInt64(v)
		}
		t.brows = append(t.brows, br)
		t.free = append(t.free, r)
	}
	t.rows = t.rows[:0]
	t.isBig = true
}

// toSmall converts the tableau back to int64 rows when every entry fits
// (and none is MinInt64).
func (t *tableau) toSmall() {
	for _, br := range t.brows {
		for k := range br {
			if !br[k].IsInt64() || br[k].Int64() == math.MinInt64 {
				return
			}
		}
	}
	t.rows = t.rows[:0]
	for _, br := range t.brows {
		r := t.newRow()
		for k := range br {
			r[k] = br[k].Int64()
		}
		t.rows = append(t.rows, r)
		t.bfree = append(t.bfree, br)
	}
	t.brows = t.brows[:0]
	t.isBig = false
}

// isIntVal reports whether the sample value of unknown u is an integer.
func (t *tableau) isIntVal(u int) bool {
	x := t.unk[u]
	if !x.row {
		return true
	}
	if t.isBig {
		r := t.brows[x.pos]
		var q, m big.Int
		q.QuoRem(&r[1], &r[0], &m)
		return m.Sign() == 0
	}
	r := t.rows[x.pos]
	return r[1]%r[0] == 0
}

// intVal returns the sample value of unknown u, an integer; it panics
// with *ints.OverflowError when it does not fit in an int64.
func (t *tableau) intVal(u int) int64 {
	x := t.unk[u]
	if !x.row {
		return 0
	}
	if !t.isBig {
		r := t.rows[x.pos]
		return r[1] / r[0]
	}
	return t.val(u).floor()
}

// A tabVal is an exact rational value of the tableau: num/den in lowest
// terms with den > 0, or r when either does not fit in an int64.
type tabVal struct {
	num, den int64
	r        *big.Rat
}

// bigVal returns the value num/den (den > 0).
func bigVal(num, den *big.Int) tabVal {
	r := new(big.Rat).SetFrac(num, den)
	if r.Num().IsInt64() && r.Denom().IsInt64() {
		return tabVal{num: r.Num().Int64(), den: r.Denom().Int64()}
	}
	return tabVal{r: r}
}

func valueOverflow() {
	panic(&ints.OverflowError{Op: "tableau value"})
}

// small returns num and den; it panics with *ints.OverflowError when they
// do not fit in an int64.
func (v tabVal) small() (num, den int64) {
	if v.r != nil {
		valueOverflow()
	}
	return v.num, v.den
}

func (v tabVal) sign() int {
	if v.r != nil {
		return v.r.Sign()
	}
	return ints.Sign(v.num)
}

func (v tabVal) isInt() bool {
	if v.r != nil {
		return v.r.IsInt()
	}
	return v.den == 1
}

// floorBig returns floor(v) and v - floor(v) as big values.
func (v tabVal) floorBig() (f, rem *big.Int) {
	f, rem = new(big.Int), new(big.Int)
	f.DivMod(v.r.Num(), v.r.Denom(), rem) // Euclidean: rem >= 0 as den > 0
	return f, rem
}

// floor returns floor(v); it panics with *ints.OverflowError when it does
// not fit in an int64.
func (v tabVal) floor() int64 {
	if v.r == nil {
		return ints.FloorDiv(v.num, v.den)
	}
	f, _ := v.floorBig()
	if !f.IsInt64() {
		valueOverflow()
	}
	return f.Int64()
}

// ceil returns ceil(v); it panics with *ints.OverflowError when it does
// not fit in an int64.
func (v tabVal) ceil() int64 {
	if v.r == nil {
		return ints.CeilDiv(v.num, v.den)
	}
	f, rem := v.floorBig()
	if rem.Sign() != 0 {
		f.Add(f, big.NewInt(1))
	}
	if !f.IsInt64() {
		valueOverflow()
	}
	return f.Int64()
}

// ceilLower returns a lower bound of ceil(v): ceil(v) itself when it fits
// in an int64, MinInt64 when it is below; it panics with
// *ints.OverflowError when ceil(v) is above MaxInt64.
func (v tabVal) ceilLower() int64 {
	if v.r != nil && v.r.Sign() < 0 {
		f, _ := v.floorBig()
		if !f.IsInt64() {
			return math.MinInt64
		}
	}
	return v.ceil()
}

// nearerUp reports whether v is at least as near to ceil(v) as to
// floor(v) (v not an integer).
func (v tabVal) nearerUp() bool {
	if v.r == nil {
		rem := v.num - ints.FloorDiv(v.num, v.den)*v.den // in [0, den)
		return rem >= v.den-rem
	}
	_, rem := v.floorBig()
	rem.Lsh(rem, 1)
	return rem.Cmp(v.r.Denom()) >= 0
}
