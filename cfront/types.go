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
