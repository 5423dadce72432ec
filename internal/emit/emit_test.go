package emit

import (
	"errors"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tessera-opt/tessera/ast"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata")

func id(s string) *ast.Ident { return ast.NewIdent(s) }
func ci(v int64) *ast.Int    { return ast.NewInt(v) }

func loop(it string, lo, hi ast.Expr, step int64, body ast.Node) *ast.For {
	return &ast.For{Iter: it, Init: lo, Cond: ast.Le(id(it), hi), Inc: ci(step), Body: body}
}

// arrayBody prints S(a, b) as A[a][b] = f(a);, with the arguments
// substituted through Expr.
func arrayBody(u *ast.User) (string, error) {
	var idx []string
	for _, a := range u.Args {
		idx = append(idx, "["+Expr(a)+"]")
	}
	return u.Name + strings.Join(idx, "") + " += 1;", nil
}

func regionCases() map[string]struct {
	tree ast.Node
	cfg  Config
} {
	n := id("n")
	par := &ast.Mark{Name: "parallel", Body: loop("c0", ci(0), ast.Sub(n, ci(1)), 1,
		loop("c1", ci(0), ast.Sub(n, ci(1)), 1, &ast.Mark{Name: "ivdep",
			Body: loop("c2", ci(0), ast.Min(ci(7), n), 1, &ast.User{Name: "A", Args: []ast.Expr{id("c0"), ast.Add(id("c1"), id("c2"))}})}))}
	type C = struct {
		tree ast.Node
		cfg  Config
	}
	return map[string]C{
		"parallel-c99": {par, Config{Body: arrayBody}},
		"parallel-outside": {par, Config{Body: arrayBody, IterDeclOutside: true, Base: 1,
			Clauses: func(*ast.Mark, *ast.For) Clauses {
				return Clauses{Reductions: []Reduction{{Op: "+", Var: "s"}}, Schedule: "static", If: ast.Ge(n, ci(4096))}
			}}},
		"simd-and-unknown": {ast.NewBlock(
			&ast.Mark{Name: "simd", Body: loop("c0", ci(0), n, 1, &ast.User{Name: "B", Args: []ast.Expr{ast.Sub(ci(0), id("c0"))}})},
			&ast.Mark{Name: "vec", Body: &ast.User{Name: "C", Args: []ast.Expr{n}}},
			&ast.Mark{Name: "simd", Body: &ast.User{Name: "C", Args: []ast.Expr{ci(1)}}}),
			Config{Body: arrayBody}},
		"simd-in-for-body": {loop("c0", ci(0), n, 1, &ast.Mark{Name: "simd",
			Body: loop("c1", ci(0), n, 1, &ast.User{Name: "A", Args: []ast.Expr{id("c0"), id("c1")}})}),
			Config{Body: arrayBody}},
		"top-decl": {ast.NewBlock(&ast.Decl{Name: "t0", Value: ast.FloorDiv(n, ci(4))},
			loop("c0", ast.Neg(id("t0")), id("t0"), 1, &ast.User{Name: "A", Args: []ast.Expr{ast.Add(id("c0"), id("t0"))}})),
			Config{Body: arrayBody, Indent: "    "}},
		"multiline-body": {loop("c0", ci(0), n, 1, &ast.User{Name: "S"}),
			Config{Body: func(*ast.User) (string, error) { return "{\n  x = 1;\n  y = 2;\n}", nil }}},
	}
}

func TestRegionGolden(t *testing.T) {
	for name, tc := range regionCases() {
		t.Run(name, func(t *testing.T) {
			got, err := Region(tc.tree, tc.cfg)
			if err != nil {
				t.Fatal(err)
			}
			path := filepath.Join("testdata", "region", name+".golden")
			if *update {
				if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run go test -update)", err)
			}
			if got != string(want) {
				t.Errorf("%s differs:\n--- got\n%s--- want\n%s", path, got, want)
			}
		})
	}
}

func TestRegionErrors(t *testing.T) {
	tree := loop("c0", ci(0), id("n"), 1, &ast.User{Name: "S"})
	if _, err := Region(tree, Config{}); err == nil {
		t.Error("nil Body accepted")
	}
	boom := errors.New("boom")
	if _, err := Region(tree, Config{Body: func(*ast.User) (string, error) { return "", boom }}); !errors.Is(err, boom) {
		t.Errorf("got %v, want the callback's error", err)
	}
	if _, err := Region(tree, Config{Body: func(*ast.User) (string, error) { return "x = 1", nil }}); err == nil {
		t.Error("body without ';' accepted")
	}
	bad := loop("c0", ci(0), id("n"), 1, loop("c0", ci(0), id("n"), 1, &ast.User{Name: "S"}))
	if _, err := Region(bad, Config{Body: arrayBody}); err == nil {
		t.Error("reassigned iterator accepted")
	}
	outOfScope := ast.NewBlock(tree, &ast.User{Name: "S", Args: []ast.Expr{id("c0")}})
	if _, err := Region(outOfScope, Config{Body: arrayBody}); err == nil {
		t.Error("iterator used out of its loop accepted")
	}
}

func TestWrapScop(t *testing.T) {
	if got := WrapScop("S();"); got != "#pragma scop\nS();\n#pragma endscop\n" {
		t.Errorf("got %q", got)
	}
}
