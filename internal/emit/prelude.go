package emit

import (
	"bytes"
	"strings"

	"github.com/tessera-opt/tessera/ast"
)

// PreludeMarker starts the first line of every prelude; a file that
// contains it already has the macros.
const PreludeMarker = "/* tessera: helper macros for generated code"

// Prelude is PreludeFor(""), written out (TestPreludeConst checks it).
const Prelude = PreludeMarker + ` */
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

// HelpersFor names the helpers with a prefix: floord becomes
// prefix+"floord", and so on.
func HelpersFor(prefix string) ast.Helpers {
	h := ast.DefaultHelpers()
	return ast.Helpers{FloorDiv: prefix + h.FloorDiv, CeilDiv: prefix + h.CeilDiv, Min: prefix + h.Min, Max: prefix + h.Max}
}

// PreludeFor defines the helpers that printed expressions use, named by
// HelpersFor(prefix), each guarded by #ifndef so that a definition already
// in the file wins:
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
func PreludeFor(prefix string) string {
	h := HelpersFor(prefix)
	head := preludeHead(prefix)
	def := func(name, params, body string) string {
		return "#ifndef " + name + "\n#define " + name + params + " " + body + "\n#endif\n"
	}
	return head +
		def(h.FloorDiv, "(n, d)", "(((n) / (d)) - (((n) % (d) != 0) & (((n) < 0) != ((d) < 0))))") +
		def(h.CeilDiv, "(n, d)", "(((n) / (d)) + (((n) % (d) != 0) & (((n) < 0) == ((d) < 0))))") +
		def(h.Min, "(x, y)", "((x) < (y) ? (x) : (y))") +
		def(h.Max, "(x, y)", "((x) > (y) ? (x) : (y))")
}

// preludeHead is the first line of PreludeFor(prefix).
func preludeHead(prefix string) string {
	if prefix == "" {
		return PreludeMarker + " */\n"
	}
	return PreludeMarker + " (prefix " + prefix + ") */\n"
}

// HelperConflicts reports the default helper names (floord, ceild, min,
// max) that src uses as identifiers outside comments, strings and a
// tessera prelude. When it reports any, print with a HelperPrefix so that
// the prelude's macros cannot break the file's own definitions.
func HelperConflicts(src []byte) []string {
	if i := bytes.Index(src, []byte(PreludeMarker)); i >= 0 {
		// Skip our own prelude: up to its last #endif.
		j := i
		for k := 0; k < 4; k++ {
			e := bytes.Index(src[j:], []byte("#endif"))
			if e < 0 {
				break
			}
			j += e + len("#endif")
		}
		src = append(append([]byte{}, src[:i]...), src[j:]...)
	}
	want := map[string]bool{}
	for _, n := range []string{"floord", "ceild", "min", "max"} {
		want[n] = true
	}
	seen := map[string]bool{}
	var out []string
	for i := 0; i < len(src); {
		c := src[i]
		switch {
		case c == '/' && i+1 < len(src) && src[i+1] == '/':
			for i < len(src) && src[i] != '\n' {
				i++
			}
		case c == '/' && i+1 < len(src) && src[i+1] == '*':
			e := bytes.Index(src[i+2:], []byte("*/"))
			if e < 0 {
				i = len(src)
			} else {
				i += e + 4
			}
		case c == '"' || c == '\'':
			i++
			for i < len(src) && src[i] != c && src[i] != '\n' {
				if src[i] == '\\' {
					i++
				}
				i++
			}
			i++
		case c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z':
			j := i
			for j < len(src) && (src[j] == '_' || 'a' <= src[j] && src[j] <= 'z' || 'A' <= src[j] && src[j] <= 'Z' || '0' <= src[j] && src[j] <= '9') {
				j++
			}
			if w := string(src[i:j]); want[w] && !seen[w] {
				seen[w] = true
				out = append(out, w)
			}
			i = j
		case '0' <= c && c <= '9':
			for i < len(src) && (src[i] == '_' || src[i] == '.' || 'a' <= src[i] && src[i] <= 'z' || 'A' <= src[i] && src[i] <= 'Z' || '0' <= src[i] && src[i] <= '9') {
				i++
			}
		default:
			i++
		}
	}
	return out
}

// HasPrelude reports whether src already contains Prelude.
func HasPrelude(src []byte) bool { return bytes.Contains(src, []byte(PreludeMarker)) }

// PreludeEdit is PreludeEditFor(src, "").
func PreludeEdit(src []byte) (Edit, bool) { return PreludeEditFor(src, "") }

// PreludeEditFor returns the insertion of PreludeFor(prefix) into src, to
// be passed to Splice with the region edits, and false when src already
// has the prelude of that prefix. The prelude goes after the last #include of the file's
// leading part (the blank lines, comments and preprocessor directives
// before the first C token) that is not inside an #if block; otherwise at
// the very start, after a byte-order mark if there is one.
func PreludeEditFor(src []byte, prefix string) (Edit, bool) {
	if bytes.Contains(src, []byte(preludeHead(prefix))) {
		return Edit{}, false
	}
	bom, rest := SplitBOM(src)
	at := preludeOffset(rest)
	text := PreludeFor(prefix)
	if at > 0 && rest[at-1] != '\n' {
		text = "\n" + text
	}
	if at == 0 && len(rest) > 0 {
		text += "\n"
	}
	at += len(bom)
	return Edit{Start: at, End: at, Text: text}, true
}

// utf8BOM is the UTF-8 encoding of the byte-order mark U+FEFF.
const utf8BOM = "\xef\xbb\xbf"

// SplitBOM splits a UTF-8 byte-order mark at the start of src from the
// rest: text added at the top of a file goes after the mark, which must
// stay the file's first bytes (the C compiler skips only a leading one).
func SplitBOM(src []byte) (bom, rest []byte) {
	if bytes.HasPrefix(src, []byte(utf8BOM)) {
		return src[:len(utf8BOM)], src[len(utf8BOM):]
	}
	return nil, src
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
