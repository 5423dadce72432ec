package sys

import "strconv"

// Div defines a local variable as floor(Row·(x,1) / Den), Den > 0. In a
// Piece, the system's variables are the kept ones followed by the locals;
// local k may use kept variables and locals < k in its Row. Row has
// keep+len(Divs)+1 entries: coefficients of all kept variables and all
// locals (those of locals >= k are 0), then the constant.
type Div struct {
	Row []int64
	Den int64
}

// A Piece is one conjunction of a projection: Sys has keep+len(Divs)
// variables, the kept ones then the locals, and local k equals
// floor(Divs[k].Row·(x,1) / Divs[k].Den) on every point of Sys (the
// constraints of Sys imply it).
type Piece struct {
	Sys  *System
	Divs []Div
}

// IsIntegerEmpty reports exactly whether s has no integer point. It
// terminates on every input, bounded or not (or panics with *BudgetError
// past DefaultBudget steps, or *ints.OverflowError).
func IsIntegerEmpty(s *System) bool {
	return isIntegerEmpty(s, s.budget("IsIntegerEmpty"))
}

// IsIntegerEmptyWithin is IsIntegerEmpty with a budget of limit steps
// (at most DefaultBudget): past it, it panics with a *BudgetError. It
// returns the steps taken, so that a caller can share one budget among
// many queries.
func IsIntegerEmptyWithin(s *System, limit int64) (empty bool, steps int64) {
	b := s.budget("IsIntegerEmpty")
	b.limit = min(b.limit, limit)
	empty = isIntegerEmpty(s, b)
	return empty, b.steps
}

func isIntegerEmpty(s *System, b *budget) (empty bool) {
	if e, ok := simplexIntegerEmpty(s, b); ok {
		return e
	}
	return omegaIntegerEmpty(s, b)
}

// omegaIntegerEmpty is the Omega test's answer (the fallback of
// isIntegerEmpty and the oracle of its tests).
func omegaIntegerEmpty(s *System, b *budget) (empty bool) {
	p := newProb(s, 0)
	p.emptyOnly = true
	hit := stoppedBy(budgetLimit, func() {
		empty = !omega(p, b, func(*prob) bool { return true })
	})
	if hit != nil {
		// Past the budget, a point found by local search still proves
		// non-emptiness; otherwise the budget error stands.
		if _, ok := findWitness(s); ok {
			return false
		}
		panic(hit)
	}
	return empty
}

// Project eliminates the variables keep..NVars-1 exactly over the integers:
// the union of the returned pieces, with their locals existentially
// quantified, is exactly { x_0..x_{keep-1} : exists rest, s }. Every local
// is defined by a Div. Pieces may overlap; none is integer-empty. The result
// is empty (nil) when the projection is empty.
func Project(s *System, keep int) []Piece {
	if keep < 0 || keep > s.NVars {
		panic("sys: Project: keep " + strconv.Itoa(keep) + " out of range [0, " + strconv.Itoa(s.NVars) + "]")
	}
	b := s.budget("Project")
	var out []Piece
	seen := map[string]bool{}
	omega(newProb(s, keep), b, func(p *prob) bool {
		pc := p.piece()
		if pc.Sys.Normalize() || isIntegerEmpty(pc.Sys, b) {
			return false
		}
		k := pc.key()
		if !seen[k] {
			seen[k] = true
			out = append(out, pc)
		}
		return false
	})
	return out
}

// piece turns a final problem (no row mentions an eliminated column) into
// a Piece over the protected columns.
func (p *prob) piece() Piece {
	n := p.nprot
	cut := func(rows [][]int64) [][]int64 {
		var out [][]int64
		for _, r := range rows {
			t := make([]int64, n+1)
			copy(t, r[:n])
			t[n] = r[p.nv]
			out = append(out, t)
		}
		return out
	}
	s := &System{NVars: n, Eq: cut(p.eq), Ineq: cut(p.ineq)}
	divs := make([]Div, len(p.divs))
	for k, d := range p.divs {
		row := make([]int64, n+1)
		m := len(d.row) - 1
		copy(row, d.row[:m])
		row[n] = d.row[m]
		divs[k] = Div{Row: row, Den: d.den}
	}
	return Piece{Sys: s, Divs: divs}
}

func (pc Piece) key() string {
	k := pc.Sys.String()
	for _, d := range pc.Divs {
		k += "|" + rowString(d.Row) + "/" + strconv.FormatInt(d.Den, 10)
	}
	return k
}
