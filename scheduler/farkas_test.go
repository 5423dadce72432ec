package scheduler

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"github.com/tessera-opt/tessera/presburger"
)

// TestDeltaCoefficientsBrute: for self-dependence polyhedra, a form
// (a0, a_p, a) is in deltaCoefficients' dual exactly when the form
// (a0, a_p, -a, a) over (s, t) is in the full dual of the polyhedron;
// checked on every form with small coefficients.
func TestDeltaCoefficientsBrute(t *testing.T) {
	polys := []string{
		"[n] -> { S[i, j] -> S[i2, j2] : 0 <= i < n and 0 <= j < n and 0 <= i2 < n and 0 <= j2 < n and i2 > i }",
		"[n] -> { S[i, j] -> S[i, j2] : 0 <= i < n and 0 <= j < n and 0 <= j2 < n and j2 > j }",
		"[n, m] -> { S[i, j] -> S[i + 1, j - 1] : 0 <= i < n and 1 <= j < m and i + 1 < n }",
		"[n] -> { S[i, j] -> S[i2, j2] : 0 <= i < n and 0 <= j <= i and 0 <= i2 < n and 0 <= j2 <= i2 and i2 = i + 2 and j2 >= j }",
		"{ S[i] -> S[i2] : 0 <= i < 10 and i2 = i + 3 and i2 < 10 }",
	}
	rng := rand.New(rand.NewSource(1))
	for _, src := range polys {
		bm, err := presburger.ParseBasicMap(src)
		if err != nil {
			t.Fatal(err)
		}
		dc, ok, err := deltaCoefficients(presburger.Query{}, bm)
		if err != nil || !ok {
			t.Fatalf("%s: not a self dependence", src)
		}
		full := bm.Coefficients()
		np, d := bm.Space().NParam(), bm.Space().Dim(presburger.In)
		in := 0
		for k := 0; k < 400; k++ {
			form := make([]int64, 1+np+d)
			for c := range form {
				form[c] = int64(rng.Intn(7) - 3)
			}
			wide := append(append([]int64(nil), form[:1+np]...), make([]int64, 2*d)...)
			for j := 0; j < d; j++ {
				wide[1+np+j] = -form[1+np+j]
				wide[1+np+d+j] = form[1+np+j]
			}
			if got, want := presburger.NewSet(dc.Space(), dc).Contains(form), presburger.NewSet(full.Space(), full).Contains(wide); got != want {
				t.Errorf("%s: form %v: in the delta dual %v, in the full dual %v", src, form, got, want)
			} else if got {
				in++
			}
		}
		if in == 0 || in == 400 {
			t.Errorf("%s: %d of 400 forms in the dual: the test tells nothing", src, in)
		}
	}
}

// TestDeepScalarNest: six nested loops around one scalar update keep
// their order, and the dual of every dependence is the small one of its
// distances (96 facets for the level-0 part; the dual over the pairs of
// instances has thousands and took minutes).
func TestDeepScalarNest(t *testing.T) {
	d := loadDeps(t, "deep_scalar.c")
	p, err := newPlan(d, Config{})
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range p.edges {
		if !e.delta {
			t.Errorf("edge %v: Farkas dual over the instance pairs", e.poly)
		}
		if n := len(e.coef.Ineqs()); n > 128 {
			t.Errorf("edge %v: %d facets", e.poly, n)
		}
	}
	res, err := Schedule(d, Config{})
	if err != nil {
		// No better schedule: the caller keeps the original one.
		return
	}
	for _, h := range res.Hyperplanes[0] {
		var nz []string
		for j, c := range h[:len(h)-1] {
			if c != 0 {
				nz = append(nz, fmt.Sprintf("%d·i%d", c, j))
			}
		}
		if len(nz) > 1 {
			t.Errorf("row %s of a sequential nest", strings.Join(nz, " + "))
		}
	}
}
