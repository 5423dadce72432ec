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
	// OfPeak is GFlops / Peak.GFlops (0 without both); OfBLAS is GFlops
	// over OpenBLAS's (0 without both).
	OfPeak  float64 `json:"of_peak,omitempty"`
	OfBLAS  float64 `json:"of_openblas,omitempty"`
	Message string  `json:"message,omitempty"`
}

// blasDriver times cblas_dgemm on the gemm kernel's sizes (given with
// -DNI= -DNJ= -DNK=) and prints the time like the kernels do.
const blasDriver = `#include <cblas.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
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
  double t0 = now();
  cblas_dgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, NI, NJ, NK,
              1.25, A, NK, B, NJ, 0.75, C, NJ);
  fprintf(stderr, "tessera-time: %.9f\n", now() - t0);
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
		e := RooflineEntry{Name: f, Status: c.Status, Median: c.Median}
		if c.Status == StatusOK && c.Median > 0 {
			e.GFlops = flops / c.Median / 1e9
		}
		rl.Entries = append(rl.Entries, e)
	}
	rl.Entries = append(rl.Entries, r.runBLAS(ctx, rl, flops))
	rl.Peak = MeasurePeak(ctx, r.cfg.Compiler, r.work, r.peakIters(), r.cfg.Runs)
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
	blas := 0.0
	for _, e := range rl.Entries {
		if e.Name == "openblas" && e.Status == StatusOK {
			blas = e.GFlops
		}
	}
	for i := range rl.Entries {
		e := &rl.Entries[i]
		if e.GFlops <= 0 {
			continue
		}
		if rl.Peak != nil && rl.Peak.Status == StatusOK && rl.Peak.GFlops > 0 {
			e.OfPeak = e.GFlops / rl.Peak.GFlops
		}
		if blas > 0 {
			e.OfBLAS = e.GFlops / blas
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
	var times []float64
	for i := 0; i <= r.cfg.Runs; i++ {
		_, t, _, err := r.runProgram(ctx, dir, env)
		if err != nil {
			e.Status, e.Message = StatusRunFail, err.Error()
			return e
		}
		if i > 0 {
			times = append(times, t)
		}
	}
	e.Status = StatusOK
	e.Median = median(times)
	if e.Median > 0 {
		e.GFlops = flops / e.Median / 1e9
	}
	return e
}

// WriteText prints the roofline table.
func (rl *Roofline) WriteText(w io.Writer) {
	fmt.Fprintf(w, "gemm roofline (%dx%dx%d, 2*NI*NJ*NK flops):\n", rl.NI, rl.NJ, rl.NK)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "code\ttime(s)\tGFLOP/s\tof peak\tof openblas\tstatus\t")
	frac := func(f float64) string {
		if f <= 0 {
			return "-"
		}
		return strconv.FormatFloat(100*f, 'f', 1, 64) + "%"
	}
	for _, e := range rl.Entries {
		g := "-"
		if e.GFlops > 0 {
			g = strconv.FormatFloat(e.GFlops, 'f', 2, 64)
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t\n", e.Name, fmtSeconds(e.Median), g, frac(e.OfPeak), frac(e.OfBLAS), e.Status)
	}
	tw.Flush()
	if rl.Peak != nil {
		fmt.Fprintln(w, rl.Peak.String())
	}
	for _, e := range rl.Entries {
		if e.Message != "" {
			fmt.Fprintf(w, "  %s: %s\n", e.Name, e.Message)
		}
	}
}
