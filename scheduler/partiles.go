package scheduler

import (
	"fmt"

	"github.com/tessera-opt/tessera/presburger"
)

// parallelThreads is the thread count that evenTiles balances the tiles
// of a parallel tile loop for: the smallest parallel machine. An even
// count of equal tiles also divides evenly on 4 threads.
const parallelThreads = 2

// evenShrink bounds how far evenTiles may shrink a tile: at most to half
// the cache model's size, which keeps the reuse the model chose.
const evenShrink = 2

// evenTiles returns the tile size of the member at level whose tile loop
// runs in parallel, and a note, or (size, "") to keep the cache model's
// size. OpenMP's static schedule gives each thread a contiguous chunk of
// tiles, so that with few tiles the busiest thread runs a whole tile
// more than the others (5 tiles on 2 threads: 3 and 2) or the partial
// last tile leaves one thread idle at the end.
//
// We first compute the member's extent, the range of its row over the
// statements' domains, with the parameters set to Config.ParamValues
// (exact, with the engine); without a value for every parameter of a
// domain, the size stays. Then we look, from size down to size/evenShrink
// in steps of align, for the largest size whose tiles, dealt to
// parallelThreads threads in contiguous chunks, load the busiest thread
// with at most 1/16 more iterations than an even share. The member's
// iterations are taken to cost the same (the loads count iterations, not
// the work of the loops inside).
func (b *builder) evenTiles(group []int, level int, size, align int64) (int64, string) {
	p := b.p
	if len(p.cfg.ParamValues) == 0 && len(p.cfg.Extents) == 0 || size <= align {
		return size, ""
	}
	lo, hi, ok := b.memberRange(group, level)
	if !ok || hi < lo {
		return size, ""
	}
	extent := hi - lo + 1
	load := func(s int64) int64 { return busiest(lo, hi, s, parallelThreads) }
	if fair := (extent + parallelThreads - 1) / parallelThreads; load(size)*16 <= fair*17 {
		return size, ""
	}
	for s := size - align; s >= max(size/evenShrink, align); s -= align {
		fair := (extent + parallelThreads - 1) / parallelThreads
		if load(s)*16 <= fair*17 {
			return s, fmt.Sprintf("the parallel member's size %d instead of %d: %d tiles share its extent %d over %d threads evenly (the busiest runs %d iterations, %d with %d)", s, size, floorDiv(hi, s)-floorDiv(lo, s)+1, extent, parallelThreads, load(s), load(size), size)
		}
	}
	return size, ""
}

// busiest is the number of iterations of [lo, hi] that the busiest of
// threads runs when tiles [k*s, k*s+s) are dealt in contiguous chunks,
// as OpenMP's static schedule deals loop iterations: the first
// count%threads threads get one tile more.
func busiest(lo, hi, s int64, threads int64) int64 {
	first, last := floorDiv(lo, s), floorDiv(hi, s)
	count := last - first + 1
	per, extra := count/threads, count%threads
	var most int64
	t0 := first
	for t := int64(0); t < threads; t++ {
		n := per
		if t < extra {
			n++
		}
		if n == 0 {
			continue
		}
		t1 := t0 + n - 1 // tiles t0..t1
		from, to := max(lo, t0*s), min(hi, t1*s+s-1)
		most = max(most, to-from+1)
		t0 = t1 + 1
	}
	return most
}

func floorDiv(a, b int64) int64 {
	q := a / b
	if (a%b != 0) && (a < 0) != (b < 0) {
		q--
	}
	return q
}

// memberRange is the range [lo, hi] of the schedule row at level over
// the domains of the group's statements, where the parameters take
// their Config.ParamValues and every access stays within its array's
// Config.Extents (as in a program that runs correctly); ok is false when
// the range is not bounded so.
func (b *builder) memberRange(group []int, level int) (lo, hi int64, ok bool) {
	p := b.p
	seen := false
	for _, si := range group {
		s := p.stmts[si]
		row := s.rows[level]
		dom := b.expectedDomain(s)
		params := dom.Space().Params()
		// v = row·x + c as a new last dimension, the others projected out.
		n := dom.Dim(presburger.SetDim)
		if n != s.n {
			return 0, 0, false
		}
		d := dom.AddDims(presburger.SetDim, 1)
		c := make([]int64, len(params)+n+2)
		copy(c[len(params):], row[:n])
		c[len(params)+n] = -1
		c[len(params)+n+1] = row[n]
		v := d.AddConstraint(c, true).ProjectOut(presburger.SetDim, 0, n)
		if v.IsEmpty() {
			continue
		}
		// The points of v list the parameters first, then the value: the
		// optimum of the value alone needs the parameters projected out.
		if len(params) > 0 {
			v = v.MoveDims(presburger.SetDim, 1, presburger.Param, 0, len(params)).ProjectOut(presburger.SetDim, 1, len(params))
		}
		mn, k1 := v.LexMinPoint()
		mx, k2 := v.LexMaxPoint()
		if k1 != presburger.OptBounded || k2 != presburger.OptBounded {
			return 0, 0, false
		}
		a, z := mn[len(mn)-1], mx[len(mx)-1]
		if !seen {
			lo, hi, seen = a, z, true
			continue
		}
		lo, hi = min(lo, a), max(hi, z)
	}
	return lo, hi, seen
}

// expectedDomain is the domain of s with the parameters that have a
// value in Config.ParamValues fixed to it, and the instances whose
// exact accesses leave their array's Config.Extents left out.
func (b *builder) expectedDomain(s *stmt) presburger.Set {
	p := b.p
	dom := s.st.Domain
	for k, name := range dom.Space().Params() {
		if v, has := p.cfg.ParamValues[name]; has {
			dom = dom.FixVal(presburger.Param, k, v)
		}
	}
	for _, acc := range s.st.Accesses {
		ext := p.cfg.Extents[acc.Array]
		if acc.May || len(ext) == 0 || len(ext) != acc.Rel.Space().Range().Dim(presburger.SetDim) {
			continue
		}
		box := presburger.UniverseSet(acc.Rel.Space().Range())
		for d, e := range ext {
			if e > 0 {
				box = box.LowerBound(presburger.SetDim, d, 0).UpperBound(presburger.SetDim, d, e-1)
			}
		}
		dom = dom.Intersect(acc.Rel.IntersectRange(box).Domain())
	}
	return dom
}
