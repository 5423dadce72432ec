package presburger

import (
	"math/rand/v2"
	"testing"

	"github.com/tessera-opt/tessera/presburger/internal/ints"
)

func TestStrideTable(t *testing.T) {
	for _, tc := range []struct {
		in     string
		pos    int
		stride int64
	}{
		{"{ [i] : 0 <= i <= 100 and i mod 4 = 1 }", 0, 4},
		{"[n] -> { [i] : exists (e: i = 3e + n) }", 0, 3},
		{"{ [i, j] : i = 2j }", 0, 2},
		{"{ [i, j] : 0 <= i <= 10 and exists (e: j = 4e + i + 1) }", 1, 4},
		{"{ [i] : i mod 4 = 1; [i] : i mod 4 = 3 }", 0, 2},
		{"{ [i] : 0 <= i <= 10 }", 0, 1},
	} {
		s := MustParseSet(tc.in)
		g, off := s.Stride(tc.pos)
		if g != tc.stride {
			t.Errorf("Stride(%s, %d) = %d, %v; want %d", tc.in, tc.pos, g, off, tc.stride)
			continue
		}
		if g > 1 && !s.holdsStride(tc.pos, g, off) {
			t.Errorf("Stride(%s, %d): offset %v does not hold", tc.in, tc.pos, off)
		}
	}
}

func TestFixedVal(t *testing.T) {
	s := MustParseSet("{ [i, j] : i = 3 and 0 <= j <= 4; [i, j] : 3 <= i <= 3 + j and j = 0 }")
	if v, ok := s.FixedVal(0); !ok || v != 3 {
		t.Errorf("FixedVal(0) = %d, %v", v, ok)
	}
	if _, ok := s.PlainFixedVal(0); ok {
		t.Errorf("PlainFixedVal(0) should not see the second part's value")
	}
	if _, ok := s.FixedVal(1); ok {
		t.Errorf("FixedVal(1) should fail")
	}
	if v, ok := MustParseSet("{ [i] : i = 7 }").PlainFixedVal(0); !ok || v != 7 {
		t.Errorf("PlainFixedVal = %d, %v", v, ok)
	}
}

func TestRandomStride(t *testing.T) {
	for seed := uint64(0); seed < uint64(iters(450)); seed++ {
		rng := rand.New(rand.NewPCG(seed, 107))
		params := randNames("p", rng.IntN(2))
		nd := 1 + rng.IntN(2)
		sp := NewSetSpace(params, "S", randNames("s", nd))
		s, want := genMap(rng, sp, genOpts{locals: rng.IntN(3) == 0, bounded: true})
		pos := rng.IntN(nd)
		g := 2 + rng.Int64N(3)
		// dim pos = g*e + c + (coefficient) * earlier dim or parameter.
		row := make([]int64, sp.NDim()+1)
		row[sp.NParam()+pos] = 1
		row[len(row)-1] = -rng.Int64N(g)
		if sp.NParam()+pos > 0 && rng.IntN(2) == 0 {
			row[rng.IntN(sp.NParam()+pos)] = -rng.Int64N(3)
		}
		off := NewAff(sp, nil, ints.ScaleRow(row, -1)).AddConst(0)
		off = off.Add(AffVar(sp, SetDim, pos))
		strided := AffVar(sp, SetDim, pos).Sub(off)
		cond := strided.Mod(g).ZeroSet()
		if rng.IntN(3) > 0 {
			s = s.Intersect(cond.m)
			prev := want
			want = func(p []int64) bool { return prev(p) && ints.Mod(strided.Eval(p), g) == 0 }
		}
		budgetSkip(t, seed, func() {
			st, o := s.Set().Stride(pos)
			forBox(sp.NParam(), nd, func(p []int64) {
				if want(p) && ints.Mod(p[sp.NParam()+pos]-o.Eval(p), st) != 0 {
					t.Errorf("seed %d: Stride(%v, %d) = %d, %v fails at %v", seed, s, pos, st, o, p)
				}
			})
		})
		if t.Failed() {
			return
		}
	}
}
