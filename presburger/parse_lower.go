package presburger

import (
	"fmt"
	"slices"

	"github.com/tessera-opt/tessera/presburger/internal/ints"
)

// This file lowers one piece of the syntax tree (a tuple or pair of tuples
// with a condition) to a disjunctive normal form over the piece's
// variables: parameters, dimensions and local variables (existentially
// quantified unknowns and floor divisions). toBasicMaps then turns each
// conjunction into a BasicMap through the BasicBuilder.
//
// Scoping follows isl: inside a tuple, an identifier that is not yet known
// names a new dimension; any other entry is an expression, and the
// dimension it stands for is constrained to equal it ("{ [i] -> [i + 1] }",
// "{ [i, i] }"). Identifiers unknown inside a tuple expression ("{ [2i] }")
// become existentially quantified variables, visible in the condition. In
// the condition, an unknown identifier is an error.

type pvarKind int

const (
	pvParam pvarKind = iota
	pvDim
	pvExists
	pvDiv
)

// pvar is one variable of a piece. Divisions are floor(num/den) with num an
// integer affine form over earlier variables.
type pvar struct {
	kind pvarKind
	idx  int // parameter or dimension index
	num  plin
	den  int64
}

// pcase is one case of a piecewise expression (min/max split into cases).
type pcase struct {
	cond pdnf // nil means true
	e    plin
}

type scopeEntry struct {
	name string
	val  plin
}

// pieceLowerer holds the variables and scope of one piece.
type pieceLowerer struct {
	vars    []pvar
	scope   []scopeEntry
	nDims   int
	divKeys map[string]int
	// fresh allows unknown identifiers to become existential variables
	// (inside tuple expressions).
	fresh bool
	// function is set when reading affine functions: tuple expressions may
	// not introduce variables.
	function bool
}

func (lw *pieceLowerer) failPos(line, col int, format string, args ...any) {
	panic(&ParseError{Line: line, Col: col, Msg: fmt.Sprintf(format, args...)})
}

func (lw *pieceLowerer) fail(e *synExpr, format string, args ...any) {
	lw.failPos(e.line, e.col, format, args...)
}

// guard converts int64 overflow during the lowering of a node into a parse
// error at that node.
func lowerGuard(line, col int) {
	if x := recover(); x != nil {
		if o, ok := x.(*ints.OverflowError); ok {
			panic(&ParseError{Line: line, Col: col, Msg: "integer overflow (" + o.Error() + ")"})
		}
		if e := asError(x); e != nil && e.Kind == Overflow {
			panic(&ParseError{Line: line, Col: col, Msg: "integer overflow (" + e.Msg + ")"})
		}
		panic(x)
	}
}

func (lw *pieceLowerer) newVar(v pvar) int {
	lw.vars = append(lw.vars, v)
	return len(lw.vars) - 1
}

func (lw *pieceLowerer) bind(name string, val plin) {
	lw.scope = append(lw.scope, scopeEntry{name, val})
}

func (lw *pieceLowerer) lookup(name string) (plin, bool) {
	for i := len(lw.scope) - 1; i >= 0; i-- {
		if lw.scope[i].name == name {
			return lw.scope[i].val, true
		}
	}
	return plin{}, false
}

// div returns floor(a), a new division variable unless a is integral.
func (lw *pieceLowerer) div(a plin) plin {
	if a.den == 1 {
		return a
	}
	num := a
	num.den = 1
	return plVar(lw.divVar(num, a.den))
}

// divVar returns the id of the variable floor(num/den) (num integral),
// creating it when new.
func (lw *pieceLowerer) divVar(num plin, den int64) int {
	key := num.key() + "/" + fmt.Sprint(den)
	if lw.divKeys == nil {
		lw.divKeys = map[string]int{}
	}
	if id, ok := lw.divKeys[key]; ok {
		return id
	}
	id := lw.newVar(pvar{kind: pvDiv, num: num, den: den})
	lw.divKeys[key] = id
	return id
}

const maxCases = 256

// expr lowers an expression to its cases.
func (lw *pieceLowerer) expr(e *synExpr) []pcase {
	defer lowerGuard(e.line, e.col)
	switch e.op {
	case sxNum:
		return []pcase{{e: plConst(e.val)}}
	case sxVar:
		if v, ok := lw.lookup(e.name); ok {
			return []pcase{{e: v}}
		}
		if lw.fresh {
			id := lw.newVar(pvar{kind: pvExists})
			lw.bind(e.name, plVar(id))
			return []pcase{{e: plVar(id)}}
		}
		lw.fail(e, "unknown identifier '%s' (declare parameters as in \"[%s] -> { ... }\")", e.name, e.name)
	case sxAdd, sxSub:
		y := int64(1)
		if e.op == sxSub {
			y = -1
		}
		return lw.combine(e, lw.expr(e.args[0]), lw.expr(e.args[1]), func(a, b plin) plin { return plComb(a, 1, b, y) })
	case sxNeg:
		cs := lw.expr(e.args[0])
		out := make([]pcase, len(cs))
		for i, c := range cs {
			out[i] = pcase{c.cond, plNeg(c.e)}
		}
		return out
	case sxMul:
		return lw.combine(e, lw.expr(e.args[0]), lw.expr(e.args[1]), func(a, b plin) plin {
			switch {
			case a.isConst():
				return b.scaled(a.k, a.den)
			case b.isConst():
				return a.scaled(b.k, b.den)
			}
			lw.fail(e, "non-affine expression: product of two non-constant terms")
			return plin{}
		})
	case sxDiv:
		return lw.combine(e, lw.expr(e.args[0]), lw.expr(e.args[1]), func(a, b plin) plin {
			if !b.isConst() {
				lw.fail(e, "non-affine expression: division by a non-constant")
			}
			if b.k == 0 {
				lw.fail(e, "division by zero")
			}
			// a / (k/den) = a * den / k
			if b.k < 0 {
				return a.scaled(ints.Neg(b.den), ints.Neg(b.k))
			}
			return a.scaled(b.den, b.k)
		})
	case sxFloor, sxCeil:
		cs := lw.expr(e.args[0])
		out := make([]pcase, len(cs))
		for i, c := range cs {
			if e.op == sxFloor {
				out[i] = pcase{c.cond, lw.div(c.e)}
			} else {
				out[i] = pcase{c.cond, plNeg(lw.div(plNeg(c.e)))}
			}
		}
		return out
	case sxMod:
		return lw.combine(e, lw.expr(e.args[0]), lw.expr(e.args[1]), func(a, b plin) plin {
			if !b.isConst() || b.den != 1 {
				lw.fail(e, "the modulus of 'mod' must be an integer constant")
			}
			if b.k <= 0 {
				lw.fail(e, "the modulus of 'mod' must be positive")
			}
			// a mod m = a - m*floor(a/m)
			q := lw.div(a.scaled(1, b.k))
			return plComb(a, 1, q, ints.Neg(b.k))
		})
	case sxMin, sxMax:
		return lw.minMax(e)
	case sxCond:
		yes, no := lw.form(e.cond, false), lw.form(e.cond, true)
		var out []pcase
		for _, br := range []struct {
			c  pdnf
			cs []pcase
		}{{yes, lw.expr(e.args[0])}, {no, lw.expr(e.args[1])}} {
			if len(br.c) == 0 {
				continue // the condition (or its negation) is plainly false
			}
			for _, c := range br.cs {
				out = append(out, pcase{lw.condAnd(br.c, c.cond, e), c.e})
				if len(out) > maxCases {
					lw.fail(e, "expression too large: more than %d cases", maxCases)
				}
			}
		}
		if len(out) == 0 {
			out = append(out, pcase{pdnf{}, plConst(0)})
		}
		return out
	}
	lw.fail(e, "internal error: unknown expression node")
	return nil
}

// combine lowers a binary operation over all pairs of cases.
func (lw *pieceLowerer) combine(e *synExpr, xs, ys []pcase, f func(a, b plin) plin) []pcase {
	if len(xs)*len(ys) > maxCases {
		lw.fail(e, "expression too large: more than %d cases of min/max", maxCases)
	}
	out := make([]pcase, 0, len(xs)*len(ys))
	for _, x := range xs {
		for _, y := range ys {
			out = append(out, pcase{lw.condAnd(x.cond, y.cond, e), f(x.e, y.e)})
		}
	}
	return out
}

func (lw *pieceLowerer) condAnd(a, b pdnf, e *synExpr) pdnf {
	switch {
	case a == nil:
		return b
	case b == nil:
		return a
	}
	return lw.dnfAnd(a, b, e.line, e.col)
}

// minMax splits min(a1, ..., an) into the cases where ak is the minimum:
// ak < aj for j < k and ak <= aj for j > k (dually for max).
func (lw *pieceLowerer) minMax(e *synExpr) []pcase {
	args := make([][]pcase, len(e.args))
	for i, a := range e.args {
		args[i] = lw.expr(a)
	}
	// Flatten: each argument contributes its cases; conditions compare the
	// chosen case of argument k with every case of every other argument
	// under that case's condition.
	var out []pcase
	for k := range args {
		for _, ck := range args[k] {
			cond := ck.cond
			if cond == nil {
				cond = dnfTrue()
			}
			for j := range args {
				if j == k {
					continue
				}
				// For every case of argument j: either its condition fails or
				// the comparison holds. Since the cases of j partition the
				// space, this is the disjunction over j's cases of
				// (cond_j and cmp).
				var alt pdnf
				for _, cj := range args[j] {
					var d plin
					if e.op == sxMin {
						d = plSub(cj.e, ck.e) // aj - ak
					} else {
						d = plSub(ck.e, cj.e) // ak - aj
					}
					if j < k {
						// strict: d*den >= 1
						d.k = ints.Sub(d.k, d.den)
					}
					c := dnfOf(d, false)
					if cj.cond != nil {
						c = lw.dnfAnd(cj.cond, c, e.line, e.col)
					}
					alt = lw.dnfOr(alt, c, e.line, e.col)
				}
				cond = lw.dnfAnd(cond, alt, e.line, e.col)
			}
			if len(cond) == 0 {
				continue
			}
			out = append(out, pcase{cond, ck.e})
			if len(out) > maxCases {
				lw.fail(e, "expression too large: more than %d cases of min/max", maxCases)
			}
		}
	}
	if len(out) == 0 {
		// All cases were found infeasible by the trivial checks; keep one
		// with a false condition so that callers see a well-formed result.
		out = append(out, pcase{pdnf{}, plConst(0)})
	}
	return out
}

// rel returns the formula a op b (op a comparison token, not lexicographic).
func (lw *pieceLowerer) rel(a plin, op TokKind, b plin) pdnf {
	switch op {
	case TokLe:
		return dnfOf(plSub(b, a), false)
	case TokGe:
		return dnfOf(plSub(a, b), false)
	case TokLt:
		d := plSub(b, a)
		d.k = ints.Sub(d.k, d.den)
		return dnfOf(d, false)
	case TokGt:
		d := plSub(a, b)
		d.k = ints.Sub(d.k, d.den)
		return dnfOf(d, false)
	case TokEq:
		return dnfOf(plSub(a, b), true)
	case TokNe:
		return append(lw.rel(a, TokLt, b), lw.rel(a, TokGt, b)...)
	}
	panic("presburger: internal error: bad comparison operator")
}

func negateCmp(op TokKind) TokKind {
	switch op {
	case TokLe:
		return TokGt
	case TokGt:
		return TokLe
	case TokLt:
		return TokGe
	case TokGe:
		return TokLt
	case TokEq:
		return TokNe
	case TokNe:
		return TokEq
	case TokLexLt:
		return TokLexGe
	case TokLexGe:
		return TokLexLt
	case TokLexLe:
		return TokLexGt
	case TokLexGt:
		return TokLexLe
	}
	panic("presburger: internal error: bad comparison operator")
}

// atom returns the formula x op y over the cases of x and y.
func (lw *pieceLowerer) atom(xs []pcase, op TokKind, ys []pcase, f *synForm) pdnf {
	var out pdnf
	for _, x := range xs {
		for _, y := range ys {
			d := lw.rel(x.e, op, y.e)
			if x.cond != nil {
				d = lw.dnfAnd(x.cond, d, f.line, f.col)
			}
			if y.cond != nil {
				d = lw.dnfAnd(y.cond, d, f.line, f.col)
			}
			out = lw.dnfOr(out, d, f.line, f.col)
		}
	}
	return out
}

// lexAtom returns the lexicographic comparison of two lists.
func (lw *pieceLowerer) lexAtom(xs, ys [][]pcase, op TokKind, f *synForm) pdnf {
	if len(xs) != len(ys) {
		lw.failPos(f.line, f.col, "lexicographic comparison of lists of different lengths (%d and %d)", len(xs), len(ys))
	}
	strict, cmp := TokLt, TokLexLt
	if op == TokLexGt || op == TokLexGe {
		strict, cmp = TokGt, TokLexGt
	}
	_ = cmp
	var out pdnf
	prefix := dnfTrue()
	for k := range xs {
		out = lw.dnfOr(out, lw.dnfAnd(prefix, lw.atom(xs[k], strict, ys[k], f), f.line, f.col), f.line, f.col)
		prefix = lw.dnfAnd(prefix, lw.atom(xs[k], TokEq, ys[k], f), f.line, f.col)
	}
	if op == TokLexLe || op == TokLexGe {
		out = lw.dnfOr(out, prefix, f.line, f.col)
	}
	return out
}

// form lowers formula f (negated when neg) to disjunctive normal form.
func (lw *pieceLowerer) form(f *synForm, neg bool) pdnf {
	switch f.op {
	case sfTrue, sfFalse:
		if (f.op == sfTrue) != neg {
			return dnfTrue()
		}
		return nil
	case sfAnd, sfOr:
		a, b := lw.form(f.args[0], neg), lw.form(f.args[1], neg)
		if (f.op == sfAnd) != neg {
			return lw.dnfAnd(a, b, f.line, f.col)
		}
		return lw.dnfOr(a, b, f.line, f.col)
	case sfNot:
		return lw.form(f.args[0], !neg)
	case sfImplies:
		// a implies b == not a or b
		a, b := lw.form(f.args[0], !neg), lw.form(f.args[1], neg)
		if neg {
			return lw.dnfAnd(a, b, f.line, f.col)
		}
		return lw.dnfOr(a, b, f.line, f.col)
	case sfExists:
		if neg {
			return lw.complementExists(f)
		}
		return lw.exists(f)
	case sfCmp:
		return lw.cmp(f, neg)
	}
	lw.failPos(f.line, f.col, "internal error: unknown formula node")
	return nil
}

func (lw *pieceLowerer) exists(f *synForm) pdnf {
	n := len(lw.scope)
	defer func() { lw.scope = lw.scope[:n] }()
	res := dnfTrue()
	for _, b := range f.vars {
		if b.def == nil {
			lw.bind(b.name, plVar(lw.newVar(pvar{kind: pvExists})))
			continue
		}
		cs := lw.expr(b.def)
		if len(cs) == 1 && cs[0].cond == nil {
			lw.bind(b.name, cs[0].e)
			continue
		}
		v := plVar(lw.newVar(pvar{kind: pvExists}))
		var d pdnf
		for _, c := range cs {
			x := lw.rel(v, TokEq, c.e)
			if c.cond != nil {
				x = lw.dnfAnd(c.cond, x, b.line, b.col)
			}
			d = lw.dnfOr(d, x, b.line, b.col)
		}
		res = lw.dnfAnd(res, d, b.line, b.col)
		lw.bind(b.name, v)
	}
	return lw.dnfAnd(res, lw.form(f.args[0], false), f.line, f.col)
}

func (lw *pieceLowerer) cmp(f *synForm, neg bool) pdnf {
	defer lowerGuard(f.line, f.col)
	lists := make([][][]pcase, len(f.lists))
	for i, l := range f.lists {
		lists[i] = make([][]pcase, len(l))
		for j, e := range l {
			lists[i][j] = lw.expr(e)
		}
	}
	var res pdnf
	if !neg {
		res = dnfTrue()
	}
	for k, op := range f.ops {
		parts := make([]pdnf, 0, len(lists[k])*len(lists[k+1]))
		switch op {
		case TokLexLt, TokLexLe, TokLexGt, TokLexGe:
			if neg {
				op = negateCmp(op)
			}
			parts = append(parts, lw.lexAtom(lists[k], lists[k+1], op, f))
		default:
			if neg {
				op = negateCmp(op)
			}
			for _, x := range lists[k] {
				for _, y := range lists[k+1] {
					parts = append(parts, lw.atom(x, op, y, f))
				}
			}
		}
		for _, p := range parts {
			if neg {
				res = lw.dnfOr(res, p, f.line, f.col)
			} else {
				res = lw.dnfAnd(res, p, f.line, f.col)
			}
		}
	}
	return res
}

// ptuple describes the shape of a lowered tuple: its name, dim names and
// nesting.
type ptuple struct {
	name   string
	dims   []string
	nested *[2]ptuple
}

// space returns the set space of the tuple.
func (t ptuple) space(params []string) Space {
	if t.nested == nil {
		return NewSetSpace(params, t.name, t.dims)
	}
	return MapSpace(t.nested[0].space(params), t.nested[1].space(params)).Wrap().SetTupleName(Out, t.name)
}

// tuple lowers the entries of t: new dimensions, and the constraints tying
// expression entries to their dimension. outs receives, per dimension, the
// cases of its defining expression (nil for a plain named dimension).
func (lw *pieceLowerer) tuple(t *synTuple, cons pdnf, outs *[][]pcase) (ptuple, pdnf) {
	pt := ptuple{name: t.name}
	if t.nested != nil {
		a, c1 := lw.tuple(t.nested[0], cons, outs)
		b, c2 := lw.tuple(t.nested[1], c1, outs)
		pt.nested = &[2]ptuple{a, b}
		pt.dims = append(slices.Clone(a.dims), b.dims...)
		return pt, c2
	}
	for ei, e := range t.entries {
		if def := t.defs[ei]; def != nil {
			// "[i = e]": a named dimension equal to e.
			lw.fresh = !lw.function
			cs := lw.expr(def)
			lw.fresh = false
			id := lw.newVar(pvar{kind: pvDim, idx: lw.nDims})
			lw.nDims++
			lw.bind(e.name, plVar(id))
			pt.dims = append(pt.dims, e.name)
			*outs = append(*outs, cs)
			cons = lw.dnfAnd(cons, lw.eqCases(plVar(id), cs, def), def.line, def.col)
			continue
		}
		if e.op == sxVar && !e.paren {
			if _, known := lw.lookup(e.name); !known {
				id := lw.newVar(pvar{kind: pvDim, idx: lw.nDims})
				lw.nDims++
				lw.bind(e.name, plVar(id))
				pt.dims = append(pt.dims, e.name)
				*outs = append(*outs, nil)
				continue
			}
		}
		lw.fresh = !lw.function
		cs := lw.expr(e)
		lw.fresh = false
		id := lw.newVar(pvar{kind: pvDim, idx: lw.nDims})
		lw.nDims++
		pt.dims = append(pt.dims, "")
		*outs = append(*outs, cs)
		cons = lw.dnfAnd(cons, lw.eqCases(plVar(id), cs, e), e.line, e.col)
	}
	return pt, cons
}

// eqCases returns the formula v = cases (each case under its condition).
func (lw *pieceLowerer) eqCases(v plin, cs []pcase, e *synExpr) pdnf {
	var d pdnf
	for _, c := range cs {
		x := lw.rel(v, TokEq, c.e)
		if c.cond != nil {
			x = lw.dnfAnd(c.cond, x, e.line, e.col)
		}
		d = lw.dnfOr(d, x, e.line, e.col)
	}
	return d
}

// loweredPiece is a piece after lowering.
type loweredPiece struct {
	line, col int
	space     Space
	vars      []pvar
	dnf       pdnf
	// outs holds, per dimension (inputs then outputs), the cases of the
	// expression written in the tuple (nil for a plain name).
	outs   [][]pcase
	nIn    int
	nDims  int
	params []string
	// cond is the condition alone (without the tuple's equalities), for
	// the domains of piecewise functions.
	cond pdnf
}

// lowerPiece lowers one piece with the given parameters.
func lowerPiece(p *synPiece, params []string, function bool) *loweredPiece {
	lw := &pieceLowerer{function: function}
	for i, name := range params {
		lw.bind(name, plVar(lw.newVar(pvar{kind: pvParam, idx: i})))
	}
	lp := &loweredPiece{line: p.line, col: p.col, params: params}
	cons := dnfTrue()
	switch {
	case p.out == nil:
		lp.space = NewParamSpace(params)
	case p.in == nil:
		var t ptuple
		t, cons = lw.tuple(p.out, cons, &lp.outs)
		lp.space = t.space(params)
	default:
		var ti, to ptuple
		ti, cons = lw.tuple(p.in, cons, &lp.outs)
		lp.nIn = lw.nDims
		to, cons = lw.tuple(p.out, cons, &lp.outs)
		lp.space = MapSpace(ti.space(params), to.space(params))
	}
	lp.cond = dnfTrue()
	if p.cond != nil {
		lp.cond = lw.form(p.cond, false)
		cons = lw.dnfAnd(cons, lp.cond, p.cond.line, p.cond.col)
	}
	lp.vars = lw.vars
	lp.dnf = cons
	lp.nDims = lw.nDims
	return lp
}

// toBasicMaps builds one BasicMap per conjunction of the piece.
func (lp *loweredPiece) toBasicMaps() []BasicMap {
	var out []BasicMap
	for _, conj := range lp.dnf {
		out = append(out, lp.conjToBasic(conj))
	}
	if len(out) > 1 {
		// Disjunctions ('or', '!=', negations) often produce empty
		// conjunctions ("i mod 3 < 0"): drop the ones the solver proves
		// empty, keeping all when it gives up.
		kept := out[:0:0]
		for _, b := range out {
			if !basicProvedEmpty(b) {
				kept = append(kept, b)
			}
		}
		out = kept
	}
	return out
}

// basicProvedEmpty reports whether b is empty, false when the solver
// exceeds its budget.
func basicProvedEmpty(b BasicMap) (empty bool) {
	survives(func() { empty = b.IsEmpty() }, Budget, Overflow)
	return empty
}

func (lp *loweredPiece) conjToBasic(conj pconj) BasicMap {
	sp := lp.space
	np := sp.NParam()
	// Mark the locals used by the conjunction, and the ones their
	// definitions use.
	used := make([]bool, len(lp.vars))
	for _, c := range conj {
		for v, x := range c.c {
			if x != 0 {
				used[v] = true
			}
		}
	}
	for v := len(lp.vars) - 1; v >= 0; v-- {
		if used[v] && lp.vars[v].kind == pvDiv {
			for w, x := range lp.vars[v].num.c {
				if x != 0 {
					used[w] = true
				}
			}
		}
	}
	b := NewBasicBuilder(sp)
	col := make([]int, len(lp.vars))
	nd := sp.NDim()
	for v, pv := range lp.vars {
		switch pv.kind {
		case pvParam:
			col[v] = pv.idx
		case pvDim:
			col[v] = np + pv.idx
		}
	}
	row := func(c []int64, k int64) []int64 {
		r := make([]int64, b.NCols())
		for v, x := range c {
			if x != 0 {
				r[col[v]] = ints.Add(r[col[v]], x)
			}
		}
		r[len(r)-1] = k
		return r
	}
	for v, pv := range lp.vars {
		if !used[v] {
			continue
		}
		switch pv.kind {
		case pvExists:
			col[v] = nd + b.AddExists()
		case pvDiv:
			col[v] = nd + b.AddDiv(row(pv.num.c, pv.num.k), pv.den)
		}
	}
	for _, c := range conj {
		if c.eq {
			b.AddEq(row(c.c, c.k))
		} else {
			b.AddIneq(row(c.c, c.k))
		}
	}
	return b.Build()
}

// complementExists lowers "not (exists ...: body)". Negation does not
// distribute over an existential quantifier, so we build the quantified
// formula as a set over the variables it may see (parameters, dimensions
// and the existential variables introduced so far, as dimensions of an
// extended space), complement it with the engine, and read the pieces of
// the complement back as conjunctions over the piece's variables (their
// locals becoming new local variables).
func (lw *pieceLowerer) complementExists(f *synForm) pdnf {
	// The free variables: every non-division variable created so far.
	var free []int
	for v, pv := range lw.vars {
		if pv.kind != pvDiv && pv.kind != pvParam {
			free = append(free, v)
		}
	}
	var params []string
	for _, pv := range lw.vars {
		if pv.kind == pvParam {
			params = append(params, fmt.Sprintf("p%d", pv.idx))
		}
	}
	// Lower the positive formula with a copy of the lowerer, so that its
	// witnesses stay out of this piece.
	sub := &pieceLowerer{
		vars:    slices.Clone(lw.vars),
		scope:   slices.Clone(lw.scope),
		nDims:   lw.nDims,
		divKeys: map[string]int{},
	}
	for k, v := range lw.divKeys {
		sub.divKeys[k] = v
	}
	d := sub.exists(f)
	ext := NewSetSpace(params, "", make([]string, len(free)))
	tmp := &loweredPiece{space: ext, vars: sub.vars, dnf: d}
	// Columns of the extended space: parameters keep their index, free
	// variable k becomes dimension k.
	extVars := slices.Clone(sub.vars)
	for k, v := range free {
		extVars[v] = pvar{kind: pvDim, idx: k}
	}
	tmp.vars = extVars
	set := NewMap(ext, tmp.toBasicMaps()...)
	var comp Map
	if e := catch(func() { comp = UniverseMap(ext).Subtract(set) }); e != nil {
		if e.Kind == Cancelled {
			panic(e)
		}
		lw.failPos(f.line, f.col, "cannot negate this 'exists' formula: %v", e)
	}
	// Read the parts back.
	np := len(params)
	var out pdnf
	for _, part := range comp.Parts() {
		// Map the columns of part to variable ids of lw.
		ids := make([]int, part.NCols()-1)
		for c := 0; c < np; c++ {
			ids[c] = c // parameters are the first variables of every piece
		}
		for k, v := range free {
			ids[np+k] = v
		}
		toLin := func(row []int64) plin {
			a := plin{c: make([]int64, len(lw.vars)), k: row[len(row)-1], den: 1}
			for c, x := range row[:len(row)-1] {
				if x == 0 {
					continue
				}
				id := ids[c]
				for len(a.c) <= id {
					a.c = append(a.c, 0)
				}
				a.c[id] = ints.Add(a.c[id], x)
			}
			return a
		}
		base := ext.NDim()
		for i := 0; i < part.NLocal(); i++ {
			l := part.Local(i)
			if l.Known() {
				ids[base+i] = lw.divVar(toLin(l.Row), l.Den)
			} else {
				ids[base+i] = lw.newVar(pvar{kind: pvExists})
			}
		}
		conj := pconj{}
		feasible := true
		for _, r := range part.Eqs() {
			c, trivial, ok := consOf(toLin(r), true)
			if !ok {
				feasible = false
			} else if !trivial {
				conj = append(conj, c)
			}
		}
		for _, r := range part.Ineqs() {
			c, trivial, ok := consOf(toLin(r), false)
			if !ok {
				feasible = false
			} else if !trivial {
				conj = append(conj, c)
			}
		}
		if feasible {
			out = lw.dnfOr(out, pdnf{conj}, f.line, f.col)
		}
	}
	return out
}
