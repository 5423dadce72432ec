package pipeline

import (
	"os"
	"strings"
	"testing"
	"time"
)

// TestRegionTimeout: a region whose stages exceed the CPU time limit keeps
// its original text, with a warning naming the limit (the output is
// correct: a build that runs tessera goes on).
func TestRegionTimeout(t *testing.T) {
	src, err := os.ReadFile("../bench/kernels/lu.c")
	if err != nil {
		t.Skip(err)
	}
	res, err := Optimize("lu.c", src, Options{RegionTimeout: time.Nanosecond})
	if err != nil {
		t.Fatal(err)
	}
	if res.Errors() {
		t.Errorf("error diagnostics for a region over its time limit: %+v", res.Diags)
	}
	found := false
	for _, d := range res.Diags {
		if strings.Contains(d.Msg, "CPU time") && d.Severity == "warning" {
			found = true
		}
	}
	if !found {
		t.Errorf("no warning names the CPU time limit: %+v", res.Diags)
	}
	if string(res.Output) != string(src) {
		t.Error("the region was not kept as it was")
	}
}
