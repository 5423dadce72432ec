package mlir

// Raising: each loop nest at the top level of a function body (an
// affine.for or affine.parallel, or an affine.if that guards loops)
// becomes a C function with one #pragma
// scop region, which tessera's pipeline models, schedules and checks as it
// does any C input.
//
// We choose C as the exchange form, and not a second model builder, so
// that one front end (cfront, scop) decides what is affine and every
// legality check is the one C input gets. The translation is:
//
//   - the values a nest uses and does not define become parameters of the
//     C function: a memref an array parameter (static extents as numbers,
//     a dynamic extent as a parameter NAME_dK read with memref.dim at the
//     call), an index or integer a long or int, a float a double or
//     float; constants are written in place;
//   - a 0-d memref becomes a global scalar (its writes must stay visible
//     after the region, which a parameter's would not be);
//   - each affine.store and memref.store is a statement A[..] = e; where
//     e is the tree of arith and math operations, loads and affine.apply/
//     min/max that computes the stored value, rebuilt as a C expression
//     (pure operations are written at each use);
//   - affine.for is a counted for loop (bounds max(...) and min(...) of
//     the map results), affine.parallel one for loop per induction
//     variable, affine.if an if over the conjunction of its constraints.
//
// A load is moved to the statement that uses its value. That is exact
// only if no store between the load and that statement may write the
// memref it reads; we check this per memref SSA value (MLIR's affine
// analysis, too, takes distinct memref values as distinct memory, and the
// pipeline runs with AssumeNoAlias for the same reason) and refuse the
// nest otherwise. Memrefs made by view operations (subview, cast,
// reinterpret_cast, ...) may overlap another value's memory and are
// refused.

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// nest is one loop nest of the input and its C form.
type nest struct {
	fn    *ParsedFunc
	op    *Op
	cname string // the C function's name
	// ctext is the C function (nil when the nest was not raised).
	ctext string
	// lines maps each line of ctext (0-based) to the input position it
	// comes from.
	lines []Loc
	// vars maps the C names of the function's parameters and globals to
	// what they stand for.
	vars map[string]cvar
	// globals are the C declarations at file scope (0-d memrefs).
	globals []string
	// problems say why the nest is not raised (operations by name).
	problems []problem
}

// problem is an unsupported construct inside a nest.
type problem struct {
	loc Loc
	msg string
}

// cvar is a C variable of a raised nest and the input value it stands for.
type cvar struct {
	ssa  string    // the SSA value (a memref, a scalar)
	typ  ValueType // its input type
	dim  int       // >= 0: the extent of dimension dim of memref ssa
	kind cvarKind
}

type cvarKind int

const (
	cvArray  cvarKind = iota // array parameter for a memref
	cvGlobal                 // global scalar for a 0-d memref
	cvScalar                 // scalar parameter for a value
	cvDim                    // extent parameter of a dynamic memref dimension
	cvResult                 // global scalar holding the value a nest's outermost loop carries out
)

// raiser holds the state of raising one function's nests.
type raiser struct {
	mod   *ParsedFile
	fn    *ParsedFunc
	defs  map[string]*Op // defining operation of each op result
	types map[string]ValueType
	args  map[string]bool // the function's arguments
	// global C names (across the file) and the nest's own names.
	globalNames map[string]bool
	names       map[string]bool

	// per nest
	n       *nest
	cnames  map[string]string // SSA value -> C name
	ivs     map[string]bool
	order   map[*Op]int // pre-order number of every op of the nest
	last    map[*Op]int // largest number inside the op
	parent  map[*Op]*Op // enclosing op (nil at the nest's root)
	blockOf map[*Op]*Block
	stores  map[string][]*Op // stores of the nest per memref
	storing map[string][]*Op // stores of the nest per stored value
	params  []string         // C parameter declarations, in order
	dimPars []string         // extent parameters (first in the list)
	b       strings.Builder
	indent  int
	// work counts the values written for the nest: a value is written
	// at each use, which a chain of operations that use a value twice
	// makes exponential; maxValueWork bounds it.
	work int
}

// maxValueWork bounds the values written for one nest (see raiser.work).
const maxValueWork = 200000

// raiseFunc raises every nest at the top level of fn's body.
func raiseFunc(mod *ParsedFile, fn *ParsedFunc, globalNames map[string]bool) []*nest {
	if fn.Body == nil {
		return nil
	}
	r := &raiser{mod: mod, fn: fn, defs: map[string]*Op{}, types: map[string]ValueType{}, args: map[string]bool{}, globalNames: globalNames}
	for _, a := range fn.Args {
		r.types[a.Name] = a.Type
		r.args[a.Name] = true
	}
	r.collectDefs(fn.Body)
	var out []*nest
	for _, op := range fn.Body.Ops {
		if op.Name != "affine.for" && op.Name != "affine.parallel" && !(op.Name == "affine.if" && holdsLoop(op)) {
			continue
		}
		n := &nest{fn: fn, op: op, vars: map[string]cvar{}}
		n.cname = r.uniqueGlobal(cIdent(fn.Name) + "_nest")
		if fn.MultiBlock {
			n.problems = append(n.problems, problem{op.Loc, "the function has several blocks"})
		} else {
			r.raiseNest(n)
		}
		out = append(out, n)
	}
	return out
}

// collectDefs records the defining operation and the type of every value
// defined in b and below.
func (r *raiser) collectDefs(b *Block) {
	for _, op := range b.Ops {
		for _, v := range op.Results {
			r.defs[v] = op
			if op.Known {
				r.types[v] = op.Type
			} else {
				r.types[v] = ValueType{Text: "?"}
			}
		}
		for _, iv := range op.IVs {
			r.types[iv] = ValueType{Text: "index", Kind: TypeIndex, Bits: 64}
		}
		for _, sub := range op.Regions {
			r.collectDefs(sub)
		}
	}
}

// raiseNest writes the C function of n, or records why it cannot.
func (r *raiser) raiseNest(n *nest) {
	r.n = n
	r.names = map[string]bool{}
	r.cnames = map[string]string{}
	r.ivs = map[string]bool{}
	r.order, r.last, r.parent = map[*Op]int{}, map[*Op]int{}, map[*Op]*Op{}
	r.blockOf = map[*Op]*Block{}
	r.stores = map[string][]*Op{}
	r.storing = map[string][]*Op{}
	r.params, r.dimPars = nil, nil
	r.work = 0
	r.b.Reset()
	r.number(n.op, nil, nil, new(int))
	var body strings.Builder
	var lines []Loc
	r.indent = 1
	r.stmt(n.op, &body, &lines)
	if len(n.problems) > 0 {
		return
	}
	// The file's lines: the globals, the header and the pragma, the
	// body, the end pragma and the closing brace.
	var text strings.Builder
	for _, g := range n.globals {
		text.WriteString(g + "\n")
		n.lines = append(n.lines, n.op.Loc)
	}
	params := append(append([]string{}, r.dimPars...), r.params...)
	if len(params) == 0 {
		params = []string{"void"}
	}
	fmt.Fprintf(&text, "void %s(%s) {\n#pragma scop\n", n.cname, strings.Join(params, ", "))
	n.lines = append(n.lines, n.op.Loc, n.op.Loc)
	text.WriteString(body.String())
	n.lines = append(n.lines, lines...)
	text.WriteString("#pragma endscop\n}\n")
	n.lines = append(n.lines, n.op.Loc, n.op.Loc)
	n.ctext = text.String()
}

// number gives every op of the nest its pre-order number, parent and block.
func (r *raiser) number(op, parent *Op, in *Block, k *int) {
	*k++
	r.order[op] = *k
	r.parent[op] = parent
	r.blockOf[op] = in
	if op.Name == "affine.store" || op.Name == "memref.store" {
		r.stores[op.Memref] = append(r.stores[op.Memref], op)
		r.storing[op.Value] = append(r.storing[op.Value], op)
	}
	for _, b := range op.Regions {
		for _, sub := range b.Ops {
			r.number(sub, op, b, k)
		}
	}
	r.last[op] = *k
}

// fail records why the nest cannot be raised, once per operation.
func (r *raiser) fail(op *Op, format string, args ...any) {
	for _, p := range r.n.problems {
		if p.loc == op.Loc {
			return
		}
	}
	r.n.problems = append(r.n.problems, problem{op.Loc, fmt.Sprintf(format, args...)})
}

// line writes one line of C at the current indentation.
func (r *raiser) line(w *strings.Builder, lines *[]Loc, at Loc, text string) {
	w.WriteString(strings.Repeat("  ", r.indent) + text + "\n")
	*lines = append(*lines, at)
}

// stmt writes the C of one operation of the nest.
func (r *raiser) stmt(op *Op, w *strings.Builder, lines *[]Loc) {
	switch op.Name {
	case "affine.for", "affine.parallel":
		if op.IterArgs && !r.carried(op, w, lines) {
			return
		}
		for k, iv := range op.IVs {
			c := r.declare(iv)
			r.ivs[iv] = true
			lb := r.bound(op, op.Lower[k], "max")
			ub := r.bound(op, op.Upper[k], "min")
			step := "++"
			if op.Steps[k] != 1 {
				step = " += " + strconv.FormatInt(op.Steps[k], 10)
			}
			r.line(w, lines, op.Loc, fmt.Sprintf("for (long %s = %s; %s < %s; %s%s) {", c, lb, c, ub, c, step))
			r.indent++
		}
		r.block(op.Regions[0], w, lines)
		for range op.IVs {
			r.indent--
			r.line(w, lines, op.Loc, "}")
		}
	case "affine.if":
		if op.IterArgs {
			r.fail(op, "affine.if with results is not supported inside a loop nest")
			return
		}
		var conds []string
		for _, c := range op.Cond {
			rel := " >= 0"
			if c.Eq {
				rel = " == 0"
			}
			conds = append(conds, r.aff(op, c.Expr)+rel)
		}
		if len(conds) == 0 {
			conds = []string{"1"}
		}
		r.line(w, lines, op.Loc, "if ("+strings.Join(conds, " && ")+") {")
		r.indent++
		r.block(op.Regions[0], w, lines)
		r.indent--
		if len(op.Regions) > 1 && len(op.Regions[1].Ops) > 0 {
			r.line(w, lines, op.Loc, "} else {")
			r.indent++
			r.block(op.Regions[1], w, lines)
			r.indent--
		}
		r.line(w, lines, op.Loc, "}")
	case "affine.store", "memref.store":
		lhs := r.access(op, op)
		rhs := r.value(op.Value, op)
		r.line(w, lines, op.Loc, lhs+" = "+rhs+";")
	case "affine.yield":
		loop := r.parent[op]
		if len(op.Operands) == 0 {
			return
		}
		if loop == nil || loop.Name != "affine.for" || len(loop.IterNames) != len(op.Operands) {
			r.fail(op, "affine.yield of values is not supported here")
			return
		}
		// The next iteration's value of the carried scalar.
		for k, v := range op.Operands {
			if v == loop.IterNames[k] {
				continue
			}
			r.line(w, lines, op.Loc, r.cnames[loop.IterNames[k]]+" = "+r.value(v, op)+";")
		}
	default:
		if op.Known && pureOp(op.Name) {
			return // written where its value is used
		}
		why := "it has no counterpart in tessera's model"
		if !op.Known {
			why = "tessera does not know its effects"
		}
		r.fail(op, "operation %s is not supported inside a loop nest (%s)", op.Name, why)
	}
}

// carried declares the C scalar of a loop's iteration argument: a
// variable local to the region, set to the initial value before the
// loop, assigned by the yield at the end of each iteration, and read by
// the loop's result after it. One argument per loop, on a loop inside the
// nest (the outermost loop's result would be needed outside the region).
func (r *raiser) carried(op *Op, w *strings.Builder, lines *[]Loc) bool {
	switch {
	case op.Name != "affine.for":
		r.fail(op, "%s with reductions is not supported inside a loop nest", op.Name)
		return false
	case len(op.IterNames) != 1 || len(op.Results) != 1:
		r.fail(op, "affine.for carrying %d values (iter_args): one is supported", len(op.IterNames))
		return false
	}
	ct, ok := cType(op.IterTypes[0])
	if !ok {
		r.fail(op, "affine.for carries a value of type %s, which has no C counterpart here", op.IterTypes[0].Text)
		return false
	}
	init := r.value(op.IterInits[0], op)
	if r.parent[op] == nil {
		// The nest's own result: a global scalar, whose final value
		// the call site reads back into the result's name.
		acc := r.uniqueGlobal(cIdent(orig(op.IterNames[0])))
		r.names[acc] = true
		r.cnames[op.IterNames[0]] = acc
		r.n.vars[acc] = cvar{ssa: op.Results[0], typ: op.IterTypes[0], kind: cvResult, dim: -1}
		r.n.globals = append(r.n.globals, ct+" "+acc+";")
		r.line(w, lines, op.Loc, fmt.Sprintf("%s = %s;", acc, init))
		return true
	}
	acc := r.declare(op.IterNames[0])
	r.cnames[op.Results[0]] = acc
	r.line(w, lines, op.Loc, fmt.Sprintf("%s %s = %s;", ct, acc, init))
	return true
}

func (r *raiser) block(b *Block, w *strings.Builder, lines *[]Loc) {
	for _, op := range b.Ops {
		r.stmt(op, w, lines)
	}
}

// pureOp reports whether a known operation is side-effect free (a value
// the statements compute), as opposed to a store or a loop.
func pureOp(name string) bool {
	switch name {
	case "affine.load", "memref.load", "affine.apply", "affine.min", "affine.max", "memref.dim":
		return true
	}
	return strings.HasPrefix(name, "arith.") || strings.HasPrefix(name, "math.")
}

// bound writes a loop bound: one expression, or max/min of several.
func (r *raiser) bound(op *Op, es []*AffExpr, fn string) string {
	if len(es) == 1 {
		return r.aff(op, es[0])
	}
	var parts []string
	for _, e := range es {
		parts = append(parts, r.aff(op, e))
	}
	return fn + "(" + strings.Join(parts, ", ") + ")"
}

// aff writes an affine expression over SSA values as C: floor division
// and modulo by the positive constants the parser allows as floord/ceild
// calls, which the model reads exactly.
func (r *raiser) aff(op *Op, e *AffExpr) string {
	switch e.Op {
	case AffConst:
		if e.Const < 0 {
			return "(" + strconv.FormatInt(e.Const, 10) + ")"
		}
		return strconv.FormatInt(e.Const, 10)
	case AffSSA:
		return r.value(e.Name, op)
	case AffAdd:
		return "(" + r.aff(op, e.L) + " + " + r.aff(op, e.R) + ")"
	case AffMul:
		return "(" + r.aff(op, e.L) + " * " + r.aff(op, e.R) + ")"
	case AffFloorDiv:
		return "floord(" + r.aff(op, e.L) + ", " + r.aff(op, e.R) + ")"
	case AffCeilDiv:
		return "ceild(" + r.aff(op, e.L) + ", " + r.aff(op, e.R) + ")"
	case AffMod:
		l, k := r.aff(op, e.L), r.aff(op, e.R)
		return "(" + l + " - " + k + " * floord(" + l + ", " + k + "))"
	}
	r.fail(op, "a map with unresolved dimensions")
	return "0"
}

// access writes the array element of a load or store: A[s0][s1], or the
// global scalar of a 0-d memref.
func (r *raiser) access(op, user *Op) string {
	name, ok := r.memref(op.Memref, op)
	if !ok {
		return "0"
	}
	if len(op.Subs) == 0 {
		return name
	}
	var b strings.Builder
	b.WriteString(name)
	for _, s := range op.Subs {
		b.WriteString("[" + r.aff(user, s) + "]")
	}
	return b.String()
}

// memref returns the C name of a memref used in the nest, declaring it.
func (r *raiser) memref(v string, at *Op) (string, bool) {
	if c, ok := r.cnames[v]; ok {
		return c, true
	}
	if r.ivs[v] || r.definedInside(v) {
		r.fail(at, "memref %s is defined inside the loop nest", v)
		return "", false
	}
	ty := r.types[v]
	if ty.Kind != TypeMemref {
		r.fail(at, "%s is not a memref of a known type", v)
		return "", false
	}
	if !r.args[v] {
		d := r.defs[v]
		if d == nil || (d.Name != "memref.alloc" && d.Name != "memref.alloca" && d.Name != "memref.get_global") {
			what := "an unknown definition"
			if d != nil {
				what = d.Name
			}
			r.fail(at, "memref %s comes from %s, which may share memory with another memref", v, what)
			return "", false
		}
	}
	if ty.Layout != "" {
		r.fail(at, "memref %s has a layout or memory space (%s); only the identity layout is supported", v, ty.Layout)
		return "", false
	}
	elem, ok := cType(*ty.Elem)
	if !ok {
		r.fail(at, "memref %s has element type %s, which has no C counterpart here", v, ty.Elem.Text)
		return "", false
	}
	if len(ty.Shape) == 0 {
		c := r.uniqueGlobal(cIdent(orig(v)))
		r.cnames[v] = c
		r.n.vars[c] = cvar{ssa: v, typ: ty, kind: cvGlobal, dim: -1}
		r.n.globals = append(r.n.globals, elem+" "+c+";")
		return c, true
	}
	c := r.declare(v)
	var dims strings.Builder
	for k, d := range ty.Shape {
		if d >= 0 {
			fmt.Fprintf(&dims, "[%d]", d)
			continue
		}
		dn := r.declareName(c + "_d" + strconv.Itoa(k))
		r.n.vars[dn] = cvar{ssa: v, typ: ty, kind: cvDim, dim: k}
		r.dimPars = append(r.dimPars, "long "+dn)
		fmt.Fprintf(&dims, "[%s]", dn)
	}
	r.n.vars[c] = cvar{ssa: v, typ: ty, kind: cvArray, dim: -1}
	r.params = append(r.params, elem+" "+c+dims.String())
	return c, true
}

// definedInside reports whether v is a result of an op of the nest.
func (r *raiser) definedInside(v string) bool {
	d := r.defs[v]
	_, in := r.order[d]
	return d != nil && in
}

// value writes the C expression of an SSA value used by the op user.
func (r *raiser) value(v string, user *Op) string {
	if c, ok := r.cnames[v]; ok {
		return c
	}
	if r.work++; r.work > maxValueWork {
		r.fail(r.n.op, "the statements of the nest grow too large when each value is written at each of its uses")
		return "0"
	}
	if r.definedInside(v) {
		if acc, ok := r.forward(v, user); ok {
			return acc
		}
		return r.inner(r.defs[v], v, user)
	}
	// Defined outside the nest: a constant is written in place, another
	// value becomes a parameter.
	if d := r.defs[v]; d != nil && d.Name == "arith.constant" {
		if lit, ok := r.literal(d); ok {
			return lit
		}
		return "0"
	}
	ty := r.types[v]
	ct, ok := cType(ty)
	if !ok || ty.Kind == TypeMemref {
		what := "an unknown operation"
		if d := r.defs[v]; d != nil {
			what = d.Name
		}
		r.fail(user, "value %s (from %s, type %s) used in the nest has no C counterpart", v, what, ty.Text)
		return "0"
	}
	c := r.declare(v)
	r.n.vars[c] = cvar{ssa: v, typ: ty, kind: cvScalar, dim: -1}
	r.params = append(r.params, ct+" "+c)
	return c
}

// inner writes the expression of a value computed inside the nest.
func (r *raiser) inner(d *Op, v string, user *Op) string {
	arg := func(i int) string {
		if i >= len(d.Operands) {
			r.fail(d, "%s: missing operand", d.Name)
			return "0"
		}
		return r.value(d.Operands[i], user)
	}
	switch d.Name {
	case "affine.load", "memref.load":
		r.checkHoist(d, user)
		return r.access(d, user)
	case "affine.apply":
		return r.aff(user, d.Exprs[0])
	case "affine.min", "affine.max":
		return r.bound(user, d.Exprs, strings.TrimPrefix(d.Name, "affine."))
	case "arith.constant":
		lit, _ := r.literal(d)
		return lit
	case "arith.select":
		return "(" + arg(0) + " ? " + arg(1) + " : " + arg(2) + ")"
	case "arith.cmpf", "arith.cmpi":
		op, ok := cmpOps[d.Pred]
		if !ok {
			r.fail(d, "%s predicate %s has no C operator with the same meaning", d.Name, d.Pred)
			return "0"
		}
		return "(" + arg(0) + " " + op + " " + arg(1) + ")"
	}
	name := strings.TrimPrefix(strings.TrimPrefix(d.Name, "arith."), "math.")
	if _, ok := binOps[name]; ok && d.Type.Kind == TypeInt && d.Type.Bits < 32 {
		// C computes on char and short in int: no wrap-around at 8 or
		// 16 bits as the operation has.
		r.fail(d, "%s on %s values is not supported inside a loop nest (C computes it in int, without the wrap-around)", d.Name, d.Type.Text)
		return "0"
	}
	if op, ok := binOps[name]; ok {
		return "(" + arg(0) + " " + op + " " + arg(1) + ")"
	}
	switch name {
	case "negf":
		return "(-" + arg(0) + ")"
	case "index_cast", "sitofp", "fptosi", "extf", "truncf", "extsi", "trunci":
		ct, ok := cType(d.Type)
		if !ok {
			r.fail(d, "%s to %s has no C counterpart", d.Name, d.Type.Text)
			return "0"
		}
		return "((" + ct + ")" + arg(0) + ")"
	}
	if fn, ok := mathCalls[name]; ok && strings.HasPrefix(d.Name, "math.") || ok && (name == "maxnumf" || name == "minnumf" || name == "maxsi" || name == "minsi" || name == "remf") {
		if d.Type.Kind == TypeFloat && d.Type.Bits == 32 && fn != "min" && fn != "max" {
			fn += "f"
		}
		var as []string
		for i := range d.Operands {
			as = append(as, arg(i))
		}
		return fn + "(" + strings.Join(as, ", ") + ")"
	}
	r.fail(d, "operation %s is not supported inside a loop nest (it has no counterpart in tessera's model)", d.Name)
	return "0"
}

var binOps = map[string]string{
	"addf": "+", "subf": "-", "mulf": "*", "divf": "/",
	"addi": "+", "subi": "-", "muli": "*", "divsi": "/", "remsi": "%",
}

var cmpOps = map[string]string{
	"oeq": "==", "ogt": ">", "oge": ">=", "olt": "<", "ole": "<=", "une": "!=",
	"eq": "==", "ne": "!=", "slt": "<", "sle": "<=", "sgt": ">", "sge": ">=",
}

// mathCalls maps math operations (and a few arith ones) to the C functions
// with the same meaning.
var mathCalls = map[string]string{
	"sqrt": "sqrt", "exp": "exp", "exp2": "exp2", "expm1": "expm1", "log": "log", "log2": "log2",
	"log10": "log10", "log1p": "log1p", "absf": "fabs", "powf": "pow", "sin": "sin", "cos": "cos",
	"tan": "tan", "tanh": "tanh", "atan": "atan", "atan2": "atan2", "erf": "erf", "floor": "floor",
	"ceil": "ceil", "round": "round", "trunc": "trunc", "fma": "fma", "cbrt": "cbrt", "copysign": "copysign",
	"maxnumf": "fmax", "minnumf": "fmin", "maxsi": "max", "minsi": "min", "remf": "fmod",
}

// forward returns the element that an earlier store of the nest wrote v
// to, when user may read v from there: the store's block holds user, and
// no store to that memref runs between them. A value that is stored and
// used again is read back, not computed again: the loads of its tree may
// have been overwritten by then (the store itself may be one of them).
func (r *raiser) forward(v string, user *Op) (string, bool) {
	ss := r.storing[v]
	for k := len(ss) - 1; k >= 0; k-- {
		s := ss[k]
		if r.order[s] >= r.order[user] {
			continue
		}
		if r.storesBetween(s, user, s.Memref) {
			continue
		}
		return r.access(s, user), true
	}
	return "", false
}

// storesBetween reports whether a store to memref may run after the op
// from and before user reads: from's block must hold user (else true);
// when user sits in a loop or if of that block, every store in it counts.
func (r *raiser) storesBetween(from, user *Op, memref string) bool {
	p := user
	for p != nil && r.blockOf[p] != r.blockOf[from] {
		p = r.parent[p]
	}
	if p == nil {
		return true
	}
	lo, hi := r.order[from], r.last[p]
	if p == user {
		hi = r.order[user] - 1
	}
	for _, s := range r.stores[memref] {
		if k := r.order[s]; k > lo && k <= hi {
			return true
		}
	}
	return false
}

// checkHoist refuses to move the load ld to the statement user when a
// store of the nest that runs between them may write the memref it reads.
func (r *raiser) checkHoist(ld, user *Op) {
	// p is the op of ld's block that holds user.
	p := user
	for p != nil && r.blockOf[p] != r.blockOf[ld] {
		p = r.parent[p]
	}
	if p == nil {
		r.fail(ld, "the value of this load is used outside the block that holds it")
		return
	}
	lo, hi := r.order[ld], r.last[p]
	if p == user {
		hi = r.order[user] - 1
	}
	for _, s := range r.stores[ld.Memref] {
		if k := r.order[s]; k > lo && k <= hi {
			r.fail(ld, "the value loaded here is used by the store at %d:%d after the store at %d:%d, which may change it; tessera moves a load to the store that uses it", user.Loc.Line, user.Loc.Col, s.Loc.Line, s.Loc.Col)
			return
		}
	}
}

// literal writes the value of an arith.constant as a C literal that has
// exactly the same value.
func (r *raiser) literal(d *Op) (string, bool) {
	lit := d.Literal
	switch d.Type.Kind {
	case TypeIndex, TypeInt:
		switch lit {
		case "true":
			return "1", true
		case "false":
			return "0", true
		}
		v, err := strconv.ParseInt(lit, 0, 64)
		if err != nil {
			r.fail(d, "integer constant %s out of range", lit)
			return "0", false
		}
		if v < 0 {
			return "(" + strconv.FormatInt(v, 10) + ")", true
		}
		return strconv.FormatInt(v, 10), true
	case TypeFloat:
		var f float64
		switch {
		case strings.HasPrefix(lit, "0x") || strings.HasPrefix(lit, "-0x"):
			u, err := strconv.ParseUint(strings.TrimPrefix(lit, "-"), 0, 64)
			if err != nil {
				break
			}
			if d.Type.Bits == 32 {
				f = float64(math.Float32frombits(uint32(u)))
			} else {
				f = math.Float64frombits(u)
			}
		default:
			var err error
			if f, err = strconv.ParseFloat(lit, 64); err != nil {
				r.fail(d, "bad float constant %s", lit)
				return "0", false
			}
		}
		if math.IsInf(f, 0) || math.IsNaN(f) {
			r.fail(d, "float constant %s (infinity or NaN) has no C literal", lit)
			return "0", false
		}
		switch d.Type.Bits {
		case 64:
			return cFloatLit(strconv.FormatFloat(f, 'e', -1, 64)), true
		case 32:
			return cFloatLit(strconv.FormatFloat(float64(float32(f)), 'e', -1, 32)) + "f", true
		}
	}
	r.fail(d, "constant of type %s is not supported inside a loop nest", d.Type.Text)
	return "0", false
}

// cFloatLit parenthesizes a negative literal.
func cFloatLit(s string) string {
	if strings.HasPrefix(s, "-") {
		return "(" + s + ")"
	}
	return s
}

// cType is the C type of a scalar or memref element type.
func cType(t ValueType) (string, bool) {
	switch t.Kind {
	case TypeIndex:
		return "long", true
	case TypeInt:
		switch t.Bits {
		case 8:
			return "char", true
		case 16:
			return "short", true
		case 32:
			return "int", true
		case 64:
			return "long", true
		}
	case TypeFloat:
		switch t.Bits {
		case 32:
			return "float", true
		case 64:
			return "double", true
		}
	}
	return "", false
}

// declare gives the SSA value v a fresh C name in the nest.
func (r *raiser) declare(v string) string {
	c := r.declareName(cIdent(orig(v)))
	r.cnames[v] = c
	return c
}

// declareName returns base or base_N, unused in the nest and at file scope.
func (r *raiser) declareName(base string) string {
	c := base
	for k := 1; r.names[c] || r.globalNames[c] || cReserved[c]; k++ {
		c = base + "_" + strconv.Itoa(k)
	}
	r.names[c] = true
	return c
}

// uniqueGlobal returns a file-scope name not used yet, at file scope or
// in the nest being raised.
func (r *raiser) uniqueGlobal(base string) string {
	c := base
	for k := 1; r.globalNames[c] || r.names[c] || cReserved[c]; k++ {
		c = base + "_" + strconv.Itoa(k)
	}
	r.globalNames[c] = true
	return c
}

// cIdent turns an SSA or symbol name into a C identifier: %arg0 -> arg0,
// %0 -> v0, %x#1 -> x_1.
func cIdent(v string) string {
	v = strings.TrimLeft(v, "%@")
	var b strings.Builder
	for i := 0; i < len(v); i++ {
		c := v[i]
		if isLetter(c) || isDigit(c) {
			b.WriteByte(c)
		} else {
			b.WriteByte('_')
		}
	}
	s := b.String()
	if s == "" || isDigit(s[0]) {
		s = "v" + s
	}
	return s
}

// cReserved are names a C identifier of the raised code must not take:
// keywords, the math functions and the bound helpers the model reads.
var cReserved = map[string]bool{}

func init() {
	for _, w := range strings.Fields(`auto break case char const continue default do double else enum extern
		float for goto if inline int long register restrict return short signed sizeof static struct switch
		typedef union unsigned void volatile while _Bool main floord ceild min max MIN MAX imin imax mod
		sqrt exp exp2 expm1 log log2 log10 log1p pow fabs abs sin cos tan asin acos atan atan2 sinh cosh tanh
		floor ceil round trunc fmod fmin fmax fma erf cbrt copysign sqrtf expf logf powf fabsf NULL`) {
		cReserved[w] = true
	}
}

// holdsLoop reports whether a loop is somewhere inside op: an affine.if at
// the top level of a function is a nest when it guards loops.
func holdsLoop(op *Op) bool {
	for _, b := range op.Regions {
		for _, sub := range b.Ops {
			if sub.Name == "affine.for" || sub.Name == "affine.parallel" || holdsLoop(sub) {
				return true
			}
		}
	}
	return false
}
