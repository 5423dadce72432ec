package directive

import (
	"fmt"
	"strings"
	"testing"

	"github.com/tessera-opt/tessera/cfront"
	"github.com/tessera-opt/tessera/deps"
	"github.com/tessera-opt/tessera/presburger"
	"github.com/tessera-opt/tessera/schedule"
	"github.com/tessera-opt/tessera/scop"
)

const gemmC = `void f(int n, double C[n][n], double A[n][n], double B[n][n]) {
#pragma scop
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      C[i][j] = 0.5 * C[i][j];
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      for (int k = 0; k < n; k++)
        C[i][j] = C[i][j] + A[i][k] * B[k][j];
#pragma endscop
}
`

const stencilC = `void f(int n, int t, double A[n]) {
#pragma scop
  for (int s = 0; s < t; s++)
    for (int i = 1; i < n - 1; i++)
      A[i] = (A[i - 1] + A[i] + A[i + 1]) / 3;
#pragma endscop
}
`

func model(t *testing.T, src string) (*scop.Scop, *deps.Deps) {
	t.Helper()
	f, err := cfront.ParseFile("t.c", []byte(src), cfront.Config{})
	if err != nil || len(f.Regions) != 1 {
		t.Fatalf("parse: %v (%d regions)", err, len(f.Regions))
	}
	s, err := scop.FromRegion(f, f.Regions[0], scop.Config{File: "t.c"})
	if err != nil {
		t.Fatal(err)
	}
	d, err := deps.Compute(s, deps.Config{})
	if err != nil {
		t.Fatal(err)
	}
	return s, d
}

// TestApplyFlatten runs scripts on the original schedule of small kernels
// and compares the flattened result with the expected schedule.
func TestApplyFlatten(t *testing.T) {
	tests := []struct {
		name, src, script, want string
	}{
		{"interchange", gemmC, "interchange S1 j k",
			"[n] -> { S0[i, j] -> [0, i, j, 0] : 0 <= i < n and 0 <= j < n; S1[i, j, k] -> [1, i, k, j] : 0 <= i < n and 0 <= j < n and 0 <= k < n }"},
		{"tile", gemmC, "tile S1 i,j 32,16",
			"[n] -> { S0[i, j] -> [0, i, j, 0, 0, 0] : 0 <= i < n and 0 <= j < n; S1[i, j, k] -> [1, 32*floor(i/32), 16*floor(j/16), i, j, k] : 0 <= i < n and 0 <= j < n and 0 <= k < n }"},
		{"tile-after-interchange", gemmC, "interchange S1 j k\ntile S1 i,k,j 8,8,8",
			"[n] -> { S0[i, j] -> [0, i, j, 0, 0, 0, 0] : 0 <= i < n and 0 <= j < n; S1[i, j, k] -> [1, 8*floor(i/8), 8*floor(k/8), 8*floor(j/8), i, k, j] : 0 <= i < n and 0 <= j < n and 0 <= k < n }"},
		{"second-level", gemmC, "tile S1 i,j 8,8\ntile S1 i_t,j_t 32,32",
			"[n] -> { S0[i, j] -> [0, i, j, 0, 0, 0, 0, 0] : 0 <= i < n and 0 <= j < n; S1[i, j, k] -> [1, 32*floor(i/32), 32*floor(j/32), 8*floor(i/8), 8*floor(j/8), i, j, k] : 0 <= i < n and 0 <= j < n and 0 <= k < n }"},
		{"fuse", gemmC, "fuse S0 S1 at i",
			"[n] -> { S0[i, j] -> [i, 0, j, 0] : 0 <= i < n and 0 <= j < n; S1[i, j, k] -> [i, 1, j, k] : 0 <= i < n and 0 <= j < n and 0 <= k < n }"},
		{"fuse-twice", gemmC, "fuse S0 S1 at i\nfuse S0 S1 at j",
			"[n] -> { S0[i, j] -> [i, j, 0, 0] : 0 <= i < n and 0 <= j < n; S1[i, j, k] -> [i, j, 1, k] : 0 <= i < n and 0 <= j < n and 0 <= k < n }"},
		{"fuse-distribute", gemmC, "fuse S0 S1 at i\ndistribute S1 i",
			"[n] -> { S0[i, j] -> [0, i, j, 0] : 0 <= i < n and 0 <= j < n; S1[i, j, k] -> [1, i, j, k] : 0 <= i < n and 0 <= j < n and 0 <= k < n }"},
		{"skew", stencilC, "skew S0 i by s 1",
			"[n, t] -> { S0[s, i] -> [s, i + s] : 0 <= s < t and 1 <= i < n - 1 }"},
		{"skew-interchange", stencilC, "skew S0 i by s 1\ninterchange S0 s i",
			"[n, t] -> { S0[s, i] -> [i + s, s] : 0 <= s < t and 1 <= i < n - 1 }"},
		{"shift", gemmC, "shift S1 k 3",
			"[n] -> { S0[i, j] -> [0, i, j, 0] : 0 <= i < n and 0 <= j < n; S1[i, j, k] -> [1, i, j, k + 3] : 0 <= i < n and 0 <= j < n and 0 <= k < n }"},
		{"unroll", gemmC, "unroll S1 k 4",
			"[n] -> { S0[i, j] -> [0, i, j, 0, 0] : 0 <= i < n and 0 <= j < n; S1[i, j, k] -> [1, i, j, 4*floor(k/4), k] : 0 <= i < n and 0 <= j < n and 0 <= k < n }"},
		{"parallel", gemmC, "parallel S1 j\nvectorize S0 j",
			"[n] -> { S0[i, j] -> [0, i, j, 0] : 0 <= i < n and 0 <= j < n; S1[i, j, k] -> [1, i, j, k] : 0 <= i < n and 0 <= j < n and 0 <= k < n }"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s, d := model(t, tc.src)
			sc, err := Parse(tc.script)
			if err != nil {
				t.Fatal(err)
			}
			tree, err := Legal(sc, s.Schedule, d)
			if err != nil {
				t.Fatal(err)
			}
			want, err := presburger.ParseUnionMap(tc.want)
			if err != nil {
				t.Fatal(err)
			}
			if got := tree.Flatten(); !got.IsEqual(want) {
				t.Fatalf("flat schedule\n got %v\nwant %v", got, want)
			}
		})
	}
}

// TestLegalRefuses checks that illegal scripts are refused with the
// offending dependence and the position of the blamed command.
func TestLegalRefuses(t *testing.T) {
	tests := []struct {
		name, src, script, pos string
		msg                    []string
	}{
		{"stencil-interchange", stencilC, "# comment\ninterchange S0 s i", "2:1", []string{"schedule violates the", "dependence S0[s=", "on A"}},
		{"gemm-parallel-k", gemmC, "parallel S1 k", "1:1", []string{`loop marked "parallel" carries the`, "S1[i=", "on C"}},
		{"stencil-parallel-i", stencilC, "parallel S0 i", "1:1", []string{"carries the", "on A"}},
		{"shift-breaks", gemmC, "fuse S0 S1 at i\nfuse S0 S1 at j\nshift S0 j 1", "3:1", []string{"schedule violates the flow dependence S0[i=", "-> S1[i="}},
		{"blame-last-illegal", stencilC, "tile S0 s,i 4,4\nskew S0 i by s 1", "1:1", []string{"schedule violates"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s, d := model(t, tc.src)
			sc, err := Parse(tc.script)
			if err != nil {
				t.Fatal(err)
			}
			_, err = Legal(sc, s.Schedule, d)
			if err == nil {
				t.Fatal("illegal script accepted")
			}
			e, ok := err.(*Error)
			if !ok {
				t.Fatalf("error %T %v", err, err)
			}
			if e.Pos.String() != tc.pos {
				t.Errorf("blamed %v, want %s (%v)", e.Pos, tc.pos, err)
			}
			for _, m := range tc.msg {
				if !strings.Contains(err.Error(), m) {
					t.Errorf("message %q lacks %q", err, m)
				}
			}
		})
	}
}

// TestApplyErrors checks the semantic errors and their positions.
func TestApplyErrors(t *testing.T) {
	tests := []struct{ script, want string }{
		{"tile S9 i 4", "1:6: no statement S9"},
		{"tile S1 i,q 4,4", "1:11: S1 has no loop q (loops: i, j, k)"},
		{"tile S1 i,k 4,4", "1:11: tile: the loops i,k must be consecutive"},
		{"interchange S1 i i", "1:18: interchange: i and i are the same loop"},
		{"fuse S0 S1 at k", "1:15: S0 has no loop k"},
		{"fuse S1 S1 at i", "1:9: fuse: the two statements are the same"},
		{"distribute S1 k", "1:15: distribute: loop k of S1 has a single statement group"},
		{"skew S1 j by i 1\ntile S1 j 4", ""},
		{"unroll S1 k 2\ninterchange S1 j k", "2:16: the loops of S1 to transform include an unrolled loop"},
		{"fuse S0 S1 at i\ninterchange S0 i j", "2:18: loops i and j of S0 are not perfectly nested (a sequence node lies between them; distribute first)"},
		{"parallel S1 j\ninterchange S1 i j", "2:18: loops i and j of S1 are not perfectly nested (a mark node"},
	}
	for _, tc := range tests {
		s, _ := model(t, gemmC)
		sc, err := Parse(tc.script)
		if err != nil {
			t.Fatalf("%q: %v", tc.script, err)
		}
		_, _, err = Apply(sc, s.Schedule)
		if tc.want == "" {
			if err != nil {
				t.Errorf("%q: %v", tc.script, err)
			}
			continue
		}
		if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("%q: error %v, want prefix %q", tc.script, err, tc.want)
		}
	}
}

// TestCoincidence recomputes the coincident flags after an interchange:
// in gemm's product only k carries a dependence, wherever it goes.
func TestCoincidence(t *testing.T) {
	s, d := model(t, gemmC)
	sc, err := Parse("interchange S1 j k")
	if err != nil {
		t.Fatal(err)
	}
	tree, err := Legal(sc, s.Schedule, d)
	if err != nil {
		t.Fatal(err)
	}
	tree, err = Coincidence(tree, d)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	tree.Walk(func(c schedule.Cursor) bool {
		if c.Node().Kind() == schedule.KindBand {
			got = append(got, fmt.Sprint(c.Node().Band().Coincident))
		}
		return true
	})
	if want := "[true] [true] [true] [false true]"; strings.Join(got, " ") != want {
		t.Fatalf("coincident flags %v, want %s", got, want)
	}
}
