package presburger

// This file defines the syntax tree of isl notation produced by
// parse_reader.go and consumed by parse_lower.go. It keeps positions so that
// errors found while lowering (unknown identifiers, non-affine products)
// point at the source.

// synExprOp is the operator of an expression node.
type synExprOp int

const (
	sxNum   synExprOp = iota // val
	sxVar                    // name
	sxAdd                    // args[0] + args[1]
	sxSub                    // args[0] - args[1]
	sxNeg                    // -args[0]
	sxMul                    // args[0] * args[1]
	sxDiv                    // args[0] / args[1] (exact rational division by a constant)
	sxFloor                  // floor(args[0])
	sxCeil                   // ceil(args[0])
	sxMod                    // args[0] mod args[1] (args[1] a positive constant)
	sxMin                    // min(args...)
	sxMax                    // max(args...)
	sxCond                   // cond ? args[0] : args[1]
)

// synExpr is a node of an (intended quasi-affine) expression.
type synExpr struct {
	op        synExprOp
	line, col int
	val       int64
	name      string
	args      []*synExpr
	paren     bool     // written between parentheses: "(i)" in a tuple is an expression
	cond      *synForm // sxCond: the condition
}

// synFormOp is the operator of a formula node.
type synFormOp int

const (
	sfTrue    synFormOp = iota
	sfFalse             //
	sfAnd               // args[0] and args[1]
	sfOr                // args[0] or args[1]
	sfNot               // not args[0]
	sfImplies           // args[0] implies args[1]
	sfExists            // exists (vars [= defs] : args[0])
	sfCmp               // lists[0] ops[0] lists[1] ops[1] lists[2] ...
)

// synForm is a node of a formula (the part after ':' in a set or map).
type synForm struct {
	op        synFormOp
	line, col int
	args      []*synForm
	// sfCmp: a chain of comparisons between lists of expressions; every
	// element of lists[k] is compared with every element of lists[k+1].
	lists [][]*synExpr
	ops   []TokKind
	// sfExists: bound names, with an optional definition each.
	vars []synBound
}

type synBound struct {
	name      string
	def       *synExpr // nil: plain existential
	line, col int
}

// synTuple is a tuple `Name[e1, e2, ...]` or a wrapped pair
// `Name[A[...] -> B[...]]`.
type synTuple struct {
	name      string
	line, col int
	entries   []*synExpr // nil when nested
	defs      []*synExpr // per entry: the definition of "[i = e]", or nil
	nested    *[2]*synTuple
}

// synPiece is one element of the union between braces: a set tuple, a map
// `in -> out`, or a bare condition (parameter domain), with an optional
// condition.
type synPiece struct {
	line, col int
	in, out   *synTuple // a set has in == nil; a parameter domain has both nil
	cond      *synForm  // nil when there is no ':'
}

// synObj is `[params] -> { pieces }`.
type synObj struct {
	line, col int
	params    []synBound // names only
	pieces    []*synPiece
}

// synMulti is the multi-union form `[params] -> [ {..}, {..} ]` of isl's
// multi_union_pw_aff.
type synMulti struct {
	line, col int
	params    []synBound
	elems     []*synObj
}
