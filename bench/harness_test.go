package bench

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
)

func TestCompareOutputs(t *testing.T) {
	full := "tessera-array A 3 full\n1 2 3\ntessera-end A\n"
	sum := "tessera-array A 100000 checksum\nsum 0.5\nabssum 1000\nwsum 3000\nsample 0 0.01\ntessera-end A\n"
	for _, tc := range []struct {
		name       string
		want, got  string
		rtol       float64
		wantsMatch bool
	}{
		{"equal exact", full, full, 0, true},
		{"differ exact", full, "tessera-array A 3 full\n1 2 3.0000000000000004\ntessera-end A\n", 0, false},
		{"within rtol", full, "tessera-array A 3 full\n1 2 3.0000000000000004\ntessera-end A\n", 1e-9, true},
		{"outside rtol", full, "tessera-array A 3 full\n1 2 3.001\ntessera-end A\n", 1e-9, false},
		{"small value scaled by array", "tessera-array A 2 full\n1e-14 1000\ntessera-end A\n", "tessera-array A 2 full\n2e-14 1000\ntessera-end A\n", 1e-9, true},
		{"structure differs", full, "tessera-array B 3 full\n1 2 3\ntessera-end B\n", 1e-9, false},
		{"line count differs", full, "tessera-array A 3 full\n1 2 3\n", 1e-9, false},
		{"nan never matches", full, "tessera-array A 3 full\n1 2 nan\ntessera-end A\n", 1e-9, false},
		{"cancelled sum scaled by abssum", sum, strings.Replace(sum, "sum 0.5", "sum 0.5000001", 1), 1e-9, true},
		{"sum wrong", sum, strings.Replace(sum, "sum 0.5", "sum 0.6", 1), 1e-9, false},
		{"sample scaled by mean", sum, strings.Replace(sum, "sample 0 0.01", "sample 0 0.0100000000001", 1), 1e-9, true},
		{"sample wrong", sum, strings.Replace(sum, "sample 0 0.01", "sample 0 0.02", 1), 1e-9, false},
	} {
		msg := CompareOutputs([]byte(tc.want), []byte(tc.got), tc.rtol)
		if (msg == "") != tc.wantsMatch {
			t.Errorf("%s: CompareOutputs = %q, want match %v", tc.name, msg, tc.wantsMatch)
		}
	}
}

func TestParseFlow(t *testing.T) {
	for _, tc := range []struct {
		spec         string
		kind         FlowKind
		name         string
		flags        string
		omp, reassoc bool
		err          bool
	}{
		{spec: "identity", kind: Tessera, name: "identity", flags: "--identity"},
		{spec: "tile", kind: Tessera, name: "tile", reassoc: true},
		{spec: "scalar", kind: Tessera, name: "scalar", flags: "--novectorize"},
		{spec: "nv=tessera:--vectorize=false --parallel", kind: Tessera, name: "nv", flags: "--vectorize=false --parallel", omp: true, reassoc: true},
		{spec: "idv=tessera:--identity --vectorize", kind: Tessera, name: "idv", flags: "--identity --vectorize", reassoc: true},
		{spec: "parallel", kind: Tessera, name: "parallel", flags: "--parallel", omp: true, reassoc: true},
		{spec: "baseline", kind: Baseline, name: "baseline"},
		{spec: "vec=tessera:--vectorize --tile-size=32", kind: Tessera, name: "vec", flags: "--vectorize --tile-size=32", reassoc: true},
		{spec: "polly=clang -O3 -mllvm -polly", kind: External, name: "polly", reassoc: true},
		{spec: "nosuch", err: true},
		{spec: "bad name=gcc", err: true},
		{spec: "baseline=gcc", err: true},
		{spec: "empty=", err: true},
	} {
		f, err := ParseFlow(tc.spec)
		if (err != nil) != tc.err {
			t.Errorf("ParseFlow(%q) error %v, want error %v", tc.spec, err, tc.err)
			continue
		}
		if tc.err {
			continue
		}
		if f.Kind != tc.kind || f.Name != tc.name || strings.Join(f.TesseraFlags, " ") != tc.flags || f.OpenMP() != tc.omp || f.Reassociates != tc.reassoc {
			t.Errorf("ParseFlow(%q) = %+v", tc.spec, f)
		}
	}
}

func TestParseTime(t *testing.T) {
	if v, err := ParseTime([]byte("warning\ntessera-time: 1.5\n")); err != nil || v != 1.5 {
		t.Errorf("got %v %v", v, err)
	}
	if _, err := ParseTime([]byte("nothing\n")); err == nil {
		t.Error("want error")
	}
	if _, err := ParseTime([]byte("tessera-time: x\n")); err == nil {
		t.Error("want error")
	}
	if v, err := ParseCPUTime([]byte("tessera-time: 2\ntessera-cpu: 0.25\n")); err != nil || v != 0.25 {
		t.Errorf("cpu: got %v %v", v, err)
	}
}

func TestTolerances(t *testing.T) {
	gemm, _ := KernelByName("gemm")
	durbin, _ := KernelByName("durbin")
	floyd, _ := KernelByName("floyd-warshall")
	par, _ := ParseFlow("parallel")
	tile, _ := ParseFlow("scalar")
	for _, tc := range []struct {
		strict bool
		k      Kernel
		f      Flow
		want   float64
		run    float64
	}{
		{false, gemm, BaselineFlow(), 0, 0},
		{false, gemm, tile, RelTolFP, 0},
		{true, gemm, tile, 0, 0},
		{false, gemm, par, RelTolFP, RelTolFP},
		{true, gemm, par, RelTolFP, RelTolFP},
		{false, durbin, tile, RelTolLoose, 0},
		{false, floyd, par, 0, 0},
	} {
		r := &runner{cfg: Config{Strict: tc.strict}}
		if got := r.rtol(tc.k, tc.f); got != tc.want {
			t.Errorf("strict=%v %s/%s: rtol %g, want %g", tc.strict, tc.k.Name, tc.f.Name, got, tc.want)
		}
		if got := r.runTolerance(tc.k, tc.f); got != tc.run {
			t.Errorf("strict=%v %s/%s: run tolerance %g, want %g", tc.strict, tc.k.Name, tc.f.Name, got, tc.run)
		}
	}
}

func TestMedian(t *testing.T) {
	if m := median([]float64{3, 1, 2}); m != 2 {
		t.Error(m)
	}
	if m := median([]float64{4, 1, 2, 3}); m != 2.5 {
		t.Error(m)
	}
}

// TestRunBaselineAllMINI runs the baseline flow on the suite at MINI
// (shared with TestKernelsRunMINI: every kernel under TESSERA_LONG=1, one
// in 2 in plain go test) and checks the report and progress.
func TestRunBaselineAllMINI(t *testing.T) {
	rep := baselineMINI(t)
	n := len(miniKernels())
	if len(rep.Results) != n {
		t.Fatalf("%d results, want %d", len(rep.Results), n)
	}
	for _, r := range rep.Results {
		if r.Status != StatusOK || r.Speedup != 1 || r.Median <= 0 || len(r.Times) != 1 || r.Flops <= 0 {
			t.Errorf("%s: %+v", r.Kernel, r)
		}
	}
	if len(rep.Summary) != 1 || rep.Summary[0].GeoMean != 1 || rep.Summary[0].OK != n {
		t.Errorf("summary %+v", rep.Summary)
	}
	progress := miniProgress
	if !strings.Contains(progress, fmt.Sprintf("kernel %d of %d", n, n)) || !strings.Contains(progress, "remaining") {
		t.Errorf("progress:\n%s", progress)
	}
}

// fakeTessera writes a shell script that behaves like `tessera opt IN -o
// OUT` by running sed on the input (script "" = plain copy).
func fakeTessera(t *testing.T, sedScript string) string {
	t.Helper()
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh")
	}
	p := filepath.Join(t.TempDir(), "fake-tessera")
	body := `#!/bin/sh
# fake tessera for the harness tests: opt [flags] IN -o OUT
[ "$1" = opt ] || { echo "fake-tessera: only opt" >&2; exit 2; }
shift
in=""; out=""
while [ $# -gt 0 ]; do
  case "$1" in
    -o) out="$2"; shift 2;;
    --fail) echo "fake-tessera: error: asked to fail" >&2; exit 1;;
    -*) shift;;
    *) in="$1"; shift;;
  esac
done
sed -e '` + sedScript + `' "$in" > "$out"
`
	if err := os.WriteFile(p, []byte(body), 0o755); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestRunReportsWrongOutput checks that flows whose output differs from the
// baseline's are WRONG with no speedup, and that good flows get one.
func TestRunReportsWrongOutput(t *testing.T) {
	needGCC(t)
	// The fake tessera drops the last k iteration of gemm: wrong code.
	wrongOpt := fakeTessera(t, `s/k < NK;/k < NK - 1;/`)
	// -O1 keeps the test fast; the baseline uses the same command.
	perturb := Flow{Name: "perturb", Kind: External, Compiler: "gcc -O1", ExtraCFlags: []string{"-DPERTURB"}, Reassociates: true}
	perturbExact := Flow{Name: "perturb-exact", Kind: External, Compiler: "gcc -O1", ExtraCFlags: []string{"-DPERTURB"}}
	same := Flow{Name: "same", Kind: External, Compiler: "gcc -O1"}
	rep, err := Run(context.Background(), Config{
		Kernels:  []string{"gemm", "floyd-warshall"},
		Dataset:  "MINI",
		Runs:     1,
		Tessera:  wrongOpt,
		Compiler: "gcc -O1",
		Strict:   true,
		Jobs:     runtime.NumCPU(),
		Flows:    []Flow{TesseraFlow("dropk", "--whatever"), perturb, perturbExact, same},
	})
	if err != nil {
		t.Fatal(err)
	}
	check := func(kernel, flow, status string) {
		t.Helper()
		c, ok := rep.Cell(kernel, flow)
		if !ok {
			t.Fatalf("no cell %s/%s", kernel, flow)
		}
		if c.Status != status {
			t.Errorf("%s/%s: status %s (%s), want %s", kernel, flow, c.Status, c.Message, status)
		}
		if status == StatusWrong && (c.Speedup != 0 || c.Message == "") {
			t.Errorf("%s/%s: WRONG cell with speedup %v, message %q", kernel, flow, c.Speedup, c.Message)
		}
		if status == StatusOK && c.Speedup <= 0 {
			t.Errorf("%s/%s: OK cell without speedup", kernel, flow)
		}
	}
	check("gemm", "dropk", StatusWrong)
	check("gemm", "perturb", StatusWrong)
	check("gemm", "perturb-exact", StatusWrong)
	check("gemm", "same", StatusOK)
	check("floyd-warshall", "dropk", StatusOK) // no "k < NK;" in it: unchanged
	check("floyd-warshall", "perturb", StatusWrong)
	if c, _ := rep.Cell("gemm", "dropk"); c.OptTime <= 0 {
		t.Errorf("no opt time recorded")
	}
	for _, s := range rep.Summary {
		if s.Flow == "perturb" && (s.Wrong != 2 || s.GeoMean != 0) {
			t.Errorf("perturb summary %+v", s)
		}
	}
}

// TestRunFailuresContinue checks that a failing tessera, a compile error
// and a missing external compiler are reported and the run goes on.
func TestRunFailuresContinue(t *testing.T) {
	needGCC(t)
	broken := fakeTessera(t, `s/#pragma scop/#pragma scop\nthis is not C;/`)
	rep, err := Run(context.Background(), Config{
		Kernels:  []string{"atax", "bicg"},
		Dataset:  "MINI",
		Runs:     1,
		Tessera:  broken,
		Compiler: "gcc -O1",
		Jobs:     runtime.NumCPU(),
		Flows: []Flow{
			TesseraFlow("garbage"),
			TesseraFlow("fails", "--fail"),
			{Name: "nocc", Kind: External, Compiler: "no-such-compiler-xyz -O3"},
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"atax", "bicg"} {
		for flow, want := range map[string]string{"baseline": StatusOK, "garbage": StatusBuildFail, "fails": StatusOptFail, "nocc": StatusSkipped} {
			c, _ := rep.Cell(k, flow)
			if c.Status != want {
				t.Errorf("%s/%s: %s, want %s (%s)", k, flow, c.Status, want, c.Message)
			}
			if want != StatusOK && c.Message == "" {
				t.Errorf("%s/%s: no message", k, flow)
			}
		}
	}
	if c, _ := rep.Cell("atax", "garbage"); !strings.Contains(c.Message, "error") {
		t.Errorf("compiler message not kept: %q", c.Message)
	}
	if c, _ := rep.Cell("atax", "fails"); !strings.Contains(c.Message, "asked to fail") {
		t.Errorf("tessera message not kept: %q", c.Message)
	}
}

func TestRunConfigErrors(t *testing.T) {
	if _, err := Run(context.Background(), Config{Dataset: "HUGE"}); err == nil {
		t.Error("bad dataset accepted")
	}
	if _, err := Run(context.Background(), Config{Kernels: []string{"nosuch"}, Dataset: "MINI"}); err == nil {
		t.Error("bad kernel accepted")
	}
	if _, err := Run(context.Background(), Config{Dataset: "MINI", Flows: []Flow{TesseraFlow("a"), TesseraFlow("a")}}); err == nil {
		t.Error("duplicate flow accepted")
	}
}

// sampleReport is a hand-made report for the output formats.
func sampleReport() *Report {
	rep := &Report{Dataset: "MINI", Runs: 1, Threads: 2, Compiler: "gcc -O3", Flows: []string{"baseline", "tile", "bad"}}
	rep.Results = []Result{
		{Kernel: "gemm", Dataset: "MINI", Flow: "baseline", Status: StatusOK, Median: 0.02, Speedup: 1, Flops: 1e6},
		{Kernel: "gemm", Dataset: "MINI", Flow: "tile", Status: StatusOK, Median: 0.01, Speedup: 2, Flops: 1e6, OptTime: 0.1},
		{Kernel: "gemm", Dataset: "MINI", Flow: "bad", Status: StatusWrong, Median: 0.01, Message: "line 2: x, baseline y"},
		{Kernel: "lu", Dataset: "MINI", Flow: "baseline", Status: StatusOK, Median: 0.02, Speedup: 1},
		{Kernel: "lu", Dataset: "MINI", Flow: "tile", Status: StatusOK, Median: 0.04, Speedup: 0.5},
		{Kernel: "lu", Dataset: "MINI", Flow: "bad", Status: StatusBuildFail, Message: "lu.c:1: error: nope\nmore"},
	}
	rep.summarize()
	return rep
}

func TestReportFormats(t *testing.T) {
	rep := sampleReport()
	for _, s := range rep.Summary {
		if s.Flow == "tile" && (s.GeoMean < 0.999 || s.GeoMean > 1.001 || s.OK != 2) {
			t.Errorf("tile geomean %+v, want 1", s)
		}
		if s.Flow == "bad" && (s.GeoMean != 0 || s.Wrong != 1 || s.Failed != 1) {
			t.Errorf("bad summary %+v", s)
		}
	}
	var text bytes.Buffer
	if err := rep.WriteText(&text); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"2.00x", "WRONG", "BUILD-FAIL", "geomean", "lu.c:1: error: nope", "1.000x"} {
		if !strings.Contains(text.String(), want) {
			t.Errorf("text report lacks %q:\n%s", want, text.String())
		}
	}
	var js bytes.Buffer
	if err := rep.WriteJSON(&js); err != nil {
		t.Fatal(err)
	}
	var back Report
	if err := json.Unmarshal(js.Bytes(), &back); err != nil || len(back.Results) != 6 || back.Results[1].Speedup != 2 {
		t.Errorf("JSON round trip: %v %+v", err, back)
	}
	var cs bytes.Buffer
	if err := rep.WriteCSV(&cs); err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(&cs).ReadAll()
	if err != nil || len(rows) != 7 || strings.Join(rows[0], ",") != strings.Join(CSVHeader, ",") {
		t.Errorf("CSV: %v %v", err, rows)
	}
	var svg bytes.Buffer
	if err := rep.WritePlot(&svg); err != nil {
		t.Fatal(err)
	}
	dec := xml.NewDecoder(bytes.NewReader(svg.Bytes()))
	rects := 0
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("SVG is not XML: %v\n%s", err, svg.String())
		}
		if se, ok := tok.(xml.StartElement); ok && se.Name.Local == "rect" {
			rects++
		}
	}
	if rects < 3 || !strings.Contains(svg.String(), "gemm / tile: 2.00x") {
		t.Errorf("SVG has %d rects:\n%s", rects, svg.String())
	}
}

func TestMainCommand(t *testing.T) {
	needGCC(t)
	var so, se bytes.Buffer
	if code := Main([]string{"--list", "--dataset", "LARGE"}, &so, &se); code != 0 || !strings.Contains(so.String(), "floyd-warshall") {
		t.Errorf("--list: %d %s %s", code, so.String(), se.String())
	}
	so.Reset()
	if code := Main([]string{"--list", "--json", "--dataset", "MINI"}, &so, &se); code != 0 {
		t.Errorf("--list --json: %d %s", code, se.String())
	}
	var listed []map[string]any
	if err := json.Unmarshal(so.Bytes(), &listed); err != nil || len(listed) != len(Manifest) || listed[0]["name"] != "gemm" || listed[0]["sizes"] == nil {
		t.Errorf("--list --json: %v %.300s", err, so.String())
	}
	so.Reset()
	se.Reset()
	plot := filepath.Join(t.TempDir(), "out.svg")
	code := Main([]string{"--kernels", "gemm", "--dataset", "mini", "--runs", "1", "--flows", "baseline", "--compiler", "gcc -O1", "--quiet",
		"--flow", "wrong=gcc -O2 -DPERTURB", "--csv", "--plot", plot}, &so, &se)
	if code != 1 {
		t.Errorf("exit %d, want 1 for a WRONG flow; stderr:\n%s", code, se.String())
	}
	if !strings.Contains(so.String(), "gemm,linear-algebra,MINI,wrong,WRONG") {
		t.Errorf("CSV:\n%s", so.String())
	}
	if b, err := os.ReadFile(plot); err != nil || !bytes.HasPrefix(b, []byte("<svg")) {
		t.Errorf("plot: %v", err)
	}
	for _, bad := range [][]string{{"--dataset", "HUGE"}, {"--flows", "nosuch"}, {"--flow", "x y=gcc"}, {"extra"}, {"--json", "--csv"}} {
		if code := Main(bad, io.Discard, io.Discard); code != 2 {
			t.Errorf("Main(%q) = %d, want 2", bad, code)
		}
	}
}

// tesseraOrSkip builds cmd/tessera and checks that it supports opt;
// otherwise the test is skipped (tessera is developed alongside).
func tesseraOrSkip(t *testing.T) string {
	t.Helper()
	needGCC(t)
	root, err := FindModuleRoot()
	if err != nil {
		t.Skip(err)
	}
	if _, err := os.Stat(filepath.Join(root, "cmd", "tessera")); err != nil {
		t.Skip("cmd/tessera does not exist yet")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "tessera")
	// No wall-clock limit on the build: on a loaded machine it may take
	// minutes, and a limit would turn that into a skip (go test's own
	// -timeout still bounds a hang).
	ctx := context.Background()
	cmd := exec.CommandContext(ctx, "go", "build", "-o", bin, "./cmd/tessera")
	cmd.Dir = root
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Skipf("cmd/tessera does not build: %v\n%s", err, out)
	}
	// `tessera opt` without a file prints its usage; an unknown command
	// says so.
	out, _ := exec.CommandContext(ctx, bin, "opt").CombinedOutput()
	if !strings.Contains(string(out), "tessera opt") || strings.Contains(string(out), "unknown command") {
		t.Skipf("tessera has no opt command yet:\n%s", out)
	}
	return bin
}

// TestTesseraFlowsMINI runs the real tessera flows (identity, tile,
// parallel) at MINI in strict mode (no FMA contraction, so identity and
// tile must print the baseline's bytes) and fails on any WRONG output (tessera must never emit
// wrong code); failures to optimize are only logged. Set
// TESSERA_BENCH_FULL=1 for the whole suite.
func TestTesseraFlowsMINI(t *testing.T) {
	bin := tesseraOrSkip(t)
	// Small scops keep plain `go test` fast (tessera opt's self-check
	// costs seconds on bigger ones).
	kernels := []string{"mvt", "trisolv", "atax"}
	if os.Getenv("TESSERA_BENCH_FULL") != "" {
		kernels = nil
	}
	var flows []Flow
	for _, n := range DefaultFlowNames {
		f, _ := ParseFlow(n)
		flows = append(flows, f)
	}
	rep, err := Run(context.Background(), Config{Kernels: kernels, Dataset: "MINI", Runs: 1, Tessera: bin, Flows: flows, Jobs: runtime.NumCPU(), Timeout: 3 * time.Minute, Strict: true, WorkDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rep.Results {
		switch r.Status {
		case StatusOK:
		case StatusWrong:
			t.Errorf("%s/%s: WRONG output: %s", r.Kernel, r.Flow, r.Message)
		default:
			t.Logf("%s/%s: %s: %s", r.Kernel, r.Flow, r.Status, r.Message)
		}
	}
}

// TestRoofline checks the gemm roofline mode: the flows' GFLOP/s, and
// OpenBLAS's when cblas.h and the library are installed.
func TestRoofline(t *testing.T) {
	needGCC(t)
	rep, err := Run(context.Background(), Config{Kernels: []string{"atax"}, Dataset: "MINI", Runs: 1, Flows: []Flow{}, Roofline: true, Compiler: "gcc -O1"})
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := rep.Cell("gemm", "baseline"); !ok {
		t.Fatal("roofline mode did not add gemm")
	}
	rl := rep.Roofline
	if rl == nil || len(rl.Entries) != 2 || rl.NI != 20 {
		t.Fatalf("roofline %+v", rl)
	}
	if e := rl.Entries[0]; e.Name != "baseline" || e.Status != StatusOK || e.GFlops <= 0 {
		t.Errorf("baseline entry %+v", e)
	}
	if rl.Peak == nil || rl.Peak.Status != StatusOK || rl.Peak.GFlops <= 0 || rl.Entries[0].OfPeak <= 0 {
		t.Errorf("peak %+v, baseline %+v", rl.Peak, rl.Entries[0])
	}
	blas := rl.Entries[1]
	if FindCBLAS() == "" {
		if blas.Status != StatusSkipped {
			t.Errorf("no cblas.h but openblas entry %+v", blas)
		}
		t.Skip("cblas.h not installed: OpenBLAS part not checked")
	}
	if blas.Status != StatusOK && blas.Status != StatusSkipped {
		t.Errorf("openblas entry %+v", blas)
	}
	if blas.Status == StatusOK && blas.GFlops <= 0 {
		t.Errorf("openblas entry %+v", blas)
	}
	var text bytes.Buffer
	rep.WriteText(&text)
	if !strings.Contains(text.String(), "gemm roofline") || !strings.Contains(text.String(), "openblas") {
		t.Errorf("text:\n%s", text.String())
	}
}
