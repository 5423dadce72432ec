package vector

import (
	"strings"
	"testing"

	"github.com/tessera-opt/tessera/ast"
)

func TestLinCoef(t *testing.T) {
	i := ast.NewIdent("i")
	n := ast.NewIdent("n")
	for _, tc := range []struct {
		e    ast.Expr
		want int64
		ok   bool
	}{
		{ast.NewInt(3), 0, true},
		{i, 1, true},
		{n, 0, true},
		{ast.Add(i, n), 1, true},
		{ast.Sub(n, i), -1, true},
		{ast.Mul(ast.NewInt(4), i), 4, true},
		{ast.Add(ast.Mul(ast.NewInt(4), i), ast.Mul(i, ast.NewInt(3))), 7, true},
		{ast.Neg(i), -1, true},
		{ast.Mul(i, n), 0, false},
		{ast.FloorDiv(i, ast.NewInt(2)), 0, false},
		{ast.FloorDiv(n, ast.NewInt(2)), 0, true},
		{ast.Min(n, ast.NewIdent("m")), 0, true},
		{ast.Min(n, i), 0, false},
		{ast.Mul(ast.NewInt(1<<62), ast.Mul(ast.NewInt(4), i)), 0, false}, // overflow
	} {
		got, ok := linCoef(tc.e, "i")
		if ok != tc.ok || (ok && got != tc.want) {
			t.Errorf("linCoef(%s) = %d, %v; want %d, %v", tc.e, got, ok, tc.want, tc.ok)
		}
	}
}

func TestStrideClass(t *testing.T) {
	for _, tc := range []struct {
		d    []int64
		want int64
	}{
		{nil, 0}, {[]int64{0, 0}, 0}, {[]int64{0, 1}, 1}, {[]int64{1, 0}, StrideUnknown},
		{[]int64{0, 2}, StrideUnknown}, {[]int64{0, -1}, StrideUnknown},
	} {
		if got := strideClass(tc.d); got != tc.want {
			t.Errorf("strideClass(%v) = %d, want %d", tc.d, got, tc.want)
		}
	}
}

// TestCostModel checks the seed's ranking for C[i][j] += A[i][k]*B[k][j]
// with 4 lanes: j (broadcast A, load B) is cheapest, then k (reduction),
// then i (strided A and C).
func TestCostModel(t *testing.T) {
	const L = 4
	j := 1 + costOf(1, L, true) + costOf(0, L, false) + costOf(1, L, false)
	k := 1 + costOf(0, L, true) + costOf(1, L, false) + costOf(StrideUnknown, L, false)
	i := 1 + costOf(StrideUnknown, L, true) + costOf(StrideUnknown, L, false) + costOf(0, L, false)
	if !(j < k && k < i) {
		t.Errorf("costs i=%d j=%d k=%d; want j < k < i", i, j, k)
	}
}

func TestParseTarget(t *testing.T) {
	for _, n := range KnownTargets() {
		tg, err := ParseTarget(n)
		if err != nil || tg.Name != n || tg.Lanes("double")*8 != tg.Bytes {
			t.Errorf("ParseTarget(%q) = %+v, %v", n, tg, err)
		}
	}
	_, err := ParseTarget("altivec")
	if err == nil || !strings.Contains(err.Error(), "avx2, sse2, avx512, neon, generic") {
		t.Errorf("ParseTarget(altivec) error = %v; want the list of known targets", err)
	}
	if tg, _ := ParseTarget(""); tg.Name == "" {
		t.Errorf("ParseTarget(\"\") gave no host target")
	}
	if l := (Target{Bytes: 32}).Lanes("int"); l != 0 {
		t.Errorf("Lanes(int) = %d", l)
	}
}
