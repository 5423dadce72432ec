package unsigned

import (
	"fmt"
	"maps"
	"math"
	"slices"
	"strings"

	"github.com/tessera-opt/tessera/cfront"
	"github.com/tessera-opt/tessera/internal/cdecl"
	"github.com/tessera-opt/tessera/scop"
)

// intType describes a resolved C integer type after integer promotion.
type intType struct {
	unsigned bool
	max      uint64 // largest value
}

// intTypeOf returns the promoted type of a resolved type name, for the
// LP64 data model of the targets tessera's output is compiled for.
func intTypeOf(res string) (intType, bool) {
	switch res {
	case "int", "short", "char", "signed char", "unsigned char", "unsigned short", "_Bool",
		"int8_t", "int16_t", "int32_t", "uint8_t", "uint16_t":
		return intType{false, math.MaxInt32}, true
	case "unsigned int", "uint32_t":
		return intType{true, math.MaxUint32}, true
	case "long", "long long", "int64_t", "intptr_t", "ptrdiff_t", "ssize_t", "intmax_t":
		return intType{false, math.MaxInt64}, true
	case "unsigned long", "unsigned long long", "size_t", "uint64_t", "uintptr_t", "uintmax_t":
		return intType{true, math.MaxUint64}, true
	}
	return intType{}, false
}

// wideUnsigned reports whether res is a 64-bit unsigned type.
func wideUnsigned(res string) bool {
	t, ok := intTypeOf(res)
	return ok && t.unsigned && t.max == math.MaxUint64
}

// uLoop is a loop of the region during the analysis.
type uLoop struct {
	f        *cfront.For
	typ      intType
	typeText string
	// state: 0 not bounded yet, 1 in progress, 2 bounded (w, k).
	state int
	w, k  int64
	err   error
}

// uParam is a parameter of the region met in unsigned arithmetic.
type uParam struct {
	name string
	typ  intType
	// nonneg: a signed parameter that must be checked >= 0.
	nonneg bool
}

type analysis struct {
	f       *cfront.File
	r       *cfront.Region
	params  map[string]bool // C names of the region's parameters
	scope   []*uLoop
	used    map[string]*uParam
	uparams map[string]intType
	utext   map[string]string // the C types of uparams
	w, k    int64
	minMax  uint64
	ge      []string // P >= c checks
	plan    Plan
}

// uLimit bounds the literals of unsigned expressions.
const uLimit = 1 << 20

// uSat is where the bounds saturate (the analysis then refuses).
const uSat = int64(1) << 60

func satAdd(a, b int64) int64 {
	if a+b > uSat || a+b < 0 {
		return uSat
	}
	return a + b
}

func satMul(a, b int64) int64 {
	if a != 0 && b > uSat/a {
		return uSat
	}
	return a * b
}

// Analyze analyzes the region r of f, whose model is s; the error says why its unsigned
// arithmetic cannot be modelled. A region without unsigned names gives a
// zero plan.
func Analyze(f *cfront.File, r *cfront.Region, s *scop.Scop) (*Plan, error) {
	a := &analysis{f: f, r: r, params: map[string]bool{}, used: map[string]*uParam{},
		uparams: map[string]intType{}, utext: map[string]string{}, minMax: math.MaxInt64,
		plan: Plan{IterTypes: map[string]string{}}}
	any := false
	for _, p := range s.Params {
		a.params[p] = true
		if v := f.Lookup(r, p); v != nil && len(v.Dims) == 0 {
			if res, ok := f.ResolveType(v.Type); ok {
				if t, ok := intTypeOf(res); ok && t.unsigned {
					a.uparams[p] = t
					a.utext[p] = res
					a.plan.Params = append(a.plan.Params, p)
					a.plan.Wide = a.plan.Wide || wideUnsigned(res)
					any = true
				}
			}
		}
	}
	hasUIter := false
	types := map[string]string{}
	var clash error
	for _, st := range r.Body {
		cfront.WalkStmt(st, func(st cfront.Stmt) {
			loop, ok := st.(*cfront.For)
			if !ok {
				return
			}
			t, text, ok := a.iterType(loop)
			if ok && t.unsigned {
				hasUIter = true
			}
			if o, seen := types[loop.Iter]; seen && o != text && clash == nil {
				clash = a.errf(loop.IterPos, "the loops of %s have the types %s and %s; with an unsigned one, the statements would not know which type %s has", loop.Iter, o, text, loop.Iter)
			}
			types[loop.Iter] = text
		})
	}
	if !any && !hasUIter {
		return &a.plan, nil
	}
	if clash != nil && hasUIter {
		return nil, clash
	}
	for _, st := range r.Body {
		if err := a.stmt(st); err != nil {
			return nil, err
		}
	}
	return a.finish()
}

// iterType is the type of f's iterator.
func (a *analysis) iterType(f *cfront.For) (intType, string, bool) {
	text := ""
	if f.DeclType != nil {
		text = f.DeclType.Text
	} else if v := a.f.Lookup(a.r, f.Iter); v != nil && len(v.Dims) == 0 {
		text = v.Type
	}
	if text == "" {
		return intType{}, "", false
	}
	res, ok := a.f.ResolveType(text)
	if !ok {
		return intType{}, "", false
	}
	t, ok := intTypeOf(res)
	if ok && t.unsigned && wideUnsigned(res) {
		a.plan.Wide = true
	}
	typ, _ := cdecl.StorageFree(text)
	return t, cdecl.DropConst(typ), ok
}

func (a *analysis) stmt(st cfront.Stmt) error {
	switch st := st.(type) {
	case *cfront.Block:
		if st == nil {
			return nil
		}
		for _, c := range st.Stmts {
			if err := a.stmt(c); err != nil {
				return err
			}
		}
	case *cfront.If:
		if err := a.cond(st.Cond); err != nil {
			return err
		}
		if err := a.stmt(st.Then); err != nil {
			return err
		}
		if st.Else != nil {
			return a.stmt(st.Else)
		}
	case *cfront.For:
		l := &uLoop{f: st}
		t, text, ok := a.iterType(st)
		l.typ, l.typeText = t, text
		if ok && t.unsigned {
			a.plan.IterTypes[st.Iter] = text
			if t.max < a.minMax {
				a.minMax = t.max
			}
			if st.Step < 0 && !stopsAboveStep(st) {
				return a.errf(st.IterPos, "%s counts down and has the unsigned type %s, and no bound of its condition (%s > c with c >= %d, or %s >= c with c >= %d) stops it before it would wrap around below 0", st.Iter, text, st.Iter, -st.Step-1, st.Iter, -st.Step)
			}
			if _, _, err := a.bound(l); err != nil {
				return err
			}
		} else {
			for _, b := range st.Bounds {
				if a.mentions(b.Expr) {
					if _, _, err := a.bound(l); err != nil {
						return err
					}
					break
				}
			}
		}
		a.scope = append(a.scope, l)
		err := a.stmt(st.Body)
		a.scope = a.scope[:len(a.scope)-1]
		return err
	case *cfront.ExprStmt:
		return a.subscripts(st.X)
	case *cfront.Decl:
		for _, v := range st.Vars {
			if v.Init != nil {
				if err := a.subscripts(v.Init); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// bound computes the bound (w, k) of loop l's iterator: every value it
// takes is at most w*P + k for P the largest parameter. Its start and
// bounds are expressions of unsigned arithmetic.
func (a *analysis) bound(l *uLoop) (int64, int64, error) {
	switch l.state {
	case 2:
		return l.w, l.k, l.err
	case 1:
		return 0, 0, a.errf(l.f.IterPos, "the bounds of %s depend on %s itself", l.f.Iter, l.f.Iter)
	}
	l.state = 1
	w, k, err := a.uexpr(l.f.Lower, false)
	if err == nil && l.f.Step < 0 && !l.typ.unsigned {
		err = a.errf(l.f.IterPos, "%s counts down and is compared with unsigned values, where a negative value would wrap around", l.f.Iter)
	}
	for _, b := range l.f.Bounds {
		if err != nil {
			break
		}
		var bw, bk int64
		bw, bk, err = a.uexpr(b.Expr, false)
		if l.f.Step > 0 {
			// The values of a loop counting down are at most its
			// start.
			w, k = max(w, bw), max(k, bk)
		}
	}
	l.state, l.w, l.k, l.err = 2, w, satAdd(k, abs64(l.f.Step)), err
	_ = a.record(l.w, l.k, nil)
	return l.w, l.k, l.err
}

// stopsAboveStep reports whether a loop counting down has a bound i > c
// or i >= c with a constant c that stops it while i - |step| >= 0.
func stopsAboveStep(f *cfront.For) bool {
	for _, b := range f.Bounds {
		c := literal(b.Expr)
		if c < 0 {
			continue
		}
		if b.Op == ">" && c+1 >= -f.Step || b.Op == ">=" && c >= -f.Step {
			return true
		}
	}
	return false
}

func abs64(x int64) int64 {
	if x < 0 {
		return -x
	}
	return x
}

// cond checks a condition: each operand of the logical operators that
// mixes in an unsigned name is an unsigned expression.
func (a *analysis) cond(e cfront.Expr) error {
	switch x := e.(type) {
	case *cfront.Paren:
		return a.cond(x.X)
	case *cfront.Unary:
		if x.Op == "!" {
			return a.cond(x.X)
		}
	case *cfront.Binary:
		if x.Op == "&&" || x.Op == "||" {
			if err := a.cond(x.X); err != nil {
				return err
			}
			return a.cond(x.Y)
		}
	}
	if a.mentions(e) {
		return a.record(a.uexpr(e, false))
	}
	return nil
}

// subscripts checks the subscripts of the accesses in e.
func (a *analysis) subscripts(e cfront.Expr) error {
	var err error
	cfront.WalkExpr(e, func(x cfront.Expr) {
		ix, ok := x.(*cfront.Index)
		if !ok || err != nil || !a.mentions(ix.Index) {
			return
		}
		if a.wideOnly(ix.Index) {
			return
		}
		err = a.record(a.uexpr(ix.Index, false))
	})
	return err
}

// wideOnly reports whether e is built of names, literals, +, - and * and
// each of its unsigned names is 64 bits wide: C computes it modulo 2^64,
// and the address of the element is the one of the integer value.
func (a *analysis) wideOnly(e cfront.Expr) bool {
	switch x := e.(type) {
	case *cfront.Paren:
		return a.wideOnly(x.X)
	case *cfront.IntLit:
		return !x.Big
	case *cfront.Ident:
		if t, ok := a.uparams[x.Name]; ok {
			return t.max == math.MaxUint64
		}
		if l := a.loop(x.Name); l != nil {
			return !l.typ.unsigned || l.typ.max == math.MaxUint64
		}
		return a.params[x.Name]
	case *cfront.Unary:
		return (x.Op == "-" || x.Op == "+") && a.wideOnly(x.X)
	case *cfront.Binary:
		return (x.Op == "+" || x.Op == "-" || x.Op == "*") && a.wideOnly(x.X) && a.wideOnly(x.Y)
	}
	return false
}

// loop is the innermost enclosing loop of iterator name.
func (a *analysis) loop(name string) *uLoop {
	for k := len(a.scope) - 1; k >= 0; k-- {
		if a.scope[k].f.Iter == name {
			return a.scope[k]
		}
	}
	return nil
}

// mentions reports whether e names an unsigned parameter or iterator.
func (a *analysis) mentions(e cfront.Expr) bool {
	found := false
	cfront.WalkExpr(e, func(x cfront.Expr) {
		if id, ok := x.(*cfront.Ident); ok {
			if _, ok := a.uparams[id.Name]; ok {
				found = true
			} else if l := a.loop(id.Name); l != nil && l.typ.unsigned {
				found = true
			}
		}
	})
	return found
}

// uexpr checks that e, computed in unsigned arithmetic, has the value the
// model gives it, and returns its bound (w, k). paramOnly is set inside the
// left side of a subtraction.
func (a *analysis) uexpr(e cfront.Expr, paramOnly bool) (int64, int64, error) {
	switch x := e.(type) {
	case *cfront.Paren:
		return a.uexpr(x.X, paramOnly)
	case *cfront.IntLit:
		if x.Big || x.Value < 0 || x.Value > uLimit {
			return 0, 0, a.errf(x.At, "the constant %s is too large for tessera's model of unsigned arithmetic", x.Text)
		}
		return 0, x.Value, nil
	case *cfront.Ident:
		return a.ident(x, paramOnly)
	case *cfront.Unary:
		if x.Op == "+" || x.Op == "!" {
			return a.uexpr(x.X, paramOnly)
		}
	case *cfront.Binary:
		switch x.Op {
		case "+", "<", "<=", ">", ">=", "==", "!=", "&&", "||":
			w1, k1, err := a.uexpr(x.X, paramOnly)
			if err != nil {
				return 0, 0, err
			}
			w2, k2, err := a.uexpr(x.Y, paramOnly)
			if err != nil {
				return 0, 0, err
			}
			if x.Op == "+" {
				return satAdd(w1, w2), satAdd(k1, k2), nil
			}
			return max(w1, w2), max(k1, k2), nil
		case "*":
			c, v := literal(x.X), x.Y
			if c < 0 {
				c, v = literal(x.Y), x.X
			}
			if c < 0 || c > uLimit {
				break
			}
			w, k, err := a.uexpr(v, paramOnly)
			return satMul(c, w), satMul(c, k), err
		case "/", "%":
			if c := literal(x.Y); c > 0 {
				return a.uexpr(x.X, paramOnly)
			}
		case "-":
			c := literal(x.Y)
			if c < 0 || c > uLimit || paramOnly || a.hasIterator(x.X) {
				return 0, 0, a.errf(x.At, "%s is computed in unsigned arithmetic (%s) and wraps around where the model's integer value is negative; tessera models a subtraction there only as parameters - constant, checked at run time", x.Format(nil), a.why(x))
			}
			w, k, err := a.uexpr(x.X, true)
			if err != nil {
				return 0, 0, err
			}
			a.ge = append(a.ge, fmt.Sprintf("%s >= %d", x.X.Format(nil), c))
			return w, k, nil
		}
	}
	return 0, 0, a.errf(e.Pos(), "%s is computed in unsigned arithmetic (%s), which may wrap around where the model's integers do not (only names, non-negative constants, +, * and / by constants, comparisons and parameters - constant are modelled there)", e.Format(nil), a.why(e))
}

// hasIterator reports whether e names a loop iterator.
func (a *analysis) hasIterator(e cfront.Expr) bool {
	found := false
	cfront.WalkExpr(e, func(x cfront.Expr) {
		if id, ok := x.(*cfront.Ident); ok && a.loop(id.Name) != nil {
			found = true
		}
	})
	return found
}

// why names the unsigned names of e, or says that the expression meets
// an unsigned value.
func (a *analysis) why(e cfront.Expr) string {
	var names []string
	cfront.WalkExpr(e, func(x cfront.Expr) {
		id, ok := x.(*cfront.Ident)
		if !ok {
			return
		}
		if _, ok := a.uparams[id.Name]; ok {
			names = append(names, id.Name+" has type "+a.utext[id.Name])
		} else if l := a.loop(id.Name); l != nil && l.typ.unsigned {
			names = append(names, id.Name+" has type "+l.typeText)
		}
	})
	if len(names) == 0 {
		return "it meets an unsigned value"
	}
	return strings.Join(dedup(names), ", ")
}

// literal is the value of a non-negative integer literal e, else -1.
func literal(e cfront.Expr) int64 {
	for {
		p, ok := e.(*cfront.Paren)
		if !ok {
			break
		}
		e = p.X
	}
	if l, ok := e.(*cfront.IntLit); ok && !l.Big && l.Value >= 0 {
		return l.Value
	}
	return -1
}

// ident is the bound of a name in unsigned arithmetic.
func (a *analysis) ident(x *cfront.Ident, paramOnly bool) (int64, int64, error) {
	if l := a.loop(x.Name); l != nil {
		if !l.typ.unsigned && l.f.Step < 0 {
			return 0, 0, a.errf(x.At, "%s counts down and is used in unsigned arithmetic, where a negative value would wrap around", x.Name)
		}
		return a.bound(l)
	}
	if !a.params[x.Name] {
		return 0, 0, a.errf(x.At, "%s is used in unsigned arithmetic and is neither a loop iterator nor a parameter of the region", x.Name)
	}
	if p := a.used[x.Name]; p != nil {
		return 1, 0, nil
	}
	p := &uParam{name: x.Name, typ: intType{false, math.MaxInt64}}
	if t, ok := a.uparams[x.Name]; ok {
		p.typ = t
		if t.max < a.minMax {
			a.minMax = t.max
		}
	} else {
		p.nonneg = true
		if v := a.f.Lookup(a.r, x.Name); v != nil {
			if res, ok := a.f.ResolveType(v.Type); ok {
				if t, ok := intTypeOf(res); ok {
					p.typ = t
				}
			}
		}
	}
	a.used[x.Name] = p
	return 1, 0, nil
}

func (a *analysis) errf(pos cfront.Pos, format string, args ...any) error {
	return &cfront.Error{File: a.f.Name, Pos: pos, Msg: fmt.Sprintf(format, args...) + "; the region is kept as it was"}
}

// finish computes the run-time condition.
func (a *analysis) finish() (*Plan, error) {
	w, k := max(a.w, 1), a.k
	if w >= uSat || k >= uSat || uint64(k) >= a.minMax {
		return nil, a.errf(a.r.Pos, "the values of the region's unsigned arithmetic cannot be bounded")
	}
	lim := (a.minMax - uint64(k)) / uint64(w)
	var conds []string
	for _, n := range slices.Sorted(maps.Keys(a.used)) {
		p := a.used[n]
		if p.nonneg {
			conds = append(conds, n+" >= 0")
		}
		if p.typ.max > lim {
			suffix := "ULL"
			if !p.typ.unsigned {
				suffix = "LL"
			}
			conds = append(conds, fmt.Sprintf("%s <= %d%s", n, lim, suffix))
		}
	}
	conds = append(conds, a.ge...)
	a.plan.Cond = strings.Join(dedup(conds), " && ")
	return &a.plan, nil
}

// record takes a checked expression's bound into the region's.
func (a *analysis) record(w, k int64, err error) error {
	a.w, a.k = max(a.w, w), max(a.k, k)
	return err
}

func dedup(l []string) []string {
	var out []string
	seen := map[string]bool{}
	for _, s := range l {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}
