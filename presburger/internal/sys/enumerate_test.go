package sys

import (
	"fmt"
	"math/rand"
	"os"
	"testing"
)

func collect(t *testing.T, enum func(*System, int, func([]int64) bool) error, s *System, keep int) ([]string, error) {
	t.Helper()
	var out []string
	err := enum(s, keep, func(x []int64) bool {
		out = append(out, fmt.Sprint(x))
		return true
	})
	return out, err
}

// TestEnumerateRandom compares Enumerate with the Min/Max searches and,
// for full enumerations of bounded systems, with brute force. Plain go
// test runs the first 150 systems of the seed, TESSERA_LONG=1 all 300
// (and -long 20 times as many).
func TestEnumerateRandom(t *testing.T) {
	const seed = 41
	rng := rand.New(rand.NewSource(seed))
	n := rounds(300)
	if !*long && os.Getenv("TESSERA_LONG") == "" {
		n = rounds(150)
		t.Logf("plain mode runs %d systems; TESSERA_LONG=1 runs %d", n, rounds(300))
	}
	for it := 0; it < n; it++ {
		bounded := rng.Intn(4) > 0
		s, B := randTestSystem(rng, bounded)
		keep := s.NVars
		if rng.Intn(2) == 0 {
			keep = rng.Intn(s.NVars + 1)
		}
		got, gerr := collect(t, Enumerate, s, keep)
		want, werr := collect(t, enumerateSearch, s, keep)
		if (gerr == nil) != (werr == nil) || fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("seed %d it %d keep %d %v: Enumerate %v %v, search %v %v", seed, it, keep, s, got, gerr, want, werr)
		}
		if bounded && keep == s.NVars {
			var brute []string
			enumerate(s.NVars, B, func(x []int64) {
				if s.Contains(x) {
					brute = append(brute, fmt.Sprint(x))
				}
			})
			// enumerate varies x_0 fastest: compare as sets.
			m := map[string]bool{}
			for _, p := range brute {
				m[p] = true
			}
			if len(m) != len(got) {
				t.Fatalf("seed %d it %d: %d points, brute force %d", seed, it, len(got), len(m))
			}
			for _, p := range got {
				if !m[p] {
					t.Fatalf("seed %d it %d: point %s not in the set", seed, it, p)
				}
			}
		}
	}
}

// TestEnumerateStop checks that Enumerate stops when f returns false.
func TestEnumerateStop(t *testing.T) {
	s := New(2)
	addBox(s, 0, 2, 3)
	k := 0
	if err := Enumerate(s, 2, func([]int64) bool { k++; return k < 5 }); err != nil || k != 5 {
		t.Fatalf("k = %d, err %v", k, err)
	}
}

func BenchmarkEnumerate(b *testing.B) {
	// A 6-d box 0..4 with a diagonal cut: the ForeachPoint shape.
	for _, d := range []int{6, 7} {
		s := New(d)
		for i := 0; i < d; i++ {
			lo := make([]int64, d+1)
			lo[i] = 1
			s.AddIneq(lo)
			hi := make([]int64, d+1)
			hi[i], hi[d] = -1, 4
			s.AddIneq(hi)
		}
		cut := make([]int64, d+1)
		for i := range cut[:d] {
			cut[i] = -1
		}
		cut[d] = int64(2 * d)
		s.AddIneq(cut)
		b.Run(fmt.Sprintf("simplex-%dd", d), func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				Enumerate(s, d, func([]int64) bool { return true })
			}
		})
		b.Run(fmt.Sprintf("search-%dd", d), func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				enumerateSearch(s, d, func([]int64) bool { return true })
			}
		})
	}
}
