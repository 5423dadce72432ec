package scheduler

import (
	"slices"
	"strings"
	"testing"

	"github.com/tessera-opt/tessera/internal/hostcache"
	"github.com/tessera-opt/tessera/schedule"
)

func TestElemSize(t *testing.T) {
	for typ, want := range map[string]int64{"double": 8, "float": 4, "int": 4, "long": 8, "char": 1, "unsigned char": 1, "long double": 16, "DATA_TYPE": 8, "": 8, "short": 2} {
		if got := elemSize(typ); got != want {
			t.Errorf("elemSize(%q) = %d, want %d", typ, got, want)
		}
	}
}

// tiledRemark returns the remark of the tiled band of a result.
func tiledRemark(t *testing.T, res *Result) string {
	t.Helper()
	for _, r := range res.Remarks {
		if strings.Contains(r, ": tiled ") {
			return r
		}
	}
	t.Fatalf("no tiled band in %q", res.Remarks)
	return ""
}

// TestTileSizesModel: gemm's band (i, j, k; point loops i, k, j) with a
// 32 KiB L1 and doubles: A[i][k], B[k][j], C[i][j] touch 3 tiles; the
// largest volume within 16 KiB with j a multiple of 8 elements.
func TestTileSizesModel(t *testing.T) {
	d := loadDeps(t, "gemm.c")
	for _, tc := range []struct {
		cache hostcache.Model
		want  string
	}{
		{hostcache.Model{L1: 32 << 10, L2: 1 << 20, Line: 64, Source: "test"}, "tiled 16x32x32"},
		{hostcache.Model{L1: 48 << 10, L2: 1 << 20, Line: 64, Source: "test"}, "tiled 32x32x32"},
		{hostcache.Model{L1: 192 << 10, L2: 1 << 20, Line: 64, Source: "test"}, "tiled 64x64x64"},
	} {
		res, err := Schedule(d, Config{Cache: tc.cache})
		if err != nil {
			t.Fatal(err)
		}
		r := tiledRemark(t, res)
		if !strings.Contains(r, tc.want) || !strings.Contains(r, "from the cache model") {
			t.Errorf("L1 %d: remark %q, want %q from the cache model", tc.cache.L1, r, tc.want)
		}
	}
}

func TestTileSizesOverride(t *testing.T) {
	d := loadDeps(t, "gemm.c")
	res, err := Schedule(d, Config{TileSizes: []int64{7, 5}})
	if err != nil {
		t.Fatal(err)
	}
	if r := tiledRemark(t, res); !strings.Contains(r, "tiled 7x5x32") || !strings.Contains(r, "from --tile-sizes") {
		t.Errorf("remark %q", r)
	}
	res, err = Schedule(d, Config{TileSizes: []int64{7}, BandTileSizes: [][]int64{{3, 9, 11}}})
	if err != nil {
		t.Fatal(err)
	}
	if r := tiledRemark(t, res); !strings.Contains(r, "tiled 3x9x11") || !strings.Contains(r, "line 1 of the sizes file") {
		t.Errorf("remark %q", r)
	}
}

func TestParseTileSizesFile(t *testing.T) {
	got, err := ParseTileSizesFile("# gemm\n32, 64 128\n\n-\n8\t8 # time tiles\n")
	if err != nil {
		t.Fatal(err)
	}
	want := [][]int64{{32, 64, 128}, nil, {8, 8}}
	if !slices.EqualFunc(got, want, func(a, b []int64) bool { return slices.Equal(a, b) }) {
		t.Errorf("got %v, want %v", got, want)
	}
	for in, msg := range map[string]string{
		"32,x":        "1:4: bad tile size \"x\"",
		"8\n16 0":     "2:4: bad tile size \"0\"",
		"1 99999999":  "1:3: bad tile size",
		"4,4\n-3,4\n": "2:1: bad tile size \"-3\"",
	} {
		_, err := ParseTileSizesFile(in)
		if err == nil || !strings.HasPrefix(err.Error(), msg) {
			t.Errorf("ParseTileSizesFile(%q) = %v, want %s...", in, err, msg)
		}
	}
}

func FuzzParseTileSizesFile(f *testing.F) {
	for _, s := range []string{"32,32,8\n", "# c\n-\n16 16\n", "x", "\n\n,,\n", "1,2,3,4,5,6,7"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got, err := ParseTileSizesFile(s)
		if err != nil {
			return
		}
		for _, band := range got {
			for _, v := range band {
				if v < 1 || v > 1<<20 {
					t.Fatalf("size %d accepted", v)
				}
			}
		}
	})
}

// TestL2Tile: with L2Tile the tiled band of gemm gets a second level of
// tile loops (three bands instead of two), the schedule stays legal
// (Schedule checks it) and the remark gives the factors.
func TestL2Tile(t *testing.T) {
	d := loadDeps(t, "gemm.c")
	cache := hostcache.Model{L1: 32 << 10, L2: 1 << 20, Line: 64, Source: "test"}
	one, err := Schedule(d, Config{Cache: cache})
	if err != nil {
		t.Fatal(err)
	}
	two, err := Schedule(d, Config{Cache: cache, L2Tile: true})
	if err != nil {
		t.Fatal(err)
	}
	if a, b := countBandNodes(one.Tree), countBandNodes(two.Tree); b != a+1 {
		t.Errorf("bands: %d without L2 tiles, %d with; want one more", a, b)
	}
	if r := tiledRemark(t, two); !strings.Contains(r, "second-level tiles of") {
		t.Errorf("remark %q", r)
	}
	// With a parallel mark on the tile band, no second level is added.
	par, err := Schedule(d, Config{Cache: cache, L2Tile: true, Parallel: true})
	if err != nil {
		t.Fatal(err)
	}
	pone, err := Schedule(d, Config{Cache: cache, Parallel: true})
	if err != nil {
		t.Fatal(err)
	}
	if a, b := countBandNodes(pone.Tree), countBandNodes(par.Tree); a != b {
		t.Errorf("parallel: %d bands without L2 tiles, %d with", a, b)
	}
}

func countBandNodes(tr schedule.Tree) int {
	n := 0
	tr.Walk(func(c schedule.Cursor) bool {
		if c.Node().Kind() == schedule.KindBand {
			n++
		}
		return true
	})
	return n
}

// TestTileSizesTime: in jacobi-2d the first member (time, skewed into the
// others) is a time member: the footprint is one step's slice and its
// size is at most the other members'.
func TestTileSizesTime(t *testing.T) {
	d := loadDeps(t, "jacobi2d.c")
	res, err := Schedule(d, Config{Cache: hostcache.Model{L1: 48 << 10, L2: 1 << 20, Line: 64, Source: "test"}})
	if err != nil {
		t.Fatal(err)
	}
	r := tiledRemark(t, res)
	if !strings.Contains(r, "time member 0") || !strings.Contains(r, "tiled 16x16x64") {
		t.Errorf("remark %q", r)
	}
}

// TestUntiledBands: bands that tiling with the model's defaults made
// slower stay untiled, with the reason, unless the user gives tile sizes;
// a stencil's time loop, which carries values, is still tiled.
func TestUntiledBands(t *testing.T) {
	for _, tc := range []struct {
		file, why string
	}{
		{"recompute.c", "carries no value from one step to the next"},
		{"triangle_dp.c", "no footprint model"},
	} {
		d := loadDeps(t, tc.file)
		res, err := Schedule(d, Config{})
		if err != nil {
			t.Fatal(err)
		}
		all := strings.Join(res.Remarks, "\n")
		if !strings.Contains(all, "not tiled ("+"") || !strings.Contains(all, tc.why) || strings.Contains(all, ": tiled ") {
			t.Errorf("%s: remarks %q, want untiled: %s", tc.file, res.Remarks, tc.why)
		}
		res, err = Schedule(d, Config{TileSizes: []int64{4, 4, 4}})
		if err != nil {
			t.Fatal(err)
		}
		if r := tiledRemark(t, res); !strings.Contains(r, "from --tile-sizes") {
			t.Errorf("%s with --tile-sizes: %q", tc.file, r)
		}
	}
	for _, f := range []string{"jacobi2d.c"} {
		res, err := Schedule(loadDeps(t, f), Config{})
		if err != nil {
			t.Fatal(err)
		}
		if r := tiledRemark(t, res); !strings.Contains(r, "time member") {
			t.Errorf("%s: %q, want a tiled band with a time member", f, r)
		}
	}
}
