package astgen

import (
	"testing"

	"github.com/tessera-opt/tessera/schedule"
)

func benchTree(b *testing.B, src string) {
	tr, err := schedule.ParseYAML(src)
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := Generate(tr, Config{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkTiled2D generates a 2-d tiled nest (tile loops and point loops).
func BenchmarkTiled2D(b *testing.B) {
	benchTree(b, `domain: "[n, m] -> { S[i, j] : 0 <= i < n and 0 <= j < m }"
child:
  schedule: "[{ S[i, j] -> [(32*floor(i/32))] }, { S[i, j] -> [(32*floor(j/32))] }]"
  child:
    schedule: "[{ S[i, j] -> [(i)] }, { S[i, j] -> [(j)] }]"
`)
}

// BenchmarkIsolated2D generates the full/partial tile separation of
// example 5.15.
func BenchmarkIsolated2D(b *testing.B) {
	benchTree(b, treeCases[3].yaml)
}

// BenchmarkUnrolled generates a tiled loop whose point loop is unrolled.
func BenchmarkUnrolled(b *testing.B) {
	benchTree(b, treeCases[4].yaml)
}
