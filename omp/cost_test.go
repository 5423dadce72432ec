package omp

import (
	"testing"

	"github.com/tessera-opt/tessera/ast"
)

// TestWorkClause checks the cost check of parallel loops nested in a
// sequential loop.
func TestWorkClause(t *testing.T) {
	user := &ast.User{Name: "S0"}
	lt := func(iter string, lo, hi ast.Expr, body ast.Node) *ast.For {
		return &ast.For{Iter: iter, Init: lo, Cond: ast.Lt(id(iter), hi), Inc: ast.NewInt(1), Body: body}
	}
	tests := []struct {
		name   string
		f      *ast.For
		clause string
		drop   bool
	}{
		{"parametric", lt("c1", ast.NewInt(0), id("NP"), user), "if(NP >= 46340)", false},
		{"small constant", lt("c1", ast.NewInt(0), ast.NewInt(256), user), "", true},
		{"large constant", lt("c1", ast.NewInt(0), ast.NewInt(1000), lt("c2", ast.NewInt(0), ast.NewInt(1000), user)), "", false},
		{"triangular inner loop", lt("c1", ast.NewInt(0), id("M"), lt("c2", ast.Add(id("c0"), ast.NewInt(1)), id("N"), user)),
			"if(min(max(M, 0), 46340) * min(max(N - (c0 + 1), 0), 46340) >= 46340)", false},
	}
	for _, tc := range tests {
		cond, drop := workCond(tc.f)
		c := ""
		if cond != nil {
			c = "if(" + ast.ExprC(cond) + ")"
		}
		if c != tc.clause || drop != tc.drop {
			t.Errorf("%s: workCond = %q, %v; want %q, %v", tc.name, c, drop, tc.clause, tc.drop)
		}
	}
}
