package presburger

import (
	"math/big"
	"slices"
)

// This file is a test oracle for the parser: it evaluates the syntax tree
// of isl notation directly on integer points (rational arithmetic,
// existential variables searched in a bounded range), independently of the
// lowering to constraints.

const oracleR = 8 // existential witnesses are searched in [-oracleR, oracleR]

type oracleEnv struct {
	names []string
	vals  []*big.Rat
}

func (e *oracleEnv) push(n string, v *big.Rat) {
	e.names = append(e.names, n)
	e.vals = append(e.vals, v)
}
func (e *oracleEnv) pop(k int) { e.names = e.names[:len(e.names)-k]; e.vals = e.vals[:len(e.vals)-k] }

func (e *oracleEnv) get(n string) (*big.Rat, bool) {
	for i := len(e.names) - 1; i >= 0; i-- {
		if e.names[i] == n {
			return e.vals[i], true
		}
	}
	return nil, false
}

func ratFloor(r *big.Rat) *big.Rat {
	q := new(big.Int)
	m := new(big.Int)
	q.DivMod(r.Num(), r.Denom(), m) // Euclidean: denominator > 0 so this is floor
	return new(big.Rat).SetInt(q)
}

// oracleExpr evaluates e; unknown names make it fail (ok false).
func oracleExpr(x *synExpr, env *oracleEnv) (*big.Rat, bool) {
	bin := func() (*big.Rat, *big.Rat, bool) {
		a, ok1 := oracleExpr(x.args[0], env)
		b, ok2 := oracleExpr(x.args[1], env)
		return a, b, ok1 && ok2
	}
	switch x.op {
	case sxNum:
		return new(big.Rat).SetInt64(x.val), true
	case sxVar:
		return env.get(x.name)
	case sxAdd, sxSub, sxMul:
		a, b, ok := bin()
		if !ok {
			return nil, false
		}
		switch x.op {
		case sxAdd:
			return new(big.Rat).Add(a, b), true
		case sxSub:
			return new(big.Rat).Sub(a, b), true
		}
		return new(big.Rat).Mul(a, b), true
	case sxDiv:
		a, b, ok := bin()
		if !ok || b.Sign() == 0 {
			return nil, false
		}
		return new(big.Rat).Quo(a, b), true
	case sxNeg:
		a, ok := oracleExpr(x.args[0], env)
		if !ok {
			return nil, false
		}
		return new(big.Rat).Neg(a), true
	case sxFloor:
		a, ok := oracleExpr(x.args[0], env)
		if !ok {
			return nil, false
		}
		return ratFloor(a), true
	case sxCeil:
		a, ok := oracleExpr(x.args[0], env)
		if !ok {
			return nil, false
		}
		return new(big.Rat).Neg(ratFloor(new(big.Rat).Neg(a))), true
	case sxMod:
		a, b, ok := bin()
		if !ok || b.Sign() <= 0 {
			return nil, false
		}
		q := ratFloor(new(big.Rat).Quo(a, b))
		return new(big.Rat).Sub(a, new(big.Rat).Mul(b, q)), true
	case sxMin, sxMax:
		var best *big.Rat
		for _, y := range x.args {
			v, ok := oracleExpr(y, env)
			if !ok {
				return nil, false
			}
			if best == nil || (x.op == sxMin) == (v.Cmp(best) < 0) && v.Cmp(best) != 0 {
				best = v
			}
		}
		return best, true
	}
	return nil, false
}

func oracleCmp(a *big.Rat, op TokKind, b *big.Rat) bool {
	c := a.Cmp(b)
	switch op {
	case TokEq:
		return c == 0
	case TokNe:
		return c != 0
	case TokLt:
		return c < 0
	case TokLe:
		return c <= 0
	case TokGt:
		return c > 0
	case TokGe:
		return c >= 0
	}
	panic("bad op")
}

func oracleForm(f *synForm, env *oracleEnv) bool {
	if f == nil {
		return true
	}
	switch f.op {
	case sfTrue:
		return true
	case sfFalse:
		return false
	case sfAnd:
		return oracleForm(f.args[0], env) && oracleForm(f.args[1], env)
	case sfOr:
		return oracleForm(f.args[0], env) || oracleForm(f.args[1], env)
	case sfNot:
		return !oracleForm(f.args[0], env)
	case sfImplies:
		return !oracleForm(f.args[0], env) || oracleForm(f.args[1], env)
	case sfExists:
		return oracleExists(f, 0, env)
	case sfCmp:
		for k, op := range f.ops {
			l, r := f.lists[k], f.lists[k+1]
			var lv, rv []*big.Rat
			for _, x := range l {
				v, ok := oracleExpr(x, env)
				if !ok {
					panic("oracle: cannot evaluate")
				}
				lv = append(lv, v)
			}
			for _, x := range r {
				v, ok := oracleExpr(x, env)
				if !ok {
					panic("oracle: cannot evaluate")
				}
				rv = append(rv, v)
			}
			switch op {
			case TokLexLt, TokLexLe, TokLexGt, TokLexGe:
				c := 0
				for i := range lv {
					if c = lv[i].Cmp(rv[i]); c != 0 {
						break
					}
				}
				ok := map[TokKind]bool{TokLexLt: c < 0, TokLexLe: c <= 0, TokLexGt: c > 0, TokLexGe: c >= 0}[op]
				if !ok {
					return false
				}
			default:
				for _, a := range lv {
					for _, b := range rv {
						if !oracleCmp(a, op, b) {
							return false
						}
					}
				}
			}
		}
		return true
	}
	panic("oracle: bad formula")
}

func oracleExists(f *synForm, i int, env *oracleEnv) bool {
	if i == len(f.vars) {
		r := oracleForm(f.args[0], env)
		return r
	}
	b := f.vars[i]
	if b.def != nil {
		v, ok := oracleExpr(b.def, env)
		if !ok {
			panic("oracle: cannot evaluate definition")
		}
		env.push(b.name, v)
		r := oracleExists(f, i+1, env)
		env.pop(1)
		return r
	}
	for w := int64(-oracleR); w <= oracleR; w++ {
		env.push(b.name, new(big.Rat).SetInt64(w))
		r := oracleExists(f, i+1, env)
		env.pop(1)
		if r {
			return true
		}
	}
	return false
}

// oracleTupleNames flattens a tuple to its entries.
func oracleEntries(t *synTuple) []*synExpr {
	if t == nil {
		return nil
	}
	if t.nested != nil {
		return append(oracleEntries(t.nested[0]), oracleEntries(t.nested[1])...)
	}
	out := make([]*synExpr, len(t.entries))
	for i, e := range t.entries {
		out[i] = e
		if i < len(t.defs) && t.defs[i] != nil {
			// "[i = d]": the coordinate equals d and is named i.
			out[i] = &synExpr{op: sxDefined, name: e.name, args: []*synExpr{t.defs[i]}}
		}
	}
	return out
}

// sxDefined marks, in the oracle only, a tuple entry "name = def".
const sxDefined synExprOp = 1000

// oracleContains reports whether the piece contains the point (dims in
// column order) for the given parameter values.
func oracleContains(p *synPiece, params []string, pv, pt []int64) bool {
	env := &oracleEnv{}
	for i, n := range params {
		env.push(n, new(big.Rat).SetInt64(pv[i]))
	}
	entries := append(oracleEntries(p.in), oracleEntries(p.out)...)
	if len(entries) != len(pt) {
		return false
	}
	return oracleTuple(p, entries, 0, pt, env)
}

// unknownNames returns the names of x not bound in env (in order).
func unknownNames(x *synExpr, env *oracleEnv, out []string) []string {
	if x.op == sxVar {
		if _, ok := env.get(x.name); !ok && !slices.Contains(out, x.name) {
			out = append(out, x.name)
		}
	}
	for _, a := range x.args {
		out = unknownNames(a, env, out)
	}
	return out
}

func oracleTuple(p *synPiece, entries []*synExpr, i int, pt []int64, env *oracleEnv) bool {
	if i == len(entries) {
		return oracleForm(p.cond, env)
	}
	e := entries[i]
	coord := new(big.Rat).SetInt64(pt[i])
	if e.op == sxDefined {
		env.push(e.name, coord)
		defer env.pop(1)
		e = e.args[0]
	}
	if e.op == sxVar && !e.paren {
		if _, ok := env.get(e.name); !ok {
			env.push(e.name, coord)
			r := oracleTuple(p, entries, i+1, pt, env)
			env.pop(1)
			return r
		}
	}
	unk := unknownNames(e, env, nil)
	var try func(k int) bool
	try = func(k int) bool {
		if k == len(unk) {
			v, ok := oracleExpr(e, env)
			if !ok || v.Cmp(coord) != 0 {
				return false
			}
			return oracleTuple(p, entries, i+1, pt, env)
		}
		for w := int64(-oracleR); w <= oracleR; w++ {
			env.push(unk[k], new(big.Rat).SetInt64(w))
			r := try(k + 1)
			env.pop(1)
			if r {
				return true
			}
		}
		return false
	}
	return try(0)
}
