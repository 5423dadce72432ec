package ast

import (
	"math"
	"strings"

	"github.com/tessera-opt/tessera/presburger/ints"
)

// Expr is an integer expression of the generated code. The concrete types
// are *Int, *Ident, *Op and *Call; the set is closed (unexported marker).
//
// Expressions are values built by the constructors of this file (which fold
// constants); a pass that wants to change an expression builds a new one
// rather than editing a shared one in place. Copy gives a private deep copy
// when a pass must edit.
type Expr interface {
	isExpr()
	// String is the C form of the expression (see ExprC).
	String() string
}

// Int is an integer constant.
type Int struct{ V int64 }

// Ident is a name: a loop iterator, a Decl binding or a parameter.
type Ident struct{ Name string }

// Op is an operator applied to arguments. Invariant: len(Args) matches
// Kind.Arity (n-ary kinds Min, Max, And, Or, AndEager, OrEager have at
// least two arguments when built by the constructors).
type Op struct {
	Kind OpKind
	Args []Expr
}

// Call is an opaque function call f(args...). The interpreter evaluates it
// only through the hook given by WithCall.
type Call struct {
	Func string
	Args []Expr
}

func (*Int) isExpr()   {}
func (*Ident) isExpr() {}
func (*Op) isExpr()    {}
func (*Call) isExpr()  {}

func (e *Int) String() string   { return ExprC(e) }
func (e *Ident) String() string { return ExprC(e) }
func (e *Op) String() string    { return ExprC(e) }
func (e *Call) String() string  { return ExprC(e) }

// OpKind names an operator. The comments give the isl name
// (isl_ast_expr_op_*) and the C form printed.
type OpKind uint8

const (
	OpInvalid  OpKind = iota
	OpAdd             // add: a + b
	OpSub             // sub: a - b
	OpMul             // mul: a * b
	OpNeg             // minus: -a
	OpFloorDiv        // fdiv_q: floord(a, b), rounds towards -inf
	OpCeilDiv         // (no isl op): ceild(a, b), rounds towards +inf
	OpExactDiv        // div: a / b, the division is known to be exact
	OpPDivQ           // pdiv_q: a / b with a >= 0 and b > 0
	OpRem             // pdiv_r / zdiv_r: a % b with C (truncating) semantics
	OpMin             // min: min(a, b, ...), printed min(min(a, b), c)
	OpMax             // max: max(a, b, ...)
	OpEq              // eq: a == b
	OpNe              // (no isl op): a != b
	OpLt              // lt: a < b
	OpLe              // le: a <= b
	OpGt              // gt: a > b
	OpGe              // ge: a >= b
	OpAnd             // and_then: a && b && ..., short-circuit
	OpOr              // or_else: a || b || ..., short-circuit
	OpAndEager        // and: every operand evaluated, printed &&
	OpOrEager         // or: every operand evaluated, printed ||
	OpNot             // (no isl op): !a
	OpSelect          // select / cond: a ? b : c
	numOpKinds
)

var opNames = [numOpKinds]string{
	OpInvalid: "invalid", OpAdd: "+", OpSub: "-", OpMul: "*", OpNeg: "neg",
	OpFloorDiv: "floord", OpCeilDiv: "ceild", OpExactDiv: "/exact", OpPDivQ: "/pdivq",
	OpRem: "%", OpMin: "min", OpMax: "max", OpEq: "==", OpNe: "!=", OpLt: "<",
	OpLe: "<=", OpGt: ">", OpGe: ">=", OpAnd: "&&", OpOr: "||", OpAndEager: "and",
	OpOrEager: "or", OpNot: "!", OpSelect: "?:",
}

// String is the short name used by Dump.
func (k OpKind) String() string {
	if k < numOpKinds {
		return opNames[k]
	}
	return "OpKind(?)"
}

// Arity is the number of arguments of k, or -1 for n-ary kinds (at least 2).
func (k OpKind) Arity() int {
	switch k {
	case OpNeg, OpNot:
		return 1
	case OpSelect:
		return 3
	case OpMin, OpMax, OpAnd, OpOr, OpAndEager, OpOrEager:
		return -1
	case OpInvalid:
		return 0
	}
	if k >= numOpKinds {
		return 0
	}
	return 2
}

// IsBool reports whether the value of k is always 0 or 1.
func (k OpKind) IsBool() bool {
	switch k {
	case OpEq, OpNe, OpLt, OpLe, OpGt, OpGe, OpAnd, OpOr, OpAndEager, OpOrEager, OpNot:
		return true
	}
	return false
}

// isBoolExpr reports whether e's value is always 0 or 1.
func isBoolExpr(e Expr) bool {
	switch e := e.(type) {
	case *Int:
		return e.V == 0 || e.V == 1
	case *Op:
		return e.Kind.IsBool()
	}
	return false
}

// ---- constructors ----------------------------------------------------------

// NewInt is the constant v.
func NewInt(v int64) *Int { return &Int{V: v} }

// NewIdent is the identifier name.
func NewIdent(name string) *Ident { return &Ident{Name: name} }

// NewCall is the opaque call f(args...).
func NewCall(f string, args ...Expr) *Call { return &Call{Func: f, Args: args} }

// NewOp builds k(args...) without any simplification. It panics when the
// number of arguments does not fit k (a programmer error).
func NewOp(k OpKind, args ...Expr) *Op {
	n := k.Arity()
	if n == 0 || (n > 0 && len(args) != n) || (n < 0 && len(args) < 2) {
		panic("ast: NewOp " + k.String() + ": wrong number of arguments")
	}
	for _, a := range args {
		if a == nil {
			panic("ast: NewOp " + k.String() + ": nil argument")
		}
	}
	return &Op{Kind: k, Args: args}
}

func constOf(e Expr) (int64, bool) {
	if c, ok := e.(*Int); ok {
		return c.V, true
	}
	return 0, false
}

// simple reports whether e cannot fail to evaluate (no division, no call),
// so that folding it away does not hide an error.
func simple(e Expr) bool {
	switch e.(type) {
	case *Int, *Ident:
		return true
	}
	return false
}

// Add is a + b, folded.
func Add(a, b Expr) Expr {
	x, xok := constOf(a)
	y, yok := constOf(b)
	switch {
	case xok && yok:
		if v, ok := ints.AddOK(x, y); ok {
			return NewInt(v)
		}
	case yok && y == 0:
		return a
	case xok && x == 0:
		return b
	}
	return NewOp(OpAdd, a, b)
}

// Sub is a - b, folded.
func Sub(a, b Expr) Expr {
	x, xok := constOf(a)
	y, yok := constOf(b)
	switch {
	case xok && yok:
		if v, ok := ints.SubOK(x, y); ok {
			return NewInt(v)
		}
	case yok && y == 0:
		return a
	case xok && x == 0:
		return Neg(b)
	}
	return NewOp(OpSub, a, b)
}

// Mul is a * b, folded (1*x = x, -1*x = -x, 0*x = 0 when x is simple).
func Mul(a, b Expr) Expr {
	x, xok := constOf(a)
	y, yok := constOf(b)
	if xok && yok {
		if v, ok := ints.MulOK(x, y); ok {
			return NewInt(v)
		}
		return NewOp(OpMul, a, b)
	}
	if yok && !xok {
		x, xok, y, yok, a, b = y, yok, x, xok, b, a
	}
	if xok {
		switch x {
		case 1:
			return b
		case -1:
			return Neg(b)
		case 0:
			if simple(b) {
				return NewInt(0)
			}
		}
	}
	return NewOp(OpMul, a, b)
}

// Neg is -a, folded.
func Neg(a Expr) Expr {
	if x, ok := constOf(a); ok && x != math.MinInt64 {
		return NewInt(-x)
	}
	if o, ok := a.(*Op); ok && o.Kind == OpNeg {
		return o.Args[0]
	}
	return NewOp(OpNeg, a)
}

// divisor normalizes a division by a negative constant: a/(-d) = (-a)/d.
func divisor(a, b Expr) (Expr, Expr) {
	if y, ok := constOf(b); ok && y < 0 && y != math.MinInt64 {
		return Neg(a), NewInt(-y)
	}
	return a, b
}

// FloorDiv is floor(a / b), folded; a negative constant divisor is made
// positive so that the printed floord always has a positive divisor.
func FloorDiv(a, b Expr) Expr {
	a, b = divisor(a, b)
	x, xok := constOf(a)
	y, yok := constOf(b)
	if yok && y == 1 {
		return a
	}
	if xok && yok && y != 0 {
		if v, ok := floorDivChecked(x, y); ok {
			return NewInt(v)
		}
	}
	return NewOp(OpFloorDiv, a, b)
}

// CeilDiv is ceil(a / b), folded like FloorDiv.
func CeilDiv(a, b Expr) Expr {
	a, b = divisor(a, b)
	x, xok := constOf(a)
	y, yok := constOf(b)
	if yok && y == 1 {
		return a
	}
	if xok && yok && y != 0 {
		if v, ok := ceilDivChecked(x, y); ok {
			return NewInt(v)
		}
	}
	return NewOp(OpCeilDiv, a, b)
}

// ExactDiv is a / b where b divides a (the interpreter checks it).
func ExactDiv(a, b Expr) Expr {
	x, xok := constOf(a)
	y, yok := constOf(b)
	if yok && y == 1 {
		return a
	}
	if xok && yok && y != 0 && x%y == 0 {
		if v, ok := floorDivChecked(x, y); ok {
			return NewInt(v)
		}
	}
	return NewOp(OpExactDiv, a, b)
}

// PDivQ is a / b for a >= 0 and b > 0 (the interpreter checks it).
func PDivQ(a, b Expr) Expr {
	x, xok := constOf(a)
	y, yok := constOf(b)
	if yok && y == 1 {
		return a
	}
	if xok && yok && x >= 0 && y > 0 {
		return NewInt(x / y)
	}
	return NewOp(OpPDivQ, a, b)
}

// Rem is a % b with C semantics (the sign of the result follows a).
func Rem(a, b Expr) Expr {
	x, xok := constOf(a)
	y, yok := constOf(b)
	if xok && yok && y != 0 {
		if y == -1 {
			return NewInt(0)
		}
		return NewInt(x % y)
	}
	if yok && (y == 1 || y == -1) && simple(a) {
		return NewInt(0)
	}
	return NewOp(OpRem, a, b)
}

func minMax(k OpKind, args []Expr) Expr {
	if len(args) == 0 {
		panic("ast: " + k.String() + " of no arguments")
	}
	// We fold all constants into one, placed where the first one was,
	// and drop arguments equal to an earlier one.
	var out []Expr
	ci := -1
	for _, a := range args {
		if m, ok := a.(*Op); ok && m.Kind == k {
			// min(min(a, b), c) = min(a, b, c)
			out = appendMinMaxArgs(k, out, &ci, m.Args)
			continue
		}
		out = appendMinMaxArgs(k, out, &ci, []Expr{a})
	}
	if len(out) == 1 {
		return out[0]
	}
	return &Op{Kind: k, Args: out}
}

func appendMinMaxArgs(k OpKind, out []Expr, ci *int, args []Expr) []Expr {
next:
	for _, a := range args {
		if v, ok := constOf(a); ok {
			if *ci < 0 {
				*ci = len(out)
				out = append(out, NewInt(v))
				continue
			}
			cur := out[*ci].(*Int).V
			if (k == OpMin && v < cur) || (k == OpMax && v > cur) {
				out[*ci] = NewInt(v)
			}
			continue
		}
		for _, o := range out {
			if Equal(o, a) {
				continue next
			}
		}
		out = append(out, a)
	}
	return out
}

// Min is min(args...), folded: min(a) = a, constants combined, duplicates
// dropped, nested mins flattened.
func Min(args ...Expr) Expr { return minMax(OpMin, args) }

// Max is max(args...), folded like Min.
func Max(args ...Expr) Expr { return minMax(OpMax, args) }

func cmp(k OpKind, a, b Expr) Expr {
	x, xok := constOf(a)
	y, yok := constOf(b)
	if xok && yok {
		var r bool
		switch k {
		case OpEq:
			r = x == y
		case OpNe:
			r = x != y
		case OpLt:
			r = x < y
		case OpLe:
			r = x <= y
		case OpGt:
			r = x > y
		case OpGe:
			r = x >= y
		}
		return boolInt(r)
	}
	return NewOp(k, a, b)
}

func boolInt(b bool) *Int {
	if b {
		return NewInt(1)
	}
	return NewInt(0)
}

// Eq is a == b. Eq, Ne, Lt, Le, Gt, Ge fold constant operands to 0 or 1.
func Eq(a, b Expr) Expr { return cmp(OpEq, a, b) }

// Ne is a != b.
func Ne(a, b Expr) Expr { return cmp(OpNe, a, b) }

// Lt is a < b.
func Lt(a, b Expr) Expr { return cmp(OpLt, a, b) }

// Le is a <= b.
func Le(a, b Expr) Expr { return cmp(OpLe, a, b) }

// Gt is a > b.
func Gt(a, b Expr) Expr { return cmp(OpGt, a, b) }

// Ge is a >= b.
func Ge(a, b Expr) Expr { return cmp(OpGe, a, b) }

func logic(k OpKind, args []Expr) Expr {
	if len(args) == 0 {
		panic("ast: " + k.String() + " of no arguments")
	}
	isAnd := k == OpAnd || k == OpAndEager
	eager := k == OpAndEager || k == OpOrEager
	var out []Expr
	for _, a := range args {
		if o, ok := a.(*Op); ok && o.Kind == k {
			out = append(out, o.Args...)
			continue
		}
		if v, ok := constOf(a); ok {
			// The neutral constant is dropped; the absorbing one decides the
			// value when nothing before it can fail (short-circuit: when
			// it comes first; eager: when everything is simple).
			if (v != 0) == isAnd {
				continue
			}
			if len(out) == 0 && !eager {
				return boolInt(!isAnd)
			}
			if eager && allSimple(args) {
				return boolInt(!isAnd)
			}
		}
		out = append(out, a)
	}
	switch len(out) {
	case 0:
		return boolInt(isAnd)
	case 1:
		if isBoolExpr(out[0]) {
			return out[0]
		}
		return Ne(out[0], NewInt(0))
	}
	return &Op{Kind: k, Args: out}
}

func allSimple(args []Expr) bool {
	for _, a := range args {
		if !simple(a) {
			return false
		}
	}
	return true
}

// And is a && b && ... (short-circuit), folded.
func And(args ...Expr) Expr { return logic(OpAnd, args) }

// Or is a || b || ... (short-circuit), folded.
func Or(args ...Expr) Expr { return logic(OpOr, args) }

// AndEager is the conjunction that evaluates every operand.
func AndEager(args ...Expr) Expr { return logic(OpAndEager, args) }

// OrEager is the disjunction that evaluates every operand.
func OrEager(args ...Expr) Expr { return logic(OpOrEager, args) }

// Not is !a, folded; the negation of a comparison is the opposite comparison.
func Not(a Expr) Expr {
	if v, ok := constOf(a); ok {
		return boolInt(v == 0)
	}
	if o, ok := a.(*Op); ok {
		switch o.Kind {
		case OpNot:
			if isBoolExpr(o.Args[0]) {
				return o.Args[0]
			}
		case OpEq:
			return NewOp(OpNe, o.Args[0], o.Args[1])
		case OpNe:
			return NewOp(OpEq, o.Args[0], o.Args[1])
		case OpLt:
			return NewOp(OpGe, o.Args[0], o.Args[1])
		case OpLe:
			return NewOp(OpGt, o.Args[0], o.Args[1])
		case OpGt:
			return NewOp(OpLe, o.Args[0], o.Args[1])
		case OpGe:
			return NewOp(OpLt, o.Args[0], o.Args[1])
		}
	}
	return NewOp(OpNot, a)
}

// Select is c ? a : b, folded when c is constant.
func Select(c, a, b Expr) Expr {
	if v, ok := constOf(c); ok {
		if v != 0 {
			return a
		}
		return b
	}
	return NewOp(OpSelect, c, a, b)
}

// ---- equality and copy -----------------------------------------------------

// Equal reports whether a and b are the same expression tree.
func Equal(a, b Expr) bool {
	switch a := a.(type) {
	case nil:
		return b == nil
	case *Int:
		b, ok := b.(*Int)
		return ok && a.V == b.V
	case *Ident:
		b, ok := b.(*Ident)
		return ok && a.Name == b.Name
	case *Op:
		b, ok := b.(*Op)
		return ok && a.Kind == b.Kind && equalList(a.Args, b.Args)
	case *Call:
		b, ok := b.(*Call)
		return ok && a.Func == b.Func && equalList(a.Args, b.Args)
	}
	return false
}

func equalList(a, b []Expr) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !Equal(a[i], b[i]) {
			return false
		}
	}
	return true
}

// CopyExpr is a deep copy of e.
func CopyExpr(e Expr) Expr {
	switch e := e.(type) {
	case *Int:
		return &Int{V: e.V}
	case *Ident:
		return &Ident{Name: e.Name}
	case *Op:
		return &Op{Kind: e.Kind, Args: copyList(e.Args)}
	case *Call:
		return &Call{Func: e.Func, Args: copyList(e.Args)}
	}
	return nil
}

func copyList(l []Expr) []Expr {
	if l == nil {
		return nil
	}
	out := make([]Expr, len(l))
	for i, e := range l {
		out[i] = CopyExpr(e)
	}
	return out
}

// SExpr is the fully parenthesized prefix form of e used by Dump, e.g.
// (+ c0 (floord n 2)).
func SExpr(e Expr) string {
	var b strings.Builder
	sexpr(&b, e)
	return b.String()
}

func sexpr(b *strings.Builder, e Expr) {
	switch e := e.(type) {
	case nil:
		b.WriteString("<nil>")
	case *Int:
		b.WriteString(itoa(e.V))
	case *Ident:
		b.WriteString(e.Name)
	case *Op:
		b.WriteString("(" + e.Kind.String())
		for _, a := range e.Args {
			b.WriteByte(' ')
			sexpr(b, a)
		}
		b.WriteByte(')')
	case *Call:
		b.WriteString("(call " + e.Func)
		for _, a := range e.Args {
			b.WriteByte(' ')
			sexpr(b, a)
		}
		b.WriteByte(')')
	}
}
