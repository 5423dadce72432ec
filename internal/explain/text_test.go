package explain

import (
	"testing"

	"github.com/tessera-opt/tessera/ast"
)

func TestSimplerConditions(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"parallel only when k >= 262144 (inside a sequential loop)", "parallel only when k >= 262144 (inside a sequential loop)"},
		{"parallel loops only when min(max(M - (M - 1), 0), 2147483648) * min(max(N, 0), 2147483648) >= 2097152 (the statements' work)",
			"parallel loops only when N >= 2097152 (the statements' work)"},
		{"parallel only when -(-N + 1) + 1 >= 2097152 (outermost)", "parallel only when N >= 2097152 (outermost)"},
		{"runs the optimized code when lda >= n && n >= 0 (checked at run time)", "runs the optimized code when lda >= n && n >= 0 (checked at run time)"},
		{"only when inv0 + 1 >= 64 (outermost)", "only when the loops run at least 64 statement instances (a test on the sizes at run time) (outermost)"},
	} {
		if got := simplerConditions(c.in); got != c.want {
			t.Errorf("simplerConditions(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestFoldConstants(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"_PB_N - 1 + 1 >= 16", "_PB_N >= 16"},
		{"N - 1 - 3", "N - 4"},
		{"A[i - 1 + 2]", "A[i + 1]"},
		{"N - 1 + 2 * M", "N - 1 + 2 * M"},
		{"2 * N - 1 + 1", "2 * N"},
		{"N - 1", "N - 1"},
		{"x >= 1 + 1.5", "x >= 1 + 1.5"},
		{"floord(N - 1 + 1, 4)", "floord(N, 4)"},
	} {
		if got := foldConstants(c.in); got != c.want {
			t.Errorf("foldConstants(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestLinearForm(t *testing.T) {
	c0, c1 := ast.NewIdent("c0"), ast.NewIdent("c1")
	f, k, ok := linearForm(&ast.Op{Kind: ast.OpSub, Args: []ast.Expr{c1, &ast.Op{Kind: ast.OpMul, Args: []ast.Expr{ast.NewInt(2), c0}}}})
	if !ok || f["c1"] != 1 || f["c0"] != -2 || k != 0 {
		t.Errorf("c1 - 2*c0: got %v %d %v", f, k, ok)
	}
	if _, _, ok := linearForm(&ast.Op{Kind: ast.OpMul, Args: []ast.Expr{ast.NewInt(1 << 62), &ast.Op{Kind: ast.OpMul, Args: []ast.Expr{ast.NewInt(4), c0}}}}); ok {
		t.Error("2^62 * 4 * c0: overflow not reported")
	}
	if _, _, ok := linearForm(&ast.Op{Kind: ast.OpMul, Args: []ast.Expr{c0, c1}}); ok {
		t.Error("c0 * c1 read as linear")
	}
}
