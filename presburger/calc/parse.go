package calc

import (
	"bufio"
	"errors"
	"fmt"
	"math/big"

	pb "github.com/tessera-opt/tessera/presburger"
)

// This file reads the statements and expressions of the calculator into
// small trees (node) that eval.go evaluates.

// prefixOps are the prefix operators (applied to the following unary
// expression).
var prefixOps = map[string]bool{
	"dom": true, "domain": true, "ran": true, "range": true, "lexmin": true, "lexmax": true,
	"deltas": true, "coalesce": true, "sample": true, "card": true, "identity": true,
	"params": true, "wrap": true, "unwrap": true, "reverse": true,
	"aff": true, "affine_hull": true, "poly": true, "convex_hull": true,
	"deltas_map": true, "domain_map": true, "range_map": true,
}

// reserved words cannot name variables.
var reserved = map[string]bool{"print": true}

type nodeKind int

const (
	nLit    nodeKind = iota // val
	nVar                    // name
	nBinary                 // op args[0] args[1]
	nPrefix                 // op args[0]
	nRev                    // args[0]^-1
	nApply                  // args[0](args[1])
)

type node struct {
	kind nodeKind
	tok  pb.Token // position (the operator's, or the operand's)
	op   pb.TokKind
	name string
	args []*node
	val  value
}

type parser struct {
	toks  []pb.Token
	pos   int
	file  string
	vars  map[string]value
	out   *bufio.Writer
	depth int
}

func (p *parser) peek() pb.Token { return p.toks[p.pos] }

func (p *parser) peekAt(k int) pb.Token {
	if p.pos+k < len(p.toks) {
		return p.toks[p.pos+k]
	}
	return p.toks[len(p.toks)-1]
}

func (p *parser) next() pb.Token {
	t := p.toks[p.pos]
	if t.Kind != pb.TokEOF {
		p.pos++
	}
	return t
}

func (p *parser) errAt(t pb.Token, format string, args ...any) *Error {
	return &Error{File: p.file, Line: t.Line, Col: t.Col, Msg: fmt.Sprintf(format, args...)}
}

func (p *parser) expect(k pb.TokKind, context string) (pb.Token, error) {
	t := p.peek()
	if t.Kind != k {
		return t, p.errAt(t, "expected %v %s, found %v", k, context, t)
	}
	return p.next(), nil
}

// statement reads and runs one statement.
func (p *parser) statement() error {
	t := p.peek()
	if t.Kind == pb.TokSemi {
		p.next()
		return nil
	}
	if t.Kind == pb.TokIdent && p.peekAt(1).Kind == pb.TokAssign {
		if prefixOps[t.Text] || reserved[t.Text] {
			return p.errAt(t, "'%s' is a keyword and cannot be assigned", t.Text)
		}
		p.next()
		p.next()
		e, err := p.expr()
		if err != nil {
			return err
		}
		if _, err := p.expect(pb.TokSemi, "at the end of the assignment"); err != nil {
			return err
		}
		v, err := p.eval(e)
		if err != nil {
			return err
		}
		p.vars[t.Text] = v
		return nil
	}
	if t.Kind == pb.TokIdent && t.Text == "print" {
		p.next()
	}
	e, err := p.expr()
	if err != nil {
		return err
	}
	if _, err := p.expect(pb.TokSemi, "at the end of the statement"); err != nil {
		return err
	}
	v, err := p.eval(e)
	if err != nil {
		return err
	}
	fmt.Fprintln(p.out, render(v))
	return nil
}

// render prints a value with its redundant constraints removed (when
// the solver manages within its budget; else as it is).
func render(v value) string {
	var err error
	tidy := func() (t value) {
		defer pb.Recover(&err)
		t = v
		switch v.kind {
		case vSet:
			t.s = v.s.RemoveRedundancies()
		case vMap:
			t.m = v.m.RemoveRedundancies()
		}
		return t
	}()
	if err != nil {
		return v.String()
	}
	return tidy.String()
}

func isCmp(k pb.TokKind) bool {
	switch k {
	case pb.TokEq, pb.TokNe, pb.TokLe, pb.TokGe, pb.TokLt, pb.TokGt,
		pb.TokLexLt, pb.TokLexLe, pb.TokLexGt, pb.TokLexGe:
		return true
	}
	return false
}

// expr := sum [cmp sum]
func (p *parser) expr() (*node, error) {
	a, err := p.sum()
	if err != nil {
		return nil, err
	}
	if t := p.peek(); isCmp(t.Kind) {
		p.next()
		b, err := p.sum()
		if err != nil {
			return nil, err
		}
		return &node{kind: nBinary, tok: t, op: t.Kind, args: []*node{a, b}}, nil
	}
	return a, nil
}

func (p *parser) sum() (*node, error) {
	a, err := p.prod()
	if err != nil {
		return nil, err
	}
	for {
		t := p.peek()
		if t.Kind != pb.TokPlus && t.Kind != pb.TokMinus {
			return a, nil
		}
		p.next()
		b, err := p.prod()
		if err != nil {
			return nil, err
		}
		a = &node{kind: nBinary, tok: t, op: t.Kind, args: []*node{a, b}}
	}
}

func (p *parser) prod() (*node, error) {
	a, err := p.comp()
	if err != nil {
		return nil, err
	}
	for p.peek().Kind == pb.TokStar || p.peek().Kind == pb.TokPercent {
		t := p.next()
		b, err := p.comp()
		if err != nil {
			return nil, err
		}
		a = &node{kind: nBinary, tok: t, op: t.Kind, args: []*node{a, b}}
	}
	return a, nil
}

func (p *parser) comp() (*node, error) {
	a, err := p.unary()
	if err != nil {
		return nil, err
	}
	for p.peek().Kind == pb.TokDot {
		t := p.next()
		b, err := p.unary()
		if err != nil {
			return nil, err
		}
		a = &node{kind: nBinary, tok: t, op: t.Kind, args: []*node{a, b}}
	}
	return a, nil
}

const maxDepth = 200

func (p *parser) unary() (*node, error) {
	p.depth++
	defer func() { p.depth-- }()
	if p.depth > maxDepth {
		return nil, p.errAt(p.peek(), "expression nested too deeply")
	}
	t := p.peek()
	if t.Kind == pb.TokIdent && prefixOps[t.Text] {
		p.next()
		a, err := p.unary()
		if err != nil {
			return nil, err
		}
		return &node{kind: nPrefix, tok: t, name: t.Text, args: []*node{a}}, nil
	}
	return p.postfix()
}

func (p *parser) postfix() (*node, error) {
	a, err := p.primary()
	if err != nil {
		return nil, err
	}
	for {
		t := p.peek()
		switch t.Kind {
		case pb.TokCaret:
			p.next()
			if _, err := p.expect(pb.TokMinus, "in '^-1'"); err != nil {
				return nil, err
			}
			one := p.peek()
			if one.Kind != pb.TokInt || one.Val != 1 || one.BigInt {
				return nil, p.errAt(one, "expected '1' in '^-1', found %v", one)
			}
			p.next()
			a = &node{kind: nRev, tok: t, args: []*node{a}}
		case pb.TokLParen:
			p.next()
			b, err := p.expr()
			if err != nil {
				return nil, err
			}
			if _, err := p.expect(pb.TokRParen, "to close the application"); err != nil {
				return nil, err
			}
			a = &node{kind: nApply, tok: t, args: []*node{a, b}}
		default:
			return a, nil
		}
	}
}

func (p *parser) primary() (*node, error) {
	t := p.peek()
	switch t.Kind {
	case pb.TokLBrace, pb.TokLBrack:
		u, isSet, next, err := pb.ReadUnion(p.toks, p.pos)
		if err != nil {
			var pe *pb.ParseError
			if errors.As(err, &pe) {
				return nil, &Error{File: p.file, Line: pe.Line, Col: pe.Col, Msg: pe.Msg}
			}
			return nil, p.errAt(t, "%v", err)
		}
		p.pos = next
		v := value{kind: vMap, m: u}
		if isSet {
			v.kind = vSet
		}
		if u.PlainIsEmpty() {
			v.kind = vEmpty
		}
		return &node{kind: nLit, tok: t, val: v}, nil
	case pb.TokLParen:
		p.next()
		e, err := p.expr()
		if err != nil {
			return nil, err
		}
		if _, err := p.expect(pb.TokRParen, "to close '('"); err != nil {
			return nil, err
		}
		return e, nil
	case pb.TokInt:
		p.next()
		if t.BigInt {
			return nil, p.errAt(t, "integer constant %s does not fit in 64 bits", t.Text)
		}
		return &node{kind: nLit, tok: t, val: value{kind: vInt, n: big.NewInt(t.Val)}}, nil
	case pb.TokIdent:
		if reserved[t.Text] {
			return nil, p.errAt(t, "unexpected keyword '%s'", t.Text)
		}
		p.next()
		return &node{kind: nVar, tok: t, name: t.Text}, nil
	}
	return nil, p.errAt(t, "expected an expression (a set or map literal, a variable, '(' ...), found %v", t)
}
