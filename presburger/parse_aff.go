package presburger

import "fmt"

// This file reads affine functions in isl notation: Aff
// ("[n] -> { S[i] -> [(n - i)] }"), MultiAff ("{ S[i, j] -> [(i), (i + j)] }"),
// PwAff and PwMultiAff ("{ [i] -> [(i)] : i >= 0; [i] -> [(-i)] : i < 0 }",
// min/max expressions splitting into pieces). A function whose domain has
// no tuple is written as a set of expressions: "[n] -> { [(n + 1)] }".

// fnShape describes a lowered piece read as a function.
type fnShape struct {
	dom Space // the domain (a set space)
	sp  Space // the function's map space dom -> range
	nIn int   // dims of the domain
}

func (lp *loweredPiece) fnShape() fnShape {
	if lp.space.IsSet() {
		dom := NewParamSpace(lp.params)
		return fnShape{dom: dom, sp: MapSpace(dom, lp.space), nIn: 0}
	}
	return fnShape{dom: lp.space.Domain(), sp: lp.space, nIn: lp.nIn}
}

// checkDomainVars fails unless the forms only use parameters, domain
// dimensions and divisions of those.
func (lp *loweredPiece) checkDomainVars(used []bool, nIn int, what string) error {
	for v, u := range used {
		if !u {
			continue
		}
		switch pv := lp.vars[v]; pv.kind {
		case pvDim:
			if pv.idx >= nIn {
				return pieceErr(lp, "%s refers to an output dimension", what)
			}
		case pvExists:
			return pieceErr(lp, "%s refers to an existentially quantified variable", what)
		}
	}
	return nil
}

// usedVars marks the variables of a (and of the divisions it uses).
func (lp *loweredPiece) usedVars(a plin, used []bool) {
	for v, x := range a.c {
		if x == 0 || used[v] {
			continue
		}
		used[v] = true
		if lp.vars[v].kind == pvDiv {
			lp.usedVars(lp.vars[v].num, used)
		}
	}
}

// affOf converts the integral form a over the piece's variables into an
// Aff on the domain of shape sh.
func (lp *loweredPiece) affOf(a plin, sh fnShape) (Aff, error) {
	if a.den != 1 {
		return Aff{}, pieceErr(lp, "not yet supported: rational expression in an affine function (use floor)")
	}
	used := make([]bool, len(lp.vars))
	lp.usedVars(a, used)
	if err := lp.checkDomainVars(used, sh.nIn, "an output expression"); err != nil {
		return Aff{}, err
	}
	np := sh.dom.NParam()
	nd := sh.dom.NDim()
	col := make([]int, len(lp.vars))
	var divs []int
	for v, pv := range lp.vars {
		switch pv.kind {
		case pvParam:
			col[v] = pv.idx
		case pvDim:
			col[v] = np + pv.idx
		case pvDiv:
			if used[v] {
				col[v] = nd + len(divs)
				divs = append(divs, v)
			}
		}
	}
	w := nd + len(divs) + 1
	row := func(x plin) []int64 {
		r := make([]int64, w)
		for v, c := range x.c {
			if c != 0 {
				r[col[v]] += c
			}
		}
		r[w-1] = x.k
		return r
	}
	locals := make([]Local, len(divs))
	for i, v := range divs {
		locals[i] = Local{Row: row(lp.vars[v].num), Den: lp.vars[v].den}
	}
	return NewAff(sh.dom, locals, row(a)), nil
}

// domainSet converts a formula over the piece's variables into a Set on the
// domain of shape sh.
func (lp *loweredPiece) domainSet(d pdnf, sh fnShape) (Set, error) {
	used := make([]bool, len(lp.vars))
	for _, conj := range d {
		for _, c := range conj {
			lp.usedVars(plin{c: c.c, den: 1}, used)
		}
	}
	for v, u := range used {
		if u && lp.vars[v].kind == pvDim && lp.vars[v].idx >= sh.nIn {
			return Set{}, pieceErr(lp, "the condition refers to an output dimension")
		}
	}
	tmp := &loweredPiece{space: sh.dom, vars: lp.vars, dnf: d, line: lp.line, col: lp.col}
	return NewMap(sh.dom, tmp.toBasicMaps()...).Set(), nil
}

// outCases returns the cases of the output dimensions of the piece.
func (lp *loweredPiece) outCases(sh fnShape) ([][]pcase, error) {
	outs := lp.outs[sh.nIn:]
	for k, cs := range outs {
		if cs == nil {
			return nil, pieceErr(lp, "output %d of a function is a new variable; write an expression such as [(i)]", k)
		}
	}
	return outs, nil
}

// multiAffPieces returns the pieces of one syntactic piece: one per
// combination of the cases of its outputs (min/max), with the condition.
func (lp *loweredPiece) multiAffPieces() (fnShape, []PwMultiAffPiece, error) {
	sh := lp.fnShape()
	outs, err := lp.outCases(sh)
	if err != nil {
		return sh, nil, err
	}
	var res []PwMultiAffPiece
	choice := make([]int, len(outs))
	for {
		cond := lp.cond
		affs := make([]Aff, len(outs))
		for k, cs := range outs {
			c := cs[choice[k]]
			if c.cond != nil {
				if len(cond)*len(c.cond) > maxDNF {
					return sh, nil, pieceErr(lp, "function too large: more than %d pieces", maxDNF)
				}
				cond = (&pieceLowerer{}).dnfAndUnchecked(cond, c.cond)
			}
			a, err := lp.affOf(c.e, sh)
			if err != nil {
				return sh, nil, err
			}
			affs[k] = a
		}
		if len(cond) > 0 {
			dom, err := lp.domainSet(cond, sh)
			if err != nil {
				return sh, nil, err
			}
			res = append(res, PwMultiAffPiece{Dom: dom, Fn: NewMultiAff(sh.sp, affs...)})
		}
		// Next combination.
		k := 0
		for ; k < len(outs); k++ {
			choice[k]++
			if choice[k] < len(outs[k]) {
				break
			}
			choice[k] = 0
		}
		if k == len(outs) {
			break
		}
	}
	return sh, res, nil
}

// dnfAndUnchecked is dnfAnd without the size check (the caller checks).
func (lw *pieceLowerer) dnfAndUnchecked(a, b pdnf) pdnf {
	out := make(pdnf, 0, len(a)*len(b))
	for _, x := range a {
		for _, y := range b {
			c := make(pconj, 0, len(x)+len(y))
			out = append(out, append(append(c, x...), y...))
		}
	}
	return out
}

func parseFnObj(s string) (po *parsedObj, err error) {
	defer catchParse(&err)
	r, err := newIslReader(s)
	if err != nil {
		return nil, err
	}
	o := r.readObject()
	r.atEnd()
	return lowerObj(o, nil, true), nil
}

// ParsePwMultiAff reads a piecewise multi-affine function, e.g.
// "{ [i] -> [(i), (0)] : i >= 0; [i] -> [(-i), (1)] : i < 0 }". Pieces
// whose domains overlap must agree there (the later piece is restricted
// to the points not covered by the earlier ones).
func ParsePwMultiAff(s string) (f PwMultiAff, err error) {
	defer Recover(&err)
	po, err := parseFnObj(s)
	if err != nil {
		return PwMultiAff{}, err
	}
	if len(po.pieces) == 0 {
		// "{ }" names no space: the empty function of { [] -> [] }. (Write
		// "{ S[i] -> [(0)] : false }" to keep a space.)
		sp := MapSpace(NewParamSpace(po.params), NewSetSpace(po.params, "", nil))
		return NewPwMultiAff(sp), nil
	}
	var sp Space
	var pieces []PwMultiAffPiece
	for i, lp := range po.pieces {
		sh, ps, err := lp.multiAffPieces()
		if err != nil {
			return PwMultiAff{}, err
		}
		if i == 0 {
			sp = sh.sp
		} else if !sh.sp.TuplesEqual(sp) {
			return PwMultiAff{}, pieceErr(lp, "piece of space %v differs from the first piece's space %v", sh.sp, sp)
		}
		for _, pc := range ps {
			// Keep the pieces disjoint: restrict to the points not covered
			// yet, after checking that overlapping pieces agree.
			for _, q := range pieces {
				ov := pc.Dom.AlignParams(q.Dom.Space().Params()).Intersect(q.Dom.AlignParams(pc.Dom.Space().Params()))
				if ov.IsEmpty() {
					continue
				}
				a := pc.Fn.AsMap().IntersectDomain(ov.AlignParams(pc.Fn.Space().Params()))
				b := q.Fn.AsMap().IntersectDomain(ov.AlignParams(q.Fn.Space().Params()))
				if !a.IsEqual(b) {
					return PwMultiAff{}, pieceErr(lp, "pieces overlap with different values on %v", ov)
				}
				pc.Dom = pc.Dom.Subtract(q.Dom.AlignParams(pc.Dom.Space().Params()))
			}
			pieces = append(pieces, pc)
		}
	}
	return NewPwMultiAff(sp.WithParams(po.params), pieces...), nil
}

// ParseMultiAff reads a multi-affine function without condition, e.g.
// "[n] -> { S[i, j] -> [(i), (n - j)] }".
func ParseMultiAff(s string) (MultiAff, error) {
	po, err := parseFnObj(s)
	if err != nil {
		return MultiAff{}, err
	}
	if len(po.pieces) != 1 {
		return MultiAff{}, &ParseError{Line: 1, Col: 1, Msg: fmt.Sprintf("a multi-affine function has one piece, found %d", len(po.pieces))}
	}
	lp := po.pieces[0]
	sh := lp.fnShape()
	if len(lp.cond) != 1 || len(lp.cond[0]) != 0 {
		return MultiAff{}, pieceErr(lp, "a multi-affine function has no condition (use ParsePwMultiAff)")
	}
	outs, err := lp.outCases(sh)
	if err != nil {
		return MultiAff{}, err
	}
	affs := make([]Aff, len(outs))
	for k, cs := range outs {
		if len(cs) != 1 || cs[0].cond != nil {
			return MultiAff{}, pieceErr(lp, "output %d is piecewise (min/max): use ParsePwMultiAff", k)
		}
		if affs[k], err = lp.affOf(cs[0].e, sh); err != nil {
			return MultiAff{}, err
		}
	}
	return NewMultiAff(sh.sp.WithParams(po.params), affs...), nil
}

// ParseAff reads a quasi-affine expression, e.g. "[n] -> { S[i] -> [(n - i)] }"
// or "{ [i] -> [(floor(i/2))] }".
func ParseAff(s string) (Aff, error) {
	m, err := ParseMultiAff(s)
	if err != nil {
		return Aff{}, err
	}
	if m.Dim() != 1 {
		return Aff{}, &ParseError{Line: 1, Col: 1, Msg: fmt.Sprintf("an affine expression has one output, found %d", m.Dim())}
	}
	return m.Aff(0), nil
}

// ParsePwAff reads a piecewise quasi-affine expression, e.g.
// "{ [i] -> [(i)] : i >= 0; [i] -> [(-i)] : i < 0 }" or
// "[n] -> { [i] -> [(min(i, n))] }".
func ParsePwAff(s string) (PwAff, error) {
	f, err := ParsePwMultiAff(s)
	if err != nil {
		return PwAff{}, err
	}
	if n := f.Space().Dim(Out); n != 1 {
		return PwAff{}, &ParseError{Line: 1, Col: 1, Msg: fmt.Sprintf("a piecewise affine expression has one output, found %d", n)}
	}
	return f.PwAff(0), nil
}

// MustParseAff is ParseAff that panics on error.
func MustParseAff(s string) Aff { return mustParsed(ParseAff(s)) }

// MustParseMultiAff is ParseMultiAff that panics on error.
func MustParseMultiAff(s string) MultiAff { return mustParsed(ParseMultiAff(s)) }

// MustParsePwAff is ParsePwAff that panics on error.
func MustParsePwAff(s string) PwAff { return mustParsed(ParsePwAff(s)) }

// MustParsePwMultiAff is ParsePwMultiAff that panics on error.
func MustParsePwMultiAff(s string) PwMultiAff { return mustParsed(ParsePwMultiAff(s)) }
