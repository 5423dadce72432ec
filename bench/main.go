package bench

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"sort"
	"strings"
	"syscall"
	"text/tabwriter"
	"time"

	"github.com/tessera-opt/tessera/internal/cli"
)

// multiFlag collects a repeatable string flag.
type multiFlag []string

func (m *multiFlag) String() string     { return strings.Join(*m, "; ") }
func (m *multiFlag) Set(s string) error { *m = append(*m, s); return nil }

const about = `Builds and runs the kernel suite with the baseline compiler and with tessera
flows, checks every flow's output against the baseline's, and reports times
and speedups.

Flows: baseline (always run) = the compiler on the kernel as written;
identity = tessera opt --identity; tile = tessera opt (tiling and vector
code, the defaults); scalar = tessera opt --novectorize; parallel = tessera
opt --parallel (compiled with -fopenmp). More with --flow:
  --flow 'nv=tessera:--novectorize --parallel'   custom tessera opt flags
  --flow 'polly=clang -O3 -march=native -mllvm -polly'   external compiler
                                                 (skipped when absent)

With --polybench DIR the kernels are those of a PolyBench/C 4.x (or 3.x) tree
(compiled with DIR/utilities/polybench.c, -DPOLYBENCH_DUMP_ARRAYS and
-DPOLYBENCH_TIME; the dumps on stderr are compared).

On a terminal, progress is one line rewritten in place; otherwise (a file,
a pipe) one line per step.

Exit status: 0; 1 when some flow produced WRONG output or a flow failed on
every kernel (OPT-FAIL, BUILD-FAIL or RUN-FAIL everywhere); 2 on bad usage.`

// Main implements the `tessera bench` command; args exclude the command
// name. It returns the process exit status.
func Main(args []string, stdout, stderr io.Writer) int {
	c := cli.New("tessera bench", "tessera bench [flags]")
	c.About = about
	fs := c.FlagSet()
	var (
		kernels  = fs.String("kernels", "all", "comma-separated kernel names, or all (see --list)")
		flows    = fs.String("flows", strings.Join(DefaultFlowNames, ","), "comma-separated flows besides the baseline: identity, tile, scalar, parallel (or baseline for none)")
		dataset  = fs.String("dataset", "LARGE", "dataset: MINI, SMALL, MEDIUM, LARGE or EXTRALARGE (STANDARD too with a PolyBench 3.x tree)")
		runs     = fs.Int("runs", 3, "timed runs per cell (after one warm-up run); the median is reported")
		threads  = fs.Int("threads", 0, "OMP_NUM_THREADS for the runs (0 = number of CPUs)")
		compiler = fs.String("compiler", "gcc -O3 -march=native", "C compiler command for the baseline and tessera flows")
		jsonOut  = fs.Bool("json", false, "print the report as JSON")
		csvOut   = fs.Bool("csv", false, "print the report as CSV")
		plot     = fs.String("plot", "", "also write an SVG bar chart of the speedups to this file")
		tessera  = fs.String("tessera", "", "tessera binary (default: go build ./cmd/tessera from the enclosing module)")
		keep     = fs.Bool("keep", false, "keep the build directories (sources, tessera output, programs, stdout)")
		workdir  = fs.String("workdir", "", "build directory (default: a temporary directory)")
		roofline = fs.Bool("roofline", false, "also report gemm GFLOP/s of every flow and of OpenBLAS cblas_dgemm (skipped without libopenblas-dev), as fractions of the FMA peak and of OpenBLAS (implies --of-peak)")
		ofPeak   = fs.Bool("of-peak", false, "measure the core's FMA peak once (as --peak) and report each cell's GFLOP/s per CPU second and its fraction of the peak per CPU second (text column 'of peak', JSON of_peak and peak, CSV of_peak)")
		timeout  = fs.Duration("timeout", 10*time.Minute, "time limit of each command (tessera opt, compile, one run)")
		peak     = fs.Bool("peak", false, "measure the core's FMA peak (independent FMA chains on the widest vector type, compiled with the --compiler's C compiler -O3 -march=native; median of --runs) and exit")
		list     = fs.Bool("list", false, "list the kernels (name, category, tolerance, flops at --dataset; JSON with --json) and exit")
		quiet    = fs.Bool("quiet", false, "no progress lines on stderr")
		strict   = fs.Bool("strict", false, "compile with -ffp-contract=off and require byte-identical output from flows that do not reassociate")
		jobs     = fs.Int("jobs", 1, "cells built (tessera opt + compile) in parallel before the timed runs")
		pbroot   = fs.String("polybench", "", "benchmark the kernels of this PolyBench/C 4.x or 3.x tree (DIR/utilities/polybench.c, KERNEL.c beside KERNEL.h) instead of the built-in suite; --kernels filters them by name")
		extra    multiFlag
	)
	fs.Var(&extra, "flow", "extra flow 'NAME=tessera:FLAGS' or 'NAME=COMPILER COMMAND' (repeatable)")
	pos, code, done := c.Parse(args, stdout, stderr)
	if done {
		return code
	}
	if len(pos) > 0 {
		c.Fail(stderr, fmt.Sprintf("unexpected argument %q", pos[0]))
		return 2
	}
	if *jsonOut && *csvOut {
		fmt.Fprintln(stderr, "tessera bench: --json and --csv exclude each other")
		return 2
	}
	if *peak {
		p := MeasurePeak(context.Background(), *compiler, *workdir, PeakIters, *runs)
		if *jsonOut {
			enc := json.NewEncoder(stdout)
			enc.SetIndent("", "  ")
			enc.Encode(p)
		} else {
			fmt.Fprintln(stdout, p.String())
		}
		if p.Status != StatusOK {
			return 1
		}
		return 0
	}
	if *list {
		if *pbroot != "" {
			return listPolyBench(stdout, stderr, *pbroot, strings.ToUpper(*dataset), *jsonOut)
		}
		return listKernels(stdout, stderr, strings.ToUpper(*dataset), *jsonOut)
	}

	cfg := Config{
		Kernels:  splitList(*kernels),
		Flows:    []Flow{},
		Dataset:  *dataset,
		Runs:     *runs,
		Threads:  *threads,
		Compiler: *compiler,
		Tessera:  *tessera,
		WorkDir:  *workdir,
		Keep:     *keep,
		Timeout:  *timeout,
		Roofline: *roofline,
		OfPeak:   *ofPeak,
		Jobs:     *jobs,
		Strict:   *strict,
	}
	cfg.PolyBench = *pbroot
	finish := func() {}
	if !*quiet {
		cfg.Progress, finish = progressWriter(stderr)
	}
	for _, n := range splitList(*flows) {
		if n == "baseline" {
			continue
		}
		f, err := ParseFlow(n)
		if err != nil {
			fmt.Fprintf(stderr, "tessera %v\n", err)
			return 2
		}
		cfg.Flows = append(cfg.Flows, f)
	}
	for _, spec := range extra {
		f, err := ParseFlow(spec)
		if err != nil {
			fmt.Fprintf(stderr, "tessera %v\n", err)
			return 2
		}
		cfg.Flows = append(cfg.Flows, f)
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	rep, err := Run(ctx, cfg)
	finish()
	if err != nil && rep == nil {
		fmt.Fprintf(stderr, "tessera %v\n", err)
		return 2
	}
	if err != nil {
		fmt.Fprintf(stderr, "tessera bench: %v (partial report follows)\n", err)
	}
	var werr error
	switch {
	case *jsonOut:
		werr = rep.WriteJSON(stdout)
	case *csvOut:
		werr = rep.WriteCSV(stdout)
	default:
		werr = rep.WriteText(stdout)
	}
	if werr != nil {
		fmt.Fprintf(stderr, "tessera bench: %v\n", werr)
		return 1
	}
	if *plot != "" {
		if err := writePlotFile(rep, *plot); err != nil {
			fmt.Fprintf(stderr, "tessera bench: %v\n", err)
			return 1
		}
	}
	if rep.WorkDir != "" {
		fmt.Fprintf(stderr, "tessera bench: build directory kept in %s\n", rep.WorkDir)
	}
	return rep.ExitStatus(stderr)
}

func writePlotFile(rep *Report, path string) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := rep.WritePlot(f); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

func splitList(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// listedKernel is one entry of `--list --json`.
type listedKernel struct {
	Kernel
	Dataset string           `json:"dataset"`
	Sizes   map[string]int64 `json:"sizes"`
	FlopsN  float64          `json:"flops_count"`
}

// listedPolyBench is one entry of `--polybench DIR --list --json`.
type listedPolyBench struct {
	Kernel
	Path    string           `json:"path"`
	Dataset string           `json:"dataset"`
	Sizes   map[string]int64 `json:"sizes"`
	FlopsN  float64          `json:"flops_count"`
}

func listPolyBench(stdout, stderr io.Writer, root, dataset string, asJSON bool) int {
	tree, err := DiscoverPolyBench(root)
	if err != nil {
		fmt.Fprintf(stderr, "tessera %v\n", err)
		return 2
	}
	ks, err := tree.Select(nil)
	if err != nil {
		fmt.Fprintf(stderr, "tessera %v\n", err)
		return 2
	}
	var out []listedPolyBench
	for i, k := range ks {
		sizes, err := tree.Sizes(k.Name, dataset)
		if err != nil {
			fmt.Fprintf(stderr, "tessera bench: %s: %v\n", tree.Kernels[i].Rel, err)
		}
		out = append(out, listedPolyBench{k, tree.Kernels[i].Rel, dataset, sizes, tree.FlopCount(k, dataset)})
	}
	if asJSON {
		if err := writeJSON(stdout, out); err != nil {
			return 1
		}
		return 0
	}
	tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "kernel\tcategory\ttolerance\tflops(%s)\tsizes\tpath\n", dataset)
	for _, e := range out {
		var names []string
		for n := range e.Sizes {
			names = append(names, n)
		}
		sort.Strings(names)
		var sz []string
		for _, n := range names {
			sz = append(sz, fmt.Sprintf("%s=%d", n, e.Sizes[n]))
		}
		fl := "-"
		if e.FlopsN > 0 {
			fl = fmt.Sprintf("%.4g", e.FlopsN)
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\n", e.Name, e.Category, e.Tolerance, fl, strings.Join(sz, ","), e.Path)
	}
	tw.Flush()
	return 0
}

func listKernels(stdout, stderr io.Writer, dataset string, asJSON bool) int {
	if asJSON {
		var out []listedKernel
		for _, k := range Manifest {
			sizes, err := Sizes(k.Name, dataset)
			fl, err2 := FlopCount(k, dataset)
			if err != nil || err2 != nil {
				fmt.Fprintf(stderr, "tessera %v\n", errors.Join(err, err2))
				return 2
			}
			out = append(out, listedKernel{k, dataset, sizes, fl})
		}
		if err := writeJSON(stdout, out); err != nil {
			return 1
		}
		return 0
	}
	tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "kernel\tcategory\ttolerance\tflops(%s)\tformula\n", dataset)
	for _, k := range Manifest {
		fl, err := FlopCount(k, dataset)
		if err != nil {
			fmt.Fprintf(stderr, "tessera %v\n", err)
			return 2
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%.4g\t%s\n", k.Name, k.Category, k.Tolerance, fl, k.Flops)
	}
	tw.Flush()
	return 0
}
