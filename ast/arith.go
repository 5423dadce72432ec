package ast

import (
	"math"
	"strconv"
)

// Checked int64 arithmetic: every function reports ok = false instead of
// wrapping around. Sums, differences and products are presburger/ints'
// AddOK, SubOK and MulOK; the divisions of C and of the generated code
// are here.

// truncDivChecked is C's a / b; b must be non-zero.
func truncDivChecked(a, b int64) (int64, bool) {
	if a == math.MinInt64 && b == -1 {
		return 0, false
	}
	return a / b, true
}

// floorDivChecked is floor(a / b); b must be non-zero.
func floorDivChecked(a, b int64) (int64, bool) {
	q, ok := truncDivChecked(a, b)
	if !ok {
		return 0, false
	}
	if a%b != 0 && (a < 0) != (b < 0) {
		q--
	}
	return q, true
}

// ceilDivChecked is ceil(a / b); b must be non-zero.
func ceilDivChecked(a, b int64) (int64, bool) {
	q, ok := truncDivChecked(a, b)
	if !ok {
		return 0, false
	}
	if a%b != 0 && (a < 0) == (b < 0) {
		q++
	}
	return q, true
}

func itoa(v int64) string { return strconv.FormatInt(v, 10) }
