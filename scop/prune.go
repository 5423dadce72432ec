package scop

import (
	"sort"
	"strings"

	"github.com/tessera-opt/tessera/presburger"
)

// feasible tells whether d can hold together with the current condition
// (enclosing loop bounds and if conditions). Every variable is treated as
// a parameter of a parameter set: only satisfiability matters. When the
// engine cannot decide, the answer is true (keeping a piece is always
// exact, only less compact).
func (b *builder) feasible(d dnf) (ok bool) {
	all := b.cond.and(d)
	if len(all) == 0 {
		return false
	}
	key := all.String()
	if v, hit := b.feasCache[key]; hit {
		return v
	}
	ok = b.satisfiable(all)
	b.feasCache[key] = ok
	return ok
}

// satisfiable tells whether all has a solution, true when the engine
// cannot decide (a budget or an overflow of the engine). Any other panic
// (the builder's own overflowPanic, a bug) goes on.
func (b *builder) satisfiable(all dnf) (ok bool) {
	var err error
	defer func() {
		if err != nil {
			ok = true
		}
	}()
	defer presburger.Recover(&err)
	if engineHook != nil {
		engineHook()
	}
	vars := map[string]bool{}
	for _, c := range all {
		for _, k := range c {
			k.a.vars(vars)
		}
	}
	names := make([]string, 0, len(vars))
	for v := range vars {
		names = append(names, v)
	}
	sort.Strings(names)
	src := "[" + strings.Join(names, ", ") + "] -> { [] " + formula(all) + " }"
	s, err := presburger.ParseSet(src)
	if err != nil {
		return true
	}
	return !s.IsEmpty()
}

// prune drops the pieces of p whose guard cannot hold under the current
// condition.
func (b *builder) prune(p pexpr) pexpr {
	if len(p) <= 1 {
		return p
	}
	var out pexpr
	for _, x := range p {
		if len(x.guard) == 0 || b.feasible(dnf{x.guard}) {
			out = append(out, x)
		}
	}
	if len(out) == 0 {
		// The expression is never evaluated here; keep one piece so the
		// caller still has a value.
		return p[:1]
	}
	return out
}

// pruneDNF drops the disjuncts of d that cannot hold under the current
// condition.
func (b *builder) pruneDNF(d dnf) dnf {
	if len(d) <= 1 {
		return d
	}
	var out dnf
	for _, c := range d {
		if b.feasible(dnf{c}) {
			out = append(out, c)
		}
	}
	return out
}

// not returns the negation of d, pruning the disjuncts that cannot hold
// under the current condition after each distribution step (the plain
// negation of a disjunction of k conjunctions can have exponentially many
// disjuncts, most of them empty in context).
func (b *builder) not(d dnf) dnf {
	r := dnfTrue()
	for _, c := range d {
		n := dnfFalse()
		for _, k := range c {
			n = n.or(k.negate())
		}
		r = b.pruneDNF(r.and(n))
	}
	return r
}
