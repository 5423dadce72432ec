package pipeline

import (
	"os"
	"strings"
	"testing"

	"github.com/tessera-opt/tessera/scheduler"
)

// TestBudgetWarning: a scheduler that runs over its budget (here MaxILPs
// 1, so the simpler search runs over too) keeps the original schedule and
// says so with a warning diagnostic at the region, not only in --explain.
func TestBudgetWarning(t *testing.T) {
	src, err := os.ReadFile("../bench/kernels/gemm.c")
	if err != nil {
		t.Skip(err)
	}
	res, err := Optimize("gemm.c", src, Options{Sched: scheduler.Config{MaxILPs: 1}})
	if err != nil {
		t.Fatal(err)
	}
	if res.Errors() {
		t.Fatalf("a budget is not an error: %+v", res.Diags)
	}
	var warned bool
	for _, d := range res.Diags {
		if d.Severity == "warning" && strings.Contains(d.Msg, "budget") {
			warned = true
			if d.Pos.Line == 0 {
				t.Errorf("warning without a position: %v", d)
			}
		}
	}
	if !warned {
		t.Fatalf("no budget warning: %+v", res.Diags)
	}
}
