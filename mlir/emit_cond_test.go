package mlir

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tessera-opt/tessera/ast"
	"github.com/tessera-opt/tessera/cfront"
)

// condText writes e.cond(c) inside a loop over c0 with parameter n; the
// branches store 1 or 2 into a 0-d memref.
func condText(t *testing.T, c ast.Expr) string {
	t.Helper()
	e := &fnEmitter{r: &cfront.Region{}, ivs: map[string]string{"c0": "%i_c0"}, params: map[string]string{"n": "%p_n"},
		decls: map[string]ast.Expr{}, depth: 2}
	e.cond(c, func() { e.line("affine.store %%one, %%m[] : memref<i32>") }, func() { e.line("affine.store %%two, %%m[] : memref<i32>") })
	return e.b.String()
}

// TestEmitCond checks the affine.if nests of conditions that one integer
// set does not express, and that mlir-opt accepts them.
func TestEmitCond(t *testing.T) {
	c0, n := ast.NewIdent("c0"), ast.NewIdent("n")
	cases := []struct {
		name string
		cond ast.Expr
		want string
	}{
		{"and", ast.NewOp(ast.OpAnd, ast.NewOp(ast.OpGe, c0, ast.NewInt(2)), ast.NewOp(ast.OpLe, c0, ast.Sub(n, ast.NewInt(3)))),
			`    affine.if affine_set<(d0)[s0] : (d0 - 2 >= 0, s0 - d0 - 3 >= 0)>(%i_c0)[%p_n] {
      affine.store %one, %m[] : memref<i32>
    } else {
      affine.store %two, %m[] : memref<i32>
    }
`},
		{"or", ast.NewOp(ast.OpOr, ast.NewOp(ast.OpLt, c0, ast.NewInt(3)), ast.NewOp(ast.OpGt, c0, ast.Sub(n, ast.NewInt(4)))),
			`    affine.if affine_set<(d0)[] : (-d0 + 2 >= 0)>(%i_c0)[] {
      affine.store %one, %m[] : memref<i32>
    } else {
      affine.if affine_set<(d0)[s0] : (d0 - s0 + 3 >= 0)>(%i_c0)[%p_n] {
        affine.store %one, %m[] : memref<i32>
      } else {
        affine.store %two, %m[] : memref<i32>
      }
    }
`},
		{"not-eq-mod", ast.NewOp(ast.OpNot, ast.NewOp(ast.OpEq, ast.NewOp(ast.OpRem, c0, ast.NewInt(4)), ast.NewInt(0))),
			`    affine.if affine_set<(d0)[] : (d0 mod 4 == 0)>(%i_c0)[] {
      affine.store %two, %m[] : memref<i32>
    } else {
      affine.store %one, %m[] : memref<i32>
    }
`},
		{"min", ast.NewOp(ast.OpLe, c0, ast.NewOp(ast.OpMin, n, ast.NewInt(7))),
			`    affine.if affine_set<(d0)[s0] : (s0 - d0 >= 0, -d0 + 7 >= 0)>(%i_c0)[%p_n] {
      affine.store %one, %m[] : memref<i32>
    } else {
      affine.store %two, %m[] : memref<i32>
    }
`},
	}
	var all strings.Builder
	for _, c := range cases {
		got := condText(t, c.cond)
		if got != c.want {
			t.Errorf("%s: got\n%s\nwant\n%s", c.name, got, c.want)
		}
		all.WriteString(got)
	}
	tools, why := findTools()
	if tools == nil {
		t.Log("mlir-opt check skipped: " + why)
		return
	}
	text := "func.func @f(%p_n: index, %m: memref<i32>) {\n  %one = arith.constant 1 : i32\n  %two = arith.constant 2 : i32\n" +
		"  affine.for %i_c0 = 0 to 10 {\n" + all.String() + "  }\n  return\n}\n"
	path := filepath.Join(t.TempDir(), "cond.mlir")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command(tools.opt, path, "-o", path+".out").CombinedOutput(); err != nil {
		t.Errorf("mlir-opt refuses the conditions: %v\n%s\n%s", err, out, text)
	}
}
