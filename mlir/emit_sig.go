package mlir

import (
	"fmt"
	"strings"

	"github.com/tessera-opt/tessera/cfront"
)

// mlirType is the MLIR type of the C type typ (resolved through typedefs
// and macros), "" when it has none here (unsigned, pointer, struct, long
// double, _Bool).
func (e *fnEmitter) mlirType(typ string) string {
	t := typ
	if r, ok := e.f.ResolveType(typ); ok && r != "" {
		t = r
	}
	// Qualifiers and storage classes do not change the type; "signed"
	// is the default of every integer type but char, and "signed char"
	// is a char (i8) here, as plain char is on the targets of interest.
	var words []string
	for _, w := range strings.Fields(t) {
		switch w {
		case "const", "volatile", "register", "static", "extern", "restrict", "__restrict", "__restrict__":
			continue
		case "signed":
			if len(strings.Fields(t)) == 1 {
				words = append(words, "int") // "signed" alone is int
			}
			continue
		}
		words = append(words, w)
	}
	switch strings.Join(words, " ") {
	case "double":
		return "f64"
	case "float":
		return "f32"
	case "int":
		return "i32"
	case "long", "long int", "long long", "long long int":
		return "i64"
	case "short", "short int":
		return "i16"
	case "char":
		return "i8"
	}
	return ""
}

// cVar is the C declaration of name visible at the region.
func (e *fnEmitter) cVar(name string) *cfront.Var {
	return e.f.Lookup(e.r, name)
}

// extents gives the C text and constant value (-1 when not constant) of
// each extent of the array v with rank dims.
func (e *fnEmitter) extents(name string, rank int, declared []string) ([]string, []int64) {
	texts := make([]string, rank)
	vals := make([]int64, rank)
	var dims []cfront.Expr
	if v := e.cVar(name); v != nil && len(v.Dims) == rank {
		dims = v.Dims
	}
	for k := range rank {
		vals[k] = -1
		if dims != nil && dims[k] != nil {
			texts[k] = dims[k].Format(nil)
			vals[k] = e.constOf(dims[k])
		} else if k < len(declared) {
			texts[k] = declared[k]
		}
	}
	return texts, vals
}

// constOf is the value of the integer constant expression x (literals and
// object-like macros), -1 when it is none or not positive.
func (e *fnEmitter) constOf(x cfront.Expr) int64 {
	if lit, ok := cfront.Unparen(x).(*cfront.IntLit); ok && !lit.Big {
		if lit.Value > 0 {
			return lit.Value
		}
		return -1
	}
	if v, _, ok := e.f.MacroConst(x, e.r.BodyStart); ok && v > 0 {
		return v
	}
	if v, ok := e.intConst(x); ok && v > 0 {
		return v
	}
	return -1
}

// intConst folds + - * of integer literals and constant macros.
func (e *fnEmitter) intConst(x cfront.Expr) (int64, bool) {
	switch x := cfront.Unparen(x).(type) {
	case *cfront.IntLit:
		return x.Value, !x.Big
	case *cfront.Ident:
		if v, _, ok := e.f.MacroConst(x, e.r.BodyStart); ok {
			return v, true
		}
	case *cfront.Binary:
		a, ok1 := e.intConst(x.X)
		b, ok2 := e.intConst(x.Y)
		if !ok1 || !ok2 {
			return 0, false
		}
		switch x.Op {
		case "+":
			return a + b, a+b-b == a
		case "-":
			return a - b, true
		case "*":
			if a != 0 && (a*b)/a != b {
				return 0, false
			}
			return a * b, true
		}
	}
	return 0, false
}

// emMemrefType is memref<AxBxT> with ? for dynamic extents.
func emMemrefType(static []int64, elem string) string {
	var parts []string
	for _, v := range static {
		if v < 0 {
			parts = append(parts, "?")
		} else {
			parts = append(parts, fmt.Sprint(v))
		}
	}
	parts = append(parts, elem)
	return "memref<" + strings.Join(parts, "x") + ">"
}

// emSSAName is a valid MLIR value name from a C name.
func emSSAName(prefix, name string) string {
	return "%" + prefix + "_" + name
}

// signature builds the arguments of the region function and the variables
// they stand for.
func (e *fnEmitter) signature(fn *Func) {
	var scalars []*Arg
	for _, a := range e.s.Arrays {
		if a.Local {
			continue
		}
		ctype := a.ElemType
		if v := e.cVar(a.Name); v != nil && v.Type != "" {
			ctype = v.Type
		}
		elem := e.mlirType(ctype)
		if elem == "" {
			emFail(e.r.Pos, "%s has type %q, which the MLIR output does not handle", a.Name, ctype)
		}
		if v := e.cVar(a.Name); v != nil && a.Rank == 0 && len(v.Dims) > 0 {
			emFail(e.r.Pos, "%s is used as a scalar but declared as an array", a.Name)
		}
		arg := &Arg{CName: a.Name, SSA: emSSAName("a", a.Name), Elem: elem, CType: ctype}
		v := &emVar{name: a.Name, ssa: arg.SSA, rank: a.Rank, elem: elem, ctype: ctype}
		switch {
		case a.Rank > 0:
			arg.Kind = ArgArray
			arg.Dims, arg.Static = e.extents(a.Name, a.Rank, a.Extents)
			for k, s := range arg.Static {
				if s < 0 && k > 0 {
					// The strides of C's layout need the inner extents;
					// a dynamic one is passed in the descriptor.
					if arg.Dims[k] == "" {
						emFail(e.r.Pos, "array %s has no known extent in dimension %d", a.Name, k+1)
					}
				}
			}
			arg.Type = emMemrefType(arg.Static, elem)
			v.mtype = arg.Type
			fn.Args = append(fn.Args, arg)
		case !a.ReadOnly:
			arg.Kind = ArgScalarRef
			arg.Type = "memref<" + elem + ">"
			v.mtype = arg.Type
			fn.Args = append(fn.Args, arg)
		default:
			arg.Kind = ArgScalar
			arg.Type = elem
			scalars = append(scalars, arg)
		}
		e.vars[a.Name] = v
	}
	fn.Args = append(fn.Args, scalars...)
	for _, p := range e.s.Params {
		c := e.paramCName(p)
		arg := &Arg{Kind: ArgParam, CName: c, SSA: emSSAName("p", p), Type: "index", Elem: "index"}
		e.params[p] = arg.SSA
		e.cParams[c] = p
		fn.Args = append(fn.Args, arg)
	}
}

// paramCName is the C name of the model's parameter p (the model appends
// "_" to names that are isl keywords).
func (e *fnEmitter) paramCName(p string) string {
	if t, ok := strings.CutSuffix(p, "_"); ok && e.cVar(p) == nil && e.f.Macros[p] == nil {
		if e.cVar(t) != nil || e.f.Macros[t] != nil {
			return t
		}
	}
	return p
}

// locals allocates the arrays and scalars declared inside the region.
func (e *fnEmitter) locals() {
	for _, a := range e.s.Arrays {
		if !a.Local {
			continue
		}
		ctype := a.ElemType
		elem := e.mlirType(ctype)
		if elem == "" {
			emFail(e.r.Pos, "local %s has type %q, which the MLIR output does not handle", a.Name, ctype)
		}
		v := &emVar{name: a.Name, ssa: emSSAName("l", a.Name), rank: a.Rank, elem: elem, ctype: ctype}
		if a.Rank == 0 {
			v.mtype = "memref<" + elem + ">"
		} else {
			_, static := e.extents(a.Name, a.Rank, a.Extents)
			for _, s := range static {
				if s < 0 {
					emFail(e.r.Pos, "local array %s has no constant extents", a.Name)
				}
			}
			v.mtype = emMemrefType(static, elem)
		}
		e.line("%s = memref.alloca() : %s", v.ssa, v.mtype)
		e.vars[a.Name] = v
	}
}
