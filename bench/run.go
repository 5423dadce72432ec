package bench

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Config says what to benchmark. Its zero value runs every kernel at the
// LARGE dataset with the default flows, 3 timed runs, as many threads as
// CPUs, gcc -O3 -march=native, and a tessera binary built from the module
// that contains the working directory.
type Config struct {
	Kernels []string // kernel names; nil or ["all"] = the whole manifest
	// Flows to run besides the baseline (always run first). nil = the
	// built-in identity, tile and parallel flows; an empty non-nil slice =
	// the baseline only.
	Flows    []Flow
	Dataset  string // MINI, SMALL, MEDIUM, LARGE (default) or EXTRALARGE
	Runs     int    // timed runs per cell after one warm-up run; default 3
	Threads  int    // OMP_NUM_THREADS (and OPENBLAS_NUM_THREADS); default runtime.NumCPU()
	Compiler string // compiler command; default "gcc -O3 -march=native"
	// Tessera is the path of the tessera binary; empty = build it with
	// `go build ./cmd/tessera` in ModuleRoot.
	Tessera    string
	ModuleRoot string // default: the enclosing directory whose go.mod is module github.com/tessera-opt/tessera
	WorkDir    string // build directory; default a fresh temporary directory
	Keep       bool   // keep the build directory (it is printed in Report.WorkDir)
	// Timeout bounds each command (tessera opt, compile, one run);
	// default 10 minutes.
	Timeout time.Duration
	// Jobs is the number of cells built (tessera opt + compile) at the
	// same time, before any timed run; default 1, so that the reported
	// tessera opt times are not inflated by concurrent builds.
	Jobs     int
	Roofline bool // also report gemm GFLOP/s against OpenBLAS cblas_dgemm
	// OfPeak measures the FMA peak once (MeasurePeak) and reports each
	// cell's GFLOP/s per CPU second as a fraction of it (Result.OfPeak).
	// Roofline implies it.
	OfPeak bool
	// Strict compiles every program with -ffp-contract=off (no fused
	// multiply-add contraction) and then requires flows that do not
	// reassociate (not --parallel, --vectorize or external) to print the
	// baseline's output byte for byte. It checks that a transformation
	// kept the order of every floating-point operation; the default mode
	// allows the kernel's relative tolerance (see docs/BENCH.md).
	Strict bool
	// PolyBench is the root of an external PolyBench/C 4.x tree
	// (utilities/polybench.c, polybench.h, and KERNEL.c beside KERNEL.h in
	// the kernel directories): when set, its kernels are benchmarked
	// instead of the built-in suite, compiled the PolyBench way and
	// compared on their array dumps (see polybench.go and docs/BENCH.md).
	PolyBench string
	Progress  io.Writer // progress lines ("kernel i of n, elapsed, remaining"); nil = quiet
}

// ModulePath is the module whose cmd/tessera the harness builds.
const ModulePath = "github.com/tessera-opt/tessera"

// Cell statuses.
const (
	StatusOK        = "OK"
	StatusWrong     = "WRONG"      // output differs from the baseline's
	StatusOptFail   = "OPT-FAIL"   // tessera opt failed (or could not be built)
	StatusBuildFail = "BUILD-FAIL" // the C compiler failed
	StatusRunFail   = "RUN-FAIL"   // the program crashed, timed out, or printed no time
	StatusSkipped   = "SKIPPED"    // external compiler not installed
	StatusUnchecked = "UNCHECKED"  // ran, but the baseline failed so nothing to compare with
)

func (c *Config) defaults() error {
	if c.Dataset == "" {
		c.Dataset = "LARGE"
	}
	c.Dataset = strings.ToUpper(strings.TrimSuffix(strings.ToUpper(c.Dataset), "_DATASET"))
	ok := false
	for _, d := range Datasets {
		ok = ok || d == c.Dataset
	}
	// PolyBench 3.x trees have a STANDARD dataset between MEDIUM's and
	// LARGE's place (their default).
	ok = ok || c.PolyBench != "" && c.Dataset == "STANDARD"
	if !ok {
		return fmt.Errorf("bench: unknown dataset %q (want one of %s; STANDARD with a PolyBench 3.x tree)", c.Dataset, strings.Join(Datasets, ", "))
	}
	if c.Runs <= 0 {
		c.Runs = 3
	}
	if c.Threads <= 0 {
		c.Threads = runtime.NumCPU()
	}
	if strings.TrimSpace(c.Compiler) == "" {
		c.Compiler = "gcc -O3 -march=native"
	}
	if c.Jobs <= 0 {
		c.Jobs = 1
	}
	if c.Timeout <= 0 {
		c.Timeout = 10 * time.Minute
	}
	if c.Flows == nil {
		for _, n := range DefaultFlowNames {
			f, _ := ParseFlow(n)
			c.Flows = append(c.Flows, f)
		}
	}
	seen := map[string]bool{"baseline": true}
	var flows []Flow
	for _, f := range c.Flows {
		if f.Kind == Baseline || f.Name == "baseline" {
			continue
		}
		if seen[f.Name] {
			return fmt.Errorf("bench: flow %s given twice", f.Name)
		}
		seen[f.Name] = true
		flows = append(flows, f)
	}
	c.Flows = append([]Flow{BaselineFlow()}, flows...)
	return nil
}

// Run builds and runs every selected kernel with every flow and returns
// the report. Failures of one kernel or flow are recorded in its cell and
// the run goes on; Run returns an error only for a bad configuration, an
// unusable work directory or a cancelled context.
func Run(ctx context.Context, cfg Config) (*Report, error) {
	if err := cfg.defaults(); err != nil {
		return nil, err
	}
	var (
		kernels []Kernel
		pb      *PolyBenchTree
		err     error
	)
	if cfg.PolyBench != "" {
		if cfg.Roofline {
			return nil, fmt.Errorf("bench: the roofline mode needs the built-in suite, not a PolyBench tree")
		}
		if pb, err = DiscoverPolyBench(cfg.PolyBench); err != nil {
			return nil, err
		}
		kernels, err = pb.Select(cfg.Kernels)
	} else {
		kernels, err = SelectKernels(cfg.Kernels)
	}
	if err != nil {
		return nil, err
	}
	if cfg.Roofline {
		if _, ok := findKernel(kernels, "gemm"); !ok {
			g, _ := KernelByName("gemm")
			kernels = append(kernels, g)
		}
	}
	work := cfg.WorkDir
	if work == "" {
		work, err = os.MkdirTemp("", "tessera-bench-")
		if err != nil {
			return nil, fmt.Errorf("bench: %v", err)
		}
		if !cfg.Keep {
			defer os.RemoveAll(work)
		}
	} else if err := os.MkdirAll(work, 0o755); err != nil {
		return nil, fmt.Errorf("bench: %v", err)
	}
	r := &runner{cfg: cfg, work: work, pb: pb}
	rep := &Report{
		Dataset:  cfg.Dataset,
		Runs:     cfg.Runs,
		Threads:  cfg.Threads,
		Compiler: cfg.Compiler,
		Strict:   cfg.Strict,
		Date:     time.Now().UTC().Format(time.RFC3339),
	}
	if pb != nil {
		rep.PolyBench = pb.Root
	}
	if cfg.Keep {
		rep.WorkDir = work
	}
	for _, f := range cfg.Flows {
		rep.Flows = append(rep.Flows, f.Name)
	}
	for _, f := range cfg.Flows {
		if f.Kind == Tessera {
			r.tesseraBin, r.tesseraErr = r.resolveTessera(ctx)
			rep.Tessera = r.tesseraBin
			break
		}
	}

	start := time.Now()
	cells := r.buildAll(ctx, kernels)
	if err := ctx.Err(); err != nil {
		return rep, err
	}
	total := len(kernels) * len(cfg.Flows)
	done := 0
	runStart := time.Now()
	for ki, k := range kernels {
		var base *Result
		for fi, f := range cfg.Flows {
			if err := ctx.Err(); err != nil {
				return rep, err
			}
			res := cells[ki*len(cfg.Flows)+fi]
			r.execCell(ctx, k, f, res, base)
			if f.Kind == Baseline {
				base = res
			}
			rep.Results = append(rep.Results, *res)
			done++
			r.progress(ki+1, len(kernels), k.Name, f.Name, res.Status, start, runStart, done, total)
		}
	}
	rep.Elapsed = time.Since(start).Seconds()
	rep.summarize()
	if cfg.OfPeak || cfg.Roofline {
		rep.setPeak(MeasurePeak(ctx, cfg.Compiler, r.work, r.peakIters(), cfg.Runs))
	}
	if cfg.Roofline {
		rep.Roofline = r.roofline(ctx, rep)
	}
	return rep, nil
}

// buildAll builds every cell, Config.Jobs at a time, and returns them in
// kernel-major order.
func (r *runner) buildAll(ctx context.Context, kernels []Kernel) []*Result {
	nf := len(r.cfg.Flows)
	cells := make([]*Result, len(kernels)*nf)
	jobs := make(chan int)
	var wg sync.WaitGroup
	var mu sync.Mutex
	built := 0
	start := time.Now()
	for w := 0; w < r.cfg.Jobs; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				c := r.buildCell(ctx, kernels[i/nf], r.cfg.Flows[i%nf])
				cells[i] = c
				if r.cfg.Progress != nil {
					mu.Lock()
					built++
					status := c.Status
					if status == "" {
						status = "built"
					}
					fmt.Fprintf(r.cfg.Progress, "bench: building %d of %d (%s, %s: %s), elapsed %s\n",
						built, len(cells), c.Kernel, c.Flow, status, time.Since(start).Round(time.Second))
					mu.Unlock()
				}
			}
		}()
	}
	for i := range cells {
		jobs <- i
	}
	close(jobs)
	wg.Wait()
	return cells
}

func findKernel(ks []Kernel, name string) (Kernel, bool) {
	for _, k := range ks {
		if k.Name == name {
			return k, true
		}
	}
	return Kernel{}, false
}

// runner holds the state of one Run.
type runner struct {
	cfg        Config
	work       string
	tesseraBin string
	tesseraErr error
	pb         *PolyBenchTree // external PolyBench tree, nil for the built-in suite
}

// flops is the flop count of a kernel at the run's dataset (0 if unknown).
func (r *runner) flops(k Kernel) float64 {
	if r.pb != nil {
		return r.pb.FlopCount(k, r.cfg.Dataset)
	}
	fl, _ := FlopCount(k, r.cfg.Dataset)
	return fl
}

// compare compares a flow's output with a reference output (see
// CompareOutputs and ComparePolyBench).
func (r *runner) compare(want, got []byte, rtol float64) string {
	if r.pb != nil {
		return ComparePolyBench(want, got, rtol)
	}
	return CompareOutputs(want, got, rtol)
}

func (r *runner) progress(i, n int, kernel, flow, status string, start, runStart time.Time, done, total int) {
	if r.cfg.Progress == nil {
		return
	}
	// The remaining time is extrapolated from the run phase only (the
	// builds are all done before it).
	rem := time.Duration(0)
	if done > 0 {
		rem = time.Duration(float64(time.Since(runStart)) / float64(done) * float64(total-done))
	}
	fmt.Fprintf(r.cfg.Progress, "bench: kernel %d of %d (%s, %s: %s), elapsed %s, about %s remaining\n",
		i, n, kernel, flow, status, time.Since(start).Round(time.Second), rem.Round(time.Second))
}

// resolveTessera returns the tessera binary: Config.Tessera, or one built
// from the module root into the work directory.
func (r *runner) resolveTessera(ctx context.Context) (string, error) {
	if r.cfg.Tessera != "" {
		p, err := exec.LookPath(r.cfg.Tessera)
		if err != nil {
			return "", fmt.Errorf("tessera binary %q: %v", r.cfg.Tessera, err)
		}
		return filepath.Abs(p)
	}
	root := r.cfg.ModuleRoot
	if root == "" {
		var err error
		root, err = FindModuleRoot()
		if err != nil {
			return "", err
		}
	}
	bin := filepath.Join(r.work, "tessera")
	out, err := r.command(ctx, root, nil, "go", "build", "-o", bin, "./cmd/tessera")
	if err != nil {
		return "", fmt.Errorf("cannot build tessera: %v\n%s", err, tail(out, 2000))
	}
	return bin, nil
}

// FindModuleRoot walks up from the working directory to the directory
// whose go.mod declares ModulePath.
func FindModuleRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		b, err := os.ReadFile(filepath.Join(dir, "go.mod"))
		if err == nil {
			for _, l := range strings.Split(string(b), "\n") {
				f := strings.Fields(l)
				if len(f) == 2 && f[0] == "module" && f[1] == ModulePath {
					return dir, nil
				}
			}
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", fmt.Errorf("bench: no enclosing module %s (give the tessera binary with --tessera)", ModulePath)
		}
		dir = parent
	}
}

// command runs name args in dir with the per-command timeout and returns
// its combined output.
func (r *runner) command(ctx context.Context, dir string, env []string, name string, args ...string) ([]byte, error) {
	ctx, cancel := context.WithTimeout(ctx, r.cfg.Timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Dir = dir
	if env != nil {
		cmd.Env = env
	}
	out, err := cmd.CombinedOutput()
	if ctx.Err() == context.DeadlineExceeded {
		err = fmt.Errorf("timed out after %s", r.cfg.Timeout)
	}
	return out, err
}

// buildCell prepares the build directory of one kernel and flow, runs
// tessera opt when the flow asks for it, and compiles the program. It
// returns the cell with its Status set when something failed (Status ""
// means built).
func (r *runner) buildCell(ctx context.Context, k Kernel, f Flow) *Result {
	res := &Result{Kernel: k.Name, Category: k.Category, Dataset: r.cfg.Dataset, Flow: f.Name}
	res.Flops = r.flops(k)
	dir := filepath.Join(r.work, k.Name, f.Name)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		res.fail(StatusBuildFail, err.Error())
		return res
	}
	if err := r.writeSources(k, dir); err != nil {
		res.fail(StatusBuildFail, err.Error())
		return res
	}

	compiler := r.cfg.Compiler
	cfile := k.Name + ".c"
	switch f.Kind {
	case External:
		compiler = f.Compiler
		if len(strings.Fields(compiler)) == 0 {
			res.fail(StatusBuildFail, "external flow without a compiler command")
			return res
		}
		if _, err := exec.LookPath(strings.Fields(compiler)[0]); err != nil {
			res.fail(StatusSkipped, fmt.Sprintf("compiler %s not found", strings.Fields(compiler)[0]))
			return res
		}
	case Tessera:
		if r.tesseraErr != nil {
			res.fail(StatusOptFail, r.tesseraErr.Error())
			return res
		}
		cfile = k.Name + ".tessera.c"
		args := append([]string{"opt"}, f.TesseraFlags...)
		args = append(args, k.Name+".c", "-o", cfile)
		t0 := time.Now()
		out, err := r.command(ctx, dir, nil, r.tesseraBin, args...)
		res.OptTime = time.Since(t0).Seconds()
		res.OptLog = tail(out, 4000)
		if err != nil {
			res.fail(StatusOptFail, fmt.Sprintf("tessera %s: %v\n%s", strings.Join(args, " "), err, tail(out, 2000)))
			return res
		}
		if _, err := os.Stat(filepath.Join(dir, cfile)); err != nil {
			res.fail(StatusOptFail, "tessera opt wrote no output file")
			return res
		}
	}

	// Compile.
	cc := strings.Fields(compiler)
	args := append([]string{}, cc[1:]...)
	args = append(args, f.ExtraCFlags...)
	if r.cfg.Strict {
		args = append(args, "-ffp-contract=off")
	}
	if f.OpenMP() {
		args = append(args, "-fopenmp")
	}
	if r.pb != nil {
		args = append(args, "-DPOLYBENCH_DUMP_ARRAYS", "-DPOLYBENCH_TIME", "-D"+r.cfg.Dataset+"_DATASET")
		if r.pb.HeapArrays {
			args = append(args, "-DPOLYBENCH_HEAP_ARRAYS")
		}
		args = append(args, "-I", r.pb.Utilities(), "-I.", filepath.Join(r.pb.Utilities(), "polybench.c"), cfile, "-o", "prog", "-lm")
	} else {
		args = append(args, "-D"+r.cfg.Dataset+"_DATASET", "-I.", cfile, "-o", "prog", "-lm")
	}
	t0 := time.Now()
	out, err := r.command(ctx, dir, nil, cc[0], args...)
	res.BuildTime = time.Since(t0).Seconds()
	if err != nil {
		res.fail(StatusBuildFail, fmt.Sprintf("%s %s: %v\n%s", cc[0], strings.Join(args, " "), err, tail(out, 2000)))
	}
	return res
}

// writeSources copies the kernel's sources into a cell's build directory:
// the suite's KERNEL.c and shared header, or a PolyBench kernel's KERNEL.c
// and KERNEL.h (polybench.h stays in the tree's utilities directory).
func (r *runner) writeSources(k Kernel, dir string) error {
	if r.pb != nil {
		pk, ok := r.pb.Kernel(k.Name)
		if !ok {
			return fmt.Errorf("no kernel %s in %s", k.Name, r.pb.Root)
		}
		for _, p := range []string{pk.Source, pk.Header} {
			b, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			if err := os.WriteFile(filepath.Join(dir, filepath.Base(p)), b, 0o644); err != nil {
				return err
			}
		}
		return nil
	}
	src, err := KernelSource(k.Name)
	if err == nil {
		err = os.WriteFile(filepath.Join(dir, k.Name+".c"), src, 0o644)
	}
	if err == nil {
		err = os.WriteFile(filepath.Join(dir, HeaderName), HeaderSource(), 0o644)
	}
	return err
}

// execCell runs a built cell: one warm-up run, then Runs timed runs, and
// compares the output with the baseline's. base is the baseline's result
// for the same kernel (nil for the baseline itself).
func (r *runner) execCell(ctx context.Context, k Kernel, f Flow, res *Result, base *Result) {
	if res.Status != "" {
		return
	}
	dir := filepath.Join(r.work, k.Name, f.Name)
	// Run: one warm-up, then Runs timed runs.
	env := append(os.Environ(),
		"OMP_NUM_THREADS="+strconv.Itoa(r.cfg.Threads),
		"OPENBLAS_NUM_THREADS="+strconv.Itoa(r.cfg.Threads))
	var stdout []byte
	var cpus []float64
	for i := 0; i <= r.cfg.Runs; i++ {
		so, t, cpu, err := r.runProgram(ctx, dir, env)
		if err != nil {
			res.fail(StatusRunFail, err.Error())
			return
		}
		if i == 0 {
			stdout = so
			continue
		}
		if msg := r.compare(stdout, so, r.runTolerance(k, f)); msg != "" {
			res.fail(StatusWrong, "output differs between two runs of the same program (a race?): "+msg)
			return
		}
		res.Times = append(res.Times, t)
		cpus = append(cpus, cpu)
	}
	res.Median = median(res.Times)
	res.CPUMedian = median(cpus)
	if r.cfg.Keep {
		_ = os.WriteFile(filepath.Join(dir, "stdout.txt"), stdout, 0o644)
	}
	res.output = stdout

	// Check against the baseline.
	res.Status = StatusOK
	if f.Kind == Baseline {
		res.Speedup, res.Exact = 1, true
		return
	}
	if base == nil || base.Status != StatusOK {
		res.Status = StatusUnchecked
		res.Message = "baseline failed: nothing to compare with"
		return
	}
	if msg := r.compare(base.output, stdout, r.rtol(k, f)); msg != "" {
		res.Status = StatusWrong
		res.Message = msg
		return
	}
	res.Exact = bytes.Equal(base.output, stdout)
	if res.Median > 0 {
		res.Speedup = base.Median / res.Median
	}
}

// rtol is the relative tolerance of a kernel's output under a flow,
// against the baseline: 0 (exact) for TolExact kernels and for the
// baseline itself; in Strict mode (no FMA contraction) 0 for every flow
// that keeps the order of reductions; otherwise the kernel class's
// tolerance, because gcc contracts a*b+c into fused multiply-adds
// (-ffp-contract=fast, its default) differently when the loop structure
// changes, so even a legal reordering that keeps every reduction's order
// can change the last bits.
func (r *runner) rtol(k Kernel, f Flow) float64 {
	if k.Tolerance == TolExact || f.Kind == Baseline || (r.cfg.Strict && !f.Reassociates) {
		return 0
	}
	return classTolerance(k)
}

// runTolerance is the tolerance between two runs of the same program:
// exact unless the flow may reassociate (parallel reductions).
func (r *runner) runTolerance(k Kernel, f Flow) float64 {
	if k.Tolerance == TolExact || !f.Reassociates {
		return 0
	}
	return classTolerance(k)
}

func classTolerance(k Kernel) float64 {
	switch k.Tolerance {
	case TolFP:
		return RelTolFP
	case TolLoose:
		return RelTolLoose
	}
	return 0
}

// runProgram runs ./prog once and returns its stdout and the wall and CPU
// times it printed on stderr.
func (r *runner) runProgram(ctx context.Context, dir string, env []string) ([]byte, float64, float64, error) {
	ctx, cancel := context.WithTimeout(ctx, r.cfg.Timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, filepath.Join(dir, "prog"))
	cmd.Dir = dir
	cmd.Env = env
	var so, se bytes.Buffer
	cmd.Stdout = &so
	cmd.Stderr = &se
	err := cmd.Run()
	if ctx.Err() == context.DeadlineExceeded {
		return nil, 0, 0, fmt.Errorf("timed out after %s", r.cfg.Timeout)
	}
	if err != nil {
		return nil, 0, 0, fmt.Errorf("%v\n%s", err, tail(se.Bytes(), 2000))
	}
	if r.pb != nil {
		// PolyBench: the time on stdout, the array dump on stderr.
		t, err := parsePolyBenchTime(so.Bytes())
		if err != nil {
			return nil, 0, 0, err
		}
		return se.Bytes(), t, 0, nil
	}
	t, err := ParseTime(se.Bytes())
	if err != nil {
		return nil, 0, 0, err
	}
	cpu, _ := ParseCPUTime(se.Bytes()) // optional: 0 when absent
	return so.Bytes(), t, cpu, nil
}

// ParseTime reads the last "tessera-time: <seconds>" line of a program's stderr.
func ParseTime(stderr []byte) (float64, error) {
	return parseTimeLine(stderr, "tessera-time:")
}

// ParseCPUTime reads the last "tessera-cpu: <seconds>" line of a program's stderr.
func ParseCPUTime(stderr []byte) (float64, error) {
	return parseTimeLine(stderr, "tessera-cpu:")
}

func parseTimeLine(stderr []byte, prefix string) (float64, error) {
	lines := strings.Split(string(stderr), "\n")
	for i := len(lines) - 1; i >= 0; i-- {
		if v, ok := strings.CutPrefix(strings.TrimSpace(lines[i]), prefix); ok {
			t, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
			if err != nil || t < 0 {
				return 0, fmt.Errorf("bad time line %q", lines[i])
			}
			return t, nil
		}
	}
	return 0, fmt.Errorf("program printed no %s line on stderr", strings.TrimSuffix(prefix, ":"))
}

func median(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}

// tail returns at most the last n bytes of b, as text.
func tail(b []byte, n int) string {
	s := strings.TrimSpace(string(b))
	if len(s) > n {
		s = "..." + s[len(s)-n:]
	}
	return s
}
