package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/tessera-opt/tessera/cfront"
	"github.com/tessera-opt/tessera/internal/astopt"
	"github.com/tessera-opt/tessera/internal/cli"
	"github.com/tessera-opt/tessera/internal/multiversion"
	"github.com/tessera-opt/tessera/internal/split"
	"github.com/tessera-opt/tessera/internal/vector"
	"github.com/tessera-opt/tessera/mlir"
	"github.com/tessera-opt/tessera/pipeline"
	"github.com/tessera-opt/tessera/scheduler"
)

func init() {
	register("opt", "optimize the SCoP regions of a C file (polycc-like)", runOpt)
}

const optAbout = `Optimizes every #pragma scop region of FILE.c (with --autoscop, or in a
file without scop pragmas, also the plain loop nests) and writes the file
back with the regions rewritten and every other byte unchanged. A region
that cannot be modelled or optimized keeps its code, with a diagnostic.
The output goes to NAME.tessera.c beside the input unless -o says where
(-o - is standard output; it is the default when the input is - for
standard input, a pipe or a device); it is written atomically and never
over the input.`

const optNotes = `--context: the assumption applies to the whole file. Each region gets its
part on the region's own parameters (constraints on parameters a region
does not have are dropped for it); naming a parameter that no region has
is a usage error. --context=N (polycc's form) means every parameter of
every region is at least N.

Aliasing: two pointers (or array parameters) may point into the same
array. When a region writes through one of them, its optimized code runs
only if the address ranges the region accesses are disjoint, checked at
run time; the original code runs otherwise (--explain names the arrays).
A region whose rows are reached through pointers (double **a) cannot be
checked and keeps its code, with a warning. --assume-noalias drops the
check.

Exit status: 0 success; 1 when a region or the input had an error (the
region keeps its code); 2 bad usage.`

func runOpt(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	c := cli.New("tessera opt", "tessera opt [flags] FILE.c [-o OUT.c]")
	c.About, c.Notes = optAbout, optNotes
	fs := c.FlagSet()
	out := fs.String("o", "", "output `FILE` (default NAME.tessera.c beside the input; - for standard output)")
	identity := fs.Bool("identity", false, "regenerate every region with its original schedule")
	tile := fs.Bool("tile", true, "tile permutable bands")
	notile := fs.Bool("notile", false, "do not tile (same as --tile=false)")
	parallel := fs.Bool("parallel", false, "mark the outermost parallel loop of each nest with OpenMP")
	reductions := fs.Bool("reductions", false, "with --parallel, parallelize a loop whose only carried dependences are one update (+=, *=) of an element invariant in it, with an OpenMP reduction clause (reorders floating-point sums)")
	noPrivatize := fs.Bool("noprivatize", false, "with --parallel, keep scalars shared instead of privatizing them to make loops parallel")
	fuse := fs.String("fuse", "smart", "fusion `POLICY`: smart, max or no")
	sizes := fs.String("tile-sizes", "", "comma-separated tile `SIZES` per band member, for every band, or @FILE (default: chosen per band from the cache sizes; --explain says which and why)")
	sizesFile := fs.String("tile-sizes-file", "", "tile sizes per band in `FILE`: one line per band in order (\"32,32,8\", or \"-\" for the cache model's choice), '#' comments")
	l2tile := fs.Bool("l2tile", false, "second level of tiling sized for the L2 cache above the first (Pluto's --l2tile)")
	noNegative := fs.Bool("nonegative", false, "do not retry the hyperplane search with reversed loops (negative coefficients)")
	ctxFlag := fs.String("context", "", "assumption on the parameters: a `SET` in isl notation, e.g. '[NI, NJ] -> { : NI >= 16 and NJ >= NI }', or an integer N for every parameter >= N (see below)")
	explain := &explainFlag{}
	fs.Var(explain, "explain", "print, for every region, which schedule was kept and why, and the main decisions per loop nest in the source's terms; --explain=short: one line per region; --explain=full: also the stage times and counters")
	silent := fs.Bool("silent", false, "print only errors (no notes, no warnings)")
	autoscop := fs.Bool("autoscop", false, "also optimize maximal affine loop nests outside scop pragmas")
	noAlias := fs.Bool("assume-noalias", false, "assume that arrays reached through pointers (pointer variables, array parameters not declared restrict) do not overlap: no run-time check of their address ranges (see below)")
	noCheck := fs.Bool("no-selfcheck", false, "skip the interpreter check of generated code")
	versionsFlag := fs.String("versions", "1,2", "`VALUES` (comma-separated integers, or none) a region is specialized on when an integer parameter multiplying its loop iterators (a stride: in[i*u + r]) makes it non-affine: the output tests the parameter and runs the version optimized for its value, the original code for other values")
	timeout := fs.Duration("region-timeout", 120*time.Second, "give up on a region (keeping its code) after this much CPU `TIME`, e.g. 90s or 2m; it must be positive (wall time is bounded at 20 times it)")
	vectorize := fs.Bool("vectorize", true, "SIMD code: packed FMA kernels for contractions, horizontal reductions, simd marks on vectorizable innermost loops; the intrinsics are guarded by the target's macros with the scalar nest as the other branch (off with --identity unless given)")
	novectorize := fs.Bool("novectorize", false, "disable --vectorize (with -ffp-contract=off, the output then prints exactly what the original prints)")
	target := fs.String("target", "native", "SIMD `TARGET` for --vectorize: native (the host's widest: avx512, avx2, sse2, neon or generic, read from /proc/cpuinfo), "+strings.Join(vector.KnownTargets(), ", "))
	unrollJam := fs.Int("unroll-jam", 4, "`ROWS` of the register tile of --vectorize kernels, 1 to 8 (1: no unroll-and-jam)")
	licm := fs.Bool("licm", true, "loop-invariant code motion and normalization on the generated AST")
	nolicm := fs.Bool("nolicm", false, "disable --licm")
	licmK := fs.Int("licm-threshold", 1, "LICM hoists an invariant expression only when its cost reaches `K`")
	splitOn := fs.Bool("split", splitDefault, "statement splitting: cut reductions like A[i][j] += B[k][i] * B[k][j] in two through a temporary (see --split-expand; --explain says what was split and why)")
	nosplit := fs.Bool("nosplit", false, "disable --split")
	splitExpand := fs.String("split-expand", "permutable", "`DIMS` of --split's temporary: permutable (every loop but the last one of the left side: the nest stays tilable) or inner (the innermost loop only, the Polygeist paper's minimal expansion)")
	freeFMA := fs.Bool("free-fma", false, "let gcc fuse the multiply-adds of the original's reduction loops (s += a*b) in the optimized loops: by default they are printed so that they stay a multiply and an add, as gcc leaves them in the original under AMD Zen tunings (-march=native there), and the output prints the original's bits")
	noExpand := fs.Bool("noexpand", false, "no scalar expansion: temporaries such as PolyBench's temp2 or w keep their single storage (by default a local scalar dead after the region gets an array indexed by the loops that carry none of its values when that lets the scheduler tile, parallelize or vectorize more; --explain says which)")
	dump := fs.String("dump", "", "print the output of `STAGE` for every region instead of writing the optimized file (to -o if given, else standard output): "+strings.Join(pipeline.DumpStages, ", "))
	schedFile := fs.String("schedule", "", "user schedule `FILE` replacing the automatic scheduler: a transformation script or an isl YAML schedule tree (docs/SCHEDULE.md)")
	emitLang := fs.String("emit", "c", "output `LANGUAGE`: c (the file with its regions rewritten), or mlir (an MLIR module in the affine dialect, one func.func per optimized region; default output NAME.tessera.mlir; see docs/MLIR.md)")
	addPolyccAliases(c)
	pp := c.AddPreprocessor()
	pos, code, done := c.Parse(args, stdout, stderr)
	if done {
		return code
	}
	if len(pos) != 1 {
		c.Fail(stderr, inputCount(pos))
		return 2
	}
	in := pos[0]
	// --identity regenerates the original schedule; vector code only when
	// asked for by name.
	vecOn := *vectorize && !*novectorize
	if *identity && vecOn && !c.Given("vectorize") {
		vecOn = false
	}
	usage := func(format string, args ...any) int {
		c.Fail(stderr, fmt.Sprintf(format, args...))
		return 2
	}
	pol, err := scheduler.ParseFuse(*fuse)
	if err != nil {
		return usage("--fuse: %v", strings.TrimPrefix(err.Error(), "scheduler: "))
	}
	ts, err := parseSizesArg(*sizes)
	if err != nil {
		return usage("--tile-sizes: %v", err)
	}
	if *timeout <= 0 {
		return usage("--region-timeout must be positive (got %v); give a large value such as 24h for practically no limit", *timeout)
	}
	versions, err := multiversion.ParseValues(*versionsFlag)
	if err != nil {
		return usage("--versions: %v", strings.TrimPrefix(err.Error(), "multiversion: "))
	}
	uctx, err := parseContext(*ctxFlag)
	if err != nil {
		return usage("%v", err)
	}
	var bandSizes [][]int64
	if *sizesFile != "" {
		text, err := os.ReadFile(*sizesFile)
		if err != nil {
			return usage("--tile-sizes-file: %v", err)
		}
		if bandSizes, err = scheduler.ParseTileSizesFile(string(text)); err != nil {
			return usage("--tile-sizes-file: %s:%v", *sizesFile, err)
		}
	}
	tgt, err := vector.ParseTarget(*target)
	if err != nil {
		return usage("--target: %v", err)
	}
	if *unrollJam < 1 || *unrollJam > 8 {
		return usage("--unroll-jam: %d out of range 1..8", *unrollJam)
	}
	expand, err := split.ParseExpansion(*splitExpand)
	if err != nil {
		return usage("--split-expand: %v", err)
	}
	if *dump != "" && !pipeline.ValidDumpStage(*dump) {
		return usage("--dump: unknown stage %q (want one of %s)", *dump, strings.Join(pipeline.DumpStages, ", "))
	}
	if *emitLang != "c" && *emitLang != "mlir" {
		return usage("--emit: unknown output %q (want c or mlir)", *emitLang)
	}
	if *out == "" && c.Given("o") {
		return usage("-o: empty file name")
	}
	// The input: a file, or standard input for "-". The output goes
	// beside a regular file, else (standard input, a pipe, a device) to
	// standard output, unless -o says where. No file read may be written.
	inputs := []string{in, *schedFile, *sizesFile, strings.TrimPrefix(*sizes, "@")}
	var src []byte
	if in == "-" {
		in, inputs = "<stdin>", inputs[1:]
		src, err = io.ReadAll(stdin)
	} else {
		src, err = os.ReadFile(in)
	}
	if *out == "" {
		*out = "-"
		if fi, serr := os.Stat(in); serr == nil && fi.Mode().IsRegular() {
			ext := filepath.Ext(in)
			*out = strings.TrimSuffix(in, ext) + ".tessera" + ext
			if *emitLang == "mlir" {
				*out = strings.TrimSuffix(in, ext) + ".tessera.mlir"
			}
		}
	}
	if err != nil {
		fmt.Fprintf(stderr, "tessera opt: %v\n", err)
		return 1
	}
	var userSched *pipeline.UserSchedule
	if *schedFile != "" {
		text, err := os.ReadFile(*schedFile)
		if err != nil {
			return usage("--schedule: %v", err)
		}
		if userSched, err = pipeline.LoadSchedule(*schedFile, text); err != nil {
			var ue *pipeline.UserScheduleError
			if errors.As(err, &ue) {
				fmt.Fprintln(stderr, ue.Diagnostic())
			} else {
				fmt.Fprintf(stderr, "tessera opt: --schedule: %v\n", err)
			}
			return 1
		}
	}
	opt := pipeline.Options{
		Identity:      *identity,
		AutoScop:      *autoscop,
		Defines:       pp.Defines(),
		IncludeDirs:   pp.IncludeDirs,
		Includes:      pp.Includes,
		AssumeNoAlias: *noAlias,
		NoSelfCheck:   *noCheck,
		RegionTimeout: *timeout,
		Versions:      versions,
		Vectorize:     vecOn,
		Vector:        vector.Config{Target: tgt, UnrollJam: *unrollJam},
		Schedule:      userSched,
		Split:         *splitOn && !*nosplit,
		SplitExpand:   expand,
		NoLICM:        *nolicm || !*licm,
		NoExpand:      *noExpand,
		FreeFMA:       *freeFMA,
		LICM:          astopt.Config{Threshold: *licmK},
		Sched: scheduler.Config{
			Fuse:          pol,
			NoTile:        *notile || !*tile,
			TileSizes:     ts,
			BandTileSizes: bandSizes,
			L2Tile:        *l2tile,
			NoNegative:    *noNegative,
			Parallel:      *parallel,
			NoPrivatize:   *noPrivatize,
			Reductions:    *reductions,
		},
	}
	if *emitLang == "mlir" {
		mlir.EmitOptions(&opt)
	}
	if isMLIR(in) {
		if uctx != nil {
			return usage("--context does not apply to an MLIR input (its parameters are SSA values)")
		}
		if *dump != "" {
			return usage("--dump does not apply to an MLIR input")
		}
		return runOptMLIR(in, src, opt, *out, *silent, stdout, stderr, inputs)
	}
	if uctx != nil {
		params, ok := regionParams(in, src, cfront.Config{AutoScop: opt.AutoScop, Defines: opt.Defines, IncludeDirs: opt.IncludeDirs, Includes: opt.Includes})
		if ok {
			if opt.Context, err = uctx.forParams(in, params); err != nil {
				return usage("%v", err)
			}
		}
	}
	res, err := pipeline.Optimize(in, src, opt)
	if err != nil {
		fmt.Fprintf(stderr, "%s: error: %v\n", in, err)
		return 1
	}
	for _, d := range res.Diags {
		if !*silent || d.Severity == "error" {
			fmt.Fprintln(stderr, withoutStack(d.String()))
		}
	}
	if explain.level != 0 {
		pipeline.Explain(stderr, in, res, pipeline.ExplainConfig{Level: explain.level, Split: *splitOn})
	}
	if *dump != "" {
		return writeDump(res, *dump, c.Given("o"), *out, stdout, stderr, inputs)
	}
	if *emitLang == "mlir" {
		return writeMLIR(res, *parallel, *silent, *out, stdout, stderr, inputs)
	}
	if err := writeOutput(*out, res.Output, stdout, inputs...); err != nil {
		fmt.Fprintf(stderr, "tessera opt: %v\n", err)
		return 1
	}
	if res.Errors() {
		return 1
	}
	return 0
}

// writeMLIR writes the regions of res as an MLIR module (--emit=mlir):
// exit status 0 when at least one region was written, 1 otherwise.
func writeMLIR(res *pipeline.Result, parallel, silent bool, out string, stdout, stderr io.Writer, inputs []string) int {
	m, err := mlir.Emit(res, mlir.EmitConfig{Parallel: parallel})
	if err != nil {
		fmt.Fprintf(stderr, "tessera opt: %v\n", err)
		return 1
	}
	for _, d := range m.Diags {
		if !silent {
			fmt.Fprintln(stderr, d)
		}
	}
	if err := writeOutput(out, m.Text, stdout, inputs...); err != nil {
		fmt.Fprintf(stderr, "tessera opt: %v\n", err)
		return 1
	}
	if len(m.Funcs) == 0 {
		fmt.Fprintf(stderr, "%s: error: no region was written as MLIR\n", res.File.Name)
		return 1
	}
	return 0
}

// withoutStack cuts a Go stack dump (the pipeline's account of an
// internal error in a region) from a diagnostic: users get the one line,
// developers the frames with TESSERA_PANIC=1.
func withoutStack(diag string) string {
	if os.Getenv("TESSERA_PANIC") == "1" {
		return diag
	}
	if i := strings.Index(diag, "\ngoroutine "); i >= 0 {
		return diag[:i]
	}
	return diag
}

// inputCount is the usage error for a command line with other than one
// input file.
func inputCount(pos []string) string {
	if len(pos) == 0 {
		return "no input file"
	}
	return fmt.Sprintf("one input file expected, got %d: %s", len(pos), strings.Join(pos, " "))
}

func parseSizes(s string) ([]int64, error) {
	if s == "" {
		return nil, nil
	}
	var out []int64
	for _, f := range strings.Split(s, ",") {
		v, err := strconv.ParseInt(strings.TrimSpace(f), 10, 64)
		if err != nil || v < 1 || v > 1<<20 {
			return nil, fmt.Errorf("bad tile size %q (want an integer from 1 to %d)", f, 1<<20)
		}
		out = append(out, v)
	}
	return out, nil
}

// parseSizesArg reads --tile-sizes: a comma-separated list, or "@FILE" (or
// the path of an existing file) holding sizes separated by commas, blanks
// or newlines, with '#' comments.
func parseSizesArg(s string) ([]int64, error) {
	path, isFile := strings.CutPrefix(s, "@")
	if !isFile {
		if st, err := os.Stat(s); err == nil && !st.IsDir() && strings.ContainsAny(s, "./") {
			isFile = true
		}
	}
	if !isFile {
		return parseSizes(s)
	}
	text, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var fields []string
	for _, line := range strings.Split(string(text), "\n") {
		line, _, _ = strings.Cut(line, "#")
		fields = append(fields, strings.FieldsFunc(line, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' || r == '\r' })...)
	}
	if len(fields) == 0 {
		return nil, fmt.Errorf("%s: no tile sizes", path)
	}
	return parseSizes(strings.Join(fields, ","))
}

// splitDefault is the default of --split (statement splitting).
const splitDefault = false

// writeDump prints --dump's stage for every region to the -o file when
// one was given, else to standard output; the optimized file is not
// written.
func writeDump(res *pipeline.Result, stage string, toFile bool, out string, stdout, stderr io.Writer, inputs []string) int {
	var b strings.Builder
	if err := pipeline.Dump(&b, res, stage); err != nil {
		fmt.Fprintf(stderr, "tessera opt: --dump: %v\n", err)
		return 1
	}
	if !toFile {
		out = "-"
	}
	if err := writeOutput(out, []byte(b.String()), stdout, inputs...); err != nil {
		fmt.Fprintf(stderr, "tessera opt: %v\n", err)
		return 1
	}
	return 0
}
