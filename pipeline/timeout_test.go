package pipeline

import (
	"os"
	"strings"
	"testing"
	"time"
)

// TestRegionTimeout: a region whose stages exceed the CPU time limit keeps
// its original text, with an error diagnostic naming the limit.
func TestRegionTimeout(t *testing.T) {
	src, err := os.ReadFile("../bench/kernels/lu.c")
	if err != nil {
		t.Skip(err)
	}
	res, err := Optimize("lu.c", src, Options{RegionTimeout: time.Nanosecond})
	if err != nil {
		t.Fatal(err)
	}
	if !res.Errors() {
		t.Fatal("no error diagnostic for a region over its time limit")
	}
	found := false
	for _, d := range res.Diags {
		if strings.Contains(d.Msg, "CPU time") {
			found = true
		}
	}
	if !found {
		t.Errorf("no diagnostic names the CPU time limit: %+v", res.Diags)
	}
	if string(res.Output) != string(src) {
		t.Error("the region was not kept as it was")
	}
}
