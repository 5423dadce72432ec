package cdecl

import "strings"

// Param is the declaration of one parameter of a function that the
// lowering generates (package outline): a scalar of type Type, or a
// restrict pointer to Type's elements or to rows of them.
type Param struct {
	// Type is the element type, without storage class.
	Type string
	Name string
	// Restrict makes the parameter a restrict-qualified pointer: to one
	// element of Type when Rows is empty (Type *restrict Name), to an
	// array Type[Rows[0]][Rows[1]]... otherwise (Type (*restrict
	// Name)[Rows[0]]...), so that Name[i][j] indexes it as the array it
	// stands for.
	Restrict bool
	// Rows are the C text of the extents of the arrays the pointer
	// points to, outermost first (Restrict only).
	Rows []string
}

// String is the declaration as C, without separator.
func (p Param) String() string {
	if !p.Restrict {
		return p.Type + " " + p.Name
	}
	if len(p.Rows) == 0 {
		return p.Type + " *restrict " + p.Name
	}
	var b strings.Builder
	b.WriteString(p.Type + " (*restrict " + p.Name + ")")
	for _, r := range p.Rows {
		b.WriteString("[" + r + "]")
	}
	return b.String()
}

// ParamList is the parameter list of a function declaration: the
// parameters' declarations separated by commas.
func ParamList(ps []Param) string {
	out := make([]string, len(ps))
	for k, p := range ps {
		out[k] = p.String()
	}
	return strings.Join(out, ", ")
}
