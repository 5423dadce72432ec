package presburger

import (
	"github.com/tessera-opt/tessera/presburger/internal/sys"
)

// fromSystem returns b with its constraints replaced by those of s (a
// system over b's columns, as from b.system()): the defining bounds of
// known locals are dropped again, rows normalized and locals simplified.
func (b BasicMap) fromSystem(s *sys.System) BasicMap {
	out := BasicMap{space: b.space, locals: b.locals}
	out.eq = cloneRows(s.Eq)
	out.ineq = cloneRows(s.Ineq)
	return out.dropImplicit().normalize().simplify()
}

// divFirstSystem returns b.system() with the bounds of known locals placed
// before the other inequalities, so that solver passes that test rows in
// order test those (implicit anyway) first.
func (b BasicMap) divFirstSystem() *sys.System {
	s := b.system()
	nu := len(b.ineq)
	s.Ineq = append(s.Ineq[nu:], s.Ineq[:nu]...)
	return s
}

// RemoveRedundancies returns b without the inequalities implied by the
// others over the integers (isl_basic_map_remove_redundancies).
func (b BasicMap) RemoveRedundancies() BasicMap {
	if b.empty || len(b.ineq) == 0 {
		return b
	}
	defer translatePanics()
	return b.fromSystem(b.divFirstSystem().RemoveRedundant())
}

// DetectEqualities returns b with every inequality that holds with
// equality on all its integer points turned into an equality, and the
// equalities of its integer affine hull made explicit
// (isl_basic_map_detect_equalities). An empty b becomes the canonical empty
// basic map.
func (b BasicMap) DetectEqualities() BasicMap {
	if b.empty {
		return b
	}
	defer translatePanics()
	return b.fromSystem(b.divFirstSystem().ImplicitEqualities())
}

// RemoveRedundancies removes redundant inequalities of every basic set.
func (b BasicSet) RemoveRedundancies() BasicSet { return BasicSet{b.m.RemoveRedundancies()} }

// DetectEqualities makes the implicit equalities of b explicit.
func (b BasicSet) DetectEqualities() BasicSet { return BasicSet{b.m.DetectEqualities()} }

// eachPart applies f to every part of m, dropping plainly empty results.
func (m Map) eachPart(f func(BasicMap) BasicMap) Map {
	parts := make([]BasicMap, 0, len(m.parts))
	for _, p := range m.parts {
		parts = append(parts, f(p))
	}
	return m.withParts(parts)
}

// RemoveRedundancies removes the redundant inequalities of every part and
// drops empty parts (isl_map_remove_redundancies).
func (m Map) RemoveRedundancies() Map {
	return m.eachPart(BasicMap.RemoveRedundancies).dropEmpty()
}

// DetectEqualities makes the implicit equalities of every part explicit
// and drops empty parts (isl_map_detect_equalities).
func (m Map) DetectEqualities() Map { return m.eachPart(BasicMap.DetectEqualities) }

// RemoveRedundancies removes the redundant inequalities of every part.
func (s Set) RemoveRedundancies() Set { return Set{s.m.RemoveRedundancies()} }

// DetectEqualities makes the implicit equalities of every part explicit.
func (s Set) DetectEqualities() Set { return Set{s.m.DetectEqualities()} }

// RemoveRedundancies applies Map.RemoveRedundancies to every member.
func (u UnionMap) RemoveRedundancies() UnionMap { return u.eachMap(Map.RemoveRedundancies) }

// DetectEqualities applies Map.DetectEqualities to every member.
func (u UnionMap) DetectEqualities() UnionMap { return u.eachMap(Map.DetectEqualities) }

// RemoveRedundancies applies Set.RemoveRedundancies to every member.
func (u UnionSet) RemoveRedundancies() UnionSet { return UnionSet{u.u.RemoveRedundancies()} }

// DetectEqualities applies Set.DetectEqualities to every member.
func (u UnionSet) DetectEqualities() UnionSet { return UnionSet{u.u.DetectEqualities()} }

// Simplify returns m with empty parts dropped, implicit equalities made
// explicit and redundant inequalities removed in every part: a cheaper,
// part-by-part cousin of coalescing.
func (m Map) Simplify() Map {
	return m.eachPart(func(b BasicMap) BasicMap {
		return b.DetectEqualities().RemoveRedundancies()
	})
}

// Simplify applies Map.Simplify.
func (s Set) Simplify() Set { return Set{s.m.Simplify()} }
