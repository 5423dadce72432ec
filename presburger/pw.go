package presburger

import (
	"slices"
	"strings"
)

// PwMultiAff is a piecewise quasi-affine function (isl_pw_multi_aff): a
// list of pieces, each a MultiAff on a domain Set, the domains pairwise
// disjoint. Outside the union of the domains the function is undefined.
type PwMultiAff struct {
	space  Space
	pieces []PwMultiAffPiece
}

// PwMultiAffPiece is one piece of a PwMultiAff: Fn on the points of Dom.
type PwMultiAffPiece struct {
	Dom Set
	Fn  MultiAff
}

// PwAff is a piecewise quasi-affine expression (isl_pw_aff) on a set
// space: pieces with pairwise disjoint domains.
type PwAff struct {
	dom    Space
	pieces []PwAffPiece
}

// PwAffPiece is one piece of a PwAff: Fn on the points of Dom.
type PwAffPiece struct {
	Dom Set
	Fn  Aff
}

// NewPwMultiAff returns the function of map space sp with the given
// pieces, whose domains must be pairwise disjoint (not checked); empty
// domains are dropped and parameters aligned.
func NewPwMultiAff(sp Space, pieces ...PwMultiAffPiece) PwMultiAff {
	if sp.isSet {
		panic("presburger: NewPwMultiAff needs a map space")
	}
	params := sp.params
	for _, pc := range pieces {
		pc.Fn.space.mustMatch(sp, "NewPwMultiAff")
		pc.Dom.m.space.mustMatch(sp.Domain(), "NewPwMultiAff")
		params = mergeParams(params, pc.Fn.space.params)
		params = mergeParams(params, pc.Dom.m.space.params)
	}
	out := PwMultiAff{space: sp.WithParams(params)}
	for _, pc := range pieces {
		d := pc.Dom.AlignParams(params)
		if d.PlainIsEmpty() {
			continue
		}
		out.pieces = append(out.pieces, PwMultiAffPiece{Dom: d, Fn: pc.Fn.AlignParams(params)})
	}
	return out
}

// PwMultiAffFromMultiAff returns m on its whole domain.
func PwMultiAffFromMultiAff(m MultiAff) PwMultiAff {
	return PwMultiAff{space: m.space, pieces: []PwMultiAffPiece{{Dom: UniverseSet(m.space.Domain()), Fn: m}}}
}

// Space returns the map space of f.
func (f PwMultiAff) Space() Space { return f.space }

// NPieces returns the number of pieces.
func (f PwMultiAff) NPieces() int { return len(f.pieces) }

// Pieces returns the pieces.
func (f PwMultiAff) Pieces() []PwMultiAffPiece { return slices.Clone(f.pieces) }

// Domain returns the set where f is defined (isl_pw_multi_aff_domain).
func (f PwMultiAff) Domain() Set {
	out := EmptySet(f.space.Domain())
	for _, pc := range f.pieces {
		out = out.Union(pc.Dom)
	}
	return out
}

// Eval returns f(pt) (pt: parameters then domain dims) and true, or false
// when pt is outside the domain.
func (f PwMultiAff) Eval(pt []int64) ([]int64, bool) {
	for _, pc := range f.pieces {
		if pc.Dom.Contains(pt) {
			return pc.Fn.Eval(pt), true
		}
	}
	return nil, false
}

// AsMap returns the graph of f (isl_map_from_pw_multi_aff).
func (f PwMultiAff) AsMap() Map {
	out := EmptyMap(f.space)
	for _, pc := range f.pieces {
		out = out.Union(pc.Fn.AsMap().IntersectDomain(pc.Dom))
	}
	return out
}

// AsSet returns the set of values of f when its domain is a parameter
// space (the set-valued form of a lexicographic optimum of a set).
func (f PwMultiAff) AsSet() Set {
	d := f.space.Domain()
	if d.Dim(SetDim) != 0 {
		panic("presburger: PwMultiAff.AsSet of a function with domain dims")
	}
	return Set{f.AsMap().withSpace(f.space.Range())}
}

// IntersectDomain restricts f to s (isl_pw_multi_aff_intersect_domain).
func (f PwMultiAff) IntersectDomain(s Set) PwMultiAff {
	out := PwMultiAff{space: f.space}
	for _, pc := range f.pieces {
		d := pc.Dom.Intersect(s).RemoveEmptyParts()
		if !d.PlainIsEmpty() {
			out.pieces = append(out.pieces, PwMultiAffPiece{Dom: d, Fn: pc.Fn})
		}
	}
	if len(out.pieces) > 0 {
		out.space = out.space.WithParams(out.pieces[0].Dom.m.space.params)
		for i := range out.pieces {
			out.pieces[i].Fn = out.pieces[i].Fn.AlignParams(out.space.params)
		}
	}
	return out
}

// PwAff returns output k of f as a piecewise expression
// (isl_pw_multi_aff_get_pw_aff).
func (f PwMultiAff) PwAff(k int) PwAff {
	out := PwAff{dom: f.space.Domain()}
	for _, pc := range f.pieces {
		out.pieces = append(out.pieces, PwAffPiece{Dom: pc.Dom, Fn: pc.Fn.affs[k]})
	}
	return out
}

// String prints f in isl notation, pieces joined by ";".
func (f PwMultiAff) String() string {
	var parts []string
	for _, pc := range f.pieces {
		for _, d := range pc.Dom.m.parts {
			parts = append(parts, multiAffPiece(pc.Fn, d))
		}
	}
	if len(parts) == 0 {
		return paramPrefix(f.space.params) + "{  }"
	}
	return paramPrefix(f.space.params) + "{ " + strings.Join(parts, "; ") + " }"
}

// NewPwAff returns the piecewise expression on dom with the given pieces
// (domains pairwise disjoint, not checked).
func NewPwAff(dom Space, pieces ...PwAffPiece) PwAff {
	affDom(dom)
	params := dom.params
	for _, pc := range pieces {
		pc.Fn.dom.mustMatch(dom, "NewPwAff")
		pc.Dom.m.space.mustMatch(dom, "NewPwAff")
		params = mergeParams(params, pc.Fn.dom.params)
		params = mergeParams(params, pc.Dom.m.space.params)
	}
	out := PwAff{dom: dom.WithParams(params)}
	for _, pc := range pieces {
		d := pc.Dom.AlignParams(params)
		if d.PlainIsEmpty() {
			continue
		}
		out.pieces = append(out.pieces, PwAffPiece{Dom: d, Fn: pc.Fn.alignParams(params)})
	}
	return out
}

// PwAffFromAff returns a on its whole domain (isl_pw_aff_from_aff).
func PwAffFromAff(a Aff) PwAff {
	return PwAff{dom: a.dom, pieces: []PwAffPiece{{Dom: UniverseSet(a.dom), Fn: a}}}
}

// Space returns the domain space of f.
func (f PwAff) Space() Space { return f.dom }

// NPieces returns the number of pieces.
func (f PwAff) NPieces() int { return len(f.pieces) }

// Pieces returns the pieces.
func (f PwAff) Pieces() []PwAffPiece { return slices.Clone(f.pieces) }

// Domain returns the set where f is defined.
func (f PwAff) Domain() Set {
	out := EmptySet(f.dom)
	for _, pc := range f.pieces {
		out = out.Union(pc.Dom)
	}
	return out
}

// Eval returns f(pt) and true, or false outside the domain.
func (f PwAff) Eval(pt []int64) (int64, bool) {
	for _, pc := range f.pieces {
		if pc.Dom.Contains(pt) {
			return pc.Fn.Eval(pt), true
		}
	}
	return 0, false
}

// multi returns f as a one-output PwMultiAff.
func (f PwAff) multi() PwMultiAff {
	sp := MapSpace(f.dom, NewSetSpace(f.dom.params, "", []string{""}))
	out := PwMultiAff{space: sp}
	for _, pc := range f.pieces {
		out.pieces = append(out.pieces, PwMultiAffPiece{Dom: pc.Dom, Fn: NewMultiAff(sp, pc.Fn)})
	}
	return out
}

// AsMap returns the graph of f, a map from its domain to a one-dim
// unnamed tuple (isl_map_from_pw_aff).
func (f PwAff) AsMap() Map { return f.multi().AsMap() }

// String prints f in isl notation, e.g. "{ [i] -> [(i)] : i >= 0; [i] ->
// [(-i)] : i < 0 }".
func (f PwAff) String() string { return f.multi().String() }

// each applies g to every piece's expression.
func (f PwAff) each(g func(Aff) Aff) PwAff {
	out := PwAff{dom: f.dom, pieces: make([]PwAffPiece, len(f.pieces))}
	for i, pc := range f.pieces {
		out.pieces[i] = PwAffPiece{Dom: pc.Dom, Fn: g(pc.Fn)}
	}
	return out
}

// Neg returns -f.
func (f PwAff) Neg() PwAff { return f.each(Aff.Neg) }

// Scale returns c*f.
func (f PwAff) Scale(c int64) PwAff { return f.each(func(a Aff) Aff { return a.Scale(c) }) }

// AddConst returns f + c.
func (f PwAff) AddConst(c int64) PwAff { return f.each(func(a Aff) Aff { return a.AddConst(c) }) }

// FloorDiv returns floor(f/d), d > 0.
func (f PwAff) FloorDiv(d int64) PwAff { return f.each(func(a Aff) Aff { return a.FloorDiv(d) }) }

// Mod returns f mod d, d > 0 (isl_pw_aff_mod_val).
func (f PwAff) Mod(d int64) PwAff { return f.each(func(a Aff) Aff { return a.Mod(d) }) }

func alignPw2(f, g PwAff) (PwAff, PwAff) {
	f.dom.mustMatch(g.dom, "PwAff operation")
	if slices.Equal(f.dom.params, g.dom.params) {
		return f, g
	}
	p := mergeParams(f.dom.params, g.dom.params)
	return f.alignParams(p), g.alignParams(p)
}

func (f PwAff) alignParams(p []string) PwAff {
	out := PwAff{dom: f.dom.WithParams(p), pieces: make([]PwAffPiece, len(f.pieces))}
	for i, pc := range f.pieces {
		out.pieces[i] = PwAffPiece{Dom: pc.Dom.AlignParams(p), Fn: pc.Fn.alignParams(p)}
	}
	return out
}

// combine returns the pieces of op(a, b) on the pairwise intersections of
// the domains.
func (f PwAff) combine(g PwAff, op func(d Set, a, b Aff) []PwAffPiece) PwAff {
	f, g = alignPw2(f, g)
	out := PwAff{dom: f.dom}
	for _, p := range f.pieces {
		for _, q := range g.pieces {
			d := p.Dom.Intersect(q.Dom).RemoveEmptyParts()
			if d.PlainIsEmpty() {
				continue
			}
			for _, pc := range op(d, p.Fn, q.Fn) {
				pc.Dom = pc.Dom.RemoveEmptyParts()
				if !pc.Dom.PlainIsEmpty() {
					out.pieces = append(out.pieces, pc)
				}
			}
		}
	}
	return out
}

// Add returns f + g on the intersection of their domains (isl_pw_aff_add).
func (f PwAff) Add(g PwAff) PwAff {
	return f.combine(g, func(d Set, a, b Aff) []PwAffPiece { return []PwAffPiece{{d, a.Add(b)}} })
}

// Sub returns f - g on the intersection of their domains.
func (f PwAff) Sub(g PwAff) PwAff { return f.Add(g.Neg()) }

// Min returns the minimum of f and g on the intersection of their domains
// (isl_pw_aff_min): f where f <= g, g elsewhere.
func (f PwAff) Min(g PwAff) PwAff {
	return f.combine(g, func(d Set, a, b Aff) []PwAffPiece {
		le := a.LeSet(b)
		return []PwAffPiece{{d.Intersect(le), a}, {d.Subtract(le), b}}
	})
}

// Max returns the maximum of f and g on the intersection of their domains
// (isl_pw_aff_max).
func (f PwAff) Max(g PwAff) PwAff {
	return f.combine(g, func(d Set, a, b Aff) []PwAffPiece {
		ge := a.GeSet(b)
		return []PwAffPiece{{d.Intersect(ge), a}, {d.Subtract(ge), b}}
	})
}

// cmpSet returns the points of both domains where cmp(f, g) holds.
func (f PwAff) cmpSet(g PwAff, cmp func(a, b Aff) Set) Set {
	f, g = alignPw2(f, g)
	out := EmptySet(f.dom)
	for _, p := range f.pieces {
		for _, q := range g.pieces {
			out = out.Union(p.Dom.Intersect(q.Dom).Intersect(cmp(p.Fn, q.Fn)))
		}
	}
	return out.RemoveEmptyParts()
}

// LeSet returns the points of both domains where f <= g (isl_pw_aff_le_set).
func (f PwAff) LeSet(g PwAff) Set { return f.cmpSet(g, Aff.LeSet) }

// LtSet returns the points of both domains where f < g.
func (f PwAff) LtSet(g PwAff) Set { return f.cmpSet(g, Aff.LtSet) }

// GeSet returns the points of both domains where f >= g.
func (f PwAff) GeSet(g PwAff) Set { return f.cmpSet(g, Aff.GeSet) }

// GtSet returns the points of both domains where f > g.
func (f PwAff) GtSet(g PwAff) Set { return f.cmpSet(g, Aff.GtSet) }

// EqSet returns the points of both domains where f == g.
func (f PwAff) EqSet(g PwAff) Set { return f.cmpSet(g, Aff.EqSet) }

// NeSet returns the points of both domains where f != g.
func (f PwAff) NeSet(g PwAff) Set { return f.cmpSet(g, Aff.NeSet) }

// IntersectDomain restricts f to s.
func (f PwAff) IntersectDomain(s Set) PwAff {
	out := PwAff{dom: f.dom}
	for _, pc := range f.pieces {
		d := pc.Dom.Intersect(s).RemoveEmptyParts()
		if !d.PlainIsEmpty() {
			out.pieces = append(out.pieces, PwAffPiece{Dom: d, Fn: pc.Fn.AlignParams(d.m.space.params)})
		}
	}
	if len(out.pieces) > 0 {
		out.dom = out.dom.WithParams(out.pieces[0].Dom.m.space.params)
	}
	return out
}

// IsEqual reports whether f and g are defined on the same points with the
// same values (compared through their graphs, exactly).
func (f PwMultiAff) IsEqual(g PwMultiAff) bool { return f.AsMap().IsEqual(g.AsMap()) }

// IsEqual reports whether f and g are defined on the same points with the
// same values.
func (f PwAff) IsEqual(g PwAff) bool { return f.AsMap().IsEqual(g.AsMap()) }
