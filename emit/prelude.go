package emit

import (
	"bytes"
	"strings"
)

// PreludeMarker is the first line of Prelude; a file that contains it
// already has the macros.
const PreludeMarker = "/* tessera: helper macros for generated code */"

// Prelude defines the helpers that printed expressions use, each guarded by
// #ifndef so that a definition already in the file wins:
//
//	floord(n, d)  floor(n / d) for any signs (d != 0)
//	ceild(n, d)   ceil(n / d) for any signs (d != 0)
//	min(x, y), max(x, y)
//
// floord and ceild correct C's truncating division by one when the
// remainder is non-zero and the exact quotient is negative (resp.
// positive); unlike the (n + d - 1) / d forms they cannot overflow except
// for INT_MIN / -1. Arguments are evaluated several times: generated
// expressions have no side effects.
const Prelude = PreludeMarker + `
#ifndef floord
#define floord(n, d) (((n) / (d)) - (((n) % (d) != 0) & (((n) < 0) != ((d) < 0))))
#endif
#ifndef ceild
#define ceild(n, d) (((n) / (d)) + (((n) % (d) != 0) & (((n) < 0) == ((d) < 0))))
#endif
#ifndef min
#define min(x, y) ((x) < (y) ? (x) : (y))
#endif
#ifndef max
#define max(x, y) ((x) > (y) ? (x) : (y))
#endif
`

// HasPrelude reports whether src already contains Prelude.
func HasPrelude(src []byte) bool { return bytes.Contains(src, []byte(PreludeMarker)) }

// PreludeEdit returns the insertion of Prelude into src, to be passed to
// Splice with the region edits, and false when src already has it. The
// prelude goes after the last #include of the file's leading part (the
// blank lines, comments and preprocessor directives before the first C
// token) that is not inside an #if block; otherwise at the very start.
func PreludeEdit(src []byte) (Edit, bool) {
	if HasPrelude(src) {
		return Edit{}, false
	}
	at := preludeOffset(src)
	text := Prelude
	if at > 0 && src[at-1] != '\n' {
		text = "\n" + text
	}
	if at == 0 && len(src) > 0 {
		text += "\n"
	}
	return Edit{Start: at, End: at, Text: text}, true
}

// preludeOffset scans the leading part of src: we walk over blank
// space, comments and directives (with backslash continuations), keeping
// the #if nesting depth; the answer is the end of the last line at depth 0
// that is an #include or closes an #if block holding an #include.
func preludeOffset(src []byte) int {
	at, depth, pending := 0, 0, false
	i := 0
	for i < len(src) {
		c := src[i]
		switch {
		case c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v':
			i++
		case c == '/' && i+1 < len(src) && src[i+1] == '/':
			for i < len(src) && src[i] != '\n' {
				i++
			}
		case c == '/' && i+1 < len(src) && src[i+1] == '*':
			end := bytes.Index(src[i+2:], []byte("*/"))
			if end < 0 {
				return at
			}
			i += 2 + end + 2
		case c == '#':
			// One directive: up to an unescaped newline.
			j := i
			for j < len(src) && !(src[j] == '\n' && (j == 0 || src[j-1] != '\\')) {
				j++
			}
			lineEnd := j
			if j < len(src) {
				lineEnd = j + 1
			}
			word := directive(src[i+1 : j])
			switch word {
			case "if", "ifdef", "ifndef":
				depth++
			case "endif":
				if depth > 0 {
					depth--
				}
				if depth == 0 && pending {
					at = lineEnd
				}
			case "include":
				pending = true
				if depth == 0 {
					at = lineEnd
				}
			}
			i = lineEnd
		default:
			return at
		}
	}
	return at
}

// directive returns the name of a directive from the text after '#'.
func directive(b []byte) string {
	s := strings.TrimLeft(string(b), " \t")
	n := 0
	for n < len(s) && (s[n] >= 'a' && s[n] <= 'z') {
		n++
	}
	return s[:n]
}
