package scheduler

import (
	"errors"
	"fmt"
	"math/big"

	"github.com/tessera-opt/tessera/presburger"
	"github.com/tessera-opt/tessera/presburger/ints"
)

// The scheduler's integer programs are small (tens of variables, about a
// hundred constraints), bounded, and their variables are non-negative; the
// engine's general search (an emptiness oracle driven by bisection) is too
// slow on them. We solve them here with an exact lexicographic
// branch-and-bound over a rational simplex tableau (math/big rationals:
// exact, and fast enough at this size).

var errILPBudget = errors.New("scheduler: integer program exceeded its budget")

// ilpNodeBudget bounds the branch-and-bound nodes of one problem.
const ilpNodeBudget = 4000

// ilpWorkBudget bounds the tableau cells that the pivots of one problem
// (all its branch-and-bound nodes) update: the nodes are cheap or many,
// but one node's big.Rat tableau can be large, and progfuzz seed 8730093
// spent over a minute in a few thousand of them.
const ilpWorkBudget = 400_000_000

// ilpTableauCells bounds the cells of one node's tableau (rows times
// columns). The tableau is dense, with a slack column per inequality, so
// a problem of m inequalities has about m² cells and one pivot updates
// about all of them: at this size (about 1,000 rows) ilpWorkBudget pays
// for 400 pivots, fewer than the simplex typically needs, so a larger
// problem is refused at once (errILPBudget) and the caller keeps the
// original schedule (docs/SCHEDULE.md, "Search budgets").
const ilpTableauCells = 1_000_000

// errWork is the panic value of a pivot past ilpWorkBudget, or of a
// tableau larger than ilpTableauCells (guard turns it into errILPBudget).
type errWork struct{}

// errStop is the panic value of a pivot after the search's cancel channel
// was closed (guard turns it into ErrCancelled).
type errStop struct{}

// ilpWork counts the tableau cells that the pivots of one lexminILP
// problem update, and checks the search's cancel channel at each pivot.
type ilpWork struct {
	cells  int64
	cancel <-chan struct{}
}

// charge adds the cells of one pivot; it panics with errWork past
// ilpWorkBudget and with errStop once cancel is closed.
func (w *ilpWork) charge(cells int64) {
	w.cells += cells
	if w.cells > ilpWorkBudget {
		panic(errWork{})
	}
	select {
	case <-w.cancel:
		panic(errStop{})
	default:
	}
}

// solveLexmin finds the lexicographic minimum of the integer program (all
// variables >= 0 implicitly) with the engine's exact simplex-based
// branch-and-bound (presburger.BasicSet.LexMinPoint), and falls back to
// lexminILP below when the engine runs out of its budget. A closed
// q.Cancel stops either search (ErrCancelled).
func solveLexmin(q presburger.Query, n int, eq, ineq [][]int64) (x []int64, ok bool, err error) {
	if solveLexminHook != nil {
		solveLexminHook(n, eq, ineq)
	}
	x, ok, err = engineLexmin(q, n, eq, ineq)
	if err == nil || errors.Is(err, ErrCancelled) {
		return x, ok, err
	}
	return lexminILP(n, eq, ineq, q.Cancel)
}

// solveLexminHook, when set by a test, sees every problem.
var solveLexminHook func(n int, eq, ineq [][]int64)

// lexminWorkHook, when set by a test, sees the tableau cells that the
// pivots of each lexminILP call updated.
var lexminWorkHook func(work int64)

func engineLexmin(q presburger.Query, n int, eq, ineq [][]int64) (x []int64, ok bool, err error) {
	defer guard(&err)
	sp := presburger.NewSetSpace(nil, "", make([]string, n))
	b := presburger.NewBasicBuilder(sp)
	for j := 0; j < n; j++ {
		r := make([]int64, n+1)
		r[j] = 1
		b.AddIneq(r)
	}
	for _, r := range eq {
		b.AddEq(r)
	}
	for _, r := range ineq {
		b.AddIneq(r)
	}
	pt, kind, err := q.LexMinPoint(b.BuildSet().Map())
	if err != nil {
		return nil, false, engineErr(err)
	}
	switch kind {
	case presburger.OptEmpty:
		return nil, false, nil
	case presburger.OptUnbounded:
		return nil, false, errILPBudget
	}
	return pt, true, nil
}

// lexminILP returns the lexicographically smallest integer x >= 0 with
// eq·(x,1) == 0 and ineq·(x,1) >= 0 for every row, or ok=false when there
// is none. Every variable must be bounded above by the rows.
func lexminILP(n int, eq, ineq [][]int64, cancel <-chan struct{}) (x []int64, ok bool, err error) {
	defer guard(&err)
	work := &ilpWork{cancel: cancel}
	if lexminWorkHook != nil {
		defer func() { lexminWorkHook(work.cells) }()
	}
	ineq = dedupeRows(n, ineq)
	type node struct{ lo, hi []int64 } // hi < 0: no bound
	root := node{lo: make([]int64, n), hi: make([]int64, n)}
	for i := range root.hi {
		root.hi[i] = -1
	}
	var best []*big.Rat
	var bestInt []int64
	stack := []node{root}
	nodes := 0
	for len(stack) > 0 {
		nd := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		nodes++
		if nodes > ilpNodeBudget {
			return nil, false, errILPBudget
		}
		sol := lexminLP(n, eq, ineq, nd.lo, nd.hi, work)
		if sol == nil {
			continue
		}
		if best != nil && !ratLexLess(sol, best) {
			continue
		}
		frac := -1
		for j, v := range sol {
			if !v.IsInt() {
				frac = j
				break
			}
		}
		if frac < 0 {
			best = sol
			bestInt = make([]int64, n)
			for j, v := range sol {
				bestInt[j] = v.Num().Int64()
			}
			continue
		}
		fl := new(big.Int).Quo(sol[frac].Num(), sol[frac].Denom()) // v >= 0: floor
		f := fl.Int64()
		up := node{lo: append([]int64(nil), nd.lo...), hi: append([]int64(nil), nd.hi...)}
		up.lo[frac] = f + 1
		down := node{lo: append([]int64(nil), nd.lo...), hi: append([]int64(nil), nd.hi...)}
		down.hi[frac] = f
		// Depth first, the smaller branch first.
		stack = append(stack, up, down)
	}
	if bestInt == nil {
		return nil, false, nil
	}
	return bestInt, true, nil
}

// dedupeRows normalizes inequality rows by the gcd of their coefficients
// (tightening the constant, which is exact for integer points) and keeps,
// among rows with the same coefficients, the tightest one. Trivially true
// rows are dropped; a trivially false row is kept (it makes the problem
// infeasible).
func dedupeRows(n int, rows [][]int64) [][]int64 {
	best := map[string]int{}
	var out [][]int64
	for _, r := range rows {
		g := int64(0)
		for _, c := range r[:n] {
			g = ints.GCD(g, c)
		}
		if g == 0 {
			if r[n] < 0 {
				out = append(out, r)
			}
			continue
		}
		nr := make([]int64, n+1)
		for j := 0; j < n; j++ {
			nr[j] = r[j] / g
		}
		nr[n] = ints.FloorDiv(r[n], g)
		k := fmt.Sprint(nr[:n])
		if i, ok := best[k]; ok {
			if nr[n] < out[i][n] {
				out[i] = nr
			}
			continue
		}
		best[k] = len(out)
		out = append(out, nr)
	}
	return out
}

func ratLexLess(a, b []*big.Rat) bool {
	for i := range a {
		if c := a[i].Cmp(b[i]); c != 0 {
			return c < 0
		}
	}
	return false
}

// lexminLP returns the lexicographic minimum over the rationals of x
// subject to the rows and lo <= x <= hi (hi < 0: none), or nil when the
// problem is infeasible.
//
// We build the tableau of the standard form A y = b, y >= 0, with y the
// shifted variables x - lo, slacks for inequalities and upper bounds, and
// one artificial variable per row; phase one minimizes the artificials,
// then we minimize x_0, x_1, ... in turn, each time dropping the columns
// whose reduced cost is positive at the optimum (they must stay zero for
// the earlier objectives to keep their optimal values).
func lexminLP(n int, eq, ineq [][]int64, lo, hi []int64, work *ilpWork) []*big.Rat {
	type row struct {
		a   []int64
		b   int64
		slk bool // inequality a·y >= b: slack column with -1
	}
	var rows []row
	shift := func(r []int64) ([]int64, int64) {
		// r·(x,1) with x = y + lo: r·y + (r·lo + c).
		c := r[n]
		for j := 0; j < n; j++ {
			c = ints.Add(c, ints.Mul(r[j], lo[j]))
		}
		return append([]int64(nil), r[:n]...), c
	}
	for _, r := range eq {
		a, c := shift(r)
		rows = append(rows, row{a: a, b: -c})
	}
	for _, r := range ineq {
		a, c := shift(r)
		rows = append(rows, row{a: a, b: -c, slk: true})
	}
	for j := 0; j < n; j++ {
		if hi[j] >= 0 {
			if hi[j] < lo[j] {
				return nil
			}
			a := make([]int64, n)
			a[j] = -1
			rows = append(rows, row{a: a, b: lo[j] - hi[j], slk: true}) // -y_j >= lo-hi
		}
	}
	m := len(rows)
	nslk, nart := 0, 0
	// A row needs an artificial variable unless it is an inequality whose
	// slack is feasible at y = 0 (b <= 0): that slack starts in the basis.
	needArt := make([]bool, m)
	for i, r := range rows {
		if r.slk {
			nslk++
		}
		if !r.slk || r.b > 0 {
			needArt[i] = true
			nart++
		}
	}
	// Columns: y (n), slacks (nslk), artificials (nart), rhs.
	ncol := n + nslk + nart
	if int64(m)*int64(ncol+1) > ilpTableauCells {
		panic(errWork{})
	}
	t := make([][]*big.Rat, m)
	basis := make([]int, m)
	s, a := 0, 0
	for i, r := range rows {
		t[i] = make([]*big.Rat, ncol+1)
		for j := range t[i] {
			t[i][j] = new(big.Rat)
		}
		sign := int64(1)
		if r.b < 0 || !needArt[i] {
			sign = -1
		}
		for j := 0; j < n; j++ {
			t[i][j].SetInt64(sign * r.a[j])
		}
		t[i][ncol].SetInt64(sign * r.b)
		if r.slk {
			t[i][n+s].SetInt64(-sign)
			basis[i] = n + s
			s++
		}
		if needArt[i] {
			t[i][n+nslk+a].SetInt64(1)
			basis[i] = n + nslk + a
			a++
		}
	}
	allowed := make([]bool, ncol)
	for j := 0; j < n+nslk; j++ {
		allowed[j] = true
	}
	// Phase one: minimize the sum of artificials.
	obj := make([]*big.Rat, ncol+1)
	for j := range obj {
		obj[j] = new(big.Rat)
	}
	for j := n + nslk; j < ncol; j++ {
		obj[j].SetInt64(1)
	}
	for j := range allowed[n+nslk:] {
		allowed[n+nslk+j] = true
	}
	if !simplexMin(t, basis, obj, allowed, work) {
		return nil
	}
	if val := objValue(t, basis, obj); val.Sign() != 0 {
		return nil
	}
	// Drive artificials out of the basis where possible; forbid them.
	for i, bv := range basis {
		if bv < n+nslk {
			continue
		}
		for j := 0; j < n+nslk; j++ {
			if t[i][j].Sign() != 0 {
				pivot(t, basis, i, j)
				break
			}
		}
	}
	for j := n + nslk; j < ncol; j++ {
		allowed[j] = false
	}
	// Phase two: x_0, x_1, ... in turn.
	for k := 0; k < n; k++ {
		for j := range obj {
			obj[j].SetInt64(0)
		}
		obj[k].SetInt64(1)
		if !simplexMin(t, basis, obj, allowed, work) {
			return nil // unbounded: cannot happen with y >= 0 objectives
		}
		red := reducedCosts(t, basis, obj)
		for j := 0; j < ncol; j++ {
			if allowed[j] && red[j].Sign() > 0 {
				allowed[j] = false
			}
		}
	}
	y := make([]*big.Rat, n)
	for j := range y {
		y[j] = new(big.Rat)
	}
	for i, bv := range basis {
		if bv < n {
			y[bv].Set(t[i][ncol])
		}
	}
	for j := range y {
		y[j].Add(y[j], new(big.Rat).SetInt64(lo[j]))
	}
	return y
}

func reducedCosts(t [][]*big.Rat, basis []int, obj []*big.Rat) []*big.Rat {
	ncol := len(obj) - 1
	red := make([]*big.Rat, ncol)
	tmp := new(big.Rat)
	for j := 0; j < ncol; j++ {
		r := new(big.Rat).Set(obj[j])
		for i, bv := range basis {
			if obj[bv].Sign() != 0 && t[i][j].Sign() != 0 {
				r.Sub(r, tmp.Mul(obj[bv], t[i][j]))
			}
		}
		red[j] = r
	}
	return red
}

func objValue(t [][]*big.Rat, basis []int, obj []*big.Rat) *big.Rat {
	ncol := len(obj) - 1
	v := new(big.Rat)
	for i, bv := range basis {
		v.Add(v, new(big.Rat).Mul(obj[bv], t[i][ncol]))
	}
	return v
}

// simplexMin minimizes obj over the tableau with Bland's rule, entering
// only allowed columns; it returns false when unbounded. The reduced costs
// are computed once and updated by each pivot. Each pivot charges the
// tableau's size to work (a panic past its budget or once cancelled).
func simplexMin(t [][]*big.Rat, basis []int, obj []*big.Rat, allowed []bool, work *ilpWork) bool {
	ncol := len(obj) - 1
	red := reducedCosts(t, basis, obj)
	red = append(red, new(big.Rat))
	for iter := 0; iter < 100000; iter++ {
		enter := -1
		for j := 0; j < ncol; j++ {
			if allowed[j] && red[j].Sign() < 0 {
				enter = j
				break
			}
		}
		if enter < 0 {
			return true
		}
		leave := -1
		var best *big.Rat
		for i := range t {
			if t[i][enter].Sign() <= 0 {
				continue
			}
			ratio := new(big.Rat).Quo(t[i][ncol], t[i][enter])
			if leave < 0 || ratio.Cmp(best) < 0 || (ratio.Cmp(best) == 0 && basis[i] < basis[leave]) {
				leave, best = i, ratio
			}
		}
		if leave < 0 {
			return false
		}
		work.charge(int64(len(t)) * int64(len(obj)))
		pivot(t, basis, leave, enter)
		// red -= red[enter] * (normalized pivot row)
		if f := new(big.Rat).Set(red[enter]); f.Sign() != 0 {
			tmp := new(big.Rat)
			for j, v := range t[leave] {
				if v.Sign() != 0 {
					red[j].Sub(red[j], tmp.Mul(f, v))
				}
			}
		}
	}
	panic("scheduler: simplex did not terminate")
}

func pivot(t [][]*big.Rat, basis []int, r, c int) {
	inv := new(big.Rat).Inv(t[r][c])
	for j := range t[r] {
		if t[r][j].Sign() != 0 {
			t[r][j].Mul(t[r][j], inv)
		}
	}
	tmp := new(big.Rat)
	for i := range t {
		if i == r || t[i][c].Sign() == 0 {
			continue
		}
		f := new(big.Rat).Set(t[i][c])
		for j := range t[i] {
			if t[r][j].Sign() != 0 {
				t[i][j].Sub(t[i][j], tmp.Mul(f, t[r][j]))
			}
		}
	}
	basis[r] = c
}
