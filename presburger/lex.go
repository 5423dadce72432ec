package presburger

import "fmt"

// lexSpace returns the map space of a lexicographic order on sp: sp -> sp
// for a set space, sp itself for a map space.
func lexSpace(sp Space) Space {
	if sp.isSet {
		return Space{params: sp.params, in: sp.out, out: sp.out}
	}
	return sp
}

// lexOrder returns the map of the pairs (x, y) of sp whose first n dims
// compare as asked: less (x < y) or greater, strict or not. The parts
// are disjoint: part k has x_i == y_i for i < k and x_k < y_k (strict
// orders); the non-strict ones add the part with all n dims equal.
func lexOrder(sp Space, n int, greater, strict bool) Map {
	msp := lexSpace(sp)
	if n < 0 || n > msp.Dim(In) || n > msp.Dim(Out) {
		panic(fmt.Sprintf("presburger: lexicographic order on %d dims of %v", n, sp))
	}
	u := UniverseMap(msp)
	var parts []BasicMap
	for k := 0; k < n; k++ {
		p := u.equateRange(0, 0, k)
		if greater {
			p = p.OrderLT(Out, k, In, k)
		} else {
			p = p.OrderLT(In, k, Out, k)
		}
		parts = append(parts, p.parts...)
	}
	if !strict {
		parts = append(parts, u.equateRange(0, 0, n).parts...)
	}
	return mapOf(msp, parts)
}

// LexLT returns { x -> y : x ≺ y } on the set space sp (or between the
// tuples of the map space sp, which must have equal arities)
// (isl_map_lex_lt).
func LexLT(sp Space) Map { return lexOrder(sp, lexDims(sp), false, true) }

// LexLE returns { x -> y : x ≼ y } (isl_map_lex_le).
func LexLE(sp Space) Map { return lexOrder(sp, lexDims(sp), false, false) }

// LexGT returns { x -> y : x ≻ y } (isl_map_lex_gt).
func LexGT(sp Space) Map { return lexOrder(sp, lexDims(sp), true, true) }

// LexGE returns { x -> y : x ≽ y } (isl_map_lex_ge).
func LexGE(sp Space) Map { return lexOrder(sp, lexDims(sp), true, false) }

// LexLTFirst returns the pairs whose first n dims compare x ≺ y
// (isl_map_lex_lt_first); the other dims are unconstrained.
func LexLTFirst(sp Space, n int) Map { return lexOrder(sp, n, false, true) }

// LexLEFirst returns the pairs whose first n dims compare x ≼ y.
func LexLEFirst(sp Space, n int) Map { return lexOrder(sp, n, false, false) }

// LexGTFirst returns the pairs whose first n dims compare x ≻ y.
func LexGTFirst(sp Space, n int) Map { return lexOrder(sp, n, true, true) }

// LexGEFirst returns the pairs whose first n dims compare x ≽ y.
func LexGEFirst(sp Space, n int) Map { return lexOrder(sp, n, true, false) }

func lexDims(sp Space) int {
	msp := lexSpace(sp)
	if msp.Dim(In) != msp.Dim(Out) {
		panic(fmt.Sprintf("presburger: lexicographic order between tuples of different arities: %v", sp))
	}
	return msp.Dim(In)
}

// LexLTSet returns { x -> y : x in a, y in b, x ≺ y }
// (isl_set_lex_lt_set); a and b must have the same arity.
func (a Set) LexLTSet(b Set) Map { return a.lexSet(b, LexLT) }

// LexLESet returns { x -> y : x in a, y in b, x ≼ y }.
func (a Set) LexLESet(b Set) Map { return a.lexSet(b, LexLE) }

// LexGTSet returns { x -> y : x in a, y in b, x ≻ y }.
func (a Set) LexGTSet(b Set) Map { return a.lexSet(b, LexGT) }

// LexGESet returns { x -> y : x in a, y in b, x ≽ y }.
func (a Set) LexGESet(b Set) Map { return a.lexSet(b, LexGE) }

func (a Set) lexSet(b Set, order func(Space) Map) Map {
	am, bm := alignAny(a.m, b.m)
	sp := MapSpace(am.space, bm.space)
	return order(sp).IntersectDomain(Set{am}).IntersectRange(Set{bm})
}
