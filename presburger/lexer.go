package presburger

import (
	"fmt"
	"strconv"
	"unicode"
	"unicode/utf8"
)

// This file holds the lexer of isl notation, shared by the parser
// (parse*.go) and the calculator (presburger/calc, through LexTokens).

// ParseError is the error returned by every parser of this package and by
// the calculator: a message with the 1-based line and column (in runes) of
// the offending token.
type ParseError struct {
	Line, Col int
	Msg       string
}

func (e *ParseError) Error() string { return fmt.Sprintf("%d:%d: %s", e.Line, e.Col, e.Msg) }

// TokKind is the kind of a token of isl notation.
type TokKind int

// Token kinds. Words (identifiers and keywords such as "and", "exists",
// "floor") are all TokIdent; the parser tells keywords apart.
const (
	TokEOF      TokKind = iota
	TokIdent            // name or keyword
	TokInt              // non-negative integer constant
	TokString           // "..." (calculator only)
	TokLBrace           // {
	TokRBrace           // }
	TokLBrack           // [
	TokRBrack           // ]
	TokLParen           // (
	TokRParen           // )
	TokComma            // ,
	TokColon            // :
	TokSemi             // ;
	TokArrow            // ->
	TokEq               // =
	TokNe               // !=
	TokLt               // <
	TokLe               // <=
	TokGt               // >
	TokGe               // >=
	TokLexLt            // <<
	TokLexLe            // <<=
	TokLexGt            // >>
	TokLexGe            // >>=
	TokPlus             // +
	TokMinus            // -
	TokStar             // *
	TokSlash            // /
	TokIntDiv           // //
	TokPercent          // %
	TokDot              // .
	TokCaret            // ^
	TokAssign           // :=
	TokAndAnd           // && (also "and")
	TokOrOr             // || (also "or")
	TokBang             // ! (also "not")
	TokImplies          // "implies" (never produced by the lexer; kept for the parser)
	TokQuestion         // ?
)

var tokNames = [...]string{
	TokEOF: "end of input", TokIdent: "identifier", TokInt: "integer", TokString: "string",
	TokLBrace: "'{'", TokRBrace: "'}'", TokLBrack: "'['", TokRBrack: "']'",
	TokLParen: "'('", TokRParen: "')'", TokComma: "','", TokColon: "':'", TokSemi: "';'",
	TokArrow: "'->'", TokEq: "'='", TokNe: "'!='", TokLt: "'<'", TokLe: "'<='",
	TokGt: "'>'", TokGe: "'>='", TokLexLt: "'<<'", TokLexLe: "'<<='", TokLexGt: "'>>'",
	TokLexGe: "'>>='", TokPlus: "'+'", TokMinus: "'-'", TokStar: "'*'", TokSlash: "'/'",
	TokIntDiv: "'//'", TokPercent: "'%'", TokDot: "'.'", TokCaret: "'^'", TokAssign: "':='",
	TokAndAnd: "'&&'", TokOrOr: "'||'", TokBang: "'!'", TokImplies: "'=>'", TokQuestion: "'?'",
}

func (k TokKind) String() string {
	if int(k) >= 0 && int(k) < len(tokNames) {
		return tokNames[k]
	}
	return fmt.Sprintf("TokKind(%d)", int(k))
}

// Token is one lexeme with its position (1-based line and column in runes).
type Token struct {
	Kind      TokKind
	Text      string // the source text (for TokString: the unquoted contents)
	Val       int64  // value of a TokInt
	Line, Col int
	// BigInt is set on a TokInt whose value does not fit in an int64; Val is
	// then 0 and using the token is an error.
	BigInt bool
}

func (t Token) String() string {
	switch t.Kind {
	case TokEOF:
		return "end of input"
	case TokIdent:
		return "'" + t.Text + "'"
	case TokInt:
		return "'" + t.Text + "'"
	case TokString:
		return strconv.Quote(t.Text)
	}
	return t.Kind.String()
}

// LexTokens splits src into tokens, the last one TokEOF. Comments run
// from '#' to the end of the line. The only lexical errors are unknown
// characters and unterminated strings.
func LexTokens(src string) ([]Token, error) {
	lx := lexer{src: src, line: 1, col: 1}
	// Tokens average a few bytes of source: one allocation in most cases.
	out := make([]Token, 0, len(src)/3+1)
	for {
		t, err := lx.next()
		if err != nil {
			return nil, err
		}
		out = append(out, t)
		if t.Kind == TokEOF {
			return out, nil
		}
	}
}

type lexer struct {
	src       string
	off       int
	line, col int
}

func (lx *lexer) peekRune(k int) rune {
	off := lx.off
	for i := 0; ; i++ {
		if off >= len(lx.src) {
			return -1
		}
		r, n := utf8.DecodeRuneInString(lx.src[off:])
		if i == k {
			return r
		}
		off += n
	}
}

func (lx *lexer) advance() rune {
	r, n := utf8.DecodeRuneInString(lx.src[lx.off:])
	lx.off += n
	if r == '\n' {
		lx.line++
		lx.col = 1
	} else {
		lx.col++
	}
	return r
}

func isIdentStart(r rune) bool { return r == '_' || r == '$' || unicode.IsLetter(r) }
func isIdentRune(r rune) bool {
	return r == '_' || r == '$' || r == '\'' || unicode.IsLetter(r) || unicode.IsDigit(r)
}

func (lx *lexer) next() (Token, error) {
	// Skip white space and comments.
	for lx.off < len(lx.src) {
		r := lx.peekRune(0)
		if r == '#' {
			for lx.off < len(lx.src) && lx.peekRune(0) != '\n' {
				lx.advance()
			}
			continue
		}
		if unicode.IsSpace(r) {
			lx.advance()
			continue
		}
		break
	}
	t := Token{Line: lx.line, Col: lx.col}
	if lx.off >= len(lx.src) {
		t.Kind = TokEOF
		return t, nil
	}
	start := lx.off
	r := lx.peekRune(0)
	switch {
	case isIdentStart(r):
		for lx.off < len(lx.src) && isIdentRune(lx.peekRune(0)) {
			lx.advance()
		}
		t.Kind = TokIdent
		t.Text = lx.src[start:lx.off]
		return t, nil
	case r >= '0' && r <= '9':
		for lx.off < len(lx.src) {
			c := lx.peekRune(0)
			if c < '0' || c > '9' {
				break
			}
			lx.advance()
		}
		t.Kind = TokInt
		t.Text = lx.src[start:lx.off]
		v, err := strconv.ParseInt(t.Text, 10, 64)
		if err != nil {
			t.BigInt = true
		} else {
			t.Val = v
		}
		return t, nil
	case r == '"':
		lx.advance()
		for {
			if lx.off >= len(lx.src) || lx.peekRune(0) == '\n' {
				return t, &ParseError{Line: t.Line, Col: t.Col, Msg: "unterminated string"}
			}
			c := lx.advance()
			if c == '"' {
				break
			}
		}
		t.Kind = TokString
		t.Text = lx.src[start+1 : lx.off-1]
		return t, nil
	}
	// Operators: longest match first.
	rest := lx.src[lx.off:]
	for _, op := range lexOps {
		if len(rest) >= len(op.s) && rest[:len(op.s)] == op.s {
			for range op.s {
				lx.advance()
			}
			t.Kind = op.k
			t.Text = op.s
			return t, nil
		}
	}
	if r == utf8.RuneError {
		return t, &ParseError{Line: t.Line, Col: t.Col, Msg: "invalid UTF-8 in input"}
	}
	return t, &ParseError{Line: t.Line, Col: t.Col, Msg: fmt.Sprintf("unexpected character %q", r)}
}

// lexOps are the operators, longest first.
var lexOps = []struct {
	s string
	k TokKind
}{
	{"<<=", TokLexLe}, {">>=", TokLexGe},
	{"->", TokArrow}, {"!=", TokNe}, {"<=", TokLe}, {">=", TokGe}, {"<<", TokLexLt},
	{">>", TokLexGt}, {"//", TokIntDiv}, {":=", TokAssign}, {"&&", TokAndAnd},
	{"||", TokOrOr},
	{"{", TokLBrace}, {"}", TokRBrace}, {"[", TokLBrack}, {"]", TokRBrack},
	{"(", TokLParen}, {")", TokRParen}, {",", TokComma}, {":", TokColon},
	{";", TokSemi}, {"=", TokEq}, {"<", TokLt}, {">", TokGt}, {"+", TokPlus},
	{"-", TokMinus}, {"*", TokStar}, {"/", TokSlash}, {"%", TokPercent},
	{".", TokDot}, {"^", TokCaret}, {"!", TokBang}, {"?", TokQuestion},
	{"&", TokAndAnd}, {"|", TokOrOr},
}
