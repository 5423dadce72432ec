package mlir

import (
	"fmt"
	"math"
	"strings"

	"github.com/tessera-opt/tessera/ast"
	"github.com/tessera-opt/tessera/cfront"
)

// node writes the ops of an AST statement.
func (e *fnEmitter) node(n ast.Node) {
	switch n := n.(type) {
	case nil:
	case *ast.Block:
		if n == nil {
			return
		}
		saved := e.decls
		if emHasDecls(n) {
			e.decls = emCopyDecls(e.decls)
		}
		for _, s := range n.Stmts {
			e.node(s)
		}
		e.decls = saved
	case *ast.Mark:
		if f := ast.OnlyFor(n.Body); f != nil && (n.Name == "parallel" || n.Name == "collapse") {
			// The loop that the scheduler (or a user directive) proved
			// parallel, which the pipeline's self-check replayed.
			e.marked[f] = true
		}
		e.node(n.Body)
	case *ast.Decl:
		// A let binding: its value is substituted where the name is used.
		e.decls[n.Name] = e.subst(n.Value)
	case *ast.For:
		e.loop(n)
	case *ast.If:
		e.cond(n.Cond, func() { e.node(n.Then) }, func() { e.node(n.Else) })
	case *ast.User:
		e.user(n)
	default:
		emFail(e.r.Pos, "AST node %T", n)
	}
}

func emHasDecls(b *ast.Block) bool {
	for _, s := range b.Stmts {
		if _, ok := s.(*ast.Decl); ok {
			return true
		}
	}
	return false
}

func emCopyDecls(m map[string]ast.Expr) map[string]ast.Expr {
	c := make(map[string]ast.Expr, len(m))
	for k, v := range m {
		c[k] = v
	}
	return c
}

// subst replaces the Decl names of x by their values.
func (e *fnEmitter) subst(x ast.Expr) ast.Expr {
	if len(e.decls) == 0 {
		return x
	}
	return ast.Subst(x, e.decls)
}

// emOperands collects the dims (loop variables) and symbols (parameters)
// of the affine expressions of one op.
type emOperands struct {
	dims, syms     []string // SSA values
	dimIdx, symIdx map[string]int
}

func emNewOperands() *emOperands {
	return &emOperands{dimIdx: map[string]int{}, symIdx: map[string]int{}}
}

// list is "(%d0, %d1)[%s0]".
func (o *emOperands) list() string {
	return "(" + strings.Join(o.dims, ", ") + ")[" + strings.Join(o.syms, ", ") + "]"
}

// header is "(d0, d1)[s0]".
func (o *emOperands) header() string {
	var d, s []string
	for k := range o.dims {
		d = append(d, fmt.Sprintf("d%d", k))
	}
	for k := range o.syms {
		s = append(s, fmt.Sprintf("s%d", k))
	}
	return "(" + strings.Join(d, ", ") + ")[" + strings.Join(s, ", ") + "]"
}

// aff is x as an affine expression over the dims and symbols of o (added
// as needed). It fails when x is not affine: a product of two
// non-constants, a division by a non-constant, min/max or a condition
// inside an expression.
func (e *fnEmitter) aff(x ast.Expr, o *emOperands) string {
	x = e.subst(x)
	switch x := x.(type) {
	case *ast.Int:
		return fmt.Sprint(x.V)
	case *ast.Ident:
		if v, ok := e.ivs[x.Name]; ok {
			k, seen := o.dimIdx[x.Name]
			if !seen {
				k = len(o.dims)
				o.dimIdx[x.Name] = k
				o.dims = append(o.dims, v)
			}
			return fmt.Sprintf("d%d", k)
		}
		if v, ok := e.params[x.Name]; ok {
			k, seen := o.symIdx[x.Name]
			if !seen {
				k = len(o.syms)
				o.symIdx[x.Name] = k
				o.syms = append(o.syms, v)
			}
			return fmt.Sprintf("s%d", k)
		}
		emFail(e.r.Pos, "the name %s in a loop bound, condition or subscript is neither a loop variable nor a parameter", x.Name)
	case *ast.Op:
		return e.affOp(x, o)
	case *ast.Call:
		emFail(e.r.Pos, "call %s in an affine expression", x.Func)
	}
	emFail(e.r.Pos, "expression %v", x)
	return ""
}

func (e *fnEmitter) affOp(x *ast.Op, o *emOperands) string {
	l := &emLin{coef: map[string]int64{}}
	e.linear(x, o, 1, l)
	return l.String()
}

// emLin is a linear combination of affine atoms (dims, symbols, and
// floordiv/ceildiv/mod expressions, by their text) plus a constant.
type emLin struct {
	c     int64
	coef  map[string]int64
	order []string // atoms in order of first use
}

func (l *emLin) add(atom string, k int64) {
	if _, ok := l.coef[atom]; !ok {
		l.order = append(l.order, atom)
	}
	l.coef[atom] = emAddChecked(l.coef[atom], k)
}

// emAddChecked and emMulChecked stop the region's output on an int64
// overflow rather than printing a wrapped coefficient.
func emAddChecked(a, b int64) int64 {
	s := a + b
	if (s > a) != (b > 0) && b != 0 {
		emFail(cfront.Pos{}, "integer overflow in an affine expression")
	}
	return s
}

func emMulChecked(a, b int64) int64 {
	if a == 0 || b == 0 {
		return 0
	}
	p := a * b
	if p/b != a || (a == -1 && b == math.MinInt64) || (b == -1 && a == math.MinInt64) {
		emFail(cfront.Pos{}, "integer overflow in an affine expression")
	}
	return p
}

// String prints the combination: atoms in order of first use, then the
// constant.
func (l *emLin) String() string {
	var b strings.Builder
	for _, a := range l.order {
		k := l.coef[a]
		if k == 0 {
			continue
		}
		atom := a
		if strings.Contains(a, " ") {
			atom = "(" + a + ")"
		}
		switch {
		case b.Len() == 0 && k == 1:
			b.WriteString(a)
		case b.Len() == 0 && k == -1:
			b.WriteString("-" + atom)
		case b.Len() == 0:
			fmt.Fprintf(&b, "%s * %d", atom, k)
		case k == 1:
			b.WriteString(" + " + a)
		case k == -1:
			b.WriteString(" - " + atom)
		case k > 0:
			fmt.Fprintf(&b, " + %s * %d", atom, k)
		default:
			fmt.Fprintf(&b, " - %s * %d", atom, -k)
		}
	}
	switch {
	case b.Len() == 0:
		return fmt.Sprint(l.c)
	case l.c > 0:
		fmt.Fprintf(&b, " + %d", l.c)
	case l.c < 0:
		fmt.Fprintf(&b, " - %d", -l.c)
	}
	return b.String()
}

// linear adds k times x to l.
func (e *fnEmitter) linear(x ast.Expr, o *emOperands, k int64, l *emLin) {
	x = e.subst(x)
	constOf := func(y ast.Expr) (int64, bool) {
		c, ok := e.subst(y).(*ast.Int)
		if !ok {
			return 0, false
		}
		return c.V, true
	}
	switch x := x.(type) {
	case *ast.Int:
		l.c = emAddChecked(l.c, emMulChecked(k, x.V))
		return
	case *ast.Ident:
		l.add(e.aff(x, o), k)
		return
	case *ast.Op:
		switch x.Kind {
		case ast.OpAdd:
			e.linear(x.Args[0], o, k, l)
			e.linear(x.Args[1], o, k, l)
			return
		case ast.OpSub:
			e.linear(x.Args[0], o, k, l)
			e.linear(x.Args[1], o, emMulChecked(k, -1), l)
			return
		case ast.OpNeg:
			e.linear(x.Args[0], o, emMulChecked(k, -1), l)
			return
		case ast.OpMul:
			if c, ok := constOf(x.Args[0]); ok {
				e.linear(x.Args[1], o, emMulChecked(k, c), l)
				return
			}
			if c, ok := constOf(x.Args[1]); ok {
				e.linear(x.Args[0], o, emMulChecked(k, c), l)
				return
			}
			emFail(e.r.Pos, "the product %v is not affine", x)
		case ast.OpFloorDiv, ast.OpExactDiv, ast.OpPDivQ, ast.OpCeilDiv, ast.OpRem:
			c, ok := constOf(x.Args[1])
			if !ok || c <= 0 {
				emFail(e.r.Pos, "the division %v is not by a positive constant", x)
			}
			op := map[ast.OpKind]string{ast.OpFloorDiv: "floordiv", ast.OpExactDiv: "floordiv",
				ast.OpPDivQ: "floordiv", ast.OpCeilDiv: "ceildiv", ast.OpRem: "mod"}[x.Kind]
			inner := e.aff(x.Args[0], o)
			if strings.Contains(inner, " ") {
				inner = "(" + inner + ")"
			}
			l.add(fmt.Sprintf("%s %s %d", inner, op, c), k)
			return
		}
		emFail(e.r.Pos, "the expression %v is not affine (%s)", x, x.Kind)
	case *ast.Call:
		emFail(e.r.Pos, "call %s in an affine expression", x.Func)
	}
	emFail(e.r.Pos, "expression %v", x)
}

// terms splits a bound into the expressions of its min (upper) or max
// (lower) cases.
func (e *fnEmitter) terms(x ast.Expr, kind ast.OpKind) []ast.Expr {
	x = e.subst(x)
	if op, ok := x.(*ast.Op); ok && op.Kind == kind {
		var out []ast.Expr
		for _, a := range op.Args {
			out = append(out, e.terms(a, kind)...)
		}
		return out
	}
	return []ast.Expr{x}
}

// boundMap is "max affine_map<...>(...)[...]" for several cases, the map
// alone for one.
func (e *fnEmitter) boundMap(cases []ast.Expr, adjust int64, kw string) string {
	o := emNewOperands()
	var res []string
	for _, c := range cases {
		res = append(res, e.aff(ast.Add(c, ast.NewInt(adjust)), o))
	}
	if len(res) == 1 && len(o.dims) == 0 {
		// affine.for's short forms: a constant, or one symbol.
		if len(o.syms) == 0 {
			return res[0]
		}
		if len(o.syms) == 1 && res[0] == "s0" {
			return o.syms[0]
		}
	}
	m := fmt.Sprintf("affine_map<%s -> (%s)>%s", o.header(), strings.Join(res, ", "), o.list())
	if len(res) > 1 {
		return kw + " " + m
	}
	return m
}

// upperBounds are the exclusive upper bounds of the loop f from its
// condition: a conjunction of comparisons of the iterator with
// expressions that do not mention it.
func (e *fnEmitter) upperBounds(f *ast.For) []ast.Expr {
	var out []ast.Expr
	var walk func(c ast.Expr)
	walk = func(c ast.Expr) {
		c = e.subst(c)
		op, ok := c.(*ast.Op)
		if !ok {
			emFail(e.r.Pos, "loop condition %v", c)
		}
		switch op.Kind {
		case ast.OpAnd, ast.OpAndEager:
			for _, a := range op.Args {
				walk(a)
			}
			return
		}
		if len(op.Args) != 2 {
			emFail(e.r.Pos, "loop condition %v", c)
		}
		a, b := op.Args[0], op.Args[1]
		kind := op.Kind
		if id, ok := b.(*ast.Ident); ok && id.Name == f.Iter {
			// e > i is i < e.
			a, b = b, a
			kind = map[ast.OpKind]ast.OpKind{ast.OpGt: ast.OpLt, ast.OpGe: ast.OpLe, ast.OpLt: ast.OpGt, ast.OpLe: ast.OpGe}[kind]
		}
		if id, ok := a.(*ast.Ident); !ok || id.Name != f.Iter || ast.Mentions(b, f.Iter) {
			emFail(e.r.Pos, "loop condition %v does not bound %s", c, f.Iter)
		}
		switch kind {
		case ast.OpLt:
			out = append(out, e.terms(b, ast.OpMin)...)
		case ast.OpLe:
			for _, t := range e.terms(b, ast.OpMin) {
				out = append(out, ast.Add(t, ast.NewInt(1)))
			}
		default:
			emFail(e.r.Pos, "loop condition %v is not an upper bound of %s", c, f.Iter)
		}
	}
	walk(f.Cond)
	return out
}

// loop writes an affine.for, or an affine.parallel for a parallel loop.
func (e *fnEmitter) loop(f *ast.For) {
	step, ok := e.subst(f.Inc).(*ast.Int)
	if !ok || step.V <= 0 {
		emFail(e.r.Pos, "loop %s has a step that is not a positive constant (%v)", f.Iter, f.Inc)
	}
	if ast.Mentions(f.Init, f.Iter) {
		emFail(e.r.Pos, "loop %s has a lower bound that mentions it", f.Iter)
	}
	lower := e.terms(f.Init, ast.OpMax)
	upper := e.upperBounds(f)
	iv := emSSAName("i", f.Iter)
	if _, shadow := e.ivs[f.Iter]; shadow {
		emFail(e.r.Pos, "loop %s nested in a loop of the same name", f.Iter)
	}
	par := e.cfg.Parallel && e.marked[f] && !e.inPar && !e.stmtsUnder(f)
	if par {
		lb := e.parBound(lower, "max")
		ub := e.parBound(upper, "min")
		e.line("affine.parallel (%s) = (%s) to (%s) step (%d) {", iv, lb, ub, step.V)
	} else {
		e.line("affine.for %s = %s to %s step %d {", iv, e.boundMap(lower, 0, "max"), e.boundMap(upper, 0, "min"), step.V)
	}
	e.ivs[f.Iter] = iv
	e.depth++
	saved := e.inPar
	e.inPar = e.inPar || par
	e.node(f.Body)
	e.inPar = saved
	e.depth--
	delete(e.ivs, f.Iter)
	e.line("}")
}

// stmtsUnder reports whether a statement under f is under a loop that
// the scheduler parallelized with privatization or a reduction.
func (e *fnEmitter) stmtsUnder(f *ast.For) bool {
	found := false
	ast.Walk(f, func(n ast.Node) bool {
		if u, ok := n.(*ast.User); ok && e.noPar[u.Name] {
			found = true
		}
		return !found
	})
	return found
}

// parBound is affine.parallel's bound: the expressions with SSA names in
// place of dims, symbols in symbol(...), under max(...) or min(...) for
// several.
func (e *fnEmitter) parBound(cases []ast.Expr, kw string) string {
	var res []string
	for _, c := range cases {
		o := emNewOperands()
		r := e.aff(c, o)
		res = append(res, emInline(r, o))
	}
	if len(res) > 1 {
		return kw + "(" + strings.Join(res, ", ") + ")"
	}
	return res[0]
}

// emInline writes the affine expression r (over d0.. and s0..)
// with the SSA values of o in place of the dims and symbols, as the
// custom forms of affine.load, affine.store and affine.parallel take them.
func emInline(r string, o *emOperands) string {
	var b strings.Builder
	for i := 0; i < len(r); i++ {
		c := r[i]
		if (c == 'd' || c == 's') && i+1 < len(r) && r[i+1] >= '0' && r[i+1] <= '9' && (i == 0 || !emIsWord(r[i-1])) {
			j := i + 1
			for j < len(r) && r[j] >= '0' && r[j] <= '9' {
				j++
			}
			var k int
			fmt.Sscan(r[i+1:j], &k)
			if c == 'd' {
				b.WriteString(o.dims[k])
			} else {
				b.WriteString("symbol(" + o.syms[k] + ")")
			}
			i = j - 1
			continue
		}
		b.WriteByte(c)
	}
	return b.String()
}

func emIsWord(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_'
}

// emConstraint is one affine emConstraint "expr >= 0" or "expr == 0".
type emConstraint struct {
	lhs, rhs ast.Expr
	eq       bool
}

// atoms returns the constraints of the comparison c, or ok false when c is
// not a comparison that one conjunction of constraints expresses.
func (e *fnEmitter) atoms(c ast.Expr) ([]emConstraint, bool) {
	c = e.subst(c)
	if k, ok := c.(*ast.Int); ok {
		if k.V != 0 {
			return nil, true
		}
		return []emConstraint{{lhs: ast.NewInt(-1), rhs: ast.NewInt(0)}}, true
	}
	op, ok := c.(*ast.Op)
	if !ok || len(op.Args) != 2 {
		return nil, false
	}
	a, b := op.Args[0], op.Args[1]
	switch op.Kind {
	case ast.OpEq:
		return []emConstraint{{lhs: a, rhs: b, eq: true}}, true
	case ast.OpGe:
		return e.ge(a, b), true
	case ast.OpGt:
		return e.ge(a, ast.Add(b, ast.NewInt(1))), true
	case ast.OpLe:
		return e.ge(b, a), true
	case ast.OpLt:
		return e.ge(b, ast.Add(a, ast.NewInt(1))), true
	}
	return nil, false
}

// ge is a >= b, with min on the right side of >= (or max on the left)
// split into one emConstraint per case.
func (e *fnEmitter) ge(a, b ast.Expr) []emConstraint {
	var out []emConstraint
	for _, x := range e.terms(a, ast.OpMin) {
		for _, y := range e.terms(b, ast.OpMax) {
			out = append(out, emConstraint{lhs: x, rhs: y})
		}
	}
	return out
}

// cond writes the code that runs then() when c holds and els() otherwise,
// with affine.if ops: a conjunction of comparisons is one integer set; a
// disjunction, a negation or a conjunction with such parts nests them.
func (e *fnEmitter) cond(c ast.Expr, then, els func()) {
	c = e.subst(c)
	if cs, ok := e.atoms(c); ok {
		e.affineIf(cs, then, els)
		return
	}
	op, ok := c.(*ast.Op)
	if !ok {
		emFail(e.r.Pos, "condition %v", c)
	}
	switch op.Kind {
	case ast.OpNot:
		e.cond(op.Args[0], els, then)
	case ast.OpNe:
		e.cond(ast.NewOp(ast.OpEq, op.Args[0], op.Args[1]), els, then)
	case ast.OpAnd, ast.OpAndEager:
		// Every atom in one set; the rest nested in its then branch.
		var cs []emConstraint
		var rest []ast.Expr
		for _, a := range op.Args {
			if ac, ok := e.atoms(a); ok {
				cs = append(cs, ac...)
			} else {
				rest = append(rest, a)
			}
		}
		inner := then
		if len(rest) > 0 {
			inner = func() {
				var r ast.Expr = rest[0]
				if len(rest) > 1 {
					r = ast.NewOp(ast.OpAnd, rest...)
				}
				e.cond(r, then, els)
			}
		}
		if len(cs) == 0 {
			inner()
			return
		}
		e.affineIf(cs, inner, els)
	case ast.OpOr, ast.OpOrEager:
		first := op.Args[0]
		var rest ast.Expr = op.Args[1]
		if len(op.Args) > 2 {
			rest = ast.NewOp(ast.OpOr, op.Args[1:]...)
		}
		e.cond(first, then, func() { e.cond(rest, then, els) })
	default:
		emFail(e.r.Pos, "condition %v", c)
	}
}

// affineIf writes affine.if over the conjunction cs (true when empty).
func (e *fnEmitter) affineIf(cs []emConstraint, then, els func()) {
	if len(cs) == 0 {
		then()
		return
	}
	o := emNewOperands()
	var parts []string
	for _, c := range cs {
		r := e.aff(ast.Sub(c.lhs, c.rhs), o)
		if c.eq {
			parts = append(parts, r+" == 0")
		} else {
			parts = append(parts, r+" >= 0")
		}
	}
	e.line("affine.if affine_set<%s : (%s)>%s {", o.header(), strings.Join(parts, ", "), o.list())
	e.depth++
	then()
	e.depth--
	if els != nil {
		// An empty else region is printed as none; a body may still be
		// empty (nil Else node).
		mark := e.b.Len()
		e.line("} else {")
		head := e.b.Len()
		e.depth++
		els()
		e.depth--
		if e.b.Len() == head {
			s := e.b.String()[:mark]
			e.b.Reset()
			e.b.WriteString(s)
		}
	}
	e.line("}")
}
