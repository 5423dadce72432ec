package sys

import "github.com/tessera-opt/tessera/presburger/internal/ints"

// emptySystem is the canonical integer-empty system over n variables.
func emptySystem(n int) *System {
	r := make([]int64, n+1)
	r[n] = -1
	return &System{NVars: n, Ineq: [][]int64{r}}
}

// RemoveRedundant returns a new system with the same integer points as s and
// no inequality implied (over the integers) by the other rows. Rows are
// first normalized; an integer-empty s gives the system { -1 >= 0 }.
//
// We test the inequalities in order: r is dropped when the rows kept so far
// and the ones not yet tested, together with r <= -1, have no integer point.
func (s *System) RemoveRedundant() *System {
	b := s.budget("RemoveRedundant")
	t := s.Clone()
	if t.Normalize() || isIntegerEmpty(t, b) {
		return emptySystem(s.NVars)
	}
	n := t.NVars
	rows := t.Ineq
	for i := 0; i < len(rows); {
		u := &System{NVars: n, Eq: t.Eq}
		u.Ineq = append(u.Ineq, rows[:i]...)
		u.Ineq = append(u.Ineq, rows[i+1:]...)
		neg := make([]int64, n+1)
		for c := range neg {
			neg[c] = ints.Neg(rows[i][c])
		}
		neg[n] = ints.Sub(neg[n], 1)
		u.Ineq = append(u.Ineq, neg)
		if isIntegerEmpty(u, b) {
			rows = append(rows[:i:i], rows[i+1:]...)
		} else {
			i++
		}
	}
	t.Ineq = rows
	return t
}

// ImplicitEqualities returns a new system with the same integer points as
// s in which every inequality that holds with equality on all integer points
// is an equality, and whose equalities span the affine hull of the integer
// points (equalities the rows do not show one by one, as in a thin
// triangle whose points are collinear, are added; dependent equalities are
// dropped). Rows are normalized; an integer-empty s gives { -1 >= 0 }.
func (s *System) ImplicitEqualities() *System {
	b := s.budget("ImplicitEqualities")
	t := s.Clone()
	if t.Normalize() || isIntegerEmpty(t, b) {
		return emptySystem(s.NVars)
	}
	n := t.NVars
	var keep [][]int64
	for i, r := range t.Ineq {
		// r == 0 everywhere iff no point has r >= 1.
		u := &System{NVars: n, Eq: t.Eq}
		u.Ineq = append(u.Ineq, keep...)
		u.Ineq = append(u.Ineq, t.Ineq[i:]...)
		pos := append([]int64(nil), r...)
		pos[n] = ints.Sub(pos[n], 1)
		u.Ineq = append(u.Ineq, pos)
		if isIntegerEmpty(u, b) {
			t.Eq = append(t.Eq, r)
		} else {
			keep = append(keep, r)
		}
	}
	t.Ineq = keep
	if t.Normalize() {
		panic("sys: internal error: implicit equalities made the system infeasible")
	}
	// Equalities of the affine hull that no single row shows.
	addHullEqs(t, b)
	if t.Normalize() {
		panic("sys: internal error: hull equalities made the system infeasible")
	}
	t.Eq = independentEqs(t.Eq, n)
	return t
}
