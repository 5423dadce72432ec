package presburger

import (
	"fmt"
	"math/big"
	"slices"

	"github.com/tessera-opt/tessera/presburger/internal/ints"
	"github.com/tessera-opt/tessera/presburger/internal/sys"
)

// Counting the points of a set (isl_set_card, barvinok's) without
// enumerating them.
//
// We first split the set into pairwise disjoint basic sets whose locals
// are all functions of the parameters and dims (makeKnown, makeDisjoint):
// the points of such a basic set are in one-to-one correspondence with
// the integer points (dims, locals) of its constraint system, the
// defining bounds of the divisions made explicit. We then count those
// integer points with a weight polynomial (initially 1) by eliminating
// the counted variables one by one, the parameters staying symbolic:
//
//   - An equality with a coefficient ±1 on a counted variable defines it:
//     we substitute it everywhere. An equality without one is reduced by
//     unimodular changes of variables (x_j = y_j - q y_k, Euclid's steps on
//     its coefficients) until a single counted variable remains, whose
//     coefficient then divides the rest or the set is empty.
//   - A counted variable whose inequalities all have coefficients ±1 is
//     bounded by max(L_1..L_p) <= x <= min(U_1..U_q), integer affine
//     functions of the others. We split the others' space into the
//     disjoint chambers where L_i is the first maximal lower bound and U_k
//     the first minimal upper bound and U_k >= L_i, and replace the weight
//     by its sum over x = L_i..U_k (Faulhaber's formulas): a polynomial
//     in the remaining variables.
//   - When no counted variable has unit coefficients, we slice along the
//     counted variable of smallest integer range, one subproblem per
//     value, under a step budget.
//
// When no counted variable remains, the constraints left are over the
// parameters: a leaf is a parameter domain and the polynomial counted on
// it. A parameter-free set has constant leaves, whose sum is the count.

// cardStepLimit bounds the subproblems (chambers and slices) of one count.
const cardStepLimit = 200000

// cardLeaf is a parameter domain (rows over the parameters, counted
// columns zero) and the count on it.
type cardLeaf struct {
	eq, ineq [][]int64
	w        poly
}

// counter counts the integer points of systems over np parameters and nv
// counted variables; rows have np+nv+1 entries, the weight np+nv
// variables.
type counter struct {
	np, nv int
	steps  int64
	cache  map[int][]*big.Rat
	leaves []cardLeaf
}

// cardProblem is one subproblem: constraints, the weight to sum, and
// which counted variables are not yet eliminated.
type cardProblem struct {
	eq, ineq [][]int64
	w        poly
	live     []bool // per counted variable
}

func (c *counter) tick(n int64) {
	c.steps += n
	if c.steps > cardStepLimit {
		panic(&Error{Kind: Budget, Msg: "Card: too many points to count (no closed form found within the step budget)"})
	}
}

func unsupportedCard(msg string) *Error {
	return &Error{Kind: Unsupported, Msg: "Card: " + msg}
}

// count adds the leaves of pr to c.
func (c *counter) count(pr cardProblem) {
	c.tick(1)
	if !c.solveEqs(&pr) {
		return
	}
	if !c.normalizeIneqs(&pr) {
		return
	}
	j := -1
	best := -1
	anyLive := false
	for v := range c.nv {
		if !pr.live[v] {
			continue
		}
		anyLive = true
		col := c.np + v
		p, q, unit := 0, 0, true
		for _, r := range pr.ineq {
			switch {
			case r[col] > 0:
				p++
			case r[col] < 0:
				q++
			}
			if r[col] != 0 && r[col] != 1 && r[col] != -1 {
				unit = false
			}
		}
		if p == 0 || q == 0 {
			if c.isEmpty(pr.eq, pr.ineq) {
				return
			}
			panic(unsupportedCard("the set is unbounded"))
		}
		if unit && (j < 0 || p*q < best) {
			j, best = v, p*q
		}
	}
	if !anyLive {
		c.leaves = append(c.leaves, cardLeaf{eq: pr.eq, ineq: pr.ineq, w: pr.w})
		return
	}
	if j < 0 {
		c.slice(pr)
		return
	}
	c.sumOut(pr, j)
}

// substituteRow replaces column col of every row of rows by the
// expression e (rows of the same width, e[col] == 0): r + r[col]*e with
// r[col] cleared.
func substituteRow(rows [][]int64, col int, e []int64) [][]int64 {
	out := make([][]int64, len(rows))
	for i, r := range rows {
		if r[col] == 0 {
			out[i] = r
			continue
		}
		n := slices.Clone(r)
		a := n[col]
		n[col] = 0
		ints.AddMulRow(n, e, a)
		out[i] = n
	}
	return out
}

// eliminate substitutes counted variable v by the affine expression e
// (free of v) in the rows and the weight of pr and marks it eliminated.
func (c *counter) eliminate(pr *cardProblem, v int, e []int64) {
	col := c.np + v
	pr.eq = substituteRow(pr.eq, col, e)
	pr.ineq = substituteRow(pr.ineq, col, e)
	pr.w = pr.w.substitute(col, polyAffine(e))
	pr.live = slices.Clone(pr.live)
	pr.live[v] = false
}

// solveEqs eliminates the counted variables that equalities define; the
// equalities left are over the parameters only. It returns false when pr
// is empty.
func (c *counter) solveEqs(pr *cardProblem) bool {
	for {
		var rest [][]int64
		pick := -1
		for _, r := range pr.eq {
			r, ok := normalizeEq(r)
			if !ok {
				return false
			}
			if r == nil {
				continue
			}
			rest = append(rest, r)
			if pick < 0 && slices.ContainsFunc(r[c.np:c.np+c.nv], func(a int64) bool { return a != 0 }) {
				pick = len(rest) - 1
			}
		}
		pr.eq = rest
		if pick < 0 {
			return true
		}
		row := pr.eq[pick]
		// A unit coefficient defines its variable.
		unit := -1
		for v := range c.nv {
			if a := row[c.np+v]; a == 1 || a == -1 {
				unit = v
				break
			}
		}
		if unit >= 0 {
			a := row[c.np+unit]
			e := ints.ScaleRow(row, -a) // x = -a*(row - a*x) since a*a == 1
			e[c.np+unit] = 0
			pr.eq = slices.Delete(slices.Clone(pr.eq), pick, pick+1)
			c.eliminate(pr, unit, e)
			continue
		}
		if !c.reduceEq(pr, row) {
			panic(unsupportedCard("the count is a quasi-polynomial (a stride depends on the parameters), not supported yet"))
		}
	}
}

// normalizeEq divides an equality by the gcd of its variable
// coefficients. It returns nil for a trivial row and false for an
// impossible one.
func normalizeEq(r []int64) ([]int64, bool) {
	n := len(r) - 1
	g := ints.RowGCD(r[:n])
	if g == 0 {
		return nil, r[n] == 0
	}
	if r[n]%g != 0 {
		return nil, false
	}
	if g == 1 {
		return r, true
	}
	out := slices.Clone(r)
	ints.DivRowExact(out, g)
	return out, true
}

// reduceEq applies one round of unimodular changes of variables that
// shrink the counted coefficients of the equality row (Euclid's steps
// against its smallest counted coefficient). It returns false when only
// one counted variable is left in the row with a coefficient other than
// ±1 (its value is then a quasi-affine function of the parameters).
func (c *counter) reduceEq(pr *cardProblem, row []int64) bool {
	j := -1
	for v := range c.nv {
		a := row[c.np+v]
		if a != 0 && (j < 0 || ints.Abs(a) < ints.Abs(row[c.np+j])) {
			j = v
		}
	}
	changed := false
	for k := range c.nv {
		a := row[c.np+k]
		if k == j || a == 0 {
			continue
		}
		q := ints.FloorDiv(a, row[c.np+j])
		// x_j = y_j - q*y_k: column k of every row gains -q times column j.
		cj, ck := c.np+j, c.np+k
		shift := func(rows [][]int64) [][]int64 {
			out := make([][]int64, len(rows))
			for i, r := range rows {
				if r[cj] == 0 {
					out[i] = r
					continue
				}
				n := slices.Clone(r)
				n[ck] = ints.Sub(n[ck], ints.Mul(q, n[cj]))
				out[i] = n
			}
			return out
		}
		pr.eq = shift(pr.eq)
		pr.ineq = shift(pr.ineq)
		e := make([]int64, c.np+c.nv+1)
		e[cj], e[ck] = 1, -q
		pr.w = pr.w.substitute(cj, polyAffine(e))
		changed = true
	}
	return changed
}

// normalizeIneqs divides every inequality by the gcd of its variable
// coefficients (tightening the constant), drops trivial and duplicate
// rows, and returns false when some row is impossible.
func (c *counter) normalizeIneqs(pr *cardProblem) bool {
	seen := map[string]bool{}
	var out [][]int64
	for _, r := range pr.ineq {
		n := len(r) - 1
		g := ints.RowGCD(r[:n])
		if g == 0 {
			if r[n] < 0 {
				return false
			}
			continue
		}
		if g != 1 {
			r = slices.Clone(r)
			for i := range n {
				r[i] /= g
			}
			r[n] = ints.FloorDiv(r[n], g)
		}
		k := string(rowBytes(r))
		if seen[k] {
			continue
		}
		seen[k] = true
		out = append(out, r)
	}
	pr.ineq = out
	return true
}

func (c *counter) isEmpty(eq, ineq [][]int64) bool {
	s := &sys.System{NVars: c.np + c.nv, Eq: eq, Ineq: ineq}
	return sys.IsIntegerEmpty(s)
}

// provedEmpty reports whether the solver proves the system empty within a
// small budget; a budget overrun answers false (the caller only prunes).
func (c *counter) provedEmpty(eq, ineq [][]int64) (empty bool) {
	defer func() {
		if r := recover(); r != nil {
			if e := asError(r); e != nil && e.Kind == Budget {
				empty = false
				return
			}
			panic(r)
		}
	}()
	s := &sys.System{NVars: c.np + c.nv, Eq: eq, Ineq: ineq}
	empty, _ = sys.IsIntegerEmptyWithin(s, 20000)
	return empty
}

// sumOut eliminates counted variable v, all of whose inequality
// coefficients are ±1, by summing the weight between its bounds in each
// chamber of the other variables.
func (c *counter) sumOut(pr cardProblem, v int) {
	col := c.np + v
	var lo, up, other [][]int64
	for _, r := range pr.ineq {
		switch {
		case r[col] > 0: // x + g >= 0: x >= -g
			b := ints.ScaleRow(r, -1)
			b[col] = 0
			lo = append(lo, b)
		case r[col] < 0: // -x + h >= 0: x <= h
			b := slices.Clone(r)
			b[col] = 0
			up = append(up, b)
		default:
			other = append(other, r)
		}
	}
	live := slices.Clone(pr.live)
	live[v] = false
	diff := func(a, b []int64, k int64) []int64 { // a - b - k >= 0
		d := ints.CombineRows(a, 1, b, -1)
		d[len(d)-1] = ints.Sub(d[len(d)-1], k)
		return d
	}
	for i, l := range lo {
		for k, u := range up {
			rows := slices.Clone(other)
			for m, l2 := range lo {
				switch {
				case m < i:
					rows = append(rows, diff(l, l2, 1))
				case m > i:
					rows = append(rows, diff(l, l2, 0))
				}
			}
			for m, u2 := range up {
				switch {
				case m < k:
					rows = append(rows, diff(u2, u, 1))
				case m > k:
					rows = append(rows, diff(u2, u, 0))
				}
			}
			rows = append(rows, diff(u, l, 0))
			if len(lo)*len(up) > 1 && c.provedEmpty(pr.eq, rows) {
				c.tick(1)
				continue
			}
			c.count(cardProblem{eq: pr.eq, ineq: rows, w: pr.w.sumOver(col, l, u, c.cache), live: live})
		}
	}
}

// slice eliminates the live counted variable of smallest integer range
// by fixing it to each value of the range.
func (c *counter) slice(pr cardProblem) {
	s := &sys.System{NVars: c.np + c.nv, Eq: pr.eq, Ineq: pr.ineq}
	best, bestLo, bestHi := -1, int64(0), int64(0)
	for v := range c.nv {
		if !pr.live[v] {
			continue
		}
		obj := make([]int64, c.np+c.nv+1)
		obj[c.np+v] = 1
		lo, hi := sys.Min(s, obj), sys.Max(s, obj)
		if lo.Kind == sys.Empty || hi.Kind == sys.Empty {
			return
		}
		if lo.Kind != sys.Bounded || hi.Kind != sys.Bounded {
			continue
		}
		if best < 0 || ints.Sub(hi.Value, lo.Value) < ints.Sub(bestHi, bestLo) {
			best, bestLo, bestHi = v, lo.Value, hi.Value
		}
	}
	if best < 0 {
		if c.np > 0 {
			panic(unsupportedCard("the count is a quasi-polynomial (a bound with a non-unit coefficient depends on the parameters), not supported yet"))
		}
		panic(unsupportedCard("the set is unbounded"))
	}
	n := ints.Add(ints.Sub(bestHi, bestLo), 1)
	if n > cardStepLimit-c.steps {
		panic(&Error{Kind: Budget, Msg: fmt.Sprintf("Card: too many points to count (%d slices of a dimension without a closed form)", n)})
	}
	for x := bestLo; x <= bestHi; x++ {
		e := make([]int64, c.np+c.nv+1)
		e[len(e)-1] = x
		q := pr
		c.eliminate(&q, best, e)
		c.count(q)
	}
}

// cardParts returns pairwise disjoint basic maps with the points of m,
// every local of which is a function of the parameters and dims.
func (m Map) cardParts() []BasicMap {
	var known []BasicMap
	for _, p := range m.parts {
		known = append(known, p.makeKnown()...)
	}
	parts := m.withParts(known).makeDisjoint()
	var out []BasicMap
	for _, p := range parts {
		if slices.Contains(p.functionLocals(), false) {
			ks := p.makeKnown()
			if len(ks) > 1 {
				ks = m.withParts(ks).makeDisjoint()
				for _, k := range ks {
					if slices.Contains(k.functionLocals(), false) {
						panic(unsupportedCard("existentially quantified variables could not be eliminated"))
					}
				}
			}
			out = append(out, ks...)
			continue
		}
		out = append(out, p)
	}
	return out
}

// cardLeaves counts the points of m symbolically in its parameters.
func (m Map) cardLeaves() (np int, leaves []cardLeaf) {
	np = m.space.NParam()
	c := &counter{np: np, cache: map[int][]*big.Rat{}}
	for _, p := range m.cardParts() {
		if p.empty {
			continue
		}
		s := p.system()
		c.nv = s.NVars - np
		live := make([]bool, c.nv)
		for i := range live {
			live[i] = true
		}
		start := len(c.leaves)
		c.count(cardProblem{eq: s.Eq, ineq: s.Ineq, w: polyConst(s.NVars, big.NewRat(1, 1)), live: live})
		// Leaves are over the parameters: drop the counted columns.
		for i := start; i < len(c.leaves); i++ {
			l := &c.leaves[i]
			l.eq = paramRows(l.eq, np)
			l.ineq = paramRows(l.ineq, np)
			l.w = l.w.restrict(np)
		}
	}
	return np, c.leaves
}

// paramRows returns the rows restricted to the first np columns and the
// constant (the other columns must be zero).
func paramRows(rows [][]int64, np int) [][]int64 {
	out := make([][]int64, len(rows))
	for i, r := range rows {
		n := make([]int64, np+1)
		copy(n, r[:np])
		n[np] = r[len(r)-1]
		out[i] = n
	}
	return out
}

// Count returns the number of points of the parameter-free set s, exact
// whatever its size. Unbounded sets and sets without a closed form
// within the step budget get an error (Unsupported, Budget).
func (s Set) Count() (n *big.Int, err error) {
	defer Recover(&err)
	if s.m.space.NParam() > 0 {
		return nil, &Error{Kind: Unsupported, Msg: "Count of a parametric set (see CardPw)"}
	}
	_, leaves := s.m.cardLeaves()
	sum := new(big.Rat)
	for _, l := range leaves {
		c, ok := l.w.constant()
		if !ok {
			panic("presburger: internal error: non-constant count without parameters")
		}
		sum.Add(sum, c)
	}
	if !sum.IsInt() {
		panic("presburger: internal error: fractional count")
	}
	return new(big.Int).Set(sum.Num()), nil
}

// Count returns the number of pairs of the parameter-free map m.
func (m Map) Count() (*big.Int, error) { return m.Wrap().Count() }

// Card returns the number of points of s (isl_set_count_val for a
// bounded, parameter-free set). Parametric and unbounded sets, counts
// past int64 and sets without a closed form within the step budget get
// an error (see Count and CardPw).
func (s Set) Card() (int64, error) {
	if s.m.space.NParam() > 0 {
		return 0, &Error{Kind: Unsupported, Msg: "Card of a parametric set"}
	}
	n, err := s.Count()
	if err != nil {
		return 0, err
	}
	if !n.IsInt64() {
		return 0, &Error{Kind: Overflow, Msg: "Card: the count " + n.String() + " exceeds int64"}
	}
	return n.Int64(), nil
}

// Card returns the number of pairs of m (see Set.Card).
func (m Map) Card() (int64, error) { return m.Wrap().Card() }

// CardPw returns the number of points of s as a piecewise polynomial in
// its parameters (isl_set_card of barvinok): zero outside its pieces.
// Counts that need floor terms (quasi-polynomials) are refused with an
// error of kind Unsupported.
func (s Set) CardPw() (f PwQPolynomial, err error) {
	defer Recover(&err)
	np, leaves := s.m.cardLeaves()
	params := s.m.space.Params()
	f = PwQPolynomial{params: params}
	psp := NewParamSpace(params)
	for _, l := range leaves {
		b := NewBasicBuilder(psp)
		for _, r := range l.eq {
			b.AddEq(r)
		}
		for _, r := range l.ineq {
			b.AddIneq(r)
		}
		f = f.addPiece(b.BuildSet().ToSet(), l.w)
	}
	_ = np
	return f.tidy(), nil
}

// CardPw returns the number of pairs of m as a piecewise polynomial in
// its parameters (see Set.CardPw).
func (m Map) CardPw() (PwQPolynomial, error) { return m.Wrap().CardPw() }
