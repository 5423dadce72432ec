package omp

import (
	"strings"
	"testing"

	"github.com/tessera-opt/tessera/ast"
	"github.com/tessera-opt/tessera/scheduler"
)

func loop(iter string, body ast.Node) *ast.For {
	return &ast.For{Iter: iter, Init: ast.NewInt(0), Cond: ast.Lt(&ast.Ident{Name: iter}, &ast.Ident{Name: "N"}), Inc: ast.NewInt(1), Body: body}
}

func par(f *ast.For) *ast.For { f.Parallel = true; return f }

// TestSinkMarks checks that parallel marks move onto their loop through
// guards and constant declarations, and stay put otherwise.
func TestSinkMarks(t *testing.T) {
	user := &ast.User{Name: "S0", Args: []ast.Expr{&ast.Ident{Name: "c0"}}}
	tests := []struct {
		name string
		in   ast.Node
		want string
	}{
		{"guard", &ast.Mark{Name: "parallel", Body: &ast.If{Cond: ast.Ge(&ast.Ident{Name: "N"}, ast.NewInt(1)), Then: loop("c0", user)}},
			"if (N >= 1)\n  // parallel\n  for"},
		{"decls", &ast.Mark{Name: "parallel", Body: &ast.Block{Stmts: []ast.Node{&ast.Decl{Name: "inv0", Value: &ast.Ident{Name: "N"}}, loop("c0", user)}}},
			"const int inv0 = N;\n// parallel\nfor"},
		{"else: coincident pieces", &ast.Mark{Name: "parallel", Body: &ast.If{Cond: ast.Ge(&ast.Ident{Name: "N"}, ast.NewInt(1)), Then: par(loop("c0", user)), Else: user}},
			"if (N >= 1) {\n  // parallel\n  for"},
		{"else: other loops stay sequential", &ast.Mark{Name: "parallel", Body: &ast.If{Cond: ast.Ge(&ast.Ident{Name: "N"}, ast.NewInt(1)), Then: loop("c0", user), Else: user}},
			"if (N >= 1) {\n  for"},
		{"split loop", &ast.Mark{Name: "parallel", Body: &ast.Block{Stmts: []ast.Node{&ast.Decl{Name: "inv0", Value: &ast.Ident{Name: "N"}},
			par(loop("c1", user)), loop("c2", user), &ast.If{Cond: ast.Ge(&ast.Ident{Name: "N"}, ast.NewInt(1)), Then: par(loop("c1", user))}}}},
			"const int inv0 = N;\n// parallel\nfor (int c1 = 0; c1 < N; c1 += 1)\n  S0(c0);\nfor (int c2 = 0; c2 < N; c2 += 1)\n  S0(c0);\nif (N >= 1)\n  // parallel\n  for (int c1"},
		{"other mark stays", &ast.Mark{Name: "simd", Body: &ast.If{Cond: ast.Ge(&ast.Ident{Name: "N"}, ast.NewInt(1)), Then: loop("c0", user)}},
			"// simd\nif (N >= 1)"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := ast.PrintC(SinkMarks(tc.in))
			if !strings.Contains(got, tc.want) {
				t.Errorf("got\n%s\nwant it to contain\n%s", got, tc.want)
			}
		})
	}
}

func TestClauses(t *testing.T) {
	f := Clauses([]scheduler.Private{{Stmts: []string{"S1"}, Private: []string{"x"}, LastPrivate: []string{"y"}}})
	in := loop("c0", &ast.User{Name: "S1"})
	if got := strings.Join(f(&ast.Mark{Name: "parallel", Body: in}, in).List(ast.DefaultHelpers()), " "); got != "private(x) lastprivate(y)" {
		t.Errorf("clauses = %q", got)
	}
	out := loop("c0", &ast.User{Name: "S2"})
	if got := f(&ast.Mark{Name: "parallel", Body: out}, out).List(ast.DefaultHelpers()); len(got) != 0 {
		t.Errorf("clauses of another loop = %q", got)
	}
	if Clauses(nil) != nil {
		t.Error("Clauses(nil) is not nil")
	}
}

// TestCostClause checks the cost check of reduction loops.
func TestCostClause(t *testing.T) {
	user := &ast.User{Name: "S0"}
	tests := []struct {
		name string
		f    *ast.For
		want string
		ok   bool
	}{
		{"parametric", loop("c0", user), "if(N >= 4096)", true},
		{"small constant", &ast.For{Iter: "c0", Init: ast.NewInt(0), Cond: ast.Lt(&ast.Ident{Name: "c0"}, ast.NewInt(100)), Inc: ast.NewInt(1), Body: user}, "if(0)", true},
		{"large constant", &ast.For{Iter: "c0", Init: ast.NewInt(0), Cond: ast.Le(&ast.Ident{Name: "c0"}, ast.NewInt(100000)), Inc: ast.NewInt(1), Body: user}, "", false},
		{"inner loop", loop("c0", loop("c1", user)), "", false},
	}
	for _, tc := range tests {
		c, ok := costClause(tc.f)
		got := ""
		if c != nil {
			got = "if(" + ast.ExprC(c) + ")"
		}
		if got != tc.want || ok != tc.ok {
			t.Errorf("%s: costClause = %q, %v; want %q, %v", tc.name, got, ok, tc.want, tc.ok)
		}
	}
}
