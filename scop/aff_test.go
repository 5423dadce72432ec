package scop

import (
	"math/rand"
	"testing"
)

// evalP evaluates a piecewise expression: exactly one guard must hold.
func evalP(t *testing.T, p pexpr, vals map[string]int64) int64 {
	t.Helper()
	found := 0
	var v int64
	for _, x := range p {
		ok, _ := dnf{x.guard}.holds(vals)
		if ok {
			found++
			v, _ = x.v.eval(vals)
		}
	}
	if found != 1 {
		t.Fatalf("%d pieces hold at %v in %v", found, vals, p)
	}
	return v
}

func TestAffString(t *testing.T) {
	i, n := affVar("i"), affVar("n")
	cases := []struct {
		a    *aff
		want string
	}{
		{i.scale(2).add(n.neg()).add(affConst(-3)), "2*i - n - 3"},
		{affConst(0), "0"},
		{floorDivAff(i.add(affConst(1)), 2), "floor((i + 1)/2)"},
		{floorDivAff(i.scale(4).add(affConst(6)), 4), "i + 1"},
		{floorDivAff(i.scale(4).add(affConst(2)), 4), "i"},
		{floorDivAff(i.scale(6).add(affConst(3)), 3), "2*i + 1"},
		{floorDivAff(i.scale(3).add(n).add(affConst(5)), 3), "i + floor((n + 2)/3) + 1"},
	}
	for _, c := range cases {
		if got := c.a.String(); got != c.want {
			t.Errorf("got %q, want %q", got, c.want)
		}
	}
}

// TestTruncDivMod checks C division and modulo by constants against Go's
// (which truncates like C) on random affine expressions.
func TestTruncDivMod(t *testing.T) {
	seed := int64(7)
	r := rand.New(rand.NewSource(seed))
	for iter := 0; iter < 300; iter++ {
		a := affConst(int64(r.Intn(11) - 5)).add(affVar("i").scale(int64(r.Intn(7) - 3))).add(affVar("n").scale(int64(r.Intn(5) - 2)))
		d := int64(r.Intn(9) - 4)
		if d == 0 {
			d = 3
		}
		qd := paff(a).truncDiv(d)
		qm := paff(a).truncMod(d)
		for i := int64(-7); i <= 7; i++ {
			for n := int64(-5); n <= 5; n++ {
				vals := map[string]int64{"i": i, "n": n}
				x, _ := a.eval(vals)
				if got := evalP(t, qd, vals); got != x/d {
					t.Fatalf("seed %d: (%v)/%d at %v: got %d want %d", seed, a, d, vals, got, x/d)
				}
				if got := evalP(t, qm, vals); got != x%d {
					t.Fatalf("seed %d: (%v)%%%d at %v: got %d want %d", seed, a, d, vals, got, x%d)
				}
			}
		}
	}
}

func TestDnfNot(t *testing.T) {
	seed := int64(11)
	r := rand.New(rand.NewSource(seed))
	randAtom := func() dnf {
		a := affConst(int64(r.Intn(7) - 3)).add(affVar("i").scale(int64(r.Intn(5) - 2))).add(affVar("j").scale(int64(r.Intn(5) - 2)))
		if r.Intn(4) == 0 {
			a = a.add(floorDivAff(affVar("i").add(affVar("j")), 3))
		}
		if r.Intn(3) == 0 {
			return dnfAtom(eqZero(a))
		}
		return dnfAtom(geZero(a))
	}
	var randF func(depth int) dnf
	randF = func(depth int) dnf {
		if depth == 0 {
			return randAtom()
		}
		switch r.Intn(3) {
		case 0:
			return randF(depth - 1).and(randF(depth - 1))
		case 1:
			return randF(depth - 1).or(randF(depth - 1))
		}
		return randF(depth - 1).not()
	}
	for iter := 0; iter < 60; iter++ {
		f := randF(3)
		g := f.not()
		for i := int64(-4); i <= 4; i++ {
			for j := int64(-4); j <= 4; j++ {
				vals := map[string]int64{"i": i, "j": j}
				a, _ := f.holds(vals)
				b, _ := g.holds(vals)
				if a == b {
					t.Fatalf("seed %d: f=%v and not f=%v agree at %v", seed, f, g, vals)
				}
			}
		}
	}
}

func TestMinMaxSelect(t *testing.T) {
	i, n := paff(affVar("i")), paff(affVar("n").add(affConst(2)))
	mn, mx := minMax(i, n, false), minMax(i, n, true)
	sel := selectExpr(compare(i, "<", n), i.add(pconst(1)), n)
	for a := int64(-5); a <= 5; a++ {
		for b := int64(-5); b <= 5; b++ {
			vals := map[string]int64{"i": a, "n": b}
			if got, want := evalP(t, mn, vals), min(a, b+2); got != want {
				t.Fatalf("min at %v: %d want %d", vals, got, want)
			}
			if got, want := evalP(t, mx, vals), max(a, b+2); got != want {
				t.Fatalf("max at %v: %d want %d", vals, got, want)
			}
			want := b + 2
			if a < b+2 {
				want = a + 1
			}
			if got := evalP(t, sel, vals); got != want {
				t.Fatalf("select at %v: %d want %d", vals, got, want)
			}
		}
	}
}
