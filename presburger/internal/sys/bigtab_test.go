package sys

import (
	"math"
	"math/big"
	"math/rand"
	"testing"
)

// Tests of the tableau's big.Int representation (tabnum.go): systems whose
// coefficients are near 2^58, so that the products of a pivot leave int64
// at once, checked against enumeration of a small box in math/big.

// hugeRow returns a row through the box [-B, B]^n: coefficients in
// [-2^bits, 2^bits], the constant chosen so that the random box point p
// satisfies the row with a slack in [0, slack].
func hugeRow(rng *rand.Rand, n int, B int64, bits uint, slack int64) []int64 {
	r := make([]int64, n+1)
	lim := int64(1) << bits
	for {
		nz := false
		for i := 0; i < n; i++ {
			if rng.Intn(4) > 0 {
				r[i] = rng.Int63n(2*lim+1) - lim
				nz = nz || r[i] != 0
			} else {
				r[i] = 0
			}
		}
		if nz {
			break
		}
	}
	var ap int64
	for i := 0; i < n; i++ {
		ap += r[i] * (rng.Int63n(2*B+1) - B) // |ap| <= n·B·2^bits: no overflow for the sizes used
	}
	r[n] = -ap + rng.Int63n(slack+1)
	return r
}

// bigEval returns r·(x,1) exactly.
func bigEval(r, x []int64) *big.Int {
	n := len(x)
	v := big.NewInt(r[n])
	var p big.Int
	for i, a := range r[:n] {
		p.Mul(big.NewInt(a), big.NewInt(x[i]))
		v.Add(v, &p)
	}
	return v
}

// bigContains reports whether x satisfies s, exactly.
func bigContains(s *System, x []int64) bool {
	for _, r := range s.Eq {
		if bigEval(r, x).Sign() != 0 {
			return false
		}
	}
	for _, r := range s.Ineq {
		if bigEval(r, x).Sign() < 0 {
			return false
		}
	}
	return true
}

// hugeSystem returns a system in the box [-B, B]^n with rows of huge
// coefficients (and, sometimes, one huge equality through a box point).
func hugeSystem(rng *rand.Rand, n int, B int64) *System {
	s := New(n)
	addBox(s, 0, n, B)
	bits := uint(40 + rng.Intn(19)) // up to 2^58
	for k := 1 + rng.Intn(4); k > 0; k-- {
		s.AddIneq(hugeRow(rng, n, B, bits, int64(1)<<uint(rng.Intn(int(bits)))))
	}
	if rng.Intn(4) == 0 {
		s.AddEq(hugeRow(rng, n, B, bits, 0))
	}
	return s
}

// sawBig runs f and reports whether a pivot ran on a big.Int tableau.
func sawBig(f func()) bool {
	saw := false
	pivotHook = func(t *tableau, _ string) { saw = saw || t.isBig }
	defer func() { pivotHook = nil }()
	f()
	return saw
}

// TestBigTableauBrute: integer emptiness, sample, lexicographic minimum
// and minimum of huge-coefficient systems, answered by the simplex path
// (never refused for overflow) and equal to enumeration.
func TestBigTableauBrute(t *testing.T) {
	rng := rand.New(rand.NewSource(61))
	const B = 3
	bigRuns := 0
	for it := 0; it < rounds(400); it++ {
		n := 1 + rng.Intn(3)
		s := hugeSystem(rng, n, B)
		var want []int64 // lexicographic minimum
		enumerateLex(n, B, func(x []int64) bool {
			if bigContains(s, x) {
				want = append([]int64(nil), x...)
				return false
			}
			return true
		})
		obj := hugeRow(rng, n, B, 50, 0)
		var wantMin *big.Int
		var wantArg []int64
		enumerate(n, B, func(x []int64) {
			if bigContains(s, x) {
				if v := bigEval(obj, x); wantMin == nil || v.Cmp(wantMin) < 0 {
					wantMin, wantArg = v, append([]int64(nil), x...)
				}
			}
		})
		_ = wantArg
		used := sawBig(func() {
			b := newBudget("test")
			empty, ok := simplexIntegerEmpty(s, b)
			if !ok {
				t.Fatalf("case %d: emptiness refused\n%v", it, s)
			}
			if empty != (want == nil) {
				t.Fatalf("case %d: empty %v, enumeration says %v\n%v", it, empty, want == nil, s)
			}
			pt, ok := simplexSample(s, newBudget("test"))
			if !ok {
				t.Fatalf("case %d: sample refused", it)
			}
			if (pt == nil) != (want == nil) || pt != nil && !bigContains(s, pt) {
				t.Fatalf("case %d: sample %v, want a point: %v\n%v", it, pt, want != nil, s)
			}
			res, ok := simplexLexMin(s, newBudget("test"))
			if !ok {
				t.Fatalf("case %d: lexmin refused\n%v", it, s)
			}
			if want == nil {
				if res.Kind != Empty {
					t.Fatalf("case %d: lexmin %v, want empty", it, res)
				}
			} else if res.Kind != Bounded || !equalRows(res.Point, want) {
				t.Fatalf("case %d: lexmin %v, want %v\n%v", it, res, want, s)
			}
			mres, ok := simplexMin(s, obj, newBudget("test"))
			if !ok {
				t.Fatalf("case %d: min refused\n%v", it, s)
			}
			switch {
			case wantMin == nil:
				if mres.Kind != Empty {
					t.Fatalf("case %d: min %v, want empty", it, mres)
				}
			case !wantMin.IsInt64():
				t.Fatalf("case %d: generated minimum %v out of int64", it, wantMin)
			case mres.Kind != Bounded || mres.Value != wantMin.Int64() || bigEval(obj, mres.Point).Cmp(wantMin) != 0 || !bigContains(s, mres.Point):
				t.Fatalf("case %d: min %v, want %v\n%v", it, mres, wantMin, s)
			}
		})
		if used {
			bigRuns++
		}
	}
	// Most cases must have gone through big.Int pivots, or the test
	// tests the int64 path only.
	if bigRuns < rounds(400)/3 {
		t.Fatalf("only %d of %d cases pivoted on big.Int", bigRuns, rounds(400))
	}
	t.Logf("%d of %d cases pivoted on big.Int", bigRuns, rounds(400))
}

// enumerateLex calls f on the points of [-B, B]^n in lexicographic order
// until it returns false.
func enumerateLex(n int, B int64, f func(x []int64) bool) {
	x := make([]int64, n)
	for i := range x {
		x[i] = -B
	}
	for {
		if !f(x) {
			return
		}
		i := n - 1
		for ; i >= 0; i-- {
			if x[i] < B {
				x[i]++
				break
			}
			x[i] = -B
		}
		if i < 0 {
			return
		}
	}
}

func equalRows(a, b []int64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// ratOf returns a tableau value as a big.Rat.
func ratOf(v tabVal) *big.Rat {
	if v.r != nil {
		return v.r
	}
	return big.NewRat(v.num, v.den)
}

// TestBigTableauInvariants adds huge constraints one at a time, with
// optima and rollbacks between them, and checks after every step that the
// value of every constraint's unknown is the constraint at the sample of
// the variables (in math/big) and that the restricted ones are
// non-negative: the pivots of both representations and the switches
// between them keep the tableau exact.
func TestBigTableauInvariants(t *testing.T) {
	rng := rand.New(rand.NewSource(62))
	switched, back := 0, 0
	for it := 0; it < rounds(300); it++ {
		n := 1 + rng.Intn(4)
		tb := newTableau(n, newBudget("test"))
		var cons [][]int64
		var eqs []bool
		wasBig := false
		for k := 0; k < 2+rng.Intn(8); k++ {
			bits := uint(8 + rng.Intn(51))
			r := hugeRow(rng, n, 4, bits, int64(rng.Intn(1000)))
			mark := tb.snapshot()
			eq := rng.Intn(5) == 0
			var ok bool
			if eq {
				ok = tb.addEq(r)
			} else {
				ok = tb.addIneq(r)
			}
			wasBig = wasBig || tb.isBig
			if !ok {
				tb.rollback(mark)
				if tb.empty {
					t.Fatalf("case %d: rollback left the tableau empty", it)
				}
				continue
			}
			cons = append(cons, r)
			eqs = append(eqs, eq)
			checkBigTableau(t, tb, cons, eqs)
			if rng.Intn(2) == 0 {
				obj := hugeRow(rng, n, 4, uint(8+rng.Intn(51)), 0)
				tb.optimumVal(obj, int64(2*rng.Intn(2)-1))
				wasBig = wasBig || tb.isBig
				checkBigTableau(t, tb, cons, eqs)
			}
		}
		if wasBig {
			switched++
			if !tb.isBig {
				back++
			}
		}
	}
	if switched == 0 {
		t.Fatal("no tableau switched to big.Int")
	}
	t.Logf("%d of %d tableaux switched to big.Int, %d of them back to int64", switched, rounds(300), back)
}

func checkBigTableau(t *testing.T, tb *tableau, cons [][]int64, eq []bool) {
	t.Helper()
	n := tb.n
	nbig := 0
	if tb.bigRows != nil {
		nbig = len(tb.brows)
	}
	if tb.isBig && (len(tb.rows) != 0 || nbig != tb.nrows()) || !tb.isBig && (nbig != 0 || len(tb.rows) != tb.nrows()) {
		t.Fatalf("representation flag %v with %d int64 and %d big rows", tb.isBig, len(tb.rows), nbig)
	}
	for i := 0; i < tb.nrows(); i++ {
		if tb.sign(i, 0) <= 0 {
			t.Fatalf("row %d: denominator not positive", i)
		}
		u := tb.rowUnk[i]
		if tb.unk[u].restricted && tb.sign(i, 1) < 0 {
			t.Fatalf("restricted row %d negative", i)
		}
		if !tb.isBig {
			for _, v := range tb.rows[i] {
				if v == math.MinInt64 {
					t.Fatalf("row %d holds MinInt64", i)
				}
			}
		}
	}
	x := make([]*big.Rat, n)
	for i := range x {
		x[i] = ratOf(tb.val(i))
	}
	for k, r := range cons {
		v := new(big.Rat).SetInt64(r[n])
		for i := 0; i < n; i++ {
			v.Add(v, new(big.Rat).Mul(x[i], new(big.Rat).SetInt64(r[i])))
		}
		if got := ratOf(tb.val(n + k)); v.Cmp(got) != 0 {
			t.Fatalf("constraint %d: value %v at the sample, its unknown says %v", k, v, got)
		}
		if v.Sign() < 0 || eq[k] && v.Sign() != 0 {
			t.Fatalf("constraint %d violated: %v", k, v)
		}
	}
}

// TestTabValConversions: floor, ceil, the lower bound for pruning and the
// nearer side, on values of both forms.
func TestTabValConversions(t *testing.T) {
	huge := new(big.Int).Lsh(big.NewInt(1), 70)
	for _, c := range []struct {
		num, den  *big.Int
		fl, ce    int64
		flOK, up  bool
		lowerMin  bool
		integral  bool
		signWant  int
		ceOK      bool
		lowerOnly bool
	}{
		{num: big.NewInt(7), den: big.NewInt(2), fl: 3, ce: 4, flOK: true, ceOK: true, up: true, signWant: 1},
		{num: big.NewInt(-7), den: big.NewInt(3), fl: -3, ce: -2, flOK: true, ceOK: true, up: true, signWant: -1},
		{num: big.NewInt(-8), den: big.NewInt(3), fl: -3, ce: -2, flOK: true, ceOK: true, up: false, signWant: -1},
		// (2^70+1)/2^70: floor 1, ceil 2, nearer the floor.
		{num: new(big.Int).Add(huge, big.NewInt(1)), den: huge, fl: 1, ce: 2, flOK: true, ceOK: true, up: false, signWant: 1},
		// -(2^70·3+1)/2^70: floor -4, ceil -3, nearer the ceiling.
		{num: new(big.Int).Neg(new(big.Int).Add(new(big.Int).Mul(huge, big.NewInt(3)), big.NewInt(1))), den: huge, fl: -4, ce: -3, flOK: true, ceOK: true, up: true, signWant: -1},
		// -2^70/3: out of int64 below.
		{num: new(big.Int).Neg(huge), den: big.NewInt(3), lowerMin: true, signWant: -1},
	} {
		v := bigVal(c.num, c.den)
		if v.sign() != c.signWant {
			t.Errorf("%v/%v: sign %d", c.num, c.den, v.sign())
		}
		if c.lowerMin {
			if v.ceilLower() != math.MinInt64 {
				t.Errorf("%v/%v: ceilLower %d, want MinInt64", c.num, c.den, v.ceilLower())
			}
			if r := catch(func() { v.floor() }); !isOverflow(r) {
				t.Errorf("%v/%v: floor did not overflow: %v", c.num, c.den, r)
			}
			continue
		}
		if v.floor() != c.fl || v.ceil() != c.ce || v.ceilLower() != c.ce || v.nearerUp() != c.up {
			t.Errorf("%v/%v: floor %d ceil %d ceilLower %d up %v, want %d %d %v", c.num, c.den, v.floor(), v.ceil(), v.ceilLower(), v.nearerUp(), c.fl, c.ce, c.up)
		}
	}
}

// TestMulAdd compares mulAdd with math/big on the edges of int64.
func TestMulAdd(t *testing.T) {
	rng := rand.New(rand.NewSource(63))
	edge := []int64{0, 1, -1, 2, -2, 1 << 30, -1 << 30, 1<<30 - 1, 1 << 31, -1 << 31, math.MaxInt64, math.MinInt64, math.MaxInt64 / 2, math.MinInt64 / 2, 3037000499, -3037000499}
	pick := func() int64 {
		if rng.Intn(2) == 0 {
			return edge[rng.Intn(len(edge))]
		}
		return rng.Int63n(1<<uint(1+rng.Intn(62))) * int64(1-2*rng.Intn(2))
	}
	for i := 0; i < 100000; i++ {
		a, x, b, y := pick(), pick(), pick(), pick()
		want := new(big.Int).Mul(big.NewInt(a), big.NewInt(x))
		want.Add(want, new(big.Int).Mul(big.NewInt(b), big.NewInt(y)))
		fits := want.IsInt64() && want.Int64() != math.MinInt64
		got, ok := mulAdd(a, x, b, y)
		if ok != fits || ok && got != want.Int64() {
			t.Fatalf("mulAdd(%d, %d, %d, %d) = %d, %v; want %v (fits %v)", a, x, b, y, got, ok, want, fits)
		}
	}
}

// TestBigTableauUnitPivots: rows with a unit coefficient beside huge ones,
// so that pivots on a unit entry (the in-place int64 update, which undoes
// its additions when an entry overflows) meet overflows; the invariants
// of TestBigTableauInvariants must hold after every step.
func TestBigTableauUnitPivots(t *testing.T) {
	rng := rand.New(rand.NewSource(64))
	for it := 0; it < rounds(300); it++ {
		n := 2 + rng.Intn(3)
		tb := newTableau(n, newBudget("test"))
		var cons [][]int64
		var eqs []bool
		for k := 0; k < 2+rng.Intn(8); k++ {
			r := hugeRow(rng, n, 4, uint(50+rng.Intn(11)), int64(rng.Intn(1000)))
			j := rng.Intn(n)
			r[j] = int64(1 - 2*rng.Intn(2)) // the rows need not meet the box
			if rng.Intn(2) == 0 {
				r[n] = rng.Int63n(100) // overflows past the constant column
			}
			mark := tb.snapshot()
			eq := rng.Intn(6) == 0
			var ok bool
			if eq {
				ok = tb.addEq(r)
			} else {
				ok = tb.addIneq(r)
			}
			if !ok {
				tb.rollback(mark)
				continue
			}
			cons = append(cons, r)
			eqs = append(eqs, eq)
			checkBigTableau(t, tb, cons, eqs)
			if rng.Intn(2) == 0 {
				obj := hugeRow(rng, n, 4, uint(8+rng.Intn(51)), 0)
				tb.optimumVal(obj, int64(2*rng.Intn(2)-1))
				checkBigTableau(t, tb, cons, eqs)
			}
		}
	}
}
