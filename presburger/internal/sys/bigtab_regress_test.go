package sys

import (
	"math/big"
	"testing"
)

// Queries that panicked with *ints.OverflowError before the tableau had
// its big.Int representation: the simplex gave up on an overflowing pivot
// and the Omega-test path overflowed too. Both have small answers, checked
// by enumeration of the box.

// TestBigRegressMin: the minimum of a huge objective over a box cut by one
// huge row (a pivot multiplies 131 by about 2^60).
func TestBigRegressMin(t *testing.T) {
	s := sysOf(2, nil, [][]int64{
		{1, 0, 3}, {-1, 0, 3}, {0, 1, 3}, {0, -1, 3},
		{2593184679221, 373979900681, -6657497228841},
	})
	obj := []int64{-885759073784893, 367823325155751, -1403694822414035}
	var want *big.Int
	enumerate(2, 3, func(x []int64) {
		if bigContains(s, x) {
			if v := bigEval(obj, x); want == nil || v.Cmp(want) < 0 {
				want = v
			}
		}
	})
	var res Result
	if r := catch(func() { res = Min(s, obj) }); r != nil {
		t.Fatalf("Min panicked: %v", r)
	}
	if res.Kind != Bounded || res.Value != want.Int64() || !bigContains(s, res.Point) || bigEval(obj, res.Point).Cmp(want) != 0 {
		t.Fatalf("Min = %+v, want %v", res, want)
	}
}

// TestBigRegressEmptyLexMin: emptiness and lexicographic minimum of a box
// cut by four huge rows (products near 2^78 in the first pivots).
func TestBigRegressEmptyLexMin(t *testing.T) {
	s := sysOf(2, nil, [][]int64{
		{1, 0, 3}, {-1, 0, 3}, {0, 1, 3}, {0, -1, 3},
		{-424343596791, -274897196770, 23995603356},
		{-469307476559, 0, -469263779083},
		{857244613222, 284983652637, -2571733797341},
		{-999001626179, -170145553231, -1339292732639},
	})
	var want []int64
	enumerateLex(2, 3, func(x []int64) bool {
		if bigContains(s, x) {
			want = append([]int64(nil), x...)
			return false
		}
		return true
	})
	var empty bool
	if r := catch(func() { empty = IsIntegerEmpty(s) }); r != nil {
		t.Fatalf("IsIntegerEmpty panicked: %v", r)
	}
	if empty != (want == nil) {
		t.Fatalf("IsIntegerEmpty = %v, enumeration finds %v", empty, want)
	}
	var res Result
	if r := catch(func() { res = LexMin(s) }); r != nil {
		t.Fatalf("LexMin panicked: %v", r)
	}
	if want == nil && res.Kind != Empty || want != nil && (res.Kind != Bounded || !equalRows(res.Point, want)) {
		t.Fatalf("LexMin = %+v, want %v", res, want)
	}
}
