package split

import (
	"strings"

	"github.com/tessera-opt/tessera/cfront"
	"github.com/tessera-opt/tessera/scop"
)

// Type ranks of the usual arithmetic conversions, as far as splitting needs
// them: the temporary must hold the value of the split expression exactly,
// in the type C evaluates it in (a float temporary for a double product
// rounded it before the addition; found by progfuzz).
const (
	rankUnknown = iota
	rankInt
	rankFloat
	rankDouble
	rankLongDouble
)

var rankName = map[int]string{rankFloat: "float", rankDouble: "double", rankLongDouble: "long double"}

// typeRank ranks a declared element type (rankUnknown when not a plain
// arithmetic type).
func typeRank(t string) int {
	switch cfront.BareType(t) {
	case "float":
		return rankFloat
	case "double":
		return rankDouble
	case "long double":
		return rankLongDouble
	}
	if cfront.IsIntegerType(t) {
		return rankInt
	}
	return rankUnknown
}

// exprRank is the rank of the type C evaluates e in: integer iterators and
// parameters, the arrays' and scalars' declared types, literal suffixes,
// casts and the math library's float/long double variants.
func exprRank(s *scop.Scop, e cfront.Expr) int {
	switch e := e.(type) {
	case *cfront.Paren:
		return exprRank(s, e.X)
	case *cfront.IntLit, *cfront.CharLit:
		return rankInt
	case *cfront.FloatLit:
		switch {
		case strings.HasSuffix(e.Text, "f") || strings.HasSuffix(e.Text, "F"):
			return rankFloat
		case strings.HasSuffix(e.Text, "l") || strings.HasSuffix(e.Text, "L"):
			return rankLongDouble
		}
		return rankDouble
	case *cfront.Ident:
		for _, a := range s.Arrays {
			if a.Name == e.Name && a.Rank == 0 {
				return typeRank(a.ElemType)
			}
		}
		// Iterators and parameters are integers.
		return rankInt
	case *cfront.Index:
		x := cfront.Expr(e)
		for {
			ix, ok := x.(*cfront.Index)
			if !ok {
				break
			}
			x = ix.X
		}
		x = cfront.Unparen(x)
		if id, ok := x.(*cfront.Ident); ok {
			for _, a := range s.Arrays {
				if a.Name == id.Name {
					return typeRank(a.ElemType)
				}
			}
		}
		return rankUnknown
	case *cfront.Unary:
		switch e.Op {
		case "-", "+":
			return exprRank(s, e.X)
		case "!":
			return rankInt
		}
		return rankUnknown
	case *cfront.Binary:
		switch e.Op {
		case "+", "-", "*", "/":
			a, b := exprRank(s, e.X), exprRank(s, e.Y)
			if a == rankUnknown || b == rankUnknown {
				return rankUnknown
			}
			return max(a, b)
		case "<", "<=", ">", ">=", "==", "!=", "&&", "||":
			return rankInt
		case "%", "<<", ">>", "&", "|", "^":
			if exprRank(s, e.X) == rankInt && exprRank(s, e.Y) == rankInt {
				return rankInt
			}
		}
		return rankUnknown
	case *cfront.CondExpr:
		a, b := exprRank(s, e.Then), exprRank(s, e.Else)
		if a == rankUnknown || b == rankUnknown {
			return rankUnknown
		}
		return max(a, b)
	case *cfront.Cast:
		if e.Type == nil || e.Type.Stars > 0 {
			return rankUnknown
		}
		return typeRank(e.Type.Text)
	case *cfront.Call:
		id, ok := cfront.Unparen(e.Fun).(*cfront.Ident)
		if !ok {
			return rankUnknown
		}
		if r, ok := mathRank(id.Name); ok {
			return r
		}
	}
	return rankUnknown
}

// mathRank gives the result type of the math library functions splitting
// may meet (the name without suffix returns double).
func mathRank(name string) (int, bool) {
	base := map[string]bool{"sqrt": true, "fabs": true, "exp": true, "log": true, "pow": true, "sin": true, "cos": true, "tan": true, "floor": true, "ceil": true, "fmin": true, "fmax": true, "tanh": true, "atan": true, "exp2": true, "log2": true, "cbrt": true, "fma": true}
	if base[name] {
		return rankDouble, true
	}
	if strings.HasSuffix(name, "f") && base[strings.TrimSuffix(name, "f")] {
		return rankFloat, true
	}
	if strings.HasSuffix(name, "l") && base[strings.TrimSuffix(name, "l")] {
		return rankLongDouble, true
	}
	return rankUnknown, false
}

// tempType is the element type of the temporary that holds e for an
// update of an element of type lhs: e's own type when it is a floating
// type, lhs's when e is an integer expression; "" when e's type is not
// known (the statement is then not split).
func tempType(s *scop.Scop, e cfront.Expr, lhs string) string {
	switch r := exprRank(s, e); r {
	case rankUnknown:
		return ""
	case rankInt:
		return lhs
	default:
		return rankName[r]
	}
}
