package vector

import (
	"fmt"
	"sort"
	"strings"

	"github.com/tessera-opt/tessera/ast"
	"github.com/tessera-opt/tessera/internal/hostcache"
	"github.com/tessera-opt/tessera/scop"
)

// Config chooses what Vectorize does. The zero value targets the host
// (HostTarget), tiles registers 4 rows deep and marks loops with
// `#pragma GCC ivdep`.
type Config struct {
	// Target is the instruction set; the zero value means HostTarget().
	Target Target
	// UnrollJam is the number of rows of the register tile of the FMA
	// kernel (unroll-and-jam of the outer point loop); 0 means 4, 1 turns
	// unroll-and-jam off (one row).
	UnrollJam int
	// OpenMP marks vectorizable loops "simd" (#pragma omp simd, honoured
	// with -fopenmp or -fopenmp-simd) instead of "ivdep".
	OpenMP bool
	// NoIntrinsics keeps every loop scalar with a mark.
	NoIntrinsics bool
	// NoPack disables the packed contraction kernel (packed.go); matmul
	// nests then get the unpacked register-tiled kernel (kernel.go).
	NoPack bool
	// NoReduce leaves innermost reductions scalar instead of writing them
	// with a vector accumulator and a horizontal sum (hred.go).
	NoReduce bool
	// TypeGuard is a preprocessor condition under which the element types
	// the vector code assumes hold ("" when they do not depend on -D
	// flags; cfront.File.TypeCond). Every vector rewrite then goes under
	// #if TypeGuard, with the scalar nest in the #else branch.
	TypeGuard string
	// Macros, when not nil, expands calls of function-like macros, so
	// that a reduction written X = M(X, e) with a macro M that computes a
	// maximum or minimum is recognized (hred.go, macroMinMax); the
	// pipeline gives the source file.
	Macros MacroExpander
	// Cache is the cache model whose L2 size sizes the packed kernel's
	// B blocks (blockCols); the zero value is the host's (hostcache.Host).
	// The pipeline gives the scheduler's model, so that one model sizes
	// the tiles and the blocks.
	Cache hostcache.Model
}

// cacheL2 is the size in bytes of the L2 cache of Config.Cache.
func (c Config) cacheL2() int64 { return c.Cache.Resolve().L2 }

// Result is the rewritten AST and what was decided.
type Result struct {
	// AST is the rewritten tree. Vector statements are ast.User nodes
	// with a payload of this package; print them with Body.
	AST ast.Node
	// Loops has one report per innermost loop examined, in tree order.
	Loops []LoopReport
	// Scalar is a copy of the AST the stage was given: the loops that
	// Loops name by their iterator (LoopReport.Iter), which the rewrite
	// may have replaced, for --explain to name them in the source's
	// terms.
	Scalar ast.Node
	// Header is the #include line the vector statements need ("" if none).
	Header    string
	kernels   []*kernel
	packed    []*pkernel
	hreds     []*hred
	target    Target
	typeGuard string // Config.TypeGuard
	// vectorized scores the statements (by name) that some scheme put in
	// vector code: scoreKernel for a register-tiled or packed kernel,
	// scoreFull for a mark, scoreHred for a horizontal reduction (whose
	// horizontal sums and remainders cost more), the best one when
	// several apply.
	vectorized map[string]int
}

// OnlyMarks reports whether the stage at most marked loops (no kernel and
// no horizontal reduction: every statement prints as the scop's own).
func (r *Result) OnlyMarks() bool {
	return len(r.kernels)+len(r.packed)+len(r.hreds) == 0
}

// Changed reports whether the stage did anything: a register-tiled or
// packed kernel, a horizontal reduction, or a vectorizable loop marked.
func (r *Result) Changed() bool {
	if len(r.kernels)+len(r.packed)+len(r.hreds) > 0 {
		return true
	}
	for _, l := range r.Loops {
		if l.Vectorizable {
			return true
		}
	}
	return false
}

// Remarks are the loop reports as lines for --explain.
func (r *Result) Remarks() []string {
	var out []string
	for _, l := range r.Loops {
		out = append(out, l.String())
	}
	return out
}

// Vectorize rewrites the scalar AST n of scop s (as produced by astgen and
// astopt, iterators already renamed): vectorizable innermost loops get a
// mark, matmul-like nests get a register-tiled FMA kernel with intrinsics.
// n is consumed (the caller must not keep using it).
//
// We first look, at every For, for the matmul nest (kernel.go); failing
// that we go down, and at an innermost loop we decide vectorizability
// (analyzeLoop) and wrap the loop in a mark when it holds.
func Vectorize(n ast.Node, s *scop.Scop, cfg Config) (*Result, error) {
	if cfg.Target.Name == "" {
		cfg.Target = HostTarget()
	}
	if cfg.UnrollJam == 0 {
		cfg.UnrollJam = 4
	}
	if cfg.UnrollJam < 1 || cfg.UnrollJam > 8 {
		return nil, fmt.Errorf("vector: unroll-jam %d out of range 1..8", cfg.UnrollJam)
	}
	v := &vectorizer{s: s, cfg: cfg, res: &Result{vectorized: map[string]int{}}, byName: map[string]*scop.Statement{}, users: map[string]int{}}
	countUsers(n, v.users)
	for _, st := range s.Statements {
		v.byName[st.Name] = st
	}
	v.res.target = cfg.Target
	v.res.typeGuard = cfg.TypeGuard
	v.res.Scalar = ast.Copy(n)
	v.res.AST = v.rewrite(n)
	var lines []string
	if cfg.Target.Intrinsics && len(v.res.kernels)+len(v.res.packed) > 0 {
		lines = append(lines, "#if "+cfg.Target.Guard, "#include <immintrin.h>", "#endif")
	}
	for _, elem := range hredElemOrder(v.res.hreds) {
		used := false
		if !cfg.Target.Intrinsics {
			for _, k := range v.res.kernels {
				used = used || k.elem == elem
			}
			for _, k := range v.res.packed {
				used = used || k.elem == elem
			}
		}
		rev := false
		for _, h := range v.res.hreds {
			used = used || h.elem == elem
			rev = rev || h.elem == elem && h.mixed()
		}
		if used {
			lines = append(lines, gnuTypedef(cfg.Target, elem))
		}
		if rev {
			lines = append(lines, revDefinition(cfg.Target, elem)...)
		}
	}
	v.res.Header = strings.Join(lines, "\n")
	return v.res, nil
}

type vectorizer struct {
	s      *scop.Scop
	cfg    Config
	res    *Result
	byName map[string]*scop.Statement
	users  map[string]int // User nodes per statement in the whole AST
	depth  int            // loops enclosing the node being rewritten
	// fallback is set while the alternative of a packed kernel (the nest
	// as generated) is rewritten: no packed kernel there.
	fallback bool
	// marked is the loop under a "parallel" mark being rewritten: it
	// stays the outer loop (interchange.go).
	marked *ast.For
	// pendingMark is set inside a "parallel" or "collapse" mark whose
	// body is not directly a loop (declarations or an if come first):
	// the first loop reached is the marked one (found by progfuzz: the
	// interchange moved such a loop inward and left the mark on the
	// loop it brought outside, which carried a dependence).
	pendingMark bool
}

func (v *vectorizer) rewrite(n ast.Node) ast.Node {
	switch n := n.(type) {
	case *ast.Block:
		for i, st := range n.Stmts {
			n.Stmts[i] = v.rewrite(st)
		}
		return n
	case *ast.If:
		n.Then = v.rewrite(n.Then)
		if n.Else != nil {
			n.Else = v.rewrite(n.Else)
		}
		return n
	case *ast.Mark:
		f, isFor := n.Body.(*ast.For)
		if !isFor {
			saved := v.pendingMark
			if n.Name == "parallel" || n.Name == "collapse" {
				v.pendingMark = true
			}
			n.Body = v.rewrite(n.Body)
			v.pendingMark = saved
			return n
		}
		if v.depth == 0 {
			if pk, rep := v.matchPacked(f); pk != nil {
				v.res.Loops = append(v.res.Loops, rep)
				v.cover(pk.stmt.Name, scoreKernel)
				scalar := ast.Copy(n)
				return v.guard(v.buildPacked(pk, n.Name == "parallel", n), scalar)
			}
		}
		if n.Name == "parallel" && !ast.ContainsFor(f.Body) {
			// emit prints the OpenMP pragma only right before a for
			// loop: a second mark in between would lose the
			// parallelism, so the loop keeps only "parallel" (the C
			// compiler still vectorizes it).
			rep := v.analyzeLoop(f)
			if rep.Vectorizable {
				rep.Scheme = "kept parallel mark only"
				v.markVectorized(f)
			}
			v.res.Loops = append(v.res.Loops, rep)
			return n
		}
		v.marked = f
		nb := v.rewrite(f)
		if b, ok := nb.(*ast.Block); ok {
			// A kernel replaced the marked loop: its loops over i
			// keep the mark (they run distinct rows).
			for k, st := range b.Stmts {
				if g, ok := st.(*ast.For); ok {
					b.Stmts[k] = &ast.Mark{Name: n.Name, Body: g}
				}
			}
			return b
		}
		n.Body = nb
		return n
	case *ast.For:
		if v.pendingMark {
			v.pendingMark = false
			v.marked = n
		}
		if v.depth == 0 {
			if pk, rep := v.matchPacked(n); pk != nil {
				v.res.Loops = append(v.res.Loops, rep)
				// A parallel mark anywhere in the nest (not only on its
				// outermost loop) makes the row-block loop parallel.
				par := false
				ast.Walk(n, func(m ast.Node) bool {
					if mk, ok := m.(*ast.Mark); ok && mk.Name == "parallel" {
						par = true
					}
					return !par
				})
				v.cover(pk.stmt.Name, scoreKernel)
				scalar := ast.Copy(n)
				return v.guard(v.buildPacked(pk, par, n), scalar)
			}
		}
		if !v.cfg.NoIntrinsics {
			if k, rep := v.matchKernel(n); k != nil {
				v.res.Loops = append(v.res.Loops, rep)
				v.cover(k.stmt.Name, scoreKernel)
				scalar := ast.Copy(n)
				return v.guard(v.buildKernel(n, k), scalar)
			}
		}
		if ic := v.interchange(n); ic != nil {
			return ic
		}
		if !ast.ContainsFor(n.Body) {
			rep := v.analyzeLoop(n)
			if rep.Vectorizable {
				name := "ivdep"
				if v.cfg.OpenMP {
					name = "simd"
				}
				rep.Scheme = "mark " + name
				v.res.Loops = append(v.res.Loops, rep)
				v.markVectorized(n)
				return &ast.Mark{Name: name, Body: n}
			}
			if h := v.matchHred(n); h != nil && !h.short(n) {
				v.register(h)
				rep.Vectorizable = true
				rep.Scheme = "horizontal reduction"
				rep.ElemType = h.elem
				rep.Reason = h.reason()
				v.res.Loops = append(v.res.Loops, rep)
				if v.cfg.TypeGuard != "" {
					// GNU vector types need no target guard, only the
					// element type's.
					scalar := ast.Copy(n)
					return ast.NewBlock(guardUser(guardTypeIf), v.buildHred(n, h), guardUser(guardElse), scalar, guardUser(guardEndif))
				}
				return v.buildHred(n, h)
			}
			v.res.Loops = append(v.res.Loops, rep)
			return n
		}
		v.depth++
		n.Body = v.rewrite(n.Body)
		v.depth--
		return n
	}
	return n
}

// guard puts the intrinsic kernel built under the target's preprocessor
// condition, with scalar (a copy of the nest as generated, taken before the
// kernel consumed it) in the #else branch:
//
//	#if defined(__AVX2__) && defined(__FMA__)
//	  kernel
//	#else
//	  scalar nest
//	#endif
//
// The directives are User nodes with a guardLine payload, printed by Body.
// Targets written with GCC's vector extensions need no guard.
func (v *vectorizer) guard(built, scalar ast.Node) ast.Node {
	if guardCond(v.cfg.Target, v.cfg.TypeGuard) == "" {
		return built
	}
	return ast.NewBlock(guardUser(guardIf), built, guardUser(guardElse), scalar, guardUser(guardEndif))
}

// targetWords names t for a report: its name, and why it was chosen when
// it was not given explicitly.
func targetWords(t Target) string {
	if t.Why == "" {
		return t.Name
	}
	return t.Name + ", the default: " + t.Why
}

// guardCond is the condition of guard: the target's (Target.Guard) and
// the element types' (Config.TypeGuard).
func guardCond(t Target, typeGuard string) string {
	var parts []string
	if t.Guard != "" {
		parts = append(parts, t.Guard)
	}
	if typeGuard != "" {
		parts = append(parts, "("+typeGuard+")")
	}
	return strings.Join(parts, " && ")
}

// printGuard prints a directive of guard. The text ends in a comment: the
// emitter accepts only statement texts that end in ';', '}' or "*/".
func (r *Result) printGuard(g guardLine) (string, error) {
	switch g {
	case guardIf:
		what := " intrinsics"
		if !r.target.Intrinsics {
			what = " vector code"
		}
		return "#if " + guardCond(r.target, r.typeGuard) + " /* tessera: " + r.target.Name + what + " */", nil
	case guardTypeIf:
		return "#if " + guardCond(Target{}, r.typeGuard) + " /* tessera: vector code for these element types */", nil
	case guardElse:
		return "#else /* tessera: scalar code without " + r.target.Name + " */", nil
	case guardEndif:
		return "#endif /* tessera: " + r.target.Name + " */", nil
	}
	return "", fmt.Errorf("vector: bad guard line %d", g)
}

// markVectorized records the statements of the loop body n as vectorized.
func (v *vectorizer) markVectorized(n ast.Node) {
	ast.Walk(n, func(m ast.Node) bool {
		if u, ok := m.(*ast.User); ok && v.byName[u.Name] != nil {
			v.cover(u.Name, scoreFull)
		}
		return true
	})
}

// Scores of the schemes for Gains.
const (
	scoreHred   = 1 // also a mark after an interchange
	scoreFull   = 2 // a mark
	scoreKernel = 3 // register-tiled or packed
)

func (v *vectorizer) cover(stmt string, score int) {
	v.res.vectorized[stmt] = max(v.res.vectorized[stmt], score)
}

// Vectorized lists, sorted, the statements that the stage put in vector
// code (a mark on their innermost loop, a kernel or a horizontal
// reduction).
func (r *Result) Vectorized() []string {
	var out []string
	for name := range r.vectorized {
		out = append(out, name)
	}
	sort.Strings(out)
	return out
}

// Gains decides between two runs of the stage on the same scop: r on a new
// schedule that tiles nothing, orig on the original schedule. It reports
// whether r vectorizes more of the deepest statements (those of the
// largest domain dimension, where the time goes) than orig does, a
// statement counting 3 when a register-tiled or packed kernel vectorizes
// it, 2 for a mark and 1 for a horizontal reduction or a mark after an
// interchange (interchange.go). On a tie the original wins: a reordering
// without tiling that vectorizes no more gives up the original's
// locality (a fully distributed nest with marks only on its
// one-dimensional boundary loops; measurements in docs/RESULTS.md).
func Gains(r, orig *Result, s *scop.Scop) bool {
	deepest := 0
	for _, st := range s.Statements {
		deepest = max(deepest, len(st.Iters))
	}
	count := func(res *Result) int {
		c := 0
		for _, st := range s.Statements {
			if len(st.Iters) == deepest {
				c += res.vectorized[st.Name]
			}
		}
		return c
	}
	return count(r) > count(orig)
}

// users lists the User nodes of a loop body made of Blocks and Users only;
// ok is false when it holds anything else (Decl, If, Mark).
func users(n ast.Node) (out []*ast.User, ok bool) {
	switch n := n.(type) {
	case *ast.User:
		return []*ast.User{n}, true
	case *ast.Block:
		for _, s := range n.Stmts {
			u, ok := users(s)
			if !ok {
				return nil, false
			}
			out = append(out, u...)
		}
		return out, true
	}
	return nil, false
}

// analyzeLoop decides whether the innermost loop f can run as SIMD lanes.
// The dependence test is the scheduler's: f.Parallel is the coincident
// flag of the band member (no dependence carried by this loop inside the
// iterations of the enclosing ones); we then check that every access is
// contiguous or invariant and the element types agree.
func (v *vectorizer) analyzeLoop(f *ast.For) LoopReport {
	rep := LoopReport{Iter: f.Iter}
	if inc, ok := f.Inc.(*ast.Int); !ok || inc.V != 1 {
		rep.Reason = "step is not 1"
		return rep
	}
	us, ok := users(f.Body)
	if !ok {
		rep.Reason = "body holds conditions, declarations or marks"
		return rep
	}
	elem := ""
	for _, u := range us {
		st := v.byName[u.Name]
		if st == nil {
			rep.Reason = "unknown statement " + u.Name
			return rep
		}
		for _, a := range st.Accesses {
			d, ok := accessStride(a, u, f.Iter)
			cls := int64(StrideUnknown)
			if ok {
				cls = strideClass(d)
			}
			cs := "?"
			if cls != StrideUnknown {
				cs = fmt.Sprint(cls)
			}
			rep.Strides = append(rep.Strides, fmt.Sprintf("%s:%s", a.Text, cs))
			if cls == StrideUnknown {
				rep.Reason = fmt.Sprintf("access %s of %s is neither invariant nor contiguous", a.Text, u.Name)
				return rep
			}
			arr := v.array(a.Array)
			if arr == nil {
				continue
			}
			if arr.ElemType != "double" && arr.ElemType != "float" {
				if arr.Rank > 0 || a.Kind == scop.Write {
					rep.Reason = fmt.Sprintf("element type of %s is %q, not double or float", a.Array, arr.ElemType)
					return rep
				}
				continue
			}
			if a.Kind == scop.Write && cls == 0 {
				rep.Reason = fmt.Sprintf("%s writes %s at every iteration (reduction; horizontal reductions are not generated)", u.Name, a.Text)
				return rep
			}
			if elem == "" {
				elem = arr.ElemType
			} else if elem != arr.ElemType && arr.Rank > 0 {
				rep.Reason = "mixed element types " + elem + " and " + arr.ElemType
				return rep
			}
		}
	}
	rep.ElemType = elem
	if !f.Parallel {
		rep.Reason = "carries a dependence (not a coincident band member)"
		return rep
	}
	if elem == "" {
		rep.Reason = "no floating-point array accessed"
		return rep
	}
	rep.Vectorizable = true
	rep.Reason = fmt.Sprintf("no carried dependence, unit-stride or invariant accesses, %s x %d lanes", elem, v.cfg.Target.Lanes(elem))
	return rep
}

func (v *vectorizer) array(name string) *scop.Array {
	for _, a := range v.s.Arrays {
		if a.Name == name {
			return a
		}
	}
	return nil
}

// Body wraps the statement printer next of the emitter: the vector
// statements of the kernels are printed from their templates, with the
// statement's iterators replaced by the call's arguments printed by expr;
// every other User goes to next.
func (r *Result) Body(next func(*ast.User) (string, error), expr func(ast.Expr) string) func(*ast.User) (string, error) {
	return func(u *ast.User) (string, error) {
		switch pl := u.Payload.(type) {
		case guardLine:
			return r.printGuard(pl)
		case hredStmt:
			return r.printHred(u, pl, expr)
		case packedStmt:
			return r.printPacked(u, pl, expr)
		case kernelStmt:
			return r.printVector(u, pl, expr)
		}
		return next(u)
	}
}
