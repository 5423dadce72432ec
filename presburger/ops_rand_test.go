package presburger

import (
	"fmt"
	"math/rand/v2"
	"os"
	"testing"
)

// spec is the brute-force definition of a random object: membership of a
// point (parameters then dims in column order).
type spec func(pt []int64) bool

const (
	existRange = 4 // existentials of random objects lie in [-existRange, existRange]
	dimBound   = 4 // bounded random objects have dims in [-dimBound, dimBound]
	boxR       = 5 // test points have dims in [-boxR, boxR]
)

var paramVals = []int64{-1, 2}

func floorDiv(a, b int64) int64 {
	q := a / b
	if (a%b != 0) && ((a < 0) != (b < 0)) {
		q--
	}
	return q
}

func evalR(row, x []int64) int64 {
	v := row[len(row)-1]
	for j := 0; j < len(row)-1; j++ {
		v += row[j] * x[j]
	}
	return v
}

// genOpts tunes random generation.
type genOpts struct {
	bounded bool // add -dimBound <= dim <= dimBound for every dim
	locals  bool // allow divs and existentials
}

// genBasic returns a random basic map of space sp and its brute-force
// spec. Existentials are bounded so that the spec can enumerate them.
func genBasic(rng *rand.Rand, sp Space, o genOpts) (BasicMap, spec) {
	b := NewBasicBuilder(sp)
	nd := sp.NDim()
	type loc struct {
		row  []int64
		den  int64
		isEx bool
	}
	var locs []loc
	nl := 0
	if o.locals {
		nl = rng.IntN(3)
	}
	randRow := func(w int, cmax int64) []int64 {
		r := make([]int64, w)
		for j := 0; j < w-1; j++ {
			if rng.IntN(3) > 0 {
				r[j] = rng.Int64N(2*cmax+1) - cmax
			}
		}
		r[w-1] = rng.Int64N(11) - 5
		return r
	}
	var extra [][]int64 // existential bound rows (full width later)
	for i := 0; i < nl; i++ {
		if rng.IntN(2) == 0 {
			w := b.NCols()
			r := randRow(w, 2)
			d := int64(2 + rng.IntN(2))
			idx := b.AddDiv(r, d)
			if idx == len(locs) {
				locs = append(locs, loc{row: pad(r, w), den: d})
			}
		} else {
			idx := b.AddExists()
			locs = append(locs, loc{isEx: true})
			col := nd + idx
			lo := make([]int64, col+2)
			lo[col] = 1
			lo[col+1] = existRange
			hi := make([]int64, col+2)
			hi[col] = -1
			hi[col+1] = existRange
			extra = append(extra, lo, hi)
		}
	}
	w := b.NCols()
	for _, r := range extra {
		b.AddIneq(r)
	}
	var eqs, ineqs [][]int64
	nc := 1 + rng.IntN(3)
	for i := 0; i < nc; i++ {
		r := randRow(w, 2)
		if rng.IntN(5) == 0 {
			b.AddEq(r)
			eqs = append(eqs, r)
		} else {
			b.AddIneq(r)
			ineqs = append(ineqs, r)
		}
	}
	// Make each existential appear in some constraint.
	for i, l := range locs {
		if l.isEx {
			r := randRow(w, 2)
			r[nd+i] = int64(1 + rng.IntN(2))
			if rng.IntN(2) == 0 {
				r[nd+i] = -r[nd+i]
			}
			if rng.IntN(3) == 0 {
				b.AddEq(r)
				eqs = append(eqs, r)
			} else {
				b.AddIneq(r)
				ineqs = append(ineqs, r)
			}
		}
	}
	for _, r := range extra {
		ineqs = append(ineqs, pad(r, w))
	}
	if o.bounded {
		np := sp.NParam()
		for j := np; j < nd; j++ {
			lo := make([]int64, w)
			lo[j] = 1
			lo[w-1] = dimBound
			hi := make([]int64, w)
			hi[j] = -1
			hi[w-1] = dimBound
			b.AddIneq(lo)
			b.AddIneq(hi)
			ineqs = append(ineqs, lo, hi)
		}
	}
	bm := b.Build()
	for i := range eqs {
		eqs[i] = pad(eqs[i], w)
	}
	for i := range ineqs {
		ineqs[i] = pad(ineqs[i], w)
	}
	for i := range locs {
		if !locs[i].isEx {
			locs[i].row = pad(locs[i].row, w)
		}
	}
	sp0 := func(pt []int64) bool {
		x := make([]int64, w-1)
		copy(x, pt)
		var rec func(i int) bool
		rec = func(i int) bool {
			if i == len(locs) {
				for _, r := range eqs {
					if evalR(r, x) != 0 {
						return false
					}
				}
				for _, r := range ineqs {
					if evalR(r, x) < 0 {
						return false
					}
				}
				return true
			}
			l := locs[i]
			if !l.isEx {
				x[nd+i] = floorDiv(evalR(l.row, x), l.den)
				return rec(i + 1)
			}
			for v := int64(-existRange); v <= existRange; v++ {
				x[nd+i] = v
				if rec(i + 1) {
					return true
				}
			}
			return false
		}
		return rec(0)
	}
	return bm, sp0
}

// genMap returns a random union of 1-3 basic maps of space sp.
func genMap(rng *rand.Rand, sp Space, o genOpts) (Map, spec) {
	n := 1 + rng.IntN(3)
	var parts []BasicMap
	var specs []spec
	for i := 0; i < n; i++ {
		b, s := genBasic(rng, sp, o)
		parts = append(parts, b)
		specs = append(specs, s)
	}
	return NewMap(sp, parts...), func(pt []int64) bool {
		for _, s := range specs {
			if s(pt) {
				return true
			}
		}
		return false
	}
}

func randNames(prefix string, n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = fmt.Sprintf("%s%d", prefix, i)
	}
	return out
}

func randParams(rng *rand.Rand) []string { return randNames("p", rng.IntN(3)) }

// forBox calls f for every point of the test box of a space with np
// parameters and nd dims (parameters from paramVals).
func forBox(np, nd int, f func(pt []int64)) {
	pt := make([]int64, np+nd)
	var rec func(j int)
	rec = func(j int) {
		if j == np+nd {
			f(pt)
			return
		}
		if j < np {
			for _, v := range paramVals {
				pt[j] = v
				rec(j + 1)
			}
			return
		}
		for v := int64(-boxR); v <= boxR; v++ {
			pt[j] = v
			rec(j + 1)
		}
	}
	rec(0)
}

// checkAgainst compares membership of m with want over the test box.
func checkAgainst(t *testing.T, seed uint64, what string, m Map, want spec, inputs ...fmt.Stringer) bool {
	t.Helper()
	bad := 0
	forBox(m.space.NParam(), m.space.NDim()-m.space.NParam(), func(pt []int64) {
		if bad > 0 {
			return
		}
		got := m.Contains(pt)
		if got != want(pt) {
			bad++
			t.Errorf("seed %d: %s: point %v: got %v, want %v\nresult: %v", seed, what, pt, got, want(pt), m)
			for i, in := range inputs {
				t.Errorf("  input %d: %v", i, in)
			}
		}
	})
	return bad == 0
}

// iters scales the number of random cases: n/3 by default, n/10 with
// -short, 3n with PRESBURGER_LONG=1.
func iters(n int) int {
	switch {
	case os.Getenv("PRESBURGER_LONG") != "":
		return 3 * n
	case testing.Short():
		return n / 10
	}
	return n / 3
}

func TestRandomBuildContains(t *testing.T) {
	sk := newSkips(t)
	for seed := uint64(0); seed < uint64(iters(300)); seed++ {
		if t.Failed() {
			break
		}
		sk.run(seed, func() {
			rng := rand.New(rand.NewPCG(seed, 1))
			params := randParams(rng)
			sp := NewSetSpace(params, "S", randNames("i", 1+rng.IntN(3)))
			m, s := genMap(rng, sp, genOpts{locals: true, bounded: rng.IntN(2) == 0})
			if !checkAgainst(t, seed, "build", m, s) {
				return
			}
		})
	}
	sk.done()
}

// skips counts the random cases abandoned because the solver exceeded
// its budget (a legal outcome); too many of them fail the test.
type skips struct {
	t     *testing.T
	n, of int
}

func newSkips(t *testing.T) *skips { return &skips{t: t} }

func (s *skips) run(seed uint64, f func()) {
	s.of++
	defer func() {
		if r := recover(); r != nil {
			if e := asError(r); e != nil && e.Kind == Budget {
				s.n++
				s.t.Logf("seed %d: skipped: %v", seed, e)
				return
			}
			s.t.Errorf("seed %d: panic: %v", seed, r)
			panic(r)
		}
	}()
	f()
}

func (s *skips) done() {
	if s.n*20 > s.of {
		s.t.Errorf("%d of %d cases exceeded the solver budget", s.n, s.of)
	}
}

// rethrowBudget panics with err when it is a budget error, so that the
// case is skipped by skips.run.
func rethrowBudget(err error) {
	if e, ok := err.(*Error); ok && e.Kind == Budget {
		panic(e)
	}
}
