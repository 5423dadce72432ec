package presburger

import (
	"os"
	"testing"

	"github.com/tessera-opt/tessera/presburger/internal/sys"
)

// A flow dependence of a 2-d stencil: S[t, i] writes A[i] read by
// S[t', i'] at i' - 1..i' + 1 in a later iteration.
const benchDep = "[T, N] -> { S[t, i] -> S[t2, i2] : 0 <= t < T and 1 <= i < N - 1 and 0 <= t2 < T and 1 <= i2 < N - 1 and i2 - 1 <= i <= i2 + 1 and (t2 > t or (t2 = t and i2 > i)) }"

func BenchmarkIsEmptyDependence(b *testing.B) {
	m := MustParseMap(benchDep)
	// Empty: a dependence going backwards in t.
	back := m.Intersect(MustParseMap("[T, N] -> { S[t, i] -> S[t2, i2] : t2 < t }"))
	b.ResetTimer()
	for b.Loop() {
		if m.IsEmpty() || !back.IsEmpty() {
			b.Fatal("wrong answer")
		}
	}
}

func BenchmarkIntersectUnionChain(b *testing.B) {
	base := MustParseSet("[n] -> { S[i, j] : 0 <= i < n and 0 <= j < n }")
	cuts := []Set{
		MustParseSet("[n] -> { S[i, j] : i <= j }"),
		MustParseSet("[n] -> { S[i, j] : i + j <= n }"),
		MustParseSet("[n] -> { S[i, j] : j >= 2 }"),
		MustParseSet("[n] -> { S[i, j] : i mod 2 = 0 }"),
	}
	b.ResetTimer()
	for b.Loop() {
		acc := EmptySet(base.Space())
		for k, c := range cuts {
			acc = acc.Union(base.Intersect(c).FixVal(Out, 1, int64(k)))
		}
		if acc.IsEmpty() {
			b.Fatal("empty")
		}
	}
}

func BenchmarkProjectOut(b *testing.B) {
	s := MustParseSet("[n] -> { S[i, j, k, l] : 0 <= i < n and 0 <= j <= i and 0 <= k < 4 and l = 4i + k and j mod 3 = 1 }")
	b.ResetTimer()
	for b.Loop() {
		r := s.ProjectOut(Out, 0, 3)
		if r.IsEmpty() {
			b.Fatal("empty")
		}
	}
}

func BenchmarkSubtract(b *testing.B) {
	a := MustParseSet("[n] -> { S[i, j] : 0 <= i < n and 0 <= j < n }")
	c := MustParseSet("[n] -> { S[i, j] : exists e : i = 2e and 1 <= j < n - 1 }")
	b.ResetTimer()
	for b.Loop() {
		if a.Subtract(c).IsEmpty() {
			b.Fatal("empty")
		}
	}
}

func BenchmarkApplyRange(b *testing.B) {
	dep := MustParseMap(benchDep)
	sched := MustParseMap("{ S[t, i] -> [t, t + i] }")
	b.ResetTimer()
	for b.Loop() {
		d := sched.Reverse().ApplyRange(dep).ApplyRange(sched)
		if d.Deltas().IsEmpty() {
			b.Fatal("empty")
		}
	}
}

func BenchmarkContains(b *testing.B) {
	s := MustParseSet("[n] -> { S[i, j] : exists e : 0 <= i < n and 0 <= j < n and i + j = 3e }")
	in, out := []int64{100, 5, 7}, []int64{100, 5, 8}
	b.ResetTimer()
	for b.Loop() {
		if !s.Contains(in) || s.Contains(out) {
			b.Fatal("wrong")
		}
	}
}

// BenchmarkSlowOmegaSystem is a regression figure for the solver: an
// integer-empty, rationally non-empty system met by the random
// MakeDisjoint test that took seconds in IsIntegerEmpty.
// Set TESSERA_SLOW=1 to run it.
func BenchmarkSlowOmegaSystem(b *testing.B) {
	if os.Getenv("TESSERA_SLOW") == "" {
		b.Skip("set TESSERA_SLOW=1")
	}
	rows := [][]int64{{-4, -4, -2, 0, 0, 0, 3, 9}, {-3, -2, 1, 1, 0, 0, 2, 8}, {-1, -3, 0, -1, 0, 0, 0, 6}, {-1, -2, -1, 0, 0, 0, 2, 7}, {-1, 2, 1, 0, 0, 0, 0, -3}, {0, -2, 2, 0, -1, 0, 0, -2}, {0, 0, 0, 0, -1, 0, 0, 4}, {0, 0, 0, 0, 1, 0, 0, 4}, {0, 6, 0, -2, 0, -3, 0, -7}, {1, -2, 2, -2, 1, 0, 0, 1}, {1, -1, -1, -2, 0, 0, 0, 2}, {1, 2, 1, 0, 0, 0, -2, 1}, {-1, 0, 0, -2, 0, -2, 0, -4}, {1, 0, 0, 2, 0, 2, 0, 5}, {2, 0, 1, 1, 0, 0, -2, -4}, {-2, 0, -1, -1, 0, 0, 2, 5}}
	s := &sys.System{NVars: 7}
	for _, r := range rows {
		s.Ineq = append(s.Ineq, r)
	}
	for b.Loop() {
		if !sys.IsIntegerEmpty(s) {
			b.Fatal("should be empty")
		}
	}
}
