package bench

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"text/tabwriter"
)

// Roofline compares the matrix-product (C += A*B) GFLOP/s of every flow
// with OpenBLAS's dgemm and with the core's measured FMA peak.
type Roofline struct {
	NI      int64           `json:"ni"`
	NJ      int64           `json:"nj"`
	NK      int64           `json:"nk"`
	Entries []RooflineEntry `json:"entries"`
	// Peak is the FMA-throughput loop's measurement (MeasurePeak).
	Peak *Peak `json:"peak,omitempty"`
}

// RooflineEntry is one line of the roofline table.
type RooflineEntry struct {
	Name   string  `json:"name"`   // a flow name, or "openblas"
	Status string  `json:"status"` // StatusOK, a failure status, or StatusSkipped
	Median float64 `json:"median_s"`
	GFlops float64 `json:"gflops"`
	// CPUMedian is the median CPU time of the runs (0 when the program
	// does not report it) and CPUGFlops the rate over it.
	CPUMedian float64 `json:"cpu_median_s,omitempty"`
	CPUGFlops float64 `json:"cpu_gflops,omitempty"`
	// OfPeak is the rate over the peak's and OfBLAS over OpenBLAS's (0
	// without both): per CPU second when both sides have a CPU time
	// (Peak.CPUGFlops, the entries' CPUGFlops), else wall-clock.
	OfPeak  float64 `json:"of_peak,omitempty"`
	OfBLAS  float64 `json:"of_openblas,omitempty"`
	Message string  `json:"message,omitempty"`
}

// blasDriver times cblas_dgemm on the gemm kernel's sizes (given with
// -DNI= -DNJ= -DNK=) and prints the wall-clock and CPU time like the
// kernels do.
const blasDriver = `#include <cblas.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now(clockid_t c)
{
  struct timespec ts;
  clock_gettime(c, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

int main(void)
{
  double *A = malloc(sizeof(double) * (size_t)NI * NK);
  double *B = malloc(sizeof(double) * (size_t)NK * NJ);
  double *C = malloc(sizeof(double) * (size_t)NI * NJ);
  if (!A || !B || !C)
    return 2;
  for (long i = 0; i < (long)NI * NK; i++)
    A[i] = (double)(i % 97) / 97;
  for (long i = 0; i < (long)NK * NJ; i++)
    B[i] = (double)(i % 89) / 89;
  for (long i = 0; i < (long)NI * NJ; i++)
    C[i] = (double)(i % 53) / 53;
  double t0 = now(CLOCK_MONOTONIC), c0 = now(CLOCK_PROCESS_CPUTIME_ID);
  cblas_dgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, NI, NJ, NK,
              1.25, A, NK, B, NJ, 0.75, C, NJ);
  double t = now(CLOCK_MONOTONIC) - t0, c = now(CLOCK_PROCESS_CPUTIME_ID) - c0;
  fprintf(stderr, "tessera-time: %.9f\ntessera-cpu: %.9f\n", t, c);
  printf("%.17g\n", C[0] + C[(long)NI * NJ - 1]);
  return 0;
}
`

// cblasIncludeDirs are searched for cblas.h.
var cblasIncludeDirs = []string{
	"/usr/include/x86_64-linux-gnu",
	"/usr/include",
	"/usr/include/openblas",
	"/usr/include/x86_64-linux-gnu/openblas-pthread",
	"/usr/include/x86_64-linux-gnu/openblas64-pthread",
	"/usr/local/include",
	"/opt/OpenBLAS/include",
}

// FindCBLAS returns the directory holding cblas.h, or "".
func FindCBLAS() string {
	for _, d := range cblasIncludeDirs {
		if _, err := os.Stat(filepath.Join(d, "cblas.h")); err == nil {
			return d
		}
	}
	return ""
}

func (r *runner) roofline(ctx context.Context, rep *Report) *Roofline {
	sizes, err := Sizes("gemm", r.cfg.Dataset)
	if err != nil {
		return nil
	}
	rl := &Roofline{NI: sizes["NI"], NJ: sizes["NJ"], NK: sizes["NK"]}
	flops := 2 * float64(rl.NI) * float64(rl.NJ) * float64(rl.NK)
	for _, f := range rep.Flows {
		c, ok := rep.Cell("gemm", f)
		if !ok {
			continue
		}
		e := RooflineEntry{Name: f, Status: c.Status, Median: c.Median, CPUMedian: c.CPUMedian}
		if c.Status == StatusOK && c.Median > 0 {
			e.GFlops = flops / c.Median / 1e9
		}
		if c.Status == StatusOK && c.CPUMedian > 0 {
			e.CPUGFlops = flops / c.CPUMedian / 1e9
		}
		rl.Entries = append(rl.Entries, e)
	}
	rl.Entries = append(rl.Entries, r.runBLAS(ctx, rl, flops))
	rl.Peak = rep.Peak
	if rl.Peak == nil {
		rl.Peak = MeasurePeak(ctx, r.cfg.Compiler, r.work, r.peakIters(), r.cfg.Runs)
	}
	rl.fractions()
	return rl
}

// peakIters scales the peak loop with the dataset, so that a MINI run
// stays short.
func (r *runner) peakIters() int64 {
	switch r.cfg.Dataset {
	case "MINI", "SMALL":
		return PeakIters / 100
	}
	return PeakIters
}

// fractions fills OfPeak and OfBLAS.
func (rl *Roofline) fractions() {
	var blas *RooflineEntry
	for i, e := range rl.Entries {
		if e.Name == "openblas" && e.Status == StatusOK {
			blas = &rl.Entries[i]
		}
	}
	// ratio is a over b per CPU second when both have it, else per
	// wall-clock second; 0 when a has no rate.
	ratio := func(aCPU, aWall, bCPU, bWall float64) float64 {
		switch {
		case aCPU > 0 && bCPU > 0:
			return aCPU / bCPU
		case aWall > 0 && bWall > 0:
			return aWall / bWall
		}
		return 0
	}
	for i := range rl.Entries {
		e := &rl.Entries[i]
		if e.GFlops <= 0 {
			continue
		}
		if rl.Peak != nil && rl.Peak.Status == StatusOK {
			e.OfPeak = ratio(e.CPUGFlops, e.GFlops, rl.Peak.CPUGFlops, rl.Peak.GFlops)
		}
		if blas != nil {
			e.OfBLAS = ratio(e.CPUGFlops, e.GFlops, blas.CPUGFlops, blas.GFlops)
		}
	}
}

func (r *runner) runBLAS(ctx context.Context, rl *Roofline, flops float64) RooflineEntry {
	e := RooflineEntry{Name: "openblas"}
	inc := FindCBLAS()
	if inc == "" {
		e.Status, e.Message = StatusSkipped, "cblas.h not found (install libopenblas-dev)"
		return e
	}
	dir := filepath.Join(r.work, "roofline-openblas")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		e.Status, e.Message = StatusBuildFail, err.Error()
		return e
	}
	if err := os.WriteFile(filepath.Join(dir, "dgemm.c"), []byte(blasDriver), 0o644); err != nil {
		e.Status, e.Message = StatusBuildFail, err.Error()
		return e
	}
	cc := strings.Fields(r.cfg.Compiler)
	args := append([]string{}, cc[1:]...)
	args = append(args, "-I"+inc,
		"-DNI="+strconv.FormatInt(rl.NI, 10), "-DNJ="+strconv.FormatInt(rl.NJ, 10), "-DNK="+strconv.FormatInt(rl.NK, 10),
		"dgemm.c", "-o", "prog", "-lopenblas", "-lm")
	if out, err := r.command(ctx, dir, nil, cc[0], args...); err != nil {
		e.Status, e.Message = StatusSkipped, fmt.Sprintf("cannot build against OpenBLAS: %v: %s", err, tail(out, 500))
		return e
	}
	env := append(os.Environ(),
		"OMP_NUM_THREADS="+strconv.Itoa(r.cfg.Threads),
		"OPENBLAS_NUM_THREADS="+strconv.Itoa(r.cfg.Threads))
	var times, cpus []float64
	for i := 0; i <= r.cfg.Runs; i++ {
		_, t, c, err := r.runProgram(ctx, dir, env)
		if err != nil {
			e.Status, e.Message = StatusRunFail, err.Error()
			return e
		}
		if i > 0 {
			times = append(times, t)
			if c > 0 {
				cpus = append(cpus, c)
			}
		}
	}
	e.Status = StatusOK
	e.Median = median(times)
	if e.Median > 0 {
		e.GFlops = flops / e.Median / 1e9
	}
	if len(cpus) == len(times) {
		e.CPUMedian = median(cpus)
	}
	if e.CPUMedian > 0 {
		e.CPUGFlops = flops / e.CPUMedian / 1e9
	}
	return e
}

// WriteText prints the roofline table.
func (rl *Roofline) WriteText(w io.Writer) {
	fmt.Fprintf(w, "gemm roofline (%dx%dx%d, 2*NI*NJ*NK flops):\n", rl.NI, rl.NJ, rl.NK)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "code\ttime(s)\tcpu(s)\tGFLOP/s\tper cpu s\tof peak\tof openblas\tstatus\t")
	frac := func(f float64) string {
		if f <= 0 {
			return "-"
		}
		return strconv.FormatFloat(100*f, 'f', 1, 64) + "%"
	}
	rate := func(g float64) string {
		if g <= 0 {
			return "-"
		}
		return strconv.FormatFloat(g, 'f', 2, 64)
	}
	for _, e := range rl.Entries {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t\n", e.Name, fmtSeconds(e.Median), fmtSeconds(e.CPUMedian), rate(e.GFlops), rate(e.CPUGFlops), frac(e.OfPeak), frac(e.OfBLAS), e.Status)
	}
	tw.Flush()
	fmt.Fprintln(w, "(of peak and of openblas per CPU second where both sides report CPU time, else wall-clock)")
	if rl.Peak != nil {
		fmt.Fprintln(w, rl.Peak.String())
	}
	for _, e := range rl.Entries {
		if e.Message != "" {
			fmt.Fprintf(w, "  %s: %s\n", e.Name, e.Message)
		}
	}
}
