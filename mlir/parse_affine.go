package mlir

import (
	"fmt"
	"strconv"
	"strings"
)

// AffExpr is an affine expression of MLIR's affine dialect. After parsing,
// the leaves that name dimensions and symbols of a map are replaced by the
// SSA values the map is applied to, so that every expression an operation
// holds is over SSA values (AffSSA), integer constants and the operators.
type AffExpr struct {
	Op    AffOp
	Const int64    // AffConst
	Index int      // AffDim, AffSym: position in the map's lists
	Name  string   // AffSSA: the value, with its % sigil
	L, R  *AffExpr // operands of the binary operators
}

// AffOp is the kind of an AffExpr node.
type AffOp int

const (
	AffConst AffOp = iota
	AffDim
	AffSym
	AffSSA
	AffAdd
	AffMul
	AffFloorDiv
	AffCeilDiv
	AffMod
)

// AffineMap is affine_map<(d0, ...)[s0, ...] -> (e0, ...)>.
type AffineMap struct {
	NumDims, NumSyms int
	Results          []*AffExpr
}

// IntegerSet is affine_set<(d0, ...)[s0, ...] : (c0, ...)>; each
// constraint is Expr >= 0, or Expr == 0 when Eq.
type IntegerSet struct {
	NumDims, NumSyms int
	Cons             []Constraint
}

// Constraint is one inequality (Expr >= 0) or equality (Expr == 0).
type Constraint struct {
	Expr *AffExpr
	Eq   bool
}

// affScope resolves the names of an expression: the dimension and symbol
// names of a map's header, or (nil) SSA values written in place as in
// affine.load %A[%i + 1].
type affScope struct {
	dims, syms map[string]int
}

// parseMapBody reads "<(d0)[s0] -> (e, ...)>" after the keyword affine_map.
func (p *parser) parseMapBody() *AffineMap {
	p.expect("<")
	sc := p.parseDimsSyms()
	p.expect("->")
	m := &AffineMap{NumDims: len(sc.dims), NumSyms: len(sc.syms)}
	p.expect("(")
	if !p.accept(")") {
		for {
			m.Results = append(m.Results, p.parseAffExpr(sc))
			if !p.accept(",") {
				p.expect(")")
				break
			}
		}
	}
	p.expect(">")
	return m
}

// parseSetBody reads "<(d0)[s0] : (c >= 0, c == 0, ...)>".
func (p *parser) parseSetBody() *IntegerSet {
	p.expect("<")
	sc := p.parseDimsSyms()
	p.expect(":")
	s := &IntegerSet{NumDims: len(sc.dims), NumSyms: len(sc.syms)}
	p.expect("(")
	for {
		lhs := p.parseAffExpr(sc)
		t := p.next()
		var eq bool
		switch t.text {
		case ">":
			p.expect("=")
		case "=":
			p.expect("=")
			eq = true
		case "<":
			// e <= c is written by some printers; MLIR's own form is e >= 0.
			p.expect("=")
			rhs := p.parseAffExpr(sc)
			s.Cons = append(s.Cons, Constraint{Expr: affSub(rhs, lhs)})
			goto more
		default:
			p.errorAt(t.loc, "expected '>=' or '==' in an integer set, found %s", describe(t))
		}
		{
			rhs := p.parseAffExpr(sc)
			s.Cons = append(s.Cons, Constraint{Expr: affSub(lhs, rhs), Eq: eq})
		}
	more:
		if !p.accept(",") {
			p.expect(")")
			break
		}
	}
	p.expect(">")
	return s
}

// parseDimsSyms reads "(d0, d1)[s0]" (the symbol list is optional).
func (p *parser) parseDimsSyms() affScope {
	sc := affScope{dims: map[string]int{}, syms: map[string]int{}}
	list := func(open, close string, into map[string]int) {
		p.expect(open)
		if p.accept(close) {
			return
		}
		for {
			t := p.expectKind(tIdent, "a dimension or symbol name")
			if _, dup := sc.dims[t.text]; dup {
				p.errorAt(t.loc, "%s is declared twice", t.text)
			}
			if _, dup := sc.syms[t.text]; dup {
				p.errorAt(t.loc, "%s is declared twice", t.text)
			}
			into[t.text] = len(into)
			if !p.accept(",") {
				p.expect(close)
				return
			}
		}
	}
	list("(", ")", sc.dims)
	if p.peek().text == "[" {
		list("[", "]", sc.syms)
	}
	return sc
}

// parseAffExpr reads a sum of terms.
func (p *parser) parseAffExpr(sc affScope) *AffExpr {
	defer p.nest(p.peek().loc)()
	e := p.parseAffTerm(sc)
	for {
		switch {
		case p.accept("+"):
			e = &AffExpr{Op: AffAdd, L: e, R: p.parseAffTerm(sc)}
		case p.accept("-"):
			e = affSub(e, p.parseAffTerm(sc))
		default:
			return e
		}
	}
}

// parseAffTerm reads a product, floordiv, ceildiv or mod chain.
func (p *parser) parseAffTerm(sc affScope) *AffExpr {
	e := p.parseAffFactor(sc)
	for {
		t := p.peek()
		var op AffOp
		switch {
		case t.kind == tPunct && t.text == "*":
			op = AffMul
		case t.kind == tIdent && t.text == "floordiv":
			op = AffFloorDiv
		case t.kind == tIdent && t.text == "ceildiv":
			op = AffCeilDiv
		case t.kind == tIdent && t.text == "mod":
			op = AffMod
		default:
			return e
		}
		p.next()
		r := p.parseAffFactor(sc)
		if op != AffMul || !isConstExpr(e) {
			if !isConstExpr(r) {
				p.errorAt(t.loc, "the right operand of '%s' must be a constant (the expression would not be affine)", t.text)
			}
			if op != AffMul && evalConst(r) <= 0 {
				p.errorAt(t.loc, "'%s' by a non-positive constant", t.text)
			}
		}
		e = &AffExpr{Op: op, L: e, R: r}
	}
}

// parseAffFactor reads a constant, a name, a negation or a parenthesized
// expression.
func (p *parser) parseAffFactor(sc affScope) *AffExpr {
	t := p.next()
	switch {
	case t.kind == tPunct && t.text == "-":
		return affNeg(p.parseAffFactor(sc))
	case t.kind == tPunct && t.text == "(":
		e := p.parseAffExpr(sc)
		p.expect(")")
		return e
	case t.kind == tInt:
		return &AffExpr{Op: AffConst, Const: p.intValue(t)}
	case t.kind == tValue && sc.dims == nil:
		return &AffExpr{Op: AffSSA, Name: p.use(t.text)}
	case t.kind == tIdent && t.text == "symbol" && sc.dims == nil:
		p.expect("(")
		v := p.expectKind(tValue, "an SSA value")
		p.expect(")")
		return &AffExpr{Op: AffSSA, Name: p.use(v.text)}
	case t.kind == tIdent && sc.dims != nil:
		if i, ok := sc.dims[t.text]; ok {
			return &AffExpr{Op: AffDim, Index: i}
		}
		if i, ok := sc.syms[t.text]; ok {
			return &AffExpr{Op: AffSym, Index: i}
		}
		p.errorAt(t.loc, "unknown identifier %s in an affine expression", t.text)
	}
	p.errorAt(t.loc, "expected an affine expression, found %s", describe(t))
	return nil
}

// intValue converts an integer token, refusing one out of int64's range.
func (p *parser) intValue(t token) int64 {
	v, err := strconv.ParseInt(t.text, 0, 64)
	if err != nil {
		u, uerr := strconv.ParseUint(t.text, 0, 64)
		if uerr != nil || !strings.HasPrefix(t.text, "0x") {
			p.errorAt(t.loc, "integer %s out of the 64-bit range", t.text)
		}
		v = int64(u)
	}
	return v
}

func isConstExpr(e *AffExpr) bool {
	switch e.Op {
	case AffConst:
		return true
	case AffDim, AffSym, AffSSA:
		return false
	}
	return isConstExpr(e.L) && isConstExpr(e.R)
}

// evalConst evaluates a constant expression (saturating nothing: the
// operands are small in practice, and a wrong sign only makes the parser
// refuse a divisor). Only called on isConstExpr expressions.
func evalConst(e *AffExpr) int64 {
	switch e.Op {
	case AffConst:
		return e.Const
	case AffAdd:
		return evalConst(e.L) + evalConst(e.R)
	case AffMul:
		return evalConst(e.L) * evalConst(e.R)
	}
	r := evalConst(e.R)
	if r <= 0 {
		return 0
	}
	l := evalConst(e.L)
	switch e.Op {
	case AffFloorDiv:
		return floorDiv(l, r)
	case AffCeilDiv:
		return -floorDiv(-l, r)
	default:
		return l - r*floorDiv(l, r)
	}
}

func floorDiv(a, b int64) int64 {
	q := a / b
	if (a%b != 0) && (a < 0) != (b < 0) {
		q--
	}
	return q
}

func affNeg(e *AffExpr) *AffExpr {
	if e.Op == AffConst && e.Const != -1<<63 {
		return &AffExpr{Op: AffConst, Const: -e.Const}
	}
	return &AffExpr{Op: AffMul, L: e, R: &AffExpr{Op: AffConst, Const: -1}}
}

func affSub(a, b *AffExpr) *AffExpr { return &AffExpr{Op: AffAdd, L: a, R: affNeg(b)} }

// substitute replaces the dimensions and symbols of e by the SSA values
// dims and syms.
func substitute(e *AffExpr, dims, syms []string) *AffExpr {
	switch e.Op {
	case AffConst, AffSSA:
		return e
	case AffDim:
		return &AffExpr{Op: AffSSA, Name: dims[e.Index]}
	case AffSym:
		return &AffExpr{Op: AffSSA, Name: syms[e.Index]}
	}
	return &AffExpr{Op: e.Op, L: substitute(e.L, dims, syms), R: substitute(e.R, dims, syms)}
}

// String prints e in MLIR's notation (for tests and messages).
func (e *AffExpr) String() string {
	switch e.Op {
	case AffConst:
		return strconv.FormatInt(e.Const, 10)
	case AffDim:
		return fmt.Sprintf("d%d", e.Index)
	case AffSym:
		return fmt.Sprintf("s%d", e.Index)
	case AffSSA:
		return e.Name
	}
	op := map[AffOp]string{AffAdd: " + ", AffMul: " * ", AffFloorDiv: " floordiv ", AffCeilDiv: " ceildiv ", AffMod: " mod "}[e.Op]
	return "(" + e.L.String() + op + e.R.String() + ")"
}

// ValueType is the type of an SSA value.
type ValueType struct {
	Text string // as written
	Kind TypeKind
	Bits int // integer and float widths (index: 64)
	// Memrefs: Shape has one entry per dimension (-1: dynamic), Elem the
	// element type, Layout whatever follows the element type (a layout
	// or memory space; empty for the identity layout).
	Shape  []int64
	Elem   *ValueType
	Layout string
}

// TypeKind classifies a ValueType.
type TypeKind int

const (
	TypeOther TypeKind = iota
	TypeIndex
	TypeInt
	TypeFloat
	TypeMemref
)

// parseType reads a type: a builtin name (f64, i32, index), a type with
// parameters in angle brackets (memref<4x?xf64>), or a dialect type (!x).
func (p *parser) parseType() ValueType {
	if p.have {
		p.off, p.have = p.tok.loc.Offset, false
	}
	p.skipSpace()
	start := p.off
	loc := p.locAt(start)
	if p.off < len(p.src) && p.src[p.off] == '!' {
		p.off++
	}
	for p.off < len(p.src) && (isLetter(p.src[p.off]) || isDigit(p.src[p.off]) || p.src[p.off] == '.') {
		p.off++
	}
	if p.off == start {
		p.errorAt(loc, "expected a type")
	}
	if p.off < len(p.src) && p.src[p.off] == '<' {
		depth := 0
		for ; p.off < len(p.src); p.off++ {
			c := p.src[p.off]
			if c == '-' && p.off+1 < len(p.src) && p.src[p.off+1] == '>' {
				p.off++
				continue
			}
			if c == '<' {
				depth++
			} else if c == '>' {
				depth--
				if depth == 0 {
					p.off++
					break
				}
			} else if c == '\n' || c == '{' || c == '}' {
				p.errorAt(loc, "unterminated type")
			}
		}
		if depth != 0 {
			p.errorAt(loc, "unterminated type")
		}
	}
	ty, err := decodeType(string(p.src[start:p.off]))
	if err != "" {
		p.errorAt(loc, "%s", err)
	}
	return ty
}

// decodeType classifies the text of a type.
func decodeType(text string) (ValueType, string) {
	t := ValueType{Text: text}
	switch {
	case text == "index":
		t.Kind, t.Bits = TypeIndex, 64
	case text == "f16" || text == "f32" || text == "f64" || text == "bf16":
		t.Kind = TypeFloat
		t.Bits, _ = strconv.Atoi(strings.TrimPrefix(strings.TrimPrefix(text, "b"), "f"))
	case len(text) > 1 && text[0] == 'i' && isAllDigits(text[1:]):
		t.Kind = TypeInt
		t.Bits, _ = strconv.Atoi(text[1:])
	case strings.HasPrefix(text, "memref<") && strings.HasSuffix(text, ">"):
		return decodeMemref(text)
	}
	return t, ""
}

func isAllDigits(s string) bool {
	if s == "" || len(s) > 4 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !isDigit(s[i]) {
			return false
		}
	}
	return true
}

// decodeMemref reads memref<d0 x d1 x ... x elem [, layout] [, space]>.
func decodeMemref(text string) (ValueType, string) {
	t := ValueType{Text: text, Kind: TypeMemref}
	inner := text[len("memref<") : len(text)-1]
	if strings.HasPrefix(inner, "*") {
		t.Kind = TypeOther // unranked
		return t, ""
	}
	for {
		i := 0
		for i < len(inner) && (isDigit(inner[i]) || inner[i] == '?') {
			i++
		}
		if i == 0 || i >= len(inner) || inner[i] != 'x' {
			break
		}
		if inner[:i] == "?" {
			t.Shape = append(t.Shape, -1)
		} else {
			n, err := strconv.ParseInt(inner[:i], 10, 64)
			if err != nil || (i > 1 && inner[0] == '?') {
				return t, fmt.Sprintf("bad memref dimension %q", inner[:i])
			}
			t.Shape = append(t.Shape, n)
		}
		inner = inner[i+1:]
	}
	elem, rest, _ := strings.Cut(inner, ",")
	elem = strings.TrimSpace(elem)
	if strings.Contains(elem, "<") {
		// vector<...> or complex<...> element with commas inside: keep
		// the whole rest as element text.
		elem, rest = strings.TrimSpace(inner), ""
	}
	e, msg := decodeType(elem)
	if msg != "" {
		return t, msg
	}
	if e.Kind != TypeIndex && e.Kind != TypeInt && e.Kind != TypeFloat && e.Kind != TypeOther {
		return t, "bad memref element type " + elem
	}
	t.Elem = &e
	t.Layout = strings.TrimSpace(rest)
	return t, ""
}
