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
//   - A counted variable bounded only by the parameters, through rows
//     a*x + f >= 0 with |a| > 1, has the bounds -floor(f/a) or
//     floor(f/-a): we name each such floor a new symbolic variable (a
//     division of the parameters, never eliminated) and sum as above. An
//     equality g*x + f = 0 left with |g| > 1 likewise makes x = -floor(f/g)
//     under the condition f = g*floor(f/g). The counts become
//     quasi-polynomials.
//   - When no counted variable has unit coefficients, we slice along the
//     counted variable of smallest integer range, one subproblem per
//     value, under a step budget.
//
// Rows have the columns [parameters | counted | divisions | constant],
// the weight one variable per column but the constant.
//
// When no counted variable remains, the constraints left are over the
// parameters: a leaf is a parameter domain and the polynomial counted on
// it. A parameter-free set has constant leaves, whose sum is the count.

// cardStepLimit bounds the work of one count: a step per subproblem
// (chamber or slice), per term of each summed polynomial, and per
// solverStepsPerTick steps of the solver's pruning tests.
const cardStepLimit = 50000

const solverStepsPerTick = 20

// maxCardDivs bounds the floor divisions of the parameters in one count
// (each can double the pieces of the result).
const maxCardDivs = 8

// cardLeaf is a parameter domain (rows over the parameters and divs,
// counted columns zero) and the count on it.
type cardLeaf struct {
	eq, ineq [][]int64
	w        poly
	divs     []symDiv
}

// symDiv is the division floor(Row·(p, d, 1) / Den) of the parameters p
// and the earlier divisions d (Row has np+k+1 entries for division k).
type symDiv struct {
	Row []int64
	Den int64
}

// counter counts the integer points of systems over np parameters, nv
// counted variables and the divisions of each problem.
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
	live     []bool   // per counted variable
	divs     []symDiv // column np+nv+k is division k
}

// width returns the row width of pr.
func (c *counter) width(pr *cardProblem) int { return c.np + c.nv + len(pr.divs) + 1 }

// symbolicRow reports whether row r involves no live counted variable
// but v (v < 0: none at all).
func (c *counter) symbolicRow(r []int64, v int) bool {
	for k := range c.nv {
		if k != v && r[c.np+k] != 0 {
			return false
		}
	}
	return true
}

// addDiv returns the row (of pr's new width) of the expression
// floor(f/den) of the symbolic columns f (a full-width row), adding a
// division column to pr when the expression needs one. We write
// f = den*q + r with the coefficients and the constant of r in
// [0, den): floor(f/den) = q + floor(r/den), and floor(r/den) is a new
// division unless r has only its constant (then it is 0). An identical
// division is reused.
func (c *counter) addDiv(pr *cardProblem, f []int64, den int64) []int64 {
	w := c.width(pr)
	q := make([]int64, w)
	r := make([]int64, w)
	for i, a := range f {
		q[i] = ints.FloorDiv(a, den)
		r[i] = ints.Mod(a, den)
	}
	if ints.RowGCD(r[:w-1]) == 0 {
		return q
	}
	if len(pr.divs) >= maxCardDivs {
		panic(&Error{Kind: Budget, Msg: fmt.Sprintf("Card: too many floor divisions in the count (more than %d)", maxCardDivs)})
	}
	def := make([]int64, 0, c.np+len(pr.divs)+1)
	def = append(def, r[:c.np]...)
	def = append(def, r[c.np+c.nv:w-1]...)
	def = append(def, r[w-1])
	def, den = normalizeDiv(def, den)
	for k, d := range pr.divs {
		if d.Den == den && slices.Equal(pad(d.Row, len(def)), def) {
			q[c.np+c.nv+k]++
			return q
		}
	}
	widen := func(rows [][]int64) [][]int64 {
		out := make([][]int64, len(rows))
		for i, r := range rows {
			out[i] = pad(r, w+1)
		}
		return out
	}
	pr.eq, pr.ineq = widen(pr.eq), widen(pr.ineq)
	pr.w = pr.w.widen(w - 1)
	pr.divs = append(slices.Clone(pr.divs), symDiv{Row: def, Den: den})
	q = pad(q, w+1)
	q[w-1] = 1
	return q
}

// system returns the solver system of pr, with the defining bounds of
// its divisions.
func (c *counter) system(pr *cardProblem, eq, ineq [][]int64) *sys.System {
	w := c.width(pr)
	s := &sys.System{NVars: w - 1, Eq: cloneRows(eq), Ineq: cloneRows(ineq)}
	for k, d := range pr.divs {
		col := c.np + c.nv + k
		f := make([]int64, w)
		copy(f, d.Row[:c.np])
		copy(f[c.np+c.nv:], d.Row[c.np:len(d.Row)-1])
		f[w-1] = d.Row[len(d.Row)-1]
		lo := slices.Clone(f) // f - den*q >= 0
		lo[col] = ints.Sub(lo[col], d.Den)
		hi := ints.ScaleRow(f, -1) // den*q + den - 1 - f >= 0
		hi[col] = ints.Add(hi[col], d.Den)
		hi[w-1] = ints.Add(hi[w-1], d.Den-1)
		s.Ineq = append(s.Ineq, lo, hi)
	}
	return s
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
	if c.lastVariable(&pr) {
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
			if c.isEmpty(&pr, pr.eq, pr.ineq) {
				return
			}
			panic(unsupportedCard("the set is unbounded"))
		}
		if unit && (j < 0 || p*q < best) {
			j, best = v, p*q
		}
	}
	if !anyLive {
		c.leaves = append(c.leaves, cardLeaf{eq: pr.eq, ineq: pr.ineq, w: pr.w, divs: pr.divs})
		return
	}
	if j < 0 {
		j = c.symbolicBounds(&pr)
	}
	if j < 0 && (c.reduceIneqs(&pr) || c.divideRows(&pr)) {
		c.count(pr)
		return
	}
	if j < 0 {
		c.slice(pr)
		return
	}
	c.sumOut(pr, j)
}

// lastVariable sums the weight directly when pr has no parameters and no
// divisions and one counted variable x left: its normalized rows are
// then constant bounds x >= l and x <= u. It reports whether it did.
func (c *counter) lastVariable(pr *cardProblem) bool {
	if c.np > 0 || len(pr.divs) > 0 {
		return false
	}
	v := -1
	for k, l := range pr.live {
		if l {
			if v >= 0 {
				return false
			}
			v = k
		}
	}
	if v < 0 {
		return false
	}
	col, n := c.np+v, len(pr.live)
	var lo, hi int64
	haveLo, haveHi := false, false
	for _, r := range pr.ineq {
		switch r[col] {
		case 1: // x + k >= 0
			if b := ints.Neg(r[n]); !haveLo || b > lo {
				lo, haveLo = b, true
			}
		case -1: // -x + k >= 0
			if b := r[n]; !haveHi || b < hi {
				hi, haveHi = b, true
			}
		default:
			panic("presburger: internal error: Card: unnormalized single-variable row")
		}
	}
	if !haveLo || !haveHi {
		panic(unsupportedCard("the set is unbounded"))
	}
	if lo > hi {
		return true
	}
	l, u := make([]int64, n+1), make([]int64, n+1)
	l[n], u[n] = lo, hi
	c.leaves = append(c.leaves, cardLeaf{w: pr.w.sumOver(col, l, u, c.cache)})
	return true
}

// symbolicBounds looks for a live counted variable each of whose
// inequalities either has the coefficient ±1 or involves no other live
// counted variable, and rewrites the bounds of the second kind with
// non-unit coefficients as divisions of the symbolic columns (see the
// file comment). It returns the variable, now with unit coefficients
// only, or -1. Among the candidates it takes the one with the fewest
// pairs of bounds.
func (c *counter) symbolicBounds(pr *cardProblem) int {
	best, bestPairs := -1, 0
	for v := range c.nv {
		if !pr.live[v] {
			continue
		}
		col := c.np + v
		ok := true
		p, q := 0, 0
		for _, r := range pr.ineq {
			a := r[col]
			if a != 0 && a != 1 && a != -1 && !c.symbolicRow(r, v) {
				ok = false
				break
			}
			switch {
			case a > 0:
				p++
			case a < 0:
				q++
			}
		}
		if ok && (best < 0 || p*q < bestPairs) {
			best, bestPairs = v, p*q
		}
	}
	if best < 0 {
		return -1
	}
	col := c.np + best
	var keep, conv [][]int64
	for _, r := range pr.ineq {
		if a := r[col]; a == 0 || a == 1 || a == -1 {
			keep = append(keep, r)
		} else {
			conv = append(conv, r)
		}
	}
	pr.ineq = keep
	for _, r := range conv {
		a := r[col]
		f := pad(r, c.width(pr))
		f[col] = 0
		n := c.addDiv(pr, f, ints.Abs(a))
		if a > 0 { // x >= -floor(f/a)
			n[col] = 1
		} else { // x <= floor(f/-a)
			n[col] = -1
		}
		pr.ineq = append(pr.ineq, n)
	}
	return best
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
			c.divideEq(pr, pick)
		}
	}
}

// divideEq eliminates the one counted variable x of equality pick,
// g*x + f = 0 with g > 1 after a change of sign, f symbolic: x is
// -floor(f/g) and f = g*floor(f/g).
func (c *counter) divideEq(pr *cardProblem, pick int) {
	row := pr.eq[pick]
	v := slices.IndexFunc(row[c.np:c.np+c.nv], func(a int64) bool { return a != 0 })
	if row[c.np+v] < 0 {
		row = ints.ScaleRow(row, -1)
	}
	g := row[c.np+v]
	pr.eq = slices.Delete(slices.Clone(pr.eq), pick, pick+1)
	f := slices.Clone(row)
	f[c.np+v] = 0
	d := c.addDiv(pr, f, g)
	pr.eq = append(pr.eq, ints.CombineRows(pad(f, len(d)), 1, d, -g)) // f - g*floor(f/g) == 0
	c.eliminate(pr, v, ints.ScaleRow(d, -1))
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
		c.shear(pr, j, k, ints.FloorDiv(a, row[c.np+j]))
		changed = true
	}
	return changed
}

// divideRows rewrites every inequality g*y + f >= 0 whose counted part
// g*y has a common factor g > 1 that the symbolic part f does not share
// as y + floor(f/g) >= 0 (the same integer points, a division of the
// symbolic columns appearing). It reports whether it changed pr.
func (c *counter) divideRows(pr *cardProblem) bool {
	changed := false
	for i := 0; i < len(pr.ineq); i++ {
		r := pr.ineq[i]
		g := ints.RowGCD(r[c.np : c.np+c.nv])
		if g <= 1 {
			continue
		}
		f := slices.Clone(r)
		for v := range c.nv {
			f[c.np+v] = 0
		}
		n := c.addDiv(pr, f, g)
		for v := range c.nv {
			n[c.np+v] = r[c.np+v] / g
		}
		pr.ineq[i] = n
		changed = true
	}
	return changed
}

// shear applies the unimodular change of counted variables
// x_j = y_j - q*y_k: column k of every row gains -q times column j.
func (c *counter) shear(pr *cardProblem, j, k int, q int64) {
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
	e := make([]int64, c.width(pr))
	e[cj], e[ck] = 1, -q
	pr.w = pr.w.substitute(cj, polyAffine(e))
}

// blockCost measures how far the inequalities of pr are from letting a
// variable be summed: the number of coefficients other than 0 and ±1 in
// rows with two or more live counted variables, then the sum of their
// magnitudes.
func (c *counter) blockCost(ineq [][]int64) (n, sum int64) {
	for _, r := range ineq {
		live := 0
		for v := range c.nv {
			if r[c.np+v] != 0 {
				live++
			}
		}
		if live < 2 {
			continue
		}
		for v := range c.nv {
			if a := ints.Abs(r[c.np+v]); a > 1 {
				n++
				sum = ints.Add(sum, a)
			}
		}
	}
	return n, sum
}

// reduceIneqs applies shears (x_j = y_j - q*y_k) that lower blockCost,
// greedily, the best first, a bounded number of times: a lattice
// reduction of the counted columns that turns a stride shared by two
// variables into unit coefficients where it can. It reports whether it
// changed pr.
func (c *counter) reduceIneqs(pr *cardProblem) bool {
	changed := false
	for range 4 * c.nv {
		n0, s0 := c.blockCost(pr.ineq)
		if n0 == 0 {
			break
		}
		bj, bk, bq := -1, -1, int64(0)
		bn, bs := n0, s0
		for j := range c.nv {
			for k := range c.nv {
				if j == k || !pr.live[j] || !pr.live[k] {
					continue
				}
				tried := map[int64]bool{0: true}
				for _, r := range pr.ineq {
					aj, ak := r[c.np+j], r[c.np+k]
					if aj == 0 || ak == 0 {
						continue
					}
					for _, q := range []int64{ints.FloorDiv(ak, aj), ints.CeilDiv(ak, aj)} {
						if tried[q] {
							continue
						}
						tried[q] = true
						t := *pr
						c.shearRows(&t, j, k, q)
						if n, s := c.blockCost(t.ineq); n < bn || (n == bn && s < bs) {
							bj, bk, bq, bn, bs = j, k, q, n, s
						}
					}
				}
			}
		}
		if bj < 0 {
			break
		}
		c.shear(pr, bj, bk, bq)
		changed = true
	}
	return changed
}

// shearRows is shear on the inequalities only (to measure a candidate).
func (c *counter) shearRows(pr *cardProblem, j, k int, q int64) {
	cj, ck := c.np+j, c.np+k
	out := make([][]int64, len(pr.ineq))
	for i, r := range pr.ineq {
		if r[cj] == 0 {
			out[i] = r
			continue
		}
		n := slices.Clone(r)
		n[ck] = ints.Sub(n[ck], ints.Mul(q, n[cj]))
		out[i] = n
	}
	pr.ineq = out
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

func (c *counter) isEmpty(pr *cardProblem, eq, ineq [][]int64) bool {
	return sys.IsIntegerEmpty(c.system(pr, eq, ineq))
}

// provedEmpty reports whether the solver proves the system empty within a
// small budget; a budget overrun answers false (the caller only prunes).
func (c *counter) provedEmpty(pr *cardProblem, eq, ineq [][]int64) bool {
	return orOnBudget(false, func() bool {
		empty, steps := sys.IsIntegerEmptyWithin(c.system(pr, eq, ineq), 20000)
		c.tick(steps / solverStepsPerTick)
		return empty
	})
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
	// Chambers are pruned by the solver when there are several; without
	// parameters and with at most one counted variable left, the rows of
	// an empty chamber become contradictory constants at the next step
	// (or bounds of one variable), found without the solver.
	others := 0
	for _, l := range live {
		if l {
			others++
		}
	}
	prune := len(lo)*len(up) > 1 && (c.np > 0 || len(pr.divs) > 0 || others > 1)
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
			if prune && c.provedEmpty(&pr, pr.eq, rows) {
				c.tick(1)
				continue
			}
			c.tick(int64(len(pr.w.terms)))
			w := pr.w.sumOver(col, l, u, c.cache)
			c.tick(int64(len(w.terms)))
			c.count(cardProblem{eq: pr.eq, ineq: rows, w: w, live: live, divs: pr.divs})
		}
	}
}

// slice eliminates the live counted variable of smallest integer range
// by fixing it to each value of the range.
func (c *counter) slice(pr cardProblem) {
	s := c.system(&pr, pr.eq, pr.ineq)
	best, bestLo, bestHi := -1, int64(0), int64(0)
	for v := range c.nv {
		if !pr.live[v] {
			continue
		}
		obj := make([]int64, c.width(&pr))
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
			panic(unsupportedCard("no closed form found (every variable left has non-unit coefficients in rows with other variables)"))
		}
		panic(unsupportedCard("the set is unbounded"))
	}
	n := ints.Add(ints.Sub(bestHi, bestLo), 1)
	if n > cardStepLimit-c.steps {
		panic(&Error{Kind: Budget, Msg: fmt.Sprintf("Card: too many points to count (%d slices of a dimension without a closed form)", n)})
	}
	for x := bestLo; x <= bestHi; x++ {
		e := make([]int64, c.width(&pr))
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
func (m Map) cardLeaves() []cardLeaf {
	np := m.space.NParam()
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
		// Leaves are over the parameters and divisions: drop the counted
		// columns.
		for i := start; i < len(c.leaves); i++ {
			l := &c.leaves[i]
			l.eq = dropCols(l.eq, np, c.nv)
			l.ineq = dropCols(l.ineq, np, c.nv)
			l.w = l.w.dropVars(np, c.nv)
		}
	}
	return c.leaves
}

// dropCols returns the rows without the n columns from first (which must
// be zero).
func dropCols(rows [][]int64, first, n int) [][]int64 {
	out := make([][]int64, len(rows))
	for i, r := range rows {
		out[i] = slices.Delete(slices.Clone(r), first, first+n)
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
	leaves := s.m.cardLeaves()
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

// mergeLeaves adds up the weights of leaves with the same domain rows and
// divisions (slices of a dimension often give many).
func mergeLeaves(leaves []cardLeaf) []cardLeaf {
	var out []cardLeaf
	at := map[string]int{}
	for _, l := range leaves {
		var b []byte
		for _, rows := range [][][]int64{l.eq, nil, l.ineq} {
			b = append(b, '|')
			for _, r := range rows {
				b = append(b, rowBytes(r)...)
			}
		}
		for _, d := range l.divs {
			b = append(b, '/')
			b = append(b, rowBytes(append(slices.Clone(d.Row), d.Den))...)
		}
		k := string(b)
		if i, ok := at[k]; ok {
			out[i].w = out[i].w.add(l.w)
			continue
		}
		at[k] = len(out)
		out = append(out, l)
	}
	return out
}

// undivRow rewrites a leaf inequality a*d + k >= 0 on a single division
// d = floor(g/m) and a constant as the equivalent constraint on g:
// g >= m*ceil(-k/a) for a > 0, g <= m*floor(k/-a) + m - 1 for a < 0.
// Other rows are returned unchanged.
func undivRow(r []int64, np int, divs []symDiv) []int64 {
	n := len(r) - 1
	if slices.ContainsFunc(r[:np], func(a int64) bool { return a != 0 }) {
		return r
	}
	d := -1
	for k := np; k < n; k++ {
		if r[k] != 0 {
			if d >= 0 {
				return r
			}
			d = k
		}
	}
	if d < 0 {
		return r
	}
	a, k := r[d], r[n]
	def := divs[d-np]
	out := make([]int64, n+1)
	copy(out, def.Row[:len(def.Row)-1])
	out[n] = def.Row[len(def.Row)-1]
	if a > 0 { // g - m*ceil(-k/a) >= 0
		out[n] = ints.Sub(out[n], ints.Mul(def.Den, ints.CeilDiv(-k, a)))
		return out
	}
	// m*floor(k/-a) + m - 1 - g >= 0
	out = ints.ScaleRow(out, -1)
	out[n] = ints.Add(out[n], ints.Add(ints.Mul(def.Den, ints.FloorDiv(k, -a)), def.Den-1))
	return out
}

// CardPw returns the number of points of s as a piecewise
// quasi-polynomial in its parameters (isl_set_card of barvinok): zero
// outside its pieces.
func (s Set) CardPw() (f PwQPolynomial, err error) {
	defer Recover(&err)
	leaves := s.m.cardLeaves()
	f = PwQPolynomial{params: s.m.space.Params()}
	acct := &stepAccount{left: pwCombineSteps}
	if !survives(func() { f = s.combineLeaves(f, leaves, acct) }, Budget) {
		return PwQPolynomial{}, &Error{Kind: Budget, Msg: "Card: too many pieces in the piecewise count"}
	}
	return f.tidy(), nil
}

// combineLeaves adds the count of each leaf to f, on the leaf's domain in
// the parameters.
func (s Set) combineLeaves(f PwQPolynomial, leaves []cardLeaf, acct *stepAccount) PwQPolynomial {
	params := s.m.space.Params()
	psp := NewParamSpace(params)
	np := len(params)
	for _, l := range mergeLeaves(leaves) {
		b := NewBasicBuilder(psp)
		// Division k is column np+k of the leaf rows and local idx[k].
		idx := make([]int, len(l.divs))
		colMap := identityCols(np)
		for k, d := range l.divs {
			row := mapRow(d.Row, colMap, b.NCols())
			idx[k] = b.AddDiv(row, d.Den)
			colMap = append(colMap, np+idx[k])
		}
		w := b.NCols()
		for _, r := range l.eq {
			b.AddEq(mapRow(r, colMap, w))
		}
		for _, r := range l.ineq {
			b.AddIneq(mapRow(undivRow(r, np, l.divs), colMap, w))
		}
		f = f.addPiece(b.BuildSet().ToSet(), qpoly{divs: l.divs, p: l.w}.prune(), acct)
	}
	return f
}

// CardPw returns the number of pairs of m as a piecewise
// quasi-polynomial in its parameters (see Set.CardPw).
func (m Map) CardPw() (PwQPolynomial, error) { return m.Wrap().CardPw() }
