package presburger

import (
	"slices"

	"github.com/tessera-opt/tessera/presburger/internal/ints"
)

// subtractBasic returns parts whose union is a \ b, where every local of
// b is a function of the dims (see makeKnown). Both have the same space.
//
// We first give a the locals of b (they are functions, so this does not
// change a). Then for the constraints c1..cn of b the pieces
// a ∧ c1 ∧ ... ∧ c(i-1) ∧ ¬ci are pairwise disjoint and cover a \ b; the
// negation of an inequality e >= 0 is -e-1 >= 0, of an equality e == 0 it
// is e >= 1 or e <= -1. Empty pieces are dropped.
func subtractBasic(a, b BasicMap, acct *stepAccount) []BasicMap {
	if a.empty {
		return nil
	}
	if b.empty {
		return []BasicMap{a}
	}
	if acct.pruneEmpty(intersectBasic(a, b)) {
		return []BasicMap{a}
	}
	nd := a.space.NDim()
	nLoc := len(a.locals) + len(b.locals)
	colMap := identityCols(nd + len(b.locals))
	for i := range b.locals {
		colMap[nd+i] = nd + len(a.locals) + i
	}
	base := a.embed(a.space, nLoc, identityCols(nd+len(a.locals)))
	eb := b.embed(a.space, nLoc, colMap)
	for i := range b.locals {
		base.locals[len(a.locals)+i] = eb.locals[len(a.locals)+i]
	}
	var out []BasicMap
	add := func(extra []int64) {
		p := base
		p.ineq = append(slices.Clone(base.ineq), extra)
		p = p.normalize()
		if p.empty || acct.pruneEmpty(p) {
			return
		}
		out = append(out, p.simplify())
	}
	neg := func(r []int64) []int64 {
		n := ints.ScaleRow(r, -1)
		n[len(n)-1] = ints.Sub(n[len(n)-1], 1)
		return n
	}
	for _, e := range eb.eq {
		add(neg(e))
		add(neg(ints.ScaleRow(e, -1)))
		base.eq = append(slices.Clone(base.eq), e)
	}
	for _, r := range eb.ineq {
		add(neg(r))
		base.ineq = append(slices.Clone(base.ineq), r)
	}
	return out
}

// Subtract returns a \ b (isl_map_subtract), exact over the integers.
func (a Map) Subtract(b Map) Map {
	return a.subtract(b, nil)
}

// SubtractWithin is Subtract with a bound on its work, for callers that
// have a cheaper answer to fall back on: it gives up and returns false
// once its emptiness tests have taken more than maxSteps solver steps in
// all (the steps of the engine's per-query budget, sys.DefaultBudget).
// The work grows with the parts of a and with the parts that b's
// existentials split into: a disjunction of mods in b can make hundreds
// of one part.
func (a Map) SubtractWithin(b Map, maxSteps int64) (r Map, ok bool) {
	acct := &stepAccount{left: maxSteps}
	if !survives(func() { r = a.subtract(b, acct) }, Budget) {
		return Map{}, false
	}
	return r, true
}

// SubtractWithin is Map.SubtractWithin on sets.
func (a Set) SubtractWithin(b Set, maxSteps int64) (Set, bool) {
	r, ok := a.m.SubtractWithin(b.m, maxSteps)
	return Set{r}, ok
}

// stepAccount is the solver budget shared by the emptiness tests of one
// SubtractWithin; a nil account gives every test the engine's default
// budget and answers "not empty" past it (pruneEmpty).
type stepAccount struct {
	left int64
	// cancel, when closed, stops the emptiness tests (nil: never).
	cancel <-chan struct{}
}

// stepsPerPass is what SubtractWithin charges for subtracting one basic
// map from another, besides the solver's steps: the normalizations,
// simplifications and copies of the pieces.
const stepsPerPass = 100

// charge takes n steps from the account; past its budget it panics with
// a budget error.
func (acct *stepAccount) charge(n int64) {
	acct.left -= n
	if acct.left < 0 {
		panic(&Error{Kind: Budget, Msg: "SubtractWithin exceeded its budget"})
	}
}

// pruneEmpty reports whether b is empty, charging the steps to the
// account; past its budget it panics with the solver's *BudgetError.
func (acct *stepAccount) pruneEmpty(b BasicMap) bool {
	if acct == nil {
		return b.pruneEmpty()
	}
	if acct.left <= 0 {
		acct.charge(1)
	}
	empty, steps := b.isEmptyWithin(acct.left, acct.cancel)
	acct.left -= steps
	return empty
}

// subtract is Subtract, its emptiness tests charged to acct when it is
// not nil.
func (a Map) subtract(b Map, acct *stepAccount) Map {
	a, b = align2(a, b, "Subtract")
	if len(b.parts) == 0 {
		return a
	}
	if b.PlainIsUniverse() {
		return a.withParts(nil)
	}
	var cancel <-chan struct{}
	if acct != nil {
		cancel = acct.cancel
	}
	cur := a.dropEmptyWith(cancel).parts
	for _, bp := range b.parts {
		known := bp.makeKnown()
		if acct != nil {
			// Each piece costs a pass over the current parts.
			acct.charge(int64(len(known)) * int64(len(cur)) * stepsPerPass)
		}
		for _, bk := range known {
			var next []BasicMap
			for _, ap := range cur {
				next = append(next, subtractBasic(ap, bk, acct)...)
			}
			cur = next
			if len(cur) == 0 {
				return a.withParts(nil)
			}
		}
	}
	return a.withParts(cur)
}

// Subtract returns a \ b.
func (a Set) Subtract(b Set) Set { return Set{a.m.Subtract(b.m)} }

// Complement returns the pairs of m's space not in m (isl_map_complement).
func (m Map) Complement() Map { return UniverseMap(m.space).Subtract(m) }

// Complement returns the points of s's space not in s.
func (s Set) Complement() Set { return Set{s.m.Complement()} }

// IsSubset reports whether a ⊆ b, exactly.
func (a Map) IsSubset(b Map) bool {
	a, b = align2(a, b, "IsSubset")
	for _, ap := range a.parts {
		if !a.withParts([]BasicMap{ap}).Subtract(b).IsEmpty() {
			return false
		}
	}
	return true
}

// IsSubset reports whether a ⊆ b.
func (a Set) IsSubset(b Set) bool { return a.m.IsSubset(b.m) }

// IsEqual reports whether a and b have the same points.
func (a Map) IsEqual(b Map) bool {
	a, b = align2(a, b, "IsEqual")
	if a.plainEqual(b) {
		return true
	}
	return a.IsSubset(b) && b.IsSubset(a)
}

// IsEqual reports whether a and b have the same points.
func (a Set) IsEqual(b Set) bool { return a.m.IsEqual(b.m) }

// IsStrictSubset reports whether a ⊂ b.
func (a Map) IsStrictSubset(b Map) bool { return a.IsSubset(b) && !b.IsSubset(a) }

// IsStrictSubset reports whether a ⊂ b.
func (a Set) IsStrictSubset(b Set) bool { return a.m.IsStrictSubset(b.m) }

// plainEqual reports whether a and b have identical parts in the same
// order (a cheap sufficient test of equality).
func (a Map) plainEqual(b Map) bool {
	if len(a.parts) != len(b.parts) {
		return false
	}
	for i := range a.parts {
		if !a.parts[i].plainEqual(b.parts[i]) {
			return false
		}
	}
	return true
}

// plainEqual reports whether a and b have identical representations.
func (a BasicMap) plainEqual(b BasicMap) bool {
	if a.empty != b.empty || len(a.locals) != len(b.locals) {
		return false
	}
	for i, l := range a.locals {
		if l.Den != b.locals[i].Den || !slices.Equal(l.Row, b.locals[i].Row) {
			return false
		}
	}
	return slices.EqualFunc(a.eq, b.eq, slices.Equal) && slices.EqualFunc(a.ineq, b.ineq, slices.Equal)
}

// PlainIsEqual reports whether a and b are the same basic map in the same
// representation (cheap; false does not mean different).
func (a BasicMap) PlainIsEqual(b BasicMap) bool {
	return a.space.Equal(b.space) && a.plainEqual(b)
}
