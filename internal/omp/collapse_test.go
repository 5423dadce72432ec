package omp

import (
	"strings"
	"testing"

	"github.com/tessera-opt/tessera/ast"
)

func id(s string) ast.Expr { return &ast.Ident{Name: s} }

func loopB(iter string, lo, hi ast.Expr, body ast.Node) *ast.For {
	return &ast.For{Iter: iter, Init: lo, Cond: ast.Le(id(iter), hi), Inc: ast.NewInt(1), Body: body}
}

// TestCollapse checks the collapse clause: a chain of "collapse" marks over
// rectangular loops is collapsed (their declarations move inward), and the
// chain stops at a loop whose bounds use an outer iterator or a
// declaration between the loops.
func TestCollapse(t *testing.T) {
	user := &ast.User{Name: "S0", Args: []ast.Expr{id("c0"), id("c1")}}
	tests := []struct {
		name   string
		in     ast.Node
		clause string
		want   string
	}{
		{"rectangular", &ast.Mark{Name: "parallel", Body: loopB("c0", ast.NewInt(0), id("N"), &ast.Block{Stmts: []ast.Node{
			&ast.Decl{Name: "inv1", Value: ast.Mul(ast.NewInt(32), id("c0"))},
			&ast.Mark{Name: CollapseMark, Body: loopB("c1", ast.NewInt(0), id("M"), user)}}})},
			"collapse(2)", "for (int c0 = 0; c0 <= N; c0 += 1)\n  for (int c1 = 0; c1 <= M; c1 += 1) {\n    const int inv1 = 32 * c0;"},
		{"triangular", &ast.Mark{Name: "parallel", Body: loopB("c0", ast.NewInt(0), id("N"),
			&ast.Mark{Name: CollapseMark, Body: loopB("c1", ast.NewInt(0), id("c0"), user)})},
			"schedule(static,1)", "for (int c0 = 0; c0 <= N; c0 += 1)\n  for (int c1 = 0; c1 <= c0; c1 += 1)"},
		{"bound through a declaration", &ast.Mark{Name: "parallel", Body: loopB("c0", ast.NewInt(0), id("N"), &ast.Block{Stmts: []ast.Node{
			&ast.Decl{Name: "inv1", Value: ast.Mul(ast.NewInt(32), id("c0"))},
			&ast.Mark{Name: CollapseMark, Body: loopB("c1", id("inv1"), ast.Add(id("inv1"), ast.NewInt(31)), user)}}})},
			"", "const int inv1 = 32 * c0;\n  for (int c1 = inv1;"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			n, clauses, _ := Annotate(tc.in, nil, nil, Config{NoCost: true})
			got := ast.PrintC(n)
			if !strings.Contains(got, tc.want) || strings.Contains(got, "collapse") {
				t.Errorf("got\n%s\nwant it to contain\n%s", got, tc.want)
			}
			var cl string
			if clauses != nil {
				f := ast.OnlyFor(n.(*ast.Mark).Body)
				cl = strings.Join(clauses(n.(*ast.Mark), f).List(ast.DefaultHelpers()), " ")
			}
			if cl != tc.clause {
				t.Errorf("clauses %q, want %q", cl, tc.clause)
			}
		})
	}
}

// TestImbalanced checks the trip-count probe: a triangular inner loop is
// imbalanced, a tile's point loop (window moving with the iterator) is not.
func TestImbalanced(t *testing.T) {
	user := &ast.User{Name: "S0"}
	tri := loopB("c0", ast.NewInt(0), id("N"), loopB("c1", ast.NewInt(0), id("c0"), user))
	if !imbalanced(tri) {
		t.Error("triangular loop not imbalanced")
	}
	tile := loopB("c0", ast.NewInt(0), id("T"), &ast.Block{Stmts: []ast.Node{
		&ast.Decl{Name: "inv1", Value: ast.Mul(ast.NewInt(32), id("c0"))},
		loopB("c1", id("inv1"), ast.Min(ast.Sub(id("N"), ast.NewInt(1)), ast.Add(id("inv1"), ast.NewInt(31))), user)}})
	if imbalanced(tile) {
		t.Error("tile loop imbalanced")
	}
}
