package pipeline

import (
	"errors"
	"testing"

	"github.com/tessera-opt/tessera/ast"
	"github.com/tessera-opt/tessera/astgen"
	"github.com/tessera-opt/tessera/internal/scoptest"
)

// TestSelfCheckStageCancelled: the self-check stage returns the region's
// errCancelled once its stop channel is closed, and a refusal (an
// instance run twice) otherwise.
func TestSelfCheckStageCancelled(t *testing.T) {
	s := scoptest.Model(t, `double A[100][100];
void k(int n) {
#pragma scop
  for (int i = 0; i < n; i++)
    for (int j = 1; j < n; j++)
      A[i][j] = A[i][j - 1] + 1;
#pragma endscop
}`)
	d := scoptest.Deps(t, s)
	n, err := astgen.Generate(s.Schedule, astgen.Config{})
	if err != nil {
		t.Fatal(err)
	}
	twice := &ast.Block{Stmts: []ast.Node{ast.CopyLoops(n), ast.CopyLoops(n)}}
	closed := make(chan struct{})
	close(closed)
	rr := &regionRun{reg: &Region{stop: closed}}
	c := &candidate{m: &model{s: s, d: d}, ast: twice}
	if err := stageSelfCheck(rr, c); !errors.Is(err, errCancelled) {
		t.Errorf("stageSelfCheck, cancelled: %v, want errCancelled", err)
	}
	rr.reg.stop = nil
	if err := stageSelfCheck(rr, c); err == nil || errors.Is(err, errCancelled) {
		t.Errorf("stageSelfCheck of the doubled code: %v, want a refusal", err)
	}
}
