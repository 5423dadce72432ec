package presburger

import (
	"fmt"
	"math/rand"
	"testing"

	"github.com/tessera-opt/tessera/presburger/internal/sys"
)

// TestCoefficientsBruteForce checks Farkas' lemma on random bounded basic
// sets: a form is in Coefficients(b) iff it is non-negative on b's rational
// relaxation, which we decide with the solver's rational emptiness of
// b ∧ 1000·f + 1 <= 0 (vertex denominators of these small polygons stay far
// below 1000). Membership must also imply non-negativity on every integer
// point, checked by enumeration.
func TestCoefficientsBruteForce(t *testing.T) {
	seed := int64(7)
	rng := rand.New(rand.NewSource(seed))
	for iter := 0; iter < 150; iter++ {
		sp := NewSetSpace(nil, "S", []string{"i", "j"})
		bb := NewBasicBuilder(sp)
		// A random box-bounded polygon.
		for d := 0; d < 2; d++ {
			lo := make([]int64, 3)
			lo[d], lo[2] = 1, int64(rng.Intn(3))
			bb.AddIneq(lo)
			hi := make([]int64, 3)
			hi[d], hi[2] = -1, int64(rng.Intn(5))
			bb.AddIneq(hi)
		}
		for c := 0; c < 2; c++ {
			bb.AddIneq([]int64{int64(rng.Intn(5) - 2), int64(rng.Intn(5) - 2), int64(rng.Intn(7) - 1)})
		}
		b := bb.BuildSet()
		if b.IsEmpty() {
			continue
		}
		coef := b.Coefficients()
		pts := boxPoints(b, 6)
		for trial := 0; trial < 30; trial++ {
			f := []int64{int64(rng.Intn(9) - 4), int64(rng.Intn(5) - 2), int64(rng.Intn(5) - 2)}
			in := coef.Contains(f)
			nonneg := true
			for _, p := range pts {
				if f[0]+f[1]*p[0]+f[2]*p[1] < 0 {
					nonneg = false
				}
			}
			if in && !nonneg {
				t.Fatalf("seed %d: %v in Coefficients(%v) but negative on an integer point", seed, f, b)
			}
			// (Rows are added to a raw system: a builder would tighten
			// the strict form over the integers.)
			rs := b.m.system()
			rs.AddIneq([]int64{-1000 * f[1], -1000 * f[2], -1000*f[0] - 1})
			ratNonneg := sys.IsRationalEmpty(rs)
			if in != ratNonneg {
				t.Fatalf("seed %d: form %v: in=%v rational-nonneg=%v on %v", seed, f, in, ratNonneg, b)
			}
		}
	}
}

func boxPoints(b BasicSet, r int64) [][]int64 {
	var pts [][]int64
	for i := -r; i <= r; i++ {
		for j := -r; j <= r; j++ {
			if b.Contains([]int64{i, j}) {
				pts = append(pts, []int64{i, j})
			}
		}
	}
	return pts
}

// TestCoefficientsLocalsBruteForce: basic sets with mod and existential
// locals (Coefficients first takes their real shadow on the set dims, then
// dualizes). A form is in the result iff it is non-negative on the rational
// relaxation with the locals free, decided as in TestCoefficientsBruteForce
// on the full system (locals included, with a zero coefficient).
func TestCoefficientsLocalsBruteForce(t *testing.T) {
	seed := int64(1122)
	rng := rand.New(rand.NewSource(seed))
	checked := 0
	for iter := 0; iter < 120; iter++ {
		m := 2 + rng.Intn(3)
		txt := fmt.Sprintf("{ [i, j] : %d <= i <= %d and %d <= j <= %d and (%d i + %d j + %d) mod %d = %d and %d i + %d j <= %d and exists (e : %d e <= i + %d j <= %d e + %d) }",
			rng.Intn(3), 3+rng.Intn(5), rng.Intn(3), 3+rng.Intn(5),
			1+rng.Intn(3), rng.Intn(3), rng.Intn(4), m, rng.Intn(m),
			rng.Intn(5)-2, rng.Intn(5)-2, 4+rng.Intn(6),
			2+rng.Intn(2), rng.Intn(3), 2+rng.Intn(2), rng.Intn(2))
		s, err := ParseSet(txt)
		if err != nil {
			t.Fatalf("seed %d: %s: %v", seed, txt, err)
		}
		for _, b := range s.Parts() {
			if b.IsEmpty() {
				continue
			}
			coef := b.Coefficients()
			pts := boxPoints(b, 9)
			for trial := 0; trial < 20; trial++ {
				f := []int64{int64(rng.Intn(13) - 6), int64(rng.Intn(5) - 2), int64(rng.Intn(5) - 2)}
				in := coef.Contains(f)
				for _, p := range pts {
					if in && f[0]+f[1]*p[0]+f[2]*p[1] < 0 {
						t.Fatalf("seed %d: %v in Coefficients(%v) but negative at %v", seed, f, b, p)
					}
				}
				rs := b.m.system()
				row := make([]int64, rs.NVars+1)
				row[0], row[1], row[rs.NVars] = -1000*f[1], -1000*f[2], -1000*f[0]-1
				rs.AddIneq(row)
				if want := sys.IsRationalEmpty(rs); in != want {
					t.Fatalf("seed %d: form %v: in=%v rational-nonneg=%v on %v (%d locals)", seed, f, in, want, b, len(b.m.locals))
				}
				checked++
			}
		}
	}
	if checked < 500 {
		t.Errorf("seed %d: only %d forms checked", seed, checked)
	}
}
