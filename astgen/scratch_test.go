package astgen

import (
	"testing"
)

func TestScratch(t *testing.T) {
	sched := mustUnionMap(t, "[n] -> { S[i] -> [4*floor(i/4), i] : 0 <= i < n }")
	g := newGen(Config{}, []string{"n"})
	for _, m := range sched.Maps() {
		t.Logf("map %v", m)
		rev := m.Reverse()
		t.Logf("rev %v", rev)
		dom := rev.Domain()
		t.Logf("dom %v", dom)
		for _, p := range dom.Parts() {
			for i := 0; i < p.NLocal(); i++ {
				t.Logf("local %d %+v", i, p.Local(i))
			}
			t.Logf("eqs %v ineqs %v", p.Eqs(), p.Ineqs())
		}
		pd := g.projectAfter(g.toSchedSet(dom, 2, 0), 0)
		t.Logf("proj %v", pd)
		for _, p := range pd.Parts() {
			cs, _ := g.boundsOf(p.Map(), 2, 0)
			for _, c := range cs {
				t.Logf("cons %v eq=%v", c.a.key(), c.eq)
			}
		}
	}
}

func TestScratch2(t *testing.T) {
	sched := mustUnionMap(t, "[n] -> { S[i] -> [4*floor(i/4), i] : 0 <= i < n }")
	g := newGen(Config{}, []string{"n"})
	for _, m := range sched.Maps() {
		dom := m.Reverse().Domain()
		pd := g.projectAfter(g.toSchedSet(dom, 2, 0), 0)
		for _, p := range pd.Parts() {
			for i := 0; i < p.NLocal(); i++ {
				t.Logf("local %d %+v", i, p.Local(i))
			}
			t.Logf("eqs %v ineqs %v", p.Eqs(), p.Ineqs())
			eqs, ineqs, nex := g.basicAffs(p.Map(), 3)
			for _, e := range eqs {
				t.Logf("eq %s", e.key())
			}
			for _, e := range ineqs {
				t.Logf("ineq %s", e.key())
			}
			t.Logf("nex %d", nex)
		}
	}
}

func TestScratch3(t *testing.T) {
	rows := []cons{}
	mk := func(c []int64, k int64, eq bool) cons { return cons{a: aff{Coef: c, C: k}, eq: eq} }
	// vars n c0 c1 e0 q
	rows = append(rows, mk([]int64{0, 1, 0, 0, -4}, 0, true))
	rows = append(rows, mk([]int64{0, 0, 0, -1, 4}, 3, false))
	rows = append(rows, mk([]int64{0, 0, 0, 1, -4}, 0, false))
	rows = append(rows, mk([]int64{0, 0, 0, 1, 0}, 0, false))
	rows = append(rows, mk([]int64{1, 0, 0, -1, 0}, -1, false))
	var ok bool
	rows, ok = eliminate(rows, 3)
	for _, r := range rows {
		t.Logf("after e0: %s %v", r.a.key(), r.eq)
	}
	rows, ok = eliminate(rows, 4)
	for _, r := range rows {
		t.Logf("after q: %s %v %v", r.a.key(), r.eq, ok)
	}
}

func TestScratch4(t *testing.T) {
	sched := mustUnionMap(t, "[n] -> { S[i] -> [4*floor(i/4), i] : 0 <= i < n }")
	g := newGen(Config{}, []string{"n"})
	for _, m := range sched.Maps() {
		dom := m.Reverse().Domain()
		pd := g.projectAfter(g.toSchedSet(dom, 2, 0), 0)
		for _, p := range pd.Parts() {
			debugBounds = func(s string, rows []cons) {
				for _, r := range rows {
					t.Logf("%s: %s %v", s, r.a.key(), r.eq)
				}
			}
			g.boundsOf(p.Map(), 2, 0)
			debugBounds = nil
		}
	}
}
