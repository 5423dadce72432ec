package astgen

import (
	"encoding/binary"
	"slices"

	"github.com/tessera-opt/tessera/presburger"
)

// Memoization of engine queries within one generation.
//
// The same emptiness, inclusion, implication and residue questions are
// asked many times during one Generate call (every expression of a bound
// or guard is simplified in the same context, sibling pieces share their
// generated constraints). Each answer is a function of the exact internal
// representation of the sets involved (the engine is deterministic and
// its step budget is per query), so it is cached under a key that encodes
// that representation in full: the space and, per part, the locals,
// equalities and inequalities in their stored order. A cache hit replays
// the side effects of the original computation on the generator (the
// decision count that the budget bounds and the number of give-ups that
// turns off the optional simplifications), so the generated code, and
// the point where a budget error is raised, are those of the uncached
// computation.

type memoVal struct {
	r   int64
	res bool
	pt  []int64
	// ops and undecided are the increments of g.ops and g.undecided the
	// computation made.
	ops       int64
	undecided int
}

// memo returns f's answer for key, computing it once.
func (g *gen) memo(key string, f func() (int64, bool)) (int64, bool) {
	if v, ok := g.cache[key]; ok {
		for range v.ops {
			g.tick()
		}
		g.undecided += v.undecided
		return v.r, v.res
	}
	ops, und := g.ops, g.undecided
	r, res := f()
	if g.cache == nil {
		g.cache = map[string]memoVal{}
	}
	g.cache[key] = memoVal{r: r, res: res, ops: g.ops - ops, undecided: g.undecided - und}
	return r, res
}

// keyer encodes sets, maps and affine forms into a cache key.
type keyer struct{ buf []byte }

func (k *keyer) tag(c byte) *keyer { k.buf = append(k.buf, c); return k }

func (k *keyer) int(v int64) *keyer { k.buf = binary.AppendVarint(k.buf, v); return k }

func (k *keyer) row(r []int64) {
	k.int(int64(len(r)))
	for _, v := range r {
		k.int(v)
	}
}

func (k *keyer) str(s string) {
	k.int(int64(len(s)))
	k.buf = append(k.buf, s...)
}

func (k *keyer) basic(b presburger.BasicMap) {
	k.buf = b.AppendRows(k.buf)
}

func (k *keyer) mapKey(m presburger.Map) *keyer {
	k.str(m.Space().String())
	parts := m.Parts()
	k.int(int64(len(parts)))
	for _, p := range parts {
		k.basic(p)
	}
	return k
}

func (k *keyer) set(s presburger.Set) *keyer { return k.mapKey(s.Map()) }

func (k *keyer) aff(a aff) *keyer {
	k.row(a.Coef)
	k.int(a.C)
	k.int(int64(len(a.Divs)))
	for _, d := range a.Divs {
		k.aff(d.Num)
		k.int(d.Den)
		k.int(d.K)
	}
	return k
}

func (k *keyer) String() string { return string(k.buf) }

// sample returns a point of s (found false when s is empty or the engine
// gave up: ok false then), computed once per set; the caller gets its own
// copy of the point.
func (g *gen) sample(s presburger.Set) (pt []int64, found, ok bool) {
	key := new(keyer).tag('P').set(s).String()
	if v, hit := g.cache[key]; hit {
		for range v.ops {
			g.tick()
		}
		g.undecided += v.undecided
		return slices.Clone(v.pt), v.res, v.r == 1
	}
	ops, und := g.ops, g.undecided
	g.tick()
	found, ok = g.decide(func() bool {
		var f bool
		pt, f = g.sampleQ(s)
		return f
	})
	if g.cache == nil {
		g.cache = map[string]memoVal{}
	}
	v := memoVal{pt: slices.Clone(pt), res: found, ops: g.ops - ops, undecided: g.undecided - und}
	if ok {
		v.r = 1
	}
	g.cache[key] = v
	return pt, found, ok
}

// quickEmpty is an emptiness test used as a cheap pre-test before an
// exact decision: it is memoized like isEmpty but counts no decision, so
// that the budget behaviour is that of the exact tests alone. ok is false
// when the engine gave up.
func (g *gen) quickEmpty(s presburger.Set) (empty, ok bool) {
	key := new(keyer).tag('Q').set(s).String()
	if v, hit := g.cache[key]; hit {
		return v.res, v.r == 1
	}
	und := g.undecided
	empty, ok = g.decide(func() bool { return g.emptyQ(s) })
	g.undecided = und // a pre-test that gives up costs nothing later
	if g.cache == nil {
		g.cache = map[string]memoVal{}
	}
	v := memoVal{res: empty}
	if ok {
		v.r = 1
	}
	g.cache[key] = v
	return empty, ok
}

// quickSample is sample without counting a decision (see quickEmpty).
func (g *gen) quickSample(s presburger.Set) (pt []int64, found, ok bool) {
	key := new(keyer).tag('q').set(s).String()
	if v, hit := g.cache[key]; hit {
		return slices.Clone(v.pt), v.res, v.r == 1
	}
	und := g.undecided
	found, ok = g.decide(func() bool {
		var f bool
		pt, f = g.sampleQ(s)
		return f
	})
	g.undecided = und
	if g.cache == nil {
		g.cache = map[string]memoVal{}
	}
	v := memoVal{pt: slices.Clone(pt), res: found}
	if ok {
		v.r = 1
	}
	g.cache[key] = v
	return pt, found, ok
}
