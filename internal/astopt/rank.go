package astopt

import "github.com/tessera-opt/tessera/ast"

// scope gives every name in scope its rank: the loop depth at which its
// value may change. A loop iterator has the depth of its loop (the
// outermost loop is depth 1), a Decl the depth of the loops around it (its
// definition depth), a parameter (any name bound by nothing) 0. The rank
// of an expression is the largest rank of its names (0 for a constant):
// an expression of rank r is invariant in every loop deeper than r.
type scope struct {
	depth int       // loops around the current point
	names []binding // innermost last
	extra map[string]int
}

type binding struct {
	name string
	rank int
}

func (s *scope) mark() int            { return len(s.names) }
func (s *scope) reset(m int)          { s.names = s.names[:m] }
func (s *scope) bind(n string, r int) { s.names = append(s.names, binding{n, r}) }

func (s *scope) rankOf(name string) int {
	for i := len(s.names) - 1; i >= 0; i-- {
		if s.names[i].name == name {
			return s.names[i].rank
		}
	}
	if r, ok := s.extra[name]; ok {
		return r
	}
	return 0
}

// rank is the largest rank of the names of e.
func (s *scope) rank(e ast.Expr) int {
	switch e := e.(type) {
	case *ast.Ident:
		return s.rankOf(e.Name)
	case *ast.Op:
		r := 0
		for _, a := range e.Args {
			r = max(r, s.rank(a))
		}
		return r
	case *ast.Call:
		r := 0
		for _, a := range e.Args {
			r = max(r, s.rank(a))
		}
		return r
	}
	return 0
}

// hasCall reports whether e contains an opaque call (which may have side
// effects: never moved, never hoisted).
func hasCall(e ast.Expr) bool {
	switch e := e.(type) {
	case *ast.Call:
		return true
	case *ast.Op:
		for _, a := range e.Args {
			if hasCall(a) {
				return true
			}
		}
	}
	return false
}

// total reports whether e can be evaluated anywhere without a run-time
// fault: no call, no division by anything but a non-zero constant, no
// exact division or pdivq (whose operands the interpreter checks). Integer
// overflow is not considered: the values of generated code (loop bounds
// and subscripts) are far from the limits of int, see the package doc.
func total(e ast.Expr) bool {
	switch e := e.(type) {
	case *ast.Int, *ast.Ident:
		return true
	case *ast.Call:
		return false
	case *ast.Op:
		switch e.Kind {
		case ast.OpExactDiv, ast.OpPDivQ:
			return false
		case ast.OpFloorDiv, ast.OpCeilDiv, ast.OpRem:
			if c, ok := e.Args[1].(*ast.Int); !ok || c.V == 0 {
				return false
			}
		}
		for _, a := range e.Args {
			if !total(a) {
				return false
			}
		}
		return true
	}
	return false
}
