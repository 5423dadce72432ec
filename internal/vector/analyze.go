package vector

import (
	"fmt"

	"github.com/tessera-opt/tessera/ast"
	"github.com/tessera-opt/tessera/presburger/ints"
	"github.com/tessera-opt/tessera/scop"
)

// Stride classes of an access along a loop.
const (
	StrideUnknown = -1 << 62 // not affine in the iterator, or floor divisions
)

// LoopReport is the verdict on one innermost loop of the generated code.
type LoopReport struct {
	// Iter is the loop's iterator in the generated code.
	Iter string
	// Vectorizable: no dependence carried by the loop (the scheduler's
	// coincident flag), unit step, every access of stride 0 or 1, one
	// element type double or float.
	Vectorizable bool
	// Reason explains the verdict (why not, or what was done).
	Reason string
	// ElemType is the common element type of the arrays written.
	ElemType string
	// Strides are "A[..]:s" per access, for --explain.
	Strides []string
	// Scheme is what was emitted: "mark", "fma-tile RxV", or "".
	Scheme string
}

func (r LoopReport) String() string {
	v := "not vectorized"
	if r.Vectorizable {
		v = "vectorizable"
	}
	if r.Scheme != "" {
		v += " (" + r.Scheme + ")"
	}
	s := fmt.Sprintf("vector: loop %s: %s: %s", r.Iter, v, r.Reason)
	if len(r.Strides) > 0 {
		s += fmt.Sprintf(" (strides %v)", r.Strides)
	}
	return s
}

// linCoef returns the coefficient of the identifier iter in the integer
// expression e, when e is affine in iter (other identifiers are constants
// along the loop); ok is false otherwise or on overflow.
func linCoef(e ast.Expr, iter string) (c int64, ok bool) {
	switch e := e.(type) {
	case *ast.Int:
		return 0, true
	case *ast.Ident:
		if e.Name == iter {
			return 1, true
		}
		return 0, true
	case *ast.Op:
		switch e.Kind {
		case ast.OpAdd, ast.OpSub:
			a, ok1 := linCoef(e.Args[0], iter)
			b, ok2 := linCoef(e.Args[1], iter)
			if !ok1 || !ok2 {
				return 0, false
			}
			if e.Kind == ast.OpSub {
				if b == -1<<63 {
					return 0, false
				}
				b = -b
			}
			return ints.AddOK(a, b)
		case ast.OpNeg:
			a, ok := linCoef(e.Args[0], iter)
			if !ok || a == -1<<63 {
				return 0, false
			}
			return -a, true
		case ast.OpMul:
			a, ok1 := linCoef(e.Args[0], iter)
			b, ok2 := linCoef(e.Args[1], iter)
			if !ok1 || !ok2 {
				return 0, false
			}
			if a == 0 && b == 0 {
				return 0, true
			}
			if k, isInt := e.Args[0].(*ast.Int); isInt {
				return ints.MulOK(k.V, b)
			}
			if k, isInt := e.Args[1].(*ast.Int); isInt {
				return ints.MulOK(a, k.V)
			}
			return 0, false
		}
		// Any other operator is constant along the loop only when none
		// of its arguments depends on iter.
		for _, a := range e.Args {
			if !independent(a, iter) {
				return 0, false
			}
		}
		return 0, true
	case *ast.Call:
		for _, a := range e.Args {
			if !independent(a, iter) {
				return 0, false
			}
		}
		return 0, true
	}
	return 0, false
}

func independent(e ast.Expr, iter string) bool {
	switch e := e.(type) {
	case *ast.Ident:
		return e.Name != iter
	case *ast.Op:
		for _, a := range e.Args {
			if !independent(a, iter) {
				return false
			}
		}
	case *ast.Call:
		for _, a := range e.Args {
			if !independent(a, iter) {
				return false
			}
		}
	}
	return true
}

// accessStride is the change of each subscript of access a of the
// statement called by u when the loop iterator iter increases by one;
// ok is false when a subscript is not affine in iter.
func accessStride(a *scop.Access, u *ast.User, iter string) (delta []int64, ok bool) {
	rows, ok := a.Coefficients()
	if !ok {
		return nil, false
	}
	argc := make([]int64, len(u.Args))
	for k, e := range u.Args {
		c, ok := linCoef(e, iter)
		if !ok {
			return nil, false
		}
		argc[k] = c
	}
	for _, row := range rows {
		if len(row) != len(argc) {
			return nil, false
		}
		var s int64
		for d := range row {
			p, ok := ints.MulOK(row[d], argc[d])
			if !ok {
				return nil, false
			}
			if s, ok = ints.AddOK(s, p); !ok {
				return nil, false
			}
		}
		delta = append(delta, s)
	}
	return delta, true
}

// strideClass reduces a subscript delta to 0 (same element), 1 (next
// element in memory, row-major), or StrideUnknown (anything else).
func strideClass(delta []int64) int64 {
	if last, ok := lastStep(delta); ok && (last == 0 || last == 1) {
		return last
	}
	return StrideUnknown
}

// lastStep returns the change of the last subscript when it is the only
// one that changes (0 for a scalar); ok is false when another changes.
func lastStep(delta []int64) (last int64, ok bool) {
	for k, d := range delta {
		if k < len(delta)-1 && d != 0 {
			return 0, false
		}
	}
	if len(delta) == 0 {
		return 0, true
	}
	return delta[len(delta)-1], true
}
