package pipeline

import (
	"github.com/tessera-opt/tessera/ast"
	"github.com/tessera-opt/tessera/cfront"
	"github.com/tessera-opt/tessera/deps"
	"github.com/tessera-opt/tessera/emit"
	"github.com/tessera-opt/tessera/omp"
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
	expanded *expansion
	ids      map[string]bool
	origKept bool // the original schedule with parallel marks was chosen
}

// lowerToC turns the region's AST into C text: statement bodies and
// declarations, FP-contraction control, OpenMP clauses and privatization,
// outlining of parallel loops, the gcc guards, and the final printing.
func lowerToC(lc *lowering) (text string, err error) {
	f, r, reg, opt, prefix, s, d, n, expanded, ids, origKept := lc.f, lc.r, lc.reg, lc.opt, lc.prefix, lc.s, lc.d, lc.n, lc.expanded, lc.ids, lc.origKept
	var chains map[string]cfront.Stmt
	var plainChains map[*ast.User]bool
	// outlining is set while outlineRegion prints the functions it moves
	// loops into: their restrict parameters change what gcc does with
	// a chain (genuine doitgen's sum[p] += ... with s innermost was fused
	// there and not in the original), so the chains there keep the macro.
	outlining := false
	if !opt.FreeFMA {
		var alone map[string]bool
		chains, alone = chainStatements(f, r, s, expanded, ids) // fpcontract.go
		plainChains = originalChainLoops(n, s, alone)
		if len(chains) > 0 {
			reg.Remarks = append(reg.Remarks, chainRemark(s, chains))
		}
	}
	body, decls, err := statementBodies(r, s, prefix, chains, func(u *ast.User) bool { return plainChains[u] && !outlining }, reg.unsigned) // decls.go
	if err != nil {
		return "", err
	}
	iterTyp, err := iterType(f, r, s) // decls.go
	if err != nil {
		return "", err
	}
	if reg.unsigned.Wide {
		iterTyp = "long long"
	}
	castParams(n, reg.unsigned, prefix)           // unsigned.go
	body = splitBodies(reg, n, body, prefix, ids) // split.go
	if reg.Vector != nil {
		body = reg.Vector.Body(body, emit.Config{HelperPrefix: prefix}.Expr)
	}
	if opt.Sched.Parallel {
		// After the self-check: the accumulators are C text only. With
		// --vectorize too: the statements the vector stage rewrote are
		// not the scop's and stay as they are; the scalar loops it left
		// (remainders, short reductions) gain the same. Not without
		// --parallel: depthwise-conv's scalar 7-tap rows ran 7% slower
		// with the accumulator than with gcc's own code (CPU time, LARGE).
		var texts map[*ast.User]string
		n, texts = scalarize(n, s, body)
		if len(texts) > 0 {
			orig := body
			body = func(u *ast.User) (string, error) {
				if t, ok := texts[u]; ok {
					return t, nil
				}
				return orig(u)
			}
		}
	}
	var clauses func(m *ast.Mark, f *ast.For) []string
	guarded := false // gccguard.go, before outlining and emission
	if opt.Sched.Parallel {
		var notes []string
		if origKept && !opt.Vectorize {
			n, body, notes = privatizeOuter(n, s, d, f, r, body) // parpriv.go
			reg.Remarks = append(reg.Remarks, notes...)
		}
		ocfg := opt.OMP
		ocfg.Untiled = !tiledTree(reg.Tree)
		ocfg.InLoop = regionInLoop(f, r) // origpar.go
		helpers := emit.HelpersFor(prefix)
		ocfg.Helpers = &helpers
		n, clauses, notes = omp.Annotate(n, reg.Private, s, ocfg)
		reg.Remarks = append(reg.Remarks, notes...)
		// Vector kernels print text that uses declarations of the region
		// (packing buffers): only loops the vector stage at most marked
		// move into functions (symm --parallel ran 7.9x with vector marks
		// and not outlined, 12.3x outlined without them, LARGE).
		if !opt.Vectorize || reg.Vector == nil || reg.Vector.OnlyMarks() {
			n, body, guarded = guardRegion(reg, n, s, body)
			outlining = true
			n, body = outlineRegion(reg, n, clauses, f, r, s, body, iterTyp, prefix, !opt.Identity) // paroutline.go
			outlining = false
		}
	} else if !opt.Identity && (!opt.Vectorize || reg.Vector == nil || reg.Vector.OnlyMarks()) {
		// The sequential code gets restrict parameters too when the
		// arrays are parameters of the kernel (PolyBench's): gcc did not
		// vectorize genuine fdtd-2d's tiled loops without them.
		n, body, guarded = guardRegion(reg, n, s, body)
		outlining = true
		n, body = outlineRegion(reg, n, nil, f, r, s, body, iterTyp, prefix, true) // paroutline.go
		outlining = false
	}
	if !guarded {
		n, body, _ = guardRegion(reg, n, s, body)
	}
	text, err = emit.Region(n, emit.Config{Body: body, Base: 0, Indent: "  ", HelperPrefix: prefix, Clauses: clauses, IterType: iterTyp})
	if err != nil {
		return "", err
	}
	text = indentRegion(splitTemps(reg, decls.wrap(expanded.wrap(withUnfusedDecl(text, true)))), r.Indent) // expand.go: heap storage of expanded scalars
	return text, nil
}
