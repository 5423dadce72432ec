package explain

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/tessera-opt/tessera/ast"
	"github.com/tessera-opt/tessera/cfront"
	"github.com/tessera-opt/tessera/presburger"
	"github.com/tessera-opt/tessera/presburger/ints"
)

// Conditions simplified against the region's context.
//
// The remarks print conditions as the stages wrote them into the code:
// run-time tests under which a version runs ("parallel only when ...",
// "runs the optimized code when ..."), with the generated code's hoisted
// values (inv0, ...), clamped trip counts (min(max(N, 0), 2^31)) and
// unfolded constants. We parse such a condition back (cfront's expression
// parser), substitute the hoisted values, and simplify it bottom-up:
// affine terms are collected into one linear form; a min or a max drops
// every argument that the context proves it never takes (an engine
// query: context ∩ {a < b} is empty); in a test "W >= T" of a work
// estimate W made of sums and products of non-negative terms, a clamp
// min(x, K) with K >= T is dropped (clamping a term at K cannot change
// whether W reaches T); an affine comparison that the context decides
// becomes true or false, and a conjunct (disjunct) that the context and
// the others imply (that implies another) goes. The result is printed
// in C with the source's names.

// cx is a condition or an integer expression being simplified.
type cx struct {
	op   cxOp
	lin  linForm // opLin
	args []*cx   // opSum, opMul, opMin, opMax, opFloor (numerator), opAnd, opOr, opCmp (two)
	k    int64   // opFloor: the divisor
	cmp  string  // opCmp: ">=", ">", "<=", "<", "==", "!="
	val  bool    // opBool
}

type cxOp int

const (
	opLin cxOp = iota
	opSum
	opMul
	opMin
	opMax
	opFloor
	opCmp
	opAnd
	opOr
	opBool
)

// linForm is sum of coef*name + k, exact (every operation checks for
// overflow and reports it as a failure to simplify).
type linForm struct {
	c map[string]int64
	k int64
}

func constLin(k int64) linForm        { return linForm{c: map[string]int64{}, k: k} }
func (f linForm) isConst() bool       { return len(f.c) == 0 }
func linOf(x *cx) (linForm, bool)     { return x.lin, x != nil && x.op == opLin }
func lin(f linForm) *cx               { return &cx{op: opLin, lin: f} }
func constCx(k int64) *cx             { return lin(constLin(k)) }
func boolCx(v bool) *cx               { return &cx{op: opBool, val: v} }
func nodeCx(op cxOp, args ...*cx) *cx { return &cx{op: op, args: args} }
func cmpCx(op string, a, b *cx) *cx   { return &cx{op: opCmp, cmp: op, args: []*cx{a, b}} }
func (f linForm) add(g linForm, sign int64) (linForm, bool) {
	out := linForm{c: map[string]int64{}, k: f.k}
	for n, v := range f.c {
		out.c[n] = v
	}
	for n, v := range g.c {
		sv, ok := ints.MulOK(v, sign)
		if !ok {
			return out, false
		}
		if out.c[n], ok = ints.AddOK(out.c[n], sv); !ok {
			return out, false
		}
		if out.c[n] == 0 {
			delete(out.c, n)
		}
	}
	gk, ok := ints.MulOK(g.k, sign)
	if !ok {
		return out, false
	}
	out.k, ok = ints.AddOK(out.k, gk)
	return out, ok
}

func (f linForm) scale(m int64) (linForm, bool) {
	out := linForm{c: map[string]int64{}}
	for n, v := range f.c {
		p, ok := ints.MulOK(v, m)
		if !ok {
			return out, false
		}
		if p != 0 {
			out.c[n] = p
		}
	}
	var ok bool
	out.k, ok = ints.MulOK(f.k, m)
	return out, ok
}

// maxSubst bounds the substitution of hoisted values into one another.
const maxSubst = 8

// parseCond reads the C condition text, substituting env's values for
// its names; ok is false for anything outside the subset above.
func parseCond(text string, env map[string]ast.Expr) (*cx, bool) {
	e, err := cfront.ParseExpr(text, nil)
	if err != nil {
		return nil, false
	}
	return fromC(e, env, 0)
}

func fromC(e cfront.Expr, env map[string]ast.Expr, depth int) (*cx, bool) {
	switch e := e.(type) {
	case *cfront.IntLit:
		if e.Big || strings.ContainsAny(e.Text, "uUlL.") && !isPlainInt(e.Text) {
			return nil, false
		}
		return constCx(e.Value), true
	case *cfront.Ident:
		if v, ok := env[e.Name]; ok && depth < maxSubst {
			return parseSubst(ast.ExprC(v), env, depth+1)
		}
		return lin(linForm{c: map[string]int64{e.Name: 1}}), true
	case *cfront.Paren:
		return fromC(e.X, env, depth)
	case *cfront.Unary:
		x, ok := fromC(e.X, env, depth)
		switch {
		case !ok:
			return nil, false
		case e.Op == "+":
			return x, true
		case e.Op == "-":
			return scaleCx(x, -1)
		case e.Op == "!" && isCond(x):
			return negate(x)
		}
		return nil, false
	case *cfront.Call:
		id, ok := e.Fun.(*cfront.Ident)
		if !ok {
			return nil, false
		}
		var args []*cx
		for _, a := range e.Args {
			x, ok := fromC(a, env, depth)
			if !ok || isCond(x) {
				return nil, false
			}
			args = append(args, x)
		}
		switch strings.TrimPrefix(id.Name, "tessera_") {
		case "min":
			return nodeCx(opMin, args...), len(args) >= 2
		case "max":
			return nodeCx(opMax, args...), len(args) >= 2
		case "floord":
			if len(args) == 2 {
				if d, ok := linOf(args[1]); ok && d.isConst() && d.k > 0 {
					return &cx{op: opFloor, args: args[:1], k: d.k}, true
				}
			}
		}
		return nil, false
	case *cfront.Binary:
		x, ok := fromC(e.X, env, depth)
		if !ok {
			return nil, false
		}
		y, ok := fromC(e.Y, env, depth)
		if !ok {
			return nil, false
		}
		switch e.Op {
		case "&&", "||":
			if !isCond(x) || !isCond(y) {
				return nil, false
			}
			if e.Op == "&&" {
				return nodeCx(opAnd, x, y), true
			}
			return nodeCx(opOr, x, y), true
		case ">=", ">", "<=", "<", "==", "!=":
			if isCond(x) || isCond(y) {
				return nil, false
			}
			return cmpCx(e.Op, x, y), true
		}
		if isCond(x) || isCond(y) {
			return nil, false
		}
		switch e.Op {
		case "+":
			return nodeCx(opSum, x, y), true
		case "-":
			ny, ok := scaleCx(y, -1)
			return nodeCx(opSum, x, ny), ok
		case "*":
			return nodeCx(opMul, x, y), true
		}
	}
	return nil, false
}

func parseSubst(text string, env map[string]ast.Expr, depth int) (*cx, bool) {
	e, err := cfront.ParseExpr(text, nil)
	if err != nil {
		return nil, false
	}
	return fromC(e, env, depth)
}

func isPlainInt(s string) bool {
	_, err := strconv.ParseInt(s, 10, 64)
	return err == nil
}

func isCond(x *cx) bool {
	switch x.op {
	case opCmp, opAnd, opOr, opBool:
		return true
	}
	return false
}

// scaleCx is m*x.
func scaleCx(x *cx, m int64) (*cx, bool) {
	if f, ok := linOf(x); ok {
		g, ok := f.scale(m)
		return lin(g), ok
	}
	return nodeCx(opMul, constCx(m), x), true
}

// negate is the negation of the condition x.
func negate(x *cx) (*cx, bool) {
	switch x.op {
	case opBool:
		return boolCx(!x.val), true
	case opCmp:
		inv := map[string]string{">=": "<", ">": "<=", "<=": ">", "<": ">=", "==": "!=", "!=": "=="}
		return cmpCx(inv[x.cmp], x.args[0], x.args[1]), true
	}
	return nil, false
}

// context answers the engine queries of one region: ctx is its context
// (a set over its parameters, the universe when it has none).
//
// A query the engine cannot answer (a budget, a name it cannot take)
// counts as "cannot tell": the simplifier then keeps what it asked about.
type context struct {
	ctx    presburger.Set
	has    bool // ctx constrains something (else every query is on the universe)
	params []string
}

// newContext is the context of the region whose model has context ctx
// on params (ctx may be the zero Set: no constraint).
func newContext(params []string, ctx presburger.Set) *context {
	has := ctx.Space().NParam() > 0 || ctx.NParts() > 0
	return &context{ctx: ctx, has: has, params: params}
}

// affine writes x in isl notation when it is affine (linear forms,
// sums, constant multiples and floor divisions by constants of affine
// terms) and collects its names.
func affine(x *cx, names map[string]bool) (string, bool) {
	switch x.op {
	case opLin:
		for n := range x.lin.c {
			names[n] = true
		}
		return linString(x.lin, "*"), true
	case opSum:
		var parts []string
		for _, a := range x.args {
			s, ok := affine(a, names)
			if !ok {
				return "", false
			}
			parts = append(parts, "("+s+")")
		}
		return strings.Join(parts, " + "), true
	case opMul:
		var k int64 = 1
		var rest []*cx
		for _, a := range x.args {
			if f, ok := linOf(a); ok && f.isConst() {
				var ok2 bool
				if k, ok2 = ints.MulOK(k, f.k); !ok2 {
					return "", false
				}
				continue
			}
			rest = append(rest, a)
		}
		if len(rest) > 1 {
			return "", false
		}
		if len(rest) == 0 {
			return strconv.FormatInt(k, 10), true
		}
		s, ok := affine(rest[0], names)
		return fmt.Sprintf("%d * (%s)", k, s), ok
	case opFloor:
		s, ok := affine(x.args[0], names)
		return fmt.Sprintf("floor((%s) / %d)", s, x.k), ok
	}
	return "", false
}

// holds reports whether the context implies the comparison a op b of
// two affine terms (false when it cannot tell).
func (c *context) holds(a *cx, op string, b *cx) bool {
	names, cmp, ok := comparison(a, op, b)
	return ok && c.implies(names, cmp)
}

// comparison is the comparison a op b of two affine terms in isl
// notation, with the names it reads; ok is false when a term is not
// affine.
func comparison(a *cx, op string, b *cx) (names map[string]bool, cmp string, ok bool) {
	names = map[string]bool{}
	as, ok := affine(a, names)
	if !ok {
		return nil, "", false
	}
	bs, ok := affine(b, names)
	if !ok {
		return nil, "", false
	}
	return names, "(" + as + ") " + islOp(op) + " (" + bs + ")", true
}

// possible reports whether the comparison a op b holds somewhere in the
// context (true when it cannot tell).
func (c *context) possible(a *cx, op string, b *cx) bool {
	names, cmp, ok := comparison(a, op, b)
	if !ok {
		return true
	}
	s, ok := c.set(names, cmp)
	if !ok {
		return true
	}
	empty := false
	if err := c.query(func() { empty = s.Intersect(c.aligned(s)).IsEmpty() }); err != nil {
		return true
	}
	return !empty
}

// implies reports whether the context implies the isl constraint cons
// over names (false when it cannot tell).
func (c *context) implies(names map[string]bool, cons string) bool {
	s, ok := c.set(names, cons)
	if !ok {
		return false
	}
	yes := false
	if err := c.query(func() { yes = c.aligned(s).Subtract(s).IsEmpty() }); err != nil {
		return false
	}
	return yes
}

// set parses cons as a set over the parameters names ∪ the context's.
func (c *context) set(names map[string]bool, cons string) (presburger.Set, bool) {
	ps := append([]string(nil), c.params...)
	var extra []string
	for n := range names {
		if !containsStr(ps, n) {
			extra = append(extra, n)
		}
	}
	sort.Strings(extra)
	ps = append(ps, extra...)
	for _, n := range ps {
		if !isIdent(n) {
			return presburger.Set{}, false
		}
	}
	var s presburger.Set
	var perr error
	if err := c.query(func() { s, perr = presburger.ParseSet("[" + strings.Join(ps, ", ") + "] -> { : " + cons + " }") }); err != nil || perr != nil {
		return presburger.Set{}, false
	}
	return s, true
}

// with is the context intersected with the isl constraint cons over
// names (ok false when cons is empty or cannot be read).
func (c *context) with(names map[string]bool, cons string) (*context, bool) {
	if cons == "" {
		return nil, false
	}
	s, ok := c.set(names, cons)
	if !ok {
		return nil, false
	}
	var d presburger.Set
	if err := c.query(func() { d = c.aligned(s).Intersect(s) }); err != nil {
		return nil, false
	}
	return &context{ctx: d, has: true, params: s.Space().Params()}, true
}

// aligned is the context on the parameters of s.
func (c *context) aligned(s presburger.Set) presburger.Set {
	if !c.has {
		return presburger.UniverseSet(s.Space())
	}
	return c.ctx.AlignParams(s.Space().Params())
}

// query runs f, turning an engine error into a returned error.
func (c *context) query(f func()) (err error) {
	defer presburger.Recover(&err)
	f()
	return nil
}

func isIdent(s string) bool {
	if s == "" {
		return false
	}
	for k, r := range s {
		if !(r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || k > 0 && r >= '0' && r <= '9') {
			return false
		}
	}
	return true
}

func islOp(op string) string {
	if op == "==" {
		return "="
	}
	return op
}

// simplify returns x simplified against c.
func (c *context) simplify(x *cx) *cx {
	switch x.op {
	case opLin, opBool:
		return x
	case opSum:
		return c.sum(x)
	case opMul:
		return c.mul(x)
	case opMin, opMax:
		return c.minMax(x)
	case opFloor:
		a := c.simplify(x.args[0])
		if f, ok := linOf(a); ok && f.isConst() {
			return constCx(floorDiv(f.k, x.k))
		}
		return &cx{op: opFloor, args: []*cx{a}, k: x.k}
	case opCmp:
		return c.compare(x)
	case opAnd, opOr:
		return c.logic(x)
	}
	return x
}

func floorDiv(a, b int64) int64 {
	q := a / b
	if a%b != 0 && (a < 0) != (b < 0) {
		q--
	}
	return q
}

// flatten calls take on each operand of x, simplified, in order; an
// operand that simplifies to x's own operator (a sum in a sum, a product
// in a product) gives its operands in its place, flattened the same way.
// It stops at the first operand take refuses (an overflow) and reports
// whether take accepted them all.
func (c *context) flatten(x *cx, take func(*cx) bool) bool {
	for _, a := range x.args {
		a = c.simplify(a)
		if a.op == x.op {
			if !c.flatten(a, take) {
				return false
			}
			continue
		}
		if !take(a) {
			return false
		}
	}
	return true
}

// sum folds the linear terms of a sum into one and flattens inner sums.
func (c *context) sum(x *cx) *cx {
	acc := constLin(0)
	var rest []*cx
	flat := c.flatten(x, func(a *cx) bool {
		if f, ok := linOf(a); ok {
			var ok2 bool
			acc, ok2 = acc.add(f, 1)
			return ok2
		}
		rest = append(rest, a)
		return true
	})
	if !flat {
		return x
	}
	rest, ok := likeTerms(rest)
	if !ok {
		return x
	}
	if len(rest) == 0 {
		return lin(acc)
	}
	if len(acc.c) > 0 || acc.k != 0 {
		rest = append(rest, lin(acc))
	}
	if len(rest) == 1 {
		return rest[0]
	}
	return nodeCx(opSum, rest...)
}

// likeTerms adds up the terms of a sum that differ only in a constant
// factor (2 * max(N, 0) + max(N, 0) is 3 * max(N, 0)), in the order of
// their first appearance; ok is false on overflow.
func likeTerms(terms []*cx) ([]*cx, bool) {
	var keys []string
	coef := map[string]int64{}
	base := map[string]*cx{}
	for _, t := range terms {
		k, b := int64(1), t
		if t.op == opMul && len(t.args) >= 2 {
			if f, ok := linOf(t.args[0]); ok && f.isConst() {
				k = f.k
				b = t.args[1]
				if len(t.args) > 2 {
					b = nodeCx(opMul, t.args[1:]...)
				}
			}
		}
		key := cString(b)
		if _, seen := base[key]; !seen {
			keys = append(keys, key)
			base[key] = b
		}
		var ok bool
		if coef[key], ok = ints.AddOK(coef[key], k); !ok {
			return nil, false
		}
	}
	var out []*cx
	for _, key := range keys {
		switch k, b := coef[key], base[key]; {
		case k == 0:
		case k == 1:
			out = append(out, b)
		case b.op == opMul:
			out = append(out, nodeCx(opMul, append([]*cx{constCx(k)}, b.args...)...))
		default:
			out = append(out, nodeCx(opMul, constCx(k), b))
		}
	}
	return out, true
}

// mul multiplies the constant factors and flattens inner products.
func (c *context) mul(x *cx) *cx {
	var k int64 = 1
	var rest []*cx
	flat := c.flatten(x, func(a *cx) bool {
		if f, ok := linOf(a); ok && f.isConst() {
			var ok2 bool
			k, ok2 = ints.MulOK(k, f.k)
			return ok2
		}
		// A single term c*x gives its coefficient to the constant.
		if f, ok := linOf(a); ok && len(f.c) == 1 && f.k == 0 {
			for n, v := range f.c {
				var ok2 bool
				if k, ok2 = ints.MulOK(k, v); !ok2 {
					return false
				}
				a = lin(linForm{c: map[string]int64{n: 1}})
			}
		}
		rest = append(rest, a)
		return true
	})
	if !flat {
		return x
	}
	// The factors in one order, so that equal products print alike.
	sort.SliceStable(rest, func(i, j int) bool { return cString(rest[i]) < cString(rest[j]) })
	switch {
	case k == 0:
		return constCx(0)
	case len(rest) == 0:
		return constCx(k)
	case len(rest) == 1:
		if f, ok := linOf(rest[0]); ok {
			if g, ok := f.scale(k); ok {
				return lin(g)
			}
		}
	}
	if k != 1 {
		rest = append([]*cx{constCx(k)}, rest...)
	}
	if len(rest) == 1 {
		return rest[0]
	}
	return nodeCx(opMul, rest...)
}

// operands is the operands of x simplified, with the operands of one
// that simplifies to x's own operator in its place (one level deep, as
// they are; flatten, for sums and products, goes down every level).
func (c *context) operands(x *cx) []*cx {
	var args []*cx
	for _, a := range x.args {
		a = c.simplify(a)
		if a.op == x.op {
			args = append(args, a.args...)
			continue
		}
		args = append(args, a)
	}
	return args
}

// minMax flattens nested mins (maxes) and drops every argument that the
// context proves is never the minimum (maximum): another argument is at
// most (at least) it everywhere in the context. Of two equal ones the
// first stays.
func (c *context) minMax(x *cx) *cx {
	args := c.operands(x)
	better := "<="
	if x.op == opMax {
		better = ">="
	}
	keep := make([]bool, len(args))
	for i := range args {
		keep[i] = true
	}
	for i := range args {
		for j := range args {
			if i == j || !keep[j] {
				continue
			}
			// args[j] beats args[i] everywhere: args[i] goes (the
			// earlier of two equal ones stays).
			if c.holds(args[j], better, args[i]) && (j < i || !c.holds(args[i], better, args[j])) {
				keep[i] = false
				break
			}
		}
	}
	var out []*cx
	for i, a := range args {
		if keep[i] {
			out = append(out, a)
		}
	}
	if len(out) == 1 {
		return out[0]
	}
	return &cx{op: x.op, args: out}
}

// compare simplifies a comparison: both sides, the clamps of a work
// test, then the comparison itself when it is affine.
func (c *context) compare(x *cx) *cx {
	a, b := c.simplify(x.args[0]), c.simplify(x.args[1])
	if t, ok := linOf(b); ok && t.isConst() && (x.cmp == ">=" || x.cmp == ">") && c.nonNeg(a) {
		if u := unclamp(a, t.k); u != a {
			a = c.simplify(u)
		}
	}
	// min(a, b) >= t is a >= t && b >= t; max(a, b) >= t is a >= t ||
	// b >= t: each part is affine, which the context may decide.
	if t, ok := linOf(b); ok && t.isConst() && (x.cmp == ">=" || x.cmp == ">") && (a.op == opMin || a.op == opMax) {
		op := opAnd
		if a.op == opMax {
			op = opOr
		}
		var parts []*cx
		for _, arg := range a.args {
			parts = append(parts, cmpCx(x.cmp, arg, b))
		}
		return c.simplify(nodeCx(op, parts...))
	}
	// Move everything linear to the left, the constant to the right.
	fa, okA := linOf(a)
	fb, okB := linOf(b)
	if okA && okB {
		d, ok := fa.add(fb, -1)
		if ok {
			a, b = lin(linForm{c: d.c}), constCx(-d.k)
			if len(d.c) == 0 {
				return boolCx(compareInts(0, x.cmp, -d.k))
			}
		}
	}
	if c.holds(a, x.cmp, b) {
		return boolCx(true)
	}
	if !c.possible(a, x.cmp, b) {
		return boolCx(false)
	}
	return cmpCx(x.cmp, a, b)
}

func compareInts(a int64, op string, b int64) bool {
	switch op {
	case ">=":
		return a >= b
	case ">":
		return a > b
	case "<=":
		return a <= b
	case "<":
		return a < b
	case "==":
		return a == b
	}
	return a != b
}

// nonNeg reports whether x is a sum or product of terms that the
// context proves non-negative (a min of such terms, a max with a
// non-negative argument, an affine term the context bounds below by 0).
func (c *context) nonNeg(x *cx) bool {
	if _, ok := affine(x, map[string]bool{}); ok {
		return c.holds(x, ">=", constCx(0))
	}
	switch x.op {
	case opSum, opMul, opMin:
		for _, a := range x.args {
			if !c.nonNeg(a) {
				return false
			}
		}
		return true
	case opMax:
		for _, a := range x.args {
			if c.nonNeg(a) {
				return true
			}
		}
		return false
	case opFloor:
		return c.nonNeg(x.args[0])
	}
	return c.holds(x, ">=", constCx(0))
}

// unclamp drops, inside the non-negative monotone term x, the clamps
// min(y, K) with a constant K >= t: whether x reaches t does not depend
// on them (a clamped term at K >= t, times or plus non-negative terms,
// reaches t exactly when the unclamped one does).
func unclamp(x *cx, t int64) *cx {
	switch x.op {
	case opSum, opMul, opMax:
		out := &cx{op: x.op, k: x.k}
		changed := false
		for _, a := range x.args {
			u := unclamp(a, t)
			changed = changed || u != a
			out.args = append(out.args, u)
		}
		if changed {
			return out
		}
	case opMin:
		var rest []*cx
		dropped := false
		for _, a := range x.args {
			if f, ok := linOf(a); ok && f.isConst() && f.k >= t {
				dropped = true
				continue
			}
			rest = append(rest, unclamp(a, t))
		}
		switch {
		case len(rest) == 0:
			return x
		case len(rest) == 1:
			return rest[0]
		case dropped:
			return nodeCx(opMin, rest...)
		}
	}
	return x
}

// logic simplifies a conjunction or a disjunction: the true (false)
// operands go, a false (true) one decides; of the affine comparisons, a
// conjunct that the context and the other conjuncts imply goes, and a
// disjunct that implies another one goes.
func (c *context) logic(x *cx) *cx {
	args := c.operands(x)
	and := x.op == opAnd
	var out []*cx
	for _, a := range args {
		if a.op == opBool {
			if a.val != and {
				return boolCx(a.val)
			}
			continue
		}
		if !containsCx(out, a) {
			out = append(out, a)
		}
	}
	for i := 0; i < len(out); {
		if c.redundant(out, i, and) {
			out = append(out[:i], out[i+1:]...)
			continue
		}
		i++
	}
	switch len(out) {
	case 0:
		return boolCx(and)
	case 1:
		return out[0]
	}
	return &cx{op: x.op, args: out}
}

// redundant reports whether operand i of a conjunction (and) is implied
// by the context and the other operands, or whether operand i of a
// disjunction implies another one in the context.
func (c *context) redundant(ops []*cx, i int, and bool) bool {
	if !and {
		for j, o := range ops {
			if j != i && c.impliesWork(ops[i], o) {
				return true
			}
		}
	}
	names := map[string]bool{}
	me, ok := condISL(ops[i], names)
	if !ok {
		return false
	}
	if and {
		var others []string
		for j, o := range ops {
			if j == i {
				continue
			}
			if s, ok := condISL(o, names); ok {
				others = append(others, s)
			}
		}
		if len(others) == 0 {
			return false
		}
		return c.implies(names, "not ("+strings.Join(others, " and ")+") or "+me)
	}
	for j, o := range ops {
		if j == i {
			continue
		}
		if s, ok := condISL(o, names); ok && c.implies(names, "not ("+me+") or "+s) {
			return true
		}
	}
	return false
}

// impliesWork reports whether the work test a (W >= t) implies the work
// test b (W * F >= u, u <= t) in the context: b's product has a's
// factors and others, each at least 1 wherever a holds (a's test, when
// affine, joins the context for that query).
func (c *context) impliesWork(a, b *cx) bool {
	if a.op != opCmp || b.op != opCmp || a.cmp != ">=" || b.cmp != ">=" {
		return false
	}
	t, ok := linOf(a.args[1])
	u, ok2 := linOf(b.args[1])
	if !ok || !ok2 || !t.isConst() || !u.isConst() || u.k > t.k || t.k < 1 {
		return false
	}
	fa, fb := factors(a.args[0]), factors(b.args[0])
	rest := map[string]*cx{}
	count := map[string]int{}
	for _, f := range fb {
		count[cString(f)]++
		rest[cString(f)] = f
	}
	inA := map[string]bool{}
	for _, f := range fa {
		inA[cString(f)] = true
		if count[cString(f)] == 0 {
			return false
		}
		count[cString(f)]--
	}
	names := map[string]bool{}
	given, aCond := "", ""
	if s, ok := condISL(a, names); ok {
		given, aCond = "not ("+s+") or ", s
	}
	for key, n := range count {
		if n == 0 {
			continue
		}
		f := rest[key]
		// A factor of a's product is at least 1 where a holds: a
		// product of non-negative integers that reaches t >= 1 has
		// no factor below 1.
		if inA[key] && c.nonNeg(a.args[0]) {
			continue
		}
		s, ok := affine(f, names)
		if !ok {
			// A min or max factor: decided in the context where a
			// holds, when a is affine.
			d, ok := c.with(names, aCond)
			if !ok {
				return false
			}
			if r := d.simplify(cmpCx(">=", f, constCx(1))); r.op != opBool || !r.val {
				return false
			}
			continue
		}
		if !c.implies(names, given+"("+s+") >= 1") {
			return false
		}
	}
	return true
}

// factors lists the factors of a product (x itself when it is not one).
func factors(x *cx) []*cx {
	if x.op != opMul {
		return []*cx{x}
	}
	return x.args
}

// condISL writes an affine comparison in isl notation.
func condISL(x *cx, names map[string]bool) (string, bool) {
	if x.op != opCmp {
		return "", false
	}
	a, ok := affine(x.args[0], names)
	if !ok {
		return "", false
	}
	b, ok := affine(x.args[1], names)
	if !ok {
		return "", false
	}
	return "(" + a + ") " + islOp(x.cmp) + " (" + b + ")", true
}

func containsCx(list []*cx, x *cx) bool {
	for _, y := range list {
		if cString(y) == cString(x) {
			return true
		}
	}
	return false
}

// cString prints x in C with the names as they are.
func cString(x *cx) string {
	switch x.op {
	case opLin:
		return linString(x.lin, " * ")
	case opBool:
		if x.val {
			return "1"
		}
		return "0"
	case opSum:
		var b strings.Builder
		for k, a := range x.args {
			s := cString(a)
			switch {
			case k == 0:
				b.WriteString(s)
			case strings.HasPrefix(s, "-"):
				b.WriteString(" - " + strings.TrimPrefix(s, "-"))
			default:
				b.WriteString(" + " + s)
			}
		}
		return b.String()
	case opMul:
		var parts []string
		for _, a := range x.args {
			s := cString(a)
			if a.op == opSum || a.op == opLin && len(a.lin.c)+btoi(a.lin.k != 0) > 1 {
				s = "(" + s + ")"
			}
			parts = append(parts, s)
		}
		return strings.Join(parts, " * ")
	case opMin, opMax:
		name := "min"
		if x.op == opMax {
			name = "max"
		}
		var parts []string
		for _, a := range x.args {
			parts = append(parts, cString(a))
		}
		return name + "(" + strings.Join(parts, ", ") + ")"
	case opFloor:
		return fmt.Sprintf("floord(%s, %d)", cString(x.args[0]), x.k)
	case opCmp:
		if s, ok := cmpString(x); ok {
			return s
		}
		return cString(x.args[0]) + " " + x.cmp + " " + cString(x.args[1])
	case opAnd, opOr:
		sep := " && "
		if x.op == opOr {
			sep = " || "
		}
		var parts []string
		for _, a := range x.args {
			s := cString(a)
			if a.op == opAnd || a.op == opOr {
				s = "(" + s + ")"
			}
			parts = append(parts, s)
		}
		return strings.Join(parts, sep)
	}
	return "?"
}

// cmpString prints an affine comparison "f op k" with the positive terms
// on the left and the negative ones on the right ("lda >= n", "N >= M +
// 3"), flipped when every term is negative ("-N >= -5" as "N <= 5").
func cmpString(x *cx) (string, bool) {
	f, ok := linOf(x.args[0])
	k, ok2 := linOf(x.args[1])
	if !ok || !ok2 || !k.isConst() || f.k != 0 || len(f.c) == 0 {
		return "", false
	}
	pos, neg := linForm{c: map[string]int64{}}, linForm{c: map[string]int64{}, k: k.k}
	for n, v := range f.c {
		if v > 0 {
			pos.c[n] = v
		} else {
			neg.c[n] = -v
		}
	}
	op := x.cmp
	if len(pos.c) == 0 {
		flip := map[string]string{">=": "<=", ">": "<", "<=": ">=", "<": ">", "==": "==", "!=": "!="}
		op = flip[op]
		var ok bool
		if neg.k, ok = ints.MulOK(k.k, -1); !ok {
			return "", false
		}
		pos, neg = linForm{c: neg.c}, linForm{c: map[string]int64{}, k: neg.k}
	}
	return linString(pos, " * ") + " " + op + " " + linString(neg, " * "), true
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// linString prints f with the names of positive coefficients first,
// each group in alphabetical order, the constant last ("n - k - 1");
// mul separates a coefficient from its name.
func linString(f linForm, mul string) string {
	var names []string
	for n := range f.c {
		names = append(names, n)
	}
	sort.Slice(names, func(i, j int) bool {
		if pi, pj := f.c[names[i]] > 0, f.c[names[j]] > 0; pi != pj {
			return pi
		}
		return names[i] < names[j]
	})
	var b strings.Builder
	writeTerms(&b, names, f.c, mul)
	switch {
	case len(names) == 0:
		b.WriteString(strconv.FormatInt(f.k, 10))
	case f.k > 0:
		b.WriteString(" + " + strconv.FormatInt(f.k, 10))
	case f.k < 0:
		b.WriteString(" - " + strconv.FormatInt(-f.k, 10))
	}
	return b.String()
}

// writeTerms writes the terms coef[n]*n of names in their order, with
// the signs between them and no coefficient of 1 or -1 ("2*t - i" with
// mul "*"); mul separates a coefficient from its name.
func writeTerms(b *strings.Builder, names []string, coef map[string]int64, mul string) {
	for k, n := range names {
		v := coef[n]
		switch {
		case k == 0 && v < 0:
			b.WriteString("-")
		case k > 0 && v < 0:
			b.WriteString(" - ")
		case k > 0:
			b.WriteString(" + ")
		}
		if a := max(v, -v); a != 1 {
			b.WriteString(strconv.FormatInt(a, 10) + mul)
		}
		b.WriteString(n)
	}
}

// simplifyCond is the condition text simplified against c, with env's
// hoisted values substituted; ok is false when text is not a condition
// this file reads (the caller prints it as it is).
func (c *context) simplifyCond(text string, env map[string]ast.Expr) (string, bool) {
	x, ok := parseCond(text, env)
	if !ok {
		return "", false
	}
	return cString(c.simplify(x)), true
}
