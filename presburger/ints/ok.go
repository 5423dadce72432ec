package ints

import (
	"math"
	"math/bits"
)

// The OK forms return false instead of panicking when the exact result
// does not fit in an int64 (the value is then 0): for callers to whom an
// overflow is an answer rather than an error, such as an interpreter that
// reports it or an analysis that then declines. Add, Sub and Mul are
// these with the panic.

// AddOK returns a+b, or false when it overflows.
func AddOK(a, b int64) (int64, bool) {
	c := a + b
	if addOverflows(a, b, c) {
		return 0, false
	}
	return c, true
}

// SubOK returns a-b, or false when it overflows.
func SubOK(a, b int64) (int64, bool) {
	c := a - b
	if subOverflows(a, b, c) {
		return 0, false
	}
	return c, true
}

// addOverflows reports whether c, the wrapped sum a+b, differs from the
// exact one: a and b have the same sign and c has the other one.
func addOverflows(a, b, c int64) bool { return (a^c)&(b^c) < 0 }

// subOverflows reports whether c, the wrapped difference a-b, differs
// from the exact one: a and b have different signs and c's sign differs
// from a's.
func subOverflows(a, b, c int64) bool { return (a^b)&(a^c) < 0 }

// MulOK returns a*b, or false when it overflows.
func MulOK(a, b int64) (int64, bool) {
	if a == int64(int32(a)) && b == int64(int32(b)) {
		return a * b, true
	}
	neg := (a < 0) != (b < 0)
	hi, lo := bits.Mul64(absU(a), absU(b))
	if hi != 0 || !neg && lo > math.MaxInt64 || neg && lo > 1<<63 {
		return 0, false
	}
	if neg {
		return -int64(lo), true // lo == 1<<63 gives MinInt64, which is right
	}
	return int64(lo), true
}
