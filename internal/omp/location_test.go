package omp

import (
	"testing"

	"github.com/tessera-opt/tessera/ast"
	"github.com/tessera-opt/tessera/cfront"
	"github.com/tessera-opt/tessera/internal/emit"
	"github.com/tessera-opt/tessera/scop"
)

// TestLocation checks how a reduction's element is printed as an OpenMP
// list item, and that an element depending on the loop is refused.
func TestLocation(t *testing.T) {
	src := "double nrm[10], A[10][10];\nvoid f(int n) {\n#pragma scop\n  for (int k = 0; k < n; k++)\n    for (int i = 0; i < n; i++)\n      nrm[k] += A[i][k];\n#pragma endscop\n}\n"
	f, err := cfront.ParseFile("t.c", []byte(src), cfront.Config{})
	if err != nil {
		t.Fatal(err)
	}
	scops, errs := scop.FromFile(f, scop.Config{})
	if len(scops) != 1 {
		t.Fatalf("scop: %v", errs)
	}
	st := scops[0].Statements[0]
	id := func(s string) ast.Expr { return &ast.Ident{Name: s} }
	call := &ast.User{Name: st.Name, Args: []ast.Expr{ast.Add(id("c0"), ast.NewInt(1)), id("c1")}}
	inner := loop("c1", call)
	if got, ok := location(inner, st, ast.DefaultHelpers()); !ok || got.Var != "nrm" || len(got.Index) != 1 || got.Index[0] != "((c0 + 1))" {
		t.Errorf("location = %+v, %v; want nrm with the subscript ((c0 + 1))", got, ok)
	}
	if got, _ := location(inner, st, ast.DefaultHelpers()); (emit.Reduction{Op: "+", Var: got.Var, Index: got.Index}).String() != "reduction(+:nrm[((c0 + 1)):1])" {
		t.Errorf("the clause prints %s", emit.Reduction{Op: "+", Var: got.Var, Index: got.Index})
	}
	outer := loop("c0", inner)
	if got, ok := location(outer, st, ast.DefaultHelpers()); ok {
		t.Errorf("location over the loop of its subscript = %+v, want refusal", got)
	}
}
