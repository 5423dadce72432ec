package presburger

import (
	"slices"

	"github.com/tessera-opt/tessera/presburger/internal/ints"
	"github.com/tessera-opt/tessera/presburger/internal/sys"
)

// system returns b as a solver system over all its columns (parameters,
// dims and locals), with the defining bounds of known locals made
// explicit.
func (b BasicMap) system() *sys.System {
	s := &sys.System{NVars: b.NCols() - 1}
	s.Eq = cloneRows(b.eq)
	s.Ineq = cloneRows(b.ineq)
	nd := b.space.NDim()
	for i, l := range b.locals {
		if l.Den > 0 {
			lo, hi := divBounds(l, nd+i)
			s.Ineq = append(s.Ineq, lo, hi)
		}
	}
	return s
}

// IsEmpty reports exactly whether b has no integer point.
func (b BasicMap) IsEmpty() bool {
	empty, _ := b.isEmptyWithin(sys.DefaultBudget, nil)
	return empty
}

// isEmptyWithin is IsEmpty with a solver budget of limit steps (a budget
// error past it), stopped when cancel is closed (nil: never), that also
// returns the steps taken.
func (b BasicMap) isEmptyWithin(limit int64, cancel <-chan struct{}) (empty bool, steps int64) {
	if b.empty {
		return true, 0
	}
	if len(b.eq) == 0 && len(b.ineq) == 0 {
		return false, 0
	}
	defer translatePanics()
	s := b.system()
	s.Cancel = cancel
	return sys.IsIntegerEmptyWithin(s, limit)
}

// IsEmpty reports exactly whether s has no integer point.
func (s BasicSet) IsEmpty() bool { return s.m.IsEmpty() }

// pruneEmpty reports whether b is empty, answering false when the solver
// exceeds its budget: callers use it only to drop parts, which keeps
// results exact either way.
func (b BasicMap) pruneEmpty() bool {
	return b.pruneEmptyWith(nil)
}

// pruneEmptyWith is pruneEmpty with its solver query stopped when cancel
// is closed (nil: never).
func (b BasicMap) pruneEmptyWith(cancel <-chan struct{}) bool {
	return orOnBudget(false, func() bool {
		empty, _ := b.isEmptyWithin(sys.DefaultBudget, cancel)
		return empty
	})
}

// dropEmpty returns the parts of m that the solver finds non-empty.
func (m Map) dropEmpty() Map { return m.dropEmptyWith(nil) }

// dropEmptyWith is dropEmpty with its solver queries stopped when cancel
// is closed (nil: never).
func (m Map) dropEmptyWith(cancel <-chan struct{}) Map {
	var parts []BasicMap
	for _, p := range m.parts {
		if !p.pruneEmptyWith(cancel) {
			parts = append(parts, p)
		}
	}
	return Map{space: m.space, parts: parts}
}

// IsEmpty reports exactly whether m has no integer point.
func (m Map) IsEmpty() bool {
	for _, p := range m.parts {
		if !p.IsEmpty() {
			return false
		}
	}
	return true
}

// IsEmpty reports exactly whether s has no integer point.
func (s Set) IsEmpty() bool { return s.m.IsEmpty() }

// RemoveEmptyParts returns m without the parts that are empty.
func (m Map) RemoveEmptyParts() Map { return m.dropEmpty() }

// RemoveEmptyParts returns s without the parts that are empty.
func (s Set) RemoveEmptyParts() Set { return Set{s.m.dropEmpty()} }

// Sample returns an integer point of b over its parameters and dims (in
// column order) and true, or false when b is empty.
func (b BasicMap) Sample() ([]int64, bool) { return b.sampleWith(nil) }

// sampleWith is Sample with its solver query stopped when cancel is
// closed (nil: never).
func (b BasicMap) sampleWith(cancel <-chan struct{}) ([]int64, bool) {
	if b.empty {
		return nil, false
	}
	defer translatePanics()
	s := b.system()
	s.Cancel = cancel
	pt, ok := sys.Sample(s)
	if !ok {
		return nil, false
	}
	return pt[:b.space.NDim()], true
}

// Sample returns a point of s (parameters then dims) and true, or false
// when s is empty.
func (s BasicSet) Sample() ([]int64, bool) { return s.m.Sample() }

// Sample returns a point of m (parameters, input dims, output dims) and
// true, or false when m is empty.
func (m Map) Sample() ([]int64, bool) {
	for _, p := range m.parts {
		if pt, ok := p.Sample(); ok {
			return pt, true
		}
	}
	return nil, false
}

// Sample returns a point of s (parameters then dims) and true, or false
// when s is empty.
func (s Set) Sample() ([]int64, bool) { return s.m.Sample() }

// functionLocals returns, for each local, whether it is a function of the
// parameters and dims: known, with a definition that only uses dims and
// such locals.
func (b BasicMap) functionLocals() []bool {
	nd := b.space.NDim()
	fn := make([]bool, len(b.locals))
	for i, l := range b.locals {
		if l.Den == 0 {
			continue
		}
		ok := true
		for j := 0; j < i && ok; j++ {
			ok = l.Row[nd+j] == 0 || fn[j]
		}
		fn[i] = ok
	}
	return fn
}

// makeKnown returns basic maps whose union is b and whose locals are all
// functions of the parameters and dims. Unknown existentials (and the
// locals defined from them) are eliminated exactly by integer projection,
// which may split b.
func (b BasicMap) makeKnown() []BasicMap {
	if b.empty {
		return nil
	}
	fn := b.functionLocals()
	if !slices.Contains(fn, false) {
		return []BasicMap{b}
	}
	defer translatePanics()
	// We first order the columns [dims, function locals, others], then
	// project the others out.
	nd := b.space.NDim()
	var keepLoc, elimLoc []int
	for i, f := range fn {
		if f {
			keepLoc = append(keepLoc, i)
		} else {
			elimLoc = append(elimLoc, i)
		}
	}
	colMap := identityCols(nd + len(b.locals))
	for k, i := range keepLoc {
		colMap[nd+i] = nd + k
	}
	for k, i := range elimLoc {
		colMap[nd+i] = nd + len(keepLoc) + k
	}
	w := b.NCols()
	s := b.system()
	for i, r := range s.Eq {
		s.Eq[i] = mapRow(r, colMap, w)
	}
	for i, r := range s.Ineq {
		s.Ineq[i] = mapRow(r, colMap, w)
	}
	keep := nd + len(keepLoc)
	pieces := sys.Project(s, keep)
	var out []BasicMap
	for _, pc := range pieces {
		nLoc := len(keepLoc) + len(pc.Divs)
		pw := nd + nLoc + 1
		r := BasicMap{space: b.space, locals: make([]Local, nLoc)}
		for k, i := range keepLoc {
			l := b.locals[i]
			r.locals[k] = Local{Row: mapRow(mapRow(l.Row, colMap, w), identityCols(keep), pw), Den: l.Den}
		}
		for k, d := range pc.Divs {
			row, den := normalizeDiv(slices.Clone(d.Row), d.Den)
			r.locals[len(keepLoc)+k] = Local{Row: row, Den: den}
		}
		r.eq = cloneRows(pc.Sys.Eq)
		r.ineq = cloneRows(pc.Sys.Ineq)
		r = r.dropImplicit().normalize().simplify()
		if !r.empty {
			out = append(out, r)
		}
	}
	return out
}

// dropImplicit removes inequalities that are exactly the defining bounds
// of a known local (they are implicit in our representation).
func (b BasicMap) dropImplicit() BasicMap {
	if len(b.locals) == 0 {
		return b
	}
	nd := b.space.NDim()
	implicit := map[string]bool{}
	for i, l := range b.locals {
		if l.Den > 0 {
			lo, hi := divBounds(l, nd+i)
			implicit[string(rowBytes(lo))] = true
			implicit[string(rowBytes(hi))] = true
		}
	}
	var ineq [][]int64
	for _, r := range b.ineq {
		if !implicit[string(rowBytes(r))] {
			ineq = append(ineq, r)
		}
	}
	b.ineq = ineq
	return b
}

func rowBytes(r []int64) []byte {
	k := rowKey(append(slices.Clone(r), 0))
	return []byte(k)
}

// evalRow returns row·(x,1) for x covering the coefficient columns.
func evalRow(row, x []int64) int64 {
	n := len(row) - 1
	v := row[n]
	for j := 0; j < n; j++ {
		if row[j] != 0 {
			v = ints.Add(v, ints.Mul(row[j], x[j]))
		}
	}
	return v
}

// Contains reports whether the point pt (parameters then dims, in column
// order) belongs to b.
func (b BasicMap) Contains(pt []int64) bool {
	nd := b.space.NDim()
	if len(pt) != nd {
		panic("presburger: Contains: point of the wrong length")
	}
	if b.empty {
		return false
	}
	defer translatePanics()
	// We evaluate the function locals directly; if no other local remains
	// the constraints are checked by evaluation, else the solver decides
	// the system left over the remaining locals.
	fn := b.functionLocals()
	x := make([]int64, b.NCols()-1)
	copy(x, pt)
	allFn := true
	for i, l := range b.locals {
		if !fn[i] {
			allFn = false
			continue
		}
		x[nd+i] = ints.FloorDiv(evalRow(l.Row, x), l.Den)
	}
	if allFn {
		for _, r := range b.eq {
			if evalRow(r, x) != 0 {
				return false
			}
		}
		for _, r := range b.ineq {
			if evalRow(r, x) < 0 {
				return false
			}
		}
		return true
	}
	// The remaining locals form a small system: every row is split into
	// its part over them and a constant folded from the known values.
	var rest []int
	restIdx := make([]int, len(b.locals))
	for i := range b.locals {
		restIdx[i] = -1
		if !fn[i] {
			restIdx[i] = len(rest)
			rest = append(rest, nd+i)
		}
	}
	nr := len(rest)
	s := &sys.System{NVars: nr}
	reduce := func(r []int64) ([]int64, bool) {
		out := make([]int64, nr+1)
		c := r[len(r)-1]
		free := false
		for j := 0; j < len(r)-1; j++ {
			if r[j] == 0 {
				continue
			}
			if j >= nd && restIdx[j-nd] >= 0 {
				out[restIdx[j-nd]] = r[j]
				free = true
				continue
			}
			c = ints.Add(c, ints.Mul(r[j], x[j]))
		}
		out[nr] = c
		return out, free
	}
	for _, r := range b.eq {
		red, free := reduce(r)
		if !free {
			if red[nr] != 0 {
				return false
			}
			continue
		}
		s.Eq = append(s.Eq, red)
	}
	addIneq := func(r []int64) bool {
		red, free := reduce(r)
		if !free {
			return red[nr] >= 0
		}
		s.Ineq = append(s.Ineq, red)
		return true
	}
	for _, r := range b.ineq {
		if !addIneq(r) {
			return false
		}
	}
	for i, l := range b.locals {
		if l.Den > 0 && !fn[i] {
			lo, hi := divBounds(l, nd+i)
			if !addIneq(lo) || !addIneq(hi) {
				return false
			}
		}
	}
	return !sys.IsIntegerEmpty(s)
}

// Contains reports whether pt (parameters then dims) belongs to s.
func (s BasicSet) Contains(pt []int64) bool { return s.m.Contains(pt) }

// Contains reports whether pt (parameters, input dims, output dims)
// belongs to m.
func (m Map) Contains(pt []int64) bool {
	for _, p := range m.parts {
		if p.Contains(pt) {
			return true
		}
	}
	return false
}

// Contains reports whether pt (parameters then dims) belongs to s.
func (s Set) Contains(pt []int64) bool { return s.m.Contains(pt) }
