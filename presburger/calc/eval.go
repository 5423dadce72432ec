package calc

import (
	"math/big"

	pb "github.com/tessera-opt/tessera/presburger"
)

// This file evaluates the trees of parse.go.

type valKind int

const (
	vEmpty valKind = iota // the literal "{ }": a union of sets or of maps
	vSet
	vMap
	vInt
	vBool
	vPoly
)

func (k valKind) String() string {
	return [...]string{"an empty union", "a set", "a map", "an integer", "a boolean", "a piecewise quasi-polynomial"}[k]
}

// value is a calculator value. Sets use s, maps m; vEmpty keeps both
// (empty, with the literal's parameters).
type value struct {
	kind valKind
	s    pb.UnionSet
	m    pb.UnionMap
	n    *big.Int
	b    bool
	q    pb.PwQPolynomial // vPoly: a parametric count
}

func (v value) String() string {
	switch v.kind {
	case vSet:
		return v.s.String()
	case vMap, vEmpty:
		return v.m.String()
	case vInt:
		return v.n.String()
	case vPoly:
		return v.q.String()
	}
	if v.b {
		return "True"
	}
	return "False"
}

func setVal(s pb.UnionSet) value { return value{kind: vSet, s: s} }
func mapVal(m pb.UnionMap) value { return value{kind: vMap, m: m} }
func boolVal(b bool) value       { return value{kind: vBool, b: b} }

// toUnionSet converts a union map of set spaces (as read) to a UnionSet,
// keeping its parameters.
func toUnionSet(u pb.UnionMap) pb.UnionSet {
	var sets []pb.Set
	for _, m := range u.Maps() {
		sets = append(sets, m.Set())
	}
	if len(sets) == 0 {
		return pb.EmptyUnionSet(u.Params())
	}
	return pb.NewUnionSet(sets...).AlignParams(u.Params())
}

// eval evaluates n. The evaluation unwinds with a panic: a *Error of
// fail, or an error of the engine (budget, overflow, unbounded, ...),
// which becomes an error at n. Any other panic is a bug and goes on.
func (p *parser) eval(n *node) (v value, err error) {
	defer func() {
		if x := recover(); x != nil {
			if e, ok := x.(*Error); ok {
				err = e
				return
			}
			if e, ok := pb.AsError(x); ok {
				err = p.errAt(n.tok, "%v", e)
				return
			}
			panic(x)
		}
	}()
	if evalHook != nil {
		evalHook()
	}
	return p.evalNode(n), nil
}

// evalHook, when set by a test, runs at the start of every evaluation (to
// inject a panic).
var evalHook func()

// fail aborts the evaluation with an error at t (recovered by eval).
func (p *parser) fail(t pb.Token, format string, args ...any) {
	panic(p.errAt(t, format, args...))
}

func (p *parser) evalNode(n *node) value {
	switch n.kind {
	case nLit:
		v := n.val
		switch v.kind {
		case vSet:
			v.s = toUnionSet(v.m)
			v.m = pb.UnionMap{}
		case vEmpty:
			v.s = pb.EmptyUnionSet(v.m.Params())
		}
		return v
	case nVar:
		v, ok := p.vars[n.name]
		if !ok {
			p.fail(n.tok, "undefined variable '%s'", n.name)
		}
		return v
	case nRev:
		a := p.evalNode(n.args[0])
		return mapVal(p.asMap(a, n.tok, "^-1").Reverse())
	case nApply:
		a, b := p.evalNode(n.args[0]), p.evalNode(n.args[1])
		m := p.asMap(a, n.tok, "application")
		if b.kind == vMap {
			p.fail(n.tok, "application of a map to a map: use '.' for composition")
		}
		return setVal(p.asSet(b, n.tok, "application").Apply(m))
	case nPrefix:
		return p.prefix(n.name, p.evalNode(n.args[0]), n.tok)
	case nBinary:
		return p.binary(n.op, p.evalNode(n.args[0]), p.evalNode(n.args[1]), n.tok)
	}
	p.fail(n.tok, "internal error: unknown node")
	return value{}
}

func (p *parser) asSet(v value, t pb.Token, op string) pb.UnionSet {
	switch v.kind {
	case vSet, vEmpty:
		return v.s
	}
	p.fail(t, "%s needs a set, found %v", op, v.kind)
	return pb.UnionSet{}
}

func (p *parser) asMap(v value, t pb.Token, op string) pb.UnionMap {
	switch v.kind {
	case vMap, vEmpty:
		return v.m
	}
	p.fail(t, "%s needs a map, found %v", op, v.kind)
	return pb.UnionMap{}
}

// sameKind returns the common kind of two operands (sets or maps).
func (p *parser) sameKind(a, b value, t pb.Token, op string) valKind {
	for _, v := range []value{a, b} {
		if v.kind == vInt || v.kind == vBool || v.kind == vPoly {
			p.fail(t, "%s needs sets or maps, found %v", op, v.kind)
		}
	}
	switch {
	case a.kind == vEmpty:
		return b.kind
	case b.kind == vEmpty, a.kind == b.kind:
		return a.kind
	}
	p.fail(t, "%s of %v and %v", op, a.kind, b.kind)
	return vEmpty
}

func (p *parser) binary(op pb.TokKind, a, b value, t pb.Token) value {
	switch op {
	case pb.TokPlus, pb.TokMinus:
		name := "union"
		if op == pb.TokMinus {
			name = "difference"
		}
		switch p.sameKind(a, b, t, name) {
		case vMap:
			if op == pb.TokPlus {
				return mapVal(a.m.Union(b.m))
			}
			return mapVal(a.m.Subtract(b.m))
		case vSet:
			if op == pb.TokPlus {
				return setVal(a.s.Union(b.s))
			}
			return setVal(a.s.Subtract(b.s))
		}
		return a
	case pb.TokStar:
		if a.kind == vMap && b.kind == vSet {
			return mapVal(a.m.IntersectDomain(b.s))
		}
		switch p.sameKind(a, b, t, "intersection") {
		case vMap:
			return mapVal(a.m.Intersect(b.m))
		case vSet:
			return setVal(a.s.Intersect(b.s))
		}
		return a
	case pb.TokPercent:
		if a.kind == vMap && b.kind == vSet {
			return mapVal(a.m.GistDomain(b.s))
		}
		switch p.sameKind(a, b, t, "gist '%'") {
		case vMap:
			return mapVal(a.m.Gist(b.m))
		case vSet:
			return setVal(a.s.Gist(b.s))
		}
		return a
	case pb.TokLexLt, pb.TokLexLe, pb.TokLexGt, pb.TokLexGe:
		if p.sameKind(a, b, t, "lexicographic order") == vMap {
			return mapVal(lexMapPairs(op, a.m, b.m))
		}
		return mapVal(lexPairs(op, p.asSet(a, t, "lexicographic order"), p.asSet(b, t, "lexicographic order")))
	case pb.TokDot:
		m2 := p.asMap(b, t, "composition '.'")
		if a.kind == vSet {
			return setVal(a.s.Apply(m2))
		}
		return mapVal(p.asMap(a, t, "composition '.'").ApplyRange(m2))
	case pb.TokEq, pb.TokNe, pb.TokLe, pb.TokGe, pb.TokLt, pb.TokGt:
		return p.compare(op, a, b, t)
	}
	p.fail(t, "internal error: unknown operator %v", op)
	return value{}
}

func (p *parser) compare(op pb.TokKind, a, b value, t pb.Token) value {
	if (a.kind == vInt) != (b.kind == vInt) {
		p.fail(t, "comparison of %v and %v", a.kind, b.kind)
	}
	if a.kind == vInt {
		return boolVal(cmpInts(op, a.n.Cmp(b.n)))
	}
	var sub func(x, y value) bool
	if p.sameKind(a, b, t, "comparison") == vMap {
		sub = func(x, y value) bool { return x.m.IsSubset(y.m) }
	} else {
		sub = func(x, y value) bool { return x.s.IsSubset(y.s) }
	}
	le, ge := sub(a, b), sub(b, a)
	switch op {
	case pb.TokEq:
		return boolVal(le && ge)
	case pb.TokNe:
		return boolVal(!(le && ge))
	case pb.TokLe:
		return boolVal(le)
	case pb.TokGe:
		return boolVal(ge)
	case pb.TokLt:
		return boolVal(le && !ge)
	}
	return boolVal(ge && !le)
}

// cmpInts applies the comparison op to integers whose comparison
// (big.Int.Cmp) is c.
func cmpInts(op pb.TokKind, c int) bool {
	switch op {
	case pb.TokEq:
		return c == 0
	case pb.TokNe:
		return c != 0
	case pb.TokLe:
		return c <= 0
	case pb.TokGe:
		return c >= 0
	case pb.TokLt:
		return c < 0
	}
	return c > 0
}

// Optional engine operations, found by interface assertion so that the
// calculator picks them up as soon as the engine provides them.
type (
	setLexMiner  interface{ LexMin() pb.UnionSet }
	setLexMaxer  interface{ LexMax() pb.UnionSet }
	mapLexMiner  interface{ LexMin() pb.UnionMap }
	mapLexMaxer  interface{ LexMax() pb.UnionMap }
	setCoalescer interface{ Coalesce() pb.UnionSet }
	mapCoalescer interface{ Coalesce() pb.UnionMap }
)

func (p *parser) prefix(op string, a value, t pb.Token) value {
	switch op {
	case "dom", "domain":
		return setVal(p.asMap(a, t, op).Domain())
	case "ran", "range":
		return setVal(p.asMap(a, t, op).Range())
	case "reverse":
		return mapVal(p.asMap(a, t, op).Reverse())
	case "deltas":
		return setVal(p.asMap(a, t, op).Deltas())
	case "identity":
		return mapVal(p.asSet(a, t, op).Identity())
	case "wrap":
		return setVal(p.asMap(a, t, op).Wrap())
	case "unwrap":
		return mapVal(p.asSet(a, t, op).Unwrap())
	case "params":
		if a.kind == vMap {
			return setVal(pb.NewUnionSet(a.m.ParamSet()))
		}
		s := p.asSet(a, t, op)
		params := s.Params()
		ps := pb.EmptySet(pb.NewParamSpace(params))
		for _, set := range s.Sets() {
			ps = ps.Union(set.AlignParams(params).Params())
		}
		return setVal(pb.NewUnionSet(ps))
	case "coalesce":
		if a.kind == vMap {
			if c, ok := any(a.m).(mapCoalescer); ok {
				return mapVal(c.Coalesce())
			}
			p.fail(t, "not yet supported: coalesce (the engine has no UnionMap.Coalesce)")
		}
		s := p.asSet(a, t, op)
		if c, ok := any(s).(setCoalescer); ok {
			return setVal(c.Coalesce())
		}
		p.fail(t, "not yet supported: coalesce (the engine has no UnionSet.Coalesce)")
	case "lexmin", "lexmax":
		return p.lexOpt(op, a, t)
	case "aff", "affine_hull", "poly", "convex_hull":
		return hull(op, a, p, t)
	case "deltas_map", "domain_map", "range_map":
		return mapVal(eachMap(p.asMap(a, t, op), map[string]func(pb.Map) pb.Map{
			"deltas_map": pb.Map.DeltasMap, "domain_map": pb.Map.DomainMap, "range_map": pb.Map.RangeMap}[op]))
	case "sample":
		return p.sample(a, t)
	case "card":
		return p.card(a, t)
	}
	p.fail(t, "internal error: unknown operator '%s'", op)
	return value{}
}

func (p *parser) lexOpt(op string, a value, t pb.Token) value {
	max := op == "lexmax"
	if a.kind == vMap {
		if max {
			if f, ok := any(a.m).(mapLexMaxer); ok {
				return mapVal(f.LexMax())
			}
		} else if f, ok := any(a.m).(mapLexMiner); ok {
			return mapVal(f.LexMin())
		}
		p.fail(t, "not yet supported: %s of a map (the engine has no parametric LexMin yet)", op)
	}
	s := p.asSet(a, t, op)
	if max {
		if f, ok := any(s).(setLexMaxer); ok {
			return setVal(f.LexMax())
		}
	} else if f, ok := any(s).(setLexMiner); ok {
		return setVal(f.LexMin())
	}
	// Fallback: parameter-free sets, one optimal point per space.
	if len(s.Params()) > 0 {
		p.fail(t, "not yet supported: %s of a parametric set", op)
	}
	var out []pb.Set
	for _, set := range s.Sets() {
		var pt []int64
		var k pb.OptKind
		if max {
			pt, k = set.LexMaxPoint()
		} else {
			pt, k = set.LexMinPoint()
		}
		switch k {
		case pb.OptEmpty:
			continue
		case pb.OptUnbounded:
			p.fail(t, "%s: the set of space %v is unbounded", op, set.Space())
		}
		out = append(out, pointSet(set.Space(), pt))
	}
	if len(out) == 0 {
		return setVal(pb.EmptyUnionSet(s.Params()))
	}
	return setVal(pb.NewUnionSet(out...))
}

// pointSet returns the set of space sp holding the single point pt
// (parameters then dims).
func pointSet(sp pb.Space, pt []int64) pb.Set {
	b := pb.NewBasicBuilder(sp)
	for c, v := range pt {
		row := make([]int64, b.NCols())
		row[c] = 1
		row[len(row)-1] = -v
		b.AddEq(row)
	}
	return b.BuildSet().ToSet()
}

func (p *parser) sample(a value, t pb.Token) value {
	if a.kind == vMap {
		sp, pt, ok := a.m.Wrap().Sample()
		if !ok {
			return mapVal(pb.EmptyUnionMap(a.m.Params()))
		}
		return mapVal(pb.NewUnionSet(pointSet(sp, pt)).Unwrap())
	}
	s := p.asSet(a, t, "sample")
	sp, pt, ok := s.Sample()
	if !ok {
		return setVal(pb.EmptyUnionSet(s.Params()))
	}
	return setVal(pb.NewUnionSet(pointSet(sp, pt)))
}

// card evaluates card: the exact number of points of a parameter-free
// set (of pairs of a map) as an integer, and the count of a parametric
// set as a piecewise quasi-polynomial in the parameters, printed as iscc
// prints it; the counts of the members of a union are added.
func (p *parser) card(a value, t pb.Token) value {
	var sets []pb.Set
	var params []string
	if a.kind == vMap {
		params = a.m.Params()
		for _, m := range a.m.Maps() {
			sets = append(sets, m.Wrap())
		}
	} else {
		s := p.asSet(a, t, "card")
		params = s.Params()
		sets = s.Sets()
	}
	if len(params) == 0 {
		total := new(big.Int)
		for _, s := range sets {
			n, err := s.Count()
			if err != nil {
				p.fail(t, "card: %v", err)
			}
			total.Add(total, n)
		}
		return value{kind: vInt, n: total}
	}
	if a.kind == vMap {
		p.fail(t, "not yet supported: card of a parametric map")
	}
	sum := pb.ZeroPwQPolynomial(params)
	for _, s := range sets {
		f, err := s.AlignParams(params).CardPw()
		if err != nil {
			p.fail(t, "card: %v", err)
		}
		sum = sum.Add(f)
	}
	return value{kind: vPoly, q: sum}
}

// eachMap applies f to every map of u.
func eachMap(u pb.UnionMap, f func(pb.Map) pb.Map) pb.UnionMap {
	out := pb.EmptyUnionMap(u.Params())
	for _, m := range u.Maps() {
		out = out.Union(pb.NewUnionMap(f(m)))
	}
	return out
}

// hull evaluates aff/affine_hull (the affine hull of every member) and
// poly/convex_hull (the convex hull of every member).
func hull(op string, a value, p *parser, t pb.Token) value {
	aff := op == "aff" || op == "affine_hull"
	one := func(m pb.Map) pb.Map {
		if aff {
			return pb.NewMap(m.Space(), m.AffineHull())
		}
		return pb.NewMap(m.Space(), m.ConvexHull())
	}
	if a.kind == vMap {
		return mapVal(eachMap(a.m, one))
	}
	s := p.asSet(a, t, op)
	return setVal(toUnionSet(eachMap(s.UnionMap(), one)))
}

// lexPairs returns the pairs (x, y), x in a and y in b of the same
// space, with x before y (<<), x before or equal to y (<<=), after (>>)
// or after or equal (>>=) in the lexicographic order: iscc's operators on
// union sets (isl_union_set_lex_lt_union_set ...), which relate no two
// elements of different spaces.
func lexPairs(op pb.TokKind, a, b pb.UnionSet) pb.UnionMap {
	out := pb.EmptyUnionMap(a.Params())
	for _, x := range a.Sets() {
		for _, y := range b.Sets() {
			if !x.Space().TuplesEqual(y.Space()) {
				continue
			}
			var m pb.Map
			switch op {
			case pb.TokLexLt:
				m = x.LexLTSet(y)
			case pb.TokLexLe:
				m = x.LexLESet(y)
			case pb.TokLexGt:
				m = x.LexGTSet(y)
			default:
				m = x.LexGESet(y)
			}
			out = out.Union(pb.NewUnionMap(m))
		}
	}
	return out
}

// lexMapPairs returns the pairs (x, y) of domain elements of a and b
// whose images a(x) and b(y), of the same space, compare as op says:
// iscc's operators on union maps (isl_union_map_lex_lt_union_map ...).
func lexMapPairs(op pb.TokKind, a, b pb.UnionMap) pb.UnionMap {
	out := pb.EmptyUnionMap(a.Params())
	for _, x := range a.Maps() {
		for _, y := range b.Maps() {
			rx, ry := x.Range(), y.Range()
			if !rx.Space().TuplesEqual(ry.Space()) {
				continue
			}
			var order pb.Map
			switch op {
			case pb.TokLexLt:
				order = rx.LexLTSet(ry)
			case pb.TokLexLe:
				order = rx.LexLESet(ry)
			case pb.TokLexGt:
				order = rx.LexGTSet(ry)
			default:
				order = rx.LexGESet(ry)
			}
			out = out.Union(pb.NewUnionMap(x.ApplyRange(order).ApplyRange(y.Reverse())))
		}
	}
	return out
}
