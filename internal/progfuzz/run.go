package progfuzz

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/tessera-opt/tessera/bench"
)

// Flow is one set of `tessera opt` flags. Tolerant flows may reassociate
// floating-point operations and are compared within RelTol; the others
// must reproduce the original's output byte for byte.
type Flow struct {
	Name     string
	Flags    []string
	Tolerant bool
	// CFlags are added to Config.CFlags for this flow, for the original
	// (its own baseline) and the output: -DDATA_TYPE_IS_FLOAT (FloatTwin).
	CFlags []string
	// Tol, when > 0, replaces RelTol for a tolerant flow.
	Tol float64
}

// FloatRelTol is the relative tolerance of tolerant flows compiled with
// -DDATA_TYPE_IS_FLOAT (single-precision sums reordered).
const FloatRelTol = 1e-3

// FloatTwin is flow f compiled with -DDATA_TYPE_IS_FLOAT (PolyBench-style
// programs then compute in float), named f.Name+"+float".
func FloatTwin(f Flow) Flow {
	f.Name += "+float"
	f.CFlags = append(append([]string(nil), f.CFlags...), "-DDATA_TYPE_IS_FLOAT")
	if f.Tolerant {
		f.Tol = FloatRelTol
	}
	return f
}

// WithFloat adds, for half of the programs that select their element type
// with DATA_TYPE_IS_FLOAT (chosen by the seed), the float twins of the
// first flow and of the first exact one (not Tolerant) among the others,
// else the last (none when flows already has a flow with CFlags).
func WithFloat(p Program, flows []Flow) []Flow {
	if !strings.Contains(p.Source, "#ifdef DATA_TYPE_IS_FLOAT") || len(flows) == 0 || p.Seed%2 == 1 {
		return flows
	}
	for _, f := range flows {
		if len(f.CFlags) > 0 { // float twins chosen by hand (-flows NAME+float)
			return flows
		}
	}
	out := append(append([]Flow(nil), flows...), FloatTwin(flows[0]))
	if len(flows) > 1 {
		second := flows[len(flows)-1]
		for _, f := range flows[1:] {
			if !f.Tolerant { // compared exactly: float rounding differences show
				second = f
				break
			}
		}
		out = append(out, FloatTwin(second))
	}
	return out
}

func (f Flow) tol() float64 {
	switch {
	case !f.Tolerant:
		return 0
	case f.Tol > 0:
		return f.Tol
	}
	return RelTol
}

// DefaultFlows are the schedule-free flows of the differential test.
func DefaultFlows() []Flow {
	return []Flow{
		// Vector code is on by default and may reorder sums: the default
		// flows are compared with the tolerance, their --novectorize
		// twins exactly.
		{Name: "default", Tolerant: true},
		{Name: "identity", Flags: []string{"--identity"}},
		{Name: "novectorize", Flags: []string{"--novectorize"}},
		{Name: "parallel", Flags: []string{"--parallel"}, Tolerant: true},
		{Name: "parallel+novectorize", Flags: []string{"--parallel", "--novectorize"}},
		{Name: "fuse=max", Flags: []string{"--fuse=max", "--novectorize"}},
		{Name: "fuse=no", Flags: []string{"--fuse=no", "--novectorize"}},
		{Name: "tile-sizes=3,5,7", Flags: []string{"--tile-sizes=3,5,7", "--novectorize"}},
		{Name: "split", Flags: []string{"--split", "--novectorize"}},
		{Name: "parallel+reductions", Flags: []string{"--parallel", "--reductions"}, Tolerant: true},
	}
}

// RelTol is the relative tolerance of tolerant flows (see
// bench.CompareOutputs; float arrays need more than bench's 1e-9).
const RelTol = 1e-5

// Config says how to build and run the programs.
type Config struct {
	Tessera    string        // the tessera binary
	CC         string        // default "gcc"
	CFlags     []string      // default DefaultCFlags
	Dir        string        // scratch directory (one subdirectory per seed)
	OptTimeout time.Duration // CPU time of one `tessera opt` run, default 60 s (wall time: wallFactor times)
	RunTimeout time.Duration // per program run, default 20 s
	Flows      []Flow        // default DefaultFlows()
	Keep       bool          // keep the scratch files of passing seeds
	NoVariants bool          // do not run the forced/reversed variants of parallel outputs (variants.go)
	// MemLimitKB caps tessera's address space (ulimit -v through /bin/sh;
	// default 4 GB, negative: no limit): a run that needs more fails with
	// "tessera-oom" instead of swapping a shared machine.
	MemLimitKB int64
}

// DefaultCFlags compile the original and every output. -ffp-contract=off
// keeps gcc from contracting a*b+c into an FMA differently once loops are
// restructured, so that non-reassociating flows can be compared bit for bit
// (as bench's Strict mode does).
var DefaultCFlags = []string{"-O2", "-march=native", "-fopenmp", "-ffp-contract=off"}

// Status of one flow on one program.
type Status int

const (
	OK       Status = iota
	Declined        // tessera kept the original code with an error diagnostic
	Failed          // wrong output, crash, timeout or compile error: a bug
)

func (s Status) String() string {
	return [...]string{"ok", "declined", "FAILED"}[s]
}

// Outcome is the result of one flow on one program.
type Outcome struct {
	Flow   string
	Status Status
	Kind   string // for Failed: wrong-output, tessera-crash, tessera-timeout, tessera-oom, cc-error, run-error; for Declined: first diagnostic
	Detail string
	// What the output used: "omp-parallel", "omp-simd", "intrinsics"
	// (vector kernels), "tiled" (floord in bounds), "reduction" (an OpenMP
	// reduction clause).
	Features []string
}

// Result is the result of every flow on one program.
type Result struct {
	Seed     uint64
	Outcomes []Outcome
}

// Failures returns the failed outcomes.
func (r *Result) Failures() []Outcome {
	var out []Outcome
	for _, o := range r.Outcomes {
		if o.Status == Failed {
			out = append(out, o)
		}
	}
	return out
}

// ErrBaseline marks a program whose original did not build or run: a
// generator bug, not a tessera bug.
var ErrBaseline = errors.New("progfuzz: the original program failed")

func (c *Config) defaults() {
	if c.CC == "" {
		c.CC = "gcc"
	}
	if c.CFlags == nil {
		c.CFlags = DefaultCFlags
	}
	if c.OptTimeout == 0 {
		c.OptTimeout = 60 * time.Second
	}
	if c.RunTimeout == 0 {
		c.RunTimeout = 20 * time.Second
	}
	if c.Flows == nil {
		c.Flows = DefaultFlows()
	}
	if c.MemLimitKB == 0 {
		c.MemLimitKB = 4 << 20
	}
}

// Check runs every flow of cfg on p and compares the outputs with the
// original's.
func Check(ctx context.Context, cfg Config, p Program) (*Result, error) {
	cfg.defaults()
	name := p.Name
	if name == "" {
		name = fmt.Sprintf("seed-%d", p.Seed)
	}
	dir := filepath.Join(cfg.Dir, name)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	res := &Result{Seed: p.Seed}
	src := filepath.Join(dir, "prog.c")
	if err := os.WriteFile(src, []byte(p.Source), 0o644); err != nil {
		return nil, err
	}
	want, err := buildRun(ctx, cfg, dir, src, "orig")
	if err != nil {
		return nil, fmt.Errorf("%w: seed %d: %v", ErrBaseline, p.Seed, err)
	}
	base := map[string][]byte{"": want}
	for _, f := range cfg.Flows {
		fcfg, want := cfg, want
		if len(f.CFlags) > 0 {
			fcfg.CFlags = append(append([]string(nil), cfg.CFlags...), f.CFlags...)
			key := strings.Join(f.CFlags, " ")
			if w, ok := base[key]; ok {
				want = w
			} else {
				w, err := buildRun(ctx, fcfg, dir, src, "orig_"+flowFile(Flow{Name: key}))
				if err != nil {
					return nil, fmt.Errorf("%w: seed %d (%s): %v", ErrBaseline, p.Seed, key, err)
				}
				base[key], want = w, w
			}
		}
		o := checkFlow(ctx, fcfg, dir, src, f, want)
		res.Outcomes = append(res.Outcomes, o)
		if o.Status == OK && !cfg.NoVariants {
			res.Outcomes = append(res.Outcomes, checkVariants(ctx, fcfg, dir, f, want)...)
		}
	}
	if !cfg.Keep && len(res.Failures()) == 0 {
		os.RemoveAll(dir)
	}
	return res, nil
}

// wallFactor is how many times a run's CPU-time bound its wall time may
// reach before the run is stopped.
const wallFactor = 10

// cpuTime is the user and system CPU time of a finished process (zero when
// it did not start).
func cpuTime(ps *os.ProcessState) time.Duration {
	if ps == nil {
		return 0
	}
	return ps.UserTime() + ps.SystemTime()
}

func checkFlow(ctx context.Context, cfg Config, dir, src string, f Flow, want []byte) Outcome {
	o := Outcome{Flow: f.Name}
	name := flowFile(f)
	out := filepath.Join(dir, name+".c")
	args := append([]string{"opt"}, f.Flags...)
	args = append(args, src, "-o", out)
	// OptTimeout bounds the CPU time of the run, so that the verdict does
	// not depend on how loaded the machine is; the wall clock only stops
	// a run that is far past it (wallFactor times), which is a timeout too.
	tctx, cancel := context.WithTimeout(ctx, wallFactor*cfg.OptTimeout)
	defer cancel()
	cmd := exec.CommandContext(tctx, cfg.Tessera, args...)
	if cfg.MemLimitKB > 0 {
		if sh, err := exec.LookPath("sh"); err == nil {
			script := fmt.Sprintf(`ulimit -v %d && exec "$0" "$@"`, cfg.MemLimitKB)
			cmd = exec.CommandContext(tctx, sh, append([]string{"-c", script, cfg.Tessera}, args...)...)
		}
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	cmd.Stdout = &stderr
	err := cmd.Run()
	msg := stderr.String()
	code := 0
	if err != nil && tctx.Err() == nil {
		var ee *exec.ExitError
		if !errors.As(err, &ee) {
			return fail(o, "tessera-crash", err.Error())
		}
		code = ee.ExitCode()
	}
	switch {
	case tctx.Err() != nil:
		return fail(o, "tessera-timeout", fmt.Sprintf("tessera opt %s: no answer in %v of wall time", strings.Join(f.Flags, " "), wallFactor*cfg.OptTimeout))
	case cpuTime(cmd.ProcessState) > cfg.OptTimeout:
		return fail(o, "tessera-timeout", fmt.Sprintf("tessera opt %s: %v of CPU time (bound %v)", strings.Join(f.Flags, " "), cpuTime(cmd.ProcessState).Round(time.Millisecond), cfg.OptTimeout))
	case strings.Contains(msg, "out of memory"):
		return fail(o, "tessera-oom", fmt.Sprintf("tessera opt %s: out of memory (limit %d KB): %s", strings.Join(f.Flags, " "), cfg.MemLimitKB, clip(msg, 300)))
	case strings.Contains(msg, "panic:") || strings.Contains(msg, "goroutine "):
		return fail(o, "tessera-crash", clip(msg, 1500))
	case code == 1 && strings.Contains(msg, "error:"):
		o.Status = Declined
		o.Kind = diagnosticKind(msg)
		o.Detail = clip(msg, 600)
	case code != 0:
		return fail(o, "tessera-crash", fmt.Sprintf("exit status %d: %s", code, clip(msg, 1500)))
	}
	if _, err := os.Stat(out); err != nil {
		if o.Status == Declined {
			return o // nothing written: the original stands
		}
		return fail(o, "tessera-crash", "no output file: "+clip(msg, 600))
	}
	if b, err := os.ReadFile(out); err == nil {
		o.Features = features(string(b))
	}
	got, err := buildRun(ctx, cfg, dir, out, name)
	if err != nil {
		kind := "run-error"
		if errors.Is(err, errCompile) {
			kind = "cc-error"
		}
		return fail(o, kind, err.Error())
	}
	if d := bench.CompareOutputs(want, got, f.tol()); d != "" {
		return fail(o, "wrong-output", d)
	}
	return o
}

// checkVariants runs the forced and reversed variants (variants.go) of
// flow f's output, when it has parallel loops.
func checkVariants(ctx context.Context, cfg Config, dir string, f Flow, want []byte) []Outcome {
	name := flowFile(f)
	b, err := os.ReadFile(filepath.Join(dir, name+".c"))
	if err != nil || !strings.Contains(string(b), "omp parallel") {
		return nil
	}
	var outs []Outcome
	run := func(suffix, text string) {
		o := Outcome{Flow: f.Name + "[" + suffix + "]"}
		file := filepath.Join(dir, name+"_"+suffix+".c")
		if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
			outs = append(outs, fail(o, "run-error", err.Error()))
			return
		}
		got, err := buildRun(ctx, cfg, dir, file, name+"_"+suffix)
		if err != nil {
			kind := "run-error"
			if errors.Is(err, errCompile) {
				kind = "cc-error"
			}
			outs = append(outs, fail(o, kind, err.Error()))
			return
		}
		if d := bench.CompareOutputs(want, got, f.tol()); d != "" {
			o = fail(o, "wrong-output", d)
		}
		outs = append(outs, o)
	}
	forced := forceParallel(string(b))
	if forced != string(b) {
		run("forced", forced)
	}
	if rev, n := reverseParallel(forced); n > 0 {
		run("reversed", rev)
	}
	return outs
}

func features(src string) []string {
	var fs []string
	for _, f := range []struct{ name, text string }{
		{"omp-parallel", "omp parallel"},
		{"omp-simd", "omp simd"},
		{"intrinsics", "_mm"},
		{"tiled", "floord("},
		{"reduction", "reduction("},
	} {
		if strings.Contains(src, f.text) {
			fs = append(fs, f.name)
		}
	}
	return fs
}

func flowFile(f Flow) string {
	return strings.NewReplacer("=", "_", ",", "_", "+", "_").Replace(f.Name)
}

func fail(o Outcome, kind, detail string) Outcome {
	o.Status, o.Kind, o.Detail = Failed, kind, detail
	return o
}

// diagnosticKind reduces a tessera diagnostic to its reason, without the
// position, for counting.
func diagnosticKind(msg string) string {
	for _, l := range strings.Split(msg, "\n") {
		if i := strings.Index(l, "error:"); i >= 0 {
			s := strings.TrimSpace(l[i+len("error:"):])
			if len(s) > 90 {
				s = s[:90]
			}
			return s
		}
	}
	return "?"
}

var errCompile = errors.New("compile error")

// buildRun compiles src into dir/name and runs it, giving its stdout.
func buildRun(ctx context.Context, cfg Config, dir, src, name string) ([]byte, error) {
	bin := filepath.Join(dir, name)
	args := append(append([]string(nil), cfg.CFlags...), src, "-o", bin, "-lm")
	cctx, cancel := context.WithTimeout(ctx, 120*time.Second)
	defer cancel()
	if out, err := exec.CommandContext(cctx, cfg.CC, args...).CombinedOutput(); err != nil {
		return nil, fmt.Errorf("%w: %s %s: %v\n%s", errCompile, cfg.CC, strings.Join(args, " "), err, clip(string(out), 1500))
	}
	rctx, cancel2 := context.WithTimeout(ctx, cfg.RunTimeout)
	defer cancel2()
	cmd := exec.CommandContext(rctx, bin)
	cmd.Env = append(os.Environ(), "OMP_NUM_THREADS=2")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		if rctx.Err() != nil {
			return nil, fmt.Errorf("%s: timeout after %v", bin, cfg.RunTimeout)
		}
		return nil, fmt.Errorf("%s: %v\n%s", bin, err, clip(stderr.String(), 600))
	}
	if !cfg.Keep {
		os.Remove(bin)
	}
	return stdout.Bytes(), nil
}

func clip(s string, n int) string {
	if len(s) > n {
		return s[:n] + "..."
	}
	return s
}
