package presburger

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/tessera-opt/tessera/presburger/internal/ints"
)

// This file prints sets and maps in isl notation. The text always parses
// back (ParseSet, ParseMap, ParseUnionSet, ParseUnionMap) to an object
// with the same points; within that, it aims at isl's readable forms:
//
//   - a dimension fixed by an equality in terms of parameters and earlier
//     dimensions is written in the tuple: "{ S[i] -> [i, 0] }";
//   - bounds on the same variable are chained: "0 <= i < n";
//   - known floor divisions are written inline, "floor((i + 1)/2)", and
//     the stride pattern f - d*floor(f/d) as "(f) mod d";
//   - unknown existential variables are bound by "exists (e0, e1: ...)"
//     around the constraints that use them;
//   - disjuncts of one space share the tuple and are joined by "or" when
//     their tuples print alike, and elements of a union are joined by ";".

// String prints b in isl notation.
func (b BasicMap) String() string {
	return paramPrefix(b.space.Params()) + "{ " + newBasicPrinter(b).piece() + " }"
}

// String prints b in isl notation.
func (b BasicSet) String() string { return b.m.String() }

// String prints m in isl notation.
func (m Map) String() string {
	return paramPrefix(m.space.Params()) + "{ " + strings.Join(mapPieces(m), "; ") + " }"
}

// String prints s in isl notation. The zero Set, which has no space yet,
// prints as the empty union does: "{  }".
func (s Set) String() string {
	if !s.m.space.isSet && s.m.space.NDim() == 0 && len(s.m.parts) == 0 {
		return "{  }"
	}
	return s.m.String()
}

// String prints u in isl notation; an empty union prints as "{  }".
func (u UnionMap) String() string {
	var pieces []string
	for _, m := range u.maps {
		if len(m.parts) == 0 {
			continue
		}
		pieces = append(pieces, mapPieces(m)...)
	}
	if len(pieces) == 0 {
		return paramPrefix(u.params) + "{  }"
	}
	return paramPrefix(u.params) + "{ " + strings.Join(pieces, "; ") + " }"
}

// String prints u in isl notation.
func (u UnionSet) String() string { return u.u.String() }

func paramPrefix(params []string) string {
	if len(params) == 0 {
		return ""
	}
	return "[" + strings.Join(params, ", ") + "] -> "
}

// mapPieces returns the elements printing m: one per part, or a single
// one joining the parts' conditions with "or" when their tuples print
// alike.
func mapPieces(m Map) []string {
	if len(m.parts) == 0 {
		return []string{newBasicPrinter(EmptyBasic(m.space)).piece()}
	}
	ps := make([]*basicPrinter, len(m.parts))
	same := true
	for i, p := range m.parts {
		ps[i] = newBasicPrinter(p)
		if ps[i].tuples() != ps[0].tuples() {
			same = false
		}
	}
	if !same || len(ps) == 1 {
		out := make([]string, len(ps))
		for i, p := range ps {
			out[i] = p.piece()
		}
		return out
	}
	conds := make([]string, len(ps))
	for i, p := range ps {
		c := p.cond()
		if c == "" {
			c = "true"
		}
		conds[i] = c
	}
	return []string{ps[0].tupleHead(strings.Join(conds, " or "))}
}

// isIslIdent reports whether s lexes as one identifier that is not a
// keyword.
func isIslIdent(s string) bool {
	if s == "" || islKeywords[s] {
		return false
	}
	for i, r := range s {
		if i == 0 && !isIdentStart(r) || i > 0 && !isIdentRune(r) {
			return false
		}
	}
	return true
}

// basicPrinter prints one basic map. It works on copies of the rows, in
// which dimensions written in the tuple have been substituted away.
type basicPrinter struct {
	sp     Space
	np, nd int
	locals []Local
	eqs    [][]int64
	ineqs  [][]int64
	empty  bool
	names  []string // per column before the constant; "" for known locals
	tupleX map[int]string
}

func newBasicPrinter(b BasicMap) *basicPrinter {
	p := &basicPrinter{sp: b.space, np: b.space.NParam(), nd: b.space.NDim(), empty: b.empty}
	p.locals = make([]Local, len(b.locals))
	for i := range b.locals {
		p.locals[i] = b.Local(i)
	}
	p.eqs, p.ineqs = b.Eqs(), b.Ineqs()
	p.nameColumns()
	if !p.empty {
		p.substituteTupleDims()
	}
	return p
}

// nameColumns chooses unique printable names: parameters keep theirs,
// dims keep theirs when valid and unique (else i0, o0, ...; primes resolve
// clashes), unknown locals are e0, e1, ...
func (p *basicPrinter) nameColumns() {
	sp := p.sp
	p.names = make([]string, p.nd+len(p.locals))
	used := map[string]bool{}
	for i, n := range sp.Params() {
		p.names[i] = n
		used[n] = true
	}
	fresh := func(base string) string {
		n := base
		for used[n] {
			n += "'"
		}
		used[n] = true
		return n
	}
	col := p.np
	if sp.IsMap() {
		for i, n := range sp.DimNames(In) {
			if !isIslIdent(n) {
				n = "i" + strconv.Itoa(i)
			}
			p.names[col] = fresh(n)
			col++
		}
	}
	pre := "o"
	if sp.IsSet() {
		pre = "i"
	}
	for i, n := range sp.DimNames(Out) {
		if !isIslIdent(n) {
			n = pre + strconv.Itoa(i)
		}
		p.names[col] = fresh(n)
		col++
	}
	k := 0
	for i, l := range p.locals {
		if l.Known() {
			continue
		}
		for used["e"+strconv.Itoa(k)] {
			k++
		}
		p.names[p.nd+i] = fresh("e" + strconv.Itoa(k))
	}
}

// earlyCol reports whether column c refers only to parameters and to
// dimensions before column k (known locals recursively so).
func (p *basicPrinter) earlyCol(c, k int) bool {
	if c < p.nd {
		return c < k
	}
	l := p.locals[c-p.nd]
	if !l.Known() {
		return false
	}
	for j, v := range l.Row[:len(l.Row)-1] {
		if v != 0 && !p.earlyCol(j, k) {
			return false
		}
	}
	return true
}

// substituteTupleDims writes in the tuple every dimension fixed by an
// equality with coefficient ±1 in terms of parameters, earlier dimensions
// and known divisions of those, and substitutes it in the other rows.
func (p *basicPrinter) substituteTupleDims() {
	p.tupleX = map[int]string{}
	for k := p.np; k < p.nd; k++ {
		p.pairsToEqs()
		for ei, row := range p.eqs {
			c := row[k]
			if c != 1 && c != -1 {
				continue
			}
			ok := true
			for j, v := range row[:len(row)-1] {
				if v != 0 && j != k && !p.earlyCol(j, k) {
					ok = false
					break
				}
			}
			if !ok || !p.trySubstitute(k, ei) {
				continue
			}
			break
		}
		if _, done := p.tupleX[k]; !done {
			p.detectFloorDim(k)
		}
	}
}

// detectFloorDim recognizes a dimension x_k bounded by a pair
// f - (d-1) <= d*x_k <= f, with f over parameters and earlier dimensions:
// then x_k = floor(f/d). The dimension is written "floor(f/d)" in the
// tuple and its other uses go through a new known local, so that
// "i - 3x" prints as "i mod 3".
func (p *basicPrinter) detectFloorDim(k int) {
	for hi, rh := range p.ineqs {
		d := -rh[k]
		if d < 2 {
			continue
		}
		ok := true
		for j, v := range rh[:len(rh)-1] {
			if v != 0 && j != k && !p.earlyCol(j, k) {
				ok = false
				break
			}
		}
		if !ok {
			continue
		}
		for lo, rl := range p.ineqs {
			if lo == hi || rl[k] != d {
				continue
			}
			match := true
			for j := range rl[:len(rl)-1] {
				if rl[j] != -rh[j] {
					match = false
					break
				}
			}
			if !match || rl[len(rl)-1]+rh[len(rh)-1] != d-1 {
				continue
			}
			p.floorDim(k, hi, lo, d)
			return
		}
	}
}

// floorDim rewrites column k as the new known local floor(f/d), f being
// inequality hi without its x_k term, and drops the defining pair.
func (p *basicPrinter) floorDim(k, hi, lo int, d int64) {
	widen := func(r []int64) []int64 {
		n := len(r)
		out := make([]int64, n+1)
		copy(out, r[:n-1])
		out[n] = r[n-1]
		return out
	}
	f := widen(p.ineqs[hi])
	f[k] = 0
	q := len(f) - 2 // the new local's column
	move := func(r []int64) []int64 {
		w := widen(r)
		w[q], w[k] = w[k], 0
		return w
	}
	var ineqs [][]int64
	for i, r := range p.ineqs {
		if i != hi && i != lo {
			ineqs = append(ineqs, move(r))
		}
	}
	p.ineqs = ineqs
	for i, r := range p.eqs {
		p.eqs[i] = move(r)
	}
	for i, l := range p.locals {
		if l.Known() {
			p.locals[i] = Local{Row: move(l.Row), Den: l.Den}
		}
	}
	loc := Local{Row: f, Den: d}
	p.locals = append(p.locals, loc)
	p.names = append(p.names, "")
	p.tupleX[k] = p.floorText(loc)
}

// eliminateDivsWithEqs uses each equality that involves a known local to
// eliminate that local from the other constraints (inequalities scaled by
// a positive factor), so that "i mod 2 = 0 and 0 <= floor(i/2) <= 4"
// prints as "0 <= i <= 8 and i mod 2 = 0". Overflow leaves the rows as
// they are.
func (p *basicPrinter) eliminateDivsWithEqs() {
	survives(p.eliminateDivsWithEqsExact, Overflow)
}

// eliminateDivsWithEqsExact is eliminateDivsWithEqs; it panics on
// overflow before changing p.
func (p *basicPrinter) eliminateDivsWithEqsExact() {
	eqs, ineqs := cloneRows(p.eqs), cloneRows(p.ineqs)
	for ei, r := range eqs {
		for q := len(r) - 2; q >= p.nd; q-- {
			if r[q] == 0 || !p.locals[q-p.nd].Known() {
				continue
			}
			c := r[q]
			f := ints.Abs(c)
			sg := int64(1)
			if c < 0 {
				sg = -1
			}
			elim := func(s []int64) []int64 {
				if s[q] == 0 {
					return s
				}
				// f*s - sign(c)*s_q*r has no q term; f > 0 keeps s's sense.
				g := ints.Mul(sg, s[q])
				out := make([]int64, len(s))
				for j := range s {
					out[j] = ints.Sub(ints.Mul(f, s[j]), ints.Mul(g, r[j]))
				}
				return out
			}
			for i := range ineqs {
				ineqs[i] = elim(ineqs[i])
			}
			for i := range eqs {
				if i != ei {
					eqs[i] = elim(eqs[i])
				}
			}
			break // one local per equality
		}
	}
	p.eqs, p.ineqs = eqs, ineqs
}

// unfoldDivBounds rewrites a bound on a single known local,
// floor(f/d) >= c or floor(f/d) <= c, as the bound f >= c*d or
// f <= c*d + d - 1 on its argument ("floor(i/3) > 0" prints "i >= 3").
func (p *basicPrinter) unfoldDivBounds() {
	survives(p.unfoldDivBoundsExact, Overflow)
}

// unfoldDivBoundsExact is unfoldDivBounds; on overflow it panics with the
// rows before the failing one rewritten (each rewrite is exact).
func (p *basicPrinter) unfoldDivBoundsExact() {
	for i, r := range p.ineqs {
		n := len(r) - 1
		q := -1
		for j, v := range r[:n] {
			if v == 0 {
				continue
			}
			if q >= 0 || j < p.nd || !p.locals[j-p.nd].Known() {
				q = -2
				break
			}
			q = j
		}
		if q < 0 {
			continue
		}
		l := p.locals[q-p.nd]
		k, c := r[q], r[n]
		out := make([]int64, len(r))
		if k > 0 {
			// k*q + c >= 0  <=>  q >= ceil(-c/k)  <=>  f - d*ceil(-c/k) >= 0
			lo := ints.CeilDiv(ints.Neg(c), k)
			copy(out, l.Row)
			out[n] = ints.Sub(l.Row[n], ints.Mul(l.Den, lo))
		} else {
			// q <= floor(c/|k|)  <=>  d*floor(c/|k|) + d - 1 - f >= 0
			hi := ints.FloorDiv(c, ints.Neg(k))
			for j := range out {
				out[j] = ints.Neg(l.Row[j])
			}
			out[n] = ints.Add(out[n], ints.Add(ints.Mul(l.Den, hi), l.Den-1))
		}
		p.ineqs[i] = out
	}
}

// pairsToEqs turns pairs of opposite inequalities (r >= 0 and -r >= 0,
// which substitution may create) into equalities.
func (p *basicPrinter) pairsToEqs() {
	for i := 0; i < len(p.ineqs); i++ {
		for j := i + 1; j < len(p.ineqs); j++ {
			a, b := p.ineqs[i], p.ineqs[j]
			opp := true
			for c := range a {
				if a[c] != -b[c] {
					opp = false
					break
				}
			}
			if opp {
				p.eqs = append(p.eqs, a)
				p.ineqs = slices.Delete(slices.Clone(p.ineqs), j, j+1)
				p.ineqs = slices.Delete(p.ineqs, i, i+1)
				i--
				break
			}
		}
	}
}

// trySubstitute eliminates column k with equality ei; false (and no
// change) if the arithmetic would overflow.
func (p *basicPrinter) trySubstitute(k, ei int) bool {
	return survives(func() { p.substitute(k, ei) }, Overflow)
}

// substitute is trySubstitute; it panics on overflow before changing p.
func (p *basicPrinter) substitute(k, ei int) {
	// Scale the equality so that x_k has coefficient 1: x_k = -(s - x_k).
	s := slices.Clone(p.eqs[ei])
	if s[k] == -1 {
		for j := range s {
			s[j] = ints.Neg(s[j])
		}
	}
	elim := func(rows [][]int64, skip int) [][]int64 {
		out := make([][]int64, len(rows))
		for i, r := range rows {
			if i == skip || r[k] == 0 {
				out[i] = r
				continue
			}
			r2 := slices.Clone(r)
			f := ints.Neg(r[k])
			for j := range r2 {
				r2[j] = ints.Add(r2[j], ints.Mul(f, s[j]))
			}
			out[i] = r2
		}
		return out
	}
	eqs := elim(p.eqs, ei)
	ineqs := elim(p.ineqs, -1)
	locals := slices.Clone(p.locals)
	for i, l := range locals {
		if l.Known() && l.Row[k] != 0 {
			locals[i] = Local{Row: elim([][]int64{l.Row}, -1)[0], Den: l.Den}
		}
	}
	expr := make([]int64, len(s))
	for j := range s {
		expr[j] = ints.Neg(s[j])
	}
	expr[k] = 0
	p.eqs = slices.Delete(eqs, ei, ei+1)
	p.ineqs = ineqs
	p.locals = locals
	p.tupleX[k] = p.expr(expr).String()
}

// tuples prints the tuples ("S[i] -> [i, 0]").
func (p *basicPrinter) tuples() string {
	col := p.np
	var b strings.Builder
	if p.sp.IsMap() {
		p.writeTuple(&b, p.sp, In, &col)
		b.WriteString(" -> ")
	}
	p.writeTuple(&b, p.sp, Out, &col)
	return b.String()
}

func (p *basicPrinter) writeTuple(b *strings.Builder, sp Space, k DimKind, col *int) {
	b.WriteString(sp.TupleName(k))
	b.WriteByte('[')
	if n, ok := sp.Nested(k); ok {
		p.writeTuple(b, n, In, col)
		b.WriteString(" -> ")
		p.writeTuple(b, n, Out, col)
	} else {
		for i := 0; i < sp.Dim(k); i++ {
			if i > 0 {
				b.WriteString(", ")
			}
			if x, ok := p.tupleX[*col]; ok {
				b.WriteString(x)
			} else {
				b.WriteString(p.names[*col])
			}
			*col++
		}
	}
	b.WriteByte(']')
}

// isParamDomain reports whether the space is a zero-dimensional unnamed
// set, printed isl's way as "{ : cond }".
func (p *basicPrinter) isParamDomain() bool {
	return p.sp.IsParamSpace()
}

// tupleHead returns the element text with the given condition.
func (p *basicPrinter) tupleHead(cond string) string {
	if p.isParamDomain() {
		if cond == "" {
			return ": "
		}
		return ": " + cond
	}
	if cond == "" {
		return p.tuples()
	}
	return p.tuples() + " : " + cond
}

// piece prints the element "tuples : condition".
func (p *basicPrinter) piece() string { return p.tupleHead(p.cond()) }

// cond prints the condition ("" when there is no constraint).
func (p *basicPrinter) cond() string {
	if p.empty {
		return "false"
	}
	p.eliminateDivsWithEqs()
	p.unfoldDivBounds()
	// Substitution may leave constant rows: drop the true ones; a false
	// one makes the whole condition false.
	isConst := func(r []int64) bool {
		for _, v := range r[:len(r)-1] {
			if v != 0 {
				return false
			}
		}
		return true
	}
	// Substitution may also leave rows with a common factor: divide it out
	// (tightening the constant of inequalities, as normalization does).
	tighten := func(r []int64, eq bool) ([]int64, bool) {
		n := len(r) - 1
		g := ints.RowGCD(r[:n])
		if g <= 1 {
			return r, true
		}
		if eq && r[n]%g != 0 {
			return r, false
		}
		out := make([]int64, len(r))
		for j := range n {
			out[j] = r[j] / g
		}
		out[n] = ints.FloorDiv(r[n], g)
		return out, true
	}
	var eqs, ineqs [][]int64
	seen := map[string]bool{}
	dup := func(r []int64, eq bool) bool {
		k := fmt.Sprint(eq, r)
		if seen[k] {
			return true
		}
		seen[k] = true
		return false
	}
	for _, r := range p.eqs {
		r, ok := tighten(r, true)
		if !ok {
			return "false"
		}
		if dup(r, true) {
			continue
		}
		if !isConst(r) {
			eqs = append(eqs, r)
		} else if r[len(r)-1] != 0 {
			return "false"
		}
	}
	// Of inequalities differing only in their constant, the smallest
	// constant is the tightest: keep that one only.
	tightest := map[string]int{}
	for _, r := range p.ineqs {
		r, _ = tighten(r, false)
		if isConst(r) {
			if r[len(r)-1] < 0 {
				return "false"
			}
			continue
		}
		k := fmt.Sprint(r[:len(r)-1])
		if i, ok := tightest[k]; ok {
			if r[len(r)-1] < ineqs[i][len(r)-1] {
				ineqs[i] = r
			}
			continue
		}
		tightest[k] = len(ineqs)
		ineqs = append(ineqs, r)
	}
	// Which columns depend on unknown existentials (directly or through
	// known locals)?
	dep := make([]bool, p.nd+len(p.locals))
	for i, l := range p.locals {
		c := p.nd + i
		if !l.Known() {
			dep[c] = true
			continue
		}
		for j, v := range l.Row[:len(l.Row)-1] {
			if v != 0 && dep[j] {
				dep[c] = true
			}
		}
	}
	uses := func(r []int64) bool {
		for j, v := range r[:len(r)-1] {
			if v != 0 && dep[j] {
				return true
			}
		}
		return false
	}
	var outE, outI, inE, inI [][]int64
	for _, r := range eqs {
		if uses(r) {
			inE = append(inE, r)
		} else {
			outE = append(outE, r)
		}
	}
	for _, r := range ineqs {
		if uses(r) {
			inI = append(inI, r)
		} else {
			outI = append(outI, r)
		}
	}
	parts := p.constraints(outE, outI)
	if len(inE)+len(inI) > 0 {
		// Bind the existentials used by the inner constraints.
		usedCol := make([]bool, len(dep))
		var mark func(r []int64)
		mark = func(r []int64) {
			for j, v := range r[:len(r)-1] {
				if v == 0 || usedCol[j] {
					continue
				}
				usedCol[j] = true
				if j >= p.nd && p.locals[j-p.nd].Known() {
					mark(p.locals[j-p.nd].Row)
				}
			}
		}
		for _, r := range inE {
			mark(r)
		}
		for _, r := range inI {
			mark(r)
		}
		var vars []string
		for i, l := range p.locals {
			if !l.Known() && usedCol[p.nd+i] {
				vars = append(vars, p.names[p.nd+i])
			}
		}
		inner := strings.Join(p.constraints(inE, inI), " and ")
		parts = append(parts, "exists ("+strings.Join(vars, ", ")+": "+inner+")")
	}
	return strings.Join(parts, " and ")
}

// bound is one inequality seen from its pivot term: coef*pivot >= rest
// (lower) or coef*pivot <= rest (upper), coef > 0.
type bound struct {
	pivot affTerm // with coef > 0
	rest  affText
}

// constraints prints equalities and inequalities, grouped by pivot (the
// last dimension they involve) with lower and upper bounds chained.
func (p *basicPrinter) constraints(eqs, ineqs [][]int64) []string {
	type group struct {
		order  int
		eqs    []string
		lowers []bound
		uppers []bound
	}
	groups := map[string]*group{}
	var keys []string
	get := func(key string, order int) *group {
		g, ok := groups[key]
		if !ok {
			g = &group{order: order}
			groups[key] = g
			keys = append(keys, key)
		}
		return g
	}
	for _, r := range eqs {
		a := p.expr(r)
		pi := a.pivot()
		t := a.terms[pi]
		if t.coef < 0 {
			a = a.neg()
			t = a.terms[pi]
		}
		rest := a.without(pi).neg()
		lhs := t.String()
		g := get(t.atom, t.order)
		g.eqs = append(g.eqs, lhs+" = "+rest.String())
	}
	for _, r := range ineqs {
		a := p.expr(r)
		pi := a.pivot()
		t := a.terms[pi]
		g := get(t.atom+"*"+strconv.FormatInt(ints.Abs(t.coef), 10), t.order)
		if t.coef > 0 {
			// coef*x + rest >= 0  <=>  coef*x >= -rest
			g.lowers = append(g.lowers, bound{pivot: t, rest: a.without(pi).neg()})
		} else {
			// rest - |coef|*x >= 0  <=>  |coef|*x <= rest
			t.coef = ints.Neg(t.coef)
			g.uppers = append(g.uppers, bound{pivot: t, rest: a.without(pi)})
		}
	}
	slices.SortStableFunc(keys, func(a, b string) int { return groups[a].order - groups[b].order })
	var out []string
	for _, k := range keys {
		g := groups[k]
		out = append(out, g.eqs...)
		n := min(len(g.lowers), len(g.uppers))
		for i := 0; i < n; i++ {
			lo, hi := g.lowers[i], g.uppers[i]
			lt, lop := lo.rest.lowerText()
			ut, uop := hi.rest.upperText()
			out = append(out, lt+" "+lop+" "+hi.pivot.String()+" "+uop+" "+ut)
		}
		for _, lo := range g.lowers[n:] {
			lt, lop := lo.rest.lowerText()
			op := ">="
			if lop == "<" {
				op = ">"
			}
			out = append(out, lo.pivot.String()+" "+op+" "+lt)
		}
		for _, hi := range g.uppers[n:] {
			ut, uop := hi.rest.upperText()
			out = append(out, hi.pivot.String()+" "+uop+" "+ut)
		}
	}
	return out
}

// affTerm is one term coef*atom of a printed affine expression. order
// sorts the printed constraints (parameters, dimensions, locals, mod terms
// by column); prio ranks the pivot choice (dimensions, then locals and mod
// terms, then parameters).
type affTerm struct {
	coef  int64
	atom  string
	kind  atomKind
	order int
	prio  int
}

type atomKind int

const (
	atomName     atomKind = iota // "i": 2i, -i
	atomCall                     // "floor(...)": 2*floor(...), -floor(...)
	atomCompound                 // "i mod 2": 2*(i mod 2), -(i mod 2)
)

// affText is a printed affine expression: terms and a constant.
type affText struct {
	terms []affTerm
	k     int64
}

func (a affText) neg() affText {
	out := affText{k: ints.Neg(a.k), terms: make([]affTerm, len(a.terms))}
	for i, t := range a.terms {
		t.coef = ints.Neg(t.coef)
		out.terms[i] = t
	}
	return out
}

func (a affText) without(i int) affText {
	return affText{k: a.k, terms: slices.Delete(slices.Clone(a.terms), i, i+1)}
}

// pivot returns the index of the term a constraint is written around: the
// last dimension, else the last parameter, else the first other term.
func (a affText) pivot() int {
	best := 0
	for i, t := range a.terms {
		if t.prio > a.terms[best].prio {
			best = i
		}
	}
	return best
}

// termText prints coef*atom (with a sign only when coef < 0).
func termText(coef int64, atom string, kind atomKind) string {
	c := strconv.FormatInt(coef, 10)
	switch coef {
	case 1:
		return atom
	case -1:
		c = "-"
	}
	switch kind {
	case atomName:
		return c + atom
	case atomCall:
		if coef == -1 {
			return c + atom
		}
		return c + "*" + atom
	}
	if coef == -1 {
		return c + "(" + atom + ")"
	}
	return c + "*(" + atom + ")"
}

// String prints the term alone.
func (t affTerm) String() string { return termText(t.coef, t.atom, t.kind) }

// String prints the expression: positive terms first, then negative ones,
// then the constant ("n - i - 1").
func (a affText) String() string {
	var b strings.Builder
	write := func(t affTerm) {
		if b.Len() == 0 {
			b.WriteString(termText(t.coef, t.atom, t.kind))
			return
		}
		if t.coef < 0 {
			b.WriteString(" - ")
			b.WriteString(termText(ints.Neg(t.coef), t.atom, t.kind))
		} else {
			b.WriteString(" + ")
			b.WriteString(termText(t.coef, t.atom, t.kind))
		}
	}
	pos := false
	for _, t := range a.terms {
		if t.coef > 0 {
			write(t)
			pos = true
		}
	}
	if !pos && a.k > 0 {
		// "10 - i" rather than "-i + 10".
		b.WriteString(strconv.FormatInt(a.k, 10))
		a.k = 0
	}
	for _, t := range a.terms {
		if t.coef < 0 {
			write(t)
		}
	}
	switch {
	case b.Len() == 0:
		b.WriteString(strconv.FormatInt(a.k, 10))
	case a.k > 0:
		b.WriteString(" + " + strconv.FormatInt(a.k, 10))
	case a.k < 0:
		b.WriteString(" - " + strconv.FormatUint(uint64(-(a.k+1))+1, 10))
	}
	return b.String()
}

// lowerText prints a lower bound L of "L <= x", or "L-1 < x" when that
// makes the constant vanish; it returns the text and the operator.
func (a affText) lowerText() (string, string) {
	if a.k == 1 {
		a.k = 0
		return a.String(), "<"
	}
	return a.String(), "<="
}

// upperText prints an upper bound U of "x <= U", or "x < U+1" when that
// makes the constant vanish.
func (a affText) upperText() (string, string) {
	if a.k == -1 {
		a.k = 0
		return a.String(), "<"
	}
	return a.String(), "<="
}

// expr turns a row (columns and constant) into printable terms, writing
// known locals inline and recognizing f - d*floor(f/d) as "(f) mod d".
func (p *basicPrinter) expr(row []int64) affText {
	r := slices.Clone(row)
	n := len(r) - 1
	a := affText{k: r[n]}
	// Mod patterns: for a known local q = floor(f/d) with coefficient -m*d,
	// rewrite m*f - m*d*q as m*(f mod d) when that removes terms.
	for c := p.nd; c < n; c++ {
		l := p.locals[c-p.nd]
		if !l.Known() || r[c] == 0 || r[c]%l.Den != 0 {
			continue
		}
		m := -(r[c] / l.Den)
		if m == 0 {
			continue
		}
		before, after := 0, 0
		rest := slices.Clone(r)
		rest[c] = 0
		ok := survives(func() {
			for j := 0; j < n; j++ {
				if rest[j] != 0 {
					before++
				}
				rest[j] = ints.Sub(rest[j], ints.Mul(m, l.Row[j]))
				if rest[j] != 0 {
					after++
				}
			}
			rest[n] = ints.Sub(rest[n], ints.Mul(m, l.Row[n]))
		}, Overflow)
		if !ok || after >= before {
			continue
		}
		a.terms = append(a.terms, affTerm{coef: m, atom: p.modText(l), kind: atomCompound, order: 3*(n+1) + c, prio: 1})
		r = rest
		a.k = r[n]
	}
	for c := 0; c < n; c++ {
		if r[c] == 0 {
			continue
		}
		t := affTerm{coef: r[c]}
		switch {
		case c < p.np:
			t.atom, t.order, t.prio = p.names[c], c, 0
		case c < p.nd:
			t.atom, t.order, t.prio = p.names[c], (n+1)+c, 2*(n+1)+c
		default:
			t.order, t.prio = 2*(n+1)+c, 1
			if l := p.locals[c-p.nd]; l.Known() {
				t.atom, t.kind = p.floorText(l), atomCall
				if prNegatedRow(l.Row) {
					// floor((-f)/d) = -ceil(f/d): "2*ceil(i/2)" rather than
					// "-2*floor((-i)/2)".
					f := make([]int64, len(l.Row))
					for j, v := range l.Row {
						f[j] = -v
					}
					t.atom, t.coef = p.ceilText(Local{Row: f, Den: l.Den}), -t.coef
				}
			} else {
				t.atom = p.names[c]
			}
		}
		a.terms = append(a.terms, t)
	}
	return a
}

// floorText prints floor(f/d).
func (p *basicPrinter) floorText(l Local) string {
	f := p.expr(l.Row)
	inner := f.String()
	if len(f.terms) == 1 && f.k == 0 && f.terms[0].coef > 0 && f.terms[0].kind != atomCompound {
		return "floor(" + inner + "/" + strconv.FormatInt(l.Den, 10) + ")"
	}
	return "floor((" + inner + ")/" + strconv.FormatInt(l.Den, 10) + ")"
}

// prNegatedRow reports whether the non-constant coefficients of r are all
// non-positive, and one negative (and none is MinInt64).
func prNegatedRow(r []int64) bool {
	neg := false
	for _, v := range r[:len(r)-1] {
		if v > 0 || v == -1<<63 {
			return false
		}
		if v < 0 {
			neg = true
		}
	}
	return neg && r[len(r)-1] != -1<<63
}

// ceilText prints ceil(f/d).
func (p *basicPrinter) ceilText(l Local) string {
	return "ceil" + strings.TrimPrefix(p.floorText(l), "floor")
}

// modText prints (f) mod d (without the outer parentheses a coefficient
// would need: termText adds them).
func (p *basicPrinter) modText(l Local) string {
	f := p.expr(l.Row)
	if len(f.terms) == 1 && f.k == 0 && f.terms[0].coef == 1 && f.terms[0].kind != atomCompound {
		return f.String() + " mod " + strconv.FormatInt(l.Den, 10)
	}
	return "(" + f.String() + ") mod " + strconv.FormatInt(l.Den, 10)
}
