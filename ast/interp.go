package ast

import (
	"errors"
	"fmt"
	"math"
	"strings"

	"github.com/tessera-opt/tessera/presburger/ints"
)

// Instance is one execution of a User node: its statement name and the
// values of its arguments.
type Instance struct {
	Name string
	Args []int64
}

// String is the C-like form S1(0, 3).
func (in Instance) String() string {
	var b strings.Builder
	b.WriteString(in.Name)
	b.WriteByte('(')
	for i, a := range in.Args {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(itoa(a))
	}
	b.WriteByte(')')
	return b.String()
}

// FormatInstances prints one instance a line (S1(0, 3)), for test diffs.
func FormatInstances(ins []Instance) string {
	var b strings.Builder
	for _, in := range ins {
		b.WriteString(in.String())
		b.WriteByte('\n')
	}
	return b.String()
}

// EqualInstances reports whether a and b are the same sequence.
func EqualInstances(a, b []Instance) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].Name != b[i].Name || len(a[i].Args) != len(b[i].Args) {
			return false
		}
		for j := range a[i].Args {
			if a[i].Args[j] != b[i].Args[j] {
				return false
			}
		}
	}
	return true
}

// Errors of Interpret, to be tested with errors.Is.
var (
	ErrOverflow = errors.New("int64 overflow")
	ErrDivZero  = errors.New("division by zero")
	ErrBudget   = errors.New("iteration budget exceeded")
	ErrUnbound  = errors.New("unbound identifier")
	ErrDomain   = errors.New("operand outside the operator's domain")
	ErrInvalid  = errors.New("invalid tree")
)

// DefaultBudget is the number of steps (loop iterations plus User
// instances) Interpret allows unless WithBudget says otherwise.
const DefaultBudget = 1 << 22

// Option configures Interpret.
type Option func(*interpConfig)

type interpConfig struct {
	budget int64
	call   func(name string, args []int64) (int64, error)
}

// WithBudget bounds the number of steps (loop iterations plus User
// instances); exceeding it makes Interpret fail with ErrBudget.
func WithBudget(n int64) Option { return func(c *interpConfig) { c.budget = n } }

// WithCall gives the values of opaque Call expressions; without it a Call
// is an error.
func WithCall(f func(name string, args []int64) (int64, error)) Option {
	return func(c *interpConfig) { c.call = f }
}

// Interpret executes n with exact int64 arithmetic and returns the User
// instances in execution order. params gives the values of the free
// identifiers. It fails (with one of the Err* values wrapped with context)
// on overflow, division by zero, a division marked exact that is not, a
// PDivQ with a negative operand, an unbound identifier, a zero loop step,
// or when the step budget is exceeded.
//
// Semantics: a For evaluates Init once, then repeatedly evaluates Cond,
// runs Body and adds Inc (evaluated at each step) to the iterator; a Decl
// binds its name for the rest of its Block; Marks are transparent.
func Interpret(n Node, params map[string]int64, opts ...Option) ([]Instance, error) {
	in := &interp{cfg: interpConfig{budget: DefaultBudget}}
	for _, o := range opts {
		o(&in.cfg)
	}
	in.params = params
	if err := in.exec(n); err != nil {
		return in.out, err
	}
	return in.out, nil
}

type binding struct {
	name string
	v    int64
}

type interp struct {
	cfg    interpConfig
	params map[string]int64
	env    []binding // innermost last
	steps  int64
	out    []Instance
	arena  []int64 // storage for the Args of the next instances
}

func (in *interp) step() error {
	in.steps++
	if in.steps > in.cfg.budget {
		return fmt.Errorf("ast: interpret: %w (%d steps)", ErrBudget, in.cfg.budget)
	}
	return nil
}

func (in *interp) lookup(name string) (int64, error) {
	for i := len(in.env) - 1; i >= 0; i-- {
		if in.env[i].name == name {
			return in.env[i].v, nil
		}
	}
	if v, ok := in.params[name]; ok {
		return v, nil
	}
	return 0, fmt.Errorf("ast: interpret: %w %q", ErrUnbound, name)
}

func (in *interp) exec(n Node) error {
	if isNil(n) {
		return fmt.Errorf("ast: interpret: %w: nil statement", ErrInvalid)
	}
	switch n := n.(type) {
	case *Block:
		mark := len(in.env)
		for _, s := range n.Stmts {
			if err := in.exec(s); err != nil {
				return err
			}
		}
		in.env = in.env[:mark]
		return nil
	case *Decl:
		v, err := in.eval(n.Value)
		if err != nil {
			return err
		}
		in.env = append(in.env, binding{n.Name, v})
		return nil
	case *User:
		// Arguments are cut from a shared arena (full slice expressions, so
		// that appending to one Instance's Args cannot touch another's).
		if len(in.arena) < len(n.Args) {
			in.arena = make([]int64, max(1024, len(n.Args)))
		}
		args := in.arena[:len(n.Args):len(n.Args)]
		in.arena = in.arena[len(n.Args):]
		for i, a := range n.Args {
			v, err := in.eval(a)
			if err != nil {
				return err
			}
			args[i] = v
		}
		if err := in.step(); err != nil {
			return err
		}
		in.out = append(in.out, Instance{Name: n.Name, Args: args})
		return nil
	case *Mark:
		return in.exec(n.Body)
	case *If:
		c, err := in.eval(n.Cond)
		if err != nil {
			return err
		}
		if c != 0 {
			return in.exec(n.Then)
		}
		if isNil(n.Else) {
			return nil
		}
		return in.exec(n.Else)
	case *For:
		return in.execFor(n)
	}
	return fmt.Errorf("ast: interpret: %w: unknown node %T", ErrInvalid, n)
}

func (in *interp) execFor(f *For) error {
	// We bind the iterator to Init, then loop: test Cond, run Body (whose
	// Decls are popped by its own Block), add Inc.
	v, err := in.eval(f.Init)
	if err != nil {
		return err
	}
	slot := len(in.env)
	in.env = append(in.env, binding{f.Iter, v})
	defer func() { in.env = in.env[:slot] }()
	for {
		c, err := in.eval(f.Cond)
		if err != nil {
			return err
		}
		if c == 0 {
			return nil
		}
		if err := in.step(); err != nil {
			return err
		}
		if err := in.exec(f.Body); err != nil {
			return err
		}
		in.env = in.env[:slot+1]
		inc, err := in.eval(f.Inc)
		if err != nil {
			return err
		}
		if inc == 0 {
			return fmt.Errorf("ast: interpret: %w: loop %s has step 0", ErrDomain, f.Iter)
		}
		nv, ok := ints.AddOK(in.env[slot].v, inc)
		if !ok {
			return fmt.Errorf("ast: interpret: %w: %s += %d", ErrOverflow, f.Iter, inc)
		}
		in.env[slot].v = nv
	}
}

// Eval evaluates e with the identifiers of env (no Call hook).
func Eval(e Expr, env map[string]int64) (int64, error) {
	in := &interp{params: env}
	return in.eval(e)
}

func (in *interp) eval(e Expr) (int64, error) {
	switch e := e.(type) {
	case *Int:
		return e.V, nil
	case *Ident:
		return in.lookup(e.Name)
	case *Call:
		if in.cfg.call == nil {
			return 0, fmt.Errorf("ast: interpret: %w: call to %s without a call hook", ErrInvalid, e.Func)
		}
		args := make([]int64, len(e.Args))
		for i, a := range e.Args {
			v, err := in.eval(a)
			if err != nil {
				return 0, err
			}
			args[i] = v
		}
		return in.cfg.call(e.Func, args)
	case *Op:
		return in.evalOp(e)
	}
	return 0, fmt.Errorf("ast: interpret: %w: expression %T", ErrInvalid, e)
}

func (in *interp) evalOp(e *Op) (int64, error) {
	n := e.Kind.Arity()
	if n == 0 || (n > 0 && len(e.Args) != n) || (n < 0 && len(e.Args) < 1) {
		return 0, fmt.Errorf("ast: interpret: %w: %s with %d arguments", ErrInvalid, e.Kind, len(e.Args))
	}
	// Short-circuit and conditional operators evaluate lazily.
	switch e.Kind {
	case OpAnd, OpOr:
		want := e.Kind == OpOr // the value that stops the chain
		for _, a := range e.Args {
			v, err := in.eval(a)
			if err != nil {
				return 0, err
			}
			if (v != 0) == want {
				return b2i(want), nil
			}
		}
		return b2i(!want), nil
	case OpSelect:
		c, err := in.eval(e.Args[0])
		if err != nil {
			return 0, err
		}
		if c != 0 {
			return in.eval(e.Args[1])
		}
		return in.eval(e.Args[2])
	}
	switch e.Kind {
	case OpMin, OpMax, OpAndEager, OpOrEager:
		// n-ary strict operators: fold left without a slice.
		acc, err := in.eval(e.Args[0])
		if err != nil {
			return 0, err
		}
		if e.Kind == OpAndEager || e.Kind == OpOrEager {
			acc = b2i(acc != 0)
		}
		for _, a := range e.Args[1:] {
			v, err := in.eval(a)
			if err != nil {
				return 0, err
			}
			if acc, err = apply2(e.Kind, acc, v); err != nil {
				return 0, err
			}
		}
		return acc, nil
	}
	x, err := in.eval(e.Args[0])
	if err != nil {
		return 0, err
	}
	var y int64
	if len(e.Args) == 2 {
		if y, err = in.eval(e.Args[1]); err != nil {
			return 0, err
		}
	}
	return apply2(e.Kind, x, y)
}

func b2i(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

// apply2 applies a strict unary (y unused) or binary operator; for the
// n-ary ones it combines an accumulated value x with the next operand y.
func apply2(k OpKind, x, y int64) (int64, error) {
	ovf := func() (int64, error) {
		return 0, fmt.Errorf("ast: interpret: %w in %s(%d, %d)", ErrOverflow, k, x, y)
	}
	div := func() error {
		if y == 0 {
			return fmt.Errorf("ast: interpret: %w in %s(%d, %d)", ErrDivZero, k, x, y)
		}
		return nil
	}
	v := [2]int64{x, y}
	var r int64
	var ok bool
	switch k {
	case OpAdd:
		r, ok = ints.AddOK(v[0], v[1])
	case OpSub:
		r, ok = ints.SubOK(v[0], v[1])
	case OpMul:
		r, ok = ints.MulOK(v[0], v[1])
	case OpNeg:
		r, ok = -v[0], v[0] != math.MinInt64
	case OpFloorDiv:
		if err := div(); err != nil {
			return 0, err
		}
		r, ok = floorDivChecked(v[0], v[1])
	case OpCeilDiv:
		if err := div(); err != nil {
			return 0, err
		}
		r, ok = ceilDivChecked(v[0], v[1])
	case OpExactDiv:
		if err := div(); err != nil {
			return 0, err
		}
		if v[0]%v[1] != 0 {
			return 0, fmt.Errorf("ast: interpret: %w: %d / %d is not exact", ErrDomain, v[0], v[1])
		}
		r, ok = truncDivChecked(v[0], v[1])
	case OpPDivQ:
		if err := div(); err != nil {
			return 0, err
		}
		if v[0] < 0 || v[1] < 0 {
			return 0, fmt.Errorf("ast: interpret: %w: pdivq(%d, %d) needs non-negative operands", ErrDomain, v[0], v[1])
		}
		r, ok = v[0]/v[1], true
	case OpRem:
		if err := div(); err != nil {
			return 0, err
		}
		if v[1] == -1 {
			r, ok = 0, true
		} else {
			r, ok = v[0]%v[1], true
		}
	case OpMin:
		r, ok = min(x, y), true
	case OpMax:
		r, ok = max(x, y), true
	case OpEq:
		r, ok = b2i(v[0] == v[1]), true
	case OpNe:
		r, ok = b2i(v[0] != v[1]), true
	case OpLt:
		r, ok = b2i(v[0] < v[1]), true
	case OpLe:
		r, ok = b2i(v[0] <= v[1]), true
	case OpGt:
		r, ok = b2i(v[0] > v[1]), true
	case OpGe:
		r, ok = b2i(v[0] >= v[1]), true
	case OpAndEager:
		r, ok = b2i(x != 0 && y != 0), true
	case OpOrEager:
		r, ok = b2i(x != 0 || y != 0), true
	case OpNot:
		r, ok = b2i(v[0] == 0), true
	default:
		return 0, fmt.Errorf("ast: interpret: %w: operator %s", ErrInvalid, k)
	}
	if !ok {
		return ovf()
	}
	return r, nil
}
