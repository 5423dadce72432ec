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

// BenchmarkTiledMatmul generates a 3-d tiled nest with an initialization
// statement (two statements, 6 schedule dims).
func BenchmarkTiledMatmul(b *testing.B) {
	benchTree(b, `domain: "[n] -> { I[i, j] : 0 <= i < n and 0 <= j < n; U[i, j, k] : 0 <= i < n and 0 <= j < n and 0 <= k < n }"
child:
  schedule: "[{ I[i, j] -> [(32*floor(i/32))]; U[i, j, k] -> [(32*floor(i/32))] }, { I[i, j] -> [(32*floor(j/32))]; U[i, j, k] -> [(32*floor(j/32))] }]"
  permutable: 1
  coincident: [ 1, 1 ]
  child:
    sequence:
    - filter: "{ I[i, j] }"
      child:
        schedule: "[{ I[i, j] -> [(i)] }, { I[i, j] -> [(j)] }]"
    - filter: "{ U[i, j, k] }"
      child:
        schedule: "[{ U[i, j, k] -> [(32*floor(k/32))] }, { U[i, j, k] -> [(i)] }, { U[i, j, k] -> [(j)] }, { U[i, j, k] -> [(k)] }]"
`)
}

// BenchmarkUnrolledTile generates a 4x4 tile whose point loops are fully
// unrolled in the isolated full tiles.
func BenchmarkUnrolledTile(b *testing.B) {
	benchTree(b, `domain: "[n] -> { S[i, j] : 0 <= i < n and 0 <= j < n }"
child:
  schedule: "[{ S[i, j] -> [(4*floor(i/4))] }, { S[i, j] -> [(4*floor(j/4))] }]"
  options: "[n] -> { isolate[[] -> [a, b]] : 0 <= a and a + 3 < n and 0 <= b and b + 3 < n }"
  child:
    schedule: "[{ S[i, j] -> [(i)] }, { S[i, j] -> [(j)] }]"
    options: "[n] -> { isolate[[a, b] -> [i, j]] : a + 3 < n and b + 3 < n; [isolate[] -> unroll[x]] }"
`)
}
