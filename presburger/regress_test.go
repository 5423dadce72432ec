package presburger

import (
	"errors"
	"strconv"
	"strings"
	"testing"
	"time"
)

// lexOptErr runs LexMin or LexMax of the union text and returns the
// error it raises (nil when it answers).
func lexOptErr(t *testing.T, text string, max bool) (res UnionMap, err error) {
	t.Helper()
	u, isSet, perr := ParseUnion(text)
	if perr != nil {
		t.Fatal(perr)
	}
	defer Recover(&err)
	if isSet {
		s := unionMapToSet(u)
		if max {
			return s.LexMax().UnionMap(), nil
		}
		return s.LexMin().UnionMap(), nil
	}
	if max {
		return u.LexMax(), nil
	}
	return u.LexMin(), nil
}

func TestLexOptUnbounded(t *testing.T) {
	for _, tc := range []struct {
		in        string
		max       bool
		unbounded bool
	}{
		{"{ [i] : i <= 5 }", false, true},
		{"{ [i] : i <= 5 }", true, false},
		{"[n] -> { [i] : i <= n }", false, true},
		{"[n] -> { [i] : i >= n }", false, false},
		{"{ [i, j] : 0 <= i <= 3 and j <= i }", false, true},
		{"{ [i, j] : 0 <= i <= 3 and j <= i }", true, false},
		{"{ [i] -> [j] : j >= i }", true, true},
		{"{ [i] -> [j] : j >= i }", false, false},
		// unbounded only for some inputs
		{"{ [i] -> [j] : i >= 0 and (j >= i or i = 5) }", true, true},
		// unbounded direction with no integer points in it
		{"{ [i, j] : 0 <= i <= 3 and 2j = 2i + 1 }", false, false},
		{"[n] -> { [i] : 0 <= i <= n and i mod 3 = 0 }", true, false},
	} {
		_, err := lexOptErr(t, tc.in, tc.max)
		var pe *Error
		got := errors.As(err, &pe) && pe.Kind == Unbounded
		if got != tc.unbounded || (err != nil && !got) {
			t.Errorf("lexopt(max=%v) of %s: error %v, want unbounded %v", tc.max, tc.in, err, tc.unbounded)
		}
	}
}

// within fails the test when f takes more than limit of CPU time (it
// keeps running: the limit is generous, a failure means a performance
// regression). The bound is on CPU time, not on the wall clock, so that
// it holds on a loaded machine.
func within(t *testing.T, limit time.Duration, what string, f func()) {
	t.Helper()
	_, done, used := runCPUBounded(limit, f)
	if !done {
		t.Fatalf("%s: still running after %v of CPU time", what, limit)
	}
	t.Logf("%s: %v of CPU time", what, used)
}

// TestRegressionFloorsIsEqual: comparing two forms of the complement of a
// parametric set with floors made every emptiness check dive 300 branch
// and bound levels deep before the Omega test answered (15 s; now well
// under a second).
func TestRegressionFloorsIsEqual(t *testing.T) {
	in := MustParseSet("[n, m] -> { B[i0, i1, i2] : 0 <= i0 <= 5 and -2 <= i1 <= 0 and -2 <= i2 <= 5 and i0 - 2i1 + 2i2 - 2 <= 0 and 2m + i0 + 2i1 - 6 <= -n + 5 and n - m + 2i1 + 2i2 + floor((2n - 2i1 + 2)/2) - 3 <= 4; B[i0, i1, i2] : -1 <= i0 <= 2 and -3 <= i1 <= n and i1 <= 7 and 0 <= i2 <= 3 and m - i0 - i2 + floor((2n - 2i1 - i2 + 4)/2) - 3 = -4 and (2m - i2 + floor((-2n + 2m)/2)) mod 3 = 0 and 2m - 2i2 < m - 2 }")
	within(t, 20*time.Second, "complement and compare", func() {
		c := in.Complement()
		if !c.Intersect(in).IsEmpty() || !c.Union(in).Complement().IsEmpty() {
			t.Errorf("complement of %v wrong: %v", in, c)
		}
		if !c.Complement().IsEqual(in) {
			t.Errorf("double complement differs")
		}
	})
}

// TestConvexHullManyParts: the hull of many parts is folded pairwise; the
// lifted system of all parts at once ran out of budget.
func TestConvexHullManyParts(t *testing.T) {
	var parts []string
	for k := 0; k < 8; k++ {
		parts = append(parts, "[i, j, l] : "+strconv.Itoa(k)+" <= i <= "+strconv.Itoa(k+2)+" and 0 <= j <= "+strconv.Itoa(2*k)+" and i - j <= l <= n + i")
	}
	s := MustParseSet("[n] -> { " + strings.Join(parts, "; ") + " }")
	within(t, 20*time.Second, "ConvexHull of 8 parts", func() {
		h := s.ConvexHull().ToSet()
		if !s.IsSubset(h) {
			t.Errorf("hull %v does not contain %v", h, s)
		}
		// The hull is no bigger than the box around the parts.
		box := MustParseSet("[n] -> { [i, j, l] : 0 <= i <= 9 and 0 <= j <= 14 and i - 14 <= l <= n + i }")
		if !h.IsSubset(box) {
			t.Errorf("hull %v is not inside %v", h, box)
		}
	})
}

// TestParseConditional: isl's conditional expressions "(c ? a : b)" in
// tuples and constraints.
func TestParseConditional(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"{ [i] -> [(i >= 0 ? i : -i)] }", "{ [i] -> [i] : i >= 0; [i] -> [-i] : i < 0 }"},
		{"{ [i] -> [(i > 5 ? 5 : i < 0 ? 0 : i)] }", "{ [i] -> [5] : i > 5; [i] -> [0] : i < 0; [i] -> [i] : 0 <= i <= 5 }"},
		{"[n] -> { [i] : 0 <= i <= (n > 10 ? 10 : n) }", "[n] -> { [i] : 0 <= i <= 10 and i <= n }"},
		{"{ [i, j] -> [(i >= j and i >= 0 ? i - j : 2j)] }", "{ [i, j] -> [i - j] : i >= j and i >= 0; [i, j] -> [2j] : i < j or i < 0 }"},
		{"{ [i] -> [(i mod 2 = 0 ? i/2 : (i - 1)/2)] }", "{ [i] -> [floor(i/2)] }"},
	} {
		got, _, err := ParseUnion(tc.in)
		if err != nil {
			t.Errorf("%s: %v", tc.in, err)
			continue
		}
		want, _, err := ParseUnion(tc.want)
		if err != nil {
			t.Fatal(err)
		}
		if !got.IsEqual(want) {
			t.Errorf("%s = %v, want %v", tc.in, got, want)
		}
	}
	for _, bad := range []string{"{ [i] -> [(i ? 1 : 2)] }", "{ [i] -> [(i > 0 ? 1)] }", "{ [i] -> [(i > 0 ? 1 : )] }"} {
		if _, _, err := ParseUnion(bad); err == nil {
			t.Errorf("%s: no error", bad)
		}
	}
}

// TestRegressionLexMinFloors: the lexmin of a two-part relation with an
// existential over a floor exceeded the projection budget after about a
// minute (the existential was a floor of a later floor, not recognized as
// one). It must now answer in well under a second, and correctly: the
// answer is single-valued, has m's domain, lies in m, and nothing in m is
// lexicographically smaller.
func TestRegressionLexMinFloors(t *testing.T) {
	m := MustParseMap("{ [i0, i1] -> A[o0, o1, o2] : -2 <= i0 <= 3 and -3 <= i1 <= 2 and -4 <= o0 <= 2 and -2 <= o1 <= 1 and -4 <= o2 <= 2 and 2i0 + 2i1 - o0 - 2o2 - 3 = 3 and -i1 + o0 + o2 + floor((i0 + i1 - o2 + 1)/4) - 3 <= o0 + 4 <= i0 + i1 - o1 + o2 - 2; [i0, i1] -> A[o0, o1, o2] : -2 <= i0 <= 3 and -3 <= i1 <= 0 and -1 <= o0 <= 1 and -3 <= o1 <= 3 and -4 <= o2 <= 3 and -o2 + 3 >= 3 and i1 + o0 - 2o1 + o2 + floor((-2i0 + i1 - o0 - o2 + 6)/4) - 1 > 0 and exists (e2 : 2e2 <= i0 + i1 - o2 + floor((-2i1 - 2o0 - 2o1 + o2)/4) - 4 <= 2e2 + 1) }")
	for _, max := range []bool{false, true} {
		var r Map
		within(t, 20*time.Second, "lexopt with floors", func() {
			if max {
				r = m.LexMax()
			} else {
				r = m.LexMin()
			}
		})
		if !r.IsSubset(m) || !r.Domain().IsEqual(m.Domain()) || !r.IsSingleValued() {
			t.Fatalf("max=%v: %v is not a function on the domain of m inside m", max, r)
		}
		order := LexGT(m.Space().Range())
		if max {
			order = LexLT(m.Space().Range())
		}
		if better := r.ApplyRange(order).Intersect(m); !better.IsEmpty() {
			t.Fatalf("max=%v: m has better points than %v: %v", max, r, better)
		}
	}
}
