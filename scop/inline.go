package scop

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/tessera-opt/tessera/cfront"
)

// Small pure functions of the file.
//
// Code that nobody tuned for a compiler often calls a helper of its own
// inside its loops (max(a, b), max3(a, b, c)), defined in the same file
// with a body that is one return of an expression of its parameters:
//
//	static int max(int a, int b) { return a > b ? a : b; }
//
// A call of such a function reads nothing but its arguments and writes
// nothing: its value is the body with the arguments substituted for the
// parameters. The model therefore takes the call as it takes a math
// function's: a right-hand side records the reads of the arguments (each
// evaluated once, as C does, and side-effect free, which value checks),
// and the statement keeps the call, so that the compiler converts each
// argument to its parameter's type and the result to the return type as
// the original does. In an affine position (a subscript, a bound, a
// condition) the call is replaced by the substituted body, when the
// parameters and the result are int, long or long long: the model's
// integers are those of C there, and an argument converted to a narrower
// or unsigned type would not be.
//
// A function that calls itself, directly or through others, is not
// inlined; nor is one whose body reads a global, a macro or memory,
// assigns, increments or calls anything but a pure function. A function
// defined in the file hides the C library function of its name (a user
// max with a side effect is not the pure max the model knows).

// InlineFunc is a function of the file whose calls the model sees
// through: Body is the expression the function returns, of the
// parameters Params only.
type InlineFunc struct {
	Name   string
	Params []string
	// ParamTypes and Result are the resolved types ("int", "double") of
	// the parameters and of the value returned.
	ParamTypes []string
	Result     string
	Body       cfront.Expr
}

// inlineTable is, for the functions defined in the main file, those
// whose calls are inlined and why each other one is not.
type inlineTable struct {
	funcs map[string]*InlineFunc
	why   map[string]string // defined but not inlined: the reason
}

// inlineFuncs computes the file's inlineTable (once per file).
func inlineFuncs(f *cfront.File) *inlineTable {
	return cfront.Memo(f, "scop.inlineFuncs", func() *inlineTable {
		t := &inlineTable{funcs: map[string]*InlineFunc{}, why: map[string]string{}}
		defs := map[string][]*cfront.Func{}
		for _, fn := range f.Funcs {
			defs[fn.Name] = append(defs[fn.Name], fn)
		}
		cands := map[string]*InlineFunc{}
		for name, fs := range defs {
			if len(fs) != 1 {
				t.why[name] = "it has more than one definition in the file"
				continue
			}
			c, why := inlineCandidate(f, fs[0])
			if c == nil {
				t.why[name] = why
				continue
			}
			cands[name] = c
		}
		// We then keep the candidates whose bodies call only math
		// functions and other kept candidates, none of them on a cycle.
		state := map[string]int{}    // 1: on the walk, 2: kept, 3: refused
		var stack []string           // the functions on the walk, outermost first
		onCycle := map[string]bool{} // found on a cycle of calls
		var visit func(name string) bool
		visit = func(name string) bool {
			switch state[name] {
			case 1:
				return false
			case 2:
				return true
			case 3:
				return false
			}
			state[name] = 1
			stack = append(stack, name)
			defer func() { stack = stack[:len(stack)-1] }()
			c := cands[name]
			ok, why := true, ""
			cfront.WalkExpr(c.Body, func(e cfront.Expr) {
				call, isCall := e.(*cfront.Call)
				if !isCall || !ok {
					return
				}
				callee := cfront.Unparen(call.Fun).(*cfront.Ident).Name // checked by inlineCandidate
				switch {
				case callee == name || state[callee] == 1:
					// Every function on the walk from callee on is on
					// a cycle of calls.
					for k := slices.Index(stack, callee); k < len(stack); k++ {
						onCycle[stack[k]] = true
					}
					ok, why = false, "it calls itself (through "+callee+")"
				case cands[callee] != nil:
					if !visit(callee) {
						ok, why = false, "it calls "+callee+", which is not inlined"
						if onCycle[name] {
							why = "it calls itself (through " + callee + ")"
						}
					}
				case defs[callee] != nil:
					ok, why = false, "it calls "+callee+", which is not inlined: "+t.why[callee]
				case !mathFuncs[callee]:
					ok, why = false, "it calls "+callee+", a function not known to be pure"
				}
			})
			if ok {
				for _, call := range calls(c.Body) {
					if n := len(call.Args); cands[call.Fun.(*cfront.Ident).Name] != nil && n != len(cands[call.Fun.(*cfront.Ident).Name].Params) {
						ok, why = false, fmt.Sprintf("it calls %s with %d arguments", call.Fun.Format(nil), n)
					}
				}
			}
			if !ok {
				state[name] = 3
				t.why[name] = why
				return false
			}
			state[name] = 2
			t.funcs[name] = c
			return true
		}
		for _, name := range slices.Sorted(maps.Keys(cands)) {
			visit(name)
		}
		return t
	})
}

// calls lists the calls in e.
func calls(e cfront.Expr) []*cfront.Call {
	var out []*cfront.Call
	cfront.WalkExpr(e, func(x cfront.Expr) {
		if c, ok := x.(*cfront.Call); ok {
			out = append(out, c)
		}
	})
	return out
}

// inlineCandidate is fn as an InlineFunc when its body is one return of
// an expression of its parameters (calls not checked yet), else nil and
// why not.
func inlineCandidate(f *cfront.File, fn *cfront.Func) (*InlineFunc, string) {
	if f.Macros[fn.Name] != nil {
		return nil, "a macro has its name"
	}
	res, ok := f.ResolveType(fn.Result)
	if !ok || !arithmeticType(res) || strings.Contains(fn.Result, "*") {
		return nil, "its result is not of an arithmetic type"
	}
	c := &InlineFunc{Name: fn.Name, Result: res}
	params := map[string]bool{}
	for _, v := range fn.Params {
		if v.Name == "" || len(v.Dims) != 0 || strings.Contains(v.Type, "*") || !arithmeticType(v.Elem) || strings.Contains(v.Type, "volatile") {
			return nil, "a parameter is not a scalar of an arithmetic type"
		}
		if f.Macros[v.Name] != nil {
			return nil, "a macro has the name of its parameter " + v.Name
		}
		params[v.Name] = true
		c.Params = append(c.Params, v.Name)
		c.ParamTypes = append(c.ParamTypes, v.Elem)
	}
	body := f.ReturnExpr(fn)
	if body == nil {
		return nil, "its body is not one return of an expression"
	}
	callee := map[cfront.Expr]bool{}
	for _, c := range calls(body) {
		callee[cfront.Unparen(c.Fun)] = true
	}
	why := ""
	cfront.WalkExpr(body, func(e cfront.Expr) {
		if why != "" {
			return
		}
		switch x := e.(type) {
		case *cfront.Ident:
			if !params[x.Name] && !callee[x] {
				why = "its body reads " + x.Name + ", which is not a parameter"
			}
		case *cfront.IntLit, *cfront.FloatLit, *cfront.CharLit, *cfront.Paren, *cfront.CondExpr:
		case *cfront.Unary:
			if x.Op != "-" && x.Op != "+" && x.Op != "!" && x.Op != "~" {
				why = "its body applies " + x.Op
			}
		case *cfront.Binary:
			if x.Op == "," {
				why = "its body has a comma operator"
			}
		case *cfront.Cast:
			t, ok := f.ResolveType(x.Type.Base)
			if x.Type.Stars != 0 || !ok || !arithmeticType(t) {
				why = "its body casts to " + x.Type.Text
			}
		case *cfront.Call:
			if _, ok := cfront.Unparen(x.Fun).(*cfront.Ident); !ok {
				why = "its body calls through a pointer"
			}
		default:
			why = "its body has " + e.Format(nil)
		}
	})
	if why != "" {
		return nil, why
	}
	c.Body = body
	return c, ""
}

// arithmeticType reports whether the resolved type t is a C arithmetic
// type.
func arithmeticType(t string) bool {
	t = cfront.BareType(t)
	switch t {
	case "float", "double", "long double":
		return true
	case "void", "":
		return false
	}
	return cfront.IsIntegerType(t)
}

// inlined is the function of the file that a call of name stands for,
// or nil.
func (b *builder) inlined(name string) *InlineFunc {
	if b.info == nil || b.info.Inline == nil || b.isMacro(name) {
		return nil
	}
	return b.info.Inline[name]
}

// pureCall reports whether a call of name reads only its arguments: a
// function of the file inlined in the model, or a math function that no
// function of the file hides.
func (b *builder) pureCall(name string) bool {
	if b.inlined(name) != nil {
		return true
	}
	if b.info != nil && b.info.NotInlined[name] != "" {
		return false
	}
	return mathFuncs[name]
}

// callWhy is the reason a call of name is refused in a statement.
func (b *builder) callWhy(name string) string {
	if b.info != nil {
		if why := b.info.NotInlined[name]; why != "" {
			return fmt.Sprintf("call of %s, a function of this file that is not inlined (%s), which may have side effects or write memory", name, why)
		}
	}
	return fmt.Sprintf("call of unknown function %s (it may have side effects or write memory)", name)
}

// inlineValue is the call x of the inlined function fn with the
// arguments substituted for the parameters, for an affine position; nil
// and why when the types of fn convert its arguments or result.
func (b *builder) inlineValue(x *cfront.Call, fn *InlineFunc) (cfront.Expr, *notAffine) {
	if len(x.Args) != len(fn.Params) {
		return nil, &notAffine{pos: x.At, why: fmt.Sprintf("call of %s with %d arguments; it has %d parameters", fn.Name, len(x.Args), len(fn.Params))}
	}
	for _, t := range append([]string{fn.Result}, fn.ParamTypes...) {
		switch cfront.BareType(t) {
		case "int", "long", "long long":
		default:
			return nil, &notAffine{pos: x.At, why: fmt.Sprintf("call of %s, whose parameters or result have the type %s: its conversions are not modelled in an affine expression", fn.Name, t)}
		}
	}
	args := map[string]cfront.Expr{}
	for k, p := range fn.Params {
		args[p] = &cfront.Paren{At: x.Args[k].Pos(), X: x.Args[k]}
	}
	callee := map[cfront.Expr]bool{}
	for _, c := range calls(fn.Body) {
		callee[cfront.Unparen(c.Fun)] = true
	}
	return &cfront.Paren{At: x.At, X: cfront.SubstIdents(fn.Body, func(id *cfront.Ident) cfront.Expr {
		if callee[id] {
			return nil
		}
		return args[id.Name]
	})}, nil
}
