package presburger

import (
	"fmt"
	"slices"
	"strings"
)

// MultiAff is a tuple of quasi-affine expressions on one domain
// (isl_multi_aff): a function from the domain tuple to the range tuple of
// its map space. When the domain is a parameter space (no dims, no name)
// the MultiAff describes a point of the range tuple for each parameter
// value (isl's set-valued form, printed "[n] -> { S[(n)] }").
//
// Invariant: every Aff has domain space.Domain() (parameters included) and
// there are space.Dim(Out) of them.
type MultiAff struct {
	space Space
	affs  []Aff
}

// NewMultiAff returns the function of map space sp whose output k is
// affs[k]; every aff must live on sp.Domain() (parameters are aligned).
func NewMultiAff(sp Space, affs ...Aff) MultiAff {
	if sp.isSet {
		panic("presburger: NewMultiAff needs a map space (use MapSpace(NewParamSpace(params), set))")
	}
	if len(affs) != sp.Dim(Out) {
		panic(fmt.Sprintf("presburger: NewMultiAff: %d expressions for %d outputs", len(affs), sp.Dim(Out)))
	}
	params := sp.params
	for _, a := range affs {
		a.dom.mustMatch(sp.Domain(), "NewMultiAff")
		params = mergeParams(params, a.dom.params)
	}
	sp = sp.WithParams(params)
	out := MultiAff{space: sp, affs: make([]Aff, len(affs))}
	for i, a := range affs {
		out.affs[i] = a.alignParams(params)
	}
	return out
}

// IdentityMultiAff returns the identity function on the set space sp
// (isl_multi_aff_identity).
func IdentityMultiAff(sp Space) MultiAff {
	affs := make([]Aff, sp.Dim(SetDim))
	for i := range affs {
		affs[i] = AffVar(sp, SetDim, i)
	}
	return NewMultiAff(MapSpace(sp, sp), affs...)
}

// Space returns the map space of m.
func (m MultiAff) Space() Space { return m.space }

// Dim returns the number of outputs.
func (m MultiAff) Dim() int { return len(m.affs) }

// Aff returns output k.
func (m MultiAff) Aff(k int) Aff { return m.affs[k] }

// Affs returns the outputs.
func (m MultiAff) Affs() []Aff { return slices.Clone(m.affs) }

// Eval returns the image of pt (parameters then domain dims).
func (m MultiAff) Eval(pt []int64) []int64 {
	out := make([]int64, len(m.affs))
	for i, a := range m.affs {
		out[i] = a.Eval(pt)
	}
	return out
}

// PlainIsEqual reports whether m and n have the same representation.
func (m MultiAff) PlainIsEqual(n MultiAff) bool {
	if !m.space.Equal(n.space) || len(m.affs) != len(n.affs) {
		return false
	}
	for i := range m.affs {
		if !m.affs[i].PlainIsEqual(n.affs[i]) {
			return false
		}
	}
	return true
}

// AlignParams returns m with parameter list params ∪ m's parameters.
func (m MultiAff) AlignParams(params []string) MultiAff {
	p := mergeParams(params, m.space.params)
	out := MultiAff{space: m.space.WithParams(p), affs: make([]Aff, len(m.affs))}
	for i, a := range m.affs {
		out.affs[i] = a.alignParams(p)
	}
	return out
}

// graph returns the basic map { x -> m(x) }.
func (m MultiAff) graph() BasicMap {
	bb := NewBasicBuilder(m.space)
	nd := m.space.Domain().NDim()
	cm := identityCols(nd)
	off := m.space.Offset(Out)
	for k, a := range m.affs {
		row := a.addTo(bb, cm)
		row = pad(row, bb.NCols())
		row[off+k]--
		bb.AddEq(row)
	}
	return bb.Build()
}

// AsMap returns the graph of m as a map (isl_map_from_multi_aff).
func (m MultiAff) AsMap() Map { return m.graph().ToMap() }

// String prints m in isl notation, e.g. "{ S[i, j] -> [(i + j), (0)] }".
func (m MultiAff) String() string {
	return paramPrefix(m.space.params) + "{ " + multiAffPiece(m, UniverseBasic(m.space.Domain())) + " }"
}

// String prints a in isl notation, e.g. "[n] -> { S[i] -> [(n - i)] }".
func (a Aff) String() string {
	sp := MapSpace(a.dom, NewSetSpace(a.dom.params, "", []string{""}))
	return NewMultiAff(sp, a).String()
}

// plainPrinter returns a printer of b that keeps every dim in the tuple
// (no substitution), with the locals of the given affs appended after b's;
// it returns the affs' rows in the printer's layout.
func plainPrinter(b BasicMap, affs []Aff) (*basicPrinter, [][]int64) {
	nd := b.space.NDim()
	nl := len(b.locals)
	total := nl
	for _, a := range affs {
		total += len(a.locals)
	}
	w := nd + total + 1
	p := &basicPrinter{sp: b.space, np: b.space.NParam(), nd: nd, empty: b.empty}
	colB := identityCols(nd + nl)
	for i := range b.locals {
		p.locals = append(p.locals, Local{})
		if l := b.locals[i]; l.Den > 0 {
			p.locals[i] = Local{Row: mapRow(l.Row, colB, w), Den: l.Den}
		}
	}
	for _, r := range b.eq {
		p.eqs = append(p.eqs, mapRow(r, colB, w))
	}
	for _, r := range b.ineq {
		p.ineqs = append(p.ineqs, mapRow(r, colB, w))
	}
	var rows [][]int64
	at := nl
	for _, a := range affs {
		cm := identityCols(nd + len(a.locals))
		for i := range a.locals {
			cm[nd+i] = nd + at + i
		}
		for _, l := range a.locals {
			p.locals = append(p.locals, Local{Row: mapRow(l.Row, cm, w), Den: l.Den})
		}
		rows = append(rows, mapRow(a.row, cm, w))
		at += len(a.locals)
	}
	p.nameColumns()
	p.tupleX = map[int]string{}
	return p, rows
}

// multiAffPiece prints "dom -> R[(e0), (e1)] : cond" for m restricted to
// the basic set dom (of m's domain space).
func multiAffPiece(m MultiAff, dom BasicMap) string {
	p, rows := plainPrinter(dom, m.affs)
	var b strings.Builder
	dsp := m.space.Domain()
	if dsp.Dim(SetDim) > 0 || dsp.TupleName(SetDim) != "" || dsp.IsWrapping() {
		col := p.np
		p.writeTuple(&b, dsp, SetDim, &col)
		b.WriteString(" -> ")
	}
	b.WriteString(m.space.TupleName(Out))
	b.WriteByte('[')
	for k, r := range rows {
		if k > 0 {
			b.WriteString(", ")
		}
		b.WriteString("(" + p.expr(r).String() + ")")
	}
	b.WriteByte(']')
	if c := p.cond(); c != "" {
		b.WriteString(" : " + c)
	}
	return b.String()
}

// substitute returns a with its params and dims replaced: the result lives
// on dom, parameter j of a becomes the parameter of dom with the same
// name, and dim k of a becomes dims[k] (an Aff on dom). Floor divisions
// are rebuilt on the substituted expressions.
func (a Aff) substitute(dom Space, dims []Aff) Aff {
	np := a.dom.NParam()
	return rowAff(dom, a.row, a.dom.NDim(), a.locals, func(c int) Aff {
		if c < np {
			j := slices.Index(dom.params, a.dom.params[c])
			if j < 0 {
				panic("presburger: pullback: parameter " + a.dom.params[c] + " missing")
			}
			return AffVar(dom, Param, j)
		}
		return dims[c-np]
	})
}

// rowAff returns row·(x,1) as an Aff on dom, for a row over nd variable
// columns, then one column per local of locals, then the constant:
// variable column c stands for col(c), and a local for its floor
// division rebuilt on those expressions (each one once; a local's row
// may use earlier locals). Columns past the locals count as zero.
func rowAff(dom Space, row []int64, nd int, locals []Local, col func(c int) Aff) Aff {
	memo := map[int]Aff{}
	var colAff func(c int) Aff
	var rowOf func(r []int64) Aff
	colAff = func(c int) Aff {
		if c < nd {
			return col(c)
		}
		if v, ok := memo[c]; ok {
			return v
		}
		l := locals[c-nd]
		v := rowOf(l.Row).FloorDiv(l.Den)
		memo[c] = v
		return v
	}
	rowOf = func(r []int64) Aff {
		acc := AffConst(dom, r[len(r)-1])
		for c, v := range r[:len(r)-1] {
			if v != 0 && c < nd+len(locals) {
				acc = acc.Add(colAff(c).Scale(v))
			}
		}
		return acc
	}
	return rowOf(row)
}

// PullbackMultiAff returns a ∘ n: the expression on n's domain whose value
// at x is a(n(x)) (isl_aff_pullback_multi_aff). n's range must match a's
// domain.
func (a Aff) PullbackMultiAff(n MultiAff) Aff {
	n.space.Range().mustMatch(a.dom, "PullbackMultiAff")
	params := mergeParams(n.space.params, a.dom.params)
	n = n.AlignParams(params)
	return a.substitute(n.space.Domain(), n.affs)
}

// PullbackMultiAff returns m ∘ n: the function x -> m(n(x))
// (isl_multi_aff_pullback_multi_aff).
func (m MultiAff) PullbackMultiAff(n MultiAff) MultiAff {
	n.space.Range().mustMatch(m.space.Domain(), "PullbackMultiAff")
	params := mergeParams(n.space.params, m.space.params)
	n = n.AlignParams(params)
	affs := make([]Aff, len(m.affs))
	for i, a := range m.affs {
		affs[i] = a.substitute(n.space.Domain(), n.affs)
	}
	sp := Space{params: params, in: n.space.in, out: m.space.out}
	return NewMultiAff(sp, affs...)
}
