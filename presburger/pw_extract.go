package presburger

import (
	"slices"

	"github.com/tessera-opt/tessera/presburger/internal/ints"
	"github.com/tessera-opt/tessera/presburger/internal/sys"
)

// This file turns single-valued maps into piecewise quasi-affine
// functions (isl_map_as_pw_multi_aff).

// maxStrideSplit bounds the number of pieces one output dim may be split
// into when it lies within a constant distance of one of its bounds.
const maxStrideSplit = 16

// AsPwMultiAff returns m as a piecewise quasi-affine function
// (isl_map_as_pw_multi_aff). It fails with an error of kind Unsupported
// when m is not single-valued, or when some output cannot be written as a
// quasi-affine expression of the inputs by the methods below. A set is
// read as a map from its parameters.
func (m Map) AsPwMultiAff() (f PwMultiAff, err error) {
	defer Recover(&err)
	if m.space.isSet {
		m = Set{m}.paramMap()
	}
	if !m.IsSingleValued() {
		return PwMultiAff{}, &Error{Kind: Unsupported, Msg: "AsPwMultiAff of a map that is not single-valued"}
	}
	return m.pwMultiAff()
}

// AsPwMultiAff returns the single point of s for each parameter value as
// a function of the parameters (see Map.AsPwMultiAff).
func (s Set) AsPwMultiAff() (PwMultiAff, error) { return s.paramMap().AsPwMultiAff() }

// AsPwAff returns m, a single-valued map with one output, as a piecewise
// expression (isl_pw_aff_from_map... isl_map_as_pw_multi_aff then get_pw_aff).
func (m Map) AsPwAff() (PwAff, error) {
	f, err := m.AsPwMultiAff()
	if err != nil {
		return PwAff{}, err
	}
	if f.space.Dim(Out) != 1 {
		return PwAff{}, &Error{Kind: Unsupported, Msg: "AsPwAff of a map with more than one output"}
	}
	return f.PwAff(0), nil
}

// pwMultiAff converts m, known to be single-valued. We first split its
// parts into basic maps with known locals only (exact projection), and
// make them pairwise disjoint (subtraction needs no projection then).
// Since m is single-valued, the image of an input lies in exactly one of
// them, so the domains of the pieces extracted from different basic maps
// are disjoint, as are those extracted from one. Pieces with identical
// functions are merged.
func (m Map) pwMultiAff() (PwMultiAff, error) {
	if m.space.isSet {
		m = Set{m}.paramMap()
	}
	f := PwMultiAff{space: m.space}
	var parts []BasicMap
	for _, p := range m.parts {
		for _, b := range p.makeKnown() {
			cur := []BasicMap{b}
			for _, q := range parts {
				var next []BasicMap
				for _, c := range cur {
					next = append(next, subtractBasic(c, q, nil)...)
				}
				cur = next
			}
			parts = append(parts, cur...)
		}
	}
	for _, b := range parts {
		pieces, err := extractFn(b)
		if err != nil {
			return PwMultiAff{}, err
		}
		for _, pc := range pieces {
			d := Set{pc.b.ToMap().Domain().m}
			if d.PlainIsEmpty() {
				continue
			}
			fn := NewMultiAff(m.space, pc.exprs...)
			merged := false
			for i := range f.pieces {
				if f.pieces[i].Fn.PlainIsEqual(fn) {
					f.pieces[i].Dom = f.pieces[i].Dom.Union(d)
					merged = true
					break
				}
			}
			if !merged {
				f.pieces = append(f.pieces, PwMultiAffPiece{Dom: d, Fn: fn})
			}
		}
	}
	return f, nil
}

// fnPiece is a part of a basic map on which the outputs so far are given
// by exprs (quasi-affine in the parameters and inputs).
type fnPiece struct {
	b     BasicMap
	exprs []Aff
}

// extractFn writes the outputs of the single-valued basic map b, whose
// locals are all known, as quasi-affine expressions of its parameters
// and inputs, on pieces that partition b.
func extractFn(b BasicMap) ([]fnPiece, error) {
	return extractFrom(b, 0, nil, false)
}

// tryDetectEqualities returns b with its implicit equalities explicit, or
// b itself when the solver runs out of budget (they only help).
func tryDetectEqualities(b BasicMap) BasicMap {
	return orOnBudget(b, b.DetectEqualities)
}

// candidate is a bound or an equality of output dim j written as
// floor(g/c) over columns available at j.
type candidate struct {
	g     []int64
	c     int64
	lower bool // out_j >= floor(g/c) holds on b
	upper bool // out_j <= floor(g/c) holds on b
}

// extractFrom finds output j of b, given the expressions of outputs
// 0..j-1, and recurses. For output j we:
//
//  1. first rewrite the equalities and inequalities so that they do not
//     involve columns unavailable at j (later outputs, locals that depend
//     on them), combining with equalities;
//  2. then try each equality and bound of out_j, in the form
//     floor(g/c), and keep the first one the solver proves equal to out_j
//     on all of b;
//  3. otherwise (after making the implicit equalities of b explicit and
//     trying again), when out_j lies within a constant distance K (at most
//     maxStrideSplit) of a bound L, split b into the pieces out_j = L + t
//     for t = 0..K, exact by construction (this covers strides such as an
//     even output between i and i + 1).
//
// Else the output is not handled and an Unsupported error is returned.
func extractFrom(b BasicMap, j int, exprs []Aff, detected bool) ([]fnPiece, error) {
	if b.empty {
		return nil, nil
	}
	no := b.space.Dim(Out)
	if j == no {
		return []fnPiece{{b: b, exprs: exprs}}, nil
	}
	cands := extractCandidates(b, j)
	for _, c := range cands {
		if c.lower && c.upper || verifyCandidate(b, j, c) {
			return extractFrom(b, j+1, append(slices.Clone(exprs), candidateAff(b, c, exprs)), detected)
		}
	}
	for _, c := range cands {
		k, ok := candidateSpread(b, j, c)
		if !ok || k > maxStrideSplit {
			continue
		}
		var out []fnPiece
		base := candidateAff(b, c, exprs)
		bt, _ := withCandidate(b, j, c)
		for t := int64(0); t <= k; t++ {
			bb := builderFrom(bt.b)
			row := make([]int64, bt.b.NCols())
			sign := int64(1)
			if c.upper {
				sign = -1 // out_j = U - t
			}
			row[b.space.Offset(Out)+j] = 1
			row[bt.q] = -1
			row[len(row)-1] = ints.Neg(ints.Mul(sign, t))
			bb.AddEq(row)
			piece := bb.Build()
			if piece.empty || piece.IsEmpty() {
				continue
			}
			e := base.AddConst(ints.Mul(sign, t))
			sub, err := extractFrom(piece, j+1, append(slices.Clone(exprs), e), false)
			if err != nil {
				return nil, err
			}
			out = append(out, sub...)
		}
		return out, nil
	}
	if !detected {
		// Implicit equalities may give more candidates.
		return extractFrom(tryDetectEqualities(b), j, exprs, true)
	}
	return nil, &Error{Kind: Unsupported, Msg: "AsPwMultiAff: an output is not a quasi-affine function found by this implementation"}
}

// availableCols returns which columns of b may appear in an expression of
// output j: parameters, inputs, outputs before j and the known locals
// defined from those.
func availableCols(b BasicMap, j int) []bool {
	nd := b.space.NDim()
	oo := b.space.Offset(Out)
	av := make([]bool, nd+len(b.locals))
	for c := 0; c < nd; c++ {
		av[c] = c < oo+j
	}
	for i, l := range b.locals {
		if l.Den == 0 {
			continue
		}
		ok := true
		for c, v := range l.Row[:len(l.Row)-1] {
			if v != 0 && !av[c] {
				ok = false
				break
			}
		}
		av[nd+i] = ok
	}
	return av
}

// extractCandidates lists the equalities and bounds of output j over the
// available columns (step 1 of extractFrom), equalities first.
func extractCandidates(b BasicMap, j int) []candidate {
	av := availableCols(b, j)
	col := b.space.Offset(Out) + j
	eqs := cloneRows(b.eq)
	ineqs := cloneRows(b.ineq)
	// Eliminate the unavailable columns other than col, last first, with
	// the equalities; a pivot row leaves the candidate list.
	for c := len(av) - 1; c >= 0; c-- {
		if av[c] || c == col {
			continue
		}
		pi := -1
		for i, r := range eqs {
			if r[c] != 0 {
				pi = i
				break
			}
		}
		if pi < 0 {
			continue
		}
		p := eqs[pi]
		eqs = slices.Delete(eqs, pi, pi+1)
		elim := func(r []int64) []int64 {
			if r[c] == 0 {
				return r
			}
			pc := p[c]
			s := int64(1)
			if pc < 0 {
				s, pc = -1, -pc
			}
			out := ints.CombineRows(r, pc, p, ints.Neg(ints.Mul(s, r[c])))
			g := ints.RowGCD(out)
			if g > 1 {
				ints.DivRowExact(out, g)
			}
			return out
		}
		for i := range eqs {
			eqs[i] = elim(eqs[i])
		}
		for i := range ineqs {
			ineqs[i] = elim(ineqs[i])
		}
	}
	usable := func(r []int64) bool {
		if r[col] == 0 {
			return false
		}
		for c, v := range r[:len(r)-1] {
			if v != 0 && c != col && !av[c] {
				return false
			}
		}
		return true
	}
	var out []candidate
	rest := func(r []int64, s int64) []int64 {
		g := ints.ScaleRow(r, s)
		g[col] = 0
		return g
	}
	for _, r := range eqs {
		if !usable(r) {
			continue
		}
		// c*out + f == 0: out = -f/c; -c*out + f == 0: out = f/c.
		if r[col] > 0 {
			out = append(out, candidate{g: rest(r, -1), c: r[col], lower: true, upper: true})
		} else {
			out = append(out, candidate{g: rest(r, 1), c: -r[col], lower: true, upper: true})
		}
	}
	for _, r := range ineqs {
		if !usable(r) {
			continue
		}
		if c := r[col]; c > 0 {
			// c*out + f >= 0: out >= ceil(-f/c) = floor((-f + c - 1)/c).
			g := rest(r, -1)
			g[len(g)-1] = ints.Add(g[len(g)-1], c-1)
			out = append(out, candidate{g: g, c: c, lower: true})
		} else {
			// f - c*out >= 0: out <= floor(f/c).
			out = append(out, candidate{g: rest(r, 1), c: -c, upper: true})
		}
	}
	return out
}

// withCand is b with the candidate's value floor(g/c) as a new known
// local at column q.
type withCand struct {
	b BasicMap
	q int
}

// withCandidate returns b with the local floor(g/c) added last (not
// normalized: a local of denominator 1 is fine for the solver).
func withCandidate(b BasicMap, j int, c candidate) (withCand, bool) {
	w := b.NCols()
	nd := b.space.NDim()
	nl := len(b.locals)
	// The new local goes last; rows widen by one column before the
	// constant.
	widen := func(r []int64) []int64 {
		out := make([]int64, w+1)
		copy(out, r[:w-1])
		out[w] = r[w-1]
		return out
	}
	out := BasicMap{space: b.space, locals: make([]Local, nl+1)}
	for i, l := range b.locals {
		if l.Den > 0 {
			out.locals[i] = Local{Row: widen(l.Row), Den: l.Den}
		}
	}
	out.locals[nl] = Local{Row: widen(c.g), Den: c.c}
	for _, r := range b.eq {
		out.eq = append(out.eq, widen(r))
	}
	for _, r := range b.ineq {
		out.ineq = append(out.ineq, widen(r))
	}
	return withCand{b: out, q: nd + nl}, true
}

// verifyCandidate reports whether out_j == floor(g/c) on all of b.
func verifyCandidate(b BasicMap, j int, c candidate) bool {
	wc, _ := withCandidate(b, j, c)
	col := b.space.Offset(Out) + j
	for _, s := range []int64{1, -1} {
		if s == 1 && c.upper || s == -1 && c.lower {
			continue // that side holds by construction
		}
		// s*(out_j - q) >= 1 must be empty.
		t := wc.b
		row := make([]int64, t.NCols())
		row[col] = s
		row[wc.q] = -s
		row[len(row)-1] = -1
		t.ineq = append(slices.Clone(t.ineq), row)
		if !t.IsEmpty() {
			return false
		}
	}
	return true
}

// candidateSpread returns the largest distance between out_j and the
// candidate bound over b, when bounded.
func candidateSpread(b BasicMap, j int, c candidate) (int64, bool) {
	if c.lower == c.upper {
		return 0, false
	}
	wc, _ := withCandidate(b, j, c)
	col := b.space.Offset(Out) + j
	obj := make([]int64, wc.b.NCols())
	if c.lower {
		obj[col], obj[wc.q] = 1, -1
	} else {
		obj[col], obj[wc.q] = -1, 1
	}
	defer translatePanics()
	r := sys.Max(wc.b.system(), obj)
	if r.Kind != sys.Bounded {
		return 0, false
	}
	return r.Value, true
}

// candidateAff returns floor(g/c) as an expression of the parameters and
// inputs, the earlier outputs replaced by exprs.
func candidateAff(b BasicMap, c candidate, exprs []Aff) Aff {
	return bmapRowAff(b, c.g, exprs).FloorDiv(c.c)
}

// bmapRowAff returns row·(x,1) over b's columns as an Aff on b's domain
// space, the outputs replaced by exprs.
func bmapRowAff(b BasicMap, row []int64, exprs []Aff) Aff {
	dom := b.space.Domain()
	np, ni := b.space.NParam(), b.space.Dim(In)
	return rowAff(dom, row, b.space.NDim(), b.locals, func(c int) Aff {
		switch {
		case c < np:
			return AffVar(dom, Param, c)
		case c < np+ni:
			return AffVar(dom, SetDim, c-np)
		}
		return exprs[c-np-ni]
	})
}
