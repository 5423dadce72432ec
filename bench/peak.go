package bench

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
)

// Peak is the measured floating-point throughput of one core: independent
// FMA chains on the widest vector type the C compiler generates for the
// host (peakSource), in double precision.
type Peak struct {
	Compiler string  `json:"compiler"` // the compile command
	Bytes    int     `json:"vector_bytes"`
	Lanes    int     `json:"lanes"` // doubles per vector
	Chains   int     `json:"chains"`
	FMA      bool    `json:"fma"` // the compiler had FMA instructions (__FMA__ or AVX-512)
	Iters    int64   `json:"iterations"`
	Median   float64 `json:"median_s"`
	GFlops   float64 `json:"gflops"` // 2 * Lanes * Chains * Iters / Median
	// CPUGFlops is the same rate over the median CPU time of the
	// process: on a core that other processes share, the rate of the
	// time the loop actually ran.
	CPUGFlops float64 `json:"cpu_gflops"`
	Status    string  `json:"status"`
	Message   string  `json:"message,omitempty"`
}

// peakSource is the FMA-throughput loop: Chains accumulators, each
// updated once per iteration by acc = acc * m + a (contracted into one
// fused multiply-add: GNU C contracts by default), so that the updates of
// one iteration are independent and as many FMAs are in flight as the
// core can issue. Chains covers the FMA latency times the FMA ports of
// current cores while leaving registers for m and a (24 of 32 with
// AVX-512, 12 of 16 otherwise). m and a come through volatile reads and
// the iteration count from argv, so nothing folds; the sum of the
// accumulators is printed so nothing is dead. It prints "lanes L chains C
// fma F iters N" and the checksum on stdout, the time on stderr.
const peakSource = `#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#if defined(__AVX512F__)
#define TSV_BYTES 64
#define CHAINS(X) X(0) X(1) X(2) X(3) X(4) X(5) X(6) X(7) X(8) X(9) X(10) X(11) \
  X(12) X(13) X(14) X(15) X(16) X(17) X(18) X(19) X(20) X(21) X(22) X(23)
#define NCHAINS 24
#elif defined(__AVX__)
#define TSV_BYTES 32
#define CHAINS(X) X(0) X(1) X(2) X(3) X(4) X(5) X(6) X(7) X(8) X(9) X(10) X(11)
#define NCHAINS 12
#else
#define TSV_BYTES 16
#define CHAINS(X) X(0) X(1) X(2) X(3) X(4) X(5) X(6) X(7) X(8) X(9) X(10) X(11)
#define NCHAINS 12
#endif
#if defined(__FMA__) || defined(__AVX512F__) || defined(__ARM_FEATURE_FMA)
#define HAS_FMA 1
#else
#define HAS_FMA 0
#endif
typedef double vd __attribute__((vector_size(TSV_BYTES)));

static double now(clockid_t c)
{
  struct timespec ts;
  clock_gettime(c, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

volatile double vm = 0.99999999, va = 1e-8;

int main(int argc, char **argv)
{
  long n = argc > 1 ? atol(argv[1]) : 1000000;
  vd m, a;
  for (int l = 0; l < TSV_BYTES / 8; l++) {
    m[l] = vm;
    a[l] = va * (l + 1);
  }
#define DECL(c) vd acc##c = a * (c + 1);
  CHAINS(DECL)
  double t0 = now(CLOCK_MONOTONIC), c0 = now(CLOCK_PROCESS_CPUTIME_ID);
  for (long i = 0; i < n; i++) {
#define STEP(c) acc##c = acc##c * m + a;
    CHAINS(STEP)
    __asm__ volatile("" ::: "memory");
  }
  double t = now(CLOCK_MONOTONIC) - t0, c = now(CLOCK_PROCESS_CPUTIME_ID) - c0;
  vd s = a - a;
#define SUM(c) s += acc##c;
  CHAINS(SUM)
  double sum = 0;
  for (int l = 0; l < TSV_BYTES / 8; l++)
    sum += s[l];
  printf("lanes %d chains %d fma %d iters %ld\n%.17g\n", TSV_BYTES / 8, NCHAINS, HAS_FMA, n, sum);
  fprintf(stderr, "tessera-time: %.9f\ntessera-cpu: %.9f\n", t, c);
  return 0;
}
`

// PeakIters is the default iteration count of the peak loop (a few
// tenths of a second on a core with AVX-512).
const PeakIters = 50_000_000

// MeasurePeak compiles peakSource with cc (a C compiler command; its
// first word is used with -O3 -march=native) in a temporary directory
// under dir ("" for the system's), runs it runs+1 times (the first as a
// warm-up, as the harness's cells) with iters iterations, and returns the
// median. Errors of the compiler or the program are in Status and
// Message.
func MeasurePeak(ctx context.Context, cc, dir string, iters int64, runs int) *Peak {
	words := strings.Fields(cc)
	if len(words) == 0 {
		words = []string{"gcc"}
	}
	args := []string{"-O3", "-march=native"}
	p := &Peak{Compiler: strings.Join(append([]string{words[0]}, args...), " "), Iters: iters}
	if runs < 1 {
		runs = 1
	}
	tmp, err := os.MkdirTemp(dir, "tessera-peak-")
	if err != nil {
		p.Status, p.Message = StatusBuildFail, err.Error()
		return p
	}
	defer os.RemoveAll(tmp)
	src, prog := filepath.Join(tmp, "peak.c"), filepath.Join(tmp, "peak")
	if err := os.WriteFile(src, []byte(peakSource), 0o644); err != nil {
		p.Status, p.Message = StatusBuildFail, err.Error()
		return p
	}
	if out, err := exec.CommandContext(ctx, words[0], append(args, src, "-o", prog)...).CombinedOutput(); err != nil {
		p.Status, p.Message = StatusSkipped, fmt.Sprintf("cannot build the peak loop: %v: %s", err, tail(out, 500))
		return p
	}
	var times, cpus []float64
	for i := 0; i <= runs; i++ {
		cmd := exec.CommandContext(ctx, prog, strconv.FormatInt(iters, 10))
		var so, se bytes.Buffer
		cmd.Stdout, cmd.Stderr = &so, &se
		if err := cmd.Run(); err != nil {
			p.Status, p.Message = StatusRunFail, fmt.Sprintf("%v: %s", err, tail(se.Bytes(), 500))
			return p
		}
		t, err := ParseTime(se.Bytes())
		if err != nil {
			p.Status, p.Message = StatusRunFail, err.Error()
			return p
		}
		if i == 0 {
			if err := p.parseHeader(so.String()); err != nil {
				p.Status, p.Message = StatusRunFail, err.Error()
				return p
			}
			continue
		}
		times = append(times, t)
		if c, err := ParseCPUTime(se.Bytes()); err == nil {
			cpus = append(cpus, c)
		}
	}
	p.Median = median(times)
	p.Status = StatusOK
	flops := 2 * float64(p.Lanes) * float64(p.Chains) * float64(p.Iters)
	if p.Median > 0 {
		p.GFlops = flops / p.Median / 1e9
	}
	if c := median(cpus); len(cpus) == len(times) && c > 0 {
		p.CPUGFlops = flops / c / 1e9
	}
	return p
}

// parseHeader reads the first line the peak program prints.
func (p *Peak) parseHeader(out string) error {
	line, _, _ := strings.Cut(out, "\n")
	var fma int
	var iters int64
	if _, err := fmt.Sscanf(line, "lanes %d chains %d fma %d iters %d", &p.Lanes, &p.Chains, &fma, &iters); err != nil {
		return fmt.Errorf("peak loop printed %q: %v", line, err)
	}
	if iters != p.Iters || p.Lanes < 1 || p.Chains < 1 {
		return fmt.Errorf("peak loop printed %q for %d iterations", line, p.Iters)
	}
	p.FMA = fma == 1
	p.Bytes = 8 * p.Lanes
	return nil
}

// String is one line: "FMA peak (gcc -O3 -march=native, 8 x double, 24
// chains): 120.5 GFLOP/s per core".
func (p *Peak) String() string {
	if p.Status != StatusOK {
		return fmt.Sprintf("FMA peak: %s: %s", p.Status, p.Message)
	}
	op := "FMA"
	if !p.FMA {
		op = "multiply-add (the compiler had no FMA)"
	}
	return fmt.Sprintf("%s peak (%s, %d x double, %d chains): %.2f GFLOP/s per core (%.2f per CPU second)", op, p.Compiler, p.Lanes, p.Chains, p.GFlops, p.CPUGFlops)
}
