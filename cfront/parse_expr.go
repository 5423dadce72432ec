package cfront

import (
	"fmt"
	"strings"
)

// maxDepth bounds the nesting of expressions and statements so that hostile
// input cannot exhaust the stack.
const maxDepth = 500

// parser is a recursive-descent parser over toks[:end]; the token at end
// and everything after it read as eof. The first error sticks: errorf
// records it and jumps to the end, so every loop terminates and the partial
// tree is thrown away by the caller.
type parser struct {
	file   string
	src    string
	toks   []token
	i      int
	end    int               // index of the first token not in the input
	eof    token             // what tok returns at the end
	isType func(string) bool // known type names besides the C keywords (typedefs, type macros)
	err    *Error
	depth  int
	// forDone and forFailed, when not nil, record the outcome of every
	// for statement parsed, by the token index of its "for"; automatic
	// region detection uses them to parse each loop only once.
	forDone   map[int]*For
	forFailed map[int]bool
	// pp, when not nil, tells the conditional directives of the file
	// and which of their branches are taken (pp.go).
	pp *ppInfo
	// gotoTo, when not nil, returns the position of a goto (or of a
	// label address &&name) that may jump to the label name defined at
	// at, ok false when none does.
	gotoTo func(name string, at Pos) (Pos, bool)
	// macros, when not nil, are the file's macros: an object-like macro
	// whose value is an integer constant expression may be a loop step.
	macros map[string]*Macro
	// macroConst, when not nil, evaluates a constant expression of
	// macros for code at an offset (File.MacroConst).
	macroConst func(e Expr, at int) (int64, string, bool)
}

// newParser parses toks, which must end in tEOF.
func newParser(file, src string, toks []token, isType func(string) bool) *parser {
	return newParserRange(file, src, toks, len(toks)-1, toks[len(toks)-1].pos, isType)
}

// newParserRange parses toks[:end]; eofPos is where the input ends.
func newParserRange(file, src string, toks []token, end int, eofPos Pos, isType func(string) bool) *parser {
	if isType == nil {
		isType = func(string) bool { return false }
	}
	return &parser{file: file, src: src, toks: toks, end: end,
		eof: token{kind: tEOF, pos: eofPos}, isType: isType}
}

func (p *parser) tok() *token {
	if p.i >= p.end {
		return &p.eof
	}
	return &p.toks[p.i]
}

func (p *parser) peek(n int) *token {
	if p.i+n >= p.end {
		return &p.eof
	}
	return &p.toks[p.i+n]
}

// prevEnd is the offset just past the last token consumed.
func (p *parser) prevEnd() int {
	if p.i == 0 {
		return p.tok().pos.Offset
	}
	return p.toks[p.i-1].end()
}

func (p *parser) next() {
	if p.i < p.end {
		p.i++
	}
}

// is reports whether the current token is the punctuator or keyword s.
func (p *parser) is(s string) bool {
	t := p.tok()
	return (t.kind == tPunct || t.kind == tIdent) && t.text == s
}

func (p *parser) got(s string) bool {
	if p.is(s) {
		p.next()
		return true
	}
	return false
}

func (p *parser) errorf(at Pos, format string, args ...any) {
	p.fail(CodeSyntax, at, format, args...)
}

// fail records the first error with its code and jumps to the end.
func (p *parser) fail(code Code, at Pos, format string, args ...any) {
	if p.err == nil {
		p.err = &Error{File: p.file, Pos: at, Msg: fmt.Sprintf(format, args...), Code: code}
	}
	p.i = p.end
}

// expect consumes s or reports what was found instead.
func (p *parser) expect(s, context string) Pos {
	t := p.tok()
	if p.is(s) {
		p.next()
		return t.pos
	}
	p.errorf(t.pos, "expected '%s' %s, found %s%s", s, context, describe(t), p.castHint())
	return t.pos
}

// castHint explains the common cause of a parse error right after
// "(NAME)": NAME is a type whose definition tessera did not see (a macro
// such as DATA_TYPE from a header that is not next to the file), so the
// cast was read as a parenthesized expression.
func (p *parser) castHint() string {
	if p.i < 3 || p.i > len(p.toks) {
		return ""
	}
	open, name, closing := &p.toks[p.i-3], &p.toks[p.i-2], &p.toks[p.i-1]
	if open.kind != tPunct || open.text != "(" || name.kind != tIdent || closing.kind != tPunct || closing.text != ")" {
		return ""
	}
	t := p.tok()
	if t.kind != tIdent && t.kind != tInt && t.kind != tFloat && !(t.kind == tPunct && t.text == "(") {
		return ""
	}
	return fmt.Sprintf(" (if %s is a type, its definition was not found: tessera reads only #include \"...\" headers, relative to the including file)", name.text)
}

func describe(t *token) string {
	switch t.kind {
	case tEOF:
		return "end of region"
	case tInvalid:
		return t.message()
	case tDirective:
		name, _ := directive(t.text)
		if isConditional(name) {
			return "preprocessor directive #" + name + " (in a SCoP region, #if groups are read between statements only)"
		}
		return "preprocessor directive #" + name
	}
	return fmt.Sprintf("'%s'", t.text)
}

func (p *parser) enter() bool {
	p.depth++
	if p.depth > maxDepth {
		p.fail(CodeLimit, p.tok().pos, "nesting too deep (more than %d levels)", maxDepth)
		return false
	}
	return true
}
func (p *parser) leave() { p.depth-- }

// builtinTypes are the C type specifiers and common standard typedefs that
// start a type name.
var builtinTypes = map[string]bool{
	"void": true, "char": true, "short": true, "int": true, "long": true, "float": true,
	"double": true, "signed": true, "unsigned": true, "_Bool": true, "bool": true,
	"_Complex": true, "size_t": true, "ssize_t": true, "ptrdiff_t": true, "intptr_t": true,
	"uintptr_t": true, "int8_t": true, "int16_t": true, "int32_t": true, "int64_t": true,
	"uint8_t": true, "uint16_t": true, "uint32_t": true, "uint64_t": true,
}

// qualifiers may appear among type specifiers but are not types themselves.
var qualifiers = map[string]bool{
	"const": true, "volatile": true, "restrict": true, "__restrict": true, "__restrict__": true,
	"static": true, "register": true, "extern": true, "auto": true, "inline": true,
}

// isTypeWord reports whether name can start a type name.
func (p *parser) isTypeWord(name string) bool {
	return builtinTypes[name] || qualifiers[name] || name == "struct" || name == "union" ||
		name == "enum" || p.isType(name)
}

// atTypeName reports whether the current token starts a type name.
func (p *parser) atTypeName() bool {
	t := p.tok()
	return t.kind == tIdent && p.isTypeWord(t.text)
}

// parseTypeName reads specifiers and, when abstract is set, pointer stars.
// A user type name (typedef or macro) is taken at most once, and only when
// no other type specifier was seen, so that "DATA_TYPE x" stops before x.
func (p *parser) parseTypeName(abstract bool) *TypeName {
	tn := &TypeName{At: p.tok().pos}
	var words []string
	sawType := false
	for p.tok().kind == tIdent {
		w := p.tok().text
		switch {
		case qualifiers[w]:
		case w == "struct" || w == "union" || w == "enum":
			if sawType {
				goto done
			}
			p.next()
			if p.tok().kind != tIdent {
				p.errorf(p.tok().pos, "expected a tag name after '%s'", w)
				return tn
			}
			w += " " + p.tok().text
			sawType = true
		case builtinTypes[w]:
			sawType = true
		case p.isType(w) && !sawType:
			sawType = true
		default:
			goto done
		}
		words = append(words, w)
		p.next()
	}
done:
	if !sawType {
		p.errorf(tn.At, "expected a type name, found %s", describe(p.tok()))
		return tn
	}
	tn.Base = strings.Join(words, " ")
	if abstract {
		for p.is("*") || p.is("const") || p.is("restrict") {
			if p.is("*") {
				tn.Stars++
			}
			p.next()
		}
	}
	tn.Text = tn.Base + strings.Repeat("*", tn.Stars)
	return tn
}

// parseExpr parses an assignment expression (no top-level comma).
func (p *parser) parseExpr() Expr {
	if !p.enter() {
		return nil
	}
	defer p.leave()
	lhs := p.parseCond()
	t := p.tok()
	if t.kind == tPunct {
		switch t.text {
		case "=", "+=", "-=", "*=", "/=", "%=", "<<=", ">>=", "&=", "^=", "|=":
			p.next()
			rhs := p.parseExpr()
			if p.err != nil {
				return nil
			}
			if !isLvalue(lhs) && !p.isMacroCall(lhs) {
				p.errorf(lhs.Pos(), "the left side of '%s' is not assignable", t.text)
				return nil
			}
			return &Assign{At: lhs.Pos(), Op: t.text, LHS: lhs, RHS: rhs}
		}
	}
	return lhs
}

// isLvalue accepts what C would: names, subscripts, dereferences, members.
// isMacroCall reports whether e is a call of a function-like macro of
// the file, which may expand to an assignable expression (#define AT(i, j)
// A[i][j]): later stages read its expansion.
func (p *parser) isMacroCall(e Expr) bool {
	c, ok := Unparen(e).(*Call)
	if !ok || p.macros == nil {
		return false
	}
	id, ok := Unparen(c.Fun).(*Ident)
	return ok && p.macros[id.Name] != nil && p.macros[id.Name].FuncLike
}

func isLvalue(e Expr) bool {
	switch e := Unparen(e).(type) {
	case *Ident, *Index, *Member:
		return true
	case *Unary:
		return e.Op == "*"
	}
	return false
}

// parseCommaExpr parses a full expression with the comma operator (used
// inside parentheses only).
func (p *parser) parseCommaExpr() Expr {
	x := p.parseExpr()
	for p.err == nil && p.is(",") {
		op := p.tok().pos
		p.next()
		y := p.parseExpr()
		if p.err != nil {
			return nil
		}
		x = &Binary{At: x.Pos(), Op: ",", OpPos: op, X: x, Y: y}
	}
	return x
}

func (p *parser) parseCond() Expr {
	c := p.parseBinary(1)
	if p.err != nil || !p.is("?") {
		return c
	}
	p.next()
	if !p.enter() {
		return nil
	}
	defer p.leave()
	then := p.parseCommaExpr()
	p.expect(":", "in conditional expression")
	els := p.parseCond()
	if p.err != nil {
		return nil
	}
	return &CondExpr{At: c.Pos(), Cond: c, Then: then, Else: els}
}

// binaryPrec gives the precedence of binary operators (higher binds
// tighter); 0 for anything else.
func binaryPrec(op string) int {
	switch op {
	case "||":
		return 1
	case "&&":
		return 2
	case "|":
		return 3
	case "^":
		return 4
	case "&":
		return 5
	case "==", "!=":
		return 6
	case "<", ">", "<=", ">=":
		return 7
	case "<<", ">>":
		return 8
	case "+", "-":
		return 9
	case "*", "/", "%":
		return 10
	}
	return 0
}

// parseBinary is precedence climbing over left-associative operators.
func (p *parser) parseBinary(minPrec int) Expr {
	x := p.parseUnary()
	for p.err == nil {
		t := p.tok()
		if t.kind != tPunct {
			break
		}
		prec := binaryPrec(t.text)
		if prec == 0 || prec < minPrec {
			break
		}
		p.next()
		y := p.parseBinary(prec + 1)
		if p.err != nil {
			return nil
		}
		x = &Binary{At: x.Pos(), Op: t.text, OpPos: t.pos, X: x, Y: y}
	}
	return x
}

func (p *parser) parseUnary() Expr {
	if !p.enter() {
		return nil
	}
	defer p.leave()
	t := p.tok()
	switch {
	case t.kind == tPunct:
		switch t.text {
		case "-", "+", "!", "~", "*", "&", "++", "--":
			p.next()
			x := p.parseUnary()
			if p.err != nil {
				return nil
			}
			if (t.text == "++" || t.text == "--") && !isLvalue(x) && !p.isMacroCall(x) {
				p.errorf(x.Pos(), "the operand of '%s' is not assignable", t.text)
				return nil
			}
			return &Unary{At: t.pos, Op: t.text, X: x}
		case "(":
			if nt := p.peek(1); nt.kind == tIdent && p.isTypeWord(nt.text) {
				p.next()
				tn := p.parseTypeName(true)
				p.expect(")", "after the type of a cast")
				if p.err != nil {
					return nil
				}
				if p.is("{") {
					p.fail(CodeUnsupported, p.tok().pos, "compound literals are not supported")
					return nil
				}
				x := p.parseUnary()
				if p.err != nil {
					return nil
				}
				return &Cast{At: t.pos, Type: tn, X: x}
			}
		}
	case t.kind == tIdent && t.text == "sizeof":
		p.next()
		if p.is("(") {
			if nt := p.peek(1); nt.kind == tIdent && p.isTypeWord(nt.text) {
				p.next()
				tn := p.parseTypeName(true)
				p.expect(")", "after the type in sizeof")
				if p.err != nil {
					return nil
				}
				return &SizeofType{At: t.pos, Type: tn}
			}
		}
		x := p.parseUnary()
		if p.err != nil {
			return nil
		}
		return &Unary{At: t.pos, Op: "sizeof", X: x}
	}
	return p.parsePostfix()
}

func (p *parser) parsePostfix() Expr {
	x := p.parsePrimary()
	for p.err == nil {
		t := p.tok()
		if t.kind != tPunct {
			return x
		}
		switch t.text {
		case "[":
			p.next()
			ix := p.parseCommaExpr()
			p.expect("]", "after array subscript")
			if p.err != nil {
				return nil
			}
			x = &Index{At: x.Pos(), X: x, Index: ix}
		case "(":
			p.next()
			var args []Expr
			for p.err == nil && !p.is(")") {
				args = append(args, p.parseExpr())
				if !p.is(")") {
					p.expect(",", "between call arguments")
				}
			}
			p.expect(")", "after call arguments")
			if p.err != nil {
				return nil
			}
			x = &Call{At: x.Pos(), Fun: x, Args: args}
		case ".", "->":
			p.next()
			if p.tok().kind != tIdent {
				p.errorf(p.tok().pos, "expected a member name after '%s', found %s", t.text, describe(p.tok()))
				return nil
			}
			x = &Member{At: x.Pos(), X: x, Arrow: t.text == "->", Name: p.tok().text}
			p.next()
		case "++", "--":
			if !isLvalue(x) && !p.isMacroCall(x) {
				p.errorf(x.Pos(), "the operand of '%s' is not assignable", t.text)
				return nil
			}
			p.next()
			x = &Postfix{At: x.Pos(), Op: t.text, X: x}
		default:
			return x
		}
	}
	return x
}

// keywords that can never be an expression operand.
var reservedWords = map[string]bool{
	"for": true, "if": true, "else": true, "while": true, "do": true, "switch": true,
	"case": true, "default": true, "break": true, "continue": true, "return": true,
	"goto": true, "typedef": true, "struct": true, "union": true, "enum": true,
}

func (p *parser) parsePrimary() Expr {
	t := p.tok()
	switch t.kind {
	case tIdent:
		if reservedWords[t.text] || builtinTypes[t.text] || qualifiers[t.text] {
			p.errorf(t.pos, "expected an expression, found keyword '%s'", t.text)
			return nil
		}
		p.next()
		return &Ident{At: t.pos, Name: t.text}
	case tInt:
		p.next()
		return &IntLit{At: t.pos, Text: t.text, Value: t.ival, Big: t.big}
	case tFloat:
		p.next()
		return &FloatLit{At: t.pos, Text: t.text}
	case tChar:
		p.next()
		return &CharLit{At: t.pos, Text: t.text, Value: t.ival}
	case tString:
		parts := []string{t.text}
		p.next()
		for p.tok().kind == tString {
			parts = append(parts, p.tok().text)
			p.next()
		}
		return &StringLit{At: t.pos, Text: strings.Join(parts, " ")}
	case tPunct:
		if t.text == "(" {
			p.next()
			x := p.parseCommaExpr()
			p.expect(")", "to close parenthesis")
			if p.err != nil {
				return nil
			}
			return &Paren{At: t.pos, X: x}
		}
	case tInvalid:
		p.fail(CodeLex, t.pos, "%s", t.message())
		return nil
	}
	p.errorf(t.pos, "expected an expression, found %s", describe(t))
	return nil
}
