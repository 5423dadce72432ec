package presburger

import (
	"slices"
	"strings"
)

// UnionPwMultiAff is a union of piecewise functions of different domain
// spaces (isl_union_pw_multi_aff), at most one per pair of tuples, all with
// the same parameters, kept sorted like the maps of a UnionMap.
type UnionPwMultiAff struct {
	params []string
	fns    []PwMultiAff
}

// NewUnionPwMultiAff returns the union of the given functions, which must
// have pairwise different spaces (parameters are aligned).
func NewUnionPwMultiAff(fns ...PwMultiAff) UnionPwMultiAff {
	var params []string
	for _, f := range fns {
		params = mergeParams(params, f.space.params)
	}
	u := UnionPwMultiAff{params: params}
	for _, f := range fns {
		f = f.alignParams(params)
		i, found := slices.BinarySearchFunc(u.fns, f.space, func(x PwMultiAff, sp Space) int { return spaceLess(x.space, sp) })
		if found {
			panic("presburger: NewUnionPwMultiAff: two functions of space " + f.space.String())
		}
		u.fns = slices.Insert(u.fns, i, f)
	}
	return u
}

// alignParams returns f with parameter list params (a superset of f's).
func (f PwMultiAff) alignParams(params []string) PwMultiAff {
	if slices.Equal(f.space.params, params) {
		return f
	}
	out := PwMultiAff{space: f.space.WithParams(params)}
	for _, pc := range f.pieces {
		out.pieces = append(out.pieces, PwMultiAffPiece{Dom: pc.Dom.AlignParams(params), Fn: pc.Fn.AlignParams(params)})
	}
	return out
}

// PwMultiAffs returns the functions of u.
func (u UnionPwMultiAff) PwMultiAffs() []PwMultiAff { return slices.Clone(u.fns) }

// Params returns the parameters of u.
func (u UnionPwMultiAff) Params() []string { return slices.Clone(u.params) }

// AsUnionMap returns the graph of u (isl_union_map_from_union_pw_multi_aff).
func (u UnionPwMultiAff) AsUnionMap() UnionMap {
	maps := make([]Map, len(u.fns))
	for i, f := range u.fns {
		maps[i] = f.AsMap()
	}
	return NewUnionMap(maps...).AlignParams(u.params)
}

// Eval returns the image of the point pt (parameters then dims) of the
// domain space dom, and false when u is not defined there.
func (u UnionPwMultiAff) Eval(dom Space, pt []int64) (Space, []int64, bool) {
	for _, f := range u.fns {
		if f.space.Domain().TuplesEqual(dom) {
			if v, ok := f.Eval(pt); ok {
				return f.space.Range(), v, true
			}
		}
	}
	return Space{}, nil, false
}

// String prints u in isl notation, pieces of all functions joined by ";".
func (u UnionPwMultiAff) String() string {
	var parts []string
	for _, f := range u.fns {
		for _, pc := range f.pieces {
			for _, d := range pc.Dom.m.parts {
				parts = append(parts, multiAffPiece(pc.Fn, d))
			}
		}
	}
	if len(parts) == 0 {
		return paramPrefix(u.params) + "{  }"
	}
	return paramPrefix(u.params) + "{ " + strings.Join(parts, "; ") + " }"
}

// AsUnionPwMultiAff returns u as a union of piecewise functions
// (isl_union_map_as_union_pw_multi_aff); every map must be single-valued
// and convertible (see Map.AsPwMultiAff).
func (u UnionMap) AsUnionPwMultiAff() (UnionPwMultiAff, error) {
	var fns []PwMultiAff
	for _, m := range u.maps {
		f, err := m.AsPwMultiAff()
		if err != nil {
			return UnionPwMultiAff{}, err
		}
		fns = append(fns, f)
	}
	out := NewUnionPwMultiAff(fns...)
	out.params = mergeParams(u.params, out.params)
	for i, f := range out.fns {
		out.fns[i] = f.alignParams(out.params)
	}
	return out, nil
}

// LexMinUnionPwMultiAff returns the lexicographic minimum of every map of
// u as piecewise functions (isl_union_map_lexmin then conversion).
func (u UnionMap) LexMinUnionPwMultiAff() (UnionPwMultiAff, error) {
	return u.LexMin().AsUnionPwMultiAff()
}
