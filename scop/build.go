package scop

import (
	"fmt"
	"maps"
	"slices"
	"sort"
	"strings"

	"github.com/tessera-opt/tessera/cfront"
	"github.com/tessera-opt/tessera/presburger"
)

// VarInfo describes a variable declared in the file (outside or inside the
// region) as far as the model needs it.
type VarInfo struct {
	// Type is the base type (specifier words, no stars), with typedef-like
	// macros such as DATA_TYPE resolved when known.
	Type  string
	Stars int
	// Dims are the declared array extents as C text ("" for []).
	Dims []string
}

// FileInfo is what the translation needs to know about the rest of the
// file: declarations and object-like macros.
type FileInfo struct {
	Vars   map[string]VarInfo
	Macros map[string]bool
	// Inline are the functions of the file whose calls the model sees
	// through (inline.go); NotInlined says, for the other functions
	// defined in the file, why not. A function of the file hides the
	// math function of its name.
	Inline     map[string]*InlineFunc
	NotInlined map[string]string
	// HiddenCalls says, for the macros whose call in a statement would
	// hide memory accesses from the model (macrocall.go), why.
	HiddenCalls map[string]string
	// HiddenValues says the same of object-like macros used as values,
	// and MacroVars lists the variables an object-like macro's expansion
	// may read (a region that writes one of them is refused).
	HiddenValues map[string]string
	MacroVars    map[string][]string
	// Resolve, when not nil, resolves a type as written (typedefs and
	// macros such as DATA_TYPE) to a C base type; ok false when unknown.
	Resolve func(typ string) (string, bool)
	// MacroConst, when not nil, evaluates an integer constant expression
	// of object-like macros (cfront.File.MacroConst): its value, and the
	// preprocessor condition under which the value holds ("" always).
	MacroConst func(e cfront.Expr) (v int64, cond string, ok bool)
	// ExpandCall, when not nil, expands a call of a function-like macro
	// (cfront.File.ExpandCall), and MacroNames tells the names a
	// macro's body reads besides its parameters (cfront.File.MacroNames):
	// the model sees an index macro's expansion (A[INDX(i, j)]).
	ExpandCall func(c *cfront.Call) (cfront.Expr, error)
	MacroNames func(name string) []string
	// MacroCond tells whether a function-like macro has one definition
	// and the preprocessor condition it holds under
	// (cfront.File.MacroCond); that condition goes to Scop.PPCond.
	MacroCond func(name string) (string, bool)
	// MacroBodies are the bodies of the macros, by name.
	MacroBodies map[string]string
	// Globals are the file-scope variables, hidden by Vars (the
	// function's parameters and locals); shared by the regions of a
	// file, never modified.
	Globals map[string]VarInfo
}

// Var returns the declaration of the variable name: from Vars, else from
// Globals.
func (fi *FileInfo) Var(name string) (VarInfo, bool) {
	if v, ok := fi.Vars[name]; ok {
		return v, true
	}
	v, ok := fi.Globals[name]
	return v, ok
}

// mathFuncs are side-effect-free functions a right-hand side may call.
var mathFuncs = map[string]bool{}

func init() {
	for _, f := range strings.Fields(`sqrt exp exp2 expm1 log log2 log10 log1p pow fabs abs labs
		sin cos tan asin acos atan atan2 sinh cosh tanh asinh acosh atanh floor ceil round trunc
		fmod fmin fmax fma hypot cbrt erf erfc tgamma lgamma copysign min max MIN MAX
		sqrtf expf logf powf fabsf sinf cosf tanf tanhf floorf ceilf fminf fmaxf fmaf SQRT_FUN EXP_FUN POW_FUN`) {
		mathFuncs[f] = true
	}
}

// loopCtx is one enclosing loop during the walk.
type loopCtx struct {
	cname, dim string
	id         int
}

// rawAccess is an access before it becomes a presburger map.
type rawAccess struct {
	kind  AccessKind
	array string
	subs  []pexpr
	pos   cfront.Pos
	text  string
	lhs   bool
	// lin is the one subscript of an access to a delinearized array
	// written with products of parameters (A[i*n + j]); model replaces
	// it with subs along the array's chain (delin.go).
	lin poly
	// star[k] is the source text of subscript k when it is not affine
	// (subs[k] is then nil): the access is a may access over that
	// subscript.
	star []string
}

// may reports whether the access has a subscript that is not affine.
func (a rawAccess) may() bool {
	for _, t := range a.star {
		if t != "" {
			return true
		}
	}
	return false
}

// rawStmt is a statement before its sets are built.
type rawStmt struct {
	st       *Statement
	domain   dnf
	accesses []rawAccess
}

// tnode is the source structure the schedules are built from: a sequence
// (loop == -1) of children, or a loop with a body, or a statement leaf.
type tnode struct {
	stmt     int // >= 0 for a leaf
	loop     int // >= 0 for a loop node
	children []*tnode
}

// builder holds the state of one translation.
type builder struct {
	cfg  Config
	info *FileInfo

	loops []loopCtx
	cond  dnf
	stmts []*rawStmt
	delin map[string]bool // arrays with an access written with a product of parameters
	// delinViol holds, per delinearized access that can leave its
	// extent, the parameter values for which it can; delinErr is the
	// error of the first (delin.go).
	delinViol  []presburger.Set
	delinErr   error
	hasTopDecl bool // the region declares a variable at its top level
	allLoop    []*Loop

	// written maps the names written by statements to their first write.
	written map[string]cfront.Pos
	// macroUses maps the object-like macros read as values or used as
	// parameters to their first use.
	macroUses map[string]cfront.Pos
	// iterNames are all names used as loop iterators in the region.
	iterNames map[string]bool
	// locals are the variables declared inside the region.
	locals map[string]VarInfo
	// params in order of first use; inBound marks those in loop bounds.
	params  []string
	isParam map[string]bool
	inBound map[string]bool
	// inBoundNow is set while loop bounds are translated.
	inBoundNow bool
	// pnames renames C names that clash with isl keywords.
	pnames map[string]string

	arrays map[string]*Array

	feasCache map[string]bool

	// bake is set while macros are taken for their integer values
	// (affine), noBake while they must stay parameters; ppConds are
	// the preprocessor conditions those values hold under.
	bake, noBake bool
	ppConds      []string
	// bakedArr are the arrays one of whose accesses took macro values
	// where it would have been delinearized (bakeLinear).
	bakedArr map[string]bool

	err *cfront.Error
}

// islKeywords cannot be used as variable names in isl notation.
var islKeywords = map[string]bool{
	"and": true, "or": true, "not": true, "exists": true, "floor": true, "ceil": true,
	"mod": true, "min": true, "max": true, "true": true, "false": true, "infty": true,
	"implies": true, "xor": true, "div": true, "rat": true, "int": true,
}

func (b *builder) paramName(c string) string {
	if n, ok := b.pnames[c]; ok {
		return n
	}
	n := c
	if islKeywords[c] {
		n = c + "_"
	}
	b.pnames[c] = n
	return n
}

func (b *builder) errorf(pos cfront.Pos, format string, args ...any) {
	if b.err == nil {
		b.err = &cfront.Error{File: b.cfg.File, Pos: pos, Msg: fmt.Sprintf(format, args...)}
	}
}

// fail reports a non-affine construct: "<what> (<why>)".
func (b *builder) fail(what string, na *notAffine) {
	if na.param != "" {
		b.errorf(na.pos, "write to %s, which is used as a parameter at %s (%s; loop bounds, conditions and subscripts need values constant in the region)", na.param, na.use, what)
		return
	}
	b.errorf(na.pos, "%s (%s)", what, na.why)
}

func (b *builder) iterInScope(name string) (string, bool) {
	for k := len(b.loops) - 1; k >= 0; k-- {
		if b.loops[k].cname == name {
			return b.loops[k].dim, true
		}
	}
	return "", false
}

func (b *builder) isIterOutside(name string) bool {
	_, in := b.iterInScope(name)
	return !in && b.iterNames[name] && !b.isParam[name]
}

func (b *builder) varInfo(name string) (VarInfo, bool) {
	if v, ok := b.locals[name]; ok {
		return v, true
	}
	if b.info != nil {
		return b.info.Var(name)
	}
	return VarInfo{}, false
}

func (b *builder) useParam(name string) {
	if !b.isParam[name] {
		b.isParam[name] = true
		b.params = append(b.params, name)
	}
	if b.inBoundNow {
		b.inBound[name] = true
	}
}

// prepass records the names written by statements and the loop iterators.
func (b *builder) prepass(stmts []cfront.Stmt) {
	for _, s := range stmts {
		cfront.Walk(s, func(n cfront.Node) bool {
			switch x := n.(type) {
			case *cfront.For:
				b.iterNames[x.Iter] = true
				b.prepass([]cfront.Stmt{x.Body})
				return false
			case *cfront.Assign:
				b.noteWrite(x.LHS)
			case *cfront.Unary:
				if x.Op == "++" || x.Op == "--" {
					b.noteWrite(x.X)
				}
			case *cfront.Postfix:
				b.noteWrite(x.X)
			case *cfront.Declarator:
				if x.Init != nil {
					if _, ok := b.written[x.Name]; !ok {
						b.written[x.Name] = x.At
					}
				}
			}
			return true
		})
	}
}

func (b *builder) noteWrite(lhs cfront.Expr) {
	name := ""
	switch x := cfront.Unparen(lhs).(type) {
	case *cfront.Ident:
		name = x.Name
	default:
		if n, _, ok := cfront.ArrayAccess(x); ok {
			name = n
		}
	}
	if name != "" {
		if _, ok := b.written[name]; !ok {
			b.written[name] = lhs.Pos()
		}
	}
}

// block translates a statement list into a sequence node.
func (b *builder) block(stmts []cfront.Stmt) *tnode {
	seq := &tnode{stmt: -1, loop: -1}
	for _, s := range stmts {
		if b.err != nil {
			return seq
		}
		b.stmt(s, seq)
	}
	return seq
}

// stmt translates one statement, appending its nodes to seq.
func (b *builder) stmt(s cfront.Stmt, seq *tnode) {
	switch x := s.(type) {
	case *cfront.Empty:
	case *cfront.Block:
		for _, c := range x.Stmts {
			if b.err != nil {
				return
			}
			b.stmt(c, seq)
		}
	case *cfront.For:
		b.forLoop(x, seq)
	case *cfront.If:
		c, na := b.condition(x.Cond)
		if na != nil {
			b.fail("condition "+x.Cond.Format(nil)+" is not affine", na)
			return
		}
		saved := b.cond
		b.cond = b.pruneDNF(saved.and(c))
		b.stmt(x.Then, seq)
		if x.Else != nil && b.err == nil {
			b.cond = saved
			b.cond = b.pruneDNF(saved.and(b.not(c)))
			b.stmt(x.Else, seq)
		}
		b.cond = saved
	case *cfront.ExprStmt:
		b.exprStmt(x, seq)
	case *cfront.Decl:
		b.decl(x, seq)
	default:
		b.errorf(s.Pos(), "statement not supported in a SCoP")
	}
}

func (b *builder) forLoop(x *cfront.For, seq *tnode) {
	if x.StepVar != nil {
		b.errorf(x.Incr.Pos(), "for loop increment must step the iterator %s by an integer constant (%s++, %s--, %s += c, %s -= c or %s = %s + c): %s is a variable, and a step known only at run time leaves the iteration domain non-affine", x.Iter, x.Iter, x.Iter, x.Iter, x.Iter, x.Iter, x.Iter, x.StepVar.Name)
		return
	}
	if x.Step == 0 {
		b.errorf(x.At, "loop with step 0 (it would not terminate)")
		return
	}
	if w, ok := b.written[x.Iter]; ok {
		b.errorf(w, "write to loop iterator %s (the iteration domain would not be affine)", x.Iter)
		return
	}
	if _, ok := b.iterInScope(x.Iter); ok {
		// Shadowing an outer iterator: fine in C when declared in the header.
		if x.DeclType == nil {
			b.errorf(x.IterPos, "loop reuses the iterator %s of an enclosing loop (the outer loop's iterator would be written)", x.Iter)
			return
		}
	}
	if x.DeclType != nil {
		if x.DeclType.Stars > 0 || !cfront.IsIntegerType(x.DeclType.Base) {
			b.errorf(x.IterPos, "loop iterator %s of type %s (only integer iterators are modelled)", x.Iter, x.DeclType.Text)
			return
		}
	} else if v, ok := b.varInfo(x.Iter); ok && v.Type != "" && (v.Stars > 0 || !cfront.IsIntegerType(v.Type)) {
		b.errorf(x.IterPos, "loop iterator %s of type %s (only integer iterators are modelled)", x.Iter, v.Type)
		return
	}
	dim := b.dimName(x.Iter)
	b.inBoundNow = true
	// A max lower bound of a unit-step loop is a conjunction of lower
	// bounds (min for a negative unit step).
	lowers := []cfront.Expr{x.Lower}
	if x.Step == 1 || x.Step == -1 {
		lowers = splitMinMax(x.Lower, x.Step > 0)
	}
	var lowerParts []pexpr
	for _, le := range lowers {
		lp, na := b.affine(le)
		if na != nil {
			b.inBoundNow = false
			b.fail("loop lower bound "+x.Lower.Format(nil)+" is not affine", na)
			return
		}
		lowerParts = append(lowerParts, lp)
	}
	// The bounds see the outer iterators only; the iterator itself is
	// pushed now so that "i < n - i" style conditions work.
	id := len(b.allLoop)
	parent := -1
	if len(b.loops) > 0 {
		parent = b.loops[len(b.loops)-1].id
	}
	b.loops = append(b.loops, loopCtx{cname: x.Iter, dim: dim, id: id})
	defer func() { b.loops = b.loops[:len(b.loops)-1] }()
	iv := affVar(dim)
	step := x.Step
	// Start: i >= lower (step > 0) or i <= lower (step < 0), and the
	// congruence (i - lower) mod |step| = 0.
	dom := dnfTrue()
	for _, lower := range lowerParts {
		ld := dnfFalse()
		for _, pc := range lower {
			diff := iv.sub(pc.v) // i - lb
			if step < 0 {
				diff = diff.neg()
			}
			c := conj(append(append(conj{}, pc.guard...), geZero(diff)))
			if step > 1 || step < -1 {
				s := step
				if s < 0 {
					s = -s
				}
				c = append(c, eqZero(diff.sub(floorDivAff(diff, s).scale(s))))
			}
			ld = ld.or(dnf{c})
		}
		dom = dom.and(ld)
	}
	type boundPart struct {
		op  string
		e   cfront.Expr
		raw cfront.Expr
	}
	var parts []boundPart
	for _, bd := range x.Bounds {
		// An upper bound min(a, b) of an increasing loop is a
		// conjunction (max for a decreasing loop).
		for _, e := range splitMinMax(bd.Expr, bd.Op == ">" || bd.Op == ">=") {
			parts = append(parts, boundPart{bd.Op, e, bd.Raw})
		}
	}
	for _, bd := range parts {
		p, na := b.affine(bd.e)
		if na != nil {
			b.inBoundNow = false
			b.fail("loop bound "+bd.raw.Format(nil)+" is not affine", na)
			return
		}
		c := compare(paff(iv), bd.op, p)
		// Every constraint must be monotone in i in the direction
		// opposite to the step, so that the iterations executed are
		// exactly the values satisfying the condition.
		for _, cj := range c {
			for _, k := range cj {
				sg := k.a.sign(dim)
				bad := sg == 2 || (k.eq && sg != 0) || (step > 0 && sg == 1) || (step < 0 && sg == -1)
				if bad {
					b.inBoundNow = false
					b.errorf(bd.raw.Pos(), "loop condition %s does not bound %s in the direction of the step %+d (the loop would not run over the values satisfying it)", bd.raw.Format(nil), x.Iter, step)
					return
				}
			}
		}
		dom = dom.and(c)
	}
	b.inBoundNow = false
	b.allLoop = append(b.allLoop, &Loop{ID: id, Iter: dim, CIter: x.Iter, Step: step, Depth: len(b.loops), Parent: parent, Pos: x.At})
	saved := b.cond
	b.cond = b.pruneDNF(saved.and(dom))
	node := &tnode{stmt: -1, loop: id}
	body := &tnode{stmt: -1, loop: -1}
	b.stmt(x.Body, body)
	node.children = body.children
	b.cond = saved
	if len(node.children) > 0 {
		seq.children = append(seq.children, node)
	}
}

// dimName picks the domain dimension name of an iterator: its C name,
// renamed when it shadows an outer iterator or clashes with a parameter or
// an isl keyword.
func (b *builder) dimName(c string) string {
	used := map[string]bool{}
	for _, l := range b.loops {
		used[l.dim] = true
	}
	n := c
	if islKeywords[n] {
		n += "_"
	}
	for k := 1; used[n] || b.isParam[n]; k++ {
		n = fmt.Sprintf("%s_%d", c, k)
	}
	return n
}

func (b *builder) newStmt(s cfront.Stmt, text, op string) *rawStmt {
	st := &Statement{
		Name:   fmt.Sprintf("S%d", len(b.stmts)),
		Text:   strings.TrimSpace(text),
		Pos:    s.Pos(),
		Syntax: s,
		Op:     op,
	}
	for _, l := range b.loops {
		st.Iters = append(st.Iters, l.dim)
		st.CIters = append(st.CIters, l.cname)
		st.Loops = append(st.Loops, l.id)
	}
	r := &rawStmt{st: st, domain: b.cond}
	b.stmts = append(b.stmts, r)
	return r
}

func (b *builder) exprStmt(x *cfront.ExprStmt, seq *tnode) {
	var r *rawStmt
	switch e := x.X.(type) {
	case *cfront.Assign:
		r = b.newStmt(x, x.Text, e.Op)
		b.value(r, e.RHS)
		if e.Op != "=" {
			b.lvalue(r, e.LHS, Read)
		}
		b.lvalue(r, e.LHS, Write)
	case *cfront.Unary:
		r = b.newStmt(x, x.Text, e.Op)
		b.lvalue(r, e.X, Read)
		b.lvalue(r, e.X, Write)
	case *cfront.Postfix:
		r = b.newStmt(x, x.Text, e.Op)
		b.lvalue(r, e.X, Read)
		b.lvalue(r, e.X, Write)
	case *cfront.Call:
		b.errorf(x.At, "macro call %s as a statement: %s", e.Format(nil), b.macroStmtWhy(e))
		return
	default:
		b.errorf(x.At, "expression statement without an assignment (it has no effect the model can represent)")
		return
	}
	if b.err == nil {
		b.markLHSReads(r)
	}
	seq.children = append(seq.children, &tnode{stmt: len(b.stmts) - 1, loop: -1})
}

// macroStmtWhy says why the call c of a function-like macro, a
// statement of its own, is not the assignment its expansion may be.
func (b *builder) macroStmtWhy(c *cfront.Call) string {
	id, ok := cfront.Unparen(c.Fun).(*cfront.Ident)
	if !ok || b.info == nil || b.info.ExpandCall == nil || b.info.MacroCond == nil {
		return "its expansion is not read"
	}
	if _, ok := b.info.MacroCond(id.Name); !ok {
		return "the macro " + id.Name + ", or a macro it calls, has definitions the compiler may see more than one of (or one from the command line, or under #ifndef of its own name), and the expansion replaces the call in the output"
	}
	e, err := b.info.ExpandCall(c)
	if err != nil {
		return err.Error()
	}
	text := e.Format(nil)
	if len(text) > 160 {
		text = text[:160] + "..."
	}
	if x, ok := dropConstants(e).(*cfront.Binary); ok && x.Op == "," {
		return "its expansion '" + text + "' is a comma expression (only one write per statement is modelled)"
	}
	return "its expansion '" + text + "' is not one assignment or increment"
}

// markLHSReads marks the reads of a statement that touch the element its
// write touches (same array, same subscripts).
func (b *builder) markLHSReads(r *rawStmt) {
	var w *rawAccess
	for k := range r.accesses {
		if r.accesses[k].kind == Write {
			w = &r.accesses[k]
		}
	}
	if w == nil {
		return
	}
	key := accessKey(*w)
	for k := range r.accesses {
		a := &r.accesses[k]
		if a.kind == Read && a.array == w.array && accessKey(*a) == key {
			a.lhs = true
		}
	}
}

// accessKey is subsKey of the access's subscripts, or of the terms of
// its subscript with products of parameters (lin).
func accessKey(a rawAccess) string {
	if a.may() {
		// The same subscript texts evaluate to the same element in
		// one statement instance: the statement does not write what
		// they read before it reads them.
		return "may:" + subsKey(a.subs) + strings.Join(a.star, "#")
	}
	if a.lin == nil {
		return subsKey(a.subs)
	}
	var sb strings.Builder
	sb.WriteString("lin:")
	for _, m := range slices.Sorted(maps.Keys(a.lin)) {
		sb.WriteString(m)
		sb.WriteString("=")
		sb.WriteString(subsKey([]pexpr{a.lin[m]}))
	}
	return sb.String()
}

func subsKey(subs []pexpr) string {
	var sb strings.Builder
	for _, p := range subs {
		for _, pc := range p {
			sb.WriteString(pc.guard.String())
			sb.WriteString("|")
			sb.WriteString(pc.v.String())
			sb.WriteString(";")
		}
		sb.WriteString("#")
	}
	return sb.String()
}

func (b *builder) decl(x *cfront.Decl, seq *tnode) {
	for _, d := range x.Vars {
		v := VarInfo{Type: x.Type.Base, Stars: d.Stars}
		if b.info != nil && b.info.Resolve != nil {
			if r, ok := b.info.Resolve(x.Type.Base); ok {
				v.Type = r
			}
		}
		for _, e := range d.Dims {
			if e == nil {
				v.Dims = append(v.Dims, "")
			} else {
				v.Dims = append(v.Dims, e.Format(nil))
			}
		}
		if b.iterNames[d.Name] && d.Init == nil {
			// "int i;" for a later loop: not a data variable.
			continue
		}
		b.locals[d.Name] = v
		arr := b.array(d.Name, len(v.Dims))
		arr.Local = true
		arr.Extents = v.Dims
		if d.Init == nil {
			continue
		}
		if len(d.Dims) > 0 || d.Stars > 0 {
			b.errorf(d.At, "initialized local array or pointer %s (only scalar declarations with an initializer are modelled)", d.Name)
			return
		}
		if b.iterNames[d.Name] {
			b.errorf(d.At, "write to loop iterator %s (the iteration domain would not be affine)", d.Name)
			return
		}
		text := x.Text
		if len(x.Vars) > 1 {
			text = x.Type.Text + " " + d.Name + " = " + d.Init.Format(nil) + ";"
		}
		r := b.newStmt(x, text, "decl")
		b.value(r, d.Init)
		if b.err != nil {
			return
		}
		r.accesses = append(r.accesses, rawAccess{kind: Write, array: d.Name, pos: d.At, text: d.Name})
		seq.children = append(seq.children, &tnode{stmt: len(b.stmts) - 1, loop: -1})
	}
}

func (b *builder) array(name string, rank int) *Array {
	a, ok := b.arrays[name]
	if !ok {
		a = &Array{Name: name, Rank: rank, ReadOnly: true}
		if v, ok := b.varInfo(name); ok {
			a.ElemType = v.Type
			a.Extents = v.Dims
		}
		b.arrays[name] = a
	}
	return a
}

// lvalue records an access of kind k to an assignable expression.
func (b *builder) lvalue(r *rawStmt, e cfront.Expr, k AccessKind) {
	if b.err != nil {
		return
	}
	e = cfront.Unparen(e)
	var name string
	var subs []cfront.Expr
	switch x := e.(type) {
	case *cfront.Ident:
		name = x.Name
		if _, ok := b.iterInScope(name); ok && k == Write {
			b.errorf(x.At, "write to loop iterator %s in the loop body (the iteration domain would not be affine)", name)
			return
		}
		if k == Write && b.isParam[name] {
			b.errorf(x.At, "write to %s, which is used as a parameter (loop bounds, conditions and subscripts need values constant in the region)", name)
			return
		}
	case *cfront.Index:
		n, s, ok := cfront.ArrayAccess(x)
		if !ok {
			b.errorf(x.At, "unsupported array reference %s (the base is not a named array)", x.Format(nil))
			return
		}
		name, subs = n, s
	case *cfront.Unary:
		if x.Op == "*" {
			name, subs = b.deref(x)
			if name == "" {
				return
			}
			break
		}
		b.errorf(x.At, "unsupported left-hand side %s", x.Format(nil))
		return
	case *cfront.Member:
		b.errorf(x.At, "struct member access %s (structures are not modelled)", x.Format(nil))
		return
	case *cfront.Call:
		b.macroLvalue(r, x, k)
		return
	default:
		b.errorf(e.Pos(), "unsupported left-hand side %s", e.Format(nil))
		return
	}
	if b.isMacro(name) {
		b.errorf(e.Pos(), "%s", b.macroAccessWhy(name, k))
		return
	}
	b.access(r, name, subs, k, e)
}

// bakedInstead translates the subscript s with macro values when every
// parameter of the products of lp, its delinearized form, is a macro with
// an integer value and lp itself took macro values (i*BS + j % BS, BS
// under #ifndef BS): the values hold under a preprocessor condition,
// while delinearization would need a range for a factor (j % 8 in
// [0, BS)) that a symbolic BS cannot give.
func (b *builder) bakedInstead(s cfront.Expr, lp poly) (pexpr, bool) {
	if b.info == nil || b.info.MacroConst == nil {
		return nil, false
	}
	for key := range lp {
		if key == "" {
			continue
		}
		for _, m := range strings.Split(key, "*") {
			c := m
			if n, ok := b.cParamName(m); ok {
				c = n
			}
			if !b.info.Macros[c] {
				return nil, false
			}
			if _, _, ok := b.info.MacroConst(&cfront.Ident{Name: c}); !ok {
				return nil, false
			}
		}
	}
	conds := len(b.ppConds)
	q, na := b.affine(s)
	if na != nil {
		b.ppConds = b.ppConds[:conds]
		return nil, false
	}
	return q, true
}

// bakeLinear gives the accesses to the arrays of bakedArr that were to be
// delinearized (A[(i-1)*BS + j] beside A[i*BS + j % BS]) the subscript
// with the macros' values, so that all accesses to such an array are
// one-dimensional and affine; the array is not delinearized. An access
// whose products are not all macro values is left to delinearization.
func (b *builder) bakeLinear() {
	for name := range b.bakedArr {
		all := true
		for _, r := range b.stmts {
			for k := range r.accesses {
				a := &r.accesses[k]
				if a.array != name || a.lin == nil {
					continue
				}
				if sub, ok := b.linValue(a.lin); ok {
					a.subs, a.lin = []pexpr{sub}, nil
				} else {
					all = false
				}
			}
		}
		if all {
			delete(b.delin, name)
		}
	}
}

// linValue is the value of p with the macros of its products replaced by
// their values.
func (b *builder) linValue(p poly) (pexpr, bool) {
	sum := pconst(0)
	for key, v := range p {
		k := int64(1)
		if key != "" {
			for _, m := range strings.Split(key, "*") {
				c := m
				if n, ok := b.cParamName(m); ok {
					c = n
				}
				if !b.info.Macros[c] {
					return nil, false
				}
				val, cond, ok := b.info.MacroConst(&cfront.Ident{Name: c})
				if !ok {
					return nil, false
				}
				if cond != "" && !slices.Contains(b.ppConds, cond) {
					b.ppConds = append(b.ppConds, cond)
				}
				k *= val
			}
		}
		sum = sum.add(v.mapv(func(a *aff) *aff { return a.scale(k) }))
	}
	return sum, true
}

// macroLvalue records the access of a call of a function-like macro that
// expands to an element (#define AT(i, j) A[(i)*N + (j)], "AT(i, j) = x"),
// through its expansion; the statement keeps the call (macroExpansion
// says when that is sound).
func (b *builder) macroLvalue(r *rawStmt, x *cfront.Call, k AccessKind) {
	id, ok := cfront.Unparen(x.Fun).(*cfront.Ident)
	if !ok || b.info == nil || !b.info.Macros[id.Name] || b.info.ExpandCall == nil {
		b.errorf(x.At, "unsupported left-hand side %s", x.Format(nil))
		return
	}
	e, na := b.macroExpansion(x, id.Name)
	if na != nil {
		b.errorf(na.pos, "%s", na.why)
		return
	}
	if what := unmodelled(e); what != "" {
		b.errorf(x.At, "macro %s expands to %s '%s', which tessera does not model", id.Name, what, e.Format(nil))
		return
	}
	b.lvalue(r, e, k)
}

// macroAccessWhy says why the object-like macro name cannot be accessed
// as an array or variable (#define P (s->data), "P[i] = x").
func (b *builder) macroAccessWhy(name string, k AccessKind) string {
	verb := "read"
	if k == Write {
		verb = "assignment"
	}
	body := strings.TrimSpace(b.info.MacroBodies[name])
	x, err := cfront.ParseExpr(body, nil)
	if err == nil {
		if what := unmodelled(x); what != "" {
			return fmt.Sprintf("%s through macro %s, which expands to %s '%s': tessera does not model it", verb, name, what, body)
		}
	}
	return fmt.Sprintf("%s through macro %s, which expands to '%s', not to the name of a variable or an array", verb, name, body)
}

// unmodelled names the first construct of e that the model has no
// place for: a struct member access, a pointer dereference that is not
// an array access, a call; "" when there is none.
func unmodelled(e cfront.Expr) string {
	what := ""
	cfront.Walk(e, func(n cfront.Node) bool {
		if what != "" {
			return false
		}
		switch n := n.(type) {
		case *cfront.Member:
			what = "a member access"
		case *cfront.Call:
			what = "a function call"
		case *cfront.Unary:
			if n.Op == "&" {
				what = "an address"
			}
		}
		return what == ""
	})
	return what
}

// deref models *p as p[0] and *(p + e) as p[e]; anything else is pointer
// arithmetic the model cannot follow.
func (b *builder) deref(x *cfront.Unary) (string, []cfront.Expr) {
	switch y := cfront.Unparen(x.X).(type) {
	case *cfront.Ident:
		return y.Name, []cfront.Expr{&cfront.IntLit{At: y.At, Text: "0", Value: 0}}
	case *cfront.Binary:
		if y.Op == "+" {
			if id, ok := cfront.Unparen(y.X).(*cfront.Ident); ok && b.isPointer(id.Name) {
				return id.Name, []cfront.Expr{y.Y}
			}
			if id, ok := cfront.Unparen(y.Y).(*cfront.Ident); ok && b.isPointer(id.Name) {
				return id.Name, []cfront.Expr{y.X}
			}
		}
	}
	b.errorf(x.At, "pointer dereference %s (pointer arithmetic escapes the model)", x.Format(nil))
	return "", nil
}

func (b *builder) isPointer(name string) bool {
	v, ok := b.varInfo(name)
	return ok && (v.Stars > 0 || len(v.Dims) > 0)
}

func (b *builder) isMacro(name string) bool {
	if _, ok := b.varInfo(name); ok {
		return false
	}
	return b.info != nil && b.info.Macros[name]
}

func (b *builder) access(r *rawStmt, name string, subs []cfront.Expr, k AccessKind, e cfront.Expr) {
	ps := make([]pexpr, len(subs))
	var lin poly
	var star []string
	for i, s := range subs {
		// Macros stay parameters first. Then their values are taken
		// when that holds in every compilation of the file (#define BS 8,
		// defined once: A[i*BS + j % BS]). Else a product of them with
		// an iterator is delinearized (linPoly), valid for every value;
		// their values under a preprocessor condition come last.
		b.noBake = true
		p, na := b.affine(s)
		b.noBake = false
		if na != nil {
			conds := len(b.ppConds)
			if q, na2 := b.affine(s); na2 == nil && len(b.ppConds) == conds {
				ps[i] = q
				continue
			}
			b.ppConds = b.ppConds[:conds]
			if lp, ok := b.linPoly(s); ok && len(subs) == 1 && lp.hasProducts() {
				if len(b.ppConds) > conds {
					// linPoly took macro values itself (j % BS):
					// take them everywhere, in every access to
					// the array (bakeLinear).
					b.ppConds = b.ppConds[:conds]
					if q, ok := b.bakedInstead(s, lp); ok {
						ps[i] = q
						b.bakedArr[name] = true
						continue
					}
				}
				lin = lp
				continue
			}
			if q, na2 := b.affine(s); na2 == nil {
				ps[i] = q
				continue
			}
			b.ppConds = b.ppConds[:conds]
			if na.param == "" && b.opaqueSubscript(s) {
				// The element depends on data or on a product of
				// variables: a may access over this subscript, with
				// the reads of the subscript as ordinary reads.
				b.value(r, s)
				if b.err != nil {
					return
				}
				if star == nil {
					star = make([]string, len(subs))
				}
				star[i] = s.Format(nil)
				continue
			}
			b.fail("non-affine subscript "+e.Format(nil), na)
			return
		}
		ps[i] = p
	}
	arr := b.array(name, len(subs))
	if lin != nil {
		b.delin[name] = true
	}
	if arr.Rank != len(subs) {
		if (arr.Rank == 0 || len(subs) == 0) && b.isPointer(name) {
			b.errorf(e.Pos(), "%s is used both with subscripts and as a value (the pointer itself: a null test as in %s ? %s[i] : 0, a copy or pointer arithmetic): tessera models the elements of a pointer or array, not its value", name, name, name)
			return
		}
		b.errorf(e.Pos(), "%s is accessed with %d subscripts here and %d elsewhere (inconsistent array rank)", name, len(subs), arr.Rank)
		return
	}
	if k == Write {
		arr.ReadOnly = false
	}
	if lin != nil && star != nil {
		b.errorf(e.Pos(), "non-affine subscript %s (a subscript with products of parameters and one that is not affine in one access)", e.Format(nil))
		return
	}
	r.accesses = append(r.accesses, rawAccess{kind: k, array: name, subs: ps, pos: e.Pos(), text: e.Format(nil), lin: lin, star: star})
}

// opaqueSubscript reports whether the non-affine subscript s is one the
// model takes as a may access: it reads an array element (A[B[i]],
// A[*p]) or computes with products, divisions or math functions that are
// not affine (A[i*i], A[i % n]). Its reads are then modelled as the reads
// of any other expression (value), which rejects side effects and
// unknown calls. A call of a function-like macro is not taken: which of
// its definitions the compiler sees, and what it reads, is the macro
// model's question (macrocall.go), answered with an error here.
func (b *builder) opaqueSubscript(s cfront.Expr) bool {
	ok, macro := false, false
	cfront.WalkExpr(s, func(x cfront.Expr) {
		switch x := x.(type) {
		case *cfront.Index, *cfront.Binary:
			ok = true
		case *cfront.Call:
			id, isId := cfront.Unparen(x.Fun).(*cfront.Ident)
			if !isId || b.isMacro(id.Name) || !b.pureCall(id.Name) {
				macro = true
			}
			ok = true
		case *cfront.Unary:
			ok = ok || x.Op == "*"
		}
	})
	return ok && !macro
}

// value walks a right-hand side, recording its reads.
func (b *builder) value(r *rawStmt, e cfront.Expr) {
	if b.err != nil || e == nil {
		return
	}
	switch x := e.(type) {
	case *cfront.Paren:
		b.value(r, x.X)
	case *cfront.IntLit, *cfront.FloatLit, *cfront.CharLit, *cfront.SizeofType:
	case *cfront.StringLit:
		b.errorf(x.At, "string literal in a statement (only numeric computations are modelled)")
	case *cfront.Ident:
		if _, ok := b.iterInScope(x.Name); ok {
			return
		}
		if b.isIterOutside(x.Name) {
			b.errorf(x.At, "loop iterator %s used outside its loop (its value after the loop is not modelled)", x.Name)
			return
		}
		if b.isMacro(x.Name) {
			if why := b.info.HiddenValues[x.Name]; why != "" {
				b.errorf(x.At, "macro %s hides memory accesses from the model (%s)", x.Name, why)
				return
			}
			if _, ok := b.macroUses[x.Name]; !ok {
				b.macroUses[x.Name] = x.At
			}
			return
		}
		b.access(r, x.Name, nil, Read, x)
	case *cfront.Index:
		b.lvalue(r, x, Read)
	case *cfront.Unary:
		switch x.Op {
		case "-", "+", "!", "~":
			b.value(r, x.X)
		case "*":
			b.lvalue(r, x, Read)
		case "&":
			b.errorf(x.At, "address of %s taken (pointer arithmetic escapes the model)", x.X.Format(nil))
		case "sizeof":
		default:
			b.errorf(x.At, "side effect %s inside an expression (only one write per statement is modelled)", x.Format(nil))
		}
	case *cfront.Postfix:
		b.errorf(x.At, "side effect %s inside an expression (only one write per statement is modelled)", x.Format(nil))
	case *cfront.Assign:
		b.errorf(x.At, "assignment inside an expression (only one write per statement is modelled)")
	case *cfront.Binary:
		if x.Op == "," && isIntConst(x.X) {
			b.value(r, x.Y) // "(1, A[i])": the constant computes nothing
			return
		}
		if x.Op == "," {
			b.errorf(x.OpPos, "comma operator in a statement (only one write per statement is modelled)")
			return
		}
		b.value(r, x.X)
		b.value(r, x.Y)
	case *cfront.CondExpr:
		b.value(r, x.Cond)
		b.value(r, x.Then)
		b.value(r, x.Else)
	case *cfront.Cast:
		b.value(r, x.X)
	case *cfront.Call:
		id, ok := cfront.Unparen(x.Fun).(*cfront.Ident)
		if !ok {
			b.errorf(x.At, "call through a function pointer (it may write memory)")
			return
		}
		if b.info != nil && b.info.Macros[id.Name] {
			if why := b.info.HiddenCalls[id.Name]; why != "" && !(why == PasteLiteralOnly && numbers(x.Args)) {
				b.errorf(x.At, "call of macro %s, whose expansion may access memory the model does not see (%s)", id.Name, why)
				return
			}
		} else if !b.pureCall(id.Name) {
			b.errorf(x.At, "%s", b.callWhy(id.Name))
			return
		} else if fn := b.inlined(id.Name); fn != nil && len(x.Args) != len(fn.Params) {
			b.errorf(x.At, "call of %s with %d arguments; it has %d parameters", id.Name, len(x.Args), len(fn.Params))
			return
		}
		for _, a := range x.Args {
			b.value(r, a)
		}
	case *cfront.Member:
		b.errorf(x.At, "struct member access %s (structures are not modelled)", x.Format(nil))
	default:
		b.errorf(e.Pos(), "unsupported expression %s", e.Format(nil))
	}
}

// finish drops the scalar reads of names that turned out to be parameters
// and checks that no parameter is written.
func (b *builder) finish() {
	// A macro the model takes for a constant must not read what the
	// region writes.
	uses := map[string]cfront.Pos{}
	for name, at := range b.macroUses {
		uses[name] = at
	}
	for _, name := range slices.Sorted(maps.Keys(uses)) {
		if b.info == nil {
			break
		}
		for _, v := range b.info.MacroVars[name] {
			if _, local := b.locals[v]; b.iterNames[v] || local {
				b.errorf(uses[name], "macro %s uses %s, a loop iterator or a variable of the region (the model takes the macro for a value constant in the region, and the new code renames the iterators)", name, v)
				return
			}
			if w, ok := b.written[v]; ok {
				b.errorf(w, "write to %s, which macro %s reads (the model takes the macro for a value constant in the region)", v, name)
				return
			}
		}
	}
	for _, r := range b.stmts {
		kept := r.accesses[:0]
		for _, a := range r.accesses {
			if len(a.subs) == 0 && b.isParam[a.array] {
				if a.kind == Write {
					b.errorf(a.pos, "write to %s, which is used as a parameter (loop bounds, conditions and subscripts need values constant in the region)", a.array)
					return
				}
				continue
			}
			kept = append(kept, a)
		}
		r.accesses = kept
	}
	for name := range b.arrays {
		if b.isParam[name] {
			used := false
			for _, r := range b.stmts {
				for _, a := range r.accesses {
					used = used || a.array == name
				}
			}
			if !used {
				delete(b.arrays, name)
			}
		}
	}
}

// sortedArrays returns the arrays sorted by name.
func (b *builder) sortedArrays() []*Array {
	out := make([]*Array, 0, len(b.arrays))
	for _, a := range b.arrays {
		out = append(out, a)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}
