package scop

import (
	"fmt"
	"slices"
	"strings"

	"github.com/tessera-opt/tessera/cfront"
)

// notAffine is the reason an expression could not be modelled, at the
// position of the offending sub-expression.
type notAffine struct {
	pos cfront.Pos
	why string
	// param is set when the culprit is a write (at pos) to a variable
	// used as a parameter.
	param string
	use   cfront.Pos
}

// affine translates an integer expression in an affine position (loop
// bound, condition, subscript) into a piecewise quasi-affine expression.
// Object-like macros are parameters; when that leaves the expression
// non-affine, the translation is tried again with the macros whose
// values are integer constants taken for their values (bakeMacros).
func (b *builder) affine(e cfront.Expr) (pexpr, *notAffine) {
	p, na := b.affine1(e)
	if na == nil || b.bake || b.noBake || b.info == nil || b.info.MacroConst == nil {
		return p, na
	}
	b.bake = true
	q, na2 := b.affine1(e)
	b.bake = false
	if na2 != nil {
		return nil, na
	}
	return q, nil
}

// macroConst returns the value of e when e is an integer constant
// expression of object-like macros (#define BS 8: "BS", "2*BS") and
// macros are being taken for their values; the condition under which the
// value holds, if any, goes to Scop.PPCond.
func (b *builder) macroConst(e cfront.Expr) (int64, bool) {
	if !b.bake {
		return 0, false
	}
	v, cond, ok := b.info.MacroConst(e)
	if !ok {
		return 0, false
	}
	if cond != "" && !slices.Contains(b.ppConds, cond) {
		b.ppConds = append(b.ppConds, cond)
	}
	return v, true
}

func (b *builder) affine1(e cfront.Expr) (pexpr, *notAffine) {
	switch x := e.(type) {
	case *cfront.Paren:
		return b.affine(x.X)
	case *cfront.IntLit:
		if x.Big {
			return nil, &notAffine{pos: x.At, why: "integer literal " + x.Text + " does not fit in 64 bits"}
		}
		return pconst(x.Value), nil
	case *cfront.CharLit:
		return pconst(x.Value), nil
	case *cfront.Ident:
		return b.affineIdent(x)
	case *cfront.Unary:
		switch x.Op {
		case "-":
			p, err := b.affine(x.X)
			if err != nil {
				return nil, err
			}
			return p.mapv((*aff).neg), nil
		case "+":
			return b.affine(x.X)
		case "!":
			c, err := b.condition(x)
			if err != nil {
				return nil, err
			}
			return selectExpr(c, pconst(1), pconst(0)), nil
		}
		return nil, &notAffine{pos: x.At, why: fmt.Sprintf("operator %s is not affine", x.Op)}
	case *cfront.Binary:
		return b.affineBinary(x)
	case *cfront.CondExpr:
		c, err := b.condition(x.Cond)
		if err != nil {
			return nil, err
		}
		p, err := b.affine(x.Then)
		if err != nil {
			return nil, err
		}
		q, err := b.affine(x.Else)
		if err != nil {
			return nil, err
		}
		return b.prune(selectExpr(c, p, q)), nil
	case *cfront.Call:
		return b.affineCall(x)
	case *cfront.Cast:
		if x.Type.Stars == 0 && cfront.IsIntegerType(x.Type.Base) {
			return b.affine(x.X)
		}
		return nil, &notAffine{pos: x.At, why: "cast to " + x.Type.Text + " is not an integer expression"}
	case *cfront.Index:
		return nil, &notAffine{pos: x.At, why: "array element " + x.Format(nil) + " used as an index or bound: its value is not known statically"}
	case *cfront.Member:
		return nil, &notAffine{pos: x.At, why: "struct member " + x.Format(nil) + " is not a static value"}
	case *cfront.FloatLit:
		return nil, &notAffine{pos: x.At, why: "floating-point value " + x.Text + " in an integer position"}
	case *cfront.Assign, *cfront.Postfix:
		return nil, &notAffine{pos: e.Pos(), why: "side effect inside an affine expression"}
	}
	return nil, &notAffine{pos: e.Pos(), why: "expression " + e.Format(nil) + " is not affine"}
}

func (b *builder) affineIdent(x *cfront.Ident) (pexpr, *notAffine) {
	if dim, ok := b.iterInScope(x.Name); ok {
		return paff(affVar(dim)), nil
	}
	if b.isIterOutside(x.Name) {
		return nil, &notAffine{pos: x.At, why: "loop iterator " + x.Name + " used outside its loop"}
	}
	if w, ok := b.written[x.Name]; ok {
		return nil, &notAffine{pos: w, why: fmt.Sprintf("%s is written in the region, so it is not a parameter", x.Name), param: x.Name, use: x.At}
	}
	if v, ok := b.varInfo(x.Name); ok {
		if v.Stars > 0 || len(v.Dims) > 0 {
			return nil, &notAffine{pos: x.At, why: x.Name + " is an array or pointer, not an integer"}
		}
		if v.Type != "" && !cfront.IsIntegerType(v.Type) {
			return nil, &notAffine{pos: x.At, why: x.Name + " has type " + v.Type + ", not an integer type"}
		}
	}
	if _, ok := b.macroUses[x.Name]; !ok && b.isMacro(x.Name) {
		b.macroUses[x.Name] = x.At
	}
	b.useParam(x.Name)
	return paff(affVar(b.paramName(x.Name))), nil
}

func (b *builder) affineBinary(x *cfront.Binary) (pexpr, *notAffine) {
	switch x.Op {
	case "<", "<=", ">", ">=", "==", "!=", "&&", "||":
		c, err := b.condition(x)
		if err != nil {
			return nil, err
		}
		return selectExpr(c, pconst(1), pconst(0)), nil
	}
	p, err := b.affine(x.X)
	if err != nil {
		return nil, err
	}
	q, err := b.affine(x.Y)
	if err != nil {
		return nil, err
	}
	switch x.Op {
	case "+":
		return p.add(q), nil
	case "-":
		return p.sub(q), nil
	case "*":
		if k, ok := constOf(q); ok {
			return p.mapv(func(a *aff) *aff { return a.scale(k) }), nil
		}
		if k, ok := constOf(p); ok {
			return q.mapv(func(a *aff) *aff { return a.scale(k) }), nil
		}
		if k, ok := b.macroConst(x.Y); ok {
			return p.mapv(func(a *aff) *aff { return a.scale(k) }), nil
		}
		if k, ok := b.macroConst(x.X); ok {
			return q.mapv(func(a *aff) *aff { return a.scale(k) }), nil
		}
		return nil, &notAffine{pos: x.At, why: "product " + x.Format(nil) + " of two non-constant expressions"}
	case "/", "%":
		k, ok := constOf(q)
		if !ok {
			k, ok = b.macroConst(x.Y)
		}
		if !ok {
			return nil, &notAffine{pos: x.OpPos, why: "division by the non-constant " + x.Y.Format(nil)}
		}
		if k == 0 {
			return nil, &notAffine{pos: x.OpPos, why: "division by zero"}
		}
		if x.Op == "/" {
			return b.prune(p.truncDiv(k)), nil
		}
		return b.prune(p.truncMod(k)), nil
	case "<<":
		if k, ok := constOf(q); ok && k >= 0 && k < 62 {
			if _, pc := constOf(p); !pc {
				return nil, &notAffine{pos: x.OpPos, why: "left shift of a possibly negative value"}
			}
			return p.mapv(func(a *aff) *aff { return a.scale(int64(1) << k) }), nil
		}
	}
	return nil, &notAffine{pos: x.OpPos, why: "operator " + x.Op + " is not affine"}
}

// constOf returns the value of a constant piecewise expression.
func constOf(p pexpr) (int64, bool) {
	if len(p) != 1 || len(p[0].guard) != 0 || !p[0].v.isConst() {
		return 0, false
	}
	return p[0].v.c, true
}

func (b *builder) affineCall(x *cfront.Call) (pexpr, *notAffine) {
	id, ok := cfront.Unparen(x.Fun).(*cfront.Ident)
	if !ok {
		return nil, &notAffine{pos: x.At, why: "call through a function pointer"}
	}
	if fn := b.inlined(id.Name); fn != nil {
		e, na := b.inlineValue(x, fn) // inline.go
		if na != nil {
			return nil, na
		}
		return b.affine(e)
	}
	if b.info != nil && b.info.NotInlined[id.Name] != "" && !b.isMacro(id.Name) {
		return nil, &notAffine{pos: x.At, why: "call of " + id.Name + ", a function of this file that is not inlined (" + b.info.NotInlined[id.Name] + ")"}
	}
	args := make([]pexpr, len(x.Args))
	for i, a := range x.Args {
		p, err := b.affine(a)
		if err != nil {
			return nil, err
		}
		args[i] = p
	}
	switch strings.ToLower(id.Name) {
	case "min", "max", "imin", "imax":
		if len(args) >= 2 {
			r := args[0]
			for _, a := range args[1:] {
				r = b.prune(minMax(r, a, strings.HasSuffix(strings.ToLower(id.Name), "max")))
			}
			return r, nil
		}
	case "floord", "ceild":
		if len(args) == 2 {
			k, ok := constOf(args[1])
			if !ok || k <= 0 {
				return nil, &notAffine{pos: x.At, why: id.Name + " by a non-constant or non-positive divisor"}
			}
			if strings.ToLower(id.Name) == "floord" {
				return args[0].mapv(func(a *aff) *aff { return floorDivAff(a, k) }), nil
			}
			return args[0].mapv(func(a *aff) *aff { return floorDivAff(a.neg(), k).neg() }), nil
		}
	}
	if b.info != nil && b.info.ExpandCall != nil && b.info.Macros[id.Name] {
		return b.affineMacroCall(x, id.Name)
	}
	return nil, &notAffine{pos: x.At, why: "call of " + id.Name + " is not an affine expression"}
}

// macroExpansion returns the expansion of the call x of the function-like
// macro name (INDX(i, j) defined as ((i)*N+(j))), for the model only: the
// statement keeps the call, which the compiler expands where the new code
// puts it. So the body must not read what the new code renames or what
// the region changes: a loop iterator, a variable declared or written in
// the region.
func (b *builder) macroExpansion(x *cfront.Call, name string) (cfront.Expr, *notAffine) {
	for _, v := range b.info.MacroNames(name) {
		_, local := b.locals[v]
		_, written := b.written[v]
		if b.iterNames[v] || local || written {
			return nil, &notAffine{pos: x.At, why: fmt.Sprintf("macro %s reads %s, a loop iterator or a variable of the region, behind its arguments", name, v)}
		}
	}
	cond, ok := "", b.info.MacroCond != nil
	if ok {
		cond, ok = b.info.MacroCond(name)
	}
	if !ok {
		return nil, &notAffine{pos: x.At, why: fmt.Sprintf("call of macro %s: it or a macro it calls has definitions the compiler may see more than one of (or one from the command line, from a header included under #if, or under #ifndef of its own name), so the expansion the region sees is not known", name)}
	}
	e, err := b.info.ExpandCall(x)
	if err != nil {
		return nil, &notAffine{pos: x.At, why: fmt.Sprintf("call of macro %s: %v", name, err)}
	}
	if cond != "" && !slices.Contains(b.ppConds, cond) {
		b.ppConds = append(b.ppConds, cond)
	}
	return e, nil
}

// affineMacroCall translates a call of a function-like macro through its
// expansion.
func (b *builder) affineMacroCall(x *cfront.Call, name string) (pexpr, *notAffine) {
	e, na := b.macroExpansion(x, name)
	if na != nil {
		return nil, na
	}
	p, na := b.affine(e)
	if na != nil {
		return nil, &notAffine{pos: x.At, why: fmt.Sprintf("call of macro %s expands to %s: %s", name, e.Format(nil), na.why), param: na.param, use: na.use}
	}
	return p, nil
}

// condition translates an affine condition (&&, ||, !, comparisons; any
// other integer expression e means e != 0).
func (b *builder) condition(e cfront.Expr) (dnf, *notAffine) {
	switch x := cfront.Unparen(e).(type) {
	case *cfront.Unary:
		if x.Op == "!" {
			c, err := b.condition(x.X)
			if err != nil {
				return nil, err
			}
			return b.not(c), nil
		}
	case *cfront.Binary:
		switch x.Op {
		case "&&", "||":
			c, err := b.condition(x.X)
			if err != nil {
				return nil, err
			}
			d, err := b.condition(x.Y)
			if err != nil {
				return nil, err
			}
			if x.Op == "&&" {
				return b.pruneDNF(c.and(d)), nil
			}
			return b.pruneDNF(c.or(d)), nil
		case "<", "<=", ">", ">=", "==", "!=":
			if d, ok := b.modZeroTest(x); ok {
				return d, nil
			}
			p, err := b.affine(x.X)
			if err != nil {
				return nil, err
			}
			q, err := b.affine(x.Y)
			if err != nil {
				return nil, err
			}
			return compare(p, x.Op, q), nil
		}
	}
	p, err := b.affine(e)
	if err != nil {
		return nil, err
	}
	return compare(p, "!=", pconst(0)), nil
}

// splitMinMax splits min(a, b, ...) (isMax false) or max(...) (isMax true),
// written as a call of min/max/MIN/MAX or as the ternary a < b ? a : b,
// into its operands, so that "i < min(a, b)" becomes "i < a && i < b"
// without a case split. Other expressions are returned alone.
func splitMinMax(e cfront.Expr, isMax bool) []cfront.Expr {
	e = cfront.Unparen(e)
	switch x := e.(type) {
	case *cfront.Call:
		if id, ok := cfront.Unparen(x.Fun).(*cfront.Ident); ok && len(x.Args) >= 2 {
			n := strings.ToLower(id.Name)
			if (!isMax && (n == "min" || n == "imin")) || (isMax && (n == "max" || n == "imax")) {
				var out []cfront.Expr
				for _, a := range x.Args {
					out = append(out, splitMinMax(a, isMax)...)
				}
				return out
			}
		}
	case *cfront.CondExpr:
		c, ok := cfront.Unparen(x.Cond).(*cfront.Binary)
		if !ok {
			break
		}
		key := func(e cfront.Expr) string { return strings.ReplaceAll(cfront.Unparen(e).Format(nil), " ", "") }
		a, b, t, f := key(c.X), key(c.Y), key(x.Then), key(x.Else)
		var takesX bool // Then is the operand X of the comparison
		switch {
		case t == a && f == b:
			takesX = true
		case t == b && f == a:
			takesX = false
		default:
			return []cfront.Expr{e}
		}
		var isMinForm bool
		switch c.Op {
		case "<", "<=":
			isMinForm = takesX
		case ">", ">=":
			isMinForm = !takesX
		default:
			return []cfront.Expr{e}
		}
		if isMinForm != isMax {
			return append(splitMinMax(x.Then, isMax), splitMinMax(x.Else, isMax)...)
		}
	}
	return []cfront.Expr{e}
}

// modZeroTest recognizes e % k == 0 and e % k != 0 (either side) for a
// constant k: C's remainder is zero exactly when e is a multiple of k,
// whatever the sign of e, so no case split on the sign is needed.
func (b *builder) modZeroTest(x *cfront.Binary) (dnf, bool) {
	if x.Op != "==" && x.Op != "!=" {
		return nil, false
	}
	m, z := cfront.Unparen(x.X), cfront.Unparen(x.Y)
	if lit, ok := m.(*cfront.IntLit); ok && lit.Value == 0 && !lit.Big {
		m, z = z, m
	}
	lit, ok := z.(*cfront.IntLit)
	bin, ok2 := m.(*cfront.Binary)
	if !ok || !ok2 || lit.Big || lit.Value != 0 || bin.Op != "%" {
		return nil, false
	}
	p, na := b.affine(bin.X)
	if na != nil {
		return nil, false
	}
	q, na := b.affine(bin.Y)
	if na != nil {
		return nil, false
	}
	k, ok := constOf(q)
	if !ok || k == 0 {
		return nil, false
	}
	if k < 0 {
		k = -k
	}
	d := dnfFalse()
	for _, pc := range p {
		r := pc.v.sub(floorDivAff(pc.v, k).scale(k)) // e mod k in [0, k)
		d = d.or(dnf{pc.guard}.and(dnfAtom(eqZero(r))))
	}
	if x.Op == "!=" {
		d = b.not(d)
	}
	return b.pruneDNF(d), true
}
