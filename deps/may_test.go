package deps

import (
	"fmt"
	"math/rand"
	"slices"
	"sort"
	"testing"

	"github.com/tessera-opt/tessera/cfront"
	"github.com/tessera-opt/tessera/internal/testutil"
	"github.com/tessera-opt/tessera/presburger"
	"github.com/tessera-opt/tessera/scop"
)

// This file checks the dependences of regions with may accesses (scop's
// Access.May: subscripts that are not affine) against the conflicts of
// actual runs: the region is replayed in its original order with
// concrete index arrays (random, with repeated values), the element of
// every access is computed from them, and every pair of accesses to one
// element with a write must lie in a computed memory-based dependence,
// every read with its actual last writer in a computed value-based flow.

// mayPrograms are the regions, over parameter n and read-only index
// arrays idx, idx2 and p whose values lie in [0, n).
var mayPrograms = []string{
	// histogram, then a read of every bin
	"for (int i = 0; i < n; i++)\n  h[idx[i]] += w[i];\nfor (int i = 0; i < n; i++)\n  y[i] = h[i];",
	// scatter then gather through a second index array
	"for (int i = 0; i < n; i++)\n  y[idx[i]] = x[i];\nfor (int i = 0; i < n; i++)\n  z[i] = y[i] + y[idx2[i]];",
	// permuted copy of rows, then a copy back
	"for (int i = 0; i < n; i++)\n  for (int j = 0; j < n; j++)\n    A[p[i]][j] = B[i][j];\nfor (int i = 0; i < n; i++)\n  for (int j = 0; j < n; j++)\n    B[i][j] = A[i][j] * 2;",
	// a may-write between a must-write and a read kills nothing
	"for (int i = 0; i < n; i++)\n  x[i] = 0;\nfor (int i = 0; i < n; i++)\n  x[idx[i]] = i;\nfor (int i = 0; i < n; i++)\n  y[i] = x[i];",
	// a may-read after two must-writes of every element
	"for (int i = 0; i < n; i++)\n  x[i] = 1;\nfor (int i = 0; i < n; i++)\n  x[i] = 2;\nfor (int i = 0; i < n; i++)\n  y[i] = x[idx[i]];",
	// arithmetic that is not affine, in one array read and written
	"for (int i = 0; i < n; i++)\n  for (int j = 0; j < n; j++)\n    A[i][(i * j) % n] = A[i][j] + 1;",
	// a read and a may-write of one array in one statement, a gather in
	// a sparse-like product
	"for (int i = 0; i < n; i++)\n  x[idx[i]] = x[i] + x[idx2[i]];\nfor (int i = 0; i < n; i++)\n  for (int j = 0; j < n; j++)\n    y[i] += B[i][j] * x[idx[j]];",
}

const mayDecls = "int n, double h[n], double w[n], double x[n], double y[n], double z[n], double A[n][n], double B[n][n], int idx[n], int idx2[n], int p[n]"

func mayScop(t *testing.T, body string) *scop.Scop {
	t.Helper()
	src := "void f(" + mayDecls + ")\n{\n#pragma scop\n" + body + "\n#pragma endscop\n}\n"
	f, err := cfront.ParseFile("may.c", []byte(src), cfront.Config{})
	if err != nil {
		t.Fatal(err)
	}
	s, err := scop.FromRegion(f, f.Regions[0], scop.Config{File: "may.c"})
	if err != nil {
		t.Fatalf("%q: %v", body, err)
	}
	if !s.HasMay() {
		t.Fatalf("%q: no may access in the model", body)
	}
	return s
}

// evalSub evaluates an integer C expression of the test programs: the
// statement's iterators, n, and elements of the index arrays.
func evalSub(t *testing.T, e cfront.Expr, iters map[string]int64, n int64, index map[string][]int64) int64 {
	name := func(s string) (int64, bool) {
		if v, ok := iters[s]; ok {
			return v, true
		}
		return n, s == "n"
	}
	elem := func(array string, subs []int64) (int64, bool) {
		if len(subs) != 1 || index[array] == nil {
			return 0, false
		}
		return index[array][subs[0]], true
	}
	v, err := testutil.EvalInt(e, name, elem)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// indexAt finds the array reference of the statement at pos.
func indexAt(st *scop.Statement, pos cfront.Pos) *cfront.Index {
	var found *cfront.Index
	cfront.Walk(st.Syntax, func(nd cfront.Node) bool {
		if x, ok := nd.(*cfront.Index); ok && x.Pos() == pos && found == nil {
			found = x
		}
		return true
	})
	return found
}

// mayReplay lists the accesses of s in execution order with the elements
// they actually touch for the index arrays.
func mayReplay(t *testing.T, s *scop.Scop, n int64, index map[string][]int64) []event {
	val := func(string) int64 { return n }
	times := map[string][]int64{}
	for _, m := range s.FlatSchedule.Maps() {
		name := m.Space().TupleName(presburger.In)
		nin := m.Space().Dim(presburger.In)
		pts, err := m.Points(paramValues(m.Space().Params(), val))
		if err != nil {
			t.Fatal(err)
		}
		for _, pt := range pts {
			times[name+key(pt[:nin])] = pt[nin:]
		}
	}
	var evs []event
	for si, st := range s.Statements {
		pts, err := st.Domain.Points(paramValues(st.Domain.Space().Params(), val))
		if err != nil {
			t.Fatal(err)
		}
		for _, pt := range pts {
			iters := map[string]int64{}
			for k, c := range st.CIters {
				iters[c] = pt[k]
			}
			for ai, a := range st.Accesses {
				var elem []int64
				if x := indexAt(st, a.Pos); x != nil {
					_, subs, _ := cfront.ArrayAccess(x)
					for _, sub := range subs {
						elem = append(elem, evalSub(t, sub, iters, n, index))
					}
				}
				// The actual element must be one the model allows.
				in := append(append(paramValues(a.Rel.Space().Params(), val), pt...), elem...)
				if !a.Rel.Contains(in) {
					t.Fatalf("%s%v: %s touches %v, outside its relation %s", st.Name, pt, a.Text, elem, a.Rel)
				}
				evs = append(evs, event{si, pt, times[st.Name+key(pt)], ai, a.Kind, a.Array, key(elem)})
			}
		}
	}
	sort.SliceStable(evs, func(i, j int) bool { return slices.Compare(evs[i].time, evs[j].time) < 0 })
	return evs
}

// covered reports the pairs of want that got lacks.
func uncovered(want, got map[string]bool) []string {
	var out []string
	for k := range want {
		if !got[k] {
			out = append(out, k)
		}
	}
	sort.Strings(out)
	return out
}

func TestMayDepsCoverActualConflicts(t *testing.T) {
	for pi, body := range mayPrograms {
		s := mayScop(t, body)
		mem, err := Compute(s, Config{})
		if err != nil {
			t.Fatal(err)
		}
		flow, err := Compute(s, Config{Dataflow: true})
		if err != nil {
			t.Fatal(err)
		}
		for _, n := range []int64{3, 5} {
			val := func(string) int64 { return n }
			for seed := int64(1); seed <= 6; seed++ {
				rng := rand.New(rand.NewSource(seed*100 + n))
				index := map[string][]int64{}
				for _, name := range []string{"idx", "idx2", "p"} {
					v := make([]int64, n)
					for k := range v {
						v[k] = rng.Int63n(n)
						if seed == 1 {
							v[k] = 0 // every index equal
						}
					}
					index[name] = v
				}
				evs := mayReplay(t, s, n, index)
				what := fmt.Sprintf("program %d, n = %d, index arrays %v", pi, n, index)
				if miss := uncovered(brutePairs(s, evs, false), computedPairs(t, s, evs, mem.Deps, val)); len(miss) > 0 {
					t.Errorf("%s: %d actual conflicts outside the memory-based dependences: %v", what, len(miss), head(miss))
				}
				if miss := uncovered(bruteLastWriter(s, evs), computedPairs(t, s, evs, flow.Deps, val)); len(miss) > 0 {
					t.Errorf("%s: %d actual flows outside the value-based dependences: %v", what, len(miss), head(miss))
				}
			}
		}
	}
}

// TestMayWriteKillsNothing checks the value-based flows of program 3: the
// must-write x[i] = 0 reaches the read y[i] = x[i] past the may-write
// x[idx[i]] = i, which may leave x[i] as it was.
func TestMayWriteKillsNothing(t *testing.T) {
	s := mayScop(t, mayPrograms[3])
	d, err := Compute(s, Config{Dataflow: true})
	if err != nil {
		t.Fatal(err)
	}
	var found bool
	for _, x := range d.Deps {
		if x.Kind == Flow && x.Source.Name == "S0" && x.Target.Name == "S2" {
			found = true
		}
	}
	if !found {
		t.Errorf("no value-based flow S0 -> S2 past the may-write:\n%v", d.Deps)
	}
	// A must-write kills a must-read's flow, not a may-read's: in
	// y[i] = x[i] + x[idx[i]] after two must-writes of every x[i], the
	// first write reaches the may-read only.
	s2 := mayScop(t, "for (int i = 0; i < n; i++)\n  x[i] = 0;\nfor (int i = 0; i < n; i++)\n  x[i] = i;\nfor (int i = 0; i < n; i++)\n  y[i] = x[i] + x[idx[i]];")
	d2, err := Compute(s2, Config{Dataflow: true})
	if err != nil {
		t.Fatal(err)
	}
	toMay, toMust := false, false
	for _, x := range d2.Deps {
		if x.Kind == Flow && x.Source.Name == "S0" && x.Target.Name == "S2" {
			if x.Target.Accesses[x.TgtAccess].May {
				toMay = true
			} else {
				toMust = true
			}
		}
	}
	if !toMay || toMust {
		t.Errorf("flows S0 -> S2: to the may-read %v (want true), to the must-read %v (want false)", toMay, toMust)
	}
}

// TestMayReductionNotCandidate checks that a histogram loop is no
// reduction candidate: the element it updates depends on data.
func TestMayReductionNotCandidate(t *testing.T) {
	s := mayScop(t, mayPrograms[0])
	d, err := Compute(s, Config{})
	if err != nil {
		t.Fatal(err)
	}
	l := d.Loops[0]
	if l.Parallel || l.Reduction {
		t.Errorf("histogram loop: parallel %v, reduction %v; want sequential, no reduction", l.Parallel, l.Reduction)
	}
	if !d.Loops[1].Parallel {
		t.Errorf("the loop reading the bins is not parallel")
	}
}
