package scop

import (
	"math/rand"
	"testing"

	"github.com/tessera-opt/tessera/presburger"
)

// TestAccessExtent checks AccessExtent against enumeration: for random
// parameter values in the context, every accessed element lies within
// the bounds, and the least and greatest subscripts are the value of one
// of the pieces (the bounds are the exact optima, not just bounds). With
// at most one piece per bound, the bounds of several pieces come from
// the convex hull: they must still hold.
func TestAccessExtent(t *testing.T) {
	cases := []struct {
		decls, body string
		arrays      []string
	}{
		{"int n, double *x, double *y", "for (int i = 1; i < n - 1; i++) y[i] = x[i - 1] + x[i + 1];", []string{"x", "y"}},
		{"int n, double A[20][20], double B[20][20]", "for (int i = 0; i < n; i++) for (int j = 0; j <= i; j++) A[i][j] += B[j][i + 2];", []string{"A", "B"}},
		{"int n, int m, double *A, double *x", "for (int i = 0; i < n; i++) for (int j = 0; j < m; j++) x[i] += A[i*m + j];", []string{"A", "x"}},
		{"int n, int k, double *x, double *y", "for (int i = 0; i < n; i += 2) y[i / 2] = x[i + k] + x[3 * i];", []string{"x", "y"}},
		{"int n, int m, double *x", "for (int i = 0; i < n; i++) if (i < m) x[i] = 0; else x[2 * n - i] = 1;", []string{"x"}},
		{"int n, int m, double *x, double *y", "for (int i = 0; i < n; i++) for (int j = i; j < m; j++) y[j - i] += x[n - j];", []string{"x", "y"}},
	}
	rng := rand.New(rand.NewSource(7))
	hulls := 0
	for _, c := range cases {
		s, err := modelSrc(c.decls, c.body)
		if err != nil {
			t.Fatalf("%s: %v", c.body, err)
		}
		for _, name := range c.arrays {
			e, ok, err := s.AccessExtent(name)
			if err != nil || !ok {
				t.Fatalf("%s: %s: extent %v, %v", c.body, name, ok, err)
			}
			checkExtent(t, rng, s, c.body, e, true)
			// One piece at most: bounds with more come from the
			// convex hull of the elements, valid but not exact.
			many := false
			for k := range e.Lo {
				many = many || len(e.Lo[k]) > 1 || len(e.Hi[k]) > 1
			}
			e, ok, err = s.accessExtent(name, 1)
			if !many || err != nil {
				// (the hull of x[i + k] and x[3*i] is unbounded)
				continue
			}
			if !ok {
				t.Fatalf("%s: %s: extent on the hull: %v, %v", c.body, name, ok, err)
			}
			hulls++
			checkExtent(t, rng, s, c.body+" (hull)", e, false)
		}
		if _, ok, err := s.AccessExtent("nothing"); ok || err != nil {
			t.Errorf("%s: extent of an array not accessed: %v, %v", c.body, ok, err)
		}
	}
	if hulls == 0 {
		t.Errorf("no bound taken on the convex hull")
	}
}

// checkExtent compares e with the elements the accesses of s enumerate
// for random parameter values of the context: the bounds hold, and with
// exact, the extreme values are the value of a piece.
func checkExtent(t *testing.T, rng *rand.Rand, s *Scop, what string, e Extent, exact bool) {
	t.Helper()
	params := s.Context.Space().Params()
	tried := 0
	for tries := 0; tries < 400 && tried < 40; tries++ {
		vals := make([]int64, len(params))
		for k := range vals {
			vals[k] = int64(rng.Intn(14) - 3)
		}
		if !s.Context.Contains(vals) {
			continue
		}
		tried++
		at := func(a presburger.Aff) int64 {
			ps := a.Space().Params()
			pt := make([]int64, len(ps))
			for k, p := range ps {
				for j, q := range params {
					if p == q {
						pt[k] = vals[j]
					}
				}
			}
			return a.Eval(pt)
		}
		var lo, hi []int64
		for _, st := range s.Statements {
			for _, a := range st.Accesses {
				if a.Array != e.Array {
					continue
				}
				img := a.Rel.AlignParams(params).Range().AlignParams(params)
				pts, err := img.Points(vals)
				if err != nil {
					t.Fatal(err)
				}
				for _, p := range pts {
					if lo == nil {
						lo, hi = append([]int64(nil), p...), append([]int64(nil), p...)
					}
					for k, v := range p {
						lo[k], hi[k] = min(lo[k], v), max(hi[k], v)
					}
				}
			}
		}
		if lo == nil {
			continue // nothing accessed: any bound will do
		}
		for k := range lo {
			bound := func(pieces []presburger.Aff, want int64, upper bool) {
				found := false
				for _, p := range pieces {
					found = found || at(p) == want
				}
				least, most := at(pieces[0]), at(pieces[0])
				for _, p := range pieces[1:] {
					least, most = min(least, at(p)), max(most, at(p))
				}
				if !found && exact || upper && most < want || !upper && least > want {
					t.Errorf("%s: %s subscript %d at %v = %v: pieces %v, extreme %d", what, e.Array, k, params, vals, pieces, want)
				}
			}
			bound(e.Lo[k], lo[k], false)
			bound(e.Hi[k], hi[k], true)
		}
	}
	if tried == 0 {
		t.Errorf("%s: no parameter values tried", what)
	}
}
