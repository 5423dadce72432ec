package astgen

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestLargeCoefficientInputs generates the suite inputs whose rational
// projections combine rows beyond int64 (coefficients 2^32 on different
// divisions, bounds at the int64 maximum), once refused with an int64
// overflow, and checks them for every parameter value of their range.
func TestLargeCoefficientInputs(t *testing.T) {
	for _, name := range []string{"hand/wrap-2pow32.in", "hand/bound-int64-max.in"} {
		data, err := os.ReadFile(filepath.Join("testdata/suite", name))
		if err != nil {
			t.Fatal(err)
		}
		var c suiteCase
		for _, sc := range loadSuite(t, "testdata/suite/hand") {
			if "hand/"+sc.name+".in" == name && !sc.tree {
				c = sc
			}
		}
		if c.text != string(data) {
			t.Fatalf("%s not loaded", name)
		}
		c.name = strings.TrimSuffix(name, ".in")
		t.Run(c.name, func(t *testing.T) { checkSuiteCase(t, c, 1000) })
	}
}

func TestCombineCons(t *testing.T) {
	mk := func(c int64, coef ...int64) aff { return aff{Coef: coef, C: c} }
	const p32, p31, p62 = int64(1) << 32, int64(1) << 31, int64(1) << 62
	tests := []struct {
		name                string
		p                   aff
		alpha               int64
		q                   aff
		beta                int64
		eq                  bool
		want                aff
		feasible, fits, cmp bool
	}{
		// 2^31*(2^32 x + 5) + 2^31*(2^32 y - 3) = 2^63 (x + y) + 2^32:
		// x + y >= 0 after division (the constant rounded down).
		{"big-ineq", mk(5, p32, 0), p31, mk(-3, 0, p32), p31, false, mk(0, 1, 1), true, true, true},
		// As an equality the constant 2^32 is not a multiple of 2^63.
		{"big-eq-infeasible", mk(5, p32, 0), p31, mk(-3, 0, p32), p31, true, aff{}, false, true, false},
		{"small", mk(1, 2, 0), 3, mk(-1, 0, 4), 1, false, mk(1, 3, 2), true, true, true},
		{"small-normalized", mk(2, 2, 0), 2, mk(-2, 0, 4), 1, false, mk(0, 1, 1), true, true, true},
		// The constant 2^63 does not fit.
		{"no-fit", mk(p62, 1, 0), 1, mk(p62, 0, 1), 1, false, aff{}, true, false, false},
	}
	for _, tt := range tests {
		c, feasible, fits := combineCons(tt.p, tt.alpha, tt.q, tt.beta, tt.eq)
		if feasible != tt.feasible || fits != tt.fits {
			t.Errorf("%s: feasible %v fits %v, want %v %v", tt.name, feasible, fits, tt.feasible, tt.fits)
			continue
		}
		if tt.cmp && !c.a.equal(tt.want) {
			t.Errorf("%s: got %v, want %v", tt.name, c.a, tt.want)
		}
	}
}
