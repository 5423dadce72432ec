package ctext

import (
	"regexp"
	"strings"
)

var (
	// IdentRE matches a C identifier.
	IdentRE = regexp.MustCompile(`[A-Za-z_][A-Za-z_0-9]*`)
	// CallRE matches an identifier followed by '(' (a call or a
	// function-like macro); its first group is the identifier.
	CallRE = regexp.MustCompile(`([A-Za-z_][A-Za-z_0-9]*)\s*\(`)
)

// Identifiers returns every C identifier-like word of src. Comments and
// strings count too, which only makes a caller that avoids these names
// more careful.
func Identifiers(src []byte) map[string]bool {
	out := map[string]bool{}
	isStart := func(c byte) bool { return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
	isPart := func(c byte) bool { return isStart(c) || c >= '0' && c <= '9' }
	for i := 0; i < len(src); {
		c := src[i]
		switch {
		case isStart(c):
			j := i + 1
			for j < len(src) && isPart(src[j]) {
				j++
			}
			out[string(src[i:j])] = true
			i = j
		case c >= '0' && c <= '9':
			j := i + 1
			for j < len(src) && isPart(src[j]) {
				j++
			}
			i = j
		default:
			i++
		}
	}
	return out
}

// Indent indents every non-empty line of text that is not a preprocessor
// line by ind, and ends the result with one newline.
func Indent(text, ind string) string {
	lines := strings.Split(strings.TrimRight(text, "\n"), "\n")
	for i, l := range lines {
		if l != "" && !strings.HasPrefix(l, "#") {
			lines[i] = ind + l
		}
	}
	return strings.Join(lines, "\n") + "\n"
}

// keywords are the C words that statement texts may hold besides names.
var keywords = map[string]bool{}

func init() {
	for _, k := range strings.Fields("auto break case char const continue default do double else enum extern float for goto if inline int long register restrict return short signed sizeof static struct switch typedef union unsigned void volatile while _Bool") {
		keywords[k] = true
	}
}

// IsKeyword reports whether w is a C keyword.
func IsKeyword(w string) bool { return keywords[w] }
