package directive

import (
	"fmt"
	"math/rand"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/tessera-opt/tessera/deps"
	"github.com/tessera-opt/tessera/presburger"
)

// lexLE tells a <=lex b (vectors of one length).
func lexLE(a, b []int64) bool {
	for i := range a {
		if a[i] != b[i] {
			return a[i] < b[i]
		}
	}
	return true
}

// image returns the flat schedule vector of one instance.
func image(t *testing.T, flat presburger.UnionMap, stmt string, params, inst []int64) []int64 {
	t.Helper()
	for _, m := range flat.Maps() {
		if m.Space().TupleName(presburger.In) != stmt {
			continue
		}
		fixed := m
		for i, v := range params {
			fixed = fixed.FixVal(presburger.Param, i, v)
		}
		for i, v := range inst {
			fixed = fixed.FixVal(presburger.In, i, v)
		}
		pt, ok := fixed.Sample()
		if !ok {
			t.Fatalf("instance %s%v has no time", stmt, inst)
		}
		np, ni := m.Space().NParam(), m.Space().Dim(presburger.In)
		return pt[np+ni:]
	}
	t.Fatalf("no schedule for %s", stmt)
	return nil
}

// bruteForceOrdered enumerates, for small parameter values, every pair of
// every dependence and checks that the flat schedule runs the source
// strictly first: the oracle for an accepted schedule.
func bruteForceOrdered(t *testing.T, seed int64, script string, flat presburger.UnionMap, d *deps.Deps) {
	t.Helper()
	vals := map[string]int64{"n": 5, "t": 3}
	paramsOf := func(names []string) []int64 {
		out := make([]int64, len(names))
		for i, n := range names {
			out[i] = vals[n]
		}
		return out
	}
	times := map[string]map[string][]int64{}
	for _, m := range flat.Maps() {
		sp := m.Space()
		pts, err := m.Points(paramsOf(sp.Params()))
		if err != nil {
			t.Fatal(err)
		}
		byInst := map[string][]int64{}
		ni := sp.Dim(presburger.In)
		for _, p := range pts {
			byInst[fmt.Sprint(p[:ni])] = p[ni:]
		}
		times[sp.TupleName(presburger.In)] = byInst
	}
	for _, x := range d.Deps {
		if x.Kind == deps.Input {
			continue
		}
		sp := x.Rel.Space()
		pts, err := x.Rel.Points(paramsOf(sp.Params()))
		if err != nil {
			t.Fatal(err)
		}
		ni := sp.Dim(presburger.In)
		for _, p := range pts {
			a := times[x.Source.Name][fmt.Sprint(p[:ni])]
			b := times[x.Target.Name][fmt.Sprint(p[ni:])]
			if a == nil || b == nil || lexLE(b, a) {
				t.Fatalf("seed %d: %q accepted but %s %s%v -> %s%v runs at %v -> %v", seed, script, x.Kind,
					x.Source.Name, p[:ni], x.Target.Name, p[ni:], a, b)
			}
		}
	}
}

// TestRandomScripts applies seeded random scripts to small kernels. Every
// applied script must keep the domain of the flattened schedule; every
// accepted one must order every dependence pair enumerated for small
// parameters; every refusal's witness must be a real dependence pair that the schedule
// misorders (checked by evaluating the flat schedule at the pair).
// TESSERA_SEED sets the seed, TESSERA_LONG runs 1000 scripts.
func TestRandomScripts(t *testing.T) {
	seed, iters := int64(20261122), 40
	if v, err := strconv.ParseInt(os.Getenv("TESSERA_SEED"), 10, 64); err == nil {
		seed = v
	}
	if os.Getenv("TESSERA_LONG") != "" {
		iters = 1000
	}
	r := rand.New(rand.NewSource(seed))
	pools := []struct {
		src  string
		cmds []string
	}{
		{gemmC, []string{"interchange S1 i j", "interchange S1 j k", "interchange S1 i k", "tile S1 i,j 4,4", "tile S1 j,k 2,3",
			"fuse S0 S1 at i", "fuse S0 S1 at j", "skew S1 j by i 1", "skew S1 k by j -1", "shift S0 j 1", "shift S1 k 2",
			"stripmine S1 k 3", "unroll S1 j 2", "parallel S1 i", "parallel S1 k", "vectorize S0 j", "distribute S1 i", "interchange S0 i j"}},
		{stencilC, []string{"interchange S0 s i", "skew S0 i by s 1", "skew S0 i by s 2", "tile S0 s,i 3,3", "shift S0 i 1",
			"parallel S0 i", "parallel S0 s", "stripmine S0 i 2", "skew S0 s by i 1"}},
	}
	applied, refused := 0, 0
	for iter := 0; iter < iters; iter++ {
		p := pools[r.Intn(len(pools))]
		var lines []string
		for n := 1 + r.Intn(3); n > 0; n-- {
			lines = append(lines, p.cmds[r.Intn(len(p.cmds))])
		}
		script := strings.Join(lines, "\n")
		s, d := model(t, p.src)
		sc, err := Parse(script)
		if err != nil {
			t.Fatalf("seed %d: %q: %v", seed, script, err)
		}
		tree, _, err := Apply(sc, s.Schedule)
		if err != nil {
			continue // a semantic error (loop gone, not nested): fine
		}
		flat := tree.Flatten()
		if !flat.Domain().IsEqual(s.Domain) {
			t.Fatalf("seed %d: %q: domain changed to %v", seed, script, flat.Domain())
		}
		v := Check(tree, d)
		if v == nil {
			applied++
			bruteForceOrdered(t, seed, script, flat, d)
			continue
		}
		refused++
		w := v.Witness
		if w.Dep == nil {
			t.Fatalf("seed %d: %q: undecided: %v", seed, script, w.Err)
		}
		pt := append(append(append([]int64(nil), w.Params...), w.Source...), w.Target...)
		if !w.Dep.Rel.Contains(pt) {
			t.Fatalf("seed %d: %q: witness %v not in the dependence %v", seed, script, pt, w.Dep.Rel)
		}
		if v.Loop == "" {
			src := image(t, flat, w.Dep.Source.Name, w.Params, w.Source)
			tgt := image(t, flat, w.Dep.Target.Name, w.Params, w.Target)
			if !lexLE(tgt, src) {
				t.Fatalf("seed %d: %q: witness %v -> %v is ordered (%v before %v)", seed, script, w.Source, w.Target, src, tgt)
			}
		}
	}
	t.Logf("seed %d: %d scripts applied, %d refused", seed, applied, refused)
	if applied == 0 || refused == 0 {
		t.Fatalf("seed %d: %d applied, %d refused: the pools test nothing", seed, applied, refused)
	}
}
