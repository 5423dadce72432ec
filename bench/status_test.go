package bench

import (
	"bytes"
	"encoding/json"
	"io"
	"strings"
	"testing"
)

// TestExitStatus: WRONG output anywhere, or a flow that failed on every
// kernel, makes the exit status 1; skipped flows and partial failures
// do not.
func TestExitStatus(t *testing.T) {
	mk := func(cells map[string][]string) *Report {
		rep := &Report{}
		for flow, sts := range cells {
			rep.Flows = append(rep.Flows, flow)
			for i, st := range sts {
				rep.Results = append(rep.Results, Result{Kernel: string(rune('a' + i)), Flow: flow, Status: st, Speedup: 1})
			}
		}
		rep.summarize()
		return rep
	}
	for _, tc := range []struct {
		cells map[string][]string
		want  int
		why   string
	}{
		{map[string][]string{"baseline": {StatusOK, StatusOK}, "tile": {StatusOK, StatusOptFail}}, 0, ""},
		{map[string][]string{"baseline": {StatusOK, StatusOK}, "polly": {StatusSkipped, StatusSkipped}}, 0, ""},
		{map[string][]string{"baseline": {StatusOK, StatusOK}, "tile": {StatusOptFail, StatusBuildFail}}, 1, "flow tile failed on every kernel"},
		{map[string][]string{"baseline": {StatusRunFail}, "tile": {StatusUnchecked}}, 1, "flow baseline failed on every kernel"},
		{map[string][]string{"baseline": {StatusOK, StatusOK}, "tile": {StatusOK, StatusWrong}}, 1, "flow tile printed WRONG output for 1 kernel(s)"},
	} {
		var why strings.Builder
		if got := mk(tc.cells).ExitStatus(&why); got != tc.want || !strings.Contains(why.String(), tc.why) {
			t.Errorf("%v: status %d (%q), want %d (%q)", tc.cells, got, why.String(), tc.want, tc.why)
		}
	}
}

// TestGeoMeanNull: a flow without any speedup to average has a JSON
// geomean of null, not 0.
func TestGeoMeanNull(t *testing.T) {
	rep := sampleReport()
	rep.Flows = append(rep.Flows, "none")
	rep.Results = append(rep.Results, Result{Kernel: "gemm", Flow: "none", Status: StatusOptFail})
	rep.summarize()
	var js bytes.Buffer
	if err := rep.WriteJSON(&js); err != nil {
		t.Fatal(err)
	}
	var back struct {
		Summary []map[string]any `json:"summary"`
	}
	if err := json.Unmarshal(js.Bytes(), &back); err != nil {
		t.Fatal(err)
	}
	got := map[string]any{}
	for _, s := range back.Summary {
		got[s["flow"].(string)] = s["geomean_speedup"]
		if _, ok := s["ok"]; !ok {
			t.Errorf("summary of %v lacks its other fields", s["flow"])
		}
	}
	if got["none"] != nil || got["bad"] != nil {
		t.Errorf("geomean of flows without data: %v, %v; want null", got["none"], got["bad"])
	}
	if g, ok := got["tile"].(float64); !ok || g < 0.999 || g > 1.001 {
		t.Errorf("geomean of tile: %v, want 1", got["tile"])
	}
}

// TestProgressLine: on a terminal the progress lines rewrite one line in
// place (cut to the width) and end with a newline; anything else gets
// the plain lines.
func TestProgressLine(t *testing.T) {
	var buf bytes.Buffer
	if w, _ := progressWriter(&buf); w != io.Writer(&buf) {
		t.Errorf("a buffer got a live line")
	}
	l := &liveLine{w: &buf, width: 20}
	io.WriteString(l, "bench: kernel 1 of 2\n")
	io.WriteString(l, "bench: kernel 2 of 2, elapsed 1s, about 0s remaining\n")
	l.finish()
	l.finish()
	want := "\rbench: kernel 1 of \x1b[K\rbench: kernel 2 of \x1b[K\n"
	if buf.String() != want {
		t.Errorf("live line %q, want %q", buf.String(), want)
	}
}
