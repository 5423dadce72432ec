package presburger

import (
	"math"
	"testing"
)

// TestQueryBigIntermediates: a lexicographic minimum whose constraints and
// answer fit in int64 but whose simplex pivots do not (coefficients near
// 2^62). The engine refused it with an error of Kind Overflow while its
// tableau was int64 only; the set is empty (the equality's integer
// solutions i = i0 + (M/5)t, j = j0 - (M/3)t meet the inequalities for no
// integer t, M = MaxInt64).
func TestQueryBigIntermediates(t *testing.T) {
	sp := NewSetSpace(nil, "S", []string{"i", "j"})
	bb := NewBasicBuilder(sp)
	bb.AddIneq([]int64{math.MaxInt64 / 2, 3, 0})
	bb.AddIneq([]int64{-3, math.MaxInt64 / 2, 1})
	bb.AddIneq([]int64{1, 1, math.MinInt64 / 2})
	bb.AddEq([]int64{math.MaxInt64 / 3, math.MaxInt64 / 5, 7})
	pt, kind, err := Query{}.LexMinPoint(bb.BuildSet().Map())
	if err != nil || kind != OptEmpty {
		t.Fatalf("LexMinPoint = %v, %v, %v; want empty", pt, kind, err)
	}
}
