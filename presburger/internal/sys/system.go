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
	// Cancel, when closed, stops the queries on s (and on the systems
	// derived from it by Clone) at their next budget check with a
	// CancelledError panic (nil: never).
	Cancel <-chan struct{}
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
	return &System{NVars: s.NVars, Eq: cloneRows(s.Eq), Ineq: cloneRows(s.Ineq), Cancel: s.Cancel}
}

func cloneRows(rows [][]int64) [][]int64 {
	if rows == nil {
		return nil
	}
	out := make([][]int64, len(rows))
	// One backing array for all the rows; each row's capacity ends at
	// its length, so that an append to one row never writes into the
	// next.
	n := 0
	for _, r := range rows {
		n += len(r)
	}
	buf := make([]int64, n)
	for i, r := range rows {
		if len(r) == 0 {
			continue
		}
		k := copy(buf, r)
		out[i] = buf[:k:k]
		buf = buf[k:]
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

// rowIndex finds rows by their variable coefficients (the constant is
// ignored): a hash map with collision lists, no allocation per lookup.
type rowIndex struct {
	n    int
	m    map[uint64][]int
	rows *[][]int64
}

func newRowIndex(n int, rows *[][]int64, size int) *rowIndex {
	return &rowIndex{n: n, m: make(map[uint64][]int, size), rows: rows}
}

// hashCoef hashes the first n entries of r, negated when neg is set.
func hashCoef(r []int64, n int, neg bool) uint64 {
	h := uint64(14695981039346656037)
	for _, v := range r[:n] {
		if neg {
			v = -v
		}
		h ^= uint64(v)
		h *= 1099511628211
		h ^= h >> 29
	}
	return h
}

func sameCoef(a, b []int64, n int, neg bool) bool {
	for i := 0; i < n; i++ {
		if (neg && a[i] != -b[i]) || (!neg && a[i] != b[i]) {
			return false
		}
	}
	return true
}

// find returns the index (in *rows) of a row whose coefficients equal r's
// (or their negation with neg), or -1.
func (x *rowIndex) find(r []int64, neg bool) int {
	for _, i := range x.m[hashCoef(r, x.n, neg)] {
		if sameCoef((*x.rows)[i], r, x.n, neg) {
			return i
		}
	}
	return -1
}

func (x *rowIndex) add(r []int64, i int) {
	h := hashCoef(r, x.n, false)
	x.m[h] = append(x.m[h], i)
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
	eq, ineq, _, inf := normalizeRows(s.NVars, s.Eq, s.Ineq, nil)
	s.Eq, s.Ineq = eq, ineq
	return inf
}

// normalizeRows is Normalize on raw rows; rows may be modified in place.
// histIn, when not nil, runs parallel to ineqIn (a value per inequality)
// and the returned hist parallel to ineq.
func normalizeRows(n int, eqIn, ineqIn [][]int64, histIn [][]uint64) (eq, ineq [][]int64, hist [][]uint64, infeasible bool) {
	// Equalities: divide by the gcd, make the first non-zero coefficient
	// positive, detect duplicates and parallel ones with other constants.
	eq = make([][]int64, 0, len(eqIn))
	eqIdx := newRowIndex(n, &eq, len(eqIn))
	for _, r := range eqIn {
		g := ints.RowGCD(r[:n])
		if g == 0 {
			if r[n] != 0 {
				return nil, nil, nil, true
			}
			continue
		}
		if r[n]%g != 0 {
			return nil, nil, nil, true
		}
		if firstNonZero(r[:n]) < 0 {
			g = -g
		}
		ints.DivRowExact(r, g)
		if j := eqIdx.find(r, false); j >= 0 {
			if eq[j][n] != r[n] {
				return nil, nil, nil, true
			}
			continue
		}
		eqIdx.add(r, len(eq))
		eq = append(eq, r)
	}
	// Inequalities: divide by the gcd with floor on the constant, keep the
	// tightest of parallel rows.
	ineq = make([][]int64, 0, len(ineqIn))
	idx := newRowIndex(n, &ineq, len(ineqIn))
	if histIn != nil {
		hist = make([][]uint64, 0, len(ineqIn))
	}
	for ri, r := range ineqIn {
		g := ints.RowGCD(r[:n])
		if g == 0 {
			if r[n] < 0 {
				return nil, nil, nil, true
			}
			continue
		}
		if g != 1 {
			for i := 0; i < n; i++ {
				r[i] /= g
			}
			r[n] = ints.FloorDiv(r[n], g)
		}
		if j := idx.find(r, false); j >= 0 {
			// Keep the tighter of parallel rows. With histories, the
			// weaker row may go only when the tighter one's history is a
			// subset of it (else Chernikov's rule could later drop a
			// combination that only the weaker row's ancestors support).
			switch {
			case hist == nil:
				if r[n] < ineq[j][n] {
					ineq[j] = r
				}
				continue
			case r[n] <= ineq[j][n] && subsetBits(histIn[ri], hist[j]):
				ineq[j], hist[j] = r, histIn[ri]
				continue
			case r[n] >= ineq[j][n] && subsetBits(hist[j], histIn[ri]):
				continue
			}
		}
		idx.add(r, len(ineq))
		ineq = append(ineq, r)
		if hist != nil {
			hist = append(hist, histIn[ri])
		}
	}
	// Opposite pairs: a·x + c1 >= 0 and -a·x + c2 >= 0 mean -c1 <= a·x <= c2.
	var drop []bool
	for i, r := range ineq {
		if firstNonZero(r[:n]) < 0 {
			continue
		}
		j := idx.find(r, true)
		if j < 0 {
			continue
		}
		sum := ints.Add(r[n], ineq[j][n])
		if sum < 0 {
			return nil, nil, nil, true
		}
		if sum == 0 {
			if drop == nil {
				drop = make([]bool, len(ineq))
			}
			drop[i], drop[j] = true, true
			if k := eqIdx.find(r, false); k >= 0 {
				if eq[k][n] != r[n] {
					return nil, nil, nil, true
				}
				continue
			}
			eqIdx.add(r, len(eq))
			eq = append(eq, r)
		}
	}
	// An equality parallel to an inequality: a·x + e = 0 with a·x + c >= 0
	// (c - e >= 0 needed, then redundant) or -a·x + c >= 0 (c + e >= 0).
	if len(eq) > 0 || drop != nil {
		kept := ineq[:0]
		keptH := hist[:0]
		for i, r := range ineq {
			if drop != nil && drop[i] {
				continue
			}
			if j := eqIdx.find(r, false); j >= 0 {
				if ints.Sub(r[n], eq[j][n]) < 0 {
					return nil, nil, nil, true
				}
				continue
			}
			if j := eqIdx.find(r, true); j >= 0 {
				if ints.Add(r[n], eq[j][n]) < 0 {
					return nil, nil, nil, true
				}
				continue
			}
			kept = append(kept, r)
			if hist != nil {
				keptH = append(keptH, hist[i])
			}
		}
		ineq = kept
		if hist != nil {
			hist = keptH
		}
	}
	return eq, ineq, hist, false
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

// subsetBits reports whether the bitset a is a subset of b.
func subsetBits(a, b []uint64) bool {
	for i, w := range a {
		if w&^b[i] != 0 {
			return false
		}
	}
	return true
}
