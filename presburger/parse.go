package presburger

import "fmt"

// This file holds the entry points of the parser of isl notation (see
// parse_reader.go for the grammar and parse_lower.go for the meaning).

// parsedObj is an object read and lowered: its parameters and pieces.
type parsedObj struct {
	params []string
	pieces []*loweredPiece
}

// readLowered reads one object `[params] -> { ... }` from r and lowers it.
func readLowered(r *islReader) *parsedObj {
	o := r.readObject()
	return lowerObj(o, nil, false)
}

// lowerObj lowers the pieces of o; outer holds parameters declared by an
// enclosing multi object; function is set for affine functions (see
// pieceLowerer.function).
func lowerObj(o *synObj, outer []string, function bool) *parsedObj {
	params := append([]string(nil), outer...)
	for _, p := range o.params {
		dup := false
		for _, q := range params {
			if q == p.name {
				dup = true
			}
		}
		if !dup {
			params = append(params, p.name)
		}
	}
	po := &parsedObj{params: params}
	for _, p := range o.pieces {
		po.pieces = append(po.pieces, lowerPiece(p, params, function))
	}
	return po
}

func parseObj(src string) (po *parsedObj, err error) {
	defer catchParse(&err)
	r, err := newIslReader(src)
	if err != nil {
		return nil, err
	}
	po = readLowered(r)
	r.atEnd()
	return po, nil
}

func pieceErr(p *loweredPiece, format string, args ...any) error {
	return &ParseError{Line: p.line, Col: p.col, Msg: fmt.Sprintf(format, args...)}
}

// oneMap gathers the pieces of po into one Map; all must share a space.
func (po *parsedObj) oneMap(wantSet bool) (Map, error) {
	if len(po.pieces) == 0 {
		if wantSet {
			return EmptyMap(NewSetSpace(po.params, "", nil)), nil
		}
		return EmptyMap(NewMapSpace(po.params, "", nil, "", nil)), nil
	}
	sp := po.pieces[0].space
	var parts []BasicMap
	for _, p := range po.pieces {
		if p.space.IsSet() != wantSet {
			if wantSet {
				return Map{}, pieceErr(p, "expected a set, found a map element")
			}
			return Map{}, pieceErr(p, "expected a map, found a set element")
		}
		if !p.space.TuplesEqual(sp) {
			return Map{}, pieceErr(p, "element of space %v differs from the first element's space %v (use a union parser)", p.space, sp)
		}
		parts = append(parts, p.toBasicMaps()...)
	}
	return NewMap(sp, parts...), nil
}

// unionMap gathers the pieces of po into a UnionMap. kind is 1 for sets
// only, 2 for maps only, 0 for either (not mixed).
func (po *parsedObj) unionMap(kind int) (UnionMap, error) {
	var maps []Map
	for i, p := range po.pieces {
		switch {
		case kind == 1 && !p.space.IsSet():
			return UnionMap{}, pieceErr(p, "expected a set, found a map element")
		case kind == 2 && p.space.IsSet():
			return UnionMap{}, pieceErr(p, "expected a map, found a set element")
		case kind == 0 && i > 0 && p.space.IsSet() != po.pieces[0].space.IsSet():
			return UnionMap{}, pieceErr(p, "union mixes set and map elements")
		}
		maps = append(maps, NewMap(p.space, p.toBasicMaps()...))
	}
	u := NewUnionMap(maps...)
	if len(u.params) < len(po.params) {
		// Keep the declared parameters even when no element mentions them.
		u = alignUnionParams(u, po.params)
	}
	return u, nil
}

// alignUnionParams returns u with parameter list params (a superset).
func alignUnionParams(u UnionMap, params []string) UnionMap {
	out := EmptyUnionMap(mergeParams(params, u.params))
	maps := u.Maps()
	for i := range maps {
		maps[i] = maps[i].AlignParams(out.params)
	}
	res := NewUnionMap(maps...)
	if len(maps) == 0 {
		return out
	}
	return res
}

// ParseSet reads a set in isl notation, e.g.
// "[n] -> { S[i, j] : 0 <= i < n and 0 <= j <= i }". All elements must
// have the same space.
func ParseSet(s string) (Set, error) {
	po, err := parseObj(s)
	if err != nil {
		return Set{}, err
	}
	m, err := po.oneMap(true)
	if err != nil {
		return Set{}, err
	}
	return m.Set(), nil
}

// ParseMap reads a map in isl notation, e.g. "{ S[i] -> [i, 0] }".
func ParseMap(s string) (Map, error) {
	po, err := parseObj(s)
	if err != nil {
		return Map{}, err
	}
	return po.oneMap(false)
}

// ParseBasicSet reads a set that must be a single conjunction.
func ParseBasicSet(s string) (BasicSet, error) {
	b, err := parseBasic(s, true)
	if err != nil {
		return BasicSet{}, err
	}
	return b.Set(), nil
}

// ParseBasicMap reads a map that must be a single conjunction.
func ParseBasicMap(s string) (BasicMap, error) { return parseBasic(s, false) }

func parseBasic(s string, set bool) (BasicMap, error) {
	po, err := parseObj(s)
	if err != nil {
		return BasicMap{}, err
	}
	m, err := po.oneMap(set)
	if err != nil {
		return BasicMap{}, err
	}
	switch m.NParts() {
	case 0:
		return EmptyBasic(m.Space()), nil
	case 1:
		return m.Part(0), nil
	}
	return BasicMap{}, &ParseError{Line: 1, Col: 1, Msg: fmt.Sprintf("expected a single conjunction, found a union of %d", m.NParts())}
}

// ParseUnionSet reads a union of sets, e.g. "{ S1[i] : 0 <= i < n; S2[] }".
func ParseUnionSet(s string) (UnionSet, error) {
	po, err := parseObj(s)
	if err != nil {
		return UnionSet{}, err
	}
	u, err := po.unionMap(1)
	if err != nil {
		return UnionSet{}, err
	}
	return UnionSet{u}, nil
}

// ParseUnionMap reads a union of maps, e.g. "{ S1[i] -> [i]; S2[i] -> [0] }".
func ParseUnionMap(s string) (UnionMap, error) {
	po, err := parseObj(s)
	if err != nil {
		return UnionMap{}, err
	}
	return po.unionMap(2)
}

// ParseUnion reads a union of sets or a union of maps; isSet tells which
// (an empty union "{ }" counts as a set).
func ParseUnion(s string) (u UnionMap, isSet bool, err error) {
	po, err := parseObj(s)
	if err != nil {
		return UnionMap{}, false, err
	}
	u, err = po.unionMap(0)
	if err != nil {
		return UnionMap{}, false, err
	}
	return u, len(po.pieces) == 0 || po.pieces[0].space.IsSet(), nil
}

// MustParseSet is ParseSet that panics on error (for tests and constants).
func MustParseSet(s string) Set { return mustParsed(ParseSet(s)) }

// MustParseMap is ParseMap that panics on error.
func MustParseMap(s string) Map { return mustParsed(ParseMap(s)) }

// MustParseUnionSet is ParseUnionSet that panics on error.
func MustParseUnionSet(s string) UnionSet { return mustParsed(ParseUnionSet(s)) }

// MustParseUnionMap is ParseUnionMap that panics on error.
func MustParseUnionMap(s string) UnionMap { return mustParsed(ParseUnionMap(s)) }

// MustParseBasicSet is ParseBasicSet that panics on error.
func MustParseBasicSet(s string) BasicSet { return mustParsed(ParseBasicSet(s)) }

// MustParseBasicMap is ParseBasicMap that panics on error.
func MustParseBasicMap(s string) BasicMap { return mustParsed(ParseBasicMap(s)) }

func mustParsed[T any](v T, err error) T {
	if err != nil {
		panic("presburger: " + err.Error())
	}
	return v
}

// ReadUnion reads one union of sets or maps in isl notation from toks (as
// returned by LexTokens) starting at index i, and returns it with whether
// it is a union of sets and the index of the first token after it. The
// calculator uses it to read literals inside its own expressions; error
// positions are those of the tokens.
func ReadUnion(toks []Token, i int) (u UnionMap, isSet bool, next int, err error) {
	defer catchParse(&err)
	if len(toks) == 0 || toks[len(toks)-1].Kind != TokEOF {
		line, col := 1, 1
		if len(toks) > 0 {
			line, col = toks[len(toks)-1].Line, toks[len(toks)-1].Col
		}
		toks = append(toks[:len(toks):len(toks)], Token{Kind: TokEOF, Line: line, Col: col})
	}
	if i < 0 || i >= len(toks) {
		return UnionMap{}, false, i, &ParseError{Line: 1, Col: 1, Msg: "ReadUnion: index out of range"}
	}
	r := &islReader{toks: toks, pos: i}
	po := readLowered(r)
	u, err = po.unionMap(0)
	if err != nil {
		return UnionMap{}, false, r.pos, err
	}
	return u, len(po.pieces) == 0 || po.pieces[0].space.IsSet(), r.pos, nil
}
