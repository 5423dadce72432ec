package astgen

import (
	"testing"

	"github.com/tessera-opt/tessera/presburger"
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

// fdtd2dTree is the tiled schedule the pipeline gives fdtd-2d (four
// statements, time-skewed BxBxB tiles).
const fdtd2dTree = `domain: "[T, NY, NX] -> { S0[t, j] : 0 <= t < T and 0 <= j < NY; S1[t, i, j] : 0 <= t < T and 0 < i < NX and 0 <= j < NY; S2[t, i, j] : 0 <= t < T and 0 <= i < NX and 0 < j < NY; S3[t, i, j] : 0 <= t < T and 0 <= i <= NX - 2 and 0 <= j <= NY - 2 }"
child:
  schedule: "[T, NY, NX] -> [{ S0[t, j] -> [floor(t/B)]; S1[t, i, j] -> [floor(t/B)]; S2[t, i, j] -> [floor(t/B)]; S3[t, i, j] -> [floor(t/B)] }, { S0[t, j] -> [floor((t + j)/B)]; S1[t, i, j] -> [floor((t + j)/B)]; S2[t, i, j] -> [floor((t + j)/B)]; S3[t, i, j] -> [floor((t + j + 1)/B)] }, { S0[t, j] -> [floor(t/B)]; S1[t, i, j] -> [floor((t + i)/B)]; S2[t, i, j] -> [floor((t + i + 1)/B)]; S3[t, i, j] -> [floor((t + i + 1)/B)] }]"
  permutable: 1
  child:
    schedule: "[T, NY, NX] -> [{ S0[t, j] -> [t]; S1[t, i, j] -> [t]; S2[t, i, j] -> [t]; S3[t, i, j] -> [t] }, { S0[t, j] -> [t]; S1[t, i, j] -> [t + i]; S2[t, i, j] -> [t + i + 1]; S3[t, i, j] -> [t + i + 1] }, { S0[t, j] -> [t + j]; S1[t, i, j] -> [t + j]; S2[t, i, j] -> [t + j]; S3[t, i, j] -> [t + j + 1] }]"
    permutable: 1
    child:
      sequence:
      - filter: "[T, NY, NX] -> { S0[t, j] : 0 <= t < T and 0 <= j < NY }"
      - filter: "[T, NY, NX] -> { S1[t, i, j] : 0 <= t < T and 0 < i < NX and 0 <= j < NY }"
      - filter: "[T, NY, NX] -> { S2[t, i, j] : 0 <= t < T and 0 <= i < NX and 0 < j < NY }"
      - filter: "[T, NY, NX] -> { S3[t, i, j] : 0 <= t < T and 0 <= i <= NX - 2 and 0 <= j <= NY - 2 }"
`

// BenchmarkFdtd2DTiled generates the time-skewed tiled fdtd-2d nest.
func BenchmarkFdtd2DTiled(b *testing.B) { benchTree(b, tileSize(fdtd2dTree, "32")) }

// BenchmarkSeidel2DWavefront generates the wavefront of 32x32x32 tiles of
// seidel-2d (tile dims bounded only through floor divisions).
func BenchmarkSeidel2DWavefront(b *testing.B) { benchTree(b, tileSize(seidel2dTree, "32")) }

// BenchmarkHeat3DTiled generates the time-skewed 4-d tiled heat-3d nest.
func BenchmarkHeat3DTiled(b *testing.B) { benchTree(b, tileSize(heat3dTree, "32")) }

func benchFlat(b *testing.B, sched, context string, opts ...schedule.ASTOption) {
	s, err := presburger.ParseUnionMap(sched)
	if err != nil {
		b.Fatal(err)
	}
	ctx, err := presburger.ParseSet(context)
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := FromScheduleMap(s, ctx, Options{Dims: opts}, Config{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkScalarDimsMany generates a 2d+1 schedule of many statements
// with scalar dims between the loop dims, strided and skewed ones among
// them: the component graph (pairs ordered by their constant dims), the
// piece sorting and the degenerate loops read from the exact domain
// (c = 2i at a dim with a division) dominate.
func BenchmarkScalarDimsMany(b *testing.B) {
	benchFlat(b, `[n, m] -> {
  A[i] -> [i, 0, 0, 0, 0] : 0 <= i < n;
  B[i, j] -> [i, 1, j, 0, 0] : 0 <= i < n and 0 <= j <= i;
  C[i, j] -> [i, 1, j, 1, 0] : 0 <= i < n and 0 <= j < m;
  D[i, j] -> [i, 2, 2j, 0, 0] : 0 <= i < n and 0 <= j < m;
  E[i, j, k] -> [i, 2, 2j + 1, k, 0] : 0 <= i < n and 0 <= j < m and 0 <= k <= j;
  F[i, j] -> [i, 3, j, 0, 0] : 0 <= i < n and i <= j < m;
  G[i, j] -> [i, 3, j, 1, 0] : 0 <= i < n and 0 <= j < m and j mod 3 = 0;
  H[i] -> [i, 4, 0, 0, 0] : 0 <= i < n and i mod 2 = 1 }`, "[n, m] -> { : n >= 1 and m >= 1 }")
}

// BenchmarkSkewedParitySeparate generates statements whose first dim is
// an even or odd skewed sum (2i + 2j, 1 + 2i + 2j, 1 + 4i) under the
// separate option: many pieces to sort, strided degenerate dims whose
// value comes from the exact domain, and guards with divisions.
func BenchmarkSkewedParitySeparate(b *testing.B) {
	sep := schedule.OptionSeparate
	benchFlat(b, `[n] -> {
  A[i, j] -> [2i + 2j, -i, 0] : 1 <= i <= n and i < j <= n;
  B[i, j, k] -> [2i + 2j, 1 - i, k] : 1 <= i <= n and i < j <= n and 1 <= k < i;
  C[i] -> [2 + 2i, 0, 0] : 1 <= i <= n + 5;
  D[i] -> [1 + 4i, 0, 0] : 1 <= i <= n;
  E[i, j] -> [1 + 2i + 2j, j, 0] : 1 <= j < i <= n }`, "[n] -> { : n >= 10 }", sep, sep, sep)
}
