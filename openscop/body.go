package openscop

import (
	"fmt"
	"strings"
)

// Instance returns the body's text for one instance: every identifier
// token that names an original iterator is replaced by the parenthesized
// expression args[k] of that iterator. Identifiers in string and
// character literals and in comments, and member names after '.' or
// '->', are left alone. When two iterators have one name (an inner loop
// that shadows an outer one), the text refers to the inner one.
func (b *Body) Instance(args []string) (string, error) {
	if len(args) != len(b.Iterators) {
		return "", fmt.Errorf("%d values for %d iterators", len(args), len(b.Iterators))
	}
	sub := map[string]string{}
	for k, it := range b.Iterators {
		a := strings.TrimSpace(args[k])
		if !isIdent(a) && !isNumber(a) && !parenthesized(a) {
			a = "(" + a + ")"
		}
		sub[it] = a
	}
	t := b.Text
	var out strings.Builder
	member := false // the previous token was '.' or '->'
	for i := 0; i < len(t); {
		c := t[i]
		switch {
		case c == '"' || c == '\'':
			j := i + 1
			for j < len(t) && t[j] != c {
				if t[j] == '\\' {
					j++
				}
				j++
			}
			j = min(j+1, len(t))
			out.WriteString(t[i:j])
			i, member = j, false
		case c == '/' && i+1 < len(t) && t[i+1] == '*':
			j := strings.Index(t[i+2:], "*/")
			if j < 0 {
				j = len(t)
			} else {
				j += i + 4
			}
			out.WriteString(t[i:j])
			i = j
		case c == '/' && i+1 < len(t) && t[i+1] == '/':
			out.WriteString(t[i:])
			i = len(t)
		case c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
			j := i
			for j < len(t) && (t[j] == '_' || t[j] >= 'a' && t[j] <= 'z' || t[j] >= 'A' && t[j] <= 'Z' || t[j] >= '0' && t[j] <= '9') {
				j++
			}
			id := t[i:j]
			if v, ok := sub[id]; ok && !member {
				out.WriteString(v)
			} else {
				out.WriteString(id)
			}
			i, member = j, false
		case c >= '0' && c <= '9':
			// A number, with its suffixes and exponent (1e-3, 0x1fUL).
			j := i
			for j < len(t) && (isAlnum(t[j]) || t[j] == '.' || (t[j] == '+' || t[j] == '-') && (t[j-1] == 'e' || t[j-1] == 'E' || t[j-1] == 'p' || t[j-1] == 'P')) {
				j++
			}
			out.WriteString(t[i:j])
			i, member = j, false
		default:
			switch {
			case c == '.':
				member = true
			case c == '-' && i+1 < len(t) && t[i+1] == '>':
				out.WriteString("->")
				i += 2
				member = true
				continue
			case c == ' ' || c == '\t':
			default:
				member = false
			}
			out.WriteByte(c)
			i++
		}
	}
	return out.String(), nil
}

func isAlnum(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

func isNumber(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range []byte(s) {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// parenthesized reports whether s is one parenthesized expression.
func parenthesized(s string) bool {
	if len(s) < 2 || s[0] != '(' || s[len(s)-1] != ')' {
		return false
	}
	depth := 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 && i < len(s)-1 {
				return false
			}
		}
	}
	return depth == 0
}
