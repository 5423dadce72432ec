package presburger

// This file reads isl's multi_union_pw_aff notation, the form of the
// partial schedules of schedule-tree bands:
//
//	[n] -> [{ S1[i] -> [(i)]; S2[i, j] -> [(i)] }, { S1[i] -> [(0)]; S2[i, j] -> [(j)] }]
//
// Each element between braces is a union of piecewise affine functions with
// one output each; element k gives output dimension k.

// readMulti reads `[params] -> [ {..}, {..}, ... ]`.
func (r *islReader) readMulti() *synMulti {
	t := r.peek()
	m := &synMulti{line: t.Line, col: t.Col}
	m.params = r.readParams()
	r.expect(TokLBrack, "to open a multi expression '[{ ... }, ...]'")
	if r.peek().Kind != TokRBrack {
		for {
			m.elems = append(m.elems, r.readObject())
			if !r.accept(TokComma) {
				break
			}
		}
	}
	r.expect(TokRBrack, "to close a multi expression")
	return m
}

// ParseMultiUnionPwAffAsUnionMap reads a multi_union_pw_aff such as
// "[{ S[i, j] -> [(i)] }, { S[i, j] -> [(j)] }]" and returns it as the
// union map from each domain space to an unnamed tuple with one dimension
// per element (S[i, j] -> [i, j]). A domain space missing from some
// element is dropped (the domains are intersected, as for a band). Each
// element must have exactly one output dimension.
func ParseMultiUnionPwAffAsUnionMap(s string) (u UnionMap, err error) {
	defer catchParse(&err)
	r, err := newIslReader(s)
	if err != nil {
		return UnionMap{}, err
	}
	m := r.readMulti()
	r.atEnd()
	var outer []string
	for _, p := range m.params {
		outer = append(outer, p.name)
	}
	var elems []UnionMap
	params := outer
	for _, o := range m.elems {
		po := lowerObj(o, outer, true)
		for _, p := range po.pieces {
			if p.space.IsSet() {
				return UnionMap{}, pieceErr(p, "expected a function 'D[...] -> [(expr)]', found a set element")
			}
			if n := p.space.Dim(Out); n != 1 {
				return UnionMap{}, pieceErr(p, "an element of a multi expression has one output, found %d", n)
			}
		}
		e, err := po.unionMap(2)
		if err != nil {
			return UnionMap{}, err
		}
		elems = append(elems, e)
		params = mergeParams(params, e.Params())
	}
	if len(elems) == 0 {
		return EmptyUnionMap(params), nil
	}
	var maps []Map
	for _, m0 := range elems[0].Maps() {
		acc := m0.AlignParams(params)
		ok := true
		for _, e := range elems[1:] {
			mk, found := e.MapOf(m0.Space())
			if !found {
				ok = false
				break
			}
			acc = acc.FlatRangeProduct(mk.AlignParams(params))
		}
		if ok {
			maps = append(maps, acc)
		}
	}
	out := NewUnionMap(maps...)
	if len(maps) == 0 {
		return EmptyUnionMap(params), nil
	}
	return alignUnionParams(out, params), nil
}
