package presburger

import (
	"fmt"
	"slices"
	"strings"
)

// DimKind names a group of columns of a constraint row (isl's
// enum isl_dim_type).
type DimKind int

const (
	// Param is the kind of the symbolic parameters (isl_dim_param).
	Param DimKind = iota
	// In is the kind of the input dimensions of a map (isl_dim_in).
	In
	// Out is the kind of the output dimensions of a map, and of the
	// dimensions of a set (isl_dim_out).
	Out
	// Div is the kind of the local variables of a basic object
	// (isl_dim_div). A Space has no locals; Div is used with BasicMap.
	Div
)

// SetDim is the kind of the dimensions of a set (isl_dim_set); a set keeps
// them as output dimensions.
const SetDim = Out

func (k DimKind) String() string {
	switch k {
	case Param:
		return "param"
	case In:
		return "in"
	case Out:
		return "out"
	case Div:
		return "div"
	}
	return fmt.Sprintf("DimKind(%d)", int(k))
}

// tuple is one named tuple of a space. When nested is non-nil the tuple is
// a wrapped map space (isl's "wrapped" or "nested" space, printed
// [A[i] -> B[j]]); its dims are then nested's input dims followed by its
// output dims, and nested has no parameters.
//
// paramDom marks the zero-dimensional unnamed tuple of a parameter domain
// (isl's params space, printed "{ : cond }") as opposed to a set with an
// empty tuple (printed "{ [] : cond }"). The two have the same points and
// are compatible in every operation (equal, key and alignment ignore the
// mark); the mark only decides how the object prints, so that a printed
// result reads back into isl as the same kind of object.
type tuple struct {
	name     string
	dims     []string // names, for printing only; "" means unnamed
	nested   *Space
	paramDom bool
}

func (t tuple) equal(u tuple) bool {
	if t.name != u.name || len(t.dims) != len(u.dims) {
		return false
	}
	if (t.nested == nil) != (u.nested == nil) {
		return false
	}
	if t.nested != nil {
		return t.nested.in.equal(u.nested.in) && t.nested.out.equal(u.nested.out)
	}
	return true
}

// key is a string identifying the tuple up to dim names.
func (t tuple) key() string {
	if t.nested != nil {
		return fmt.Sprintf("%s[%s->%s]", t.name, t.nested.in.key(), t.nested.out.key())
	}
	return fmt.Sprintf("%s/%d", t.name, len(t.dims))
}

// Space is the space of a set or a map: parameter names and, for a set, one
// tuple (kept as the output tuple), for a map an input and an output tuple.
// A Space is an immutable value. Dim names serve printing only: Equal
// compares parameter names (and order), tuple names, arities and nesting.
type Space struct {
	params []string
	in     tuple // empty for a set
	out    tuple
	isSet  bool
}

// NewSetSpace returns the space of sets with the given parameters and one
// tuple named name with the given dim names ("" for unnamed dims).
func NewSetSpace(params []string, name string, dims []string) Space {
	return Space{params: slices.Clone(params), out: tuple{name: name, dims: slices.Clone(dims)}, isSet: true}
}

// NewMapSpace returns the space of maps from the tuple inName[inDims] to the
// tuple outName[outDims] with the given parameters.
func NewMapSpace(params []string, inName string, inDims []string, outName string, outDims []string) Space {
	return Space{
		params: slices.Clone(params),
		in:     tuple{name: inName, dims: slices.Clone(inDims)},
		out:    tuple{name: outName, dims: slices.Clone(outDims)},
	}
}

// NewParamSpace returns the space of parameter domains: a set space with
// the given parameters and an unnamed zero-dimensional tuple.
func NewParamSpace(params []string) Space {
	s := NewSetSpace(params, "", nil)
	s.out.paramDom = true
	return s
}

// IsParamSpace reports whether s is the space of a parameter domain (made
// by NewParamSpace, by Params, or parsed from "{ : cond }"), as opposed to
// a set space with an empty tuple ("{ [] : cond }").
func (s Space) IsParamSpace() bool {
	return s.isSet && s.out.paramDom && len(s.out.dims) == 0 && s.out.name == "" && s.out.nested == nil
}

// AsSetSpace returns s without the parameter-domain mark: a parameter
// space becomes the space of sets with an empty tuple (isl_set_from_params).
func (s Space) AsSetSpace() Space {
	s.out.paramDom = false
	s.in.paramDom = false
	return s
}

// anonDims returns n unnamed dims.
func anonDims(n int) []string { return make([]string, n) }

// IsSet reports whether s is a set space.
func (s Space) IsSet() bool { return s.isSet }

// IsMap reports whether s is a map space.
func (s Space) IsMap() bool { return !s.isSet }

// Params returns (a copy of) the parameter names.
func (s Space) Params() []string { return slices.Clone(s.params) }

// NParam returns the number of parameters.
func (s Space) NParam() int { return len(s.params) }

func (s Space) tup(k DimKind) *tuple {
	switch k {
	case In:
		if s.isSet {
			panic("presburger: a set space has no input tuple")
		}
		return &s.in
	case Out:
		return &s.out
	}
	panic(fmt.Sprintf("presburger: no tuple of kind %v", k))
}

// TupleName returns the name of the input (In) or output (Out, SetDim)
// tuple.
func (s Space) TupleName(k DimKind) string { return s.tup(k).name }

// Dim returns the number of dimensions of kind k (Param, In, Out). For a
// set, Dim(In) is 0.
func (s Space) Dim(k DimKind) int {
	switch k {
	case Param:
		return len(s.params)
	case In:
		return len(s.in.dims)
	case Out:
		return len(s.out.dims)
	case Div:
		return 0
	}
	panic(fmt.Sprintf("presburger: bad dim kind %v", k))
}

// DimName returns the name of dimension i of kind k ("" when unnamed).
func (s Space) DimName(k DimKind, i int) string {
	if k == Param {
		return s.params[i]
	}
	return s.tup(k).dims[i]
}

// DimNames returns a copy of the names of the dimensions of kind k.
func (s Space) DimNames(k DimKind) []string {
	if k == Param {
		return slices.Clone(s.params)
	}
	if k == In && s.isSet {
		return nil
	}
	return slices.Clone(s.tup(k).dims)
}

// Offset returns the column of the first dimension of kind k in a
// constraint row (see the package documentation for the layout). For Div
// it is the column of the first local variable.
func (s Space) Offset(k DimKind) int {
	switch k {
	case Param:
		return 0
	case In:
		return len(s.params)
	case Out:
		return len(s.params) + len(s.in.dims)
	case Div:
		return len(s.params) + len(s.in.dims) + len(s.out.dims)
	}
	panic(fmt.Sprintf("presburger: bad dim kind %v", k))
}

// NDim returns the number of parameters and dimensions (all columns of a
// row before the locals).
func (s Space) NDim() int { return s.Offset(Div) }

// Nested returns the map space wrapped in the tuple of kind k, if any
// (isl_space_is_wrapping / isl_space_unwrap).
func (s Space) Nested(k DimKind) (Space, bool) {
	t := s.tup(k)
	if t.nested == nil {
		return Space{}, false
	}
	n := *t.nested
	n.params = slices.Clone(s.params)
	return n, true
}

// IsWrapping reports whether s is a set space whose tuple wraps a map space.
func (s Space) IsWrapping() bool { return s.isSet && s.out.nested != nil }

// Equal reports whether s and t are the same space: same kind, same
// parameter names in the same order, same tuple names, arities and
// nesting. Dim names are ignored.
func (s Space) Equal(t Space) bool {
	return s.TuplesEqual(t) && slices.Equal(s.params, t.params)
}

// TuplesEqual is Equal without comparing the parameters.
func (s Space) TuplesEqual(t Space) bool {
	if s.isSet != t.isSet {
		return false
	}
	if !s.out.equal(t.out) {
		return false
	}
	return s.isSet || s.in.equal(t.in)
}

// TupleKey returns a string identifying the tuples of s (not the
// parameters, not the dim names); union objects are keyed by it.
func (s Space) TupleKey() string {
	if s.isSet {
		return s.out.key()
	}
	return s.in.key() + "->" + s.out.key()
}

// WithParams returns s with the given parameter list.
func (s Space) WithParams(params []string) Space {
	s.params = slices.Clone(params)
	return s
}

// AlignParams returns the parameter list of s extended with the
// parameters of t that s lacks (in t's order). Objects of spaces s and t
// are aligned to it before a binary operation.
func (s Space) AlignParams(t Space) []string {
	return mergeParams(s.params, t.params)
}

func mergeParams(a, b []string) []string {
	if slices.Equal(a, b) {
		return a
	}
	out := slices.Clone(a)
	for _, p := range b {
		if !slices.Contains(out, p) {
			out = append(out, p)
		}
	}
	return out
}

// Domain returns the set space of the input tuple of a map space.
func (s Space) Domain() Space {
	if s.isSet {
		panic("presburger: Domain of a set space")
	}
	return Space{params: s.params, out: s.in, isSet: true}
}

// Range returns the set space of the output tuple of a map space.
func (s Space) Range() Space {
	if s.isSet {
		panic("presburger: Range of a set space")
	}
	return Space{params: s.params, out: s.out, isSet: true}
}

// Reverse returns the map space with input and output swapped.
func (s Space) Reverse() Space {
	if s.isSet {
		panic("presburger: Reverse of a set space")
	}
	s.in, s.out = s.out, s.in
	return s
}

// MapSpace returns the map space from set space dom to set space ran (the
// parameters are those of dom merged with those of ran).
func MapSpace(dom, ran Space) Space {
	if !dom.isSet || !ran.isSet {
		panic("presburger: MapSpace of non-set spaces")
	}
	return Space{params: mergeParams(dom.params, ran.params), in: dom.out, out: ran.out}
}

// Wrap returns the set space whose tuple wraps the map space s.
func (s Space) Wrap() Space {
	if s.isSet {
		panic("presburger: Wrap of a set space")
	}
	n := Space{in: s.in, out: s.out}
	dims := append(slices.Clone(s.in.dims), s.out.dims...)
	return Space{params: s.params, out: tuple{dims: dims, nested: &n}, isSet: true}
}

// Unwrap returns the map space wrapped in the set space s.
func (s Space) Unwrap() Space {
	if !s.IsWrapping() {
		panic("presburger: Unwrap of a non-wrapping space")
	}
	n := *s.out.nested
	n.params = s.params
	return n
}

// SetTupleName returns s with the tuple of kind k renamed.
func (s Space) SetTupleName(k DimKind, name string) Space {
	switch k {
	case In:
		s.in.name = name
		s.in.paramDom = s.in.paramDom && name == ""
	case Out:
		s.out.name = name
		s.out.paramDom = s.out.paramDom && name == ""
	default:
		panic("presburger: SetTupleName of a non-tuple kind")
	}
	return s
}

// SetDimName returns s with dim i of kind k renamed.
func (s Space) SetDimName(k DimKind, i int, name string) Space {
	switch k {
	case Param:
		s.params = slices.Clone(s.params)
		s.params[i] = name
	case In:
		s.in.dims = slices.Clone(s.in.dims)
		s.in.dims[i] = name
	case Out:
		s.out.dims = slices.Clone(s.out.dims)
		s.out.dims[i] = name
	default:
		panic("presburger: SetDimName of a non-dim kind")
	}
	return s
}

// insertDims returns s with n unnamed (or named) dims of kind k inserted at
// position pos. A tuple that gets its arity changed loses its nesting.
func (s Space) insertDims(k DimKind, pos int, names []string) Space {
	switch k {
	case Param:
		s.params = slices.Insert(slices.Clone(s.params), pos, names...)
	case In, Out:
		t := *s.tup(k)
		t.dims = slices.Insert(slices.Clone(t.dims), pos, names...)
		if len(names) > 0 {
			t.nested = nil
			t.paramDom = false
		}
		if k == In {
			s.in = t
		} else {
			s.out = t
		}
	default:
		panic("presburger: insertDims of a non-dim kind")
	}
	return s
}

// dropDims returns s with dims [first, first+n) of kind k removed.
func (s Space) dropDims(k DimKind, first, n int) Space {
	switch k {
	case Param:
		s.params = slices.Delete(slices.Clone(s.params), first, first+n)
	case In, Out:
		t := *s.tup(k)
		t.dims = slices.Delete(slices.Clone(t.dims), first, first+n)
		if n > 0 {
			t.nested = nil
		}
		if k == In {
			s.in = t
		} else {
			s.out = t
		}
	default:
		panic("presburger: dropDims of a non-dim kind")
	}
	return s
}

// String prints the space in isl's notation, e.g. "[n] -> { S[i, j] }".
func (s Space) String() string {
	var b strings.Builder
	if len(s.params) > 0 {
		b.WriteString("[" + strings.Join(s.params, ", ") + "] -> ")
	}
	b.WriteString("{ ")
	if !s.isSet {
		b.WriteString(tupleString(s.in, "i") + " -> ")
	}
	b.WriteString(tupleString(s.out, "o"))
	b.WriteString(" }")
	return b.String()
}

func tupleString(t tuple, prefix string) string {
	if t.nested != nil {
		return t.name + "[" + tupleString(t.nested.in, "i") + " -> " + tupleString(t.nested.out, "o") + "]"
	}
	names := make([]string, len(t.dims))
	for i, d := range t.dims {
		if d == "" {
			d = fmt.Sprintf("%s%d", prefix, i)
		}
		names[i] = d
	}
	return t.name + "[" + strings.Join(names, ", ") + "]"
}

func (s Space) mustMatch(t Space, op string) {
	if !s.TuplesEqual(t) {
		panic(fmt.Sprintf("presburger: space mismatch in %s: %v vs %v", op, s, t))
	}
}
