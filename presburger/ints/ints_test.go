package ints

import (
	"errors"
	"math"
	"math/big"
	"math/rand"
	"testing"
)

func overflows(f func()) (ov bool) {
	defer func() {
		if r := recover(); r != nil {
			var oe *OverflowError
			err, ok := r.(error)
			if !ok || !errors.As(err, &oe) {
				panic(r)
			}
			ov = true
		}
	}()
	f()
	return false
}

var interesting = []int64{0, 1, -1, 2, -2, 3, -3, 7, -7, 1 << 31, -(1 << 31), 1<<31 - 1, 1 << 32, -(1 << 32),
	3037000499, -3037000499, 3037000500, -3037000500, 1 << 62, -(1 << 62), math.MaxInt64, math.MinInt64,
	math.MaxInt64 - 1, math.MinInt64 + 1, 1<<63 - 2, 4611686018427387903}

func operands(rng *rand.Rand, n int) [][2]int64 {
	var out [][2]int64
	for _, a := range interesting {
		for _, b := range interesting {
			out = append(out, [2]int64{a, b})
		}
	}
	for i := 0; i < n; i++ {
		a := rng.Int63() >> uint(rng.Intn(63))
		b := rng.Int63() >> uint(rng.Intn(63))
		if rng.Intn(2) == 0 {
			a = -a
		}
		if rng.Intn(2) == 0 {
			b = -b
		}
		out = append(out, [2]int64{a, b})
	}
	return out
}

func fits(z *big.Int) bool { return z.IsInt64() }

func TestArithAgainstBig(t *testing.T) {
	seed := int64(12345)
	rng := rand.New(rand.NewSource(seed))
	for _, p := range operands(rng, 20000) {
		a, b := p[0], p[1]
		A, B := big.NewInt(a), big.NewInt(b)
		check := func(name string, f func() int64, want *big.Int) {
			var got int64
			ov := overflows(func() { got = f() })
			if fits(want) {
				if ov || got != want.Int64() {
					t.Fatalf("seed %d: %s(%d,%d) = %d (overflow %v), want %v", seed, name, a, b, got, ov, want)
				}
			} else if !ov {
				t.Fatalf("seed %d: %s(%d,%d) = %d, want overflow (%v)", seed, name, a, b, got, want)
			}
		}
		check("Add", func() int64 { return Add(a, b) }, new(big.Int).Add(A, B))
		check("Sub", func() int64 { return Sub(a, b) }, new(big.Int).Sub(A, B))
		check("Mul", func() int64 { return Mul(a, b) }, new(big.Int).Mul(A, B))
		check("Neg", func() int64 { return Neg(a) }, new(big.Int).Neg(A))
		check("Abs", func() int64 { return Abs(a) }, new(big.Int).Abs(A))
		check("GCD", func() int64 { return GCD(a, b) }, new(big.Int).GCD(nil, nil, new(big.Int).Abs(A), new(big.Int).Abs(B)))
		if b != 0 {
			// big.Int Div is Euclidean; build floor/ceil from it.
			// big.Int DivMod is Euclidean (m >= 0): q is the floor for B > 0
			// and the ceiling for B < 0.
			q, m := new(big.Int).DivMod(A, B, new(big.Int))
			floor := new(big.Int)
			ceil := new(big.Int)
			if B.Sign() > 0 {
				floor.Set(q)
				ceil.Set(q)
				if m.Sign() != 0 {
					ceil.Add(ceil, big.NewInt(1))
				}
			} else {
				ceil.Set(q)
				floor.Set(q)
				if m.Sign() != 0 {
					floor.Sub(floor, big.NewInt(1))
				}
			}
			check("FloorDiv", func() int64 { return FloorDiv(a, b) }, floor)
			check("CeilDiv", func() int64 { return CeilDiv(a, b) }, ceil)
			mod := new(big.Int).Sub(A, new(big.Int).Mul(B, floor))
			check("Mod", func() int64 { return Mod(a, b) }, mod)
		}
		if a != 0 && b != 0 {
			g := new(big.Int).GCD(nil, nil, new(big.Int).Abs(A), new(big.Int).Abs(B))
			if fits(g) {
				l := new(big.Int).Abs(new(big.Int).Mul(A, B))
				l.Div(l, g)
				check("LCM", func() int64 { return LCM(a, b) }, l)
			}
		}
	}
}

func TestDivTable(t *testing.T) {
	for _, c := range []struct{ a, b, fl, ce, mod int64 }{
		{7, 2, 3, 4, 1}, {-7, 2, -4, -3, 1}, {7, -2, -4, -3, -1}, {-7, -2, 3, 4, -1},
		{6, 3, 2, 2, 0}, {-6, 3, -2, -2, 0}, {0, 5, 0, 0, 0}, {-1, 5, -1, 0, 4},
	} {
		if got := FloorDiv(c.a, c.b); got != c.fl {
			t.Errorf("FloorDiv(%d,%d)=%d want %d", c.a, c.b, got, c.fl)
		}
		if got := CeilDiv(c.a, c.b); got != c.ce {
			t.Errorf("CeilDiv(%d,%d)=%d want %d", c.a, c.b, got, c.ce)
		}
		if got := Mod(c.a, c.b); got != c.mod {
			t.Errorf("Mod(%d,%d)=%d want %d", c.a, c.b, got, c.mod)
		}
	}
}

func TestRows(t *testing.T) {
	if g := RowGCD([]int64{0, 6, -9, 12}); g != 3 {
		t.Fatalf("RowGCD = %d", g)
	}
	if g := RowGCD([]int64{0, 0}); g != 0 {
		t.Fatalf("RowGCD zero = %d", g)
	}
	r := CombineRows([]int64{1, 2, 3}, 2, []int64{1, -1, 0}, -3)
	if r[0] != -1 || r[1] != 7 || r[2] != 6 {
		t.Fatalf("CombineRows = %v", r)
	}
	if !overflows(func() { CombineRows([]int64{math.MaxInt64}, 2, []int64{0}, 1) }) {
		t.Fatal("CombineRows did not overflow")
	}
	if !overflows(func() { ScaleRow([]int64{1, 1 << 62}, 4) }) {
		t.Fatal("ScaleRow did not overflow")
	}
	d := []int64{1, 2}
	AddMulRow(d, []int64{3, 4}, 2)
	if d[0] != 7 || d[1] != 10 {
		t.Fatalf("AddMulRow = %v", d)
	}
}

func BenchmarkMulFast(b *testing.B) {
	x := int64(1)
	for i := 0; i < b.N; i++ {
		x = Mul(int64(i&1023), 37) + 1
	}
	_ = x
}

func BenchmarkMulWide(b *testing.B) {
	x := int64(0)
	for i := 0; i < b.N; i++ {
		x += Mul(int64(i)+1<<33, 3)
	}
	_ = x
}

// TestOKForms checks AddOK, SubOK and MulOK against math/big on edge
// values: the same value as Add, Sub and Mul when they fit, false exactly
// when those panic.
func TestOKForms(t *testing.T) {
	vals := []int64{0, 1, -1, 2, -2, 3, math.MaxInt32, math.MinInt32, math.MaxInt32 + 1, 1 << 32, -(1 << 32), 1 << 62, -(1 << 62), math.MaxInt64, math.MinInt64, math.MaxInt64 - 1, math.MinInt64 + 1}
	fits := func(z *big.Int) bool { return z.IsInt64() }
	for _, a := range vals {
		for _, b := range vals {
			A, B := big.NewInt(a), big.NewInt(b)
			for _, c := range []struct {
				name  string
				ok    func(a, b int64) (int64, bool)
				panic func(a, b int64) int64
				exact *big.Int
			}{
				{"add", AddOK, Add, new(big.Int).Add(A, B)},
				{"sub", SubOK, Sub, new(big.Int).Sub(A, B)},
				{"mul", MulOK, Mul, new(big.Int).Mul(A, B)},
			} {
				v, ok := c.ok(a, b)
				if ok != fits(c.exact) || ok && v != c.exact.Int64() || !ok && v != 0 {
					t.Errorf("%sOK(%d, %d) = %d, %v; exact %v", c.name, a, b, v, ok, c.exact)
				}
				if ov := overflows(func() { v = c.panic(a, b) }); ov == ok || ok && v != c.exact.Int64() {
					t.Errorf("%s(%d, %d) = %d, overflow %v; exact %v", c.name, a, b, v, ov, c.exact)
				}
			}
		}
	}
}
