package schedule

import (
	"testing"

	"github.com/tessera-opt/tessera/presburger"
)

// Two statements in one 2-d band, the second also in a sequence below.
const nest2 = `domain: "[n] -> { S[i, j] : 0 <= i < n and 0 <= j < n; T[i, j] : 0 <= i < n and 0 <= j < n }"
child:
  schedule: "[n] -> { S[i, j] -> [i, j]; T[i, j] -> [i, j] }"
  permutable: 1
  coincident: [ 1, 0 ]
  child:
    sequence:
    - filter: "[n] -> { S[i, j] }"
    - filter: "[n] -> { T[i, j] }"
`

// Two sibling loop nests (distributed), as the front end builds them.
const twoNests = `domain: "[n] -> { S[i] : 0 <= i < n; T[i] : 0 <= i < n }"
child:
  sequence:
  - filter: "[n] -> { S[i] }"
    child:
      schedule: "[n] -> { S[i] -> [i] }"
      coincident: [ 1 ]
  - filter: "[n] -> { T[i] }"
    child:
      schedule: "[n] -> { T[i] -> [i] }"
`

func mustTree(t *testing.T, src string) Tree {
	t.Helper()
	tr, err := ParseYAML(src)
	if err != nil {
		t.Fatal(err)
	}
	return tr
}

// TestTransformFlatten applies each transformation to a small tree and
// compares the flattened schedule with the expected relation.
func TestTransformFlatten(t *testing.T) {
	tests := []struct {
		name string
		src  string
		path []int
		op   func(Cursor) (Cursor, error)
		want string
	}{
		{"interchange", nest2, []int{0}, func(c Cursor) (Cursor, error) { return c.InterchangeBand(0, 1) },
			"[n] -> { S[i, j] -> [j, i, 0] : 0 <= i < n and 0 <= j < n; T[i, j] -> [j, i, 1] : 0 <= i < n and 0 <= j < n }"},
		{"permute-identity", nest2, []int{0}, func(c Cursor) (Cursor, error) { return c.PermuteBand([]int{0, 1}) },
			"[n] -> { S[i, j] -> [i, j, 0] : 0 <= i < n and 0 <= j < n; T[i, j] -> [i, j, 1] : 0 <= i < n and 0 <= j < n }"},
		{"skew", nest2, []int{0}, func(c Cursor) (Cursor, error) { return c.SkewBand(1, 0, 2) },
			"[n] -> { S[i, j] -> [i, j + 2i, 0] : 0 <= i < n and 0 <= j < n; T[i, j] -> [i, j + 2i, 1] : 0 <= i < n and 0 <= j < n }"},
		{"shift", nest2, []int{0}, func(c Cursor) (Cursor, error) { return c.ShiftBand(1, "T", 3) },
			"[n] -> { S[i, j] -> [i, j, 0] : 0 <= i < n and 0 <= j < n; T[i, j] -> [i, j + 3, 1] : 0 <= i < n and 0 <= j < n }"},
		{"strip-mine", nest2, []int{0}, func(c Cursor) (Cursor, error) { return c.StripMineBand(1, 4) },
			"[n] -> { S[i, j] -> [i, 4*floor(j/4), j, 0] : 0 <= i < n and 0 <= j < n; T[i, j] -> [i, 4*floor(j/4), j, 1] : 0 <= i < n and 0 <= j < n }"},
		{"split", nest2, []int{0}, func(c Cursor) (Cursor, error) { return c.SplitBand(1) },
			"[n] -> { S[i, j] -> [i, j, 0] : 0 <= i < n and 0 <= j < n; T[i, j] -> [i, j, 1] : 0 <= i < n and 0 <= j < n }"},
		{"tile", nest2, []int{0}, func(c Cursor) (Cursor, error) { return c.TileBand([]int64{8, 4}) },
			"[n] -> { S[i, j] -> [8*floor(i/8), 4*floor(j/4), i, j, 0] : 0 <= i < n and 0 <= j < n; T[i, j] -> [8*floor(i/8), 4*floor(j/4), i, j, 1] : 0 <= i < n and 0 <= j < n }"},
		{"wavefront", nest2, []int{0}, func(c Cursor) (Cursor, error) { return c.WavefrontBand() },
			"[n] -> { S[i, j] -> [i + j, j, 0] : 0 <= i < n and 0 <= j < n; T[i, j] -> [i + j, j, 1] : 0 <= i < n and 0 <= j < n }"},
		{"mark-member", nest2, []int{0}, func(c Cursor) (Cursor, error) { return c.MarkMember(1, "simd") },
			"[n] -> { S[i, j] -> [i, j, 0] : 0 <= i < n and 0 <= j < n; T[i, j] -> [i, j, 1] : 0 <= i < n and 0 <= j < n }"},
		{"distribute", nest2, []int{0}, func(c Cursor) (Cursor, error) { return c.DistributeBand() },
			"[n] -> { S[i, j] -> [0, i, j] : 0 <= i < n and 0 <= j < n; T[i, j] -> [1, i, j] : 0 <= i < n and 0 <= j < n }"},
		{"fuse", twoNests, []int{0}, func(c Cursor) (Cursor, error) { return c.FuseSequence(0, 2) },
			"[n] -> { S[i] -> [i, 0] : 0 <= i < n; T[i] -> [i, 1] : 0 <= i < n }"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tr := mustTree(t, tc.src)
			c := tr.Cursor()
			for _, i := range tc.path {
				c = c.Child(i)
			}
			nc, err := tc.op(c)
			if err != nil {
				t.Fatal(err)
			}
			got := nc.Tree().Flatten()
			want, err := presburger.ParseUnionMap(tc.want)
			if err != nil {
				t.Fatal(err)
			}
			if !got.IsEqual(want) {
				t.Fatalf("flat schedule\n got %v\nwant %v", got, want)
			}
			// The input tree is unchanged.
			if !tr.Flatten().IsEqual(mustTree(t, tc.src).Flatten()) {
				t.Fatal("input tree modified")
			}
		})
	}
}

func TestJoinSplitRoundTrip(t *testing.T) {
	tr := mustTree(t, nest2)
	c, err := tr.Cursor().Child(0).SplitBand(1)
	if err != nil {
		t.Fatal(err)
	}
	if c.Node().Band().Width != 1 || c.Node().Child(0).Band().Width != 1 {
		t.Fatal("split widths")
	}
	if c.Node().Child(0).Band().Coincident[0] {
		t.Fatal("member 1 was not coincident")
	}
	j, err := c.JoinBand()
	if err != nil {
		t.Fatal(err)
	}
	b := j.Node().Band()
	if b.Width != 2 || !b.Coincident[0] || b.Coincident[1] {
		t.Fatalf("joined band %+v", b)
	}
	if !j.Tree().Flatten().IsEqual(tr.Flatten()) {
		t.Fatal("split+join changed the schedule")
	}
}

func TestTransformErrors(t *testing.T) {
	tr := mustTree(t, nest2)
	root := tr.Cursor()
	band := root.Child(0)
	for name, f := range map[string]func() error{
		"on-domain":    func() error { _, err := root.InterchangeBand(0, 1); return err },
		"bad-member":   func() error { _, err := band.InterchangeBand(0, 5); return err },
		"not-perm":     func() error { _, err := band.PermuteBand([]int{0, 0}); return err },
		"self-skew":    func() error { _, err := band.SkewBand(1, 1, 1); return err },
		"no-stmt":      func() error { _, err := band.ShiftBand(0, "U", 1); return err },
		"strip-zero":   func() error { _, err := band.StripMineBand(0, 0); return err },
		"split-edge":   func() error { _, err := band.SplitBand(2); return err },
		"join-nochild": func() error { _, err := band.JoinBand(); return err },
		"fuse-nonseq":  func() error { _, err := band.FuseSequence(0, 2); return err },
		"fuse-noband":  func() error { _, err := band.Child(0).FuseSequence(0, 2); return err },
	} {
		if f() == nil {
			t.Errorf("%s: no error", name)
		}
	}
}

// TestIsolateFullTiles isolates the full tiles of a tiled triangle and
// checks the isolated set: tiles of size 4x4 whose points all satisfy
// 0 <= j <= i < n.
func TestIsolateFullTiles(t *testing.T) {
	tr := mustTree(t, `domain: "[n] -> { S[i, j] : 0 <= j <= i < n }"
child:
  schedule: "[n] -> { S[i, j] -> [i, j] }"
  permutable: 1
`)
	c, err := tr.Cursor().Child(0).TileBand([]int64{4, 4})
	if err != nil {
		t.Fatal(err)
	}
	tiled := c.Tree()
	c, err = c.IsolateFullTiles([]int64{4, 4}, OptionDefault)
	if err != nil {
		t.Fatal(err)
	}
	if c.Node().Kind() != KindBand {
		t.Fatalf("cursor at %v", c.Node().Kind())
	}
	if c.Node().Band().Isolate == nil {
		t.Fatal("no isolate set on the tile band")
	}
	iso := c.Node().Child(0).Band().Isolate
	if iso == nil {
		t.Fatal("no isolate set")
	}
	want, err := presburger.ParseSet("[n] -> { isolate[[t0, t1] -> [p0, p1]] : exists (a, b : t0 = 4a and t1 = 4b) and t1 + 3 <= t0 and 0 <= t1 and t0 + 3 <= n - 1 }")
	if err != nil {
		t.Fatal(err)
	}
	if !iso.IsEqual(want) {
		t.Fatalf("isolate\n got %v\nwant %v", iso, want)
	}
	// The flat schedule is unchanged and the YAML form reads back.
	if !c.Tree().Flatten().IsEqual(tiled.Flatten()) {
		t.Fatal("isolation changed the schedule")
	}
	back, err := ParseYAML(WriteYAML(c.Tree()))
	if err != nil {
		t.Fatal(err)
	}
	if got := back.Root().Child(0).Child(0).Band().Isolate; got == nil || !got.IsEqual(want) {
		t.Fatalf("YAML round trip lost the isolate set: %v", got)
	}
}
