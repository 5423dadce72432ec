package ctoken

import "strings"

// Token is an identifier or one punctuation byte of C text.
type Token struct {
	Text string
	Off  int // the offset of its first byte in the text scanned
}

// Scan returns the tokens of src[from:to]; comments, string and character
// literals, numbers and preprocessor lines (with their continuations) are
// skipped.
func Scan(src []byte, from, to int) []Token {
	var out []Token
	lineStart := true
	for i := from; i < to; {
		c := src[i]
		if c == '\n' {
			lineStart = true
			i++
			continue
		}
		if next, skipped := skipBlank(src, i, to, lineStart); skipped {
			if next < 0 {
				return out // an unterminated comment ends the text
			}
			i = next
			continue
		}
		lineStart = false
		switch {
		case c == '"' || c == '\'':
			i = literalEnd(src, i, to)
		case isIdentStart(c):
			j := i
			for j < to && (isIdentStart(src[j]) || isDigit(src[j])) {
				j++
			}
			out = append(out, Token{string(src[i:j]), i})
			i = j
		case isDigit(c):
			for i < to && (isIdentStart(src[i]) || isDigit(src[i]) || src[i] == '.') {
				i++
			}
		default:
			out = append(out, Token{string(c), i})
			i++
		}
	}
	return out
}

// skipBlank returns the offset after the white space, comment or
// preprocessor line at src[i] (-1 for a comment that does not end before
// to), and whether there was one. lineStart says whether only white space
// precedes i on its line.
func skipBlank(src []byte, i, to int, lineStart bool) (int, bool) {
	c := src[i]
	switch {
	case c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v':
		return i + 1, true
	case c == '#' && lineStart:
		for i < to && src[i] != '\n' {
			if src[i] == '\\' && i+1 < to && src[i+1] == '\n' {
				i++
			}
			i++
		}
		return i, true
	case c == '/' && i+1 < to && src[i+1] == '/':
		for i < to && src[i] != '\n' {
			i++
		}
		return i, true
	case c == '/' && i+1 < to && src[i+1] == '*':
		j := strings.Index(string(src[i+2:to]), "*/")
		if j < 0 {
			return -1, true
		}
		return i + j + 4, true
	}
	return i, false
}

// literalEnd returns the offset after the string or character literal
// that starts at src[i].
func literalEnd(src []byte, i, to int) int {
	c := src[i]
	j := i + 1
	for j < to && src[j] != c {
		if src[j] == '\\' {
			j++
		}
		j++
	}
	return j + 1
}

func isIdentStart(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }
