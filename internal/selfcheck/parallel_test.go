package selfcheck

import (
	"strings"
	"testing"

	"github.com/tessera-opt/tessera/ast"
	"github.com/tessera-opt/tessera/astgen"
	"github.com/tessera-opt/tessera/cfront"
	"github.com/tessera-opt/tessera/deps"
	"github.com/tessera-opt/tessera/scop"
)

// checkSetup models the first region of the C text src (file k.c) and
// generates its code in the original order: what the self-check and the
// parallel check take.
func checkSetup(t *testing.T, src string) (*scop.Scop, *deps.Deps, ast.Node) {
	t.Helper()
	f, err := cfront.ParseFile("k.c", []byte(src), cfront.Config{})
	if err != nil {
		t.Fatal(err)
	}
	s, err := scop.FromRegion(f, f.Regions[0], scop.Config{File: "k.c"})
	if err != nil {
		t.Fatal(err)
	}
	d, err := deps.Compute(s, deps.Config{})
	if err != nil {
		t.Fatal(err)
	}
	n, err := astgen.Generate(s.Schedule, astgen.Config{})
	if err != nil {
		t.Fatal(err)
	}
	return s, d, n
}

// markOuter wraps the first for loop of n (through blocks and ifs) in a
// "parallel" mark.
func markOuter(n ast.Node) bool {
	switch x := n.(type) {
	case *ast.Block:
		for i, y := range x.Stmts {
			if f, ok := y.(*ast.For); ok {
				x.Stmts[i] = &ast.Mark{Name: "parallel", Body: f}
				return true
			}
			if markOuter(y) {
				return true
			}
		}
	case *ast.If:
		if f, ok := x.Then.(*ast.For); ok {
			x.Then = &ast.Mark{Name: "parallel", Body: f}
			return true
		}
		return markOuter(x.Then)
	}
	return false
}

// TestParallelCheck: a parallel mark on a loop that carries a dependence
// is caught by the interpreter check; on a loop that carries none it is
// accepted.
func TestParallelCheck(t *testing.T) {
	for _, tc := range []struct {
		src, err string
	}{
		{`double A[100][100];
void k(int n) {
#pragma scop
  for (int i = 1; i < n; i++)
    for (int j = 0; j < n; j++)
      A[i][j] = A[i - 1][j] + 1;
#pragma endscop
}`, "flow dependence"},
		{`double A[100][100];
void k(int n) {
#pragma scop
  for (int i = 0; i < n; i++)
    for (int j = 1; j < n; j++)
      A[i][j] = A[i][j - 1] + 1;
#pragma endscop
}`, ""},
		{`double E[300];
void k(int M) {
#pragma scop
  for (int i = 2; i < M; i += 2)
    for (int j = M - i - 1; j < M - i; j++)
      E[2 * M - 2 * i - 2 * j] = E[i + 3] + 3 * i;
#pragma endscop
}`, "output dependence"},
	} {
		s, d, n := checkSetup(t, tc.src)
		if err := Replay(n, s, d, nil); err != nil {
			t.Fatalf("selfCheck of the unmarked code: %v", err)
		}
		blk := &ast.Block{Stmts: []ast.Node{n}}
		if !markOuter(blk) {
			t.Fatalf("no loop to mark in\n%s", ast.PrintC(n))
		}
		err := Parallel(blk, s, d, nil, nil)
		switch {
		case tc.err == "" && err != nil:
			t.Errorf("%s\nunexpected error %v", ast.PrintC(blk), err)
		case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)):
			t.Errorf("%s\nerror %v, want %q", ast.PrintC(blk), err, tc.err)
		}
	}
}
