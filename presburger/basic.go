package presburger

import (
	"encoding/binary"
	"fmt"
	"slices"

	"github.com/tessera-opt/tessera/presburger/internal/ints"
)

// Local is a local variable of a basic object. When Den > 0 it is the known
// division floor(Row·(x,1) / Den), where Row has the full width of the
// basic object's rows and only refers to columns before the local itself
// (parameters, dims, earlier locals) and the constant. When Den == 0 the
// local is an existentially quantified unknown and Row is nil.
type Local struct {
	Row []int64
	Den int64
}

// Known reports whether the local has a floor definition.
func (l Local) Known() bool { return l.Den > 0 }

// BasicMap is one conjunction of affine equalities and inequalities over
// the columns [params, in dims, out dims, locals, constant] of its space
// (isl_basic_map). It is an immutable value: accessors return copies.
//
// Invariants: every row (Eq, Ineq and known Local rows) has NCols()
// entries; the constraints that define a known local (Den*q <= Row <=
// Den*q + Den - 1) are implicit and not stored among Ineq; rows are
// normalized (see normalize); a basic map found empty by a plain check has
// no locals, no equalities and the single inequality -1 >= 0.
type BasicMap struct {
	space  Space
	locals []Local
	eq     [][]int64
	ineq   [][]int64
	empty  bool // known empty (plain check); then locals, eq are nil and ineq is {-1 >= 0}
}

// BasicSet is a BasicMap whose space is a set space (isl_basic_set).
type BasicSet struct{ m BasicMap }

// Space returns the space of b.
func (b BasicMap) Space() Space { return b.space }

// NLocal returns the number of local variables.
func (b BasicMap) NLocal() int { return len(b.locals) }

// NCols returns the width of every constraint row: parameters, dims,
// locals and the constant.
func (b BasicMap) NCols() int { return b.space.NDim() + len(b.locals) + 1 }

// Local returns local variable i (a copy).
func (b BasicMap) Local(i int) Local {
	l := b.locals[i]
	return Local{Row: slices.Clone(l.Row), Den: l.Den}
}

// Eqs returns copies of the equality rows (row·(x,1) == 0).
func (b BasicMap) Eqs() [][]int64 { return cloneRows(b.eq) }

// Ineqs returns copies of the inequality rows (row·(x,1) >= 0), without
// the implicit constraints of known locals.
func (b BasicMap) Ineqs() [][]int64 { return cloneRows(b.ineq) }

// AppendRows appends to buf an encoding of b's stored representation
// (the cheap emptiness flag, then per local its row and denominator, the
// equality rows and the inequality rows, in their stored order; every
// count and entry as a varint), without copying the rows: two basic maps
// of the same space with the same encoding have the same representation,
// so that callers can key caches of exact answers on it.
func (b BasicMap) AppendRows(buf []byte) []byte {
	row := func(r []int64) {
		buf = binary.AppendVarint(buf, int64(len(r)))
		for _, v := range r {
			buf = binary.AppendVarint(buf, v)
		}
	}
	if b.empty {
		buf = append(buf, 'e')
	} else {
		buf = append(buf, 'b')
	}
	buf = binary.AppendVarint(buf, int64(len(b.locals)))
	for _, l := range b.locals {
		row(l.Row)
		buf = binary.AppendVarint(buf, l.Den)
	}
	buf = binary.AppendVarint(buf, int64(len(b.eq)))
	for _, r := range b.eq {
		row(r)
	}
	buf = binary.AppendVarint(buf, int64(len(b.ineq)))
	for _, r := range b.ineq {
		row(r)
	}
	return buf
}

// PlainIsEmpty reports whether b was found empty by the cheap checks of
// normalization (isl_basic_map_plain_is_empty). False does not mean
// non-empty.
func (b BasicMap) PlainIsEmpty() bool { return b.empty }

// PlainIsUniverse reports whether b has no constraints at all.
func (b BasicMap) PlainIsUniverse() bool { return !b.empty && len(b.eq) == 0 && len(b.ineq) == 0 }

// Set views b as a basic set; b's space must be a set space.
func (b BasicMap) Set() BasicSet {
	if !b.space.isSet {
		panic("presburger: BasicMap.Set of a map")
	}
	return BasicSet{b}
}

// Map returns the underlying basic map (with a set space).
func (s BasicSet) Map() BasicMap { return s.m }

// Space returns the space of s.
func (s BasicSet) Space() Space { return s.m.space }

// NLocal returns the number of local variables.
func (s BasicSet) NLocal() int { return len(s.m.locals) }

// NCols returns the width of every constraint row.
func (s BasicSet) NCols() int { return s.m.NCols() }

// Local returns local variable i (a copy).
func (s BasicSet) Local(i int) Local { return s.m.Local(i) }

// Eqs returns copies of the equality rows.
func (s BasicSet) Eqs() [][]int64 { return s.m.Eqs() }

// Ineqs returns copies of the inequality rows.
func (s BasicSet) Ineqs() [][]int64 { return s.m.Ineqs() }

// PlainIsEmpty reports whether s was found empty by the cheap checks.
func (s BasicSet) PlainIsEmpty() bool { return s.m.empty }

// PlainIsUniverse reports whether s has no constraints at all.
func (s BasicSet) PlainIsUniverse() bool { return s.m.PlainIsUniverse() }

func cloneRows(rows [][]int64) [][]int64 {
	out := make([][]int64, len(rows))
	// One backing array for all the rows (one allocation instead of one
	// per row); each row's capacity ends at its length, so that an append
	// to one row never writes into the next.
	n := 0
	for _, r := range rows {
		n += len(r)
	}
	buf := make([]int64, n)
	for i, r := range rows {
		if r == nil {
			continue
		}
		k := copy(buf, r)
		out[i] = buf[:k:k]
		buf = buf[k:]
	}
	return out
}

// BasicBuilder is the mutable form of a BasicMap. Rows are given in the
// layout [params, in, out, locals..., constant]; a row shorter than NCols()
// is padded with zero coefficients for the locals added after it was
// written, its last element always being the constant.
type BasicBuilder struct {
	space  Space
	locals []Local // rows kept at their width when added (padded in Build)
	eq     [][]int64
	ineq   [][]int64
}

// NewBasicBuilder starts a basic object of space sp with no constraints.
func NewBasicBuilder(sp Space) *BasicBuilder {
	return &BasicBuilder{space: sp}
}

// NCols returns the current row width: params, dims, locals so far, and
// the constant.
func (b *BasicBuilder) NCols() int { return b.space.NDim() + len(b.locals) + 1 }

// LocalCol returns the column of local i.
func (b *BasicBuilder) LocalCol(i int) int { return b.space.NDim() + i }

// pad returns row widened to width w (constant last).
func pad(row []int64, w int) []int64 {
	if len(row) == 0 {
		panic("presburger: empty constraint row (the constant is required)")
	}
	if len(row) > w {
		panic(fmt.Sprintf("presburger: constraint row of width %d, more than %d columns", len(row), w))
	}
	out := make([]int64, w)
	copy(out, row[:len(row)-1])
	out[w-1] = row[len(row)-1]
	return out
}

// AddDiv adds the known local floor(row·(x,1) / den) and returns its index
// among the locals; row may only refer to columns already present. An
// identical division already present is reused. den must be positive.
func (b *BasicBuilder) AddDiv(row []int64, den int64) int {
	if den <= 0 {
		panic("presburger: AddDiv with non-positive denominator")
	}
	w := b.NCols()
	r, d := normalizeDiv(pad(row, w), den)
	for i, l := range b.locals {
		if l.Den == d && slices.Equal(pad(l.Row, w), r) {
			return i
		}
	}
	b.locals = append(b.locals, Local{Row: r, Den: d})
	return len(b.locals) - 1
}

// AddExists adds an existentially quantified local and returns its index.
func (b *BasicBuilder) AddExists() int {
	b.locals = append(b.locals, Local{})
	return len(b.locals) - 1
}

// AddEq adds the equality row·(x,1) == 0.
func (b *BasicBuilder) AddEq(row []int64) { b.eq = append(b.eq, pad(row, b.NCols())) }

// AddIneq adds the inequality row·(x,1) >= 0.
func (b *BasicBuilder) AddIneq(row []int64) { b.ineq = append(b.ineq, pad(row, b.NCols())) }

// Build returns the basic map built so far (normalized). The builder may
// still be used afterwards.
func (b *BasicBuilder) Build() BasicMap {
	w := b.NCols()
	m := BasicMap{space: b.space}
	m.locals = make([]Local, len(b.locals))
	for i, l := range b.locals {
		if l.Den > 0 {
			m.locals[i] = Local{Row: pad(l.Row, w), Den: l.Den}
		}
	}
	// Rows already at full width are the builder's own copies, never
	// written again: the basic map shares them.
	full := func(rows [][]int64) [][]int64 {
		if len(rows) == 0 {
			return nil
		}
		out := make([][]int64, len(rows))
		for i, r := range rows {
			if len(r) == w {
				out[i] = r
			} else {
				out[i] = pad(r, w)
			}
		}
		return out
	}
	m.eq, m.ineq = full(b.eq), full(b.ineq)
	return m.normalize().simplify()
}

// BuildSet is Build for a set space.
func (b *BasicBuilder) BuildSet() BasicSet { return b.Build().Set() }

// normalizeDiv divides row and den by the gcd of den and the coefficients
// of row (the constant is floored): floor((g*a + c)/(g*d)) ==
// floor((a + floor(c/g))/d).
func normalizeDiv(row []int64, den int64) ([]int64, int64) {
	n := len(row) - 1
	g := ints.GCD(ints.RowGCD(row[:n]), den)
	if g <= 1 {
		return row, den
	}
	out := make([]int64, len(row))
	for i := 0; i < n; i++ {
		out[i] = row[i] / g
	}
	out[n] = ints.FloorDiv(row[n], g)
	return out, den / g
}

// UniverseBasic returns the basic object of space sp without constraints.
func UniverseBasic(sp Space) BasicMap { return BasicMap{space: sp} }

// EmptyBasic returns the empty basic object of space sp.
func EmptyBasic(sp Space) BasicMap {
	m := BasicMap{space: sp, empty: true}
	r := make([]int64, sp.NDim()+1)
	r[len(r)-1] = -1
	m.ineq = [][]int64{r}
	return m
}

// markEmpty returns the canonical empty basic map of b's space.
func (b BasicMap) markEmpty() BasicMap { return EmptyBasic(b.space) }
