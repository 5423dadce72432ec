package cfront

import "strings"

// integerTypes are the C type words whose variables may be parameters or
// iterators.
var integerTypes = map[string]bool{
	"int": true, "long": true, "short": true, "char": true, "unsigned": true, "signed": true,
	"size_t": true, "ssize_t": true, "ptrdiff_t": true, "intptr_t": true, "uintptr_t": true,
	"int8_t": true, "int16_t": true, "int32_t": true, "int64_t": true,
	"uint8_t": true, "uint16_t": true, "uint32_t": true, "uint64_t": true,
	"_Bool": true, "bool": true, "const": true, "register": true, "static": true, "volatile": true, "restrict": true,
}

// IsIntegerType reports whether a declared type (specifier words joined by
// spaces, no stars) is an integer type. Unknown typedef names are not.
func IsIntegerType(base string) bool {
	seen := false
	for _, w := range strings.Fields(base) {
		if !integerTypes[w] {
			return false
		}
		switch w {
		case "const", "register", "static", "volatile", "restrict":
		default:
			seen = true
		}
	}
	return seen
}

// BareType is a declared type without its qualifiers and storage class
// (const, volatile, restrict, static, register), its words joined by one
// space: "const long double" is "long double".
func BareType(t string) string {
	var ws []string
	for _, w := range strings.Fields(t) {
		switch w {
		case "const", "volatile", "restrict", "static", "register":
		default:
			ws = append(ws, w)
		}
	}
	return strings.Join(ws, " ")
}

// TypeCond is the preprocessor condition under which typ (as written, e.g.
// "DATA_TYPE") resolves as ResolveType resolved it: the conjunction of the
// Cond of every macro met on the way ("" when none is conditional).
// Generated code that relies on the resolved type (vector kernels) goes
// under #if TypeCond, so that a compilation with other -D flags (PolyBench's
// -DDATA_TYPE_IS_FLOAT) falls back on code written with the type's name.
func (f *File) TypeCond(typ string) string {
	var conds []string
	seen := map[string]bool{}
	var walk func(text string, depth int)
	walk = func(text string, depth int) {
		if depth > 16 {
			return
		}
		for _, w := range strings.FieldsFunc(text, func(r rune) bool {
			return !(r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9')
		}) {
			if seen[w] {
				continue
			}
			seen[w] = true
			if m, ok := f.Macros[w]; ok && !m.FuncLike {
				if m.Cond != "" {
					conds = append(conds, m.Cond)
				}
				walk(m.Body, depth+1)
			} else if td, ok := f.Typedefs[w]; ok {
				walk(td.Type, depth+1)
			}
		}
	}
	walk(typ, 0)
	return strings.Join(conds, " && ")
}
