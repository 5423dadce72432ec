package astopt

import (
	"math/rand"
	"testing"

	"github.com/tessera-opt/tessera/ast"
)

// Regression: unswitch judged invariance after leaving the loop's scope,
// so the loop's own iterator looked like a parameter and a condition on
// it was hoisted above the loop (found by TestRandomEquivalence, seed 1).
func TestRegressUnswitchOwnIterator(t *testing.T) {
	in := loop("c0", ci(0), id("n"), loop("c1", ci(0), id("n"),
		ifn(lt(id("c1"), id("m")), user("A", id("c0"), id("c1")), user("B", id("c1")))))
	runCase(t, "own-iterator", in, Config{Disable: []string{"isplit"}}, `
for (int c0 = 0; c0 <= n; c0 += 1)
  for (int c1 = 0; c1 <= n; c1 += 1)
    if (c1 < m) {
      A(c0, c1);
    } else
      B(c1);`)
	// A Decl of the loop body is not invariant either.
	in = loop("c0", ci(0), id("n"), &ast.Block{Stmts: []ast.Node{
		&ast.Decl{Name: "x", Value: ast.Add(id("c0"), id("m"))},
		ifn(lt(id("x"), id("n")), user("A", id("c0")), nil),
		user("B", id("c0")),
	}})
	runCase(t, "body-decl", in, Config{}, `
for (int c0 = 0; c0 <= n; c0 += 1) {
  const int x = m + c0;
  if (x < n)
    A(c0);
  B(c0);
}`)
}

// Regression: a loop's trip count was judged after its Init had been
// replaced by a Decl name, so a 4-iteration tile loop was not seen as
// small.
func TestRegressSmallAfterInit(t *testing.T) {
	in := loop("c0", ci(0), id("n"), loop("c1", ci(0), id("n"),
		loop("c2", ast.Mul(ci(4), id("c0")), ast.Add(ast.Mul(ci(4), id("c0")), ci(3)),
			user("S", id("c2"), ast.Add(ast.Mul(ci(2), id("c1")), ast.Mul(ci(4), id("c0")))))))
	runCase(t, "small-after-init", in, Config{}, `
for (int c0 = 0; c0 <= n; c0 += 1) {
  const int inv0 = 4 * c0;
  const int inv1 = inv0 + 3;
  for (int c1 = 0; c1 <= n; c1 += 1)
    for (int c2 = inv0; c2 <= inv1; c2 += 1)
      S(c2, 2 * c1 + inv0);
}`)
}

// FuzzRandomEquivalence drives the random tree generator from fuzzed
// seeds: go test -fuzz FuzzRandomEquivalence ./astopt.
func FuzzRandomEquivalence(f *testing.F) {
	for _, s := range []int64{1, 2, 3, 42, 1000} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, seed int64) {
		r := rand.New(rand.NewSource(seed))
		g := &gen{r: r, params: []string{"n", "m"}}
		tree := g.block(0)
		cfg := randomConfig(r)
		out, _, err := Run(ast.Copy(tree), cfg)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		checkSame(t, "fuzz", tree, out, r, g.params)
	})
}
