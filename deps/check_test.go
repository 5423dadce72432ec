package deps

import (
	"fmt"
	"math/rand"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/tessera-opt/tessera/presburger"
	"github.com/tessera-opt/tessera/scop"
)

// affSched is a random affine schedule of one statement: time[k] =
// rows[k] . iters + consts[k].
type affSched struct {
	rows   [][]int64
	consts []int64
}

func (a affSched) eval(it []int64) []int64 {
	out := make([]int64, len(a.rows))
	for k, r := range a.rows {
		v := a.consts[k]
		for j, c := range r {
			v += c * it[j]
		}
		out[k] = v
	}
	return out
}

func (a affSched) String(st *scop.Statement) string {
	var dims []string
	for k, r := range a.rows {
		var terms []string
		for j, c := range r {
			if c != 0 {
				terms = append(terms, fmt.Sprintf("%d*%s", c, st.Iters[j]))
			}
		}
		terms = append(terms, fmt.Sprint(a.consts[k]))
		dims = append(dims, strings.Join(terms, " + "))
	}
	return st.Name + "[" + strings.Join(st.Iters, ", ") + "] -> [" + strings.Join(dims, ", ") + "]"
}

// randomSchedules derives a schedule from the 2d+1 form of s: per loop a
// random unimodular-ish change (reversal, skew by the enclosing loop,
// interchange with the next level) and per sequence a random reordering of
// the textual positions, so that some results are legal and some are not.
func randomSchedule(r *rand.Rand, s *scop.Scop, ident bool) map[string]affSched {
	maxd := 0
	for _, st := range s.Statements {
		maxd = max(maxd, len(st.Iters))
	}
	// Per loop: sign, and skew coefficient on the enclosing loop.
	sign := map[int]int64{}
	skew := map[int]int64{}
	for _, l := range s.Loops {
		sign[l.ID] = 1
		if ident {
			continue
		}
		if r.Intn(4) == 0 {
			sign[l.ID] = -1
		}
		if r.Intn(4) == 0 {
			skew[l.ID] = int64(r.Intn(3) - 1)
		}
	}
	// Per depth: a permutation of the textual positions.
	perm := map[string]int64{}
	swap := !ident && r.Intn(3) == 0
	out := map[string]affSched{}
	for _, st := range s.Statements {
		d := len(st.Iters)
		var a affSched
		for k := 0; k <= maxd; k++ {
			beta := int64(0)
			if k < len(st.Beta) {
				key := fmt.Sprint(st.Beta[:k], st.Beta[k])
				if _, ok := perm[key]; !ok {
					perm[key] = int64(st.Beta[k])
					if !ident && r.Intn(5) == 0 {
						perm[key] = int64(r.Intn(3))
					}
				}
				beta = perm[key]
			}
			a.rows = append(a.rows, make([]int64, d))
			a.consts = append(a.consts, beta)
			if k < maxd {
				row := make([]int64, d)
				if k < d {
					l := st.Loops[k]
					row[k] = sign[l] * map[bool]int64{true: -1, false: 1}[s.Loops[l].Step < 0]
					if k > 0 {
						row[k-1] += skew[l]
					}
				}
				a.rows = append(a.rows, row)
				a.consts = append(a.consts, 0)
			}
		}
		if swap && d >= 2 {
			a.rows[1], a.rows[3] = a.rows[3], a.rows[1]
		}
		out[st.Name] = a
	}
	return out
}

// depPair is one dependence pair found by the replay.
type depPair struct {
	kind       Kind
	src, tgt   int
	sInst, tIn []int64
}

func bruteDepList(evs []event) []depPair {
	var out []depPair
	byElem := map[string][]int{}
	for i, e := range evs {
		byElem[e.array+e.elem] = append(byElem[e.array+e.elem], i)
	}
	for _, idx := range byElem {
		for x := 0; x < len(idx); x++ {
			for y := x + 1; y < len(idx); y++ {
				a, b := evs[idx[x]], evs[idx[y]]
				if a.stmt == b.stmt && slices.Equal(a.inst, b.inst) {
					continue
				}
				if a.kind == scop.Read && b.kind == scop.Read {
					continue
				}
				k := Flow
				switch {
				case a.kind == scop.Read:
					k = Anti
				case b.kind == scop.Write:
					k = Output
				}
				out = append(out, depPair{k, a.stmt, b.stmt, a.inst, b.inst})
			}
		}
	}
	return out
}

// TestCheckRandom compares Check with a brute-force legality test on
// random schedules of every kernel, for fixed small parameter values.
func TestCheckRandom(t *testing.T) {
	seed := int64(2026)
	r := rand.New(rand.NewSource(seed))
	const size = 2
	var legal, illegal int
	for _, path := range kernels(t) {
		name := strings.TrimSuffix(filepath.Base(path), ".c")
		s, d := computeCached(t, path, Config{})
		v := kernelParams(size)
		evs := replay(t, s, v)
		pairs := bruteDepList(evs)
		var cons []string
		for _, p := range s.Params {
			cons = append(cons, fmt.Sprintf("%s = %d", p, v(p)))
		}
		ctx := presburger.MustParseSet("[" + strings.Join(s.Params, ", ") + "] -> { : " + strings.Join(cons, " and ") + " }")
		if len(cons) == 0 {
			ctx = presburger.MustParseSet("{ : }")
		}
		rounds := 8
		if long {
			rounds = 40
		}
		for round := 0; round < rounds; round++ {
			// Round 0 is the original schedule, which must be legal.
			sched := randomSchedule(r, s, round == 0)
			var parts []string
			for _, st := range s.Statements {
				parts = append(parts, sched[st.Name].String(st))
			}
			src := "[" + strings.Join(s.Params, ", ") + "] -> { " + strings.Join(parts, "; ") + " }"
			um := presburger.MustParseUnionMap(src)
			// The schedule of an instance; on rounds 3, 7, ... the
			// instances whose first dim is not 0 mod 3 take a second
			// random schedule (piecewise, like index-set splitting).
			var other map[string]affSched
			at := func(st *scop.Statement, inst []int64) []int64 {
				if other != nil && len(inst) > 0 && (inst[0]%3+3)%3 != 0 {
					return other[st.Name].eval(inst)
				}
				return sched[st.Name].eval(inst)
			}
			switch round % 4 {
			case 1:
				// The same schedule on a domain of three parts per
				// statement: Check's first pass on the schedules relaxed
				// to their functions must give the same verdict.
				um = um.IntersectDomain(splitDomain(s, "d0 mod 3 = 0 or d0 mod 3 = 1 or d0 mod 3 = 2"))
			case 3:
				// Two functions per statement: the relaxed pass sees both
				// on every instance, so only the exact one can decide.
				other = randomSchedule(r, s, r.Intn(2) == 0)
				var parts2 []string
				for _, st := range s.Statements {
					parts2 = append(parts2, other[st.Name].String(st))
				}
				um2 := presburger.MustParseUnionMap("[" + strings.Join(s.Params, ", ") + "] -> { " + strings.Join(parts2, "; ") + " }")
				um = um.IntersectDomain(splitDomain(s, "d0 mod 3 = 0")).Union(um2.IntersectDomain(splitDomain(s, "d0 mod 3 = 1 or d0 mod 3 = 2")))
			}
			// Brute force.
			want := true
			for _, p := range pairs {
				ts := at(s.Statements[p.src], p.sInst)
				tt := at(s.Statements[p.tgt], p.tIn)
				if slices.Compare(tt, ts) <= 0 {
					want = false
					break
				}
			}
			got, w := CheckContext(um, d, &ctx)
			if w != nil && w.Dep == nil {
				t.Fatalf("seed %d %s round %d: %v", seed, name, round, w.Err)
			}
			if got != want {
				t.Errorf("seed %d %s round %d: Check says %v, brute force %v for %s (witness %v)", seed, name, round, got, want, src, w)
				continue
			}
			if got {
				legal++
				continue
			}
			illegal++
			// The witness must be a real dependence pair the schedule
			// does not order.
			x := w.Dep
			ts := at(x.Source, w.Source)
			tt := at(x.Target, w.Target)
			if slices.Compare(tt, ts) > 0 {
				t.Errorf("seed %d %s round %d: witness %v is ordered by the schedule", seed, name, round, w)
			}
			found := false
			for _, p := range pairs {
				if s.Statements[p.src] == x.Source && s.Statements[p.tgt] == x.Target && slices.Equal(p.sInst, w.Source) && slices.Equal(p.tIn, w.Target) {
					found = true
					break
				}
			}
			if !found {
				t.Errorf("seed %d %s round %d: witness %v is not a dependence pair", seed, name, round, w)
			}
		}
	}
	t.Logf("%d legal and %d illegal schedules checked", legal, illegal)
	if legal == 0 || illegal == 0 {
		t.Errorf("the random schedules should include legal and illegal ones")
	}
}

// splitDomain returns the domain of s with every statement's set
// intersected with cond on its dims d0, d1, ... (statements without dims
// keep their set when cond holds at d0 = 0).
func splitDomain(s *scop.Scop, cond string) presburger.UnionSet {
	var sets []presburger.Set
	for _, d := range s.Domain.Sets() {
		sp := d.Space()
		n := sp.Dim(presburger.Out)
		if n == 0 {
			if presburger.MustParseSet("{ [d0] : d0 = 0 and (" + cond + ") }").IsEmpty() {
				continue
			}
			sets = append(sets, d)
			continue
		}
		var dims []string
		for i := 0; i < n; i++ {
			dims = append(dims, fmt.Sprintf("d%d", i))
		}
		cut := presburger.MustParseSet(fmt.Sprintf("{ %s[%s] : %s }", sp.TupleName(presburger.Out), strings.Join(dims, ", "), cond))
		sets = append(sets, d.Intersect(cut))
	}
	return presburger.NewUnionSet(sets...)
}

// TestCheckOriginal checks that the original schedules are legal: the
// flat 2d+1 map of scop and the flattening of its schedule tree.
func TestCheckOriginal(t *testing.T) {
	for _, path := range kernels(t) {
		s, d := computeCached(t, path, Config{})
		if ok, w := Check(s.FlatSchedule, d); !ok {
			t.Errorf("%s: flat schedule illegal: %v", path, w)
		}
		if ok, w := Check(s.Schedule.Flatten(), d); !ok {
			t.Errorf("%s: flattened schedule tree illegal: %v", path, w)
		}
	}
}

// TestCheckReversed checks that reversing the outer loop of a carried
// dependence is caught, with a witness.
func TestCheckReversed(t *testing.T) {
	s, d := computeCached(t, "testdata/reverse.c", Config{})
	sched := presburger.MustParseUnionMap("[n] -> { S0[i] -> [0, i]; S1[i] -> [1, i] }")
	ok, w := Check(sched, d)
	if ok || w == nil || w.Dep == nil || w.Dep.Source.Name != "S0" || w.Dep.Target.Name != "S0" {
		t.Fatalf("reversing S0's loop must be illegal, got %v %v", ok, w)
	}
	if w.Target[0] != w.Source[0]-1 {
		t.Errorf("witness %v is not a pair of consecutive iterations", w)
	}
	_ = s
}
