package cfront_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/tessera-opt/tessera/cfront"
)

// label names a statement by its kind and first line of text.
func label(s cfront.Stmt) string {
	switch x := s.(type) {
	case *cfront.For:
		return "for " + x.Iter
	case *cfront.If:
		return "if " + x.Cond.Format(nil)
	case *cfront.Block:
		return fmt.Sprintf("block(%d)", len(x.Stmts))
	case *cfront.ExprStmt:
		return x.Text
	case *cfront.Decl:
		return x.Text
	case *cfront.Empty:
		return "empty"
	}
	return fmt.Sprintf("%T", s)
}

// TestWalkStmt checks WalkStmt's order: each statement before the
// statements nested in it, a for's header (its init clause, a
// declaration) not visited, and an f(nil) closing every statement, so
// that the nesting read back from the calls is the tree's.
func TestWalkStmt(t *testing.T) {
	src := `
for (int i = 0; i < n; i++) {
  double t = 0;
  for (j = 0; j < m; j++)
    if (j > i)
      t += A[i][j];
    else {
      ;
    }
  B[i] = t;
}
x = 1;
`
	body, err := cfront.ParseStmts(src, nil)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	depth := 0
	for _, s := range body {
		cfront.WalkStmt(s, func(s cfront.Stmt) {
			if s == nil {
				depth--
				return
			}
			got = append(got, strings.Repeat(". ", depth)+label(s))
			depth++
		})
	}
	want := []string{
		"for i",
		". block(3)",
		". . double t = 0;",
		". . for j",
		". . . if j > i",
		". . . . t += A[i][j];",
		". . . . block(1)",
		". . . . . empty",
		". . B[i] = t;",
		"x = 1;",
	}
	if depth != 0 {
		t.Errorf("f(nil) calls do not close every statement: depth %d after the walk", depth)
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("WalkStmt visited\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestWalkStmtNil checks that nil statements (an absent else, a nil
// *Block) are not visited.
func TestWalkStmtNil(t *testing.T) {
	calls := 0
	f := func(cfront.Stmt) { calls++ }
	cfront.WalkStmt(nil, f)
	cfront.WalkStmt((*cfront.Block)(nil), f)
	if calls != 0 {
		t.Errorf("WalkStmt called f %d times on nil statements, want 0", calls)
	}
	cfront.WalkStmt(&cfront.If{Cond: &cfront.Ident{Name: "c"}, Then: &cfront.Empty{}}, f)
	if calls != 4 { // the if, the empty then, and f(nil) after each
		t.Errorf("WalkStmt called f %d times on an if without else, want 4", calls)
	}
}
