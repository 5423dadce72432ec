package astgen

import (
	"strings"
	"testing"

	"github.com/tessera-opt/tessera/ast"
	"github.com/tessera-opt/tessera/schedule"
)

func TestPlainImplies(t *testing.T) {
	a := func(c int64, coef ...int64) aff { return aff{Coef: coef, C: c} }
	cases := []struct {
		eqs, ineqs []aff
		e          aff
		want       bool
	}{
		{nil, []aff{a(0, 1, 0)}, a(0, 1, 0), true},     // x >= 0 => x >= 0
		{nil, []aff{a(-2, 1, 0)}, a(0, 1, 0), true},    // x >= 2 => x >= 0
		{nil, []aff{a(2, 1, 0)}, a(0, 1, 0), false},    // x >= -2 does not give x >= 0
		{nil, []aff{a(0, 1, 0)}, a(0, 1, 1), false},    // other coefficients
		{nil, []aff{a(0, 1)}, a(0, 1, 0), true},        // shorter row, zero padded
		{[]aff{a(-3, 1, 0)}, nil, a(-1, -1, 0), false}, // x == 3 does not give -x - 1 >= 0
		{[]aff{a(-3, 1, 0)}, nil, a(3, -1, 0), true},   // x == 3 gives 3 - x >= 0
		{[]aff{a(-3, 1, 0)}, nil, a(-3, 1, 0), true},   // and x - 3 >= 0
		{nil, []aff{{Coef: []int64{1, 0}, Divs: []affDiv{{Num: a(0, 1, 0), Den: 2, K: 1}}}}, a(0, 1, 0), false},
	}
	for i, c := range cases {
		if got := plainImplies(c.eqs, c.ineqs, c.e); got != c.want {
			t.Errorf("case %d: got %v, want %v", i, got, c.want)
		}
	}
}

// TestMemoSameOutput generates a tiled stencil twice: the caches live in
// one generation only, so both print the same code (the byte-identical
// check against the uncached generator is TestSuiteDump with ASTGEN_DUMP,
// run before and after a change, and the golden files).
func TestMemoSameOutput(t *testing.T) {
	tr, err := schedule.ParseYAML(tileSize(seidel2dTree, "8"))
	if err != nil {
		t.Fatal(err)
	}
	n, err := Generate(tr, Config{})
	if err != nil {
		t.Fatal(err)
	}
	code := ast.PrintC(n)
	n2, err := Generate(tr, Config{})
	if err != nil || ast.PrintC(n2) != code {
		t.Fatalf("second generation differs (%v)", err)
	}
	if !strings.Contains(code, "for (") {
		t.Fatalf("no loop in\n%s", code)
	}
}
