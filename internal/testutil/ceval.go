package testutil

import (
	"fmt"
	"strings"

	"github.com/tessera-opt/tessera/cfront"
)

// EvalInt evaluates the integer C expression e as C does on int64
// (division and remainder truncate toward zero), for the tests that run
// small programs themselves to check a model against them. It knows
// integer and character literals, names (their values from name),
// elements of arrays (from elem, given the array's name and the values
// of its subscripts; elem may be nil), unary - + !, binary + - * / %,
// comparisons, && and || (short-circuit), ?:, casts and parentheses (the
// value is kept), and calls of min and max in any case, with any number
// of arguments. Anything else, a name or element without a value, and a
// division by zero are errors that quote the expression.
func EvalInt(e cfront.Expr, name func(string) (int64, bool), elem func(array string, subs []int64) (int64, bool)) (int64, error) {
	ev := intEval{name: name, elem: elem}
	return ev.eval(e)
}

type intEval struct {
	name func(string) (int64, bool)
	elem func(string, []int64) (int64, bool)
}

func (ev intEval) eval(e cfront.Expr) (int64, error) {
	switch x := e.(type) {
	case *cfront.Paren:
		return ev.eval(x.X)
	case *cfront.Cast:
		return ev.eval(x.X)
	case *cfront.IntLit:
		return x.Value, nil
	case *cfront.CharLit:
		return x.Value, nil
	case *cfront.Ident:
		if v, ok := ev.name(x.Name); ok {
			return v, nil
		}
		return 0, fmt.Errorf("testutil: no value for %s", x.Name)
	case *cfront.Index:
		return ev.index(x)
	case *cfront.Unary:
		v, err := ev.eval(x.X)
		if err != nil {
			return 0, err
		}
		switch x.Op {
		case "-":
			return -v, nil
		case "+":
			return v, nil
		case "!":
			return b2i(v == 0), nil
		}
	case *cfront.Binary:
		return ev.binary(x)
	case *cfront.CondExpr:
		c, err := ev.eval(x.Cond)
		if err != nil {
			return 0, err
		}
		if c != 0 {
			return ev.eval(x.Then)
		}
		return ev.eval(x.Else)
	case *cfront.Call:
		return ev.minMax(x)
	}
	return 0, fmt.Errorf("testutil: cannot evaluate %s", e.Format(nil))
}

func (ev intEval) index(x *cfront.Index) (int64, error) {
	array, subs, ok := cfront.ArrayAccess(x)
	if ok && ev.elem != nil {
		vals := make([]int64, len(subs))
		for k, s := range subs {
			v, err := ev.eval(s)
			if err != nil {
				return 0, err
			}
			vals[k] = v
		}
		if v, ok := ev.elem(array, vals); ok {
			return v, nil
		}
	}
	return 0, fmt.Errorf("testutil: no value for %s", x.Format(nil))
}

func (ev intEval) binary(x *cfront.Binary) (int64, error) {
	a, err := ev.eval(x.X)
	if err != nil {
		return 0, err
	}
	switch x.Op {
	case "&&":
		if a == 0 {
			return 0, nil
		}
	case "||":
		if a != 0 {
			return 1, nil
		}
	}
	b, err := ev.eval(x.Y)
	if err != nil {
		return 0, err
	}
	switch x.Op {
	case "&&", "||":
		return b2i(b != 0), nil
	case "+":
		return a + b, nil
	case "-":
		return a - b, nil
	case "*":
		return a * b, nil
	case "/", "%":
		if b == 0 {
			return 0, fmt.Errorf("testutil: division by zero in %s", x.Format(nil))
		}
		if x.Op == "/" {
			return a / b, nil
		}
		return a % b, nil
	case "<":
		return b2i(a < b), nil
	case "<=":
		return b2i(a <= b), nil
	case ">":
		return b2i(a > b), nil
	case ">=":
		return b2i(a >= b), nil
	case "==":
		return b2i(a == b), nil
	case "!=":
		return b2i(a != b), nil
	}
	return 0, fmt.Errorf("testutil: cannot evaluate %s", x.Format(nil))
}

// minMax evaluates a call of min or max.
func (ev intEval) minMax(x *cfront.Call) (int64, error) {
	id, ok := x.Fun.(*cfront.Ident)
	fn := ""
	if ok {
		fn = strings.ToLower(id.Name)
	}
	if (fn != "min" && fn != "max") || len(x.Args) == 0 {
		return 0, fmt.Errorf("testutil: cannot evaluate %s", x.Format(nil))
	}
	v, err := ev.eval(x.Args[0])
	if err != nil {
		return 0, err
	}
	for _, a := range x.Args[1:] {
		w, err := ev.eval(a)
		if err != nil {
			return 0, err
		}
		if fn == "min" && w < v || fn == "max" && w > v {
			v = w
		}
	}
	return v, nil
}

func b2i(b bool) int64 {
	if b {
		return 1
	}
	return 0
}
