package scop

import (
	"fmt"
	"slices"
	"strings"

	"github.com/tessera-opt/tessera/presburger"
)

// Extent bounds the elements of one array that the region accesses, one
// subscript of the model at a time (outermost first): wherever the
// context holds, every element e the region accesses satisfies
//
//	min(Lo[k]) <= e[k] <= max(Hi[k])
//
// Lo[k] and Hi[k] are quasi-affine expressions over the parameter space
// (the pieces of the optimum of subscript k as a piecewise function of
// the parameters: the optimum equals one of them, so their minimum,
// resp. maximum, bounds it). The bounds form a box: the lowest address of
// a row-major array with non-negative extents is at least the address of
// the element (min Lo[0], min Lo[1], ...), the highest at most that of
// (max Hi[0], ...), whether or not the subscripts stay within their rows.
type Extent struct {
	Array  string
	Lo, Hi [][]presburger.Aff
}

// maxExtentPieces bounds the pieces of one bound of an Extent: more
// would print as a long nest of min and max. A bound with more pieces is
// taken on the convex hull of the accessed elements instead (a looser
// bound with fewer pieces).
const maxExtentPieces = 8

// AccessExtent returns the extent of the elements of array that the
// region accesses (reads and writes); ok is false when the region
// accesses none in its context. An error means the bounds could not be
// had in closed form (an optimum that is not defined wherever the array
// is accessed, or an engine budget).
//
// We ask the engine for the parametric minimum and maximum of each
// subscript over the image of each access (DimMin, DimMax: cheap on the
// single conjunction an access usually has), restricted to the context,
// and keep of the pieces that differ by a constant only the extreme one.
// The optimum over the union is one of the pieces. When a bound keeps
// more than maxExtentPieces pieces, it is taken on the convex hull of
// the union instead.
func (s *Scop) AccessExtent(array string) (e Extent, ok bool, err error) {
	return s.accessExtent(array, maxExtentPieces)
}

// accessExtent is AccessExtent with at most maxPieces pieces per bound
// before the convex hull is used.
func (s *Scop) accessExtent(array string, maxPieces int) (e Extent, ok bool, err error) {
	defer presburger.Recover(&err)
	var rels []presburger.Map
	params := s.Context.Space().Params()
	for _, st := range s.Statements {
		for _, a := range st.Accesses {
			if a.Array == array {
				rels = append(rels, a.Rel)
				params = mergeParams(params, a.Rel.Space().Params())
			}
		}
	}
	ctx := s.Context.AlignParams(params)
	var imgs []presburger.Set
	seen := map[string]bool{}
	for _, r := range rels {
		img := r.AlignParams(params).Range().IntersectParams(ctx)
		if key := img.String(); !seen[key] && !img.IsEmpty() {
			seen[key] = true
			imgs = append(imgs, img)
		}
	}
	if len(imgs) == 0 {
		return Extent{}, false, nil
	}
	var hull *presburger.Set
	bound := func(k int, max bool) ([]presburger.Aff, error) {
		var pieces []presburger.Aff
		for _, img := range imgs {
			b, err := extentBound(img, k, max)
			if err != nil {
				return nil, err
			}
			pieces = extremes(append(pieces, b...), max)
		}
		if len(pieces) <= maxPieces {
			return pieces, nil
		}
		if hull == nil {
			u := imgs[0]
			for _, img := range imgs[1:] {
				u = u.Union(img)
			}
			h := presburger.NewSet(u.Space(), u.ConvexHull())
			hull = &h
		}
		b, err := extentBound(*hull, k, max)
		if err == nil && len(b) > maxPieces {
			what := map[bool]string{false: "least", true: "greatest"}[max]
			err = &extentError{fmt.Sprintf("the %s value of subscript %d has %d pieces", what, k+1, len(b))}
		}
		return b, err
	}
	e = Extent{Array: array}
	rank := imgs[0].Space().Dim(presburger.SetDim)
	for k := 0; k < rank; k++ {
		lo, err := bound(k, false)
		if err != nil {
			return Extent{}, false, err
		}
		hi, err := bound(k, true)
		if err != nil {
			return Extent{}, false, err
		}
		e.Lo, e.Hi = append(e.Lo, lo), append(e.Hi, hi)
	}
	return e, true, nil
}

// extremes keeps, of the affs that differ by a constant only, the least
// (the greatest when max).
func extremes(as []presburger.Aff, max bool) []presburger.Aff {
	var out []presburger.Aff
next:
	for _, a := range as {
		for i, b := range out {
			if d := a.Sub(b); d.IsConstant() {
				if c := d.ConstantVal(); max && c > 0 || !max && c < 0 {
					out[i] = a
				}
				continue next
			}
		}
		out = append(out, a)
	}
	return out
}

// extentBound returns the pieces of the minimum (maximum when max) of
// subscript k of acc, which must be defined wherever acc is not empty.
// maxExtentSteps bounds the solver steps (presburger.SubtractWithin) of the
// test that a bound holds for every parameter value of the context.
const maxExtentSteps = 1_000_000

func extentBound(acc presburger.Set, k int, max bool) ([]presburger.Aff, error) {
	opt := acc.DimMin
	what := "least"
	if max {
		opt, what = acc.DimMax, "greatest"
	}
	pw, err := opt(k)
	if err != nil {
		return nil, err
	}
	if pw.NPieces() == 0 {
		return nil, &extentError{fmt.Sprintf("the %s value of subscript %d is not bounded for some parameter values", what, k+1)}
	}
	where := acc.Params()
	rest, ok := where.SubtractWithin(pw.Domain().AlignParams(where.Space().Params()), maxExtentSteps)
	if !ok {
		return nil, &extentError{fmt.Sprintf("whether the %s value of subscript %d is bounded for every parameter value is not decided within the solver budget", what, k+1)}
	}
	if !rest.IsEmpty() {
		return nil, &extentError{fmt.Sprintf("the %s value of subscript %d is not bounded for some parameter values", what, k+1)}
	}
	var out []presburger.Aff
	for _, p := range pw.Pieces() {
		if !slices.ContainsFunc(out, p.Fn.PlainIsEqual) {
			out = append(out, p.Fn)
		}
	}
	return out, nil
}

// extentError says why an array has no closed-form extent.
type extentError struct{ msg string }

func (e *extentError) Error() string { return "scop: access extent: " + e.msg }

// CParam is the C text of the model parameter name: the parameters named
// like an isl keyword (and, min, ...) carry a trailing underscore in the
// model (paramName).
func CParam(name string) string {
	if c, ok := strings.CutSuffix(name, "_"); ok && islKeywords[c] {
		return c
	}
	return name
}
