package scheduler

import (
	"slices"
	"strings"
	"testing"
)

// bandRows returns the rows of statement si.
func bandRows(res *Result, si int) [][]int64 { return res.Hyperplanes[si] }

// TestNegativeCoefficient: the plain non-negative search finds no
// permutable band of two rows (A[i][j] = A[i-1][2j], distances (1, -j));
// reversing j gives the permutable band (i, -j).
func TestNegativeCoefficient(t *testing.T) {
	d := loadDeps(t, "negative_coef.c")
	plain, err := Schedule(d, Config{NoNegative: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range bandRows(plain, 0) {
		if r[1] < 0 {
			t.Fatalf("NoNegative gave a negative coefficient: %v", plain.Hyperplanes[0])
		}
	}
	res, err := Schedule(d, Config{})
	if err != nil {
		t.Fatal(err)
	}
	t.Log(res.Remarks)
	found := false
	for _, r := range bandRows(res, 0) {
		if slices.Equal(r, []int64{0, -1, 0}) {
			found = true
		}
	}
	if !found {
		t.Fatalf("rows %v lack (0, -1)", res.Hyperplanes[0])
	}
	// One band of two rows with the reversed loop; the plain search needs
	// two bands of one.
	if n := countBands(t, plain); n != 2 {
		t.Errorf("plain search: %d bands, want 2", n)
	}
	if n := countBands(t, res); n != 1 {
		t.Errorf("with negative coefficients: %d bands, want 1", n)
	}
}

func countBands(t *testing.T, res *Result) int {
	t.Helper()
	n := 0
	for _, r := range res.Remarks {
		if len(r) > 7 && r[:7] == "band of" {
			n++
		}
	}
	return n
}

// TestPerGroupBand: when the band's next hyperplane exists for one group
// of statements (joined by no dependence of the band to the others) but
// not for another, the first group continues the band alone: the product
// keeps a three-deep tiled band although the back substitution has no
// second row (genuine ludcmp's LU nest was left untiled by its back
// substitution).
func TestPerGroupBand(t *testing.T) {
	d := loadDeps(t, "pergroup.c")
	res, err := Schedule(d, Config{})
	if err != nil {
		t.Fatal(err)
	}
	t.Log(res.Remarks)
	has := func(f func(string) bool) bool { return slices.ContainsFunc(res.Remarks, f) }
	if !has(func(r string) bool { return strings.HasPrefix(r, "band of 3 loop(s) over S0: tiled") }) {
		t.Errorf("the product's band is not a tiled band of 3: %v", res.Remarks)
	}
	if !has(func(r string) bool { return strings.Contains(r, "continue it alone: {S0}") }) {
		t.Errorf("no remark on the group that continued the band: %v", res.Remarks)
	}
	// The schedule is checked against the dependences by Schedule itself
	// (legality is verified on the tree); the instance order of the back
	// substitution is kept: its rows are -i first.
	if r := res.Hyperplanes[1]; len(r) < 2 || r[1][0] != -1 {
		t.Errorf("back substitution rows %v: want -i at the first band level", r)
	}
}
