// Package pipeline runs tessera's stages on one C file and keeps every
// stage's output, so that the command line can print any of them
// (--dump=STAGE, Dump) and tests can check each one. For each region:
//
//	C source ─cfront─▶ region ─scop─▶ model ─deps─▶ dependences
//	  ─candidates─▶ schedules ─chooser─▶ one schedule
//	  ─stage table─▶ check, coincidence, astgen, astopt, names,
//	                 self-check, vector, emit ─▶ C
//
// A candidate (candidates.go) is a schedule tree on one model of the
// region (its own, or its scalar-expanded model, expand.go), recording
// how it was made: the original order, the affine scheduler's result, the
// original order with parallel marks (origpar.go, package iss), the original
// order prepared for the vector stage, a user or identity schedule. One
// chooser (choose.go) applies a list of rules in order and says why the
// winner won; the stages after the choice are a declared table
// (stages.go). docs/PIPELINE.md describes the rules and the table.
//
// A region that cannot be modelled, scheduled or generated keeps its
// original text, and a diagnostic says why. Every generated region is
// checked before it is emitted: the schedule against the dependences
// (stage check) and the generated AST by running it in the AST
// interpreter for small parameter values and comparing the instances it
// visits with the domain and the dependences (stage self-check).
//
// runRegion recovers from panics at the region boundary: a panic in a
// stage becomes an internal-error diagnostic naming the stage and the
// region, and the region keeps its original code. (Statement splitting,
// which also runs only to explain itself when --split is off, keeps the
// unsplit model on a panic of its own instead.)
package pipeline

import (
	"errors"
	"fmt"
	"maps"
	"runtime/debug"
	"slices"
	"strings"
	"time"

	"github.com/tessera-opt/tessera/ast"
	"github.com/tessera-opt/tessera/cfront"
	"github.com/tessera-opt/tessera/deps"
	"github.com/tessera-opt/tessera/internal/aliascheck"
	"github.com/tessera-opt/tessera/internal/astopt"
	"github.com/tessera-opt/tessera/internal/cexpand"
	"github.com/tessera-opt/tessera/internal/emit"
	"github.com/tessera-opt/tessera/internal/omp"
	"github.com/tessera-opt/tessera/internal/split"
	"github.com/tessera-opt/tessera/internal/unsigned"
	"github.com/tessera-opt/tessera/internal/vector"
	"github.com/tessera-opt/tessera/presburger"
	"github.com/tessera-opt/tessera/schedule"
	"github.com/tessera-opt/tessera/scheduler"
	"github.com/tessera-opt/tessera/scop"
)

// Options are the choices of `tessera opt`. The zero value runs the
// automatic scheduler with tiling and without OpenMP.
type Options struct {
	// Identity regenerates every region from its model with the original
	// schedule.
	Identity bool
	// Scheduler options (fusion, tiling, parallel marks).
	Sched scheduler.Config
	// Schedule, when non-nil, replaces the automatic scheduler by a user
	// schedule (`--schedule FILE`, see LoadSchedule); an illegal one is
	// refused with the violated dependence and the region is kept.
	Schedule *UserSchedule
	// Context is a user context in isl notation.
	Context string
	// AutoScop also treats the maximal affine loop nests as regions.
	AutoScop bool
	// AssumeNoAlias drops the run-time check that the arrays which may
	// overlap (pointers, array parameters) do not (package aliascheck).
	AssumeNoAlias bool
	// NoSelfCheck skips the interpreter check of generated regions.
	NoSelfCheck bool
	// Defines are -D macros for region finding and type resolution.
	Defines map[string]string
	// IncludeDirs and Includes are the front end's header search
	// directories (-I) and headers read first (-include), see
	// cfront.Config.
	IncludeDirs, Includes []string
	// NoLICM skips the AST post-passes of package astopt (normalization,
	// unswitching, loop-invariant code motion).
	NoLICM bool
	// NoExpand turns scalar expansion off (expand.go).
	NoExpand bool
	// FreeFMA prints the original's reduction chains as they are, letting
	// gcc fuse their multiply-adds where the new loops are no chains
	// (fpcontract.go): faster, but on AMD Zen tunings the program then
	// rounds differently from the original.
	FreeFMA bool
	// LICM configures those passes (the zero value is their default).
	LICM astopt.Config
	// RegionTimeout bounds the time spent on one region (default 120 s);
	// a region that takes longer keeps its original code.
	RegionTimeout time.Duration
	// Vectorize runs package vector on each generated region (after the
	// self-check of the scalar AST), with Vector as its configuration;
	// Vector.OpenMP is forced on when Sched.Parallel is set.
	Vectorize bool
	Vector    vector.Config
	// Split cuts reduction statements in two through a temporary
	// (package split, --split; SplitExpand: --split-expand); see split.go.
	Split       bool
	SplitExpand split.Expansion
	// OMP configures package omp's decisions on the parallel loops.
	OMP omp.Config
	// Versions are the values a region that cannot be modelled is
	// specialized on, for each integer parameter that multiplies its
	// iterators (multiversion.go); nil: multiversion.DefaultValues, an
	// empty list: no specialization.
	Versions []int64

	// forceExpand keeps every scalar expansion, also one that gains
	// nothing and one whose region keeps the original order (tests run
	// the expanded code through the C compiler with it).
	forceExpand bool
	// afterStage, when set, verifies a candidate after each stage of the
	// table that ran on it (tests set it, as Go's SSA checks run after
	// every pass).
	afterStage func(stage string, c *candidate) error
}

// Diagnostic is a message about one place of the input.
type Diagnostic struct {
	Pos      cfront.Pos
	File     string
	Severity string // "error", "warning" or "note"
	Msg      string
}

func (d Diagnostic) String() string {
	if d.Pos.Line > 0 {
		return fmt.Sprintf("%s:%d:%d: %s: %s", d.File, d.Pos.Line, d.Pos.Col, d.Severity, d.Msg)
	}
	return fmt.Sprintf("%s: %s: %s", d.File, d.Severity, d.Msg)
}

// Region is what the stages produced for one region. A nil field means the
// stage did not run (an earlier one failed).
type Region struct {
	Region  *cfront.Region
	Scop    *scop.Scop
	Deps    *deps.Deps
	Tree    schedule.Tree
	AST     ast.Node
	Text    string // the generated C text of the region body
	Remarks []string
	// Warnings are remarks the user should see without --explain (a
	// budget the scheduler ran over, a simpler schedule taken); Optimize
	// turns them into warning diagnostics at the region's position.
	Warnings []string
	Kept     bool // the original text was kept
	// Vector is what package vector did (nil without Options.Vectorize).
	Vector *vector.Result
	// Private lists the scalars the scheduler privatized on parallel
	// loops (printed as private/lastprivate clauses by package omp).
	Private []scheduler.Private
	// Split is what statement splitting did (nil when nothing was split).
	Split *split.Result
	// outlined holds the functions that the bodies of parallel loops
	// moved into (paroutline.go), nil when none.
	outlined *outlined
	// expanded is the storage of the region's scalar expansion
	// (expand.go), nil if none.
	expanded *cexpand.Storage
	// unsigned is what the region's unsigned names need (package unsigned),
	// nil before the model is built.
	unsigned *unsigned.Plan
	// Times records how long each stage took, in stage order.
	Times []StageTime
	Total time.Duration
	// choice is the chooser's decision: the candidates built, the winner
	// and why (choose.go; --dump=candidates). Nil when the region failed
	// before it.
	choice *choice
	// models is the number of models the region was scheduled on (at
	// most one scheduler run each).
	models int
	// stop, when closed, cancels the stages not yet started
	// (runRegionWithin closes it when the region runs over its time).
	stop <-chan struct{}
}

// StageTime is the duration of one stage on one region.
type StageTime struct {
	Stage string
	Time  time.Duration
}

// timed runs the stage f and records its time; it returns errCancelled
// without running f once r.stop is closed.
func (r *Region) timed(stage string, f func() error) error {
	select {
	case <-r.stop:
		return &stageError{stage, errCancelled}
	default:
	}
	t0 := time.Now()
	err := f()
	r.Times = append(r.Times, StageTime{stage, time.Since(t0)})
	return err
}

// Result is the output of Optimize.
type Result struct {
	File    *cfront.File
	Regions []*Region
	Diags   []Diagnostic
	Output  []byte
}

// Errors reports whether some diagnostic is an error.
func (r *Result) Errors() bool {
	for _, d := range r.Diags {
		if d.Severity == "error" {
			return true
		}
	}
	return false
}

// Optimize runs the pipeline on the C text src of the file path and
// returns the rewritten file. An error is returned only when the file as a
// whole cannot be processed; problems of single regions are diagnostics.
func Optimize(path string, src []byte, opt Options) (*Result, error) {
	res := &Result{}
	f, err := cfront.ParseFile(path, src, cfront.Config{AutoScop: opt.AutoScop, Defines: opt.Defines, IncludeDirs: opt.IncludeDirs, Includes: opt.Includes})
	if f == nil {
		return nil, err
	}
	res.File = f
	res.addFrontEndErrors(path, err)
	for _, e := range f.Skipped {
		// Loops that automatic detection passed over, and why (a
		// break, a goto, a pragma on the loop); not those without an
		// assignment (initialization loops of declarations, empty
		// loops), which are many and of no interest.
		if e.Code != cfront.CodeNoWork {
			res.Diags = append(res.Diags, Diagnostic{Pos: e.Pos, File: path, Severity: "note", Msg: e.Msg})
		}
	}
	// Generated code names its helpers (floord, min, ...) with tessera's
	// prefix, so that no macro of the file or of a header it includes
	// (#define max 1.0) changes them.
	prefix := helperPrefix
	var edits []emit.Edit
	var seen diagSet
	place := newPlacer(f)
	// f.Regions grows as we go: the loops inside an automatic region
	// that is not a SCoP are tried as regions of their own, numbered
	// after the others (a script's "region N" is the N-th here too).
	for k := 0; k < len(f.Regions); k++ {
		r := f.Regions[k]
		reg := &Region{Region: r, Kept: true}
		res.Regions = append(res.Regions, reg)
		start := time.Now()
		text, err := runRegionWithin(f, r, reg, opt, prefix)
		reg.Total = time.Since(start)
		if err == nil {
			text, err = keepIterators(f, r, reg, text)
		}
		if err == nil && reg.Scop != nil {
			text, err = underChecks(src, f, r, reg, text, opt.AssumeNoAlias, prefix) // alias.go
		}
		if t, ok := unblocked(src, f, r, reg, opt, prefix, err); ok { // unblock.go
			text, err = t, nil
		}
		if err != nil && reg.Scop == nil && notAScop(err) {
			if t, ok := versioned(src, f, r, reg, opt, prefix, err); ok { // multiversion.go
				text, err = t, nil
			}
		}
		if err == nil {
			text = underPreprocessor(src, r, reg, text) // ppcond.go
		}
		if err == nil {
			// Last: braces when the region is a sub-statement (splice.go).
			text, err = place.place(r, text)
		}
		for _, w := range reg.Warnings {
			res.Diags = append(res.Diags, Diagnostic{Pos: r.Pos, File: path, Severity: "warning", Msg: w})
		}
		if err != nil {
			d := regionDiag(path, r, err)
			if !seen.has(res.Diags, d) { // diagset.go
				// (A loop inside a nest that is not a SCoP may fail
				// for the same reason, at the same place.)
				res.Diags = append(res.Diags, d)
			}
			if r.Auto && notAScop(err) {
				f.Regions = append(f.Regions, f.InnerRegions(r)...)
			}
			continue
		}
		reg.Text, reg.Kept = text, false
		if o := reg.outlined; o != nil && o.Funcs != "" {
			edits = append(edits, emit.Edit{Start: o.Pos, End: o.Pos, Text: o.Funcs})
		}
		edits = append(edits, emit.Edit{Start: r.BodyStart, End: r.BodyEnd, Text: text})
	}
	if len(edits) == 0 {
		res.Output = append([]byte(nil), src...)
		return res, nil
	}
	out, err := emit.SpliceWithPrelude(src, edits, prefix)
	if err != nil {
		return nil, err
	}
	// The headers go at the top, after a byte-order mark.
	bom, out := emit.SplitBOM(out)
	out = addVectorHeader(out, res.Regions)
	out = addSplitHeader(out, res.Regions)
	out = addUnfusedHeader(out, res.Regions) // fpcontract.go
	out = addUnsignedHeader(out, res.Regions, prefix)
	res.Output = append(append([]byte(nil), bom...), out...)
	return res, nil
}

// helperPrefix starts the names of the helper macros in generated code.
const helperPrefix = "tessera_"

// underAssumption wraps a region's new text in a run-time check of cond,
// a condition its model holds under (a delinearized A[i*lda + j] needs
// n <= lda, Scop.Assumption; disjoint arrays, package aliascheck), with the
// original text in the else branch.
func underAssumption(src []byte, r *cfront.Region, reg *Region, text, cond string) string {
	// An automatic region starts at its for (the line's indentation is
	// outside it), a pragma region at a line.
	lead, orig := r.Indent, strings.TrimRight(string(src[r.BodyStart:r.BodyEnd]), "\n")
	if r.Auto {
		lead, orig = "", r.Indent+orig
	}
	return fmt.Sprintf("%sif (%s) {\n%s%s} else {\n%s\n%s}\n", lead, cond, text, r.Indent, orig, r.Indent)
}

// stageError names the stage that failed.
type stageError struct {
	stage string
	err   error
}

func (e *stageError) Error() string { return e.stage + ": " + e.err.Error() }
func (e *stageError) Unwrap() error { return e.err }

// runRegion runs the stages after the front end on one region and returns
// the new text of its body: the model (scop, statement splitting, deps),
// the choice among candidate schedules (choose.go), and the stage table
// on the winner (stages.go).
func runRegion(f *cfront.File, r *cfront.Region, reg *Region, opt Options, prefix string) (text string, err error) {
	rr := &regionRun{f: f, r: r, reg: reg, opt: opt, prefix: prefix, stage: "scop"}
	defer func() {
		if p := recover(); p != nil {
			err = &stageError{rr.stage, fmt.Errorf("internal error (panic: %v); the region is kept as it was\n%s", p, firstFrames(debug.Stack()))}
		}
	}()
	base, err := rr.buildModel()
	if err != nil {
		return "", err
	}
	rr.stage = "scheduler"
	ch, err := rr.choose(base)
	if err != nil {
		return "", err
	}
	win := ch.win
	if err := rr.runStages(win, "vector"); err != nil {
		return "", err
	}
	rr.commit(ch)
	reg.models = len(rr.models)
	if err := rr.runStages(win, "emit"); err != nil {
		return "", err
	}
	return win.text, nil
}

// buildModel builds the region's model: the scop (with statement
// splitting when --split keeps it, split.go), what its unsigned names
// need, and its dependences.
func (rr *regionRun) buildModel() (*model, error) {
	reg := rr.reg
	var s *scop.Scop
	if err := reg.timed("scop", func() (err error) {
		s, err = scop.FromRegion(rr.f, rr.r, scop.Config{File: rr.f.Name, Context: rr.opt.Context, Cancel: reg.stop})
		if errors.Is(err, scop.ErrCancelled) {
			return &stageError{"scop", errCancelled}
		}
		return err
	}); err != nil {
		return nil, err
	}
	plainElemTypes(s) // decls.go
	rr.ids = fileNames(rr.f)
	rr.mayAccesses(s)
	s = rr.applySplit(s) // split.go
	plainElemTypes(s)
	reg.Scop = s
	var err error
	if reg.unsigned, err = unsigned.Analyze(rr.f, rr.r, s); err != nil { // package unsigned
		return nil, err
	}
	rr.stage = "deps"
	m := rr.modelOf(s, "the region's model")
	if _, err := rr.depsOf(m); err != nil {
		return nil, &stageError{"deps", err}
	}
	reg.Deps = m.d
	return m, nil
}

// mayAccesses turns off, for a region with may accesses (scop's
// Access.May: a subscript that is not affine, A[B[i]]), the stages that
// need the element each access touches: vector code (strides, kernels),
// statement splitting, and the private copies of arrays (lower.go: package
// privatize takes the writes that its output dependences show overwritten
// for overwritten, which a may-write's are not). The schedule, its tiles
// and parallel loops still come from the dependences, which cover every
// pair of instances that may touch one element.
func (rr *regionRun) mayAccesses(s *scop.Scop) {
	if !s.HasMay() {
		return
	}
	arrays := slices.Sorted(maps.Keys(s.MayArrays()))
	rr.reg.Remarks = append(rr.reg.Remarks, fmt.Sprintf("may accesses (subscripts that are not affine) to %s: no vector code, statement splitting or private arrays in this region", strings.Join(arrays, ", ")))
	rr.opt.Vectorize = false
	rr.opt.Split = false
}

// indentRegion indents every non-empty line by ind.
func indentRegion(text, ind string) string {
	lines := strings.Split(strings.TrimRight(text, "\n"), "\n")
	for i, l := range lines {
		if l != "" && !strings.HasPrefix(l, "#") {
			lines[i] = ind + l
		}
	}
	return strings.Join(lines, "\n") + "\n"
}

func (res *Result) addFrontEndErrors(path string, err error) {
	if err == nil {
		return
	}
	var list cfront.ErrorList
	if errors.As(err, &list) {
		for _, e := range list {
			res.Diags = append(res.Diags, Diagnostic{Pos: e.Pos, File: path, Severity: "error", Msg: e.Msg + " (region left unchanged)"})
		}
		return
	}
	res.Diags = append(res.Diags, Diagnostic{File: path, Severity: "error", Msg: err.Error()})
}

// notAScop reports whether err is the front end's verdict that a region
// is not a static control part (a *cfront.Error from the scop stage, not
// a later stage's failure).
func notAScop(err error) bool {
	var se *stageError
	var ce *cfront.Error
	return errors.As(err, &ce) && !errors.As(err, &se)
}

// regionDiag is the diagnostic of a region that failed with err (its code
// is kept in every case). Its severity says whose the failure is: an
// error for the user's code or schedule (a region in scop pragmas that is
// not a SCoP, an illegal user schedule) and for tessera's own failures; a
// warning where tessera ran out of its budgets (the engine's steps,
// --region-timeout), as when the scheduler falls back; a note for a loop
// nest found without pragmas that is not a SCoP (nothing the user asked
// for failed).
func regionDiag(path string, r *cfront.Region, err error) Diagnostic {
	d := diagOf(path, r.Pos, err)
	var te *timeoutError
	var pe *presburger.Error
	switch {
	case r.Auto && notAScop(err):
		d.Severity = "note"
		d.Msg = "loop nest left alone: " + strings.TrimSuffix(d.Msg, " (region left unchanged)")
	case errors.As(err, &te), errors.As(err, new(*aliascheck.Error)):
		d.Severity = "warning"
	case errors.As(err, &pe) && pe.Kind == presburger.Budget:
		// The engine gave up (a dependence analysis over Pluto's own
		// tiled output): the code is kept and correct.
		d.Severity = "warning"
		if !strings.Contains(d.Msg, "kept as it was") {
			d.Msg += "; the region is kept as it was"
		}
	}
	return d
}

func diagOf(path string, pos cfront.Pos, err error) Diagnostic {
	var ue *UserScheduleError
	if errors.As(err, &ue) {
		return ue.Diagnostic()
	}
	var se *cfront.Error
	if errors.As(err, &se) {
		return Diagnostic{Pos: se.Pos, File: path, Severity: "error", Msg: se.Msg + " (region left unchanged)"}
	}
	return Diagnostic{Pos: pos, File: path, Severity: "error", Msg: err.Error()}
}

func firstFrames(stack []byte) string {
	lines := strings.Split(string(stack), "\n")
	if len(lines) > 16 {
		lines = lines[:16]
	}
	return strings.Join(lines, "\n")
}

// addVectorHeader puts the #include lines that the vector code of the
// regions needs at the top of the file, once.
func addVectorHeader(out []byte, regions []*Region) []byte {
	for _, r := range regions {
		if r.Kept || r.Vector == nil || r.Vector.Header == "" {
			continue
		}
		if strings.Contains(string(out), r.Vector.Header) {
			continue
		}
		out = append([]byte(r.Vector.Header+"\n"), out...)
	}
	return out
}

// typeGuard is the preprocessor condition under which the element types of
// the region's arrays resolve as cfront resolved them (cfront.File.TypeCond):
// PolyBench's DATA_TYPE is double only under defined(DATA_TYPE_IS_DOUBLE),
// and a compilation with -DDATA_TYPE_IS_FLOAT must not run double vector
// code on float arrays.
func typeGuard(f *cfront.File, r *cfront.Region, s *scop.Scop) string {
	var conds []string
	seen := map[string]bool{}
	for _, a := range s.Arrays {
		typ := a.ElemType // resolved
		if v := f.Lookup(r, a.Name); v != nil {
			typ = v.Type // as written
		}
		c := f.TypeCond(typ)
		if c != "" && !seen[c] {
			seen[c] = true
			conds = append(conds, c)
		}
	}
	return strings.Join(conds, " && ")
}
