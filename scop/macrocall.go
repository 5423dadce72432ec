package scop

import (
	"regexp"
	"strings"

	"github.com/tessera-opt/tessera/cfront"
)

// A function-like macro called in a statement stays symbolic in the model:
// the call is a value computed from its arguments, like sqrt. That holds
// only when the macro's expansion neither writes memory nor reads
// anything but its arguments and constants: CHAIN(x) defined as
// (last = (x) + last * 0.5) writes last behind the model's back, and
// ELEM(a, j) defined as a[j] reads an element the model never sees, so
// the scheduler would reorder or parallelize statements that depend on
// each other. hiddenEffects tells the macros whose calls hide such
// accesses, with the reason.

// PasteLiteralOnly is the reason given for a macro such as PolyBench's
// SCALAR_VAL(x) defined as x##f: the call is a constant when its argument
// is a number (0.5 -> 0.5f), and is accepted then.
const PasteLiteralOnly = "its body pastes a suffix to its argument (accepted on number arguments)"

// pasteSuffix reports whether body is "p ## suffix" with suffix letters.
func pasteSuffix(body, p string) bool {
	a, b, ok := strings.Cut(body, "##")
	if !ok || strings.TrimSpace(a) != p {
		return false
	}
	b = strings.TrimSpace(b)
	if b == "" {
		return false
	}
	for _, r := range b {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') {
			return false
		}
	}
	return true
}

// macroStyle reports whether name is spelled like a macro (upper case,
// digits, underscores): a call of such a name defined in a header the
// scan does not read (PolyBench's POLYBENCH_LOOP_BOUND in polybench.h) is
// taken for a macro of its arguments' values, as a direct call is.
func macroStyle(name string) bool {
	upper := false
	for _, r := range name {
		switch {
		case r >= 'A' && r <= 'Z':
			upper = true
		case r >= '0' && r <= '9', r == '_':
		default:
			return false
		}
	}
	return upper
}

// macroDepthMax bounds the expansion of macros that use macros.
const macroDepthMax = 16

// hiddenEffects returns, for each macro whose call NAME(args) may write
// memory or read memory other than through its arguments' values, why
// (macros absent from the result expand to pure values).
func hiddenEffects(macros map[string]*cfront.Macro, isType func(string) bool) map[string]string {
	return hiddenEffectsOf(macros, isType, nil)
}

// hiddenEffectsOf is hiddenEffects where pure, when not nil, tells the
// side-effect-free functions (those of the file included) instead of
// the math functions.
func hiddenEffectsOf(macros map[string]*cfront.Macro, isType func(string) bool, pure func(string) bool) map[string]string {
	c := &macroChecker{macros: macros, isType: isType, busy: map[string]bool{}, memo: map[string]string{}, pure: pure}
	out := map[string]string{}
	for name, m := range macros {
		if m.FuncLike {
			if why := c.check(name, 0); why != "" {
				out[name] = why
			}
			continue
		}
		// NAME(x) with NAME an object-like macro calls what NAME
		// expands to.
		callee := strings.TrimSpace(m.Body)
		switch {
		case macros[callee] != nil && macros[callee].FuncLike:
			if why := c.check(callee, 1); why != "" {
				out[name] = "it expands to " + callee + ": " + why
			}
		case !c.isPure(callee):
			out[name] = "it expands to " + callee + ", not to a known side-effect-free function"
		}
	}
	return out
}

type macroChecker struct {
	macros map[string]*cfront.Macro
	isType func(string) bool
	// vars allows reads of variables (object-like macros used as values:
	// their variables are checked against the region's writes instead).
	vars bool
	busy map[string]bool   // macros being expanded (recursion guard)
	memo map[string]string // results by macro name
	// pure, when not nil, tells the side-effect-free functions.
	pure func(string) bool
}

// isPure reports whether a call of the function name has no effect.
func (c *macroChecker) isPure(name string) bool {
	if c.pure != nil {
		return c.pure(name)
	}
	return mathFuncs[name]
}

// check returns why the expansion of macro name is not a pure value of
// its arguments ("" when it is).
func (c *macroChecker) check(name string, depth int) string {
	if why, ok := c.memo[name]; ok {
		return why
	}
	if depth > macroDepthMax || c.busy[name] {
		return "its expansion is too deep or recursive"
	}
	m := c.macros[name]
	c.busy[name] = true
	why := c.body(m, depth)
	delete(c.busy, name)
	c.memo[name] = why
	return why
}

func (c *macroChecker) body(m *cfront.Macro, depth int) string {
	body := strings.TrimSpace(m.Body)
	if body == "" {
		if m.FuncLike {
			return "its body is empty"
		}
		return ""
	}
	params := map[string]bool{}
	for _, p := range m.Params {
		if p == "..." {
			return "it takes variable arguments"
		}
		params[p] = true
	}
	if strings.Contains(body, "#") {
		if m.FuncLike && len(m.Params) == 1 && pasteSuffix(body, m.Params[0]) {
			return PasteLiteralOnly
		}
		return "its body pastes or stringizes tokens"
	}
	if !m.FuncLike && c.isType != nil && c.isType(m.Name) {
		return "" // a type name (DATA_TYPE): only casts use it
	}
	x, err := cfront.ParseExpr(body, c.isType)
	if err != nil {
		return "its body is not an expression"
	}
	why := ""
	cfront.Walk(x, func(n cfront.Node) bool {
		if why != "" {
			return false
		}
		switch e := n.(type) {
		case *cfront.Assign:
			why = "its body assigns " + e.LHS.Format(nil)
		case *cfront.Postfix:
			why = "its body has " + e.Format(nil)
		case *cfront.Unary:
			switch e.Op {
			case "++", "--":
				why = "its body has " + e.Format(nil)
			case "*", "&":
				why = "its body dereferences or takes an address: " + e.Format(nil)
			}
		case *cfront.Index:
			why = "its body reads the element " + e.Format(nil)
		case *cfront.Member:
			why = "its body reads the member " + e.Format(nil)
		case *cfront.Call:
			id, ok := cfront.Unparen(e.Fun).(*cfront.Ident)
			switch {
			case !ok || params[id.Name]:
				why = "its body calls through " + e.Fun.Format(nil)
			case c.macros[id.Name] != nil && c.macros[id.Name].FuncLike:
				if w := c.check(id.Name, depth+1); w != "" {
					why = "it calls " + id.Name + ": " + w
				}
			case !c.isPure(id.Name) && !(c.macros[id.Name] == nil && macroStyle(id.Name)):
				why = "its body calls " + id.Name + ", which may have side effects"
			}
			if why == "" {
				// The callee is pure: look at the arguments only.
				for _, a := range e.Args {
					if w := c.exprOf(a, params, depth); w != "" {
						why = w
						break
					}
				}
			}
			return false
		case *cfront.Ident:
			switch {
			case params[e.Name], mathFuncs[e.Name]:
			case c.macros[e.Name] != nil:
				if w := c.check(e.Name, depth+1); w != "" {
					why = "it uses " + e.Name + ": " + w
				}
			case c.isType != nil && c.isType(e.Name):
			case c.vars:
			default:
				why = "its body reads " + e.Name + ", which the model does not see"
			}
		}
		return why == ""
	})
	return why
}

// exprOf checks one argument expression of a pure call inside a macro
// body, as the body itself is checked.
func (c *macroChecker) exprOf(x cfront.Expr, params map[string]bool, depth int) string {
	var ps []string
	for p := range params {
		ps = append(ps, p)
	}
	return c.body(&cfront.Macro{Name: "\x00arg", FuncLike: false, Params: ps, Body: x.Format(nil)}, depth)
}

// numbers reports whether every argument is a number literal (with an
// optional sign).
func numbers(args []cfront.Expr) bool {
	for _, a := range args {
		a = cfront.Unparen(a)
		if u, ok := a.(*cfront.Unary); ok && (u.Op == "-" || u.Op == "+") {
			a = cfront.Unparen(u.X)
		}
		switch a.(type) {
		case *cfront.IntLit, *cfront.FloatLit:
		default:
			return false
		}
	}
	return true
}

// hiddenValues returns, for each object-like macro whose expansion used as
// a value writes memory or reads array elements, pointers or members, why.
// Plain variables in the expansion are allowed: macroVars lists them, and
// the builder refuses a region that writes one of them.
func hiddenValues(macros map[string]*cfront.Macro, isType func(string) bool) map[string]string {
	c := &macroChecker{macros: macros, isType: isType, vars: true, busy: map[string]bool{}, memo: map[string]string{}}
	out := map[string]string{}
	for name, m := range macros {
		if !m.FuncLike {
			if why := c.check(name, 0); why != "" && why != "its body is not an expression" {
				out[name] = why
			}
		}
	}
	return out
}

// macroVars returns, for each object-like macro, the names its full
// expansion mentions that are not macros, parameters of the macros it
// calls, C keywords or known functions: the variables it may read.
func macroVars(macros map[string]*cfront.Macro) map[string][]string {
	out := map[string][]string{}
	for name, m := range macros {
		if m.FuncLike {
			continue
		}
		seen := map[string]bool{}
		var vars []string
		var walk func(body string, params map[string]bool, depth int)
		walk = func(body string, params map[string]bool, depth int) {
			for _, w := range identWords.FindAllString(body, -1) {
				switch {
				case params[w], cKeyword[w], mathFuncs[w]:
				case macros[w] != nil:
					if depth < macroDepthMax && !seen["\x00"+w] {
						seen["\x00"+w] = true
						ps := map[string]bool{}
						for _, p := range macros[w].Params {
							ps[p] = true
						}
						walk(macros[w].Body, ps, depth+1)
					}
				case !seen[w]:
					seen[w] = true
					vars = append(vars, w)
				}
			}
		}
		walk(m.Body, nil, 0)
		if len(vars) > 0 {
			out[name] = vars
		}
	}
	return out
}

var identWords = regexp.MustCompile(`[A-Za-z_][A-Za-z0-9_]*`)

// cKeyword holds the C words a macro body may hold besides names.
var cKeyword = map[string]bool{}

func init() {
	for _, k := range strings.Fields("auto char const double float int long short signed unsigned void volatile sizeof _Bool restrict") {
		cKeyword[k] = true
	}
}
