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

// TestRegionTimeoutStopsWorker: a region cancelled in its scheduler stage
// (whose Farkas duals take millions of solver steps: two statements in a
// deep nest) stops there: the stages after the scheduler do not run, and
// the worker has returned when Optimize does (its stage times are copied
// back only then).
func TestRegionTimeoutStopsWorker(t *testing.T) {
	src := []byte(`int x, s[1];
void f(int n) {
  int i0, i1, i2, i3, i4;
  for (i0 = 0; i0 < n; i0++)
    for (i1 = 0; i1 < n; i1++)
      for (i2 = 0; i2 < n; i2++)
        for (i3 = 0; i3 < n; i3++)
          for (i4 = 0; i4 < n; i4++) {
            x++;
            s[0] += x;
          }
}
`)
	res, err := Optimize("deep.c", src, Options{RegionTimeout: time.Nanosecond})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Regions) != 1 || !res.Regions[0].Kept || string(res.Output) != string(src) {
		t.Fatalf("the region was not kept as it was")
	}
	var stages []string
	for _, st := range res.Regions[0].Times {
		stages = append(stages, st.Stage)
	}
	t.Logf("stages run: %v", stages)
	if len(stages) == 0 {
		t.Fatal("the cancelled worker did not return")
	}
	for _, s := range stages {
		if s == "astgen" || s == "astopt" || s == "vector" || s == "emit" {
			t.Errorf("stages %v: %s ran after the cancellation", stages, s)
		}
	}
}
