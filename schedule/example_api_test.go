package schedule_test

import (
	"fmt"
	"strings"

	"github.com/tessera-opt/tessera/presburger"
	"github.com/tessera-opt/tessera/schedule"
)

// gemmTree is the schedule tree of
//
//	for (i = 0; i < n; i++)
//	  for (j = 0; j < n; j++) {
//	    S: C[i][j] *= beta;
//	    for (k = 0; k < n; k++)
//	      T: C[i][j] += A[i][k] * B[k][j];
//	  }
//
// in isl's YAML form.
const gemmTree = `
domain: "[n] -> { S[i, j] : 0 <= i < n and 0 <= j < n; T[i, j, k] : 0 <= i < n and 0 <= j < n and 0 <= k < n }"
child:
  schedule: "[n] -> [{ S[i, j] -> [(i)]; T[i, j, k] -> [(i)] }, { S[i, j] -> [(j)]; T[i, j, k] -> [(j)] }]"
  permutable: 1
  coincident: [ 1, 1 ]
  child:
    sequence:
    - filter: "[n] -> { S[i, j] }"
    - filter: "[n] -> { T[i, j, k] }"
      child:
        schedule: "[n] -> [{ T[i, j, k] -> [(k)] }]"
`

// A tree read from YAML prints back as YAML (String, WriteYAML).
func ExampleParseYAML() {
	tree, err := schedule.ParseYAML(gemmTree)
	if err != nil {
		panic(err)
	}
	fmt.Print(tree)
	// Output:
	// domain: "[n] -> { S[i, j] : 0 <= i < n and 0 <= j < n; T[i, j, k] : 0 <= i < n and 0 <= j < n and 0 <= k < n }"
	// child:
	//   schedule: "[n] -> [{ S[i, j] -> [i]; T[i, j, k] -> [i] }, { S[i, j] -> [j]; T[i, j, k] -> [j] }]"
	//   permutable: 1
	//   coincident: [ 1, 1 ]
	//   child:
	//     sequence:
	//     - filter: "[n] -> { S[i, j] }"
	//     - filter: "[n] -> { T[i, j, k] }"
	//       child:
	//         schedule: "[n] -> [{ T[i, j, k] -> [k] }]"
}

// Errors give the line and column of the YAML text.
func ExampleParseYAML_error() {
	_, err := schedule.ParseYAML(`domain: "{ S[i] : 0 <= i < 10 }"
child:
  shedule: "[{ S[i] -> [(i)] }]"
`)
	fmt.Println(err)
	// Output:
	// schedule: 3:3: unknown schedule tree node key "shedule"
}

// Flatten gives the order of the tree as one relation from statement
// instances to time vectors: the position in the sequence becomes the
// third dim, and S, which has no k loop, gets 0 as its last dim.
func ExampleTree_Flatten() {
	tree, err := schedule.ParseYAML(gemmTree)
	if err != nil {
		panic(err)
	}
	fmt.Println(tree.Depth())
	fmt.Println(tree.Flatten())
	// Output:
	// 4
	// [n] -> { S[i, j] -> [i, j, 0, 0] : 0 <= i < n and 0 <= j < n; T[i, j, k] -> [i, j, 1, k] : 0 <= i < n and 0 <= j < n and 0 <= k < n }
}

// Walk visits the nodes in pre-order; a cursor knows its path of child
// indices from the root.
func ExampleTree_Walk() {
	tree, err := schedule.ParseYAML(gemmTree)
	if err != nil {
		panic(err)
	}
	tree.Walk(func(c schedule.Cursor) bool {
		fmt.Printf("%s%v %v\n", strings.Repeat("  ", c.Depth()), c.Node().Kind(), c.Path())
		return true
	})
	// Output:
	// domain []
	//   band [0]
	//     sequence [0 0]
	//       filter [0 0 0]
	//         leaf [0 0 0 0]
	//       filter [0 0 1]
	//         band [0 0 1 0]
	//           leaf [0 0 1 0 0]
}

// Tiling the outer band by 32 x 64 puts a tile band, whose members step
// by the tile sizes, above the original band. Edits return a new tree and
// leave the old one unchanged.
func ExampleCursor_TileBand() {
	tree, err := schedule.ParseYAML(`
domain: "[n, m] -> { S[i, j] : 0 <= i < n and 0 <= j < m }"
child:
  schedule: "[n, m] -> [{ S[i, j] -> [(i)] }, { S[i, j] -> [(j)] }]"
  permutable: 1
`)
	if err != nil {
		panic(err)
	}
	band := tree.Cursor().Child(0)
	tiled, err := band.TileBand([]int64{32, 64})
	if err != nil {
		panic(err)
	}
	fmt.Println(tiled.Tree().Flatten())
	fmt.Println(tree.Flatten())
	// Output:
	// [n, m] -> { S[i, j] -> [o0, o1, i, j] : 0 <= i < n and 0 <= j < m and i - 31 <= o0 <= i and j - 63 <= o1 <= j and o0 mod 32 = 0 and o1 mod 64 = 0 }
	// [n, m] -> { S[i, j] -> [i, j] : 0 <= i < n and 0 <= j < m }
}

// Band transformations: interchange the two members, or skew the second
// by the first (a wavefront-like order).
func ExampleCursor_SkewBand() {
	tree, err := schedule.ParseYAML(`
domain: "[n, m] -> { S[i, j] : 0 <= i < n and 0 <= j < m }"
child:
  schedule: "[n, m] -> [{ S[i, j] -> [(i)] }, { S[i, j] -> [(j)] }]"
  permutable: 1
`)
	if err != nil {
		panic(err)
	}
	band := tree.Cursor().Child(0)
	swapped, err := band.InterchangeBand(0, 1)
	if err != nil {
		panic(err)
	}
	fmt.Println(swapped.Tree().Flatten())
	skewed, err := band.SkewBand(1, 0, 1)
	if err != nil {
		panic(err)
	}
	fmt.Println(skewed.Tree().Flatten())
	// Output:
	// [n, m] -> { S[i, j] -> [j, i] : 0 <= i < n and 0 <= j < m }
	// [n, m] -> { S[i, j] -> [i, i + j] : 0 <= i < n and 0 <= j < m }
}

// A tree can be built from a domain and edited through cursors: here a
// band that runs the loop backwards is inserted below the domain node.
func ExampleFromDomain() {
	dom := presburger.MustParseUnionSet("[n] -> { S[i] : 0 <= i < n }")
	tree := schedule.FromDomain(dom)

	rev := schedule.NewBandFromSchedule(presburger.MustParseUnionMap("[n] -> { S[i] -> [n - 1 - i] }"))
	c := tree.Cursor().Child(0).InsertBand(rev)
	fmt.Print(schedule.WriteYAML(c.Tree()))
	fmt.Println(c.Tree().Flatten())
	// Output:
	// domain: "[n] -> { S[i] : 0 <= i < n }"
	// child:
	//   schedule: "[n] -> [{ S[i] -> [n - i - 1] }]"
	// [n] -> { S[i] -> [n - i - 1] : 0 <= i < n }
}
