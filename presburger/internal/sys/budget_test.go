package sys

import (
	"errors"
	"math/rand"
	"testing"
)

// A problem whose splinters exceed a small budget must panic with a
// *BudgetError, and the default budget must stop a hopeless one.
func TestBudgetError(t *testing.T) {
	// 27 <= 11x + 13y <= 45, -10 <= 7x - 9y <= 4 needs an inexact step.
	s := sysOf(2, nil, [][]int64{{11, 13, -27}, {-11, -13, 45}, {7, -9, 10}, {-7, 9, 4}})
	r := catch(func() { isIntegerEmpty(s, &budget{op: "test", limit: 5}) })
	var be *BudgetError
	if err, ok := r.(error); !ok || !errors.As(err, &be) {
		t.Fatalf("panic %v, want *BudgetError", r)
	}
	if be.Op != "test" || be.Error() == "" {
		t.Fatalf("BudgetError %+v", be)
	}
	// The same problem within the default budget.
	if !IsIntegerEmpty(s) {
		t.Fatal("Pugh's example is empty")
	}
}

func TestImplicitEqualitiesTable(t *testing.T) {
	for _, c := range []struct {
		s    *System
		want string
	}{
		// 0 <= x <= 3 with 0 <= 3y - x <= 1... thin triangle whose points
		// (0,0), (1,... ) are collinear: the hull equality is not a row.
		{sysOf(2, nil, [][]int64{{0, 1, 0}, {1, -3, 0}, {-1, -3, 3}}), "x1 = 0, x0 - 3x1 >= 0, -x0 - 3x1 + 3 >= 0"},
		{sysOf(2, nil, [][]int64{{1, -1, 0}, {-1, 1, 0}, {1, 0, 0}}), "x0 - x1 = 0, x0 >= 0"},
		{sysOf(1, nil, [][]int64{{2, -1}, {-2, 2}}), "x0 - 1 = 0"},
	} {
		got := c.s.ImplicitEqualities()
		samePoints(t, c.s.String(), c.s, got, 6)
		if c.want != "" && got.RemoveRedundant().String() != c.want {
			t.Errorf("ImplicitEqualities(%s) = %s (after RemoveRedundant %s), want %s", c.s, got, got.RemoveRedundant(), c.want)
		}
	}
	// Found by TestImplicitEqualitiesRandom: the points are collinear but
	// no inequality is tight on all of them; the hull needs 2 equalities.
	s := sysOf(3, [][]int64{{0, 2, 3, -1}}, [][]int64{{1, 0, 0, 1}, {-2, 1, -1, 5}, {2, -1, 3, -2}, {-1, 0, 0, 3},
		{0, 1, 0, 3}, {0, -1, 0, 3}, {0, 0, 1, 3}, {0, 0, -1, 3}})
	got := s.ImplicitEqualities()
	samePoints(t, "hull", s, got, 5)
	if len(got.Eq) != 2 || rank(got.Eq, 3) != 2 {
		t.Errorf("ImplicitEqualities(%s) = %s, want 2 independent equalities", s, got)
	}
	if got := sysOf(1, nil, [][]int64{{3, -1}, {-3, 2}}).ImplicitEqualities(); !IsIntegerEmpty(got) {
		t.Errorf("empty system gave %s", got)
	}
}

// Dense 8-variable systems make Fourier-Motzkin explode; past the budget a
// point found by local search (checked) still proves non-emptiness.
func TestWitnessFallback(t *testing.T) {
	rng := rand.New(rand.NewSource(11))
	answered := 0
	for it := 0; it < 2; it++ {
		s := randSystem(rng, 8, rng.Intn(3), 12, 3, 10)
		addBox(s, 0, 8, 10)
		r := catch(func() {
			if IsIntegerEmpty(s) {
				t.Errorf("it %d: dense system declared empty", it)
			}
			answered++
		})
		if r != nil {
			if _, ok := r.(*BudgetError); !ok {
				t.Fatalf("it %d: panic %v", it, r)
			}
		}
		if pt, ok := findWitness(s); ok && !s.Contains(pt) {
			t.Fatalf("witness %v outside", pt)
		}
	}
	if answered == 0 {
		t.Errorf("no dense system answered")
	}
	// The search finds the obvious points and never lies.
	s := sysOf(2, [][]int64{{1, 1, -7}}, [][]int64{{1, -1, -1}})
	if pt, ok := findWitness(s); !ok || !s.Contains(pt) {
		t.Errorf("findWitness(%s) = %v %v", s, pt, ok)
	}
	if _, ok := findWitness(sysOf(2, [][]int64{{2, -2, -1}}, nil)); ok {
		t.Errorf("findWitness found a point of 2x = 2y + 1")
	}
}

// TestPivotSteps: a pivot is charged by the size of the tableau it
// rewrites, so that the budget bounds the work of a linear program over
// thousands of rows (the redundancy test of a large Farkas dual ran for
// minutes within the budget when a pivot was one step whatever its size).
func TestPivotSteps(t *testing.T) {
	charge := func(m int) int64 {
		b := &budget{op: "test", limit: DefaultBudget}
		tab := newTableau(2, b)
		for k := 0; k < m; k++ {
			// x + k*y <= 10*m: none is tight at the origin.
			tab.addIneq([]int64{-1, -int64(k), int64(10 * m)})
		}
		before := b.steps
		tab.pivot(0, 0)
		return b.steps - before
	}
	small, large := charge(4), charge(4000)
	if large < 4000/pivotRowsPerStep || small > 2 {
		t.Errorf("a pivot over 4 rows costs %d steps, over 4000 rows %d", small, large)
	}
}
