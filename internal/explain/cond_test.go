package explain

import (
	"testing"

	"github.com/tessera-opt/tessera/ast"
	"github.com/tessera-opt/tessera/presburger"
)

// TestSimplifyCond checks the simplification of printed conditions
// against a context: clamps of work tests, min and max decided by the
// context, constants folded, conjuncts and disjuncts that others imply.
func TestSimplifyCond(t *testing.T) {
	ctx, err := presburger.ParseSet("[N, M] -> { : N >= 0 and M >= 0 }")
	if err != nil {
		t.Fatal(err)
	}
	c := newContext([]string{"N", "M"}, ctx)
	env := map[string]ast.Expr{"inv0": &ast.Op{Kind: ast.OpSub, Args: []ast.Expr{ast.NewIdent("N"), ast.NewInt(1)}}}
	for _, tc := range []struct{ in, want string }{
		{"-(-N + 1) + 1 >= 2097152", "N >= 2097152"},
		{"min(max(M - (M - 1), 0), 2147483648) * min(max(N, 0), 2147483648) >= 2097152", "N >= 2097152"},
		{"tessera_min(tessera_min(tessera_max(N, 0), 2147483648) * tessera_min(tessera_max(M, 0), 2147483648), 2147483648) >= 2097152", "M * N >= 2097152"},
		{"min(max(inv0 + 1, 0), 2147483648) >= 64", "N >= 64"},
		{"N >= 0", "1"},
		{"N < 0", "0"},
		{"N >= 10 && N >= 5", "N >= 10"},
		{"N >= 10 || N >= 5", "N >= 5"},
		{"M >= 3 && N >= 0", "M >= 3"},
		{"max(0, N - 1) >= 4", "N >= 5"},
		{"k >= 262144", "k >= 262144"},
		{"N * M >= 7 || N * M * N >= 7", "M * N * N >= 7"},
		{"N * M >= 7 || N * M * 2 >= 7", "2 * M * N >= 7"},
		{"N >= 7 || M * N >= 7", "N >= 7 || M * N >= 7"},
		{"N >= 7 || N * N >= 7 || N * M >= 7", "N * N >= 7 || M * N >= 7"},
		{"N >= 2097152 || max(0, N - 1) * N >= 2097152", "N * max(0, N - 1) >= 2097152"},
		{"(2 * max(N - 2, 0) + max(N - 2, 0) + 4) * max(N - 2, 0) >= 64", "(3 * max(N - 2, 0) + 4) * max(N - 2, 0) >= 64"},
		{"max(N, M) - max(N, M) + N >= 3", "N >= 3"},
		{"min(4 * min(max(M, 0), 2147483648), 2147483648) * N >= 64", "4 * M * N >= 64"},
		{"max(N - 1, N - (N - 1)) >= 3", "N >= 4"},
		{"min(N, M) >= 3", "N >= 3 && M >= 3"},
	} {
		got, ok := c.simplifyCond(tc.in, env)
		if !ok || got != tc.want {
			t.Errorf("simplifyCond(%q) = %q, %v; want %q", tc.in, got, ok, tc.want)
		}
	}
	for _, in := range []string{"a / 2 >= 1", "f(x) >= 1", "x = 1"} {
		if got, ok := c.simplifyCond(in, nil); ok {
			t.Errorf("simplifyCond(%q) = %q, want not read", in, got)
		}
	}
}

// TestLoopContext: a test inside a loop is simplified with the loop's
// bounds (loopContext adds them with context.with).
func TestLoopContext(t *testing.T) {
	ctx, err := presburger.ParseSet("[N] -> { : N >= 0 }")
	if err != nil {
		t.Fatal(err)
	}
	c, ok := newContext([]string{"N"}, ctx).with(map[string]bool{"k": true, "N": true}, "k >= 0 and k < N")
	if !ok {
		t.Fatal("with failed")
	}
	for _, tc := range []struct{ in, want string }{
		{"max(k, 0) * (max(k, 0) + max(N - k - 1, 0) + 1) >= 262144", "N * k >= 262144"},
		{"k >= 0", "1"},
		{"k >= N", "0"},
	} {
		if got, ok := c.simplifyCond(tc.in, nil); !ok || got != tc.want {
			t.Errorf("simplifyCond(%q) = %q, %v; want %q", tc.in, got, ok, tc.want)
		}
	}
}
