package ast

import (
	"math/rand"
	"slices"
	"testing"
)

func TestSubstRandom(t *testing.T) {
	const seed = 99
	r := rand.New(rand.NewSource(seed))
	for it := range 5000 {
		e := randExpr(r, 3)
		by := randExpr(r, 2)
		env := map[string]int64{"n": int64(r.Intn(9) - 4), "m": int64(r.Intn(9) - 4), "p": int64(r.Intn(9) - 4)}
		bv, err := evalHook(by, env)
		if err != nil {
			continue
		}
		env2 := map[string]int64{"n": env["n"], "m": bv, "p": env["p"]}
		want, err := evalHook(e, env2)
		if err != nil {
			continue
		}
		s := Subst(e, map[string]Expr{"m": by})
		got, err := evalHook(s, env)
		if err != nil || got != want {
			t.Fatalf("seed %d iter %d: %s [m := %s] = %s evaluates to %d, %v; want %d", seed, it, SExpr(e), SExpr(by), SExpr(s), got, err, want)
		}
		if Mentions(by, "m") != slices.Contains(Idents(by), "m") {
			t.Fatalf("Mentions and Idents disagree on %s", SExpr(by))
		}
	}
}

func TestSubstFolds(t *testing.T) {
	e := Add(Mul(ci(2), id("c0")), id("n"))
	got := Subst(e, map[string]Expr{"c0": ci(3), "n": ci(-6)})
	if ExprC(got) != "0" {
		t.Errorf("got %s", ExprC(got))
	}
	if g := Idents(Min(id("a"), Add(id("b"), id("a")))); !slices.Equal(g, []string{"a", "b"}) {
		t.Errorf("Idents = %v", g)
	}
}

func TestFreeNames(t *testing.T) {
	tree := NewBlock(
		&Decl{Name: "t", Value: Add(id("n"), ci(1))},
		loop("c0", id("lo"), id("t"), 1, NewBlock(
			user("S", id("c0"), id("m")),
			&Block{Stmts: []Node{&Decl{Name: "u", Value: id("c0")}, user("T", id("u"))}},
		)),
		user("U", id("u"), id("c0")), // out of scope here: free
	)
	if got := FreeNames(tree); !slices.Equal(got, []string{"n", "lo", "m", "u", "c0"}) {
		t.Errorf("FreeNames = %v", got)
	}
}

// TestSubstNodeUnroll unrolls the outer loop of a triangle by substituting
// its iterator, and checks the interpreter sees the same instances.
func TestSubstNodeUnroll(t *testing.T) {
	body := NewBlock(
		&Decl{Name: "x", Value: Mul(ci(2), id("c0"))},
		loop("c1", ci(0), id("c0"), 1, user("S", id("c0"), id("c1"), id("x"))))
	tree := loop("c0", ci(0), ci(3), 1, body)
	want, err := Interpret(tree, nil)
	if err != nil {
		t.Fatal(err)
	}
	var unrolled []Node
	for v := int64(0); v <= 3; v++ {
		unrolled = append(unrolled, SubstNode(body, map[string]Expr{"c0": ci(v)}))
	}
	got, err := Interpret(NewBlock(unrolled...), nil)
	if err != nil || !EqualInstances(got, want) {
		t.Fatalf("got %v, %v\nwant %v", got, err, want)
	}
	if PrintC(unrolled[1]) != "const int x = 2;\nfor (int c1 = 0; c1 <= 1; c1 += 1)\n  S(1, c1, x);\n" {
		t.Errorf("got\n%s", PrintC(unrolled[1]))
	}
	// A rebinding hides the substitution.
	hidden := SubstNode(loop("c0", id("c0"), ci(1), 1, user("S", id("c0"))), map[string]Expr{"c0": ci(7)})
	if got := PrintC(hidden); got != "for (int c0 = 7; c0 <= 1; c0 += 1)\n  S(c0);\n" {
		t.Errorf("got %q", got)
	}
	// RewriteExprs edits in place.
	RewriteExprs(tree, func(e Expr) Expr { return Subst(e, map[string]Expr{"x": ci(0)}) })
	if Mentions(tree.Body.(*Block).Stmts[1].(*For).Body.(*User).Args[2], "x") {
		t.Error("x not rewritten")
	}
}
