package pipeline

import (
	"errors"
	"testing"

	"github.com/tessera-opt/tessera/ast"
)

// TestSelfCheckCancelled: once the region's stop channel is closed, the
// self-check (the interpreter's replay and the parallel loops' check)
// returns errCancelled, and the stage returns it as it is, before any
// replay: a tree that the check would refuse (an instance run twice)
// gets errCancelled, not the refusal. Without a stop channel the same
// checks run to their verdicts. No clock is read: the cancellation is
// the channel's state, looked at before each unit of bounded work.
func TestSelfCheckCancelled(t *testing.T) {
	src := `double A[100][100];
void k(int n) {
#pragma scop
  for (int i = 0; i < n; i++)
    for (int j = 1; j < n; j++)
      A[i][j] = A[i][j - 1] + 1;
#pragma endscop
}`
	s, d, n := checkSetup(t, src)
	blk := &ast.Block{Stmts: []ast.Node{n}}
	if !markOuter(blk) {
		t.Fatalf("no loop to mark in\n%s", ast.PrintC(n))
	}
	twice := &ast.Block{Stmts: []ast.Node{ast.CopyLoops(blk), ast.CopyLoops(blk)}}
	closed := make(chan struct{})
	close(closed)

	if err := selfCheck(blk, s, d, nil); err != nil {
		t.Fatalf("selfCheck without stop: %v", err)
	}
	if err := parallelCheck(blk, s, d, nil, nil); err != nil {
		t.Fatalf("parallelCheck without stop: %v", err)
	}
	if err := selfCheck(twice, s, d, nil); err == nil || errors.Is(err, errCancelled) {
		t.Fatalf("selfCheck of the doubled code without stop: %v, want a refusal", err)
	}
	if err := selfCheck(twice, s, d, closed); err != errCancelled {
		t.Errorf("selfCheck, cancelled: %v, want errCancelled", err)
	}
	if err := parallelCheck(blk, s, d, nil, closed); err != errCancelled {
		t.Errorf("parallelCheck, cancelled: %v, want errCancelled", err)
	}

	// Through the stage: the region's stop channel.
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
