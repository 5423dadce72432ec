package astopt

import (
	"fmt"
	"math/rand"
	"testing"

	"github.com/tessera-opt/tessera/ast"
)

// Hand-written tiled loop nests in the shapes tessera's AST generator
// produces (tile loops over floord bounds, point loops clamped by min and
// max, skewed time tiles, guards, statement arguments affine in tile and
// point iterators).

func add(a ...ast.Expr) ast.Expr {
	e := a[0]
	for _, x := range a[1:] {
		e = ast.Add(e, x)
	}
	return e
}
func mul(c int64, e ast.Expr) ast.Expr  { return ast.Mul(ci(c), e) }
func fdiv(e ast.Expr, d int64) ast.Expr { return ast.FloorDiv(e, ci(d)) }

// triangular: for c0 for c1 >= c0 (tiles) for c2 for c3 > c2 (points).
func tiledTriangular() ast.Node {
	n := id("n")
	return loop("c0", ci(0), fdiv(ast.Sub(n, ci(1)), 32),
		loop("c1", id("c0"), fdiv(ast.Sub(n, ci(1)), 32),
			loop("c2", mul(32, id("c0")), ast.Min(ast.Sub(n, ci(1)), add(mul(32, id("c0")), ci(31))),
				loop("c3", ast.Max(mul(32, id("c1")), add(id("c2"), ci(1))), ast.Min(ast.Sub(n, ci(1)), add(mul(32, id("c1")), ci(31))),
					user("S", id("c2"), id("c3"))))))
}

// skewed: a time-tiled 1-d stencil (time T, space n), tiles 16 x 32.
func tiledSkewed() ast.Node {
	T, n := id("T"), id("n")
	c0, c1, c2, c3 := id("c0"), id("c1"), id("c2"), id("c3")
	return loop("c0", ci(0), fdiv(ast.Sub(T, ci(1)), 16),
		loop("c1", ast.Max(ci(0), fdiv(ast.Sub(mul(16, c0), ci(1)), 32)),
			ast.Min(fdiv(add(T, n, ci(-3)), 32), fdiv(add(mul(16, c0), n, ci(12)), 32)),
			loop("c2", ast.Max(ast.Max(ci(0), mul(16, c0)), add(mul(32, c1), ast.Neg(n), ci(2))),
				ast.Min(ast.Min(ast.Sub(T, ci(1)), add(mul(16, c0), ci(15))), add(mul(32, c1), ci(30))),
				&ast.Block{Stmts: []ast.Node{
					ifn(op(ast.OpAnd, ast.Ge(n, ci(3)), ast.Eq(c2, mul(16, c0))), user("I", c2), nil),
					loop("c3", ast.Max(mul(32, c1), add(c2, ci(1))), ast.Min(add(mul(32, c1), ci(31)), add(c2, n, ci(-2))),
						user("S", c2, add(ast.Neg(c2), c3))),
				}})))
}

// pointRelative: point loops counted from the tile origin, statements
// indexed by 32*c0 + c2, with a guard on full tiles and a parallel mark.
func pointRelative() ast.Node {
	n, m := id("n"), id("m")
	c0, c1, c2, c3 := id("c0"), id("c1"), id("c2"), id("c3")
	full := op(ast.OpAnd, ast.Ge(n, add(mul(32, c0), ci(32))), ast.Ge(m, add(mul(32, c1), ci(32))))
	body := ifn(full,
		loop("c2", ci(0), ci(31), loop("c3", ci(0), ci(31), user("S", add(mul(32, c0), c2), add(mul(32, c1), c3)))),
		loop("c2", ci(0), ast.Min(ci(31), add(n, mul(-32, c0), ci(-1))),
			loop("c3", ci(0), ast.Min(ci(31), add(m, mul(-32, c1), ci(-1))),
				user("S", add(mul(32, c0), c2), add(mul(32, c1), c3)))))
	return &ast.Mark{Name: "parallel", Body: loop("c0", ci(0), fdiv(ast.Sub(n, ci(1)), 32),
		loop("c1", ci(0), fdiv(ast.Sub(m, ci(1)), 32), body))}
}

// unrolledTile: a 4-wide unrolled point loop (small) inside tiles.
func unrolledTile() ast.Node {
	n := id("n")
	c0, c1 := id("c0"), id("c1")
	return loop("c0", ci(0), fdiv(ast.Sub(n, ci(1)), 4),
		loop("c1", ci(0), ast.Sub(n, ci(1)),
			loop("c2", mul(4, c0), add(mul(4, c0), ci(3)),
				ifn(ast.Le(id("c2"), ast.Sub(n, ci(1))), user("S", id("c2"), add(mul(2, c1), mul(4, c0))), nil))))
}

var tiledNests = []struct {
	name string
	make func() ast.Node
}{
	{"gemm", tiledGemm},
	{"triangular", tiledTriangular},
	{"skewed", tiledSkewed},
	{"point-relative", pointRelative},
	{"unrolled-tile", unrolledTile},
}

// TestTiledEquivalence: on the tiled nests, every configuration keeps the
// instance sequence for many parameter values.
func TestTiledEquivalence(t *testing.T) {
	r := rand.New(rand.NewSource(7))
	for _, tc := range tiledNests {
		for k := 0; k < 12; k++ {
			cfg := randomConfig(r)
			if k == 0 {
				cfg = Config{Check: true}
			}
			in := tc.make()
			out, st, err := Run(ast.Copy(in), cfg)
			if err != nil {
				t.Fatalf("%s: %v", tc.name, err)
			}
			if k == 0 && st.Hoisted == 0 {
				t.Errorf("%s: nothing hoisted with the defaults\n%s", tc.name, ast.PrintC(out))
			}
			for trial := 0; trial < 8; trial++ {
				env := map[string]int64{"n": int64(r.Intn(70)), "m": int64(r.Intn(70)), "T": int64(r.Intn(40)),
					"NI": int64(r.Intn(40)), "NJ": int64(r.Intn(40)), "NK": int64(r.Intn(40))}
				want, err := ast.Interpret(in, env)
				if err != nil {
					t.Fatalf("%s: input fails: %v", tc.name, err)
				}
				got, err := ast.Interpret(out, env)
				if err != nil || !ast.EqualInstances(want, got) {
					t.Fatalf("%s (config %+v): params %v: instances differ (%d vs %d, err %v)\n%s",
						tc.name, cfg, env, len(want), len(got), err, ast.PrintC(out))
				}
			}
		}
	}
}

// TestTiledShapes prints the default result of each nest into the log
// (go test -v) and checks a few facts of it.
func TestTiledShapes(t *testing.T) {
	for _, tc := range tiledNests {
		out, st, err := Run(tc.make(), Config{Check: true})
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%s: %v\n%s", tc.name, st, ast.PrintC(out))
		if tc.name == "unrolled-tile" {
			// 4*c0 is not hoisted out of the 4-iteration loop c2 alone, but
			// out of c1 (where it is also invariant) it is.
			if got := fmt.Sprint(st.Hoisted); got == "0" {
				t.Errorf("unrolled-tile: nothing hoisted")
			}
		}
	}
}
