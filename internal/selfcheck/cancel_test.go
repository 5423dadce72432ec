package selfcheck

import (
	"errors"
	"testing"

	"github.com/tessera-opt/tessera/ast"
)

// TestSelfCheckCancelled: once the stop channel is closed, the checks
// (the interpreter's replay and the parallel loops' check) return
// ErrCancelled before any replay: a tree that the check would refuse (an
// instance run twice) gets ErrCancelled, not the refusal. Without a stop channel the same
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

	if err := Replay(blk, s, d, nil); err != nil {
		t.Fatalf("Replay without stop: %v", err)
	}
	if err := Parallel(blk, s, d, nil, nil); err != nil {
		t.Fatalf("Parallel without stop: %v", err)
	}
	if err := Replay(twice, s, d, nil); err == nil || errors.Is(err, ErrCancelled) {
		t.Fatalf("Replay of the doubled code without stop: %v, want a refusal", err)
	}
	if err := Replay(twice, s, d, closed); err != ErrCancelled {
		t.Errorf("Replay, cancelled: %v, want ErrCancelled", err)
	}
	if err := Parallel(blk, s, d, nil, closed); err != ErrCancelled {
		t.Errorf("Parallel, cancelled: %v, want ErrCancelled", err)
	}
}
