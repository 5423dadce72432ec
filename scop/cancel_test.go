package scop

import (
	"errors"
	"testing"

	"github.com/tessera-opt/tessera/cfront"
)

// TestCancelledBuild checks that a closed Config.Cancel stops the model's
// construction with ErrCancelled, and that an open one changes nothing.
func TestCancelledBuild(t *testing.T) {
	src := `void f(int n, double A[n][n]) {
#pragma scop
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      A[i][j] = A[i][j] + 1;
#pragma endscop
}
`
	f, err := cfront.ParseFile("c.c", []byte(src), cfront.Config{})
	if err != nil {
		t.Fatal(err)
	}
	regs := f.Regions
	if len(regs) != 1 {
		t.Fatalf("%d regions", len(regs))
	}
	closed := make(chan struct{})
	close(closed)
	if _, err := FromRegion(f, regs[0], Config{File: "c.c", Cancel: closed}); !errors.Is(err, ErrCancelled) {
		t.Errorf("closed Cancel: err = %v, want ErrCancelled", err)
	}
	open := make(chan struct{})
	if s, err := FromRegion(f, regs[0], Config{File: "c.c", Cancel: open}); err != nil || len(s.Statements) != 1 {
		t.Errorf("open Cancel: %v", err)
	}
}
