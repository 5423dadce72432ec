package presburger

import (
	"math/rand/v2"
	"testing"

	"github.com/tessera-opt/tessera/presburger/internal/ints"
)

// randAff returns a random quasi-affine expression on dom with up to two
// nested floor divisions.
func randAff(rng *rand.Rand, dom Space) Aff {
	nd := dom.NDim()
	a := AffConst(dom, rng.Int64N(7)-3)
	for j := 0; j < nd; j++ {
		if rng.IntN(2) == 0 {
			var v Aff
			if j >= dom.NParam() {
				v = AffVar(dom, SetDim, j-dom.NParam())
			} else {
				v = AffVar(dom, Param, j)
			}
			a = a.Add(v.Scale(rng.Int64N(5) - 2))
		}
	}
	for k := rng.IntN(3); k > 0; k-- {
		switch rng.IntN(3) {
		case 0:
			a = a.FloorDiv(2 + rng.Int64N(3))
		case 1:
			a = a.Mod(2 + rng.Int64N(3))
		default:
			a = a.Add(a.FloorDiv(3).Scale(2))
		}
	}
	return a
}

func TestRandomAffOps(t *testing.T) {
	for seed := uint64(0); seed < uint64(iters(300)); seed++ {
		rng := rand.New(rand.NewPCG(seed, 106))
		params := randNames("p", rng.IntN(2))
		dom := NewSetSpace(params, "S", randNames("i", 1+rng.IntN(2)))
		a, b := randAff(rng, dom), randAff(rng, dom)
		d := 2 + rng.Int64N(3)
		sum, diff, fl, md := a.Add(b), a.Sub(b), a.FloorDiv(d), a.Mod(d)
		le, ne := a.LeSet(b), a.NeSet(b)
		pa, pb := PwAffFromAff(a).IntersectDomain(a.NonNegSet()), PwAffFromAff(b)
		mn, mx := pa.Min(pb), pa.Max(pb)
		g := PwAffFromAff(a).AsMap()
		np, nd := dom.NParam(), dom.Dim(SetDim)
		forBox(np, nd, func(pt []int64) {
			if t.Failed() {
				return
			}
			x, y := a.Eval(pt), b.Eval(pt)
			check := func(what string, got, want int64) {
				if got != want {
					t.Errorf("seed %d: %s at %v: got %d, want %d (a = %v, b = %v)", seed, what, pt, got, want, a, b)
				}
			}
			check("add", sum.Eval(pt), x+y)
			check("sub", diff.Eval(pt), x-y)
			check("floordiv", fl.Eval(pt), ints.FloorDiv(x, d))
			check("mod", md.Eval(pt), ints.Mod(x, d))
			if le.Contains(pt) != (x <= y) || ne.Contains(pt) != (x != y) {
				t.Errorf("seed %d: comparison sets at %v wrong (a = %v, b = %v)", seed, pt, a, b)
			}
			v, ok := mn.Eval(pt)
			if ok != (x >= 0) || ok && v != min(x, y) {
				t.Errorf("seed %d: min at %v = %d %v (a = %v, b = %v): %v", seed, pt, v, ok, a, b, mn)
			}
			v, ok = mx.Eval(pt)
			if ok != (x >= 0) || ok && v != max(x, y) {
				t.Errorf("seed %d: max at %v = %d %v: %v", seed, pt, v, ok, mx)
			}
			full := append(append([]int64(nil), pt...), x)
			if !g.Contains(full) {
				t.Errorf("seed %d: graph %v misses %v", seed, g, full)
			}
			full[len(full)-1]++
			if g.Contains(full) {
				t.Errorf("seed %d: graph %v holds %v", seed, g, full)
			}
		})
		if t.Failed() {
			return
		}
		// Round trips: graph -> function, and text -> map.
		f, err := g.AsPwAff()
		if err != nil {
			t.Fatalf("seed %d: AsPwAff(%v): %v", seed, g, err)
		}
		forBox(np, nd, func(pt []int64) {
			if v, ok := f.Eval(pt); !ok || v != a.Eval(pt) {
				t.Errorf("seed %d: AsPwAff(graph of %v) = %v at %v: %d %v", seed, a, f, pt, v, ok)
			}
		})
		for _, txt := range []string{a.String(), mn.String(), f.String()} {
			if _, err := ParseMap(txt); err != nil {
				t.Errorf("seed %d: %q does not parse: %v", seed, txt, err)
			}
		}
		if back, err := ParseMap(mn.String()); err == nil && mn.NPieces() > 0 && !back.IsEqual(mn.AsMap()) {
			t.Errorf("seed %d: %q parses to %v, want %v", seed, mn.String(), back, mn.AsMap())
		}
		if t.Failed() {
			return
		}
	}
}

func TestAffString(t *testing.T) {
	dom := NewSetSpace([]string{"n"}, "S", []string{"i", "j"})
	i, j, n := AffVar(dom, SetDim, 0), AffVar(dom, SetDim, 1), AffVar(dom, Param, 0)
	for _, tc := range []struct {
		a    fmtStringer
		want string
	}{
		{i.Add(j), "[n] -> { S[i, j] -> [(i + j)] }"},
		{n.Sub(i).AddConst(-1), "[n] -> { S[i, j] -> [(n - i - 1)] }"},
		{i.FloorDiv(2), "[n] -> { S[i, j] -> [(floor(i/2))] }"},
		{NewMultiAff(MapSpace(dom, NewSetSpace(nil, "T", []string{"a", "b"})), i, AffConst(dom, 0)), "[n] -> { S[i, j] -> T[(i), (0)] }"},
	} {
		// The expression text comes from the shared printer; when it
		// changes style, the objects must still agree through the parser.
		if got := tc.a.String(); got != tc.want {
			g, err1 := ParseMultiAff(got)
			w, err2 := ParseMultiAff(tc.want)
			if err1 != nil || err2 != nil || !g.AsMap().IsEqual(w.AsMap()) {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		}
	}
}

type fmtStringer interface{ String() string }

func TestUnionPwMultiAff(t *testing.T) {
	u := MustParseUnionMap("[n] -> { S[i] -> [i, 0] : 0 <= i < n; T[i, j] -> [j, 1] : 0 <= j <= i < n; R[i] -> [k] : 0 <= k < n and k >= i }")
	f, err := u.LexMinUnionPwMultiAff()
	if err != nil {
		t.Fatal(err)
	}
	if len(f.PwMultiAffs()) != 3 || !f.AsUnionMap().IsEqual(u.LexMin()) {
		t.Errorf("LexMinUnionPwMultiAff(%v) = %v", u, f)
	}
	sp, v, ok := f.Eval(NewSetSpace([]string{"n"}, "R", []string{""}), []int64{5, 2})
	if !ok || len(v) != 1 || v[0] != 2 || sp.Dim(Out) != 1 {
		t.Errorf("Eval = %v %v %v in %v", sp, v, ok, f)
	}
	if _, err := MustParseUnionMap("{ S[i] -> [j] : 0 <= j <= i }").AsUnionPwMultiAff(); err == nil {
		t.Errorf("AsUnionPwMultiAff of a relation succeeded")
	}
}

func TestPullback(t *testing.T) {
	dom := NewSetSpace([]string{"n"}, "S", []string{"i", "j"})
	src := NewSetSpace([]string{"m", "n"}, "T", []string{"a"})
	a := AffVar(dom, SetDim, 0).Add(AffVar(dom, SetDim, 1).FloorDiv(2)).Add(AffVar(dom, Param, 0))
	// n(x) = (a + m, 3a): a ∘ n = a + m + floor(3a/2) + n.
	ma := NewMultiAff(MapSpace(src, dom), AffVar(src, SetDim, 0).Add(AffVar(src, Param, 0)), AffVar(src, SetDim, 0).Scale(3))
	p := a.PullbackMultiAff(ma)
	for m := int64(-3); m <= 3; m++ {
		for n := int64(-3); n <= 3; n++ {
			for x := int64(-5); x <= 5; x++ {
				want := x + m + ints.FloorDiv(3*x, 2) + n
				if got := p.Eval([]int64{m, n, x}); got != want {
					t.Fatalf("pullback %v at m=%d n=%d x=%d: %d, want %d", p, m, n, x, got, want)
				}
			}
		}
	}
	mm := NewMultiAff(MapSpace(dom, NewSetSpace(nil, "U", []string{""})), a).PullbackMultiAff(ma)
	if !mm.Aff(0).PlainIsEqual(p) || mm.Space().TupleName(In) != "T" {
		t.Errorf("MultiAff pullback = %v", mm)
	}
	if !PwAffFromAff(p).IsEqual(PwAffFromAff(p.Add(AffZero(src)))) {
		t.Errorf("IsEqual")
	}
}
