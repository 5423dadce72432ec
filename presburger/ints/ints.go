package ints

import (
	"fmt"
	"math"
)

// OverflowError is the panic value of every operation of this package whose
// exact result does not fit in an int64.
type OverflowError struct {
	Op   string // the operation, e.g. "mul"
	A, B int64  // its operands (B is 0 for unary operations)
}

func (e *OverflowError) Error() string {
	return fmt.Sprintf("ints: int64 overflow in %s(%d, %d)", e.Op, e.A, e.B)
}

func overflow(op string, a, b int64) {
	panic(&OverflowError{Op: op, A: a, B: b})
}

// Add returns a+b.
func Add(a, b int64) int64 {
	c := a + b
	if addOverflows(a, b, c) {
		overflow("add", a, b)
	}
	return c
}

// Sub returns a-b.
func Sub(a, b int64) int64 {
	c := a - b
	if subOverflows(a, b, c) {
		overflow("sub", a, b)
	}
	return c
}

// Mul returns a*b.
func Mul(a, b int64) int64 {
	// Fast path: both operands fit in 32 bits, the product cannot overflow.
	if a == int64(int32(a)) && b == int64(int32(b)) {
		return a * b
	}
	c, ok := MulOK(a, b)
	if !ok {
		overflow("mul", a, b)
	}
	return c
}

func absU(a int64) uint64 {
	if a < 0 {
		return uint64(-a) // MinInt64 maps to 1<<63, correct as uint64
	}
	return uint64(a)
}

// Neg returns -a.
func Neg(a int64) int64 {
	if a == math.MinInt64 {
		overflow("neg", a, 0)
	}
	return -a
}

// Abs returns |a|.
func Abs(a int64) int64 {
	if a < 0 {
		if a == math.MinInt64 {
			overflow("abs", a, 0)
		}
		return -a
	}
	return a
}

// Sign returns -1, 0 or 1.
func Sign(a int64) int {
	switch {
	case a < 0:
		return -1
	case a > 0:
		return 1
	}
	return 0
}

// FloorDiv returns floor(a/b). b must not be 0 (panics with a plain message).
func FloorDiv(a, b int64) int64 {
	if b == 0 {
		panic("ints: division by zero")
	}
	if b == -1 {
		return Neg(a)
	}
	q := a / b
	if (a%b != 0) && ((a < 0) != (b < 0)) {
		q--
	}
	return q
}

// CeilDiv returns ceil(a/b). b must not be 0.
func CeilDiv(a, b int64) int64 {
	if b == 0 {
		panic("ints: division by zero")
	}
	if b == -1 {
		return Neg(a)
	}
	q := a / b
	if (a%b != 0) && ((a < 0) == (b < 0)) {
		q++
	}
	return q
}

// Mod returns a - b*FloorDiv(a, b): for b > 0 the remainder in [0, b).
func Mod(a, b int64) int64 {
	if b == 0 {
		panic("ints: division by zero")
	}
	if b == -1 {
		return 0
	}
	r := a % b
	if r != 0 && ((r < 0) != (b < 0)) {
		r += b
	}
	return r
}

// GCD returns the non-negative greatest common divisor of a and b, with
// GCD(0, 0) == 0. It panics only when the result is 2^63 (both operands in
// {0, MinInt64}).
func GCD(a, b int64) int64 {
	ua, ub := absU(a), absU(b)
	for ub != 0 {
		ua, ub = ub, ua%ub
	}
	if ua > math.MaxInt64 {
		overflow("gcd", a, b)
	}
	return int64(ua)
}

// LCM returns the non-negative least common multiple (LCM(a, 0) == 0).
func LCM(a, b int64) int64 {
	if a == 0 || b == 0 {
		return 0
	}
	g := GCD(a, b)
	return Abs(Mul(a/g, b))
}

// RowGCD returns the gcd of the entries of r (0 for an all-zero row).
func RowGCD(r []int64) int64 {
	var g uint64
	for _, v := range r {
		if v == 0 {
			continue
		}
		u := absU(v)
		for u != 0 {
			g, u = u, g%u
		}
		if g == 1 {
			return 1
		}
	}
	if g > math.MaxInt64 {
		overflow("gcd", r[0], 0)
	}
	return int64(g)
}

// ScaleRow returns a new row r*a.
func ScaleRow(r []int64, a int64) []int64 {
	out := make([]int64, len(r))
	for i, v := range r {
		out[i] = Mul(v, a)
	}
	return out
}

// ScaleRowInPlace sets r to r*a.
func ScaleRowInPlace(r []int64, a int64) {
	for i, v := range r {
		r[i] = Mul(v, a)
	}
}

// CombineRows returns a new row r1*a + r2*b. The rows must have equal length.
func CombineRows(r1 []int64, a int64, r2 []int64, b int64) []int64 {
	if len(r1) != len(r2) {
		panic("ints: CombineRows: rows of different lengths")
	}
	out := make([]int64, len(r1))
	for i := range r1 {
		out[i] = Add(Mul(r1[i], a), Mul(r2[i], b))
	}
	return out
}

// AddMulRow sets dst to dst + src*a (the inner loop of elimination).
func AddMulRow(dst, src []int64, a int64) {
	if len(dst) != len(src) {
		panic("ints: AddMulRow: rows of different lengths")
	}
	for i, v := range src {
		if v != 0 {
			dst[i] = Add(dst[i], Mul(v, a))
		}
	}
}

// DivRowExact divides every entry of r by d, which must divide them all.
func DivRowExact(r []int64, d int64) {
	if d == 1 {
		return
	}
	for i, v := range r {
		if v%d != 0 {
			panic("ints: DivRowExact: entry not divisible")
		}
		r[i] = v / d
	}
}
