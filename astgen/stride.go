package astgen

import (
	"github.com/tessera-opt/tessera/ast"
	"github.com/tessera-opt/tessera/presburger"
	"github.com/tessera-opt/tessera/presburger/ints"
	"github.com/tessera-opt/tessera/schedule"
)

// detectStride looks for a stride of dim d on dom (section 5.3.1): an
// equality v*c_d + h + s*f(locals) = 0 of some part gives c_d = offset
// modulo s/gcd(v, s) through Bézout's identity. Every candidate is checked
// exactly (dom must lie in the residue class); verified candidates are
// combined into their least common multiple (equation (20) of the paper).
func (g *gen) detectStride(dom presburger.Set, n, d int) (int64, aff, bool) {
	np := g.np()
	v := np + d
	type cand struct {
		s int64
		o aff
	}
	var found []cand
	seen := map[string]bool{}
	for _, p := range dom.Parts() {
		eqs, _, _ := g.basicAffs(p.Map(), np+n)
		for _, e := range eqs {
			c, ok := strideOf(e, np, n, v)
			if !ok {
				continue
			}
			k := c.o.key() + "/" + itoa64(c.s)
			if seen[k] {
				continue
			}
			seen[k] = true
			if g.isSubset(dom, g.strideSet(n, d, c.s, c.o)) {
				found = append(found, cand{c.s, c.o})
			}
		}
	}
	if len(found) == 0 {
		return 0, aff{}, false
	}
	best := found[0]
	for _, c := range found[1:] {
		s, o := combineStrides(best.s, best.o, c.s, c.o)
		if s > best.s && g.isSubset(dom, g.strideSet(n, d, s, o)) {
			best = cand{s, o}
		} else if c.s > best.s {
			best = c
		}
	}
	if dom.NParts() == 1 && dom.Part(0).NLocal() <= 3 && hasNestedLocal(dom) && g.optional() {
		// A stride hidden in a division of a division (c = 2 + 3f with
		// 3f + 1 even: c = 5 mod 6) is not read from one equality; the
		// engine's stride detection combines the equalities of the
		// parts. Its candidate is verified like the others (only on one
		// conjunction with few locals: the engine's detection is costly).
		var es int64
		var eo presburger.Aff
		if _, ok := g.decide(func() bool { es, eo = dom.Stride(d); return true }); ok && es > best.s && es%best.s == 0 {
			if o, ok := g.plainAff(eo, np+n); ok && g.isSubset(dom, g.strideSet(n, d, es, o)) {
				best = cand{es, reduceMod(o, es)}
			}
		}
	}
	return best.s, best.o, true
}

// hasNestedLocal reports whether a part of s has a known local whose
// definition involves another local.
func hasNestedLocal(s presburger.Set) bool {
	for _, p := range s.Parts() {
		nd := p.Space().NDim()
		for i := 0; i < p.NLocal(); i++ {
			l := p.Local(i)
			if !l.Known() {
				continue
			}
			for j := nd; j < nd+p.NLocal() && j < len(l.Row)-1; j++ {
				if l.Row[j] != 0 {
					return true
				}
			}
		}
	}
	return false
}

// plainAff converts an affine expression of the engine without local
// variables over nv variables (params and dims) into an aff.
func (g *gen) plainAff(a presburger.Aff, nv int) (aff, bool) {
	row := a.Row()
	if a.NLocal() != 0 || len(row) != nv+1 {
		return aff{}, false
	}
	out := newAff(nv)
	copy(out.Coef, row[:nv])
	out.C = row[nv]
	return out, true
}

func itoa64(v int64) string { return ast.NewInt(v).String() }

type strideCand struct {
	s int64
	o aff
}

// strideOf reads a stride of variable v from the equality e (over
// params+n dims+existentials): terms on existentials, on dims after v and
// divisions involving them or v are the "local" part.
func strideOf(e aff, np, n, v int) (strideCand, bool) {
	nfixed := np + n
	dimAfter := func(i int) bool { return i > v && i < nfixed || i >= nfixed }
	coefV := e.Coef[v]
	var s int64
	h := newAff(nfixed)
	for i, c := range e.Coef {
		if c == 0 || i == v {
			continue
		}
		if dimAfter(i) {
			s = ints.GCD(s, c)
			continue
		}
		h.Coef[i] = c
	}
	h.C = e.C
	for _, dv := range e.Divs {
		local := dv.Num.involves(v)
		for i := range dv.Num.Coef {
			if dimAfter(i) && dv.Num.involves(i) {
				local = true
			}
		}
		if local {
			s = ints.GCD(s, dv.K)
			continue
		}
		h.Divs = append(h.Divs, affDiv{Num: dv.Num.resize(nfixed), Den: dv.Den, K: dv.K})
	}
	if coefV == 0 || s <= 1 {
		return strideCand{}, false
	}
	u := ints.GCD(coefV, s)
	if u > 1 {
		// coefV*c + h = 0 (mod s) implies h = 0 (mod u): on the domain
		// h/u is exact and floor(h/u) can stand for it (the candidate is
		// verified exactly by the caller).
		h = floorDivAff(h, u)
		coefV /= u
		s /= u
	}
	if s <= 1 {
		return strideCand{}, false
	}
	// coefV*c + h = 0 (mod s)  =>  c = -inv(coefV)*h (mod s)
	x, _, _ := bezout(ints.Mod(coefV, s), s)
	o := h.scale(ints.Neg(x))
	return strideCand{s: s, o: reduceMod(o, s)}, true
}

// reduceMod reduces the coefficients and the constant of a modulo s (the
// value of the result is congruent to that of a).
func reduceMod(a aff, s int64) aff {
	r := aff{Coef: make([]int64, len(a.Coef)), C: ints.Mod(a.C, s)}
	for i, c := range a.Coef {
		r.Coef[i] = ints.Mod(c, s)
	}
	for _, dv := range a.Divs {
		if k := ints.Mod(dv.K, s); k != 0 {
			r.Divs = append(r.Divs, affDiv{Num: dv.Num, Den: dv.Den, K: k})
		}
	}
	return r.canon()
}

// combineStrides combines c = o1 (mod s1) and c = o2 (mod s2) into
// c = o (mod lcm(s1, s2)) (valid when both hold).
func combineStrides(s1 int64, o1 aff, s2 int64, o2 aff) (int64, aff) {
	c, dd, g := bezout(s1, s2)
	t1 := ints.Mul(dd, s2/g)
	t2 := ints.Mul(c, s1/g)
	s := ints.Mul(s1/g, s2)
	return s, reduceMod(o1.scale(t1).add(o2.scale(t2)), s)
}

// isSubset reports whether a is a subset of b (false when undecided).
// A sample point of a outside b refutes the inclusion before the exact
// test, which subtracts b from a (eliminating b's existentials) and may
// cost far more than finding one point; the refutation counts the
// decision it replaces.
func (g *gen) isSubset(a, b presburger.Set) bool {
	k := new(keyer).tag('S').set(a).tag('|').set(b)
	_, res := g.memo(k.String(), func() (int64, bool) {
		g.tick()
		if g.outsideAt(a, b) {
			return 0, false
		}
		res, ok := g.decide(func() bool { return a.IsSubset(b) })
		return 0, ok && res
	})
	return res
}

// outsideAt reports whether a sample point of a lies outside b, a proof
// that a is not a subset of b (false when no point is found or the engine
// gives up: then nothing is proved). It counts no decision.
func (g *gen) outsideAt(a, b presburger.Set) (outside bool) {
	pt, found, ok := g.quickSample(a)
	if !ok || !found || len(pt) != b.Space().NDim() {
		return false
	}
	var err error
	func() {
		defer presburger.Recover(&err)
		outside = !b.Contains(pt)
	}()
	if presburger.IsCancelled(err) {
		fail(ErrCancelled)
	}
	return err == nil && outside
}

// unroll generates the dim completely unrolled (section 5.5): the lower
// bound with the fewest slices is chosen and every slice is generated with
// the dim fixed to its value.
func (g *gen) unroll(stmts []stmt, b *build, dom presburger.Set) []ast.Node {
	d := b.depth
	n := b.n
	np := g.np()
	v := np + d
	dom = dom.Intersect(b.generated)
	var conjs [][]cons
	for _, p := range dom.Parts() {
		if cs, ok := g.boundsOf(p.Map(), n, d); ok {
			conjs = append(conjs, cs)
		}
	}
	if len(conjs) == 0 {
		return nil
	}
	hull := g.sharedCons(n, conjs)
	stride, offset, hasStride := g.detectStride(dom, n, d)
	if !hasStride {
		stride = 1
	}
	// The slices are counted under the exact context: under its hull a
	// disjunctive context (m <= 10 or n <= 10) may leave the count
	// unbounded where the context bounds it; the slices beyond hold no
	// point whenever the context holds.
	counted := dom
	if g.exactCtx != nil {
		counted = dom.Intersect(g.paramSet(*g.exactCtx, n))
	}
	var best aff
	bestN := int64(-1)
	// Candidate lower bounds: those of the hull first, then those of the
	// parts (sliceCount shifts a candidate down by a constant when it is
	// not a lower bound of the whole domain).
	var cands []cons
	cands = append(cands, hull...)
	for _, cs := range conjs {
		cands = append(cands, cs...)
	}
	cands = dedupCons(cands)
	for _, c := range cands {
		k := c.a.Coef[v]
		if c.a.divInvolves(v) || k == 0 || (k < 0 && !c.eq) {
			continue
		}
		rest := c.a.clone()
		rest.Coef[v] = 0
		if k < 0 {
			k, rest = -k, rest.scale(-1)
		}
		l := floorDivAff(rest.scale(-1).add(constAff(len(rest.Coef), k-1)), k)
		if hasStride {
			l = stridedLower(l, offset, stride)
		}
		cnt, l2, ok := g.sliceCount(counted, n, d, l, stride)
		if ok && (bestN < 0 || cnt < bestN) {
			best, bestN = l2, cnt
		}
	}
	if bestN < 0 {
		// No lower bound gives a bounded number of slices (the trip
		// count depends on a parameter): isl fails here; a loop is
		// generated instead, the option being only a request.
		return g.baseWith(stmts, b, schedule.OptionDefault)
	}
	var out []ast.Node
	for t := int64(0); t < bestN; t++ {
		val := best.add(constAff(len(best.Coef), ints.Mul(stride, t)))
		e := val.scale(-1)
		e.Coef[v] = ints.Add(e.Coef[v], 1)
		slice := g.consSet(n, []cons{{a: e, eq: true}})
		out = append(out, g.emitAt(g.restrictAll(stmts, slice), b, val, hull)...)
	}
	return out
}

// maxSlices bounds the number of slices of an unrolled dim.
const maxSlices = 1 << 16

// sliceCount returns the smallest N with no point of dom at c_d >= l +
// stride*N, when it is at most maxSlices, and the lower bound used: l
// itself, or l shifted down by a multiple of stride when l is not a lower
// bound of dom.
func (g *gen) sliceCount(dom presburger.Set, n, d int, l aff, stride int64) (int64, aff, bool) {
	np := g.np()
	below := func(l aff) bool {
		// is there a point with c_d < l?
		lo := l.scale(-1)
		lo.Coef[np+d] = ints.Add(lo.Coef[np+d], 1)
		lo = lo.scale(-1)
		lo.C = ints.Sub(lo.C, 1)
		return !g.isEmpty(dom.Intersect(g.setOf(n, nil, []aff{lo})))
	}
	if below(l) {
		shift := int64(1)
		for below(l.add(constAff(len(l.Coef), -ints.Mul(stride, shift)))) {
			shift *= 2
			if shift > maxSlices {
				return 0, aff{}, false
			}
		}
		l = l.add(constAff(len(l.Coef), -ints.Mul(stride, shift)))
	}
	beyond := func(N int64) bool {
		e := l.scale(-1)
		e.Coef[np+d] = ints.Add(e.Coef[np+d], 1)
		e.C = ints.Sub(e.C, ints.Mul(stride, N))
		return g.isEmpty(dom.Intersect(g.setOf(n, nil, []aff{e})))
	}
	hi := int64(1)
	for !beyond(hi) {
		hi *= 2
		if hi > maxSlices {
			return 0, aff{}, false
		}
	}
	lo2 := int64(0)
	for lo2+1 < hi {
		mid := (lo2 + hi) / 2
		if beyond(mid) {
			hi = mid
		} else {
			lo2 = mid
		}
	}
	return hi, l, true
}
