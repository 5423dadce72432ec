package astopt

import (
	"testing"

	"github.com/tessera-opt/tessera/ast"
)

// inJI places e as the argument of S inside for (j) for (i): j is the
// outer iterator (rank 1), i the inner one (rank 2), n a parameter.
func inJI(e ast.Expr) (*ast.For, *ast.User) {
	u := user("S", e)
	return loop("j", ci(0), id("n"), loop("i", ci(0), id("n"), u)), u
}

func TestNormalizePaper(t *testing.T) {
	lt := func(a, b ast.Expr) ast.Expr { return op(ast.OpLt, a, b) }
	and := func(a ...ast.Expr) ast.Expr { return op(ast.OpAnd, a...) }
	sel := func(c, a, b ast.Expr) ast.Expr { return op(ast.OpSelect, c, a, b) }
	i, j, n := id("i"), id("j"), id("n")
	tests := []struct {
		name string
		in   ast.Expr
		want string // ast.SExpr of the result
	}{
		// Expression (1) → (2) of the paper: the invariant conjuncts of the
		// inner loop come together.
		{"paper-1", and(lt(ci(3), j), lt(i, ci(56)), lt(j, ci(56))),
			"(&& (&& (< 3 j) (< j 56)) (< i 56))"},
		// Expression (3) → (4): condCollapse of nested conditionals with a
		// common result, then regrouping by rank.
		{"paper-3", sel(lt(ci(3), i), sel(lt(i, ci(56)), sel(lt(ci(3), j), sel(lt(j, ci(56)), n, ci(0)), ci(0)), ci(0)), ci(0)),
			"(?: (&& (&& (< 3 j) (< j 56)) (&& (< 3 i) (< i 56))) n 0)"},
		{"collapse-or", sel(lt(i, j), n, sel(lt(j, n), n, ci(1))),
			"(?: (|| (< j n) (< i j)) n 1)"},
		// Sums: invariant terms first, constants with the lowest named group.
		{"sum", ast.Add(ast.Add(i, ast.Mul(ci(32), j)), ci(5)), "(+ (+ (* 32 j) 5) i)"},
		{"sum-params", ast.Sub(ast.Add(i, n), ci(1)), "(+ (- n 1) i)"},
		{"sum-constfold", ast.Add(ast.Add(ast.Add(j, ci(3)), i), ci(-7)), "(+ (- j 4) i)"},
		{"sum-neg", ast.Sub(i, ast.Add(j, n)), "(+ (- (neg n) j) i)"},
		{"min", ast.Min(ast.Add(ast.Mul(ci(32), i), ci(31)), ast.Sub(n, ci(1)), j),
			"(min (min (- n 1) j) (+ (* 32 i) 31))"},
		{"max-group", ast.Max(i, j, n, ast.Add(j, ci(1))), "(max (max n (max j (+ j 1))) i)"},
		{"mul", ast.Mul(ast.Mul(i, j), ci(4)), "(* (* 4 j) i)"},
		// Not total (division by a variable): && keeps its order.
		{"and-not-total", and(lt(i, ci(3)), lt(ast.FloorDiv(n, j), ci(2))),
			"(&& (< i 3) (< (floord n j) 2))"},
		{"and-call", and(lt(i, ci(3)), lt(ast.NewCall("f", j), ci(2))),
			"(&& (< i 3) (< (call f j) 2))"},
		// Divisions by a positive constant are total: reordered.
		{"and-floord", and(lt(i, ci(3)), lt(ast.FloorDiv(n, ci(4)), j)),
			"(&& (< (floord n 4) j) (< i 3))"},
	}
	for _, tc := range tests {
		root, u := inJI(tc.in)
		if _, err := normalizePass(root, Config{NormalizeArgs: true}); err != nil {
			t.Fatal(err)
		}
		if got := ast.SExpr(u.Args[0]); got != tc.want {
			t.Errorf("%s: normalize(%s) = %s, want %s", tc.name, ast.SExpr(tc.in), got, tc.want)
		}
	}
}

func TestNormalizePrinted(t *testing.T) {
	lt := func(a, b ast.Expr) ast.Expr { return op(ast.OpLt, a, b) }
	root, u := inJI(op(ast.OpAnd, lt(ci(3), id("j")), lt(id("i"), ci(56)), lt(id("j"), ci(56))))
	normalizePass(root, Config{NormalizeArgs: true})
	if got, want := ast.ExprC(u.Args[0]), "(3 < j && j < 56) && i < 56"; got != want {
		t.Errorf("printed %q, want %q", got, want)
	}
}

func TestIfCollapse(t *testing.T) {
	lt := func(a, b ast.Expr) ast.Expr { return op(ast.OpLt, a, b) }
	// for j for i if (i < 56) if (3 < j) S(i, j)
	in := loop("j", ci(0), id("n"), loop("i", ci(0), id("n"),
		ifn(lt(id("i"), ci(56)), ifn(lt(ci(3), id("j")), user("S", id("i"), id("j")), nil), nil)))
	var st Stats
	out, _ := ifCollapsePass(in, Config{stats: &st})
	want := "for (int j = 0; j <= n; j += 1)\n  for (int i = 0; i <= n; i += 1)\n    if (3 < j && i < 56)\n      S(i, j);\n"
	if got := ast.PrintC(out); got != want || st.Collapsed != 1 {
		t.Errorf("got (collapsed %d)\n%s\nwant\n%s", st.Collapsed, got, want)
	}
}

func TestIfConcat(t *testing.T) {
	c := op(ast.OpLe, id("n"), ci(3))
	in := loop("i", ci(0), id("n"),
		ifn(c, user("A", id("i")), nil),
		ifn(ast.CopyExpr(c), user("B", id("i")), user("C", id("i"))),
		ifn(ast.CopyExpr(c), &ast.Block{Stmts: []ast.Node{&ast.Decl{Name: "x", Value: ast.Add(id("i"), ci(1))}, user("D", id("x"))}}, nil),
		ifn(op(ast.OpLe, id("n"), ci(4)), user("E"), nil))
	var st Stats
	out, _ := ifConcatPass(in, Config{stats: &st})
	want := `for (int i = 0; i <= n; i += 1) {
  if (n <= 3) {
    A(i);
    B(i);
    {
      const int x = i + 1;
      D(x);
    }
  } else
    C(i);
  if (n <= 4)
    E();
}
`
	if got := ast.PrintC(out); got != want || st.IfsMerged != 2 {
		t.Errorf("got (merged %d)\n%s\nwant\n%s", st.IfsMerged, got, want)
	}
	if err := ast.Verify(out, "n"); err != nil {
		t.Error(err)
	}
}
