package astopt

import "github.com/tessera-opt/tessera/ast"

// CostTable gives the cost of each operator, in rough machine
// instructions. The cost of an expression is the sum of the costs of its
// operators (names and constants cost 0): the paper's cost(e), whose
// example is cost(x/1024 + y) = cost(/) + cost(+) = 3 + 1.
type CostTable struct {
	Add      int // + - and unary -
	MulConst int // * by a constant (shift/lea/imul by immediate)
	Mul      int // * of two variables
	DivConst int // floord, ceild, /, % by a constant (emit's macros: several ops)
	Div      int // floord, ceild, /, % by a variable
	MinMax   int // each binary min or max (compare and select)
	Cmp      int // == != < <= > >=
	Logic    int // each binary && || and, or; !
	Select   int // ?:
}

// TargetCosts is the cost table of a target: "generic" (or ""),
// "x86-64", "gpu".
func TargetCosts(name string) (CostTable, bool) {
	switch name {
	case "", "generic":
		return CostTable{Add: 1, MulConst: 1, Mul: 3, DivConst: 4, Div: 20, MinMax: 2, Cmp: 1, Logic: 1, Select: 2}, true
	case "x86-64":
		// imul 3 cycles; floord by a constant is a multiply-high, shifts
		// and a sign fix-up; idiv 20-40 cycles.
		return CostTable{Add: 1, MulConst: 1, Mul: 3, DivConst: 5, Div: 25, MinMax: 2, Cmp: 1, Logic: 1, Select: 2}, true
	case "gpu":
		// Branches are costly, integer division is emulated.
		return CostTable{Add: 1, MulConst: 1, Mul: 2, DivConst: 8, Div: 40, MinMax: 1, Cmp: 1, Logic: 2, Select: 1}, true
	}
	return CostTable{}, false
}

// Cost is the cost of evaluating e once.
func (t CostTable) Cost(e ast.Expr) int {
	o, ok := e.(*ast.Op)
	if !ok {
		if c, ok := e.(*ast.Call); ok {
			s := 10
			for _, a := range c.Args {
				s += t.Cost(a)
			}
			return s
		}
		return 0
	}
	s := 0
	for _, a := range o.Args {
		s += t.Cost(a)
	}
	n := len(o.Args) - 1
	isConst := func(e ast.Expr) bool { _, ok := e.(*ast.Int); return ok }
	switch o.Kind {
	case ast.OpAdd, ast.OpSub, ast.OpNeg:
		s += t.Add
	case ast.OpMul:
		if isConst(o.Args[0]) || isConst(o.Args[1]) {
			s += t.MulConst
		} else {
			s += t.Mul
		}
	case ast.OpFloorDiv, ast.OpCeilDiv, ast.OpExactDiv, ast.OpPDivQ, ast.OpRem:
		if isConst(o.Args[1]) {
			s += t.DivConst
		} else {
			s += t.Div
		}
	case ast.OpMin, ast.OpMax:
		s += n * t.MinMax
	case ast.OpEq, ast.OpNe, ast.OpLt, ast.OpLe, ast.OpGt, ast.OpGe:
		s += t.Cmp
	case ast.OpAnd, ast.OpOr, ast.OpAndEager, ast.OpOrEager:
		s += n * t.Logic
	case ast.OpNot:
		s += t.Logic
	case ast.OpSelect:
		s += t.Select
	}
	return s
}
