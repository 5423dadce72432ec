package ast

import (
	"math"
	"strconv"
)

// Checked int64 arithmetic: every function reports ok = false instead of
// wrapping around.

func addChecked(a, b int64) (int64, bool) {
	s := a + b
	if (a >= 0) == (b >= 0) && (s >= 0) != (a >= 0) {
		return 0, false
	}
	return s, true
}

func subChecked(a, b int64) (int64, bool) {
	d := a - b
	if (a >= 0) != (b >= 0) && (d >= 0) != (a >= 0) {
		return 0, false
	}
	return d, true
}

func mulChecked(a, b int64) (int64, bool) {
	if a == 0 || b == 0 {
		return 0, true
	}
	if (a == -1 && b == math.MinInt64) || (b == -1 && a == math.MinInt64) {
		return 0, false
	}
	p := a * b
	if p/b != a {
		return 0, false
	}
	return p, true
}

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
