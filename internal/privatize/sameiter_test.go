package privatize

import (
	"strings"
	"testing"

	"github.com/tessera-opt/tessera/ast"
	"github.com/tessera-opt/tessera/astgen"
	"github.com/tessera-opt/tessera/cfront"
	"github.com/tessera-opt/tessera/deps"
	"github.com/tessera-opt/tessera/scop"
)

// TestSameIterations checks that Outer refuses a loop whose iterations
// are not those of the original loop: a statement node that gets the
// original iterator from an expression other than the loop's iterator
// (as a shifted or skewed new schedule gives), and instances of the
// loop's statements outside it (as a split schedule gives). On the AST
// of the original schedule, the same kernel is privatized (TestOuter).
func TestSameIterations(t *testing.T) {
	src := strings.Replace(kernel, "INIT", "0.0", 1)
	// A shifted argument: S0's iterator r is c0 - 0 written as c0 + 0,
	// which is not the loop's iterator as it stands.
	n, res := outerEdited(t, src, func(n ast.Node) ast.Node {
		ast.Walk(n, func(x ast.Node) bool {
			if u, ok := x.(*ast.User); ok && u.Name == "S0" && len(u.Args) > 0 {
				u.Args[0] = ast.NewOp(ast.OpAdd, u.Args[0], ast.NewInt(0))
			}
			return true
		})
		return n
	})
	if len(res.Texts) != 0 || !strings.Contains(strings.Join(res.Notes, "\n"), "not those of the original loop") {
		t.Errorf("privatized a loop with another iterator: %q\n%s", res.Notes, ast.PrintC(n))
	}
	// A second copy of S2's instances after the loop.
	_, res = outerEdited(t, src, func(n ast.Node) ast.Node {
		var s2 *ast.User
		ast.Walk(n, func(x ast.Node) bool {
			if u, ok := x.(*ast.User); ok && u.Name == "S2" {
				s2 = u
			}
			return true
		})
		if s2 == nil {
			t.Fatal("no S2")
		}
		cp := &ast.User{Name: s2.Name, Args: []ast.Expr{ast.NewInt(0), ast.NewInt(0)}}
		return &ast.Block{Stmts: []ast.Node{n, cp}}
	})
	if len(res.Texts) != 0 || !strings.Contains(strings.Join(res.Notes, "\n"), "instances of S2 run outside the loop") {
		t.Errorf("privatized a loop whose statements also run outside it: %q", res.Notes)
	}
}

// outerEdited runs Outer on the AST of src's original schedule after
// edit has changed it.
func outerEdited(t *testing.T, src string, edit func(ast.Node) ast.Node) (ast.Node, *Result) {
	t.Helper()
	f, err := cfront.ParseFile("t.c", []byte(src), cfront.Config{})
	if f == nil || err != nil || len(f.Regions) != 1 {
		t.Fatalf("parse: %v", err)
	}
	s, err := scop.FromRegion(f, f.Regions[0], scop.Config{File: "t.c"})
	if err != nil {
		t.Fatalf("scop: %v", err)
	}
	d, err := deps.Compute(s, deps.Config{})
	if err != nil {
		t.Fatalf("deps: %v", err)
	}
	n, err := astgen.Generate(s.Schedule, astgen.Config{})
	if err != nil {
		t.Fatalf("astgen: %v", err)
	}
	return Outer(edit(n), s, d, f, f.Regions[0])
}
