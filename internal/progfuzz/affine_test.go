package progfuzz

import "testing"

func TestAffString(t *testing.T) {
	e := env{"i": {0, 9}, "j": {-3, 4}, "N": {10, 10}}
	q := affVar("i", 1).plus(1)
	q.div = 2
	m := affVar("j", 1).add(affVar("i", 1))
	m.mod = 3
	for _, c := range []struct {
		a      aff
		s      string
		lo, hi int64
	}{
		{affVar("i", 2).add(affVar("j", -1)).plus(-3), "2 * i - j - 3", -7, 18},
		{affVar("N", 1).add(affVar("i", -1)).plus(-1), "N - i - 1", 0, 9},
		{affConst(0), "0", 0, 0},
		{q, "(i + 1) / 2", 0, 5},
		{q.plus(3), "(i + 1) / 2 + 3", 3, 8},
		{m, "(j + i) % 3", -2, 2},
		{affVar("i", -1), "-i", -9, 0},
	} {
		if got := c.a.String(); got != c.s {
			t.Errorf("String = %q, want %q", got, c.s)
		}
		if r := c.a.rng(e); r.lo != c.lo || r.hi != c.hi {
			t.Errorf("%s: range [%d, %d], want [%d, %d]", c.s, r.lo, r.hi, c.lo, c.hi)
		}
	}
}
