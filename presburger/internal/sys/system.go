package sys

import (
	"strconv"
	"strings"

	"github.com/tessera-opt/tessera/presburger/internal/ints"
)

// A System is a conjunction of affine constraints over NVars integer
// variables x_0..x_{NVars-1}. A row has NVars+1 entries: the coefficients,
// then the constant term. An Eq row r means r·(x,1) == 0, an Ineq row means
// r·(x,1) >= 0.
type System struct {
	NVars int
	Eq    [][]int64 // every row has NVars+1 entries
	Ineq  [][]int64 // every row has NVars+1 entries
}

// New returns the universe system over nvars variables.
func New(nvars int) *System {
	if nvars < 0 {
		panic("sys: New: negative number of variables")
	}
	return &System{NVars: nvars}
}

// Clone returns a deep copy of s.
func (s *System) Clone() *System {
	return &System{NVars: s.NVars, Eq: cloneRows(s.Eq), Ineq: cloneRows(s.Ineq)}
}

func cloneRows(rows [][]int64) [][]int64 {
	if rows == nil {
		return nil
	}
	out := make([][]int64, len(rows))
	for i, r := range rows {
		out[i] = append([]int64(nil), r...)
	}
	return out
}

func (s *System) checkRow(row []int64, what string) {
	if len(row) != s.NVars+1 {
		panic("sys: " + what + ": row has " + strconv.Itoa(len(row)) + " entries, want NVars+1 = " + strconv.Itoa(s.NVars+1))
	}
}

// AddEq appends a copy of row as an equality row·(x,1) == 0.
func (s *System) AddEq(row []int64) {
	s.checkRow(row, "AddEq")
	s.Eq = append(s.Eq, append([]int64(nil), row...))
}

// AddIneq appends a copy of row as an inequality row·(x,1) >= 0.
func (s *System) AddIneq(row []int64) {
	s.checkRow(row, "AddIneq")
	s.Ineq = append(s.Ineq, append([]int64(nil), row...))
}

// String prints the constraints, e.g. "x0 + 2x1 - 3 >= 0, x2 = 0";
// the universe prints as "true".
func (s *System) String() string {
	var parts []string
	for _, r := range s.Eq {
		parts = append(parts, rowString(r)+" = 0")
	}
	for _, r := range s.Ineq {
		parts = append(parts, rowString(r)+" >= 0")
	}
	if len(parts) == 0 {
		return "true"
	}
	return strings.Join(parts, ", ")
}

func rowString(r []int64) string {
	var b strings.Builder
	n := len(r) - 1
	first := true
	term := func(c int64, name string) {
		if c == 0 {
			return
		}
		neg := c < 0
		a := uint64(c)
		if neg {
			a = uint64(-c) // MinInt64 gives 1<<63, right as uint64
		}
		switch {
		case first && neg:
			b.WriteString("-")
		case !first && neg:
			b.WriteString(" - ")
		case !first:
			b.WriteString(" + ")
		}
		if a != 1 || name == "" {
			b.WriteString(strconv.FormatUint(a, 10))
		}
		b.WriteString(name)
		first = false
	}
	for i := 0; i < n; i++ {
		term(r[i], "x"+strconv.Itoa(i))
	}
	term(r[n], "")
	if first {
		return "0"
	}
	return b.String()
}

// rowKey is a map key for the variable coefficients of a row.
func rowKey(r []int64, buf []byte) ([]byte, string) {
	buf = buf[:0]
	for _, v := range r[:len(r)-1] {
		buf = strconv.AppendInt(buf, v, 36)
		buf = append(buf, ',')
	}
	return buf, string(buf)
}

// Normalize divides rows by the gcd of their variable coefficients
// (tightening the constant of inequalities with floor), drops trivially true
// rows and duplicates, keeps only the tighter of parallel inequalities, turns
// opposite inequality pairs that meet into equalities, and reports whether
// the system is trivially infeasible (0 >= 1, a gcd not dividing an equality
// constant, parallel equalities with different constants, opposite
// inequalities that do not meet). When it reports infeasible, the rows of s
// are left in an unspecified state.
func (s *System) Normalize() (infeasible bool) {
	eq, ineq, inf := normalizeRows(s.NVars, s.Eq, s.Ineq)
	s.Eq, s.Ineq = eq, ineq
	return inf
}

// normalizeRows is Normalize on raw rows; rows may be modified in place.
func normalizeRows(n int, eqIn, ineqIn [][]int64) (eq, ineq [][]int64, infeasible bool) {
	var buf []byte
	// Equalities: divide by the gcd, make the first non-zero coefficient
	// positive, detect duplicates and parallel ones with other constants.
	eqSeen := make(map[string]int, len(eqIn))
	for _, r := range eqIn {
		g := ints.RowGCD(r[:n])
		if g == 0 {
			if r[n] != 0 {
				return nil, nil, true
			}
			continue
		}
		if r[n]%g != 0 {
			return nil, nil, true
		}
		if firstNonZero(r[:n]) < 0 {
			g = -g
		}
		ints.DivRowExact(r, g)
		var k string
		buf, k = rowKey(r, buf)
		if j, ok := eqSeen[k]; ok {
			if eq[j][n] != r[n] {
				return nil, nil, true
			}
			continue
		}
		eqSeen[k] = len(eq)
		eq = append(eq, r)
	}
	// Inequalities: divide by the gcd with floor on the constant, keep the
	// tightest of parallel rows.
	seen := make(map[string]int, len(ineqIn))
	for _, r := range ineqIn {
		g := ints.RowGCD(r[:n])
		if g == 0 {
			if r[n] < 0 {
				return nil, nil, true
			}
			continue
		}
		if g != 1 {
			for i := 0; i < n; i++ {
				r[i] /= g
			}
			r[n] = ints.FloorDiv(r[n], g)
		}
		var k string
		buf, k = rowKey(r, buf)
		if j, ok := seen[k]; ok {
			if r[n] < ineq[j][n] {
				ineq[j] = r
			}
			continue
		}
		seen[k] = len(ineq)
		ineq = append(ineq, r)
	}
	// Opposite pairs: a·x + c1 >= 0 and -a·x + c2 >= 0 mean -c1 <= a·x <= c2.
	if len(ineq) > 1 {
		drop := make([]bool, len(ineq))
		neg := make([]int64, n+1)
		var newEq [][]int64
		for i, r := range ineq {
			if drop[i] || firstNonZero(r[:n]) < 0 {
				continue
			}
			for k := 0; k < n; k++ {
				neg[k] = -r[k]
			}
			var key string
			buf, key = rowKey(neg, buf)
			j, ok := seen[key]
			if !ok || drop[j] {
				continue
			}
			sum := ints.Add(r[n], ineq[j][n])
			if sum < 0 {
				return nil, nil, true
			}
			if sum == 0 {
				drop[i], drop[j] = true, true
				newEq = append(newEq, r)
			}
		}
		if newEq != nil {
			kept := ineq[:0]
			for i, r := range ineq {
				if !drop[i] {
					kept = append(kept, r)
				}
			}
			ineq = kept
			for _, r := range newEq {
				var k string
				buf, k = rowKey(r, buf)
				if j, ok := eqSeen[k]; ok {
					if eq[j][n] != r[n] {
						return nil, nil, true
					}
					continue
				}
				eqSeen[k] = len(eq)
				eq = append(eq, r)
			}
		}
	}
	// An equality parallel to an inequality: a·x + e = 0 with a·x + c >= 0
	// (c - e >= 0 needed, then redundant) or -a·x + c >= 0 (c + e >= 0).
	if len(eq) > 0 && len(ineq) > 0 {
		kept := ineq[:0]
		neg := make([]int64, n+1)
		for _, r := range ineq {
			var k string
			buf, k = rowKey(r, buf)
			if j, ok := eqSeen[k]; ok {
				if ints.Sub(r[n], eq[j][n]) < 0 {
					return nil, nil, true
				}
				continue
			}
			for i := 0; i < n; i++ {
				neg[i] = -r[i]
			}
			buf, k = rowKey(neg, buf)
			if j, ok := eqSeen[k]; ok {
				if ints.Add(r[n], eq[j][n]) < 0 {
					return nil, nil, true
				}
				continue
			}
			kept = append(kept, r)
		}
		ineq = kept
	}
	return eq, ineq, false
}

func firstNonZero(r []int64) int64 {
	for _, v := range r {
		if v != 0 {
			return v
		}
	}
	return 0
}

// evalRow returns r·(x,1) with checked arithmetic.
func evalRow(r []int64, x []int64) int64 {
	n := len(r) - 1
	v := r[n]
	for i := 0; i < n; i++ {
		if r[i] != 0 {
			v = ints.Add(v, ints.Mul(r[i], x[i]))
		}
	}
	return v
}

// Contains reports whether the integer point x (NVars entries) satisfies s.
func (s *System) Contains(x []int64) bool {
	if len(x) != s.NVars {
		panic("sys: Contains: point has wrong dimension")
	}
	for _, r := range s.Eq {
		if evalRow(r, x) != 0 {
			return false
		}
	}
	for _, r := range s.Ineq {
		if evalRow(r, x) < 0 {
			return false
		}
	}
	return true
}
