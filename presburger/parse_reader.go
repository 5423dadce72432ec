package presburger

import (
	"fmt"

	"github.com/tessera-opt/tessera/presburger/internal/ints"
)

// This file reads tokens of isl notation into the syntax tree of
// parse_syntax.go. It knows the grammar only; meaning (which identifier is
// a new dimension, what is affine) is decided by parse_lower.go.
//
// Grammar (isl's, with its quirks: a constant coefficient applies to the
// whole following factor, so "2i mod 4" is 2*(i mod 4)):
//
//	object   := [ '[' names ']' '->' ] '{' [ piece { ';' piece } ] '}'
//	multi    := [ '[' names ']' '->' ] '[' [ object { ',' object } ] ']'
//	piece    := tuple [ '->' tuple ] [ ':' formula ] | ':' formula
//	tuple    := [ name ] '[' ( tuple '->' tuple | [ expr { ',' expr } ] ) ']'
//	formula  := disj [ 'implies' formula ]
//	disj     := conj { ('or' | '||') conj }
//	conj     := neg { ('and' | '&&') neg }
//	neg      := ('not' | '!') neg | 'true' | 'false' | exists | '(' formula ')' | cmp
//	exists   := 'exists' ( '(' bound { ',' bound } ':' formula ')' | bound { ',' bound } ':' formula )
//	bound    := name [ '=' expr ]
//	cmp      := list op list { op list }    op in = != < <= > >= << <<= >> >>=
//	list     := expr { ',' expr }
//	expr     := term { ('+' | '-') term }
//	term     := '-' term | int [ '*' ] factor | factor
//	factor   := primary { ('mod' | '%' | '*' | '/' | '//') operand }
//	operand  := '-' operand | primary
//	primary  := int [ '^' int ] | name | '(' expr ')' | '[' expr ']'
//	          | ('floor' | 'ceil') '(' expr ')' | ('floord' | 'ceild') '(' expr ',' expr ')'
//	          | ('min' | 'max') '(' expr { ',' expr } ')'
//	          | '(' formula '?' expr ':' expr ')'

// maxParseDepth bounds the nesting of the recursive descent, so that
// hostile input gets an error instead of exhausting the stack.
const maxParseDepth = 500

// islKeywords are the words that cannot name a variable.
var islKeywords = map[string]bool{
	"and": true, "or": true, "not": true, "implies": true, "exists": true,
	"true": true, "false": true, "mod": true, "floor": true, "ceil": true,
	"floord": true, "ceild": true, "min": true, "max": true,
}

// islReader is a recursive-descent reader over a token slice. Errors are
// raised as panics of *ParseError and recovered by the entry points
// (catchParse).
type islReader struct {
	toks  []Token
	pos   int
	depth int
	// parenFailed memoizes the token positions where '(' was found not to
	// open a formula, so that backtracking stays polynomial.
	parenFailed map[int]bool
}

func newIslReader(src string) (*islReader, error) {
	toks, err := LexTokens(src)
	if err != nil {
		return nil, err
	}
	return &islReader{toks: toks}, nil
}

func (r *islReader) peek() Token { return r.toks[r.pos] }

func (r *islReader) peekAt(k int) Token {
	if r.pos+k < len(r.toks) {
		return r.toks[r.pos+k]
	}
	return r.toks[len(r.toks)-1]
}

func (r *islReader) next() Token {
	t := r.toks[r.pos]
	if t.Kind != TokEOF {
		r.pos++
	}
	return t
}

func (r *islReader) failAt(t Token, format string, args ...any) {
	panic(&ParseError{Line: t.Line, Col: t.Col, Msg: fmt.Sprintf(format, args...)})
}

func (r *islReader) expect(k TokKind, context string) Token {
	t := r.peek()
	if t.Kind != k {
		if context != "" {
			r.failAt(t, "expected %v %s, found %v", k, context, t)
		}
		r.failAt(t, "expected %v, found %v", k, t)
	}
	return r.next()
}

func (r *islReader) accept(k TokKind) bool {
	if r.peek().Kind == k {
		r.next()
		return true
	}
	return false
}

func (r *islReader) isWord(t Token, w string) bool { return t.Kind == TokIdent && t.Text == w }

func (r *islReader) acceptWord(w string) bool {
	if r.isWord(r.peek(), w) {
		r.next()
		return true
	}
	return false
}

func (r *islReader) enter() {
	r.depth++
	if r.depth > maxParseDepth {
		r.failAt(r.peek(), "expression nested too deeply")
	}
}

func (r *islReader) leave() { r.depth-- }

// catchParse turns the panics of the reader and the lowering (ParseError,
// int64 overflow of the checked arithmetic, and the other engine errors of
// the operations the lowering runs) into an error. Any other panic is a bug
// and goes on.
func catchParse(err *error) {
	if x := recover(); x != nil {
		if e, ok := x.(*ParseError); ok {
			*err = e
			return
		}
		e := asError(x)
		switch {
		case e == nil:
			panic(x)
		case e.Kind == Overflow:
			*err = &ParseError{Line: 1, Col: 1, Msg: "integer overflow: " + e.Msg}
		default:
			*err = e
		}
	}
}

// tryRead runs f, a reading step of the reader, and reports whether it
// succeeded; false when it failed with a *ParseError (the caller
// backtracks). Any other panic goes on.
func tryRead(f func()) (ok bool) {
	defer func() {
		if x := recover(); x != nil {
			if _, isPE := x.(*ParseError); !isPE {
				panic(x)
			}
			ok = false
		}
	}()
	f()
	return true
}

// atEnd fails unless all input was consumed.
func (r *islReader) atEnd() {
	if t := r.peek(); t.Kind != TokEOF {
		r.failAt(t, "unexpected %v after the end of the object", t)
	}
}

// readParams reads an optional `[n, m] ->` prefix.
func (r *islReader) readParams() []synBound {
	if r.peek().Kind != TokLBrack {
		return nil
	}
	// `[` followed by `{` or by `]` not followed by `->` is a multi object.
	t1 := r.peekAt(1)
	if t1.Kind == TokLBrace {
		return nil
	}
	if t1.Kind == TokRBrack && r.peekAt(2).Kind != TokArrow {
		return nil
	}
	r.next()
	var ps []synBound
	if r.peek().Kind != TokRBrack {
		for {
			t := r.expect(TokIdent, "(parameter name)")
			if islKeywords[t.Text] {
				r.failAt(t, "keyword '%s' cannot name a parameter", t.Text)
			}
			for _, p := range ps {
				if p.name == t.Text {
					r.failAt(t, "parameter '%s' declared twice", t.Text)
				}
			}
			ps = append(ps, synBound{name: t.Text, line: t.Line, col: t.Col})
			if !r.accept(TokComma) {
				break
			}
		}
	}
	r.expect(TokRBrack, "after parameter list")
	r.expect(TokArrow, "after parameter list")
	if ps == nil {
		ps = []synBound{}
	}
	return ps
}

// readObject reads `[params] -> { pieces }`.
func (r *islReader) readObject() *synObj {
	t := r.peek()
	o := &synObj{line: t.Line, col: t.Col}
	o.params = r.readParams()
	r.readBraces(o)
	return o
}

func (r *islReader) readBraces(o *synObj) {
	r.expect(TokLBrace, "to open a set or map")
	for {
		for r.accept(TokSemi) {
		}
		if r.peek().Kind == TokRBrace {
			break
		}
		o.pieces = append(o.pieces, r.readPiece())
		if r.peek().Kind == TokRBrace {
			break
		}
		if r.peek().Kind != TokSemi {
			r.failAt(r.peek(), "expected ';' or '}' after a set or map element, found %v", r.peek())
		}
	}
	r.expect(TokRBrace, "")
}

// nextIsTuple reports whether a tuple starts at the current token.
func (r *islReader) nextIsTuple() bool {
	t := r.peek()
	if t.Kind == TokLBrack {
		return true
	}
	return t.Kind == TokIdent && r.peekAt(1).Kind == TokLBrack
}

func (r *islReader) readPiece() *synPiece {
	t := r.peek()
	p := &synPiece{line: t.Line, col: t.Col}
	if r.accept(TokColon) {
		p.cond = r.readCond()
		return p
	}
	if r.isWord(t, "rat") && r.peekAt(1).Kind == TokColon {
		r.failAt(t, "rational sets ('rat:') are not supported: tessera's sets and maps are sets of integer points")
	}
	if !r.nextIsTuple() {
		r.failAt(t, "expected a tuple such as 'S[i]' or '[i]', or ':', found %v", t)
	}
	p.out = r.readTuple()
	if r.accept(TokArrow) {
		if !r.nextIsTuple() {
			r.failAt(r.peek(), "expected a tuple after '->', found %v", r.peek())
		}
		p.in, p.out = p.out, r.readTuple()
	}
	if r.accept(TokColon) {
		p.cond = r.readCond()
	}
	return p
}

// readCond reads the condition after ':'; an empty one (isl prints
// "{ : }" for a universe parameter domain) is true.
func (r *islReader) readCond() *synForm {
	if k := r.peek().Kind; k == TokRBrace || k == TokSemi {
		return nil
	}
	return r.readFormula()
}

func (r *islReader) readTuple() *synTuple {
	r.enter()
	defer r.leave()
	t := r.peek()
	tu := &synTuple{line: t.Line, col: t.Col}
	if t.Kind == TokIdent {
		tu.name = t.Text
		r.next()
	}
	r.expect(TokLBrack, "to open a tuple")
	if r.nextIsTuple() {
		a := r.readTuple()
		r.expect(TokArrow, "in a nested tuple")
		b := r.readTuple()
		tu.nested = &[2]*synTuple{a, b}
		r.expect(TokRBrack, "after nested tuple")
		return tu
	}
	if r.peek().Kind != TokRBrack {
		for {
			var def *synExpr
			t := r.peek()
			if t.Kind == TokIdent && !islKeywords[t.Text] && r.peekAt(1).Kind == TokEq {
				// "[i = e]": a named dimension with a definition.
				r.next()
				r.next()
				def = r.readExpr()
				v := mkExpr(sxVar, t)
				v.name = t.Text
				tu.entries = append(tu.entries, v)
			} else {
				tu.entries = append(tu.entries, r.readExpr())
			}
			tu.defs = append(tu.defs, def)
			if !r.accept(TokComma) {
				break
			}
		}
	}
	r.expect(TokRBrack, "after tuple")
	return tu
}

// Formulas.

func (r *islReader) readFormula() *synForm {
	r.enter()
	defer r.leave()
	t := r.peek()
	f := r.readDisj()
	if r.acceptWord("implies") {
		g := r.readFormula()
		return &synForm{op: sfImplies, line: t.Line, col: t.Col, args: []*synForm{f, g}}
	}
	return f
}

func (r *islReader) readDisj() *synForm {
	f := r.readConj()
	for {
		t := r.peek()
		if !(r.accept(TokOrOr) || r.acceptWord("or")) {
			return f
		}
		g := r.readConj()
		f = &synForm{op: sfOr, line: t.Line, col: t.Col, args: []*synForm{f, g}}
	}
}

func (r *islReader) readConj() *synForm {
	f := r.readNeg()
	for {
		t := r.peek()
		if !(r.accept(TokAndAnd) || r.acceptWord("and")) {
			return f
		}
		g := r.readNeg()
		f = &synForm{op: sfAnd, line: t.Line, col: t.Col, args: []*synForm{f, g}}
	}
}

func isCmpTok(k TokKind) bool {
	switch k {
	case TokEq, TokNe, TokLt, TokLe, TokGt, TokGe, TokLexLt, TokLexLe, TokLexGt, TokLexGe:
		return true
	}
	return false
}

// continuesExpr reports whether token t, following a parenthesized
// formula, shows that the parentheses enclosed an expression instead.
func (r *islReader) continuesExpr(t Token) bool {
	if isCmpTok(t.Kind) {
		return true
	}
	switch t.Kind {
	case TokPlus, TokMinus, TokStar, TokSlash, TokIntDiv, TokPercent, TokComma:
		return true
	}
	return r.isWord(t, "mod")
}

func (r *islReader) readNeg() *synForm {
	r.enter()
	defer r.leave()
	t := r.peek()
	switch {
	case t.Kind == TokBang || r.isWord(t, "not"):
		r.next()
		g := r.readNeg()
		return &synForm{op: sfNot, line: t.Line, col: t.Col, args: []*synForm{g}}
	case r.isWord(t, "true"):
		r.next()
		return &synForm{op: sfTrue, line: t.Line, col: t.Col}
	case r.isWord(t, "false"):
		r.next()
		return &synForm{op: sfFalse, line: t.Line, col: t.Col}
	case r.isWord(t, "exists"):
		return r.readExists()
	case t.Kind == TokLParen:
		// Either a parenthesized formula or the start of an expression:
		// try the formula first and fall back on a comparison.
		save := r.pos
		if !r.parenFailed[save] {
			f, ok := r.tryParenFormula()
			if ok {
				return f
			}
			if r.parenFailed == nil {
				r.parenFailed = map[int]bool{}
			}
			r.parenFailed[save] = true
			r.pos = save
		}
	}
	return r.readCmp()
}

// questionInParens reports whether the parentheses opening at the current
// token hold a '?' at their own nesting level (a conditional expression).
func (r *islReader) questionInParens() bool {
	depth := 0
	for i := r.pos; i < len(r.toks); i++ {
		switch r.toks[i].Kind {
		case TokLParen, TokLBrack, TokLBrace:
			depth++
		case TokRParen, TokRBrack, TokRBrace:
			depth--
			if depth == 0 {
				return false
			}
		case TokQuestion:
			if depth == 1 {
				return true
			}
		case TokEOF, TokSemi:
			return false
		}
	}
	return false
}

// readTernary reads '(' formula '?' expr ':' expr ')'; the else branch may
// itself be a conditional without parentheses ("c1 ? a : c2 ? b : c").
func (r *islReader) readTernary() *synExpr {
	t := r.expect(TokLParen, "")
	e := r.readTernaryBody(t)
	r.expect(TokRParen, "to close '(' of the conditional expression")
	return e
}

func (r *islReader) readTernaryBody(t Token) *synExpr {
	r.enter()
	defer r.leave()
	c := r.readFormula()
	r.expect(TokQuestion, "in the conditional expression")
	a := r.readExpr()
	r.expect(TokColon, "in the conditional expression 'c ? a : b'")
	var b *synExpr
	if r.questionBeforeClose() {
		b = r.readTernaryBody(r.peek())
	} else {
		b = r.readExpr()
	}
	e := mkExpr(sxCond, t, a, b)
	e.cond = c
	return e
}

// questionBeforeClose reports whether a '?' comes before the ')' that
// closes the current conditional expression.
func (r *islReader) questionBeforeClose() bool {
	depth := 0
	for i := r.pos; i < len(r.toks); i++ {
		switch r.toks[i].Kind {
		case TokLParen, TokLBrack, TokLBrace:
			depth++
		case TokRParen, TokRBrack, TokRBrace:
			if depth == 0 {
				return false
			}
			depth--
		case TokQuestion:
			if depth == 0 {
				return true
			}
		case TokEOF, TokSemi:
			return false
		}
	}
	return false
}

// tryParenFormula reads '(' formula ')' unless what follows shows that the
// parentheses belong to an expression.
func (r *islReader) tryParenFormula() (f *synForm, ok bool) {
	depth := r.depth
	if !tryRead(func() {
		r.next()
		f = r.readFormula()
		r.expect(TokRParen, "")
	}) {
		r.depth = depth
		return nil, false
	}
	if r.continuesExpr(r.peek()) {
		return nil, false
	}
	return f, true
}

func (r *islReader) readExists() *synForm {
	t := r.next() // exists
	f := &synForm{op: sfExists, line: t.Line, col: t.Col}
	paren := r.accept(TokLParen)
	for {
		v := r.expect(TokIdent, "(existentially quantified variable)")
		if islKeywords[v.Text] {
			r.failAt(v, "keyword '%s' cannot name a variable", v.Text)
		}
		b := synBound{name: v.Text, line: v.Line, col: v.Col}
		if r.accept(TokEq) {
			b.def = r.readExpr()
		}
		f.vars = append(f.vars, b)
		if !r.accept(TokComma) {
			break
		}
	}
	r.expect(TokColon, "after existentially quantified variables")
	f.args = []*synForm{r.readFormula()}
	if paren {
		r.expect(TokRParen, "to close 'exists ('")
	}
	return f
}

func (r *islReader) readCmp() *synForm {
	t := r.peek()
	f := &synForm{op: sfCmp, line: t.Line, col: t.Col, lists: make([][]*synExpr, 0, 2), ops: make([]TokKind, 0, 1)}
	f.lists = append(f.lists, r.readCmpList())
	for isCmpTok(r.peek().Kind) {
		f.ops = append(f.ops, r.next().Kind)
		f.lists = append(f.lists, r.readCmpList())
	}
	if len(f.ops) == 0 {
		u := r.peek()
		r.failAt(u, "expected a comparison operator ('<=', '<', '=', ...), found %v", u)
	}
	return f
}

// readCmpList reads the operand list of a comparison: "e1, e2, ..." or,
// around a lexicographic operator, "[e1, e2, ...]".
func (r *islReader) readCmpList() []*synExpr {
	if r.peek().Kind == TokLBrack {
		save, depth := r.pos, r.depth
		if l, ok := r.tryBracketList(); ok {
			return l
		}
		r.pos, r.depth = save, depth
	}
	return r.readExprList()
}

// tryBracketList reads "[e1, ..., en]" when it is followed by a
// lexicographic operator or preceded by one.
func (r *islReader) tryBracketList() (l []*synExpr, ok bool) {
	prevLex := r.pos > 0 && isLexTok(r.toks[r.pos-1].Kind)
	if !tryRead(func() {
		r.next()
		if r.peek().Kind != TokRBrack {
			l = r.readExprList()
		}
		r.expect(TokRBrack, "")
	}) {
		return nil, false
	}
	if !prevLex && !isLexTok(r.peek().Kind) {
		return nil, false
	}
	return l, true
}

func isLexTok(k TokKind) bool {
	return k == TokLexLt || k == TokLexLe || k == TokLexGt || k == TokLexGe
}

func (r *islReader) readExprList() []*synExpr {
	l := []*synExpr{r.readExpr()}
	for r.accept(TokComma) {
		l = append(l, r.readExpr())
	}
	return l
}

// Expressions.

func mkExpr(op synExprOp, t Token, args ...*synExpr) *synExpr {
	return &synExpr{op: op, line: t.Line, col: t.Col, args: args}
}

func (r *islReader) readExpr() *synExpr {
	r.enter()
	defer r.leave()
	e := r.readTerm()
	for {
		t := r.peek()
		switch t.Kind {
		case TokPlus:
			r.next()
			e = mkExpr(sxAdd, t, e, r.readTerm())
		case TokMinus:
			r.next()
			e = mkExpr(sxSub, t, e, r.readTerm())
		default:
			return e
		}
	}
}

// startsFactor reports whether t can start a factor after a constant
// coefficient written without '*' ("2i", "3floor(i/2)", "2(i + 1)").
func (r *islReader) startsFactor(t Token) bool {
	switch t.Kind {
	case TokIdent:
		switch t.Text {
		case "floor", "ceil", "floord", "ceild", "min", "max":
			return true
		}
		return !islKeywords[t.Text]
	case TokLParen:
		return true
	}
	return false
}

func (r *islReader) readTerm() *synExpr {
	r.enter()
	defer r.leave()
	t := r.peek()
	if t.Kind == TokMinus {
		r.next()
		return mkExpr(sxNeg, t, r.readTerm())
	}
	if t.Kind == TokInt {
		nt := r.peekAt(1)
		if nt.Kind == TokCaret {
			return r.readFactor()
		}
		if nt.Kind == TokStar || r.startsFactor(nt) {
			c := r.readInt()
			if nt.Kind == TokStar {
				r.next()
			}
			return mkExpr(sxMul, t, c, r.readTermFactor())
		}
	}
	return r.readFactor()
}

// readTermFactor reads what follows a coefficient: another coefficient
// chain ("2*3*i") or a factor.
func (r *islReader) readTermFactor() *synExpr {
	t := r.peek()
	if t.Kind == TokMinus {
		r.next()
		return mkExpr(sxNeg, t, r.readTermFactor())
	}
	return r.readTerm()
}

func (r *islReader) readInt() *synExpr {
	t := r.expect(TokInt, "")
	if t.BigInt {
		r.failAt(t, "integer constant %s does not fit in 64 bits", t.Text)
	}
	e := mkExpr(sxNum, t)
	e.val = t.Val
	return e
}

func (r *islReader) readFactor() *synExpr {
	e := r.readPrimary()
	for {
		t := r.peek()
		switch {
		case t.Kind == TokPercent || r.isWord(t, "mod"):
			r.next()
			e = mkExpr(sxMod, t, e, r.readOperand())
		case t.Kind == TokStar:
			r.next()
			e = mkExpr(sxMul, t, e, r.readOperand())
		case t.Kind == TokSlash:
			r.next()
			e = mkExpr(sxDiv, t, e, r.readOperand())
		case t.Kind == TokIntDiv:
			r.next()
			e = mkExpr(sxFloor, t, mkExpr(sxDiv, t, e, r.readOperand()))
		default:
			return e
		}
	}
}

func (r *islReader) readOperand() *synExpr {
	r.enter()
	defer r.leave()
	t := r.peek()
	if t.Kind == TokMinus {
		r.next()
		return mkExpr(sxNeg, t, r.readOperand())
	}
	return r.readPrimary()
}

func (r *islReader) readPrimary() *synExpr {
	r.enter()
	defer r.leave()
	t := r.peek()
	switch t.Kind {
	case TokInt:
		e := r.readInt()
		if r.accept(TokCaret) {
			x := r.readInt()
			if x.val > 64 {
				r.failAt(t, "exponent too large")
			}
			v := int64(1)
			for i := int64(0); i < x.val; i++ {
				v = ints.Mul(v, e.val)
			}
			e.val = v
		}
		return e
	case TokLParen:
		if r.questionInParens() {
			return r.readTernary()
		}
		r.next()
		e := r.readExpr()
		r.expect(TokRParen, "to close '('")
		if e.op == sxVar {
			c := *e
			c.paren = true
			return &c
		}
		return e
	case TokLBrack:
		r.next()
		e := r.readExpr()
		r.expect(TokRBrack, "to close '[' (integer division)")
		return mkExpr(sxFloor, t, e)
	case TokIdent:
		switch t.Text {
		case "floor", "ceil":
			r.next()
			r.expect(TokLParen, "after '"+t.Text+"'")
			e := r.readExpr()
			r.expect(TokRParen, "to close '"+t.Text+"('")
			if t.Text == "floor" {
				return mkExpr(sxFloor, t, e)
			}
			return mkExpr(sxCeil, t, e)
		case "floord", "ceild":
			r.next()
			r.expect(TokLParen, "after '"+t.Text+"'")
			e := r.readExpr()
			r.expect(TokComma, "in '"+t.Text+"(e, d)'")
			d := r.readExpr()
			r.expect(TokRParen, "to close '"+t.Text+"('")
			q := mkExpr(sxDiv, t, e, d)
			if t.Text == "floord" {
				return mkExpr(sxFloor, t, q)
			}
			return mkExpr(sxCeil, t, q)
		case "min", "max":
			r.next()
			r.expect(TokLParen, "after '"+t.Text+"'")
			args := r.readExprList()
			r.expect(TokRParen, "to close '"+t.Text+"('")
			if t.Text == "min" {
				return mkExpr(sxMin, t, args...)
			}
			return mkExpr(sxMax, t, args...)
		}
		if islKeywords[t.Text] {
			r.failAt(t, "expected an expression, found keyword '%s'", t.Text)
		}
		if (t.Text == "infty" || t.Text == "NaN") && r.peekAt(1).Kind != TokArrow {
			r.failAt(t, "'%s' is not an affine expression: tessera's expressions are quasi-affine over the integers (isl prints it for unbounded quasi-polynomials)", t.Text)
		}
		r.next()
		e := mkExpr(sxVar, t)
		e.name = t.Text
		return e
	}
	r.failAt(t, "expected an expression, found %v", t)
	return nil
}
