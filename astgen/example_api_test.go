package astgen_test

import (
	"fmt"

	"github.com/tessera-opt/tessera/ast"
	"github.com/tessera-opt/tessera/astgen"
	"github.com/tessera-opt/tessera/presburger"
	"github.com/tessera-opt/tessera/schedule"
)

// Code for a schedule relation, as isl_codegen takes it: S runs first
// (time vectors [0, i]), then T along anti-diagonals (time [1, i + j]).
// The context says n is positive, so no guard on n is generated. The
// first schedule dim is constant in each statement and gives no loop.
func Example() {
	sched := presburger.MustParseUnionMap(
		"[n] -> { S[i] -> [0, i] : 0 <= i < n; T[i, j] -> [1, i + j] : 0 <= i < n and 0 <= j < n }")
	ctx := presburger.MustParseSet("[n] -> { : n >= 1 }")

	n, err := astgen.FromScheduleMap(sched, ctx, astgen.Options{}, astgen.Config{})
	if err != nil {
		panic(err)
	}
	fmt.Print(ast.PrintC(n))
	// Output:
	// for (int c1 = 0; c1 < n; c1 += 1)
	//   S(c1);
	// for (int c1 = 0; c1 < 2 * n - 1; c1 += 1)
	//   for (int c2 = max(0, c1 - n + 1); c2 <= min(c1, n - 1); c2 += 1)
	//     T(c2, c1 - c2);
}

// A loop tiled by 32: the tile loop steps over floor(i/32), the point loop
// over the iterations of one tile.
func ExampleFromScheduleMap() {
	sched := presburger.MustParseUnionMap("[n] -> { S[i] -> [floor(i/32), i] : 0 <= i < n }")
	ctx := presburger.MustParseSet("[n] -> { : n >= 0 }")

	n, err := astgen.FromScheduleMap(sched, ctx, astgen.Options{}, astgen.Config{})
	if err != nil {
		panic(err)
	}
	fmt.Print(ast.PrintC(n))
	// Output:
	// for (int c0 = 0; c0 <= floord(n - 1, 32); c0 += 1)
	//   for (int c1 = 32 * c0; c1 <= min(32 * c0 + 31, n - 1); c1 += 1)
	//     S(c1);
}

// The options of a schedule dim decide how statements with different
// bounds share loops: atomic gives one loop with guards inside, separate
// gives loops whose bodies need no guard; unroll replaces a loop by its
// iterations.
func ExampleOptions() {
	sched := presburger.MustParseUnionMap("[n] -> { S[i] -> [i] : 0 <= i < n; T[i] -> [i] : 0 <= i < 10 }")
	ctx := presburger.MustParseSet("[n] -> { : n >= 0 }")
	for _, o := range []schedule.ASTOption{schedule.OptionAtomic, schedule.OptionSeparate} {
		opts := astgen.Options{Dims: []schedule.ASTOption{o}}
		n, err := astgen.FromScheduleMap(sched, ctx, opts, astgen.Config{})
		if err != nil {
			panic(err)
		}
		fmt.Printf("// %v\n%s", o, ast.PrintC(n))
	}

	sched = presburger.MustParseUnionMap("[n] -> { S[i, j] -> [i, j] : 0 <= i < n and 0 <= j < 3 }")
	opts := astgen.Options{Dims: []schedule.ASTOption{schedule.OptionDefault, schedule.OptionUnroll}}
	n, err := astgen.FromScheduleMap(sched, ctx, opts, astgen.Config{})
	if err != nil {
		panic(err)
	}
	fmt.Printf("// unroll c1\n%s", ast.PrintC(n))
	// Output:
	// // atomic
	// for (int c0 = 0; c0 <= max(n - 1, 9); c0 += 1) {
	//   if (n >= c0 + 1)
	//     S(c0);
	//   if (c0 <= 9)
	//     T(c0);
	// }
	// // separate
	// for (int c0 = 0; c0 <= min(9, n - 1); c0 += 1) {
	//   S(c0);
	//   T(c0);
	// }
	// for (int c0 = 10; c0 < n; c0 += 1)
	//   S(c0);
	// for (int c0 = n; c0 <= 9; c0 += 1)
	//   T(c0);
	// // unroll c1
	// for (int c0 = 0; c0 < n; c0 += 1) {
	//   S(c0, 0);
	//   S(c0, 1);
	//   S(c0, 2);
	// }
}

// Code for a schedule tree in isl's YAML form: one loop over i whose body
// runs S(i), then a loop over j running T(i, j). AtEachFor sees every
// loop once its body is complete, inner loops first; the outer band member
// is marked coincident (its iterations are independent).
func ExampleGenerate() {
	tree, err := schedule.ParseYAML(`
domain: "[n] -> { S[i] : 0 <= i < n; T[i, j] : 0 <= i < n and 0 <= j < n }"
child:
  context: "[n] -> { : n >= 1 }"
  child:
    schedule: "[n] -> [{ S[i] -> [(i)]; T[i, j] -> [(i)] }]"
    coincident: [ 1 ]
    child:
      sequence:
      - filter: "[n] -> { S[i] }"
      - filter: "[n] -> { T[i, j] }"
        child:
          schedule: "[n] -> [{ T[i, j] -> [(j)] }]"
`)
	if err != nil {
		panic(err)
	}
	cfg := astgen.Config{
		AtEachFor: func(f *ast.For, info astgen.ForInfo) {
			fmt.Printf("loop %s: depth %d, coincident %v\n", f.Iter, info.Depth, info.Coincident)
		},
	}
	n, err := astgen.Generate(tree, cfg)
	if err != nil {
		panic(err)
	}
	fmt.Print(ast.PrintC(n))
	// Output:
	// loop c1: depth 1, coincident false
	// loop c0: depth 0, coincident true
	// for (int c0 = 0; c0 < n; c0 += 1) {
	//   S(c0);
	//   for (int c1 = 0; c1 < n; c1 += 1)
	//     T(c0, c1);
	// }
}

// AtEachDomain rewrites the statement calls. Here each call of S[i, j],
// which stores to A[j][i + 1], becomes a call of store_A with the
// subscripts in terms of the loop iterators of the tiled, interchanged
// nest (c1 = j, c2 = i).
func ExampleConfig() {
	sched := presburger.MustParseUnionMap(
		"[n] -> { S[i, j] -> [floor(i/32), j, i] : 0 <= i < n and 0 <= j < n }")
	ctx := presburger.MustParseSet("[n] -> { : n >= 1 }")
	access := presburger.MustParseMap("[n] -> { S[i, j] -> A[j, i + 1] }")

	cfg := astgen.Config{
		AtEachDomain: func(u *ast.User, info astgen.DomainInfo) ast.Node {
			idx, err := info.Expr(access)
			if err != nil {
				panic(err)
			}
			return &ast.User{Name: "store_A", Args: idx}
		},
	}
	n, err := astgen.FromScheduleMap(sched, ctx, astgen.Options{}, cfg)
	if err != nil {
		panic(err)
	}
	fmt.Print(ast.PrintC(n))
	// Output:
	// for (int c0 = 0; c0 <= floord(n - 1, 32); c0 += 1)
	//   for (int c1 = 0; c1 < n; c1 += 1)
	//     for (int c2 = 32 * c0; c2 <= min(32 * c0 + 31, n - 1); c2 += 1)
	//       store_A(c1, c2 + 1);
}
