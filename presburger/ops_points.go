package presburger

import (
	"fmt"
	"slices"

	"github.com/tessera-opt/tessera/presburger/internal/ints"
	"github.com/tessera-opt/tessera/presburger/internal/sys"
)

// fixParams returns the solver system of b with the parameters fixed to
// params (nil or empty when b has none).
func (b BasicMap) fixedSystem(params []int64) *sys.System {
	np := b.space.NParam()
	if len(params) != np {
		panic(fmt.Sprintf("presburger: %d parameter values for %d parameters", len(params), np))
	}
	s := b.system()
	for i, v := range params {
		r := make([]int64, s.NVars+1)
		r[i] = 1
		r[s.NVars] = ints.Neg(v)
		s.Eq = append(s.Eq, r)
	}
	return s
}

// foreachBasic calls f with every point (dims only, a shared slice) of b
// for the given parameter values, in lexicographic order, and stops when f
// returns false. It returns false when stopped or an error when b is
// unbounded in some dim.
//
// The solver enumerates the projection onto (params, dims) with the
// locals existentially quantified (sys.Enumerate: one simplex tableau,
// two LPs per visited prefix).
func (b BasicMap) foreachBasic(params []int64, f func(pt []int64) bool) (bool, error) {
	if b.empty {
		return true, nil
	}
	s := b.fixedSystem(params)
	np := b.space.NParam()
	nd := b.space.NDim() - np
	stopped := false
	err := sys.Enumerate(s, np+nd, func(x []int64) bool {
		if !f(x[np:]) {
			stopped = true
			return false
		}
		return true
	})
	if err == sys.ErrUnbounded {
		return false, &Error{Kind: Unsupported, Msg: "enumeration of an unbounded set"}
	}
	return !stopped, nil
}

// ForeachPoint calls f with every point of m (input dims then output
// dims; f must not keep the slice) for the parameter values params, and
// stops early when f returns false. Points are distinct; parts are
// enumerated one after the other. It returns an error for an unbounded
// set, or an overflow/budget error.
func (m Map) ForeachPoint(params []int64, f func(pt []int64) bool) (err error) {
	defer Recover(&err)
	seen := map[string]bool{}
	single := len(m.parts) == 1
	for _, p := range m.parts {
		ok, err := p.foreachBasic(params, func(pt []int64) bool {
			if !single {
				k := rowKey(append(slices.Clone(pt), 0))
				if seen[k] {
					return true
				}
				seen[k] = true
			}
			return f(pt)
		})
		if err != nil {
			return err
		}
		if !ok {
			return nil
		}
	}
	return nil
}

// ForeachPoint calls f with every point (dims only) of s for the
// parameter values params (see Map.ForeachPoint).
func (s Set) ForeachPoint(params []int64, f func(pt []int64) bool) error {
	return s.m.ForeachPoint(params, f)
}

// Points returns the points of m (input then output dims) for the given
// parameter values, sorted lexicographically.
func (m Map) Points(params []int64) ([][]int64, error) {
	var out [][]int64
	err := m.ForeachPoint(params, func(pt []int64) bool {
		out = append(out, slices.Clone(pt))
		return true
	})
	if err != nil {
		return nil, err
	}
	slices.SortFunc(out, slices.Compare)
	return out, nil
}

// Points returns the points (dims only) of s for the given parameter
// values, sorted lexicographically.
func (s Set) Points(params []int64) ([][]int64, error) { return s.m.Points(params) }

// makeDisjoint returns basic maps with the points of m, pairwise
// disjoint: part i minus parts 0..i-1.
func (m Map) makeDisjoint() []BasicMap {
	if len(m.parts) <= 1 {
		return m.parts
	}
	var out []BasicMap
	for i, p := range m.parts {
		piece := m.withParts([]BasicMap{p})
		if i > 0 {
			piece = piece.Subtract(m.withParts(m.parts[:i]))
		}
		out = append(out, piece.parts...)
	}
	return out
}

// MakeDisjoint returns m with pairwise disjoint parts.
func (m Map) MakeDisjoint() Map { return m.withParts(m.makeDisjoint()) }

// MakeDisjoint returns s with pairwise disjoint parts.
func (s Set) MakeDisjoint() Set { return Set{s.m.MakeDisjoint()} }
