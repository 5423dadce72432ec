package pipeline

import (
	"errors"
	"testing"

	"github.com/tessera-opt/tessera/schedule"
)

// TestStageASTGenCancelled: the AST generator stage passes the region's
// stop channel to astgen, and a cancelled generation is errCancelled, as
// for the other stages of a region over its time limit.
func TestStageASTGenCancelled(t *testing.T) {
	tr, err := schedule.ParseYAML(`domain: "[n] -> { S[i, j] : 0 <= i < n and 0 <= j < n }"
child:
  schedule: "[{ S[i, j] -> [(i)] }, { S[i, j] -> [(j)] }]"
`)
	if err != nil {
		t.Fatal(err)
	}
	closed := make(chan struct{})
	close(closed)
	rr := &regionRun{reg: &Region{stop: closed}}
	c := &candidate{tree: tr}
	if err := stageASTGen(rr, c); !errors.Is(err, errCancelled) {
		t.Errorf("stageASTGen, cancelled: %v, want errCancelled", err)
	}
	rr.reg.stop = nil
	if err := stageASTGen(rr, c); err != nil || c.ast == nil {
		t.Errorf("stageASTGen without stop: %v, %v", c.ast, err)
	}
}
