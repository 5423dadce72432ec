// Package pipeline runs tessera's stages on one C file and keeps every
// stage's output, so that the command line can print any of them and tests
// can check each one:
//
//	C source ─cfront─▶ regions ─scop─▶ model ─deps─▶ dependences
//	  ─scheduler─▶ schedule tree ─astgen─▶ AST ─astopt─▶ AST ─emit─▶ C
//
// A region that cannot be modelled, scheduled or generated keeps its
// original text, and a diagnostic says why. Every generated region is
// checked before it is emitted: the schedule against the dependences (by
// the scheduler, or deps.Check for user and identity schedules) and the
// generated AST by running it in the AST interpreter for small parameter
// values and comparing the instances it visits with the domain and the
// dependences (see selfcheck.go).
//
// The emitted code also has to survive the C compiler: gccguard.go keeps
// gcc 12 from vectorizing, as an outer loop, a loop whose inner loop
// overwrites elements of earlier iterations (gcc reorders such stores).
//
// Optimize is the only entry point that recovers from panics: a panic in a
// stage becomes an internal-error diagnostic naming the stage and the
// region, and the region keeps its original code.
package pipeline

import (
	"errors"
	"fmt"
	"os"
	"runtime/debug"
	"strings"
	"time"

	"github.com/tessera-opt/tessera/ast"
	"github.com/tessera-opt/tessera/astgen"
	"github.com/tessera-opt/tessera/astopt"
	"github.com/tessera-opt/tessera/cfront"
	"github.com/tessera-opt/tessera/deps"
	"github.com/tessera-opt/tessera/directive"
	"github.com/tessera-opt/tessera/emit"
	"github.com/tessera-opt/tessera/omp"
	"github.com/tessera-opt/tessera/presburger"
	"github.com/tessera-opt/tessera/schedule"
	"github.com/tessera-opt/tessera/scheduler"
	"github.com/tessera-opt/tessera/scop"
	"github.com/tessera-opt/tessera/split"
	"github.com/tessera-opt/tessera/vector"
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
	// overlap (pointers, array parameters) do not (alias.go).
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
	// NoExpand turns scalar expansion off (expand.go; the environment
	// variable TESSERA_NO_EXPAND=1 does the same).
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
	// expanded is the region's scalar expansion (expand.go), nil if none.
	expanded *expansion
	// unsigned is what the region's unsigned names need (unsigned.go),
	// nil before the model is built.
	unsigned *unsignedPlan
	// Times records how long each stage took, in stage order.
	Times []StageTime
	Total time.Duration
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
// n <= lda, Scop.Assumption; disjoint arrays, alias.go), with the
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

// errUselessExpansion: the region expanded scalars and then kept the
// original order; runRegionWithin runs it again without the expansion.
var errUselessExpansion = errors.New("scalar expansion without use")

// stageError names the stage that failed.
type stageError struct {
	stage string
	err   error
}

func (e *stageError) Error() string { return e.stage + ": " + e.err.Error() }
func (e *stageError) Unwrap() error { return e.err }

// runRegion runs the stages after the front end on one region and returns
// the new text of its body.
func runRegion(f *cfront.File, r *cfront.Region, reg *Region, opt Options, prefix string) (text string, err error) {
	stage := "scop"
	defer func() {
		if p := recover(); p != nil {
			err = &stageError{stage, fmt.Errorf("internal error (panic: %v); the region is kept as it was\n%s", p, firstFrames(debug.Stack()))}
		}
	}()
	var s *scop.Scop
	if err := reg.timed(stage, func() (err error) {
		s, err = scop.FromRegion(f, r, scop.Config{File: f.Name, Context: opt.Context})
		return err
	}); err != nil {
		return "", err
	}
	plainElemTypes(s)                 // decls.go
	s = applySplit(f, r, s, reg, opt) // statement splitting, split.go
	plainElemTypes(s)
	reg.Scop = s
	if reg.unsigned, err = planUnsigned(f, r, s); err != nil { // unsigned.go
		return "", err
	}
	stage = "deps"
	var d *deps.Deps
	if err := reg.timed(stage, func() (err error) {
		d, err = deps.Compute(s, deps.Config{Cancel: reg.stop})
		return err
	}); err != nil {
		return "", &stageError{stage, err}
	}
	reg.Deps = d
	// Scalar expansion (expand.go): may replace s and d by an expanded model.
	s, d, expanded := expandScalars(f, r, s, d, reg, opt)
	reg.expanded = expanded // paroutline.go passes its arrays to outlined functions
	stage = "scheduler"
	tree := s.Schedule
	// plain, when set, is the schedule to fall back on if --vectorize
	// does nothing with tree.
	var plain schedule.Tree
	fallback := false
	origKept := false           // the original schedule with parallel marks (origpar.go)
	var newVec *vectorCandidate // the vector stage on the new schedule
	usedPlain := false
	originalOrder := false // the region keeps the original order of the (possibly expanded) model
	if opt.Identity {
		reg.Remarks = append(reg.Remarks, "identity schedule (--identity)")
	} else if opt.Schedule != nil {
		if err := reg.timed(stage, func() (err error) {
			tree, err = opt.Schedule.apply(s, d, f, r)
			return err
		}); err != nil {
			return "", err
		}
		reg.Remarks = append(reg.Remarks, "user schedule from "+opt.Schedule.File)
	} else {
		var sr *scheduler.Result
		err := reg.timed(stage, func() (err error) {
			sr, err = scheduler.Schedule(d, opt.Sched)
			return err
		})
		if err != nil {
			originalOrder = true
			reg.Remarks = append(reg.Remarks, fmt.Sprintf("original schedule kept: %v", err))
			var be *scheduler.BudgetError
			var pe *presburger.Error
			if errors.As(err, &be) || errors.As(err, &pe) && (pe.Kind == presburger.Budget || pe.Kind == presburger.Overflow) {
				reg.Warnings = append(reg.Warnings, fmt.Sprintf("original schedule kept: %v", err))
			}
		} else {
			reg.Remarks = append(reg.Remarks, sr.Remarks...)
			reg.Warnings = append(reg.Warnings, sr.Warnings...)
			// With --vectorize too: originalParallel recomputes the
			// coincidence flags that the vector stage reads, and the
			// parallel flow's choice must not get worse with --vectorize
			// (mvt 0.69x -> 0.55x, maxpool, adi, depthwise-conv lost when
			// the vector stage got the new schedule instead).
			var orig schedule.Tree
			marked := 0
			if opt.Sched.Parallel && !tilesOrPrivatizes(sr) && !betterInnermost(sr, s) {
				var err error
				var remark string
				if orig, marked, remark, err = originalParallel(s, d); err != nil {
					reg.Remarks = append(reg.Remarks, fmt.Sprintf("original schedule with parallel marks refused: %v", err))
					marked = 0
				} else if remark != "" {
					reg.Remarks = append(reg.Remarks, remark)
				}
			}
			if marked > 0 {
				tree, origKept = orig, true
				reg.Remarks = append(reg.Remarks, fmt.Sprintf("original schedule kept with %d parallel loop(s): the new one tiles nothing, needs no privatization and does not improve the innermost accesses", marked))
				if opt.Vectorize {
					// Unless the vector stage vectorizes more of the new
					// one (vectorChoice: a matmul nest interchanged for
					// the FMA kernel).
					plain, fallback = orig, true
					tree = sr.Tree
					reg.Private = sr.Private
				}
			} else if sr.Gains || opt.Vectorize {
				if !sr.Gains {
					// Kept only for the vector stage: unless that
					// vectorizes more of it than of the original, the
					// original comes back (vectorChoice; jacobi-1d ran at
					// 0.21x with the reordered nest).
					plain, fallback = vectorOriginal(reg, s, d), true
				}
				tree = sr.Tree
				reg.Private = sr.Private
			} else {
				// Reordering without tiling or parallelism measured
				// slower than the original on every kernel where it
				// happened (jacobi-1d 0.21x, mvt 0.53x at LARGE).
				originalOrder = true
				reg.Remarks = append(reg.Remarks, "original schedule kept: the new one neither tiles nor parallelizes anything")
			}
		}
	}
	if ok, w := deps.Check(tree.Flatten(), d); !ok {
		return "", &stageError{stage, fmt.Errorf("schedule violates a dependence (%v); the region is kept as it was", w)}
	}
	if !opt.Identity {
		// Innermost loops parallel at their position (lu's tiled j loop)
		// though not coincident in their band: the vector stage reads
		// the flags.
		_ = reg.timed("coincidence", func() error {
			if t, err := directive.RefineInner(tree, d); err == nil {
				tree = t
			}
			return nil
		})
	}
generate:
	reg.Tree = tree
	stage = "astgen"
	var n ast.Node
	if err := reg.timed(stage, func() (err error) {
		n, err = astgen.Generate(tree, astgen.Config{})
		return err
	}); err != nil {
		return "", &stageError{stage, err}
	}
	if !opt.NoLICM {
		stage = "astopt"
		var st astopt.Stats
		if n, st, err = astopt.Run(n, opt.LICM); err != nil {
			return "", &stageError{stage, err}
		}
		reg.Remarks = append(reg.Remarks, st.String())
	}
	ids := fileNames(f) // the names the file uses (generated names avoid them)
	n = renameBindings(n, ids)
	reg.AST = n
	if !opt.NoSelfCheck {
		stage = "self-check"
		if err := reg.timed(stage, func() error {
			if err := selfCheck(n, s, d); err != nil {
				return err
			}
			return parallelCheck(n, s, d, reg.Private)
		}); err != nil {
			return "", &stageError{stage, fmt.Errorf("%v; the region is kept as it was", err)}
		}
	}
	if opt.Vectorize {
		stage = "vector"
		vcfg := opt.Vector
		vcfg.OpenMP = vcfg.OpenMP || opt.Sched.Parallel
		vcfg.TypeGuard = typeGuard(f, r, s)
		var vr *vector.Result
		if err := reg.timed(stage, func() (err error) {
			vr, err = vector.Vectorize(n, s, vcfg)
			return err
		}); err != nil {
			return "", &stageError{stage, err}
		}
		if fallback {
			fallback = false
			if vr.Changed() {
				newVec = &vectorCandidate{tree: tree, vr: vr, private: reg.Private}
			}
			tree, reg.Private, usedPlain = plain, nil, true
			goto generate
		}
		if newVec != nil {
			var keptNew bool
			vr, keptNew = vectorChoice(reg, newVec, vr, s)
			tree = reg.Tree
			originalOrder = !keptNew && !origKept
		} else if usedPlain {
			originalOrder = !origKept
			reg.Remarks = append(reg.Remarks, "original schedule kept: --vectorize found nothing to do with the new one")
		}
		n, reg.AST, reg.Vector = vr.AST, vr.AST, vr
		reg.Remarks = append(reg.Remarks, vr.Remarks()...)
	}
	if originalOrder && expanded != nil && os.Getenv("TESSERA_EXPAND_FORCE") == "" {
		// The expansion only served a schedule that was not kept: its
		// arrays would only cost (durbin's sum on the heap ran 3% slower).
		return "", errUselessExpansion
	}
	stage = "emit"
	text, err = lowerToC(&lowering{f: f, r: r, reg: reg, opt: opt, prefix: prefix, s: s, d: d, n: n, expanded: expanded, ids: ids, origKept: origKept})
	if err != nil {
		return "", &stageError{stage, err}
	}
	return text, nil
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
	case errors.As(err, &te), errors.As(err, new(*aliasError)):
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

// vectorCandidate is the vector stage's result on a new schedule that
// tiles nothing (it neither tiles nor parallelizes anything, or the
// parallel flow prefers the original with parallel marks), kept while the
// original schedule is generated and vectorized for comparison.
type vectorCandidate struct {
	tree    schedule.Tree
	vr      *vector.Result
	private []scheduler.Private
}

// vectorChoice picks between the vector stage on the new schedule (cand)
// and on the original one (orig, whose tree is reg.Tree): the new one only
// when it vectorizes more of the deepest statements (vector.Gains). It
// sets reg.Tree and reg.Private to the choice and returns its result.
func vectorChoice(reg *Region, cand *vectorCandidate, orig *vector.Result, s *scop.Scop) (*vector.Result, bool) {
	if vector.Gains(cand.vr, orig, s) {
		reg.Tree, reg.Private = cand.tree, cand.private
		reg.Remarks = append(reg.Remarks, fmt.Sprintf("new schedule kept for --vectorize: it vectorizes %v, the original %v", cand.vr.Vectorized(), orig.Vectorized()))
		return cand.vr, true
	}
	reg.Remarks = append(reg.Remarks, fmt.Sprintf("original schedule kept: --vectorize does not vectorize more of the new one's deepest statements (new %v, original %v)", cand.vr.Vectorized(), orig.Vectorized()))
	return orig, false
}

// vectorOriginal is the region's original schedule with the coincident
// flags computed from the dependences, which the vector stage reads
// (marks, interchange): without them no loop of the original counts as
// parallel. On an error the schedule is returned as it is. When the
// innermost loop of a one-statement region carries dependences only
// through a hyperplane x = y, it is cut there (iss.go: Floyd-Warshall's
// j loop, which reads path[i][k] written at j = k) and the remark says so.
func vectorOriginal(reg *Region, s *scop.Scop, d *deps.Deps) schedule.Tree {
	t, err := directive.Coincidence(s.Schedule, d)
	if err != nil {
		return s.Schedule
	}
	if st, m, remark, err := splitParallel(s, d, false); err == nil && m > 0 {
		reg.Remarks = append(reg.Remarks, remark)
		return st
	}
	return t
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
