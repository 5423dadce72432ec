// Command gemmbench measures double-precision gemm (C = alpha*A*B +
// beta*C, square N x N x N) in GFLOP/s at several sizes, for the original
// C compiled by gcc, for tessera flows, and for OpenBLAS cblas_dgemm on one
// thread, all in the same run (a development tool for issue 9; see
// docs/BENCH.md, "gemm GFLOP/s: gemmbench").
//
//	go run ./bench/cmd/gemmbench                      # 64 .. 2048, 5 runs
//	go run ./bench/cmd/gemmbench -sizes 256,1024 -runs 3 -flow 'avx512=--vectorize --target=avx512'
//
// For every size it writes gemm.c (the PolyBench-style statement in a scop
// region, N fixed by a macro), runs `tessera opt` once per tessera flow,
// compiles every program, then runs the programs round-robin -runs times
// (so that every flow sees the same machine load) and reports medians. One
// run of a program does one untimed call, prints a checksum of C (checked
// against the original's within a relative 1e-9), then times repeated calls
// for about -mintime seconds and prints the median time of one call.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/tessera-opt/tessera/bench"
)

const gemmSource = `#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#ifndef GEMMBENCH_CLOCK
#define GEMMBENCH_CLOCK CLOCK_PROCESS_CPUTIME_ID
#endif

static double A[N][N], B[N][N], C[N][N];

static double now(void)
{
  struct timespec ts;
  clock_gettime(GEMMBENCH_CLOCK, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static __attribute__((noinline)) void kernel_gemm(double alpha, double beta)
{
#pragma scop
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      C[i][j] = beta * C[i][j];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      for (int k = 0; k < N; k++)
        C[i][j] = C[i][j] + alpha * A[i][k] * B[k][j];
#pragma endscop
}

static void init(void)
{
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      A[i][j] = (double)((3 * i + 5 * j + 1) % 97) / 97;
      B[i][j] = (double)((7 * i + 2 * j + 3) % 89) / 89;
      C[i][j] = (double)((i + 11 * j) % 53) / 53;
    }
}

static int cmp(const void *a, const void *b)
{
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

int main(int argc, char **argv)
{
  double mintime = argc > 1 ? atof(argv[1]) : 0.5;
  init();
  kernel_gemm(1.25, 0.75);
  double sum = 0, w = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      sum += C[i][j];
      w += C[i][j] * ((i * 31 + j) % 7 + 1);
    }
  printf("%.17g %.17g\n", sum, w);
  static double t[1000];
  int n = 0;
  double start = now();
  while (n < 1000 && (n < 3 || now() - start < mintime)) {
    double t0 = now();
    kernel_gemm(1.25, 0.75);
    t[n++] = now() - t0;
    if (n == 1 && t[0] > mintime)
      break;
  }
  qsort(t, n, sizeof t[0], cmp);
  fprintf(stderr, "gemmbench-time: %.9f %d\n", t[n / 2], n);
  return 0;
}
`

const blasSource = `#include <cblas.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#ifndef GEMMBENCH_CLOCK
#define GEMMBENCH_CLOCK CLOCK_PROCESS_CPUTIME_ID
#endif

#define N GEMM_N
static double A[N][N], B[N][N], C[N][N];

static double now(void)
{
  struct timespec ts;
  clock_gettime(GEMMBENCH_CLOCK, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int cmp(const void *a, const void *b)
{
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

int main(int argc, char **argv)
{
  double mintime = argc > 1 ? atof(argv[1]) : 0.5;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      A[i][j] = (double)((3 * i + 5 * j + 1) % 97) / 97;
      B[i][j] = (double)((7 * i + 2 * j + 3) % 89) / 89;
      C[i][j] = (double)((i + 11 * j) % 53) / 53;
    }
  cblas_dgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, N, N, N, 1.25, &A[0][0], N, &B[0][0], N, 0.75, &C[0][0], N);
  double sum = 0, w = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      sum += C[i][j];
      w += C[i][j] * ((i * 31 + j) % 7 + 1);
    }
  printf("%.17g %.17g\n", sum, w);
  static double t[1000];
  int n = 0;
  double start = now();
  while (n < 1000 && (n < 3 || now() - start < mintime)) {
    double t0 = now();
    cblas_dgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, N, N, N, 1.25, &A[0][0], N, &B[0][0], N, 0.75, &C[0][0], N);
    t[n++] = now() - t0;
    if (n == 1 && t[0] > mintime)
      break;
  }
  qsort(t, n, sizeof t[0], cmp);
  fprintf(stderr, "gemmbench-time: %.9f %d\n", t[n / 2], n);
  return 0;
}
`

type flow struct {
	name  string
	kind  string // "cc", "tessera", "blas"
	flags []string
}

type flagList []string

func (f *flagList) String() string     { return strings.Join(*f, " ") }
func (f *flagList) Set(s string) error { *f = append(*f, s); return nil }

func main() {
	os.Exit(run(os.Args[1:]))
}

func run(args []string) int {
	fs := flag.NewFlagSet("gemmbench", flag.ContinueOnError)
	sizesFlag := fs.String("sizes", "64,128,256,512,1024,2048", "comma-separated N (C is N x N, A and B too)")
	runs := fs.Int("runs", 5, "process runs per cell (round-robin over the flows); the median is reported")
	mintime := fs.Float64("mintime", 0.3, "seconds of repeated calls in one process run (at least 3 calls)")
	cc := fs.String("cc", "gcc -O3 -march=native", "C compiler command")
	tesseraBin := fs.String("tessera", "", "tessera binary (default: go build ./cmd/tessera)")
	workdir := fs.String("workdir", "", "build directory (default: a temporary directory, removed)")
	clock := fs.String("clock", "cpu", "cpu: process CPU time (robust on a loaded machine, single-thread flows only); wall: CLOCK_MONOTONIC")
	noDefault := fs.Bool("no-default-flows", false, "only the flows given with -flow (and gcc, openblas)")
	var extra flagList
	fs.Var(&extra, "flow", "extra tessera flow 'NAME=FLAGS' (repeatable), e.g. 'par=--vectorize --parallel'")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *clock != "cpu" && *clock != "wall" {
		fmt.Fprintf(os.Stderr, "gemmbench: -clock must be cpu or wall\n")
		return 2
	}
	var sizes []int
	for _, s := range strings.Split(*sizesFlag, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(s))
		if err != nil || n < 1 || n > 8192 {
			fmt.Fprintf(os.Stderr, "gemmbench: bad size %q\n", s)
			return 2
		}
		sizes = append(sizes, n)
	}
	flows := []flow{{name: "gcc", kind: "cc"}}
	if !*noDefault {
		flows = append(flows, flow{name: "tile", kind: "tessera"}, flow{name: "vectorize", kind: "tessera", flags: []string{"--vectorize"}})
	}
	for _, e := range extra {
		name, fl, ok := strings.Cut(e, "=")
		if !ok || name == "" {
			fmt.Fprintf(os.Stderr, "gemmbench: bad -flow %q (want NAME=FLAGS)\n", e)
			return 2
		}
		flows = append(flows, flow{name: name, kind: "tessera", flags: strings.Fields(fl)})
	}
	inc := bench.FindCBLAS()
	if inc != "" {
		flows = append(flows, flow{name: "openblas", kind: "blas"})
	} else {
		fmt.Fprintln(os.Stderr, "gemmbench: cblas.h not found, OpenBLAS skipped")
	}
	dir := *workdir
	if dir == "" {
		d, err := os.MkdirTemp("", "gemmbench")
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
		defer os.RemoveAll(d)
		dir = d
	} else if err := os.MkdirAll(dir, 0o755); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	tess := *tesseraBin
	if tess == "" {
		tess = filepath.Join(dir, "tessera")
		if out, err := exec.Command("go", "build", "-o", tess, "github.com/tessera-opt/tessera/cmd/tessera").CombinedOutput(); err != nil {
			fmt.Fprintf(os.Stderr, "gemmbench: go build ./cmd/tessera: %v\n%s", err, out)
			return 1
		}
	}
	ccw := strings.Fields(*cc)
	// Build every cell.
	type cell struct {
		bin    string
		status string
		check  string
		times  []float64
		calls  int
	}
	cells := map[[2]int]*cell{}
	for _, n := range sizes {
		for fi, f := range flows {
			c := &cell{}
			cells[[2]int{n, fi}] = c
			d := filepath.Join(dir, fmt.Sprintf("n%d-%s", n, f.name))
			if err := os.MkdirAll(d, 0o755); err != nil {
				c.status = err.Error()
				continue
			}
			src := filepath.Join(d, "gemm.c")
			text := gemmSource
			if f.kind == "blas" {
				text = blasSource
			}
			if err := os.WriteFile(src, []byte(text), 0o644); err != nil {
				c.status = err.Error()
				continue
			}
			if f.kind == "tessera" {
				out := filepath.Join(d, "gemm.tessera.c")
				a := append([]string{"opt"}, f.flags...)
				a = append(a, "-o", out, src)
				if o, err := exec.Command(tess, a...).CombinedOutput(); err != nil {
					c.status = "tessera failed: " + lastLine(o)
					continue
				}
				src = out
			}
			c.bin = filepath.Join(d, "prog")
			a := append([]string{}, ccw[1:]...)
			if *clock == "wall" {
				a = append(a, "-DGEMMBENCH_CLOCK=CLOCK_MONOTONIC")
			}
			if f.kind == "blas" {
				// cblas.h names its parameters N: the size is GEMM_N.
				a = append(a, fmt.Sprintf("-DGEMM_N=%d", n), "-I"+inc, src, "-o", c.bin, "-lopenblas", "-lm")
			} else {
				a = append(a, fmt.Sprintf("-DN=%d", n), src, "-o", c.bin, "-lm")
			}
			if strings.Contains(strings.Join(f.flags, " "), "--parallel") {
				a = append(a, "-fopenmp")
			}
			if o, err := exec.Command(ccw[0], a...).CombinedOutput(); err != nil {
				c.status, c.bin = "compile failed: "+lastLine(o), ""
			}
		}
	}
	// Run round-robin.
	env := append(os.Environ(), "OPENBLAS_NUM_THREADS=1", "OMP_NUM_THREADS=1")
	start := time.Now()
	for r := 0; r < *runs; r++ {
		for _, n := range sizes {
			for fi := range flows {
				c := cells[[2]int{n, fi}]
				if c.bin == "" || c.status != "" {
					continue
				}
				cmd := exec.Command(c.bin, strconv.FormatFloat(*mintime, 'g', -1, 64))
				cmd.Env = env
				var stdout, stderr bytes.Buffer
				cmd.Stdout, cmd.Stderr = &stdout, &stderr
				if err := cmd.Run(); err != nil {
					c.status = "run failed: " + err.Error()
					continue
				}
				c.check = strings.TrimSpace(stdout.String())
				var t float64
				var calls int
				if _, err := fmt.Sscanf(lastLine(stderr.Bytes()), "gemmbench-time: %g %d", &t, &calls); err != nil || t <= 0 {
					c.status = "no time printed"
					continue
				}
				c.times = append(c.times, t)
				c.calls = calls
			}
		}
		fmt.Fprintf(os.Stderr, "gemmbench: run %d of %d done, elapsed %s\n", r+1, *runs, time.Since(start).Round(time.Second))
	}
	// Checks against the original.
	for _, n := range sizes {
		ref := cells[[2]int{n, 0}].check
		for fi := range flows {
			c := cells[[2]int{n, fi}]
			if c.status == "" && fi > 0 && ref != "" && !close(ref, c.check) {
				c.status = fmt.Sprintf("WRONG (checksum %s, original %s)", c.check, ref)
			}
		}
	}
	// Report.
	tw := tabwriter.NewWriter(os.Stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(tw, "N\t")
	for _, f := range flows {
		fmt.Fprintf(tw, "%s\t", f.name)
	}
	hasBLAS := flows[len(flows)-1].kind == "blas"
	for _, f := range flows[1:] {
		if f.kind == "tessera" {
			fmt.Fprintf(tw, "%s/gcc\t", f.name)
			if hasBLAS {
				fmt.Fprintf(tw, "%s/blas\t", f.name)
			}
		}
	}
	fmt.Fprintln(tw)
	var notes []string
	for _, n := range sizes {
		flops := 2 * math.Pow(float64(n), 3)
		gf := make([]float64, len(flows))
		fmt.Fprintf(tw, "%d\t", n)
		for fi, f := range flows {
			c := cells[[2]int{n, fi}]
			if c.status != "" || len(c.times) == 0 {
				fmt.Fprintf(tw, "-\t")
				if c.status != "" {
					notes = append(notes, fmt.Sprintf("N=%d %s: %s", n, f.name, c.status))
				}
				continue
			}
			gf[fi] = flops / median(c.times) / 1e9
			fmt.Fprintf(tw, "%.1f\t", gf[fi])
		}
		for fi, f := range flows {
			if fi == 0 || f.kind != "tessera" {
				continue
			}
			fmt.Fprintf(tw, "%s\t", ratio(gf[fi], gf[0]))
			if hasBLAS {
				fmt.Fprintf(tw, "%s\t", ratio(gf[fi], gf[len(flows)-1]))
			}
		}
		fmt.Fprintln(tw)
	}
	tw.Flush()
	fmt.Printf("GFLOP/s (2N^3 / median %s time of one call; median of %d process runs, each the median of repeated calls); OPENBLAS_NUM_THREADS=1; compiler %q\n", *clock, *runs, *cc)
	for _, f := range flows {
		if f.kind == "tessera" {
			fmt.Printf("  %s = tessera opt %s\n", f.name, strings.Join(f.flags, " "))
		}
	}
	for _, s := range notes {
		fmt.Println("  " + s)
	}
	if len(notes) > 0 {
		return 1
	}
	return 0
}

func ratio(a, b float64) string {
	if a == 0 || b == 0 {
		return "-"
	}
	return fmt.Sprintf("%.2fx", a/b)
}

func median(xs []float64) float64 {
	s := append([]float64{}, xs...)
	sort.Float64s(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

func close(a, b string) bool {
	fa, fb := strings.Fields(a), strings.Fields(b)
	if len(fa) != len(fb) {
		return false
	}
	for i := range fa {
		x, err1 := strconv.ParseFloat(fa[i], 64)
		y, err2 := strconv.ParseFloat(fb[i], 64)
		if err1 != nil || err2 != nil {
			return false
		}
		if math.Abs(x-y) > 1e-9*math.Max(1, math.Abs(x)) {
			return false
		}
	}
	return true
}

func lastLine(b []byte) string {
	s := strings.TrimSpace(string(b))
	if i := strings.LastIndexByte(s, '\n'); i >= 0 {
		s = s[i+1:]
	}
	return s
}
