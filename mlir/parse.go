package mlir

// The reader of MLIR text: a lexer with byte positions and a recursive
// descent parser for the custom syntax of the operations tessera raises
// (parse_op.go) and of affine maps and integer sets (parse_affine.go).
//
// The parser keeps, for every function and operation, the byte range of
// its text, so that the input path prints back verbatim whatever it does
// not rewrite. An operation it does not know is read as a name, its
// results and the tokens up to the end of its line (with every bracket and
// region closed); it is kept, and a loop nest holding it is not raised.
// Malformed text stops the parse with a *ParseError at the first bad
// token: "file:line:col: error: what".

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// Loc is a position in the MLIR input: Offset is a 0-based byte offset,
// Line and Col are 1-based (Col counts bytes). The zero Loc is unknown.
type Loc struct {
	Offset, Line, Col int
}

// ParseError is a malformed-input diagnostic.
type ParseError struct {
	File string
	Loc  Loc
	Msg  string
}

func (e *ParseError) Error() string {
	return fmt.Sprintf("%s:%d:%d: error: %s", e.File, e.Loc.Line, e.Loc.Col, e.Msg)
}

// ParsedFile is a parsed MLIR file.
type ParsedFile struct {
	File string
	Src  []byte
	// Funcs are the func.func operations in file order, at the top level
	// or in the body of a (single) module operation.
	Funcs []*ParsedFunc
	// Maps and Sets are the #alias = affine_map<...> / affine_set<...>
	// definitions at the top of the file.
	Maps map[string]*AffineMap
	Sets map[string]*IntegerSet
	// BodyEnd is the offset of the closing brace of the module operation
	// (-1 when the functions are at the top level of the file).
	BodyEnd int
}

// ParsedFunc is one func.func.
type ParsedFunc struct {
	Name string
	Loc  Loc
	Args []Value
	// Body is nil for a declaration (no region).
	Body *Block
	// MultiBlock is set when the body has block labels (^bb): such a
	// function is printed as written.
	MultiBlock bool
	Start, End int
}

// Value is a named SSA value with its type.
type Value struct {
	Name string // with its % sigil
	Type ValueType
	Loc  Loc
}

// Block is the list of operations of a single-block region.
type Block struct {
	Ops        []*Op
	Start, End int // from the opening brace to just past the closing one
}

// lexer kinds
type tokKind int

const (
	tEOF    tokKind = iota
	tValue          // %name, %12, %name#3
	tSymbol         // @name
	tHash           // #alias
	tCaret          // ^bb0
	tBang           // !alias
	tIdent          // bare identifier: letters, digits, _ $ .
	tInt            // 12, 0x1F
	tFloat          // 1.5, 1.0e-3
	tString         // "text"
	tPunct          // ( ) [ ] { } < > , : = + - * ? -> ...
)

type token struct {
	kind tokKind
	text string
	loc  Loc
	end  int
}

// parser holds the text, the current offset and the line table.
type parser struct {
	file  string
	src   []byte
	off   int
	lines []int // offsets of line starts
	tok   token // lookahead (valid when have is set)
	have  bool
	// lastEnd is the offset just past the last token consumed.
	lastEnd int
	mod     *ParsedFile
	err     *ParseError
	depth   int
	// scopes resolve SSA names: MLIR lets sibling regions define the
	// same name, so a name defined again in a function gets a unique
	// key "name@offset" (orig strips the suffix for printing).
	scopes []map[string]string
	seen   map[string]bool
	// blockDepth counts the regions being read inside the current
	// function; topLabel is set by a block label in its own region.
	blockDepth int
	topLabel   bool
}

// def defines the SSA name in the innermost scope and returns its key.
func (p *parser) def(name string, off int) string {
	key := name
	if p.seen[name] {
		key = name + "@" + strconv.Itoa(off)
	}
	if p.seen == nil {
		p.seen = map[string]bool{}
	}
	p.seen[name] = true
	if len(p.scopes) == 0 {
		p.scopes = []map[string]string{{}}
	}
	p.scopes[len(p.scopes)-1][name] = key
	return key
}

// use resolves an SSA name to the key of its visible definition (itself
// when it has none, as for a value defined later in a graph region).
func (p *parser) use(name string) string {
	for i := len(p.scopes) - 1; i >= 0; i-- {
		if k, ok := p.scopes[i][name]; ok {
			return k
		}
	}
	return name
}

func (p *parser) pushScope() { p.scopes = append(p.scopes, map[string]string{}) }
func (p *parser) popScope()  { p.scopes = p.scopes[:len(p.scopes)-1] }

// orig is the SSA name as written in the input, without the key suffix.
func orig(key string) string {
	if i := strings.IndexByte(key, '@'); i >= 0 {
		return key[:i]
	}
	return key
}

// bail is the panic value that unwinds the parser at the first error.
type bail struct{}

// Parse reads an MLIR file. A malformed file gives a *ParseError and a nil
// Module; the parser never panics on any input.
func Parse(file string, src []byte) (mod *ParsedFile, err error) {
	p := &parser{file: file, src: src, lines: []int{0}}
	for i, c := range src {
		if c == '\n' {
			p.lines = append(p.lines, i+1)
		}
	}
	p.mod = &ParsedFile{File: file, Src: src, Maps: map[string]*AffineMap{}, Sets: map[string]*IntegerSet{}, BodyEnd: -1}
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(bail); !ok {
				panic(r)
			}
			mod, err = nil, p.err
		}
	}()
	p.parseTop()
	return p.mod, nil
}

// locAt converts a byte offset to a Loc.
func (p *parser) locAt(off int) Loc {
	i := sort.Search(len(p.lines), func(i int) bool { return p.lines[i] > off }) - 1
	if i < 0 {
		i = 0
	}
	return Loc{Offset: off, Line: i + 1, Col: off - p.lines[i] + 1}
}

func (p *parser) errorAt(l Loc, format string, args ...any) {
	if p.err == nil {
		p.err = &ParseError{File: p.file, Loc: l, Msg: fmt.Sprintf(format, args...)}
	}
	panic(bail{})
}

// skipSpace skips blanks and // comments.
func (p *parser) skipSpace() {
	for p.off < len(p.src) {
		c := p.src[p.off]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			p.off++
		case c == '/' && p.off+1 < len(p.src) && p.src[p.off+1] == '/':
			for p.off < len(p.src) && p.src[p.off] != '\n' {
				p.off++
			}
		default:
			return
		}
	}
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' }
func isDigit(c byte) bool  { return c >= '0' && c <= '9' }

// peek returns the next token without consuming it.
func (p *parser) peek() token {
	if !p.have {
		p.tok = p.lex()
		p.have = true
	}
	return p.tok
}

// next consumes and returns the next token.
func (p *parser) next() token {
	t := p.peek()
	p.have = false
	p.lastEnd = t.end
	return t
}

// lex scans one token at p.off.
func (p *parser) lex() token {
	p.skipSpace()
	start := p.off
	loc := p.locAt(start)
	if p.off >= len(p.src) {
		return token{kind: tEOF, loc: loc, end: start}
	}
	c := p.src[p.off]
	mk := func(k tokKind) token {
		return token{kind: k, text: string(p.src[start:p.off]), loc: loc, end: p.off}
	}
	switch {
	case c == '%' || c == '@' || c == '#' || c == '^' || c == '!':
		p.off++
		if c == '@' && p.off < len(p.src) && p.src[p.off] == '"' {
			p.scanString(loc)
			return mk(tSymbol)
		}
		n := p.off
		for p.off < len(p.src) && (isLetter(p.src[p.off]) || isDigit(p.src[p.off]) || p.src[p.off] == '$' || p.src[p.off] == '.' || (c != '@' && p.src[p.off] == '-')) {
			p.off++
		}
		if p.off == n {
			if c == '!' {
				return mk(tPunct)
			}
			p.errorAt(loc, "expected a name after %q", string(c))
		}
		if c == '%' && p.off < len(p.src) && p.src[p.off] == '#' {
			p.off++
			d := p.off
			for p.off < len(p.src) && isDigit(p.src[p.off]) {
				p.off++
			}
			if p.off == d {
				p.errorAt(loc, "expected a result number after '#'")
			}
		}
		return mk(map[byte]tokKind{'%': tValue, '@': tSymbol, '#': tHash, '^': tCaret, '!': tBang}[c])
	case isLetter(c):
		for p.off < len(p.src) && (isLetter(p.src[p.off]) || isDigit(p.src[p.off]) || p.src[p.off] == '$' || p.src[p.off] == '.') {
			p.off++
		}
		return mk(tIdent)
	case isDigit(c):
		return p.scanNumber(start, loc)
	case c == '"':
		p.scanString(loc)
		return mk(tString)
	case c == '-' && p.off+1 < len(p.src) && p.src[p.off+1] == '>':
		p.off += 2
		return mk(tPunct)
	case c == '.' && p.off+2 < len(p.src) && p.src[p.off+1] == '.' && p.src[p.off+2] == '.':
		p.off += 3 // the ellipsis of a variadic function type
		return mk(tPunct)
	case strings.IndexByte("()[]{}<>,:=+-*?|./&~;\\", c) >= 0:
		p.off++
		return mk(tPunct)
	}
	p.errorAt(loc, "unexpected character %q", string(rune(c)))
	return token{}
}

func (p *parser) scanString(loc Loc) {
	p.off++ // opening quote
	for p.off < len(p.src) {
		switch p.src[p.off] {
		case '\\':
			p.off += 2
			continue
		case '"':
			p.off++
			return
		case '\n':
			p.errorAt(loc, "unterminated string")
		}
		p.off++
	}
	p.errorAt(loc, "unterminated string")
}

func (p *parser) scanNumber(start int, loc Loc) token {
	if p.src[p.off] == '0' && p.off+1 < len(p.src) && (p.src[p.off+1] == 'x' || p.src[p.off+1] == 'X') {
		p.off += 2
		for p.off < len(p.src) && strings.IndexByte("0123456789abcdefABCDEF", p.src[p.off]) >= 0 {
			p.off++
		}
		if p.off == start+2 {
			p.errorAt(loc, "bad hexadecimal number")
		}
		return token{kind: tInt, text: string(p.src[start:p.off]), loc: loc, end: p.off}
	}
	for p.off < len(p.src) && isDigit(p.src[p.off]) {
		p.off++
	}
	kind := tInt
	if p.off < len(p.src) && p.src[p.off] == '.' {
		kind = tFloat
		p.off++
		for p.off < len(p.src) && isDigit(p.src[p.off]) {
			p.off++
		}
		if p.off < len(p.src) && (p.src[p.off] == 'e' || p.src[p.off] == 'E') {
			p.off++
			if p.off < len(p.src) && (p.src[p.off] == '+' || p.src[p.off] == '-') {
				p.off++
			}
			d := p.off
			for p.off < len(p.src) && isDigit(p.src[p.off]) {
				p.off++
			}
			if p.off == d {
				p.errorAt(loc, "bad exponent in number")
			}
		}
	}
	return token{kind: kind, text: string(p.src[start:p.off]), loc: loc, end: p.off}
}

// expect consumes a punctuation or identifier token with the given text.
func (p *parser) expect(text string) token {
	t := p.next()
	if t.text != text || t.kind == tString {
		p.errorAt(t.loc, "expected '%s', found %s", text, describe(t))
	}
	return t
}

// accept consumes the next token when its text is text.
func (p *parser) accept(text string) bool {
	if t := p.peek(); t.text == text && t.kind != tString {
		p.next()
		return true
	}
	return false
}

func describe(t token) string {
	if t.kind == tEOF {
		return "end of file"
	}
	return fmt.Sprintf("'%s'", t.text)
}

func (p *parser) expectKind(k tokKind, what string) token {
	t := p.next()
	if t.kind != k {
		p.errorAt(t.loc, "expected %s, found %s", what, describe(t))
	}
	return t
}

// nest guards the recursion depth (regions inside regions).
func (p *parser) nest(l Loc) func() {
	p.depth++
	if p.depth > 200 {
		p.errorAt(l, "nesting deeper than 200 levels")
	}
	return func() { p.depth-- }
}

// skipBalanced consumes tokens up to and including the closer that matches
// the opener just consumed.
func (p *parser) skipBalanced(open token) {
	stack := []string{closerOf(open.text)}
	for len(stack) > 0 {
		t := p.next()
		switch {
		case t.kind == tEOF:
			p.errorAt(open.loc, "'%s' is not closed", open.text)
		case t.kind != tPunct:
		case t.text == "(" || t.text == "[" || t.text == "{" || t.text == "<":
			stack = append(stack, closerOf(t.text))
		case t.text == stack[len(stack)-1]:
			stack = stack[:len(stack)-1]
		case t.text == ")" || t.text == "]" || t.text == "}" || (t.text == ">" && stack[len(stack)-1] != ">"):
			if t.text == ">" {
				continue // a comparison inside an attribute
			}
			p.errorAt(t.loc, "unbalanced '%s'", t.text)
		}
	}
}

func closerOf(s string) string {
	return map[string]string{"(": ")", "[": "]", "{": "}", "<": ">"}[s]
}

// parseTop reads the file: aliases, and either a module operation or
// functions at the top level.
func (p *parser) parseTop() {
	for {
		t := p.peek()
		switch {
		case t.kind == tEOF:
			return
		case t.kind == tHash || t.kind == tBang:
			p.parseAlias()
		case t.kind == tIdent && t.text == "module":
			if p.mod.BodyEnd >= 0 {
				p.errorAt(t.loc, "a second module operation (one per file is read)")
			}
			p.parseModule()
		case t.kind == tIdent && t.text == "func.func":
			p.mod.Funcs = append(p.mod.Funcs, p.parseFunc())
		default:
			p.skipOp()
		}
	}
}

// parseAlias reads "#name = affine_map<...>", "#name = affine_set<...>"
// or another attribute or type alias (skipped).
func (p *parser) parseAlias() {
	name := p.next()
	p.expect("=")
	t := p.peek()
	if t.kind == tIdent && (t.text == "affine_map" || t.text == "affine_set") && name.kind == tHash {
		p.next()
		if t.text == "affine_map" {
			if _, dup := p.mod.Maps[name.text]; dup {
				p.errorAt(name.loc, "%s is defined twice", name.text)
			}
			p.mod.Maps[name.text] = p.parseMapBody()
		} else {
			if _, dup := p.mod.Sets[name.text]; dup {
				p.errorAt(name.loc, "%s is defined twice", name.text)
			}
			p.mod.Sets[name.text] = p.parseSetBody()
		}
		return
	}
	p.skipToLineEnd(name.loc.Line)
}

// skipToLineEnd consumes tokens until one starts on a later line than
// line at bracket depth zero.
func (p *parser) skipToLineEnd(line int) {
	for {
		t := p.peek()
		if t.kind == tEOF || t.loc.Line > line || (t.kind == tPunct && (t.text == "}" || t.text == ")" || t.text == "]")) {
			return
		}
		p.next()
		if t.kind == tPunct && (t.text == "(" || t.text == "[" || t.text == "{") {
			p.skipBalanced(t)
			line = p.locAt(p.lastEnd).Line
		}
		if t.kind == tPunct && t.text == "<" {
			p.skipBalanced(t)
			line = p.locAt(p.lastEnd).Line
		}
	}
}

// skipOp skips an operation this reader does not model at the top level.
func (p *parser) skipOp() {
	t := p.next()
	if t.kind == tPunct && (t.text == "}" || t.text == ")" || t.text == "]" || t.text == ">") {
		p.errorAt(t.loc, "unexpected '%s'", t.text)
	}
	if t.kind == tPunct && (t.text == "(" || t.text == "[" || t.text == "{") {
		p.skipBalanced(t)
	}
	p.skipToLineEnd(t.loc.Line)
}

// parseModule reads "module [@name] [attributes {...}] { ... }".
func (p *parser) parseModule() {
	m := p.next()
	defer p.nest(m.loc)()
	if p.peek().kind == tSymbol {
		p.next()
	}
	if p.accept("attributes") {
		p.skipBalanced(p.expect("{"))
	}
	p.expect("{")
	for {
		t := p.peek()
		switch {
		case t.kind == tEOF:
			p.errorAt(m.loc, "module is not closed")
		case t.kind == tPunct && t.text == "}":
			p.next()
			p.mod.BodyEnd = t.loc.Offset
			return
		case t.kind == tIdent && t.text == "func.func":
			p.mod.Funcs = append(p.mod.Funcs, p.parseFunc())
		default:
			p.skipOp()
		}
	}
}

// parseFunc reads a func.func operation.
func (p *parser) parseFunc() *ParsedFunc {
	t := p.next()
	f := &ParsedFunc{Loc: t.loc, Start: t.loc.Offset}
	for p.peek().kind == tIdent && (p.peek().text == "private" || p.peek().text == "public" || p.peek().text == "nested") {
		p.next()
	}
	name := p.expectKind(tSymbol, "a function name (@name)")
	f.Name = name.text[1:]
	saveScopes, saveSeen, saveDepth, saveLabel := p.scopes, p.seen, p.blockDepth, p.topLabel
	p.scopes, p.seen, p.blockDepth = []map[string]string{{}}, map[string]bool{}, 0
	defer func() { p.scopes, p.seen, p.blockDepth, p.topLabel = saveScopes, saveSeen, saveDepth, saveLabel }()
	p.expect("(")
	if !p.accept(")") {
		for {
			if p.peek().kind == tValue {
				v := p.next()
				p.expect(":")
				f.Args = append(f.Args, Value{Name: p.def(v.text, v.loc.Offset), Type: p.parseType(), Loc: v.loc})
			} else {
				p.parseType() // a declaration lists only types
			}
			if p.peek().text == "{" {
				p.skipBalanced(p.next())
			}
			if p.peek().kind == tIdent && p.peek().text == "loc" {
				p.next()
				p.skipBalanced(p.expect("("))
			}
			if !p.accept(",") {
				p.expect(")")
				break
			}
		}
	}
	if p.accept("->") {
		if p.peek().text == "(" {
			p.skipBalanced(p.next())
		} else {
			p.parseType()
			if p.peek().text == "{" && p.peekAttrDict() {
				p.skipBalanced(p.next())
			}
		}
	}
	if p.accept("attributes") {
		p.skipBalanced(p.expect("{"))
	}
	if p.peek().text == "{" {
		f.Body = p.parseBlock(f)
		f.MultiBlock = p.topLabel
	}
	f.End = p.lastEnd
	if f.Body != nil {
		f.End = f.Body.End
	}
	return f
}

// peekAttrDict tells a result attribute dictionary {llvm.noalias} from the
// function body: the body's first token after the brace is an operation,
// a value or a block label, the dictionary's a name followed by '=' or ','
// or '}'.
func (p *parser) peekAttrDict() bool {
	save, saveTok, saveHave, saveLast := p.off, p.tok, p.have, p.lastEnd
	defer func() { p.off, p.tok, p.have, p.lastEnd = save, saveTok, saveHave, saveLast }()
	p.next()
	a := p.next()
	if a.kind != tIdent && a.kind != tString {
		return false
	}
	b := p.next()
	return b.text == "=" || b.text == "," || b.text == "}"
}

// parseBlock reads "{ op* }" (the opening brace is next).
func (p *parser) parseBlock(f *ParsedFunc) *Block {
	open := p.expect("{")
	defer p.nest(open.loc)()
	b := &Block{Start: open.loc.Offset}
	p.pushScope()
	defer p.popScope()
	top := p.blockDepth == 0
	if top {
		p.topLabel = false
	}
	p.blockDepth++
	defer func() { p.blockDepth-- }()
	for {
		t := p.peek()
		switch {
		case t.kind == tEOF:
			p.errorAt(open.loc, "region is not closed")
		case t.kind == tPunct && t.text == "}":
			p.next()
			b.End = t.end
			return b
		case t.kind == tCaret:
			// A block label: in the function's own region, the
			// function has several blocks.
			p.next()
			if top {
				p.topLabel = true
			}
			if p.peek().text == "(" {
				p.skipBalanced(p.next())
			}
			p.expect(":")
		default:
			b.Ops = append(b.Ops, p.parseOp(f))
		}
	}
}
