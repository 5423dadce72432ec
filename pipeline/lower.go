package pipeline

import (
	"fmt"

	"github.com/tessera-opt/tessera/ast"
	"github.com/tessera-opt/tessera/astgen"
	"github.com/tessera-opt/tessera/cfront"
	"github.com/tessera-opt/tessera/deps"
	"github.com/tessera-opt/tessera/internal/ccguard"
	"github.com/tessera-opt/tessera/internal/cdecl"
	"github.com/tessera-opt/tessera/internal/cexpand"
	"github.com/tessera-opt/tessera/internal/emit"
	"github.com/tessera-opt/tessera/internal/fpcontract"
	"github.com/tessera-opt/tessera/internal/omp"
	"github.com/tessera-opt/tessera/internal/outline"
	"github.com/tessera-opt/tessera/internal/privatize"
	"github.com/tessera-opt/tessera/internal/scalarize"
	"github.com/tessera-opt/tessera/scop"
)

// lowering is what the C lowering of one region starts from: the chosen
// schedule's AST (after astopt, the self-check and the vector stage) and
// the model it was generated from.
type lowering struct {
	f        *cfront.File
	r        *cfront.Region
	reg      *Region
	opt      Options
	prefix   string
	s        *scop.Scop
	d        *deps.Deps
	n        ast.Node
	expanded *cexpand.Storage
	ids      map[string]bool
	origKept bool // the original schedule with parallel marks was chosen
}

// outlined is what the lowering of a region leaves for the assembly of
// the file: the functions that loops moved into (package outline), and
// whether the region's code or those functions use the FP-contraction
// macro (package fpcontract), whose header then starts the output.
type outlined struct {
	outline.Result
	unfused bool
}

// lowerToC turns the region's AST into C text. It only sequences the
// lowering packages, each a transformation of its own:
//
//  1. fpcontract: which statements keep their multiply-add unfused;
//  2. cdecl: the statements' bodies, the hoisted declarations and the
//     iterator type;
//  3. scalarize (parallel code): accumulators of innermost update loops;
//  4. privatize (parallel code on the original order, without vector
//     code): the outer loop with a private array;
//  5. omp: the OpenMP clauses and cost checks;
//  6. ccguard: the C-compiler guards;
//  7. outline: parallel loop bodies (and, in sequential code, loop nests
//     over array parameters) into functions with restrict parameters;
//
// and prints the result with emit.
func lowerToC(lc *lowering) (text string, err error) {
	f, r, reg, opt, prefix, s, n := lc.f, lc.r, lc.reg, lc.opt, lc.prefix, lc.s, lc.n
	reg.outlined = &outlined{}
	var fp *fpcontract.Control
	if !opt.FreeFMA {
		fp = fpcontract.New(f, r, s, n, lc.expanded.Arrays(), lc.ids)
		if note := fp.Remark(s); note != "" {
			reg.Remarks = append(reg.Remarks, note)
		}
	}
	var syntax func(*ast.User) cfront.Stmt
	if fp != nil {
		syntax = fp.Syntax
	}
	body, decls, err := cdecl.StatementBodies(r, s, prefix, syntax, reg.unsigned.IterValue)
	if err != nil {
		return "", err
	}
	iterTyp, err := cdecl.IterType(f, r, s)
	if err != nil {
		return "", err
	}
	if reg.unsigned.Wide {
		iterTyp = "long long"
	}
	reg.unsigned.CastParams(n, prefix) // package unsigned
	body = splitBodies(reg, n, body, prefix, lc.ids, reg.unsigned.IterValue)
	if reg.Vector != nil {
		body = reg.Vector.Body(body, emit.Config{HelperPrefix: prefix}.Expr)
	}
	lw := &lowered{lc: lc, n: n, body: body, iterTyp: iterTyp, fp: fp}
	if opt.Sched.Parallel {
		lw.parallel()
	} else if !opt.Identity && lw.mayOutline() {
		// The sequential code gets restrict parameters too when the
		// arrays are parameters of the kernel: the C compiler cannot tell
		// them apart otherwise.
		lw.guard()
		lw.outline(nil, true)
	}
	if lw.guards == nil {
		lw.guard()
	}
	text, err = emit.Region(lw.n, emit.Config{Body: lw.body, Base: 0, Indent: "  ", HelperPrefix: prefix, Clauses: lw.clauses, IterType: iterTyp})
	if err != nil {
		return "", err
	}
	uses := fp.Uses(lw.n)
	reg.outlined.unfused = reg.outlined.unfused || uses
	text = fpcontract.Declare(text, uses, true)
	text = indentRegion(reg.Split.Wrap(decls.Wrap(lc.expanded.Wrap(text))), r.Indent) // cexpand: heap storage of expanded scalars
	return text, nil
}

// lowered is the state of one region's lowering between its steps: the
// AST, the statement printer, and what the steps produced.
type lowered struct {
	lc      *lowering
	n       ast.Node
	body    func(*ast.User) (string, error)
	iterTyp string
	fp      *fpcontract.Control
	clauses func(m *ast.Mark, f *ast.For) emit.Clauses
	guards  *ccguard.Guards // nil until the guards are inserted
}

// parallel runs the steps of the parallel code: accumulators, private
// arrays, OpenMP, guards and outlining.
func (lw *lowered) parallel() {
	lc := lw.lc
	reg, opt, s := lc.reg, lc.opt, lc.s
	// After the self-check: the accumulators are C text only. With
	// vector code too: the statements the vector stage rewrote are not
	// the model's and stay as they are; the scalar loops it left
	// (remainders, short reductions) gain the same.
	n, sr := scalarize.Rewrite(lw.n, s, lw.body)
	lw.n, lw.body = n, sr.Body(lw.body)
	// A private array needs exact writes: a may-write (scop's
	// Access.May) may leave an element unwritten that the loop's
	// output dependences take for overwritten. The schedule may be the
	// original or a new one, with vector code or not: Outer checks that
	// its loop runs the iterations of an original loop (and leaves
	// loops with vector kernels alone).
	if !s.HasMay() {
		n, pr := privatize.Outer(lw.n, s, lc.d, lc.f, lc.r)
		lw.n, lw.body = n, pr.Body(lw.body)
		reg.Remarks = append(reg.Remarks, pr.Notes...)
	}
	ocfg := opt.OMP
	ocfg.Untiled = !tiledTree(reg.Tree)
	ocfg.InLoop = regionInLoop(lc.f, lc.r) // origpar.go
	helpers := emit.HelpersFor(lc.prefix)
	ocfg.Helpers = &helpers
	ocfg.Original = func() ast.Node {
		// The region-wide work check estimates the statements' instances
		// on the original loops.
		orig, err := astgen.Generate(s.Schedule, astgen.Config{})
		if err != nil {
			return nil
		}
		return orig
	}
	var notes []string
	lw.n, lw.clauses, notes = omp.Annotate(lw.n, reg.Private, s, ocfg)
	reg.Remarks = append(reg.Remarks, notes...)
	// Vector kernels print text that uses declarations of the region
	// (packing buffers): only loops the vector stage at most marked move
	// into functions.
	if lw.mayOutline() {
		lw.guard()
		lw.outline(lw.clauses, !opt.Identity)
	}
}

// mayOutline reports whether loops may move into functions: not when
// vector kernels print text that uses the region's declarations.
func (lw *lowered) mayOutline() bool {
	opt, v := lw.lc.opt, lw.lc.reg.Vector
	return !opt.Vectorize || v == nil || v.OnlyMarks()
}

// guard inserts the C-compiler guards and notes them in the remarks.
func (lw *lowered) guard() {
	n, g := ccguard.Insert(lw.n, lw.lc.s)
	lw.n, lw.guards = n, g
	if g.Count() == 0 {
		return
	}
	lw.lc.reg.Remarks = append(lw.lc.reg.Remarks, fmt.Sprintf("%d loop(s) kept from gcc's outer-loop vectorization (overlapping stores of an inner loop; gcc 12 reorders them)", g.Count()))
	lw.body = g.Body(lw.body)
}

// outline moves loops into functions (package outline); the region
// records the functions and the notes.
func (lw *lowered) outline(clauses func(m *ast.Mark, f *ast.For) emit.Clauses, seq bool) {
	lc := lw.lc
	reg := lc.reg
	if reg.Split != nil && len(reg.Split.Temps) > 0 {
		return // the temporaries are declared around the region text
	}
	if lw.fp != nil {
		lw.fp.Outlining = true
		defer func() { lw.fp.Outlining = false }()
	}
	o := outline.Region(lw.n, outline.Config{
		File: lc.f, Region: lc.r, Scop: lc.s, Body: lw.body, IterType: lw.iterTyp, Prefix: lc.prefix,
		Clauses: clauses, Seq: seq, Expanded: lc.expanded.Param, Private: privatize.IsDecl, FP: lw.fp,
	})
	if o == nil {
		return
	}
	reg.Remarks = append(reg.Remarks, o.Notes...)
	if len(o.Texts) == 0 {
		return
	}
	reg.outlined = &outlined{Result: *o, unfused: o.Unfused}
	if o.Root != nil {
		lw.n = o.Root
	}
	lw.body = o.Body(lw.body)
}

// addUnfusedHeader starts the output with fpcontract's header when a
// region's code uses its macro.
func addUnfusedHeader(out []byte, regions []*Region) []byte {
	for _, r := range regions {
		if !r.Kept && r.outlined != nil && r.outlined.unfused {
			return append([]byte(fpcontract.Header), out...)
		}
	}
	return out
}
