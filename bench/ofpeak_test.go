package bench

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"math"
	"strings"
	"testing"
)

// The peak fields of the report: per-cell GFLOP/s per CPU second and the
// fraction of the peak, in text, CSV and JSON (no timing: the figures
// are set by hand).
func TestReportOfPeak(t *testing.T) {
	rep := &Report{Dataset: "LARGE", Runs: 3, Threads: 1, Compiler: "gcc -O3", Flows: []string{"baseline", "tile"},
		Results: []Result{
			{Kernel: "k", Dataset: "LARGE", Flow: "baseline", Status: StatusOK, Median: 4, CPUMedian: 2, Flops: 8e9, Speedup: 1},
			{Kernel: "k", Dataset: "LARGE", Flow: "tile", Status: StatusOK, Median: 1, CPUMedian: 0.5, Flops: 8e9, Speedup: 4},
			{Kernel: "k", Dataset: "LARGE", Flow: "scalar", Status: StatusWrong, Median: 1, CPUMedian: 0.5, Flops: 8e9},
			{Kernel: "n", Dataset: "LARGE", Flow: "tile", Status: StatusOK, Median: 1, CPUMedian: 1},
		}}
	rep.setPeak(&Peak{Status: StatusOK, Lanes: 8, Chains: 24, FMA: true, GFlops: 20, CPUGFlops: 32, Compiler: "gcc -O3 -march=native"})
	want := []struct{ cpu, frac float64 }{{4, 0.125}, {16, 0.5}, {0, 0}, {0, 0}}
	for i, w := range want {
		r := rep.Results[i]
		if math.Abs(r.GFlopsCPU-w.cpu) > 1e-12 || math.Abs(r.PeakFrac-w.frac) > 1e-12 {
			t.Errorf("result %d: cpu_gflops %v of_peak %v, want %v %v", i, r.GFlopsCPU, r.PeakFrac, w.cpu, w.frac)
		}
	}
	var text bytes.Buffer
	if err := rep.WriteText(&text); err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{"of peak", "per cpu s", "50.0%", "12.5%", "FMA peak (gcc -O3 -march=native, 8 x double, 24 chains)"} {
		if !strings.Contains(text.String(), s) {
			t.Errorf("text report lacks %q:\n%s", s, text.String())
		}
	}
	var cs bytes.Buffer
	if err := rep.WriteCSV(&cs); err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(&cs).ReadAll()
	if err != nil || len(rows) != 5 {
		t.Fatalf("csv: %v\n%s", err, cs.String())
	}
	col := map[string]int{}
	for i, h := range rows[0] {
		col[h] = i
	}
	if rows[2][col["of_peak"]] != "0.5" || rows[2][col["cpu_gflops"]] != "16" || rows[2][col["peak_cpu_gflops"]] != "32" {
		t.Errorf("csv tile row %v", rows[2])
	}
	var js bytes.Buffer
	if err := rep.WriteJSON(&js); err != nil {
		t.Fatal(err)
	}
	var back struct {
		Peak    *Peak `json:"peak"`
		Results []struct {
			OfPeak float64 `json:"of_peak"`
			CPU    float64 `json:"cpu_gflops"`
		} `json:"results"`
	}
	if err := json.Unmarshal(js.Bytes(), &back); err != nil {
		t.Fatal(err)
	}
	if back.Peak == nil || back.Peak.CPUGFlops != 32 || back.Results[1].OfPeak != 0.5 || back.Results[1].CPU != 16 {
		t.Errorf("json: %s", js.String())
	}
}

// Without a peak the text table keeps its columns and the CSV its
// peak columns at 0.
func TestReportNoPeak(t *testing.T) {
	rep := &Report{Dataset: "MINI", Runs: 1, Threads: 1, Flows: []string{"baseline"},
		Results: []Result{{Kernel: "k", Dataset: "MINI", Flow: "baseline", Status: StatusOK, Median: 1, CPUMedian: 1, Flops: 1e9, Speedup: 1}}}
	var text bytes.Buffer
	if err := rep.WriteText(&text); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(text.String(), "of peak") {
		t.Errorf("text without a peak has an of-peak column:\n%s", text.String())
	}
	if f := rep.Results[0].OfPeak(nil); f != 0 {
		t.Errorf("OfPeak(nil) = %v", f)
	}
	if f := rep.Results[0].OfPeak(&Peak{Status: StatusSkipped}); f != 0 {
		t.Errorf("OfPeak(skipped) = %v", f)
	}
}

// The roofline's fractions are per CPU second when both sides have a CPU
// time, wall-clock otherwise.
func TestRooflineFractionsCPU(t *testing.T) {
	rl := &Roofline{
		Peak: &Peak{Status: StatusOK, GFlops: 10, CPUGFlops: 40},
		Entries: []RooflineEntry{
			{Name: "tile", Status: StatusOK, GFlops: 5, CPUGFlops: 20},
			{Name: "wallonly", Status: StatusOK, GFlops: 5},
			{Name: "openblas", Status: StatusOK, GFlops: 8, CPUGFlops: 32},
		},
	}
	rl.fractions()
	type fr struct{ peak, blas float64 }
	want := []fr{{0.5, 0.625}, {0.5, 0.625}, {0.8, 1}}
	for i, w := range want {
		e := rl.Entries[i]
		if math.Abs(e.OfPeak-w.peak) > 1e-12 || math.Abs(e.OfBLAS-w.blas) > 1e-12 {
			t.Errorf("%s: of peak %v of openblas %v, want %v %v", e.Name, e.OfPeak, e.OfBLAS, w.peak, w.blas)
		}
	}
	var text bytes.Buffer
	rl.WriteText(&text)
	if !strings.Contains(text.String(), "per cpu s") || !strings.Contains(text.String(), "62.5%") {
		t.Errorf("roofline text:\n%s", text.String())
	}
}
