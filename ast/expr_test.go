package ast

import (
	"errors"
	"fmt"
	"math"
	"math/rand"
	"strconv"
	"strings"
	"testing"
)

func TestConstructorsFold(t *testing.T) {
	n, m := id("n"), id("m")
	tests := []struct {
		got  Expr
		want string
	}{
		{Add(n, ci(0)), "n"},
		{Add(ci(0), n), "n"},
		{Add(ci(2), ci(3)), "5"},
		{Add(ci(math.MaxInt64), ci(1)), "9223372036854775807 + 1"}, // overflowing fold not done
		{Add(n, ci(-1)), "n - 1"},
		{Sub(n, ci(0)), "n"},
		{Sub(ci(0), n), "-n"},
		{Mul(ci(1), n), "n"},
		{Mul(n, ci(1)), "n"},
		{Mul(ci(-1), n), "-n"},
		{Mul(ci(0), n), "0"},
		{Mul(ci(0), FloorDiv(ci(1), n)), "0 * floord(1, n)"},
		{Mul(ci(2), Add(n, m)), "2 * (n + m)"},
		{Neg(Neg(n)), "n"},
		{Neg(ci(4)), "-4"},
		{FloorDiv(n, ci(1)), "n"},
		{FloorDiv(ci(-7), ci(2)), "-4"},
		{FloorDiv(n, ci(-2)), "floord(-n, 2)"},
		{CeilDiv(ci(-7), ci(2)), "-3"},
		{CeilDiv(ci(7), ci(0)), "ceild(7, 0)"},
		{ExactDiv(ci(12), ci(4)), "3"},
		{ExactDiv(ci(13), ci(4)), "13 / 4"},
		{PDivQ(ci(13), ci(4)), "3"},
		{Rem(ci(-7), ci(3)), "-1"},
		{Rem(n, ci(1)), "0"},
		{Min(n), "n"},
		{Min(n, ci(3), m, ci(1), n), "min(min(n, 1), m)"},
		{Max(Max(n, m), ci(0)), "max(max(n, m), 0)"},
		{Min(ci(2), ci(5)), "2"},
		{Lt(ci(1), ci(2)), "1"},
		{Ge(n, ci(0)), "n >= 0"},
		{And(ci(1), Ge(n, ci(0))), "n >= 0"},
		{And(ci(0), Ge(n, ci(0))), "0"},
		{And(ci(1), n), "n != 0"},
		{And(Ge(n, ci(0)), And(Le(n, ci(9)), Eq(m, ci(1)))), "n >= 0 && n <= 9 && m == 1"},
		{Or(Ge(n, ci(0)), ci(0)), "n >= 0"},
		{Or(And(Ge(n, ci(0)), Le(n, ci(9))), Eq(m, ci(1))), "(n >= 0 && n <= 9) || m == 1"},
		{AndEager(ci(0), n), "0"},
		{Not(Lt(n, m)), "n >= m"},
		{Not(ci(0)), "1"},
		{Select(ci(1), n, m), "n"},
		{Select(Gt(n, ci(0)), n, Neg(n)), "n > 0 ? n : -n"},
		{NewOp(OpNeg, ci(-3)), "-(-3)"},
		{NewOp(OpSub, n, NewOp(OpAdd, m, ci(1))), "n - (m + 1)"},
		{NewOp(OpSub, NewOp(OpAdd, m, ci(1)), n), "m + 1 - n"},
		{NewOp(OpAdd, n, NewOp(OpNeg, m)), "n - m"},
		{NewOp(OpAdd, n, ci(math.MinInt64)), "n + (-9223372036854775807 - 1)"},
		{NewOp(OpRem, NewOp(OpMul, n, m), ci(4)), "n * m % 4"},
		{NewOp(OpMul, n, NewOp(OpRem, m, ci(4))), "n * (m % 4)"},
		{NewOp(OpLt, NewOp(OpLt, n, m), ci(1)), "(n < m) < 1"},
		{NewOp(OpEq, NewOp(OpLt, n, m), ci(1)), "(n < m) == 1"},
		{NewOp(OpNot, NewOp(OpLt, n, m)), "!(n < m)"},
		{NewCall("f", Add(n, ci(1)), m), "f(n + 1, m)"},
	}
	for i, tt := range tests {
		if g := ExprC(tt.got); g != tt.want {
			t.Errorf("%d: got %q want %q (%s)", i, g, tt.want, SExpr(tt.got))
		}
	}
}

func TestExprCParen(t *testing.T) {
	for _, tt := range []struct {
		e    Expr
		want string
	}{
		{id("n"), "n"}, {ci(3), "3"}, {ci(-3), "(-3)"}, {Add(id("n"), ci(1)), "(n + 1)"},
		{FloorDiv(id("n"), ci(2)), "floord(n, 2)"},
	} {
		if g := ExprCParen(tt.e); g != tt.want {
			t.Errorf("got %q want %q", g, tt.want)
		}
	}
}

// randExpr builds a random expression over n, m, p with small constants,
// using the raw constructor (no folding) when raw is set.
func randExpr(r *rand.Rand, depth int) Expr {
	if depth == 0 || r.Intn(4) == 0 {
		if r.Intn(2) == 0 {
			return ci(int64(r.Intn(11) - 5))
		}
		return id([]string{"n", "m", "p"}[r.Intn(3)])
	}
	k := OpKind(1 + r.Intn(int(numOpKinds)-1))
	var args []Expr
	switch a := k.Arity(); {
	case a > 0:
		for range a {
			args = append(args, randExpr(r, depth-1))
		}
	default:
		for range 2 + r.Intn(2) {
			args = append(args, randExpr(r, depth-1))
		}
	}
	if r.Intn(5) == 0 {
		return NewCall("f", args...)
	}
	return NewOp(k, args...)
}

func fold(e Expr) Expr { return Simplify(e) }

var hook = WithCall(func(_ string, a []int64) (int64, error) {
	var s int64
	for i, x := range a {
		s += int64(i+1) * x
	}
	return s % 17, nil
})

func evalHook(e Expr, env map[string]int64) (int64, error) {
	in := &interp{params: env, cfg: interpConfig{budget: DefaultBudget}}
	hook(&in.cfg)
	return in.eval(e)
}

// TestFoldAndPrintRandom checks on random expressions that (1) the folding
// constructors preserve the value whenever the unfolded expression
// evaluates, and fail whenever it fails; (2) ExprC's text, parsed back with
// C's precedence by a small test parser, evaluates to the same value;
// (3) Copy and Equal agree.
func TestFoldAndPrintRandom(t *testing.T) {
	seed := int64(20261122)
	r := rand.New(rand.NewSource(seed))
	for it := range 20000 {
		e := randExpr(r, 4)
		env := map[string]int64{"n": int64(r.Intn(9) - 4), "m": int64(r.Intn(9) - 4), "p": int64(r.Intn(9) - 4)}
		v, err := evalHook(e, env)
		f := fold(e)
		fv, ferr := evalHook(f, env)
		if err == nil && (ferr != nil || fv != v) {
			t.Fatalf("seed %d iter %d: %s = %d but folded %s = %d, %v", seed, it, SExpr(e), v, SExpr(f), fv, ferr)
		}
		if err != nil && ferr == nil && !errors.Is(err, ErrDomain) {
			// Folding may only remove a failure of ExactDiv's exactness check
			// (a/-d with a inexact stays inexact), never a real one.
			t.Fatalf("seed %d iter %d: %s fails (%v) but folded %s = %d", seed, it, SExpr(e), err, SExpr(f), fv)
		}
		c := CopyExpr(e)
		if !Equal(c, e) {
			t.Fatalf("copy differs: %s", SExpr(e))
		}
		for _, x := range []Expr{e, f} {
			xv, xerr := evalHook(x, env)
			if xerr != nil {
				continue
			}
			text := ExprC(x)
			pv, perr := parseEvalC(text, env)
			if perr != nil || pv != xv {
				t.Fatalf("seed %d iter %d: %s printed %q evaluates to %d, %v; want %d", seed, it, SExpr(x), text, pv, perr, xv)
			}
		}
	}
}

// parseEvalC parses a C expression as printed by ExprC (with C's
// precedence and associativity) and evaluates it with the same semantics as
// the interpreter (floord, ceild, min, max, f as calls). It is an
// independent oracle for the printer's parentheses.
func parseEvalC(s string, env map[string]int64) (int64, error) {
	p := &cparser{s: s, env: env}
	v := p.ternary()
	p.ws()
	if p.err == nil && p.i != len(p.s) {
		p.err = fmt.Errorf("trailing %q", p.s[p.i:])
	}
	return v, p.err
}

type cparser struct {
	s    string
	i    int
	env  map[string]int64
	err  error
	dead int // > 0 inside an operand that C does not evaluate
}

func (p *cparser) ws() {
	for p.i < len(p.s) && p.s[p.i] == ' ' {
		p.i++
	}
}

func (p *cparser) eat(tok string) bool {
	p.ws()
	if len(p.s)-p.i >= len(tok) && p.s[p.i:p.i+len(tok)] == tok {
		// do not take "<" of "<=", "&" of "&&" etc. handled by caller order
		p.i += len(tok)
		return true
	}
	return false
}

func (p *cparser) fail(msg string) int64 {
	if p.dead > 0 && !strings.HasPrefix(msg, "want") && !strings.HasPrefix(msg, "unknown") && !strings.HasPrefix(msg, "unbound") {
		return 0
	}
	if p.err == nil {
		p.err = fmt.Errorf("%s at %d in %q", msg, p.i, p.s)
	}
	return 0
}

func (p *cparser) ternary() int64 {
	c := p.binary(0)
	if p.eat("?") {
		if c == 0 {
			p.dead++
		}
		a := p.ternary()
		if c == 0 {
			p.dead--
		}
		if !p.eat(":") {
			return p.fail("want :")
		}
		if c != 0 {
			p.dead++
		}
		b := p.ternary()
		if c != 0 {
			p.dead--
		}
		if c != 0 {
			return a
		}
		return b
	}
	return c
}

var cLevels = [][]string{{"||"}, {"&&"}, {"==", "!="}, {"<=", ">=", "<", ">"}, {"+", "-"}, {"*", "/", "%"}}

// binary parses left-associative levels; it evaluates eagerly (the
// random test only prints expressions that evaluate without error, and
// C's short-circuit gives the same value when both sides are defined).
func (p *cparser) binary(level int) int64 {
	if level == len(cLevels) {
		return p.unary()
	}
	v := p.binary(level + 1)
	for {
		op := ""
		for _, o := range cLevels[level] {
			save := p.i
			if p.eat(o) {
				if (o == "&&" || o == "||") || p.i >= len(p.s) || (p.s[p.i] != '=' && p.s[p.i] != '&' && p.s[p.i] != '|') {
					op = o
					break
				}
				p.i = save
			}
		}
		if op == "" {
			return v
		}
		skip := (op == "&&" && v == 0) || (op == "||" && v != 0)
		if skip {
			p.dead++
		}
		w := p.binary(level + 1)
		if skip {
			p.dead--
		}
		var r int64
		var err error
		switch op {
		case "||":
			r = b2i(v != 0 || w != 0)
		case "&&":
			r = b2i(v != 0 && w != 0)
		case "/":
			if w == 0 {
				r = p.fail("div zero")
			} else {
				r = v / w
			}
		default:
			k := map[string]OpKind{"==": OpEq, "!=": OpNe, "<=": OpLe, ">=": OpGe, "<": OpLt, ">": OpGt,
				"+": OpAdd, "-": OpSub, "*": OpMul, "%": OpRem}[op]
			r, err = applyOp(k, []int64{v, w})
		}
		if err != nil {
			r = p.fail(err.Error())
		}
		v = r
	}
}

func (p *cparser) unary() int64 {
	if p.eat("-") {
		v := p.unary()
		if v == math.MinInt64 {
			return p.fail("neg overflow")
		}
		return -v
	}
	if p.eat("!") {
		return b2i(p.unary() == 0)
	}
	return p.primary()
}

func (p *cparser) primary() int64 {
	p.ws()
	if p.eat("(") {
		v := p.ternary()
		if !p.eat(")") {
			return p.fail("want )")
		}
		return v
	}
	j := p.i
	for j < len(p.s) && (p.s[j] >= '0' && p.s[j] <= '9') {
		j++
	}
	if j > p.i {
		v, err := strconv.ParseInt(p.s[p.i:j], 10, 64)
		p.i = j
		if err != nil {
			return p.fail(err.Error())
		}
		return v
	}
	for j < len(p.s) && isCIdent(p.s[p.i:j+1]) {
		j++
	}
	if j == p.i {
		return p.fail("want operand")
	}
	name := p.s[p.i:j]
	p.i = j
	if !p.eat("(") {
		v, ok := p.env[name]
		if !ok {
			return p.fail("unbound " + name)
		}
		return v
	}
	var args []int64
	for {
		args = append(args, p.ternary())
		if p.eat(")") {
			break
		}
		if !p.eat(",") {
			return p.fail("want ,")
		}
	}
	var r int64
	var err error
	switch name {
	case "floord":
		r, err = applyOp(OpFloorDiv, args)
	case "ceild":
		r, err = applyOp(OpCeilDiv, args)
	case "min":
		r, err = applyOp(OpMin, args)
	case "max":
		r, err = applyOp(OpMax, args)
	case "f":
		in := &interp{}
		hook(&in.cfg)
		r, err = in.cfg.call("f", args)
	default:
		return p.fail("unknown function " + name)
	}
	if err != nil {
		return p.fail(err.Error())
	}
	return r
}
