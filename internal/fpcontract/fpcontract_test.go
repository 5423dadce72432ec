package fpcontract

import (
	"strings"
	"testing"

	"github.com/tessera-opt/tessera/ast"
	"github.com/tessera-opt/tessera/astgen"
	"github.com/tessera-opt/tessera/cfront"
	"github.com/tessera-opt/tessera/internal/ctext"
	"github.com/tessera-opt/tessera/scop"
)

// control returns the control of the one region of src, with the AST of
// its original schedule.
func control(t *testing.T, src string) (*Control, *scop.Scop, ast.Node) {
	t.Helper()
	f, err := cfront.ParseFile("t.c", []byte(src), cfront.Config{})
	if f == nil || err != nil || len(f.Regions) != 1 {
		t.Fatalf("parse: %v", err)
	}
	s, err := scop.FromRegion(f, f.Regions[0], scop.Config{File: "t.c"})
	if err != nil {
		t.Fatalf("scop: %v", err)
	}
	n, err := astgen.Generate(s.Schedule, astgen.Config{})
	if err != nil {
		t.Fatalf("astgen: %v", err)
	}
	return New(f, f.Regions[0], s, n, nil, ctext.Identifiers([]byte(src))), s, n
}

const head = "#define N 40\ndouble A[N][N], x[N], y[N], z[N];\nvoid k(int n) {\n#pragma scop\n"

// TestControl checks the record of which calls printed the macro: a
// chain in its original loop alone prints its own syntax, except while
// the caller outlines; Uses follows the last printing of each call.
func TestControl(t *testing.T) {
	c, s, n := control(t, head+"for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) x[i] += A[i][j] * y[j];\n#pragma endscop\n}\n")
	if c == nil || !strings.Contains(c.Remark(s), "S0 (line 5)") {
		t.Fatalf("no chain: %v", c.Remark(s))
	}
	var u *ast.User
	ast.Walk(n, func(x ast.Node) bool {
		if y, ok := x.(*ast.User); ok {
			u = y
		}
		return true
	})
	if c.Syntax(u) != nil || c.Uses(n) {
		t.Errorf("the chain in its original loop prints the macro")
	}
	c.Outlining = true
	x := c.Syntax(u)
	if x == nil || !strings.Contains(cfront.FormatStmt(x, "", "  ", nil), unfusedMacro+"(") || !c.Uses(n) {
		t.Errorf("outlined: no macro")
	}
	c.Outlining = false
	if c.Syntax(u) != nil || c.Uses(n) {
		t.Errorf("printed again in place: the record still says macro")
	}
	// Another call of the statement (a copy of the loop elsewhere) is no
	// original loop: it prints the macro.
	other := &ast.User{Name: u.Name, Args: u.Args}
	if c.Syntax(other) == nil || !c.Uses(other) || c.Uses(n) {
		t.Errorf("a call outside the original loop prints its own syntax")
	}
	if got := Declare("x;\n", true, true); got != "{\n  "+unfusedDecl+"\n  x;\n}\n" {
		t.Errorf("Declare block: %q", got)
	}
	if got := Declare("x;\n", false, true); got != "x;\n" {
		t.Errorf("Declare without use: %q", got)
	}
}

// TestNamesTaken checks that a file using one of the macros' names gets
// no control, and that a nil control prints every statement as written.
func TestNamesTaken(t *testing.T) {
	c, s, n := control(t, "int tessera_nz;\n"+head+"for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) x[i] += A[i][j] * y[j];\n#pragma endscop\n}\n")
	if c != nil {
		t.Fatalf("control despite a taken name")
	}
	if c.Syntax(&ast.User{Name: "S0"}) != nil || c.Uses(n) || c.Remark(s) != "" {
		t.Errorf("a nil control does something")
	}
}
