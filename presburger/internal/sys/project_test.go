package sys

import (
	"math/rand"
	"testing"
)

// checkProject compares the pieces of Project(s, keep) with brute force on
// the box [-B, B]^keep; the eliminated variables range over [-E, E], which
// must contain all their values (s bounds them).
func checkProject(t *testing.T, tag string, s *System, keep int, B, E int64) {
	t.Helper()
	pieces := Project(s, keep)
	for _, pc := range pieces {
		if pc.Sys.NVars != keep+len(pc.Divs) {
			t.Fatalf("%s: piece has %d vars, want %d+%d", tag, pc.Sys.NVars, keep, len(pc.Divs))
		}
	}
	m := s.NVars - keep
	full := make([]int64, s.NVars)
	enumerate(keep, B, func(x []int64) {
		copy(full, x)
		want := false
		enumerate(m, E, func(y []int64) {
			if !want {
				copy(full[keep:], y)
				want = s.Contains(full)
			}
		})
		got := false
		for _, pc := range pieces {
			if pieceContains(pc, x) {
				got = true
				break
			}
		}
		if got != want {
			t.Fatalf("%s: Project(%s, %d) at %v: got %v, want %v; pieces:\n%s", tag, s, keep, x, got, want, piecesString(pieces))
		}
	})
}

func piecesString(ps []Piece) string {
	out := ""
	for _, p := range ps {
		out += "  " + p.key() + "\n"
	}
	return out
}

func TestProjectClassic(t *testing.T) {
	for _, c := range []struct {
		name string
		s    *System
		keep int
		E    int64
	}{
		{"x = 2y", sysOf(2, [][]int64{{1, -2, 0}}, nil), 1, 10},
		{"x = 3y + 1, 0 <= y <= 3", sysOf(2, [][]int64{{1, -3, -1}}, [][]int64{{0, 1, 0}, {0, -1, 3}}), 1, 10},
		{"1 <= 3x - 3y... projected on x with 0 <= y <= 4", sysOf(2, nil, [][]int64{{3, -2, -1}, {-3, 2, 2}, {0, 1, 0}, {0, -1, 4}}), 1, 10},
		{"x + y = 2z, 0 <= z <= 3", sysOf(3, [][]int64{{1, 1, -2, 0}}, [][]int64{{0, 0, 1, 0}, {0, 0, -1, 3}}), 2, 8},
		{"Pugh dark shadow 27 <= 11a+13b <= 45 - x, -10 <= 7a-9b <= 4 + x",
			sysOf(3, nil, [][]int64{{-1, 11, 13, -27}, {-1, -11, -13, 45}, {1, 7, -9, 10}, {1, -7, 9, 4}}), 1, 12},
		{"2x+3y in z..z+1 hmm", sysOf(3, nil, [][]int64{{0, 2, 3, 0}, {1, -2, -3, 1}, {0, 0, 1, 0}, {0, 0, -1, 5}}), 1, 10},
		{"x = 6a + 4b, 0<=a,b<=3", sysOf(3, [][]int64{{1, -6, -4, 0}}, [][]int64{{0, 1, 0, 0}, {0, -1, 0, 3}, {0, 0, 1, 0}, {0, 0, -1, 3}}), 1, 3},
		{"strides x = 3a, y = 2a+1... two kept", sysOf(3, [][]int64{{1, 0, -3, 0}, {0, 1, -2, -1}}, nil), 2, 8},
	} {
		checkProject(t, c.name, c.s, c.keep, 9, c.E)
	}
}

func TestProjectRandom(t *testing.T) {
	seed := int64(4)
	rng := rand.New(rand.NewSource(seed))
	for it := 0; it < rounds(800); it++ {
		n := 2 + rng.Intn(3)
		keep := rng.Intn(n)
		if n == 4 && keep == 0 {
			keep = 1
		}
		coef := int64(1 + rng.Intn(5))
		s := randSystem(rng, n, rng.Intn(3), rng.Intn(4), coef, 8)
		E := int64(3)
		addBox(s, keep, n, E)
		if rng.Intn(2) == 0 {
			addBox(s, 0, keep, 4)
		}
		checkProject(t, "seed 4 it "+itoa(it), s, keep, 5, E)
	}
}

func itoa(i int) string { return rowString([]int64{int64(i)}) }

// Eliminated variables bounded only relative to a kept one (x0 - 3 <=
// y <= x0 + 3, with non-unit multiples), so bounds mention kept variables:
// exercises the bound-splitting and stride pieces with kept parameters.
func TestProjectRandomRelative(t *testing.T) {
	seed := int64(12)
	rng := rand.New(rand.NewSource(seed))
	for it := 0; it < rounds(400); it++ {
		keep := 1 + rng.Intn(2)
		n := keep + 1 + rng.Intn(2)
		s := randSystem(rng, n, rng.Intn(2), rng.Intn(3), int64(1+rng.Intn(4)), 6)
		addBox(s, 0, keep, 4)
		for k := keep; k < n; k++ {
			a := int64(1 + rng.Intn(3))
			lo := make([]int64, n+1)
			lo[k], lo[0], lo[n] = a, -1, 3*a
			hi := make([]int64, n+1)
			hi[k], hi[0], hi[n] = -a, 1, 3*a
			s.AddIneq(lo)
			s.AddIneq(hi)
		}
		checkProject(t, "seed 12 it "+itoa(it), s, keep, 5, 8)
	}
}
