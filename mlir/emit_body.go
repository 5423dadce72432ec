package mlir

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"

	"github.com/tessera-opt/tessera/ast"
	"github.com/tessera-opt/tessera/cfront"
	"github.com/tessera-opt/tessera/presburger"
	"github.com/tessera-opt/tessera/scop"
)

// emVal is an SSA value and its MLIR type (f64, f32, i64, i32, i16, i8, or
// i1 for the result of a comparison).
type emVal struct {
	ssa, typ string
}

// emStmt is what the body of one statement instance needs: the values of
// its iterators (C names) as expressions of the loop variables.
type emStmt struct {
	sub map[string]ast.Expr
	pos cfront.Pos
	st  *scop.Statement
}

// user writes the ops of one statement instance.
func (e *fnEmitter) user(u *ast.User) {
	st := e.stmts[u.Name]
	if st == nil {
		emFail(e.r.Pos, "statement %s is not in the model", u.Name)
	}
	if len(u.Args) != len(st.CIters) {
		emFail(st.Pos, "statement %s has %d iterators, the AST gives %d", u.Name, len(st.CIters), len(u.Args))
	}
	c := &emStmt{sub: map[string]ast.Expr{}, pos: st.Pos, st: st}
	for k, it := range st.CIters {
		c.sub[it] = e.subst(u.Args[k])
	}
	switch syn := st.Syntax.(type) {
	case *cfront.ExprStmt:
		e.exprStmt(syn.X, c)
	case *cfront.Decl:
		for _, d := range syn.Vars {
			if d.Init == nil {
				continue
			}
			v := e.vars[d.Name]
			if v == nil || v.rank != 0 || d.Stars > 0 || len(d.Dims) > 0 {
				emFail(d.At, "declaration of %s", d.Name)
			}
			x := e.rvalue(d.Init, c)
			e.store(emLvalue{v: v, idx: "[]"}, e.convert(x, v.elem, d.At))
		}
	default:
		emFail(st.Pos, "statement %s is a %T", u.Name, st.Syntax)
	}
}

// emLvalue is an element a statement writes: its variable and subscripts
// ("[%i_c0, %i_c1 + 1]").
type emLvalue struct {
	v   *emVar
	idx string
	// mem is set for an element whose subscripts are not all affine (a
	// may access of the model, A[B[i]]): idx then lists SSA index values
	// for memref.load and memref.store instead of affine expressions.
	mem bool
}

// exprStmt writes an assignment, compound assignment, ++ or --.
func (e *fnEmitter) exprStmt(x cfront.Expr, c *emStmt) {
	switch x := x.(type) {
	case *cfront.Assign:
		lv := e.lvalue(x.LHS, c)
		if x.Op == "=" {
			r := e.rvalue(x.RHS, c)
			e.store(lv, e.convert(r, lv.v.elem, x.At))
			return
		}
		op := strings.TrimSuffix(x.Op, "=")
		cur := e.load(lv)
		r := e.rvalue(x.RHS, c)
		res := e.binary(op, cur, r, x.At)
		e.store(lv, e.convert(res, lv.v.elem, x.At))
	case *cfront.Postfix:
		e.incr(x.X, x.Op, x.At, c)
	case *cfront.Unary:
		if x.Op != "++" && x.Op != "--" {
			emFail(x.At, "expression statement %s", x.Format(nil))
		}
		e.incr(x.X, x.Op, x.At, c)
	default:
		emFail(x.Pos(), "expression statement %s", x.Format(nil))
	}
}

// incr writes x++ or x-- (and the prefix forms).
func (e *fnEmitter) incr(x cfront.Expr, op string, at cfront.Pos, c *emStmt) {
	lv := e.lvalue(x, c)
	cur := e.load(lv)
	one := e.constant(lv.v.elem, 1)
	bop := "+"
	if op == "--" {
		bop = "-"
	}
	e.store(lv, e.convert(e.binary(bop, cur, one, at), lv.v.elem, at))
}

// lvalue resolves a scalar name or an array element.
func (e *fnEmitter) lvalue(x cfront.Expr, c *emStmt) emLvalue {
	x = cfront.Unparen(x)
	if id, ok := x.(*cfront.Ident); ok {
		v := e.vars[id.Name]
		if v == nil || v.rank != 0 || v.mtype == "" {
			emFail(id.At, "assignment to %s, which is not a scalar of the region", id.Name)
		}
		return emLvalue{v: v, idx: "[]"}
	}
	name, subs, ok := cfront.ArrayAccess(x)
	if !ok {
		emFail(x.Pos(), "access %s is not an array element (pointer arithmetic or a member)", x.Format(nil))
	}
	v := e.vars[name]
	if v == nil || v.mtype == "" {
		emFail(x.Pos(), "access %s: %s is not an array of the region", x.Format(nil), name)
	}
	if len(subs) != v.rank {
		emFail(x.Pos(), "access %s has %d subscripts, %s has rank %d", x.Format(nil), len(subs), name, v.rank)
	}
	var parts []string
	var notAffine *emError
	for _, s := range subs {
		if err := e.affineSubError(s, c); err != nil && notAffine == nil {
			notAffine = err
		}
	}
	if notAffine != nil && !c.mayAccess(x, name) {
		panic(notAffine)
	}
	if notAffine != nil {
		// A may access of the model (A[B[i]]): its subscripts are
		// computed as the C expressions compute them. When one cannot
		// be, the reason it is not affine says more.
		defer func() {
			if p := recover(); p != nil {
				if _, mine := p.(*emError); mine {
					panic(notAffine)
				}
				panic(p)
			}
		}()
		for _, s := range subs {
			parts = append(parts, e.indexValue(s, c))
		}
		return emLvalue{v: v, idx: "[" + strings.Join(parts, ", ") + "]", mem: true}
	}
	for _, s := range subs {
		o := emNewOperands()
		r := e.aff(e.intExpr(s, c), o)
		parts = append(parts, emInline(r, o))
	}
	return emLvalue{v: v, idx: "[" + strings.Join(parts, ", ") + "]"}
}

// mayAccess reports whether the model takes the array reference x (of
// array name) of the statement for a may access (scop's Access.May).
func (c *emStmt) mayAccess(x cfront.Expr, name string) bool {
	if c == nil || c.st == nil {
		return false
	}
	for _, a := range c.st.Accesses {
		if a.May && a.Array == name && a.Pos == x.Pos() {
			return true
		}
	}
	return false
}

// affineSubError is nil when the subscript x is an affine expression of
// the loop variables and parameters (intExpr and aff accept it), and why
// not otherwise.
func (e *fnEmitter) affineSubError(x cfront.Expr, c *emStmt) (err *emError) {
	defer func() {
		if p := recover(); p != nil {
			ee, mine := p.(*emError)
			if !mine {
				panic(p)
			}
			err = ee
		}
	}()
	e.aff(e.intExpr(x, c), emNewOperands())
	return nil
}

// indexValue writes the subscript x as an SSA value of type index: an
// affine.apply when it is affine, else the C expression computed by
// arith (it reads other elements, A[B[i]]) and converted with
// arith.index_cast.
func (e *fnEmitter) indexValue(x cfront.Expr, c *emStmt) string {
	if e.affineSubError(x, c) == nil {
		o := emNewOperands()
		r := e.aff(e.intExpr(x, c), o)
		t := e.fresh()
		e.line("%s = affine.apply affine_map<%s -> (%s)>%s", t, o.header(), r, o.list())
		return t
	}
	v := e.rvalue(x, c)
	if emIsFloat(v.typ) || v.typ == "i1" {
		emFail(x.Pos(), "subscript %s is not an integer", x.Format(nil))
	}
	t := e.fresh()
	e.line("%s = arith.index_cast %s : %s to index", t, v.ssa, v.typ)
	return t
}

// intExpr is the integer C expression x (a subscript) as an AST
// expression of the loop variables and parameters.
func (e *fnEmitter) intExpr(x cfront.Expr, c *emStmt) ast.Expr {
	switch x := x.(type) {
	case *cfront.Paren:
		return e.intExpr(x.X, c)
	case *cfront.IntLit:
		if x.Big || strings.ContainsAny(x.Text, "uU") {
			emFail(x.At, "integer literal %s in a subscript", x.Text)
		}
		return ast.NewInt(x.Value)
	case *cfront.CharLit:
		return ast.NewInt(x.Value)
	case *cfront.Ident:
		if v, ok := c.sub[x.Name]; ok {
			return v
		}
		if p, ok := e.cParams[x.Name]; ok {
			return ast.NewIdent(p)
		}
		if v, _, ok := e.f.MacroConst(x, e.r.BodyStart); ok {
			return ast.NewInt(v)
		}
		emFail(x.At, "subscript reads %s, which is neither an iterator nor a parameter: not affine", x.Name)
	case *cfront.Unary:
		switch x.Op {
		case "-":
			return ast.Neg(e.intExpr(x.X, c))
		case "+":
			return e.intExpr(x.X, c)
		}
	case *cfront.Binary:
		a, b := e.intExpr(x.X, c), e.intExpr(x.Y, c)
		switch x.Op {
		case "+":
			return ast.Add(a, b)
		case "-":
			return ast.Sub(a, b)
		case "*":
			if _, ok := a.(*ast.Int); !ok {
				if _, ok := b.(*ast.Int); !ok {
					emFail(x.At, "subscript %s is not affine (a product of variables)", x.Format(nil))
				}
			}
			return ast.Mul(a, b)
		}
		if k, ok := b.(*ast.Int); ok && k.V > 0 && (x.Op == "/" || x.Op == "%") && e.nonNegative(x.X, c) {
			// C truncates towards zero: on a non-negative dividend
			// that is MLIR's floordiv and mod.
			if x.Op == "/" {
				return ast.FloorDiv(a, b)
			}
			return ast.Rem(a, b)
		}
		emFail(x.At, "subscript %s uses %s: not written as an affine expression (C division and remainder truncate, and the dividend is not provably non-negative)", x.Format(nil), x.Op)
	case *cfront.Cast:
		return e.intExpr(x.X, c)
	}
	emFail(x.Pos(), "subscript %s is not affine", x.Format(nil))
	return nil
}

// load reads an element.
func (e *fnEmitter) load(lv emLvalue) emVal {
	t := e.fresh()
	op := "affine.load"
	if lv.mem {
		op = "memref.load"
	}
	e.line("%s = %s %s%s : %s", t, op, lv.v.ssa, lv.idx, lv.v.mtype)
	return emVal{t, lv.v.elem}
}

// store writes x (of the element type) to an element.
func (e *fnEmitter) store(lv emLvalue, x emVal) {
	op := "affine.store"
	if lv.mem {
		op = "memref.store"
	}
	e.line("%s %s, %s%s : %s", op, x.ssa, lv.v.ssa, lv.idx, lv.v.mtype)
}

// constant is the constant v of type typ.
func (e *fnEmitter) constant(typ string, v float64) emVal {
	t := e.fresh()
	if emIsFloat(typ) {
		e.line("%s = arith.constant %s : %s", t, emFloatLit(v, typ), typ)
	} else {
		e.line("%s = arith.constant %d : %s", t, int64(v), typ)
	}
	return emVal{t, typ}
}

// emFloatLit prints v so that MLIR reads back the same value of typ.
func emFloatLit(v float64, typ string) string {
	if math.IsInf(v, 0) || math.IsNaN(v) {
		if typ == "f32" {
			return fmt.Sprintf("0x%08X", math.Float32bits(float32(v)))
		}
		return fmt.Sprintf("0x%016X", math.Float64bits(v))
	}
	bits := 64
	if typ == "f32" {
		bits = 32
	}
	s := strconv.FormatFloat(v, 'e', -1, bits)
	mant, exp, _ := strings.Cut(s, "e")
	if !strings.Contains(mant, ".") {
		mant += ".0"
	}
	return mant + "e" + exp
}

func emIsFloat(t string) bool { return t == "f64" || t == "f32" }

func emIntWidth(t string) int {
	switch t {
	case "i1":
		return 1
	case "i8":
		return 8
	case "i16":
		return 16
	case "i32":
		return 32
	case "i64", "index":
		return 64
	}
	return 0
}

// convert is x converted to typ as C converts on assignment.
func (e *fnEmitter) convert(x emVal, typ string, at cfront.Pos) emVal {
	if x.typ == typ {
		return x
	}
	t := e.fresh()
	switch {
	case typ == "i1":
		return e.truth(x)
	case emIsFloat(x.typ) && emIsFloat(typ):
		op := "arith.extf"
		if typ == "f32" {
			op = "arith.truncf"
		}
		e.line("%s = %s %s : %s to %s", t, op, x.ssa, x.typ, typ)
	case x.typ == "i1" && emIsFloat(typ):
		e.line("%s = arith.uitofp %s : i1 to %s", t, x.ssa, typ)
	case emIsFloat(typ):
		e.line("%s = arith.sitofp %s : %s to %s", t, x.ssa, x.typ, typ)
	case emIsFloat(x.typ):
		e.line("%s = arith.fptosi %s : %s to %s", t, x.ssa, x.typ, typ)
	case x.typ == "i1":
		e.line("%s = arith.extui %s : i1 to %s", t, x.ssa, typ)
	case emIntWidth(x.typ) < emIntWidth(typ):
		e.line("%s = arith.extsi %s : %s to %s", t, x.ssa, x.typ, typ)
	case emIntWidth(x.typ) > emIntWidth(typ):
		e.line("%s = arith.trunci %s : %s to %s", t, x.ssa, x.typ, typ)
	default:
		emFail(at, "conversion from %s to %s", x.typ, typ)
	}
	return emVal{t, typ}
}

// truth is x != 0 as an i1.
func (e *fnEmitter) truth(x emVal) emVal {
	if x.typ == "i1" {
		return x
	}
	z := e.constant(x.typ, 0)
	t := e.fresh()
	if emIsFloat(x.typ) {
		e.line("%s = arith.cmpf une, %s, %s : %s", t, x.ssa, z.ssa, x.typ)
	} else {
		e.line("%s = arith.cmpi ne, %s, %s : %s", t, x.ssa, z.ssa, x.typ)
	}
	return emVal{t, "i1"}
}

// promote applies C's integer promotions (to int).
func (e *fnEmitter) promote(x emVal, at cfront.Pos) emVal {
	if !emIsFloat(x.typ) && emIntWidth(x.typ) < 32 {
		return e.convert(x, "i32", at)
	}
	return x
}

// emCommon is the type of C's usual arithmetic conversions of a and b.
func emCommon(a, b string) string {
	switch {
	case a == "f64" || b == "f64":
		return "f64"
	case a == "f32" || b == "f32":
		return "f32"
	case emIntWidth(a) == 64 || emIntWidth(b) == 64:
		return "i64"
	}
	return "i32"
}

var emFloatOps = map[string]string{"+": "arith.addf", "-": "arith.subf", "*": "arith.mulf", "/": "arith.divf"}
var emIntOps = map[string]string{"+": "arith.addi", "-": "arith.subi", "*": "arith.muli", "/": "arith.divsi",
	"%": "arith.remsi", "&": "arith.andi", "|": "arith.ori", "^": "arith.xori", "<<": "arith.shli", ">>": "arith.shrsi"}
var emFloatCmp = map[string]string{"<": "olt", "<=": "ole", ">": "ogt", ">=": "oge", "==": "oeq", "!=": "une"}
var emIntCmp = map[string]string{"<": "slt", "<=": "sle", ">": "sgt", ">=": "sge", "==": "eq", "!=": "ne"}

// binary is a op b with C's conversions.
func (e *fnEmitter) binary(op string, a, b emVal, at cfront.Pos) emVal {
	switch op {
	case "&&", "||":
		x, y := e.truth(a), e.truth(b)
		t := e.fresh()
		name := "arith.andi"
		if op == "||" {
			name = "arith.ori"
		}
		e.line("%s = %s %s, %s : i1", t, name, x.ssa, y.ssa)
		return emVal{t, "i1"}
	}
	typ := emCommon(e.promote(a, at).typ, e.promote(b, at).typ)
	if op == "<<" || op == ">>" {
		typ = e.promote(a, at).typ
	}
	a, b = e.convert(a, typ, at), e.convert(b, typ, at)
	t := e.fresh()
	if emIsFloat(typ) {
		if p, ok := emFloatCmp[op]; ok {
			e.line("%s = arith.cmpf %s, %s, %s : %s", t, p, a.ssa, b.ssa, typ)
			return emVal{t, "i1"}
		}
		name, ok := emFloatOps[op]
		if !ok {
			emFail(at, "operator %s on floating-point values", op)
		}
		e.line("%s = %s %s, %s : %s", t, name, a.ssa, b.ssa, typ)
		return emVal{t, typ}
	}
	if p, ok := emIntCmp[op]; ok {
		e.line("%s = arith.cmpi %s, %s, %s : %s", t, p, a.ssa, b.ssa, typ)
		return emVal{t, "i1"}
	}
	name, ok := emIntOps[op]
	if !ok {
		emFail(at, "operator %s", op)
	}
	e.line("%s = %s %s, %s : %s", t, name, a.ssa, b.ssa, typ)
	return emVal{t, typ}
}

// rvalue writes the ops that compute the C expression x.
func (e *fnEmitter) rvalue(x cfront.Expr, c *emStmt) emVal {
	switch x := x.(type) {
	case *cfront.Paren:
		return e.rvalue(x.X, c)
	case *cfront.IntLit:
		if x.Big || strings.ContainsAny(x.Text, "uU") {
			emFail(x.At, "integer literal %s (unsigned or too wide)", x.Text)
		}
		typ := "i32"
		if strings.ContainsAny(x.Text, "lL") || x.Value > math.MaxInt32 {
			typ = "i64"
		}
		return e.constant(typ, float64(x.Value))
	case *cfront.CharLit:
		return e.constant("i32", float64(x.Value))
	case *cfront.FloatLit:
		return e.floatConst(x.Text, x.At)
	case *cfront.Ident:
		return e.ident(x, c)
	case *cfront.Index:
		return e.load(e.lvalue(x, c))
	case *cfront.Unary:
		return e.unary(x, c)
	case *cfront.Binary:
		if x.Op == "," {
			emFail(x.At, "comma operator")
		}
		a := e.rvalue(x.X, c)
		b := e.rvalue(x.Y, c)
		return e.binary(x.Op, a, b, x.At)
	case *cfront.CondExpr:
		cond := e.truth(e.rvalue(x.Cond, c))
		a, b := e.rvalue(x.Then, c), e.rvalue(x.Else, c)
		typ := emCommon(e.promote(a, x.At).typ, e.promote(b, x.At).typ)
		a, b = e.convert(a, typ, x.At), e.convert(b, typ, x.At)
		t := e.fresh()
		e.line("%s = arith.select %s, %s, %s : %s", t, cond.ssa, a.ssa, b.ssa, typ)
		return emVal{t, typ}
	case *cfront.Call:
		return e.call(x, c)
	case *cfront.Cast:
		if x.Type.Stars > 0 {
			emFail(x.At, "cast to the pointer type %s", x.Type.Text)
		}
		typ := e.mlirType(x.Type.Text)
		if typ == "" {
			emFail(x.At, "cast to %s, a type the MLIR output does not handle", x.Type.Text)
		}
		return e.convert(e.rvalue(x.X, c), typ, x.At)
	case *cfront.Assign:
		emFail(x.At, "assignment inside an expression")
	case *cfront.Postfix:
		emFail(x.At, "%s inside an expression", x.Op)
	case *cfront.Member:
		emFail(x.At, "member access %s", x.Format(nil))
	case *cfront.StringLit:
		emFail(x.At, "string literal")
	case *cfront.SizeofType:
		emFail(x.At, "sizeof")
	}
	emFail(x.Pos(), "expression %s", x.Format(nil))
	return emVal{}
}

// floatConst is a floating literal: float with an f suffix, double
// otherwise.
func (e *fnEmitter) floatConst(text string, at cfront.Pos) emVal {
	typ := "f64"
	body := text
	switch {
	case strings.HasSuffix(body, "f") || strings.HasSuffix(body, "F"):
		typ, body = "f32", body[:len(body)-1]
	case strings.HasSuffix(body, "l") || strings.HasSuffix(body, "L"):
		emFail(at, "long double literal %s", text)
	}
	bits := 64
	if typ == "f32" {
		bits = 32
	}
	v, err := strconv.ParseFloat(body, bits)
	if err != nil {
		emFail(at, "floating literal %s", text)
	}
	return e.constant(typ, v)
}

// ident is the value of a name: an iterator, a parameter, a scalar, or an
// object-like macro with a constant value.
func (e *fnEmitter) ident(x *cfront.Ident, c *emStmt) emVal {
	if v, ok := c.sub[x.Name]; ok {
		return e.index(v, e.varType(x.Name, "i32"), x.At)
	}
	if p, ok := e.cParams[x.Name]; ok {
		return e.index(ast.NewIdent(p), e.varType(x.Name, "i32"), x.At)
	}
	if v := e.vars[x.Name]; v != nil {
		if v.rank != 0 {
			emFail(x.At, "array %s used as a value (pointer)", x.Name)
		}
		if v.mtype == "" {
			return emVal{v.ssa, v.elem}
		}
		return e.load(emLvalue{v: v, idx: "[]"})
	}
	if m := e.f.Macros[x.Name]; m != nil && !m.FuncLike {
		if v, _, ok := e.f.MacroConst(x, e.r.BodyStart); ok {
			typ := "i32"
			if v > math.MaxInt32 || v < math.MinInt32 {
				typ = "i64"
			}
			return e.constant(typ, float64(v))
		}
		body := strings.TrimSpace(m.Body)
		for strings.HasPrefix(body, "(") && strings.HasSuffix(body, ")") {
			body = strings.TrimSpace(body[1 : len(body)-1])
		}
		if _, err := strconv.ParseFloat(strings.TrimRight(body, "fFlL"), 64); err == nil && strings.ContainsAny(body, ".eE") {
			return e.floatConst(body, x.At)
		}
		emFail(x.At, "macro %s is not a numeric constant", x.Name)
	}
	emFail(x.At, "%s is not a variable of the region", x.Name)
	return emVal{}
}

// varType is the MLIR type of the C variable name, def when it is not
// declared (an iterator declared in its for, a macro).
func (e *fnEmitter) varType(name, def string) string {
	if v := e.cVar(name); v != nil && len(v.Dims) == 0 {
		if t := e.mlirType(v.Type); t != "" && !emIsFloat(t) {
			return t
		}
	}
	return def
}

// index computes the affine expression x (of loop variables and
// parameters) and converts it to the integer type typ.
func (e *fnEmitter) index(x ast.Expr, typ string, at cfront.Pos) emVal {
	o := emNewOperands()
	r := e.aff(x, o)
	t := e.fresh()
	e.line("%s = affine.apply affine_map<%s -> (%s)>%s", t, o.header(), r, o.list())
	u := e.fresh()
	e.line("%s = arith.index_cast %s : index to %s", u, t, typ)
	return emVal{u, typ}
}

// unary writes -x, +x, !x and ~x.
func (e *fnEmitter) unary(x *cfront.Unary, c *emStmt) emVal {
	switch x.Op {
	case "-":
		a := e.promote(e.rvalue(x.X, c), x.At)
		t := e.fresh()
		if emIsFloat(a.typ) {
			e.line("%s = arith.negf %s : %s", t, a.ssa, a.typ)
			return emVal{t, a.typ}
		}
		z := e.constant(a.typ, 0)
		e.line("%s = arith.subi %s, %s : %s", t, z.ssa, a.ssa, a.typ)
		return emVal{t, a.typ}
	case "+":
		return e.promote(e.rvalue(x.X, c), x.At)
	case "!":
		a := e.truth(e.rvalue(x.X, c))
		one := e.constant("i1", 1)
		t := e.fresh()
		e.line("%s = arith.xori %s, %s : i1", t, a.ssa, one.ssa)
		return emVal{t, "i1"}
	case "~":
		a := e.promote(e.rvalue(x.X, c), x.At)
		if emIsFloat(a.typ) {
			emFail(x.At, "~ on a floating-point value")
		}
		m := e.constant(a.typ, -1)
		t := e.fresh()
		e.line("%s = arith.xori %s, %s : %s", t, a.ssa, m.ssa, a.typ)
		return emVal{t, a.typ}
	}
	emFail(x.At, "operator %s (%s)", x.Op, x.Format(nil))
	return emVal{}
}

// emMathFunc describes a C math function: its MLIR op, argument count and
// floating type.
type emMathFunc struct {
	op    string
	nargs int
	typ   string
}

var emMathFuncs = map[string]emMathFunc{}

func init() {
	one := map[string]string{"sqrt": "math.sqrt", "exp": "math.exp", "log": "math.log", "log10": "math.log10",
		"log2": "math.log2", "sin": "math.sin", "cos": "math.cos", "tan": "math.tan", "tanh": "math.tanh",
		"atan": "math.atan", "floor": "math.floor", "ceil": "math.ceil", "fabs": "math.absf", "exp2": "math.exp2",
		"cbrt": "math.cbrt", "erf": "math.erf"}
	two := map[string]string{"pow": "math.powf", "fmax": "arith.maxnumf", "fmin": "arith.minnumf", "atan2": "math.atan2"}
	for n, op := range one {
		emMathFuncs[n] = emMathFunc{op, 1, "f64"}
		emMathFuncs[n+"f"] = emMathFunc{op, 1, "f32"}
	}
	for n, op := range two {
		emMathFuncs[n] = emMathFunc{op, 2, "f64"}
		emMathFuncs[n+"f"] = emMathFunc{op, 2, "f32"}
	}
	emMathFuncs["abs"] = emMathFunc{"math.absi", 1, "i32"}
	emMathFuncs["labs"] = emMathFunc{"math.absi", 1, "i64"}
}

// call writes a math function or expands a function-like macro.
func (e *fnEmitter) call(x *cfront.Call, c *emStmt) emVal {
	id, ok := cfront.Unparen(x.Fun).(*cfront.Ident)
	if !ok {
		emFail(x.At, "call through an expression")
	}
	if m := e.f.Macros[id.Name]; m != nil && m.FuncLike {
		if v, ok := e.pastedLiteral(m.Params, m.Body, x); ok {
			return v
		}
		if fn, ok := renamingMacro(m.Params, m.Body); ok {
			// SQRT_FUN(x) defined as sqrtf(x): the call of sqrtf on the
			// arguments as written (which may hold macro calls that the
			// preprocessor's expansion would refuse, such as a paste).
			return e.call(&cfront.Call{At: x.At, Fun: &cfront.Ident{At: x.At, Name: fn}, Args: x.Args}, c)
		}
		y, err := e.f.ExpandCall(x)
		if err != nil {
			emFail(x.At, "macro call %s: %v", id.Name, err)
		}
		return e.rvalue(y, c)
	}
	mf, ok := emMathFuncs[id.Name]
	if !ok {
		emFail(x.At, "call of %s, a function the MLIR output does not know", id.Name)
	}
	if len(x.Args) != mf.nargs {
		emFail(x.At, "%s takes %d arguments", id.Name, mf.nargs)
	}
	var args []string
	for _, a := range x.Args {
		args = append(args, e.convert(e.rvalue(a, c), mf.typ, x.At).ssa)
	}
	t := e.fresh()
	e.line("%s = %s %s : %s", t, mf.op, strings.Join(args, ", "), mf.typ)
	return emVal{t, mf.typ}
}

// pastedLiteral is the value of a call of a macro whose body pastes a
// suffix to its parameter (p ## f, PolyBench's SCALAR_VAL under float) on
// a number: the literal with the suffix, as the preprocessor makes it.
func (e *fnEmitter) pastedLiteral(params []string, body string, x *cfront.Call) (emVal, bool) {
	a, suffix, ok := strings.Cut(body, "##")
	if !ok || len(params) != 1 || len(x.Args) != 1 || strings.TrimSpace(a) != params[0] {
		return emVal{}, false
	}
	suffix = strings.TrimSpace(suffix)
	if suffix == "" || strings.Trim(suffix, "fFlLuU") != "" {
		return emVal{}, false
	}
	arg := cfront.Unparen(x.Args[0])
	neg := false
	if u, ok := arg.(*cfront.Unary); ok && u.Op == "-" {
		neg, arg = true, cfront.Unparen(u.X)
	}
	var text string
	switch l := arg.(type) {
	case *cfront.FloatLit:
		text = l.Text
	case *cfront.IntLit:
		text = l.Text
		if !strings.ContainsAny(text, ".eE") {
			return emVal{}, false // 1##f is no number
		}
	default:
		return emVal{}, false
	}
	v := e.floatConst(text+suffix, x.At)
	if neg {
		t := e.fresh()
		e.line("%s = arith.negf %s : %s", t, v.ssa, v.typ)
		v = emVal{t, v.typ}
	}
	return v, true
}

var callBody = regexp.MustCompile(`^\(?\s*([A-Za-z_]\w*)\s*\(([^()]*)\)\s*\)?$`)

// renamingMacro reports whether a function-like macro's body is a call of
// a function on its parameters in order (POW_FUN(x,y) defined as
// pow(x,y)), giving the function's name.
func renamingMacro(params []string, body string) (string, bool) {
	mm := callBody.FindStringSubmatch(strings.TrimSpace(body))
	if mm == nil {
		return "", false
	}
	var args []string
	for _, a := range strings.Split(mm[2], ",") {
		args = append(args, strings.TrimSpace(a))
	}
	if len(args) != len(params) {
		return "", false
	}
	for k := range args {
		if args[k] != params[k] {
			return "", false
		}
	}
	return mm[1], true
}

// nonNegative reports whether the C integer expression x (of the
// statement's iterators, the parameters and constants) is >= 0 at every
// instance of the statement under the region's context: the engine finds
// no instance where it is negative. A budget or an expression it cannot
// write answers false.
func (e *fnEmitter) nonNegative(x cfront.Expr, c *emStmt) (ok bool) {
	defer func() {
		if r := recover(); r != nil {
			if _, engine := presburger.AsError(r); !engine {
				panic(r)
			}
			ok = false
		}
	}()
	text, good := e.islExpr(x, c)
	if !good || c.st == nil {
		return false
	}
	params := e.s.Params
	neg, err := presburger.ParseSet("[" + strings.Join(params, ", ") + "] -> { " + c.st.Name + "[" + strings.Join(c.st.Iters, ", ") + "] : " + text + " < 0 }")
	if err != nil {
		return false
	}
	in := neg.AlignParams(params).Intersect(c.st.Domain.AlignParams(params)).IntersectParams(e.s.Context.AlignParams(params))
	return in.IsEmpty()
}

// islExpr writes an affine C expression in isl notation over the
// statement's domain dims and the model's parameters.
func (e *fnEmitter) islExpr(x cfront.Expr, c *emStmt) (string, bool) {
	switch x := x.(type) {
	case *cfront.Paren:
		return e.islExpr(x.X, c)
	case *cfront.IntLit:
		return fmt.Sprint(x.Value), !x.Big
	case *cfront.Ident:
		for k, it := range c.st.CIters {
			if it == x.Name {
				return c.st.Iters[k], true
			}
		}
		if p, ok := e.cParams[x.Name]; ok {
			return p, true
		}
		if v, _, ok := e.f.MacroConst(x, e.r.BodyStart); ok {
			return fmt.Sprint(v), true
		}
	case *cfront.Unary:
		if a, ok := e.islExpr(x.X, c); ok && (x.Op == "-" || x.Op == "+") {
			return x.Op + "(" + a + ")", true
		}
	case *cfront.Binary:
		a, ok1 := e.islExpr(x.X, c)
		b, ok2 := e.islExpr(x.Y, c)
		if !ok1 || !ok2 {
			return "", false
		}
		switch x.Op {
		case "+", "-":
			return "(" + a + ") " + x.Op + " (" + b + ")", true
		case "*":
			if _, k := e.intConst(x.X); k {
				return "(" + a + ") * (" + b + ")", true
			}
			if _, k := e.intConst(x.Y); k {
				return "(" + a + ") * (" + b + ")", true
			}
		}
	}
	return "", false
}
