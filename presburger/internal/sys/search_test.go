package sys

import (
	"fmt"
	"math/rand"
	"testing"
)

func lexLess(a, b []int64) bool {
	for i := range a {
		if a[i] != b[i] {
			return a[i] < b[i]
		}
	}
	return false
}

func TestMinMaxLexRandomBounded(t *testing.T) {
	seed := int64(5)
	rng := rand.New(rand.NewSource(seed))
	for it := 0; it < rounds(500); it++ {
		n := 1 + rng.Intn(4)
		s := randSystem(rng, n, rng.Intn(2), rng.Intn(5), int64(1+rng.Intn(4)), 8)
		B := int64(4)
		addBox(s, 0, n, B)
		obj := randRow(rng, n, 5, 5)
		var bestMin, bestMax int64
		var lexmin, lexmax []int64
		found := false
		enumerate(n, B, func(x []int64) {
			if !s.Contains(x) {
				return
			}
			v := evalRow(obj, x)
			if !found {
				found = true
				bestMin, bestMax = v, v
				lexmin = append([]int64(nil), x...)
				lexmax = append([]int64(nil), x...)
				return
			}
			bestMin, bestMax = min(bestMin, v), max(bestMax, v)
			if lexLess(x, lexmin) {
				lexmin = append(lexmin[:0], x...)
			}
			if lexLess(lexmax, x) {
				lexmax = append(lexmax[:0], x...)
			}
		})
		tag := func(what string) string { return "seed 5 it " + itoa(it) + " " + what + " of " + s.String() }
		check := func(what string, r Result, wantV int64, wantP []int64, isObj bool) {
			if !found {
				if r.Kind != Empty {
					t.Fatalf("%s: kind %v, want Empty", tag(what), r.Kind)
				}
				return
			}
			if r.Kind != Bounded {
				t.Fatalf("%s: kind %v, want Bounded", tag(what), r.Kind)
			}
			if !s.Contains(r.Point) {
				t.Fatalf("%s: point %v outside", tag(what), r.Point)
			}
			if isObj {
				if r.Value != wantV || evalRow(obj, r.Point) != wantV {
					t.Fatalf("%s %v: value %d point %v, want %d", tag(what), obj, r.Value, r.Point, wantV)
				}
			} else if lexLess(r.Point, wantP) || lexLess(wantP, r.Point) {
				t.Fatalf("%s: %v, want %v", tag(what), r.Point, wantP)
			}
		}
		check("Min", Min(s, obj), bestMin, nil, true)
		check("Max", Max(s, obj), bestMax, nil, true)
		check("LexMin", LexMin(s), 0, lexmin, false)
		check("LexMax", LexMax(s), 0, lexmax, false)
		pt, ok := Sample(s)
		if ok != found || (ok && !s.Contains(pt)) {
			t.Fatalf("%s: Sample %v %v", tag("Sample"), pt, ok)
		}
	}
}

func TestMinUnbounded(t *testing.T) {
	for _, c := range []struct {
		name string
		s    *System
		obj  []int64
		kind Kind
		v    int64
	}{
		{"x >= 3 min x", sysOf(1, nil, [][]int64{{1, -3}}), []int64{1, 0}, Bounded, 3},
		{"x >= 3 min -x", sysOf(1, nil, [][]int64{{1, -3}}), []int64{-1, 0}, Unbounded, 0},
		{"x - y >= 0, min x - y", sysOf(2, nil, [][]int64{{1, -1, 0}}), []int64{1, -1, 0}, Bounded, 0},
		{"x - y >= 1/2 (3x-3y>=1) min x - y", sysOf(2, nil, [][]int64{{3, -3, -1}}), []int64{1, -1, 0}, Bounded, 1},
		{"x = 2y, min x+... ", sysOf(2, [][]int64{{1, -2, 0}}, [][]int64{{1, -1, 0}}), []int64{1, 0, 0}, Bounded, 0},
		{"2x = 2y+1 empty", sysOf(2, [][]int64{{2, -2, -1}}, nil), []int64{1, 0, 0}, Empty, 0},
		{"x + y >= 5, x,y >=0 min 2x+3y", sysOf(2, nil, [][]int64{{1, 1, -5}, {1, 0, 0}, {0, 1, 0}}), []int64{2, 3, 0}, Bounded, 10},
		{"3x + 5y = 1, x >= 0, min y", sysOf(2, [][]int64{{3, 5, -1}}, [][]int64{{1, 0, 0}}), []int64{0, 1, 0}, Unbounded, 0},
		{"3x + 5y = 1, x >= 0, min x", sysOf(2, [][]int64{{3, 5, -1}}, [][]int64{{1, 0, 0}}), []int64{1, 0, 0}, Bounded, 2},
		{"huge bound x >= 10^15", sysOf(1, nil, [][]int64{{1, -1_000_000_000_000_000}}), []int64{1, 0}, Bounded, 1_000_000_000_000_000},
		{"huge negative x >= -10^15, x <= 0 min", sysOf(1, nil, [][]int64{{1, 1_000_000_000_000_000}, {-1, 0}}), []int64{1, 0}, Bounded, -1_000_000_000_000_000},
	} {
		r := Min(c.s, c.obj)
		if r.Kind != c.kind || (c.kind == Bounded && (r.Value != c.v || !c.s.Contains(r.Point) || evalRow(c.obj, r.Point) != c.v)) {
			t.Errorf("%s: Min = %+v, want %v %d", c.name, r, c.kind, c.v)
		}
	}
	// LexMin of an unbounded set.
	if r := LexMin(sysOf(2, nil, [][]int64{{1, 0, 0}})); r.Kind != Unbounded {
		t.Errorf("LexMin {x>=0} = %+v", r)
	}
	if r := LexMin(sysOf(2, nil, [][]int64{{1, 0, 0}, {0, 1, -2}, {1, -1, 0}})); r.Kind != Bounded || r.Point[0] != 2 || r.Point[1] != 2 {
		t.Errorf("LexMin {x>=y>=2} = %+v", r)
	}
	if r := LexMax(sysOf(2, nil, [][]int64{{-1, 0, 3}, {0, 1, 0}, {1, -1, 0}})); r.Kind != Bounded || r.Point[0] != 3 || r.Point[1] != 3 {
		t.Errorf("LexMax {3>=x>=y>=0} = %+v", r)
	}
}

// Unbounded random systems: Min must agree with a large box when bounded
// (the optimum inside the box) and when unbounded there must be points
// beyond any box value.
func TestMinRandomUnbounded(t *testing.T) {
	seed := int64(6)
	rng := rand.New(rand.NewSource(seed))
	for it := 0; it < rounds(300); it++ {
		n := 1 + rng.Intn(3)
		s := randSystem(rng, n, rng.Intn(2), 1+rng.Intn(4), int64(1+rng.Intn(3)), 6)
		obj := randRow(rng, n, 3, 3)
		r := Min(s, obj)
		switch r.Kind {
		case Empty:
			if !bruteEmpty(s, 10) {
				t.Fatalf("it %d: Min(%s) Empty but points", it, s)
			}
		case Bounded:
			if !s.Contains(r.Point) || evalRow(obj, r.Point) != r.Value {
				t.Fatalf("it %d: Min(%s) bad point", it, s)
			}
			// nothing smaller in a box
			enumerate(n, 8, func(x []int64) {
				if s.Contains(x) && evalRow(obj, x) < r.Value {
					t.Fatalf("it %d: Min(%s, %v) = %d but %v gives less", it, s, obj, r.Value, x)
				}
			})
			// and nothing smaller at all: s with obj <= v-1 is empty
			u := s.Clone()
			row := make([]int64, n+1)
			for i := range row {
				row[i] = -obj[i]
			}
			row[n] += r.Value - 1
			u.AddIneq(row)
			if !IsIntegerEmpty(u) {
				t.Fatalf("it %d: Min not minimal", it)
			}
		case Unbounded:
			// for any v there is a point with obj <= v
			for _, v := range []int64{-100, -10000} {
				u := s.Clone()
				row := make([]int64, n+1)
				for i := range row {
					row[i] = -obj[i]
				}
				row[n] += v
				u.AddIneq(row)
				pt, ok := Sample(u)
				if !ok || !s.Contains(pt) || evalRow(obj, pt) > v {
					t.Fatalf("it %d: Min(%s, %v) Unbounded but no point below %d", it, s, obj, v)
				}
			}
		}
	}
}

// No function may modify its argument (the public layer shares systems).
func TestInputsUnchanged(t *testing.T) {
	rng := rand.New(rand.NewSource(13))
	for it := 0; it < rounds(100); it++ {
		n := 2 + rng.Intn(2)
		s := randSystem(rng, n, rng.Intn(2), 2+rng.Intn(3), 4, 6)
		addBox(s, 0, n, 3)
		before := s.String()
		obj := randRow(rng, n, 3, 3)
		IsIntegerEmpty(s)
		Sample(s)
		Min(s, obj)
		Max(s, obj)
		LexMin(s)
		LexMax(s)
		Project(s, 1)
		RationalProject(s, 1)
		IsRationalEmpty(s)
		s.RemoveRedundant()
		s.ImplicitEqualities()
		if after := s.String(); after != before || fmt.Sprint(obj) == "" {
			t.Fatalf("it %d: system changed from %s to %s", it, before, after)
		}
	}
}
