package astopt

import (
	"fmt"
	"math/rand"
	"testing"

	"github.com/tessera-opt/tessera/ast"
)

func onlyISplit() Config {
	return Config{Disable: []string{"normalize", "ifcollapse", "ifconcat", "unswitch", "licm", "cse"}}
}

func TestISplitShapes(t *testing.T) {
	// fdtd-2d's skewed tile: the first statement starts one iteration
	// before the two others.
	fdtd := loop("c5", ast.Max(id("a"), id("c3")), id("b"),
		user("S1", id("c5")),
		ifn(ast.Ge(id("c5"), ast.Add(id("c3"), ci(1))), blk(user("S2", id("c5")), user("S3", id("c5"))), nil))
	runCase(t, "lower", loop("c3", ci(0), id("n"), fdtd), onlyISplit(), `
for (int c3 = 0; c3 <= n; c3 += 1) {
  for (int c5 = max(a, c3); c5 <= min(b, c3); c5 += 1)
    S1(c5);
  for (int c5 = max(max(a, c3), c3 + 1); c5 <= b; c5 += 1) {
    S1(c5);
    S2(c5);
    S3(c5);
  }
}`)
	// An upper guard with an else and another conjunct, sides swapped.
	up := loop("i", ci(0), id("n"),
		ifn(op(ast.OpAnd, ast.Lt(id("i"), id("m")), ast.Ne(id("k"), ci(0))), user("A", id("i")), user("B", id("i"))))
	runCase(t, "upper", up, onlyISplit(), `
for (int i = 0; i <= min(n, m - 1); i += 1)
  if (k != 0) {
    A(i);
  } else
    B(i);
for (int i = max(0, m); i <= n; i += 1)
  B(i);`)
	// Guards at both ends: split twice.
	both := loop("i", ci(0), id("n"),
		ifn(op(ast.OpAnd, ast.Ge(id("i"), ci(2)), ast.Le(id("i"), id("m"))), user("A", id("i")), nil),
		user("B", id("i")))
	runCase(t, "both", both, onlyISplit(), `
for (int i = 0; i <= min(n, 1); i += 1)
  B(i);
for (int i = 2; i <= min(n, m); i += 1) {
  A(i);
  B(i);
}
for (int i = max(2, m + 1); i <= n; i += 1)
  B(i);`)
	// Left alone: not innermost, a guard on an inner name, a marked loop,
	// a call before the conjunct, a budget overflow.
	keep := []ast.Node{
		loop("i", ci(0), id("n"), ifn(ast.Ge(id("i"), id("m")), loop("j", ci(0), id("n"), user("A", id("i"), id("j"))), nil)),
		loop("i", ci(0), id("n"), &ast.Decl{Name: "d", Value: ast.Add(id("i"), ci(1))}, ifn(ast.Ge(id("i"), id("d")), user("A", id("i")), nil)),
		&ast.Mark{Name: "parallel", Body: loop("i", ci(0), id("n"), ifn(ast.Ge(id("i"), id("m")), user("A", id("i")), nil))},
		loop("i", ci(0), id("n"), ifn(op(ast.OpAnd, ast.Ne(ast.NewCall("f", id("i")), ci(0)), ast.Ge(id("i"), id("m"))), user("A", id("i")), nil)),
		loop("i", ci(0), id("n"), ifn(ast.Ge(id("i"), id("m")), user("A", id("i")), nil),
			user("B", id("i")), user("B", id("i")), user("B", id("i")), user("B", id("i")), user("B", id("i"))),
	}
	for k, n := range keep {
		want := ast.PrintC(n)
		cfg := onlyISplit()
		cfg.UnswitchBudget = 3
		runCase(t, fmt.Sprintf("keep%d", k), n, cfg, want)
	}
}

// TestISplitRandom: innermost loops with guards on their iterator keep
// their instance sequence once split, whatever the bounds (empty parts,
// guards outside the loop's range).
func TestISplitRandom(t *testing.T) {
	n, base := rounds(t, 600)
	cmps := []ast.OpKind{ast.OpLt, ast.OpLe, ast.OpGe, ast.OpGt}
	split := 0
	for i := 0; i < n; i++ {
		seed := base + int64(i)
		r := rand.New(rand.NewSource(seed))
		g := &gen{r: r, params: []string{"n", "m"}, iters: []string{"o"}}
		guard := func() ast.Expr {
			e := g.expr(1)
			var c ast.Expr = ast.NewOp(cmps[r.Intn(len(cmps))], id("c"), e)
			if r.Intn(2) == 0 {
				c = ast.NewOp(cmps[r.Intn(len(cmps))], e, id("c"))
			}
			if r.Intn(3) == 0 {
				c = op(ast.OpAnd, c, g.cond(0))
			}
			if r.Intn(4) == 0 {
				c = op(ast.OpAnd, g.cond(0), c)
			}
			return c
		}
		var body []ast.Node
		for k := r.Intn(3) + 1; k > 0; k-- {
			g.iters = append(g.iters, "c")
			switch r.Intn(3) {
			case 0:
				body = append(body, user(fmt.Sprintf("S%d", k), id("c"), g.affine()))
			default:
				var els ast.Node
				if r.Intn(3) == 0 {
					els = user("E", id("c"))
				}
				body = append(body, ifn(guard(), user(fmt.Sprintf("G%d", k), id("c")), els))
			}
			g.iters = g.iters[:1]
		}
		tree := loop("o", ci(0), id("n"), loop("c", g.expr(1), g.expr(1), body...))
		cfg := onlyISplit()
		cfg.Check = true
		out, st, err := Run(ast.Copy(tree), cfg)
		if err != nil {
			t.Fatalf("seed %d: %v\n%s", seed, err, ast.PrintC(tree))
		}
		split += st.Split
		if ok, _ := checkSame(t, fmt.Sprintf("seed %d", seed), tree, out, r, g.params); !ok {
			return
		}
	}
	t.Logf("%d trees, %d splits", n, split)
	if split < n/4 {
		t.Errorf("only %d splits in %d trees: the generator misses the shapes", split, n)
	}
}
