package cfront

import (
	"math/bits"
	"strconv"
	"strings"
)

// tokKind classifies a token of the hand-written lexer.
type tokKind uint8

const (
	tEOF       tokKind = iota
	tIdent             // identifier or keyword
	tInt               // integer literal (text kept, value in token.ival)
	tFloat             // floating literal
	tChar              // character literal
	tString            // string literal
	tPunct             // operator or punctuator
	tDirective         // a whole preprocessor line, from '#' to the end of line
	tInvalid           // a lexical error; token.bad says what
)

var kindNames = [...]string{"end of input", "identifier", "integer", "float", "character", "string", "punctuator", "preprocessor directive", "invalid token"}

func (k tokKind) String() string { return kindNames[k] }

// token is one lexeme. text is the exact source bytes, so the token spans
// [pos.Offset, pos.Offset+len(text)).
type token struct {
	text string
	pos  Pos
	ival int64 // value of tInt and tChar tokens
	kind tokKind
	big  bool    // tInt does not fit int64
	bad  badKind // tInvalid: what is wrong
}

// end is the offset just past the token.
func (t *token) end() int { return t.pos.Offset + len(t.text) }

// badKind says what is wrong with a tInvalid token.
type badKind uint8

const (
	badNone badKind = iota
	badComment
	badString
	badChar
	badCharLit
	badCharacter
	badFloatSuffix
	badFloat
	badIntSuffix
	badInt
	badDigit
)

// message describes a tInvalid token.
func (t *token) message() string {
	switch t.bad {
	case badComment:
		return "unterminated comment"
	case badString:
		return "unterminated string literal"
	case badChar:
		return "unterminated character literal"
	case badCharLit:
		return "invalid character literal " + t.text
	case badCharacter:
		if t.text == "" {
			return "invalid character"
		}
		return "invalid character " + strconv.QuoteRune(rune(t.text[0]))
	case badFloatSuffix:
		return "invalid suffix on floating literal " + t.text
	case badFloat:
		return "invalid floating literal " + t.text
	case badIntSuffix:
		return "invalid suffix on integer literal " + t.text
	case badInt:
		return "invalid integer literal " + t.text
	case badDigit:
		return "invalid digit in integer literal " + t.text
	}
	return "invalid token " + t.text
}

// punctLen returns the length of the punctuator starting s (3, 2 or 1),
// or 0 when s does not start with one. Longest match wins.
func punctLen(s string) int {
	if len(s) >= 3 {
		switch s[:3] {
		case ">>=", "<<=", "...":
			return 3
		}
	}
	if len(s) >= 2 {
		switch s[:2] {
		case "->", "++", "--", "<<", ">>", "<=", ">=", "==", "!=", "&&", "||", "+=", "-=",
			"*=", "/=", "%=", "&=", "^=", "|=", "##":
			return 2
		}
	}
	if len(s) >= 1 && strings.IndexByte(punct1, s[0]) >= 0 {
		return 1
	}
	return 0
}

const punct1 = "[](){}.&*+-~!/%<>^|?:;=,#"

// lex tokenizes the whole of src. It never fails: lexical errors become
// tInvalid tokens and the caller reports them when it reaches them. The last
// token is always tEOF.
func lex(src []byte) []token {
	s := string(src)
	toks := make([]token, 0, len(s)/3+16)
	line, lineStart := 1, 0
	atLineStart := true
	pos := func(off int) Pos { return Pos{Offset: off, Line: line, Col: off - lineStart + 1} }
	i := 0
	for i < len(s) {
		c := s[i]
		switch {
		case c == '\n':
			i++
			line, lineStart = line+1, i
			atLineStart = true
			continue
		case c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v':
			i++
			continue
		case c == '\\' && i+1 < len(s) && s[i+1] == '\n':
			i += 2
			line, lineStart = line+1, i
			continue
		case c == '\\' && i+2 < len(s) && s[i+1] == '\r' && s[i+2] == '\n':
			i += 3
			line, lineStart = line+1, i
			continue
		case c == '/' && i+1 < len(s) && s[i+1] == '/':
			for i < len(s) && s[i] != '\n' {
				i++
			}
			continue
		case c == '/' && i+1 < len(s) && s[i+1] == '*':
			start := pos(i)
			j := strings.Index(s[i+2:], "*/")
			end := len(s)
			if j >= 0 {
				end = i + 2 + j + 2
			}
			for k := i; k < end; k++ {
				if s[k] == '\n' {
					line, lineStart = line+1, k+1
				}
			}
			if j < 0 {
				toks = append(toks, token{kind: tInvalid, text: s[i:end], pos: start, bad: badComment})
			}
			i = end
			continue
		}
		start := pos(i)
		if c == '#' && atLineStart {
			// A directive runs to the end of the line; backslash-newline
			// continues it, and a block comment may carry it over lines.
			j := i
			for j < len(s) && s[j] != '\n' {
				if s[j] == '\\' && j+1 < len(s) && s[j+1] == '\n' {
					j += 2
					line, lineStart = line+1, j
					continue
				}
				if s[j] == '/' && j+1 < len(s) && s[j+1] == '*' {
					k := strings.Index(s[j+2:], "*/")
					e := len(s)
					if k >= 0 {
						e = j + 2 + k + 2
					}
					for m := j; m < e; m++ {
						if s[m] == '\n' {
							line, lineStart = line+1, m+1
						}
					}
					j = e
					continue
				}
				if s[j] == '/' && j+1 < len(s) && s[j+1] == '/' {
					for j < len(s) && s[j] != '\n' {
						j++
					}
					break
				}
				j++
			}
			toks = append(toks, token{kind: tDirective, text: s[i:j], pos: start})
			i = j
			continue
		}
		atLineStart = false
		switch {
		case isIdentStart(c):
			j := i + 1
			for j < len(s) && isIdentChar(s[j]) {
				j++
			}
			// Character and string prefixes: L'x', u8"x" ...
			if j < len(s) && (s[j] == '\'' || s[j] == '"') {
				switch s[i:j] {
				case "L", "u", "U", "u8":
					t := lexQuoted(s, i, j, start)
					toks = append(toks, t)
					i = t.end()
					continue
				}
			}
			toks = append(toks, token{kind: tIdent, text: s[i:j], pos: start})
			i = j
		case isDigit(c) || (c == '.' && i+1 < len(s) && isDigit(s[i+1])):
			t := lexNumber(s, i, start)
			toks = append(toks, t)
			i = t.end()
		case c == '\'' || c == '"':
			t := lexQuoted(s, i, i, start)
			toks = append(toks, t)
			i = t.end()
		default:
			n := punctLen(s[i:min(i+3, len(s))])
			if n == 0 {
				n = 1
				toks = append(toks, token{kind: tInvalid, text: s[i : i+1], pos: start, bad: badCharacter})
			} else {
				toks = append(toks, token{kind: tPunct, text: s[i : i+n], pos: start})
			}
			i += n
		}
	}
	toks = append(toks, token{kind: tEOF, pos: pos(len(s))})
	return toks
}

func isIdentStart(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}
func isIdentChar(c byte) bool { return isIdentStart(c) || isDigit(c) }
func isDigit(c byte) bool     { return c >= '0' && c <= '9' }

// lexQuoted reads a character or string literal; prefix bytes are s[start:q].
// A literal may not span lines.
func lexQuoted(s string, start, q int, p Pos) token {
	quote := s[q]
	j := q + 1
	for j < len(s) && s[j] != quote && s[j] != '\n' {
		if s[j] == '\\' && j+1 < len(s) {
			j++
		}
		j++
	}
	kind, bad := tString, badString
	if quote == '\'' {
		kind, bad = tChar, badChar
	}
	if j >= len(s) || s[j] != quote {
		return token{kind: tInvalid, text: s[start:j], pos: p, bad: bad}
	}
	j++
	t := token{kind: kind, text: s[start:j], pos: p}
	if kind == tChar {
		body := s[q+1 : j-1]
		v, ok := charValue(body)
		if !ok {
			return token{kind: tInvalid, text: t.text, pos: p, bad: badCharLit}
		}
		t.ival = v
	}
	return t
}

// charValue evaluates the body of a character literal (single character or
// one simple escape; multi-character constants are rejected).
func charValue(body string) (int64, bool) {
	if body == "" {
		return 0, false
	}
	if body[0] != '\\' {
		if len(body) != 1 {
			r := []rune(body)
			if len(r) == 1 {
				return int64(r[0]), true
			}
			return 0, false
		}
		return int64(body[0]), true
	}
	if len(body) < 2 {
		return 0, false
	}
	switch e := body[1]; e {
	case 'n':
		return '\n', len(body) == 2
	case 't':
		return '\t', len(body) == 2
	case 'r':
		return '\r', len(body) == 2
	case 'a':
		return 7, len(body) == 2
	case 'b':
		return 8, len(body) == 2
	case 'f':
		return 12, len(body) == 2
	case 'v':
		return 11, len(body) == 2
	case '\\', '\'', '"', '?':
		return int64(e), len(body) == 2
	case 'x':
		v, err := strconv.ParseUint(body[2:], 16, 8)
		return int64(v), err == nil
	default:
		if e >= '0' && e <= '7' && len(body) <= 4 {
			v, err := strconv.ParseUint(body[1:], 8, 16)
			return int64(v), err == nil && v < 256
		}
	}
	return 0, false
}

// lexNumber reads a pp-number and classifies it as an integer or floating
// literal, validating digits and suffixes.
func lexNumber(s string, i int, p Pos) token {
	j := i
	for j < len(s) {
		c := s[j]
		if (c == '+' || c == '-') && j > i && strings.IndexByte("eEpP", s[j-1]) >= 0 {
			// An exponent sign, except in hex integers like 0xe+1.
			if !(s[j-1] == 'e' || s[j-1] == 'E') || !isHexPrefix(s[i:]) {
				j++
				continue
			}
			break
		}
		if isIdentChar(c) || c == '.' {
			j++
			continue
		}
		break
	}
	text := s[i:j]
	t := token{text: text, pos: p}
	hex := isHexPrefix(text)
	isFloat := strings.ContainsAny(text, ".") || (!hex && strings.ContainsAny(text, "eE")) || (hex && strings.ContainsAny(text, "pP"))
	if isFloat {
		body := strings.TrimRight(text, "fFlL")
		if len(text)-len(body) > 1 {
			return invalidNum(t, badFloatSuffix)
		}
		if _, err := strconv.ParseFloat(body, 64); err != nil && !isRangeErr(err) {
			return invalidNum(t, badFloat)
		}
		t.kind = tFloat
		return t
	}
	body := strings.TrimRight(text, "uUlL")
	suf := strings.ToLower(text[len(body):])
	switch suf {
	case "", "u", "l", "ul", "lu", "ll", "ull", "llu":
	default:
		return invalidNum(t, badIntSuffix)
	}
	base, digits := 10, body
	switch {
	case hex:
		base, digits = 16, body[2:]
	case len(body) > 2 && (body[1] == 'b' || body[1] == 'B') && body[0] == '0':
		base, digits = 2, body[2:]
	case len(body) > 1 && body[0] == '0':
		base, digits = 8, body[1:]
	}
	if digits == "" {
		return invalidNum(t, badInt)
	}
	var v uint64
	big := false
	for k := 0; k < len(digits); k++ {
		d := digitVal(digits[k])
		if d >= base {
			return invalidNum(t, badDigit)
		}
		hi, lo := bits.Mul64(v, uint64(base))
		lo, carry := bits.Add64(lo, uint64(d), 0)
		if hi != 0 || carry != 0 {
			big = true
		}
		v = lo
	}
	t.kind = tInt
	if big || v > 1<<63-1 {
		t.big = true
	} else {
		t.ival = int64(v)
	}
	return t
}

func isRangeErr(err error) bool {
	ne, ok := err.(*strconv.NumError)
	return ok && ne.Err == strconv.ErrRange
}

func invalidNum(t token, bad badKind) token {
	t.kind = tInvalid
	t.bad = bad
	return t
}

func isHexPrefix(s string) bool { return len(s) > 1 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X') }

func digitVal(c byte) int {
	switch {
	case c >= '0' && c <= '9':
		return int(c - '0')
	case c >= 'a' && c <= 'f':
		return int(c-'a') + 10
	case c >= 'A' && c <= 'F':
		return int(c-'A') + 10
	}
	return 99
}
