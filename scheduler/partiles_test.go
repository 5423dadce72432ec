package scheduler

import (
	"fmt"
	"strings"
	"testing"

	"github.com/tessera-opt/tessera/internal/hostcache"
)

// TestBusiest checks the busiest thread's load under a static schedule
// of tiles against a direct count of the tiles dealt in contiguous
// chunks.
func TestBusiest(t *testing.T) {
	for lo := int64(0); lo <= 3; lo++ {
		for hi := lo; hi < 300; hi += 7 {
			for s := int64(1); s <= 64; s += 9 {
				for th := int64(1); th <= 4; th++ {
					// Direct: tiles in order, thread k takes the k-th chunk.
					var tiles []int64
					for v := lo; v <= hi; {
						end := min(hi, floorDiv(v, s)*s+s-1)
						tiles = append(tiles, end-v+1)
						v = end + 1
					}
					n := int64(len(tiles))
					var want int64
					k := 0
					for tt := int64(0); tt < th; tt++ {
						c := n / th
						if tt < n%th {
							c++
						}
						var load int64
						for ; c > 0; c-- {
							load += tiles[k]
							k++
						}
						want = max(want, load)
					}
					if got := busiest(lo, hi, s, th); got != want {
						t.Fatalf("busiest(%d, %d, %d, %d) = %d, want %d", lo, hi, s, th, got, want)
					}
				}
			}
		}
	}
}

// triangularUpdate is a band whose only parallel member, j, is also the
// contiguous one: its tile loop runs in parallel. B's declared extent
// bounds j when the parameter n has no value.
const triangularUpdate = `#define M 1000
#define N 1200
void k(int m, int n, double A[M][M], double B[M][N]) {
#pragma scop
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++)
      for (int k = i + 1; k < m; k++)
        B[i][j] += A[k][i] * B[k][j];
#pragma endscop
}
`

// TestEvenTiles checks that the parallel member's tile size shrinks so
// that 2 threads share the tiles of its expected extent evenly (within
// 1/16), from array extents or from parameter values, and that it stays
// as the cache model chose without them or in the sequential flow.
func TestEvenTiles(t *testing.T) {
	d := sourceDeps(t, "t.c", []byte(triangularUpdate))
	cache := hostcache.Model{L1: 32 << 10, L2: 2 << 20, L3: 8 << 20, Line: 64, Source: "test"}
	extents := map[string][]int64{"A": {1000, 1000}, "B": {1000, 1200}}
	for _, tc := range []struct {
		name   string
		cfg    Config
		extent int64 // 0: no change expected
	}{
		{"extents", Config{Parallel: true, Cache: cache, Extents: extents}, 1200},
		{"values", Config{Parallel: true, Cache: cache, ParamValues: map[string]int64{"m": 1000, "n": 1200}}, 1200},
		{"smaller value", Config{Parallel: true, Cache: cache, Extents: extents, ParamValues: map[string]int64{"n": 520}}, 520},
		{"nothing known", Config{Parallel: true, Cache: cache}, 0},
		{"sequential", Config{Cache: cache, Extents: extents}, 0},
	} {
		res, err := Schedule(d, tc.cfg)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		r := tiledRemark(t, res)
		if tc.extent == 0 {
			if strings.Contains(r, "parallel member's size") {
				t.Errorf("%s: size changed: %s", tc.name, r)
			}
			continue
		}
		var s, was, n, e int64
		at := strings.Index(r, "the parallel member's size ")
		if at < 0 {
			t.Errorf("%s: size kept: %s", tc.name, r)
			continue
		}
		if _, err := fmt.Sscanf(r[at:], "the parallel member's size %d instead of %d: %d tiles share its extent %d", &s, &was, &n, &e); err != nil {
			t.Fatalf("%s: %v in %s", tc.name, err, r)
		}
		if e != tc.extent || s%8 != 0 || s < was/2 || s >= was {
			t.Errorf("%s: size %d instead of %d for extent %d: %s", tc.name, s, was, e, r)
		}
		if load := busiest(0, e-1, s, 2); load*16 > (e+1)/2*17 {
			t.Errorf("%s: the busiest thread runs %d of %d iterations", tc.name, load, e)
		}
	}
}

// TestEvenTilesCollapsed checks that a band whose two outer members are
// parallel keeps the model's sizes: their tile loops are collapsed, and
// the threads share the product of the tile counts.
func TestEvenTilesCollapsed(t *testing.T) {
	src := `#define N 900
void k(int n, double A[N][N], double B[N][N], double C[N][N]) {
#pragma scop
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      for (int k = 0; k < n; k++)
        C[i][j] += A[i][k] * B[k][j];
#pragma endscop
}
`
	d := sourceDeps(t, "t.c", []byte(src))
	cache := hostcache.Model{L1: 32 << 10, L2: 2 << 20, L3: 8 << 20, Line: 64, Source: "test"}
	ext := map[string][]int64{"A": {900, 900}, "B": {900, 900}, "C": {900, 900}}
	res, err := Schedule(d, Config{Parallel: true, Cache: cache, Extents: ext})
	if err != nil {
		t.Fatal(err)
	}
	if r := tiledRemark(t, res); strings.Contains(r, "parallel member's size") || !strings.Contains(strings.Join(res.Remarks, "\n"), "collapse") {
		t.Errorf("resized a collapsed member, or no collapse: %q", res.Remarks)
	}
}
