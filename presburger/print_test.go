package presburger

import (
	"math/rand/v2"
	"os"
	"strconv"
	"testing"
)

// randPrintSpace returns a random space with up to 2 parameters and small
// tuples, sometimes named, sometimes nested, with dim names that may
// clash with each other or with keywords.
func randPrintSpace(rng *rand.Rand) Space {
	params := [][]string{nil, {"n"}, {"n", "m"}}[rng.IntN(3)]
	names := []string{"", "i", "j", "i", "n", "and", "x y", "e0"}
	dims := func(k int) []string {
		out := make([]string, k)
		for i := range out {
			out[i] = names[rng.IntN(len(names))]
		}
		return out
	}
	tname := func() string { return []string{"", "S", "A", "floor"}[rng.IntN(4)] }
	switch rng.IntN(4) {
	case 0:
		return NewSetSpace(params, tname(), dims(rng.IntN(3)+1))
	case 1:
		return NewMapSpace(params, tname(), dims(rng.IntN(2)+1), tname(), dims(rng.IntN(3)))
	case 2:
		in := NewSetSpace(params, tname(), dims(1))
		out := NewSetSpace(params, tname(), dims(rng.IntN(2)+1))
		return MapSpace(in, out).Wrap().SetTupleName(Out, tname())
	default:
		return NewSetSpace(params, "", nil)
	}
}

// randPrintBasic returns a random basic map of space sp with divisions and
// existentials.
func randPrintBasic(rng *rand.Rand, sp Space) BasicMap {
	b := NewBasicBuilder(sp)
	nd := sp.NDim()
	coef := func() int64 { return int64(rng.IntN(7) - 3) }
	row := func(w int) []int64 {
		r := make([]int64, w)
		for j := range r {
			if rng.IntN(3) == 0 {
				r[j] = coef()
			}
		}
		r[w-1] = int64(rng.IntN(11) - 5)
		return r
	}
	for range rng.IntN(3) {
		if rng.IntN(2) == 0 {
			b.AddDiv(row(b.NCols()), int64(rng.IntN(4)+2))
		} else {
			e := b.AddExists()
			// Bound the existential so that the object stays simple.
			lo := make([]int64, b.NCols())
			lo[nd+e] = 1
			lo[len(lo)-1] = 4
			b.AddIneq(lo)
			hi := make([]int64, b.NCols())
			hi[nd+e] = -1
			hi[len(hi)-1] = 4
			b.AddIneq(hi)
		}
	}
	for range rng.IntN(4) + 1 {
		if rng.IntN(4) == 0 {
			b.AddEq(row(b.NCols()))
		} else {
			b.AddIneq(row(b.NCols()))
		}
	}
	return b.Build()
}

// TestPrintRoundTripRandom prints random objects, parses them back and
// checks equality with the engine (IsEqual) and on box points.
func TestPrintRoundTripRandom(t *testing.T) {
	n := 300
	if s := os.Getenv("TESSERA_LONG"); s != "" {
		if k, err := strconv.Atoi(s); err == nil {
			n = k
		}
	}
	skipped := 0
	for seed := range uint64(n) {
		rng := rand.New(rand.NewPCG(seed, 7))
		sp := randPrintSpace(rng)
		var parts []BasicMap
		for range rng.IntN(3) + 1 {
			parts = append(parts, randPrintBasic(rng, sp))
		}
		m := NewMap(sp, parts...)
		text := m.String()
		var got Map
		var err error
		if sp.IsSet() {
			var s Set
			s, err = ParseSet(text)
			got = s.Map()
		} else {
			got, err = ParseMap(text)
		}
		if err != nil {
			t.Fatalf("seed %d: %v printed as %q which does not parse: %v", seed, m, text, err)
		}
		if !got.space.TuplesEqual(sp) {
			t.Fatalf("seed %d: %q parses to space %v, want %v", seed, text, got.space, sp)
		}
		// Box check (cheap, catches most errors with a clear point).
		nd := sp.Dim(In) + sp.Dim(Out)
		np := sp.NParam()
		ga := got.AlignParams(sp.Params())
		testBox(np, nd, 3, func(pv, pt []int64) {
			full := append(append([]int64{}, pv...), pt...)
			if m.Contains(full) != ga.Contains(full) {
				t.Fatalf("seed %d: %q: point %v: original %v, reparsed %v\noriginal rows: %#v", seed, text, full, m.Contains(full), ga.Contains(full), m.parts)
			}
		})
		var eq bool
		func() {
			defer func() {
				if x := recover(); x != nil {
					if asError(x) == nil {
						panic(x)
					}
					skipped++
					eq = true
				}
			}()
			eq = ga.IsEqual(m)
		}()
		if !eq {
			t.Fatalf("seed %d: %q parses to a different object: %v", seed, text, got)
		}
		if again := got.String(); again != text {
			// Not required to be stable (normalization may differ), but the
			// second print must parse to the same object too.
			if _, _, err := ParseUnion(again); err != nil {
				t.Fatalf("seed %d: reprint %q does not parse: %v", seed, again, err)
			}
		}
	}
	if skipped > n/10 {
		t.Errorf("%d of %d equality checks exceeded the engine's budget", skipped, n)
	}
}
