package presburger

// The advanced operations of the engine live in the files aff*.go,
// pw*.go, lexopt*.go, gist*.go, coalesce*.go, hull*.go and stride*.go:
//
//	Aff, MultiAff         quasi-affine expressions (integer coefficients,
//	                      nested floor divisions by constants)     isl_aff, isl_multi_aff
//	PwAff, PwMultiAff     the same on disjoint domain pieces       isl_pw_aff, isl_pw_multi_aff
//	Map.AsPwMultiAff      function of a single-valued map          isl_map_as_pw_multi_aff
//	LexMin, LexMax        parametric lexicographic optima          isl_map_lexmin, isl_set_lexmin
//	DimMin, DimMax        bounds of one dim as a PwAff             isl_set_dim_min
//	Gist                  simplification in a context              isl_map_gist
//	Coalesce              fewer disjuncts, same points             isl_map_coalesce
//	AffineHull, SimpleHull                                         isl_map_affine_hull, isl_map_simple_hull
//	Stride, FixedVal      strides and fixed values of a dim        isl_set_get_stride_info, isl_map_plain_get_val_if_fixed
//
// Every decision goes through the exact solver: parametric optima are
// computed by subtraction, one output dim at a time (R minus the pairs
// beaten by another image of the same input), not by a parametric simplex
// as in isl (Feautrier's PIP); function extraction tries the equalities and
// bounds of each output and keeps one only when the solver proves it equal
// to the output, splitting by the residue when the output lies within a
// constant distance of a bound; gist drops a constraint when its negation
// is empty on the context and the remaining constraints; coalescing keeps
// isl's "fuse" case (the constraints of each part valid on the other, when
// they add no point) and drops parts contained in another; the affine hull
// is spanned by samples, each new one violating an equality of the span of
// the previous ones.

import (
	"fmt"
	"slices"

	"github.com/tessera-opt/tessera/presburger/internal/ints"
)

// Aff is a quasi-affine expression over a set space, its domain (isl_aff):
// an integer combination of the parameters, the dims of the domain and
// floor divisions of such expressions, plus a constant. It is an immutable
// value.
//
// Representation: locals are known divisions floor(Row·(x,1)/Den) in the
// layout of a basic object of the domain space ([params, dims, locals,
// constant], every row of full width NDim+len(locals)+1, a local only
// referring to earlier columns); row is the expression over the same
// columns. Invariants (kept by tidy): no local has Den 1, no two locals are
// equal, no local is divisible out (its row coefficients a multiple of
// Den), and every local is used by the expression (directly or through a
// later local).
type Aff struct {
	dom    Space
	locals []Local
	row    []int64
}

// affDom checks that dom is a set space.
func affDom(dom Space) {
	if !dom.isSet {
		panic(fmt.Sprintf("presburger: an Aff lives on a set space, not %v", dom))
	}
}

// AffConst returns the constant expression c on the set space dom.
func AffConst(dom Space, c int64) Aff {
	affDom(dom)
	row := make([]int64, dom.NDim()+1)
	row[len(row)-1] = c
	return Aff{dom: dom, row: row}
}

// AffZero returns the zero expression on dom (isl_aff_zero_on_domain).
func AffZero(dom Space) Aff { return AffConst(dom, 0) }

// AffVar returns the expression equal to dim pos of kind k (Param or
// SetDim) of dom (isl_aff_var_on_domain).
func AffVar(dom Space, k DimKind, pos int) Aff {
	a := AffZero(dom)
	checkRange(dom, k, pos, 1, "AffVar")
	a.row[dom.Offset(k)+pos] = 1
	return a
}

// NewAff returns the expression row·(x,1) over the columns [params, dims,
// locals, constant] of dom with the given known locals (each a floor
// division referring only to earlier columns; rows shorter than full width
// are padded as by BasicBuilder, the constant last).
func NewAff(dom Space, locals []Local, row []int64) Aff {
	affDom(dom)
	nd := dom.NDim()
	w := nd + len(locals) + 1
	a := Aff{dom: dom, locals: make([]Local, len(locals)), row: pad(row, w)}
	for i, l := range locals {
		if l.Den <= 0 {
			panic("presburger: NewAff: every local must be a known division")
		}
		r := pad(l.Row, w)
		for j := nd + i; j < w-1; j++ {
			if r[j] != 0 {
				panic("presburger: NewAff: a local refers to a later column")
			}
		}
		a.locals[i] = Local{Row: r, Den: l.Den}
	}
	return a.tidy()
}

// Space returns the domain space of a.
func (a Aff) Space() Space { return a.dom }

// NLocal returns the number of floor divisions of a.
func (a Aff) NLocal() int { return len(a.locals) }

// Local returns floor division i of a (a copy).
func (a Aff) Local(i int) Local {
	return Local{Row: slices.Clone(a.locals[i].Row), Den: a.locals[i].Den}
}

// Row returns a copy of the expression row over [params, dims, locals,
// constant].
func (a Aff) Row() []int64 { return slices.Clone(a.row) }

// Coef returns the coefficient of dim pos of kind k (Param or SetDim).
func (a Aff) Coef(k DimKind, pos int) int64 { return a.row[a.dom.Offset(k)+pos] }

// ConstantVal returns the constant term.
func (a Aff) ConstantVal() int64 { return a.row[len(a.row)-1] }

// IsConstant reports whether a is a constant (no dims, parameters or
// divisions).
func (a Aff) IsConstant() bool {
	for _, v := range a.row[:len(a.row)-1] {
		if v != 0 {
			return false
		}
	}
	return true
}

// PlainIsEqual reports whether a and b have the same representation (which
// implies the same values; tidy makes equal simple expressions equal).
func (a Aff) PlainIsEqual(b Aff) bool {
	if !a.dom.Equal(b.dom) || len(a.locals) != len(b.locals) || !slices.Equal(a.row, b.row) {
		return false
	}
	for i, l := range a.locals {
		if l.Den != b.locals[i].Den || !slices.Equal(l.Row, b.locals[i].Row) {
			return false
		}
	}
	return true
}

// Eval returns the value of a at pt (parameters then dims).
func (a Aff) Eval(pt []int64) int64 {
	nd := a.dom.NDim()
	if len(pt) != nd {
		panic(fmt.Sprintf("presburger: Aff.Eval: point of length %d, want %d", len(pt), nd))
	}
	x := make([]int64, nd+len(a.locals))
	copy(x, pt)
	for i, l := range a.locals {
		x[nd+i] = ints.FloorDiv(evalRow(l.Row, x), l.Den)
	}
	return evalRow(a.row, x)
}

// widenTo returns a's rows in a layout with n locals, a's locals at
// columns nd+at[i]. The returned locals slice has length n with the
// entries not hit left zero.
func (a Aff) widenTo(n int, at []int) ([]Local, []int64) {
	nd := a.dom.NDim()
	w := nd + n + 1
	colMap := identityCols(nd + len(a.locals))
	for i := range a.locals {
		colMap[nd+i] = nd + at[i]
	}
	locs := make([]Local, n)
	for i, l := range a.locals {
		locs[at[i]] = Local{Row: mapRow(l.Row, colMap, w), Den: l.Den}
	}
	return locs, mapRow(a.row, colMap, w)
}

// alignAff2 returns the rows of a and b over a common list of locals (a's
// then b's). Their domains must match up to parameters, which are aligned.
func alignAff2(a, b Aff) (dom Space, locals []Local, ra, rb []int64) {
	a, b = alignAffParams(a, b)
	la, lb := len(a.locals), len(b.locals)
	atA := identityCols(la)
	atB := make([]int, lb)
	for i := range atB {
		atB[i] = la + i
	}
	locA, ra := a.widenTo(la+lb, atA)
	locB, rb := b.widenTo(la+lb, atB)
	copy(locA[la:], locB[la:])
	return a.dom, locA, ra, rb
}

func alignAffParams(a, b Aff) (Aff, Aff) {
	a.dom.mustMatch(b.dom, "Aff operation")
	if slices.Equal(a.dom.params, b.dom.params) {
		return a, b
	}
	p := mergeParams(a.dom.params, b.dom.params)
	return a.alignParams(p), b.alignParams(p)
}

// AlignParams returns a with parameter list params ∪ a's parameters.
func (a Aff) AlignParams(params []string) Aff {
	return a.alignParams(mergeParams(params, a.dom.params))
}

func (a Aff) alignParams(params []string) Aff {
	if slices.Equal(a.dom.params, params) {
		return a
	}
	old := a.dom
	dom := old.WithParams(params)
	nd := dom.NDim()
	colMap := make([]int, old.NDim()+len(a.locals))
	for j, p := range old.params {
		colMap[j] = slices.Index(params, p)
	}
	shift := len(params) - len(old.params)
	for j := len(old.params); j < len(colMap); j++ {
		colMap[j] = j + shift
	}
	w := nd + len(a.locals) + 1
	out := Aff{dom: dom, locals: make([]Local, len(a.locals)), row: mapRow(a.row, colMap, w)}
	for i, l := range a.locals {
		out.locals[i] = Local{Row: mapRow(l.Row, colMap, w), Den: l.Den}
	}
	return out
}

// Add returns a + b (isl_aff_add).
func (a Aff) Add(b Aff) Aff {
	dom, locs, ra, rb := alignAff2(a, b)
	row := make([]int64, len(ra))
	for j := range row {
		row[j] = ints.Add(ra[j], rb[j])
	}
	return Aff{dom: dom, locals: locs, row: row}.tidy()
}

// Sub returns a - b (isl_aff_sub).
func (a Aff) Sub(b Aff) Aff { return a.Add(b.Neg()) }

// Neg returns -a (isl_aff_neg).
func (a Aff) Neg() Aff { return a.Scale(-1) }

// Scale returns c*a (isl_aff_scale).
func (a Aff) Scale(c int64) Aff {
	if c == 0 {
		return AffZero(a.dom)
	}
	return Aff{dom: a.dom, locals: a.locals, row: ints.ScaleRow(a.row, c)}.tidy()
}

// AddConst returns a + c.
func (a Aff) AddConst(c int64) Aff {
	row := slices.Clone(a.row)
	row[len(row)-1] = ints.Add(row[len(row)-1], c)
	return Aff{dom: a.dom, locals: a.locals, row: row}
}

// FloorDiv returns floor(a/d) for d > 0 (isl_aff_scale_down_val followed
// by isl_aff_floor).
func (a Aff) FloorDiv(d int64) Aff {
	if d <= 0 {
		panic("presburger: Aff.FloorDiv by a non-positive constant")
	}
	if d == 1 {
		return a
	}
	nd := a.dom.NDim()
	n := len(a.locals)
	locs, row := a.widenTo(n+1, identityCols(n))
	r, den := normalizeDiv(row, d)
	locs[n] = Local{Row: r, Den: den}
	out := make([]int64, nd+n+2)
	out[nd+n] = 1
	return Aff{dom: a.dom, locals: locs, row: out}.tidy()
}

// CeilDiv returns ceil(a/d) = -floor(-a/d) for d > 0.
func (a Aff) CeilDiv(d int64) Aff { return a.Neg().FloorDiv(d).Neg() }

// Mod returns a mod d = a - d*floor(a/d), in [0, d), for d > 0
// (isl_aff_mod_val).
func (a Aff) Mod(d int64) Aff { return a.Sub(a.FloorDiv(d).Scale(d)) }

// tidy restores the invariants of Aff: locals of denominator 1, divisible
// locals and duplicates are substituted, unused locals are dropped.
func (a Aff) tidy() Aff {
	nd := a.dom.NDim()
	for changed := true; changed; {
		changed = false
		for i, l := range a.locals {
			col := nd + i
			n := len(l.Row) - 1
			// floor((d*f + c)/d) == f + floor(c/d) when d divides every
			// coefficient.
			div := true
			for j := 0; j < n && div; j++ {
				div = l.Row[j]%l.Den == 0
			}
			if div {
				expr := make([]int64, len(l.Row))
				for j := 0; j < n; j++ {
					expr[j] = l.Row[j] / l.Den
				}
				expr[n] = ints.FloorDiv(l.Row[n], l.Den)
				a = a.substLocal(i, expr)
				changed = true
				break
			}
			dup := -1
			for j := 0; j < i; j++ {
				if a.locals[j].Den == l.Den && slices.Equal(a.locals[j].Row, l.Row) {
					dup = j
					break
				}
			}
			if dup >= 0 {
				expr := make([]int64, len(l.Row))
				expr[nd+dup] = 1
				a = a.substLocal(i, expr)
				changed = true
				break
			}
			_ = col
		}
	}
	// Drop unused locals, last first.
	for i := len(a.locals) - 1; i >= 0; i-- {
		col := nd + i
		used := a.row[col] != 0
		for _, l := range a.locals[i+1:] {
			used = used || l.Row[col] != 0
		}
		if !used {
			a = a.substLocal(i, make([]int64, len(a.row)))
		}
	}
	return a
}

// substLocal replaces local i by expr (over earlier columns) and removes
// its column.
func (a Aff) substLocal(i int, expr []int64) Aff {
	nd := a.dom.NDim()
	col := nd + i
	colMap := identityCols(nd + len(a.locals))
	colMap[col] = -1
	for j := col + 1; j < len(colMap); j++ {
		colMap[j] = j - 1
	}
	w := len(a.row) - 1
	move := func(r []int64) []int64 {
		r = substCol(r, col, expr)
		return mapRow(r, colMap, w)
	}
	out := Aff{dom: a.dom, row: move(a.row)}
	for k, l := range a.locals {
		if k == i {
			continue
		}
		r, d := normalizeDiv(move(l.Row), l.Den)
		out.locals = append(out.locals, Local{Row: r, Den: d})
	}
	return out
}

// addTo adds a's locals to the builder bb, whose columns for a's params and
// dims are given by colMap (one entry per column of a.dom), and returns a's
// row in the builder's current layout.
func (a Aff) addTo(bb *BasicBuilder, colMap []int) []int64 {
	nd := a.dom.NDim()
	cm := make([]int, nd+len(a.locals))
	copy(cm, colMap)
	for i, l := range a.locals {
		k := bb.AddDiv(mapRow(l.Row, cm, bb.NCols()), l.Den)
		cm[nd+i] = bb.LocalCol(k)
	}
	return mapRow(a.row, cm, bb.NCols())
}

// builderFrom returns a builder holding b's locals and constraints.
func builderFrom(b BasicMap) *BasicBuilder {
	bb := NewBasicBuilder(b.space)
	if b.empty {
		bb.ineq = [][]int64{pad([]int64{-1}, b.NCols())}
	}
	bb.locals = slices.Clone(b.locals)
	bb.eq = cloneRows(b.eq)
	bb.ineq = append(bb.ineq, cloneRows(b.ineq)...)
	return bb
}

// cmpSet returns the basic set of dom where a - b (an expression built by
// the caller) satisfies the comparison: eq (== 0) or ineq (>= 0).
func (a Aff) constraintSet(eq bool) BasicSet {
	bb := NewBasicBuilder(a.dom)
	row := a.addTo(bb, identityCols(a.dom.NDim()))
	if eq {
		bb.AddEq(row)
	} else {
		bb.AddIneq(row)
	}
	return bb.BuildSet()
}

// NonNegSet returns the set where a >= 0 (isl_aff_nonneg_basic_set).
func (a Aff) NonNegSet() Set { return a.constraintSet(false).ToSet() }

// ZeroSet returns the set where a == 0 (isl_aff_zero_basic_set).
func (a Aff) ZeroSet() Set { return a.constraintSet(true).ToSet() }

// LeSet returns the set where a <= b (isl_aff_le_set).
func (a Aff) LeSet(b Aff) Set { return b.Sub(a).NonNegSet() }

// LtSet returns the set where a < b.
func (a Aff) LtSet(b Aff) Set { return b.Sub(a).AddConst(-1).NonNegSet() }

// GeSet returns the set where a >= b.
func (a Aff) GeSet(b Aff) Set { return b.LeSet(a) }

// GtSet returns the set where a > b.
func (a Aff) GtSet(b Aff) Set { return b.LtSet(a) }

// EqSet returns the set where a == b.
func (a Aff) EqSet(b Aff) Set { return a.Sub(b).ZeroSet() }

// NeSet returns the set where a != b.
func (a Aff) NeSet(b Aff) Set { return a.LtSet(b).Union(a.GtSet(b)) }
