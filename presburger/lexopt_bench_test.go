package presburger

import "testing"

// The inputs are SCoP-sized: a 2-d loop nest's "next iteration" relation,
// a dependence relation's earliest source, and a triangular 3-d domain.
var lexBenchMaps = map[string]string{
	"next-iteration": "[N, M] -> { S[i, j] -> S[i2, j2] : 0 <= i < N and 0 <= j < M and 0 <= i2 < N and 0 <= j2 < M and (i2 > i or (i2 = i and j2 > j)) }",
	"last-writer":    "[N] -> { R[i, j] -> W[k, l] : 0 <= i < N and 0 <= j <= i and 0 <= k < N and 0 <= l <= k and l = j and k <= i }",
}

func BenchmarkLexMinMap(b *testing.B) {
	for name, src := range lexBenchMaps {
		m := MustParseMap(src)
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				m.LexMin()
			}
		})
	}
}

func BenchmarkLexMaxPwMultiAff(b *testing.B) {
	m := MustParseMap(lexBenchMaps["last-writer"])
	for b.Loop() {
		if _, err := m.LexMaxPwMultiAff(); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkLexMinSet3D(b *testing.B) {
	s := MustParseSet("[N, M] -> { S[i, j, k] : 0 <= i < N and i <= j < M and j - i <= k <= j + i and k >= M - N }")
	for b.Loop() {
		s.LexMin()
	}
}

func BenchmarkCoalesceDeps(b *testing.B) {
	u := MustParseMap("[N] -> { S[i, j] -> S[i, j + 1] : 0 <= i < N and 0 <= j < 10 and j < N - 1; " +
		"S[i, j] -> S[i, j + 1] : 0 <= i < N and 10 <= j < 20 and j < N - 1; " +
		"S[i, j] -> S[i, j + 1] : 0 <= i < N and 20 <= j < N - 1; " +
		"S[i, j] -> S[i, j + 1] : 2 <= i < 5 and 3 <= j < 7 and i < N and j < N - 1; " +
		"S[i, j] -> S[i + 1, j] : 0 <= i < N - 1 and 0 <= j < N }")
	// Two parts (the two distances), or one: the hull of both adds no
	// point (o0 - i in {0, 1} with o0 + o1 = i + j + 1).
	if c := u.Coalesce(); !c.IsEqual(u) {
		b.Fatalf("Coalesce = %v changed the points", c)
	}
	for b.Loop() {
		if c := u.Coalesce(); c.NParts() > 2 {
			b.Fatalf("Coalesce = %v", c)
		}
	}
}

func BenchmarkGistDomain(b *testing.B) {
	m := MustParseMap("[N] -> { S[i, j] -> [i, j, 0] : N >= 10 and 0 <= i < N and 0 <= j <= i }")
	ctx := MustParseSet("[N] -> { S[i, j] : N >= 10 and 0 <= i < N and 0 <= j <= i }")
	for b.Loop() {
		m.GistDomain(ctx)
	}
}
