package bench

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"text/tabwriter"
)

// Result is one cell of the report: one kernel built and run by one flow.
type Result struct {
	Kernel   string    `json:"kernel"`
	Category string    `json:"category"`
	Dataset  string    `json:"dataset"`
	Flow     string    `json:"flow"`
	Status   string    `json:"status"`            // StatusOK, StatusWrong, ...
	Median   float64   `json:"median_s"`          // median kernel time in seconds (0 when not run)
	Times    []float64 `json:"times_s,omitempty"` // every timed run
	// CPUMedian is the median CPU time of the process during the kernel
	// (all threads), from the "tessera-cpu" line; for a sequential program
	// it is less disturbed by other load than Median.
	CPUMedian float64 `json:"cpu_median_s"`
	// Speedup is baseline median / this median; 0 unless Status is OK
	// (a WRONG cell never gets a speedup). The baseline's is 1.
	Speedup   float64 `json:"speedup"`
	Flops     float64 `json:"flops"`        // from the manifest formula
	OptTime   float64 `json:"opt_time_s"`   // wall time of tessera opt (tessera flows)
	BuildTime float64 `json:"build_time_s"` // wall time of the C compiler
	// Exact is set on an OK cell whose output is the baseline's, byte for
	// byte (OK cells may also be within the kernel's tolerance only).
	Exact bool `json:"exact"`
	// GFlopsCPU and PeakFrac are CPUGFlops and OfPeak, filled in when
	// the report has a peak (Report.Peak).
	GFlopsCPU float64 `json:"cpu_gflops,omitempty"`
	PeakFrac  float64 `json:"of_peak,omitempty"`
	Message   string  `json:"message,omitempty"` // compiler/run error or first output difference
	OptLog    string  `json:"opt_log,omitempty"` // tessera opt's output (diagnostics), trimmed
	output    []byte  // the program's stdout (first run), for comparison
}

// GFlops returns the achieved GFLOP/s of an OK cell, else 0.
func (r Result) GFlops() float64 {
	if r.Status != StatusOK && r.Status != StatusUnchecked || r.Median <= 0 {
		return 0
	}
	return r.Flops / r.Median / 1e9
}

// CPUGFlops is the GFLOP/s of an OK cell per second of CPU time (the
// flops over the median CPU time, all threads), else 0. For a sequential
// program on a shared core it is the rate while the program ran, which
// the wall-clock rate understates.
func (r Result) CPUGFlops() float64 {
	if r.Status != StatusOK && r.Status != StatusUnchecked || r.CPUMedian <= 0 {
		return 0
	}
	return r.Flops / r.CPUMedian / 1e9
}

// setPeak records the peak in the report and fills every result's
// GFlopsCPU and PeakFrac.
func (rep *Report) setPeak(p *Peak) {
	rep.Peak = p
	for i := range rep.Results {
		r := &rep.Results[i]
		r.GFlopsCPU, r.PeakFrac = r.CPUGFlops(), r.OfPeak(p)
	}
}

// OfPeak is CPUGFlops over the measured FMA peak per CPU second
// (Peak.CPUGFlops): the fraction of one core's floating-point throughput
// the cell used while it ran (with threads, the average over the CPU
// time of all of them). 0 without a peak or a CPU time.
func (r Result) OfPeak(p *Peak) float64 {
	if p == nil || p.Status != StatusOK || p.CPUGFlops <= 0 {
		return 0
	}
	return r.CPUGFlops() / p.CPUGFlops
}

func (r *Result) fail(status, msg string) {
	r.Status = status
	r.Message = msg
}

// FlowSummary aggregates one flow over all kernels.
type FlowSummary struct {
	Flow string `json:"flow"`
	// GeoMean is the geometric mean of the speedups of the flow's OK cells
	// (0 when it has none; null in JSON).
	GeoMean float64 `json:"geomean_speedup"`
	OK      int     `json:"ok"`
	Exact   int     `json:"exact"` // OK cells that print the baseline's bytes
	Wrong   int     `json:"wrong"`
	Failed  int     `json:"failed"` // OPT-FAIL, BUILD-FAIL, RUN-FAIL
	Other   int     `json:"other"`  // SKIPPED, UNCHECKED
}

// Report is the outcome of Run.
type Report struct {
	Dataset  string        `json:"dataset"`
	Runs     int           `json:"runs"`
	Threads  int           `json:"threads"`
	Compiler string        `json:"compiler"`
	Strict   bool          `json:"strict,omitempty"`
	Tessera  string        `json:"tessera,omitempty"`
	Date     string        `json:"date"`
	Elapsed  float64       `json:"elapsed_s"`
	WorkDir  string        `json:"work_dir,omitempty"`
	Flows    []string      `json:"flows"`
	Results  []Result      `json:"results"`
	Summary  []FlowSummary `json:"summary"`
	Roofline *Roofline     `json:"roofline,omitempty"`
	// Peak is the FMA peak measured once for the report (--of-peak or
	// --roofline), nil otherwise; with it each result has of_peak.
	Peak *Peak `json:"peak,omitempty"`
	// PolyBench is the root of the external PolyBench/C tree the kernels
	// came from (Config.PolyBench), empty for the built-in suite.
	PolyBench string `json:"polybench,omitempty"`
}

// Cell returns the result of a kernel and flow.
func (rep *Report) Cell(kernel, flow string) (Result, bool) {
	for _, r := range rep.Results {
		if r.Kernel == kernel && r.Flow == flow {
			return r, true
		}
	}
	return Result{}, false
}

func (rep *Report) summarize() {
	rep.Summary = nil
	for _, f := range rep.Flows {
		s := FlowSummary{Flow: f}
		logSum, n := 0.0, 0
		for _, r := range rep.Results {
			if r.Flow != f {
				continue
			}
			switch r.Status {
			case StatusOK:
				s.OK++
				if r.Exact {
					s.Exact++
				}
				if r.Speedup > 0 {
					logSum += math.Log(r.Speedup)
					n++
				}
			case StatusWrong:
				s.Wrong++
			case StatusOptFail, StatusBuildFail, StatusRunFail:
				s.Failed++
			default:
				s.Other++
			}
		}
		if n > 0 {
			s.GeoMean = math.Exp(logSum / float64(n))
		}
		rep.Summary = append(rep.Summary, s)
	}
}

func fmtSeconds(s float64) string {
	switch {
	case s <= 0:
		return "-"
	case s < 0.01:
		return strconv.FormatFloat(s, 'e', 2, 64)
	}
	return strconv.FormatFloat(s, 'f', 4, 64)
}

func fmtSpeedup(r Result) string {
	if r.Speedup <= 0 {
		return "-"
	}
	return strconv.FormatFloat(r.Speedup, 'f', 2, 64) + "x"
}

// WriteText prints the report as aligned text tables: one row per kernel
// and flow, then the per-flow summary, then messages of failed cells.
func (rep *Report) WriteText(w io.Writer) error {
	mode := "outputs within tolerance"
	if rep.Strict {
		mode = "strict: -ffp-contract=off, exact outputs"
	}
	if rep.PolyBench != "" {
		fmt.Fprintf(w, "PolyBench/C tree %s (kernel time from -DPOLYBENCH_TIME, cpu(s) not measured; dumps compared)\n", rep.PolyBench)
	}
	fmt.Fprintf(w, "dataset %s, %d runs (median), %d threads, compiler %q, %s\n\n", rep.Dataset, rep.Runs, rep.Threads, rep.Compiler, mode)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	peak := rep.Peak != nil && rep.Peak.Status == StatusOK
	if peak {
		fmt.Fprintln(tw, "kernel\tdataset\tflow\ttime(s)\tcpu(s)\tspeedup\tGFLOP/s\tper cpu s\tof peak\topt(s)\tstatus\t")
	} else {
		fmt.Fprintln(tw, "kernel\tdataset\tflow\ttime(s)\tcpu(s)\tspeedup\tGFLOP/s\topt(s)\tstatus\t")
	}
	rate := func(g float64) string {
		if g <= 0 {
			return "-"
		}
		return strconv.FormatFloat(g, 'f', 2, 64)
	}
	for _, r := range rep.Results {
		if peak {
			of := "-"
			if f := r.OfPeak(rep.Peak); f > 0 {
				of = strconv.FormatFloat(100*f, 'f', 1, 64) + "%"
			}
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t\n", r.Kernel, r.Dataset, r.Flow,
				fmtSeconds(r.Median), fmtSeconds(r.CPUMedian), fmtSpeedup(r), rate(r.GFlops()), rate(r.CPUGFlops()), of, fmtSeconds(r.OptTime), r.Status)
			continue
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t\n", r.Kernel, r.Dataset, r.Flow,
			fmtSeconds(r.Median), fmtSeconds(r.CPUMedian), fmtSpeedup(r), rate(r.GFlops()), fmtSeconds(r.OptTime), r.Status)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	if peak {
		fmt.Fprintf(w, "%s; of peak = GFLOP/s per CPU second over the peak's\n", rep.Peak)
	} else if rep.Peak != nil {
		fmt.Fprintln(w, rep.Peak)
	}
	fmt.Fprintln(w)
	tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "flow\tgeomean speedup\tok\t(exact)\twrong\tfailed\tother\t")
	for _, s := range rep.Summary {
		g := "-"
		if s.GeoMean > 0 {
			g = strconv.FormatFloat(s.GeoMean, 'f', 3, 64) + "x"
		}
		fmt.Fprintf(tw, "%s\t%s\t%d\t%d\t%d\t%d\t%d\t\n", s.Flow, g, s.OK, s.Exact, s.Wrong, s.Failed, s.Other)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	var msgs []string
	for _, r := range rep.Results {
		if r.Status != StatusOK && r.Message != "" {
			msgs = append(msgs, fmt.Sprintf("%s/%s %s: %s", r.Kernel, r.Flow, r.Status, indent(clipLines(r.Message, 8))))
		}
	}
	if len(msgs) > 0 {
		fmt.Fprintln(w, "\nproblems:")
		for _, m := range msgs {
			fmt.Fprintln(w, "  "+m)
		}
	}
	if rep.Roofline != nil {
		fmt.Fprintln(w)
		rep.Roofline.WriteText(w)
	}
	_, err := fmt.Fprintf(w, "\nelapsed %.1fs\n", rep.Elapsed)
	return err
}

// clipLines keeps the first n lines of a message (the JSON report has all).
func clipLines(s string, n int) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	if len(lines) <= n {
		return strings.Join(lines, "\n")
	}
	return strings.Join(lines[:n], "\n") + fmt.Sprintf("\n... (%d more lines in the JSON report)", len(lines)-n)
}

func indent(s string) string {
	return strings.ReplaceAll(strings.TrimSpace(s), "\n", "\n    ")
}

// WriteJSON prints the report as indented JSON.
func (rep *Report) WriteJSON(w io.Writer) error { return writeJSON(w, rep) }

// writeJSON prints v as JSON indented by two spaces (the form of every
// JSON output of the harness).
func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// CSVHeader is the header row of WriteCSV.
var CSVHeader = []string{"kernel", "category", "dataset", "flow", "status", "median_s", "cpu_median_s", "speedup", "gflops", "opt_time_s", "build_time_s", "message", "cpu_gflops", "of_peak", "peak_cpu_gflops"}

// WriteCSV prints one row per kernel and flow.
func (rep *Report) WriteCSV(w io.Writer) error {
	cw := csv.NewWriter(w)
	if err := cw.Write(CSVHeader); err != nil {
		return err
	}
	f := func(x float64) string { return strconv.FormatFloat(x, 'g', 6, 64) }
	peakRate := 0.0
	if rep.Peak != nil && rep.Peak.Status == StatusOK {
		peakRate = rep.Peak.CPUGFlops
	}
	for _, r := range rep.Results {
		msg := r.Message
		if i := strings.IndexByte(msg, '\n'); i >= 0 {
			msg = msg[:i]
		}
		if err := cw.Write([]string{r.Kernel, r.Category, r.Dataset, r.Flow, r.Status,
			f(r.Median), f(r.CPUMedian), f(r.Speedup), f(r.GFlops()), f(r.OptTime), f(r.BuildTime), msg,
			f(r.CPUGFlops()), f(r.OfPeak(rep.Peak)), f(peakRate)}); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}
