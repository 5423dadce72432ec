package scop

import "github.com/tessera-opt/tessera/cfront"

// UpdateOp is the operator with which an update statement combines a
// value into its target (see Update).
type UpdateOp int

// The operators of updates. Every one is associative and commutative on
// the values it combines (integers, truth values, and real numbers for +,
// * and min/max), which is what makes a loop of updates a reduction: the
// combined values may be taken in any order and grouping. On
// floating-point values + and * are so only up to rounding; a pass that
// regroups them says so (horizontal reductions, OpenMP reduction
// clauses). Subtraction is not an operator of its own: x -= e and
// x = x - e add -e (Update.Neg), and x = e - x is no update at all (the
// sign of x flips at every instance). Division, %, shifts and
// comparisons are not associative and make no update.
const (
	UpdateNone   UpdateOp = iota
	UpdateAdd             // +, and - through Neg and signed Terms
	UpdateMul             // *
	UpdateAnd             // & (integers)
	UpdateOr              // | (integers)
	UpdateXor             // ^ (integers)
	UpdateLogAnd          // && (truth values; operands are pure in a SCoP)
	UpdateLogOr           // ||
	UpdateMin             // x = x < e ? x : e and its variants, fmin(x, e)
	UpdateMax             // x = x > e ? x : e and its variants, fmax(x, e)
)

// String is the operator as C (or an OpenMP reduction clause) spells it:
// "+", "*", "&", "|", "^", "&&", "||", "min", "max"; "" for UpdateNone.
func (op UpdateOp) String() string {
	switch op {
	case UpdateAdd:
		return "+"
	case UpdateMul:
		return "*"
	case UpdateAnd:
		return "&"
	case UpdateOr:
		return "|"
	case UpdateXor:
		return "^"
	case UpdateLogAnd:
		return "&&"
	case UpdateLogOr:
		return "||"
	case UpdateMin:
		return "min"
	case UpdateMax:
		return "max"
	}
	return ""
}

// UpdateForm tells how an update is written.
type UpdateForm int

const (
	// FormCompound is x op= e (x -= e: UpdateAdd with Neg).
	FormCompound UpdateForm = iota + 1
	// FormIncrement is x++, ++x, x-- or --x (UpdateAdd; Neg for --).
	FormIncrement
	// FormLeft is x = x op e (x = x - e: UpdateAdd with Neg).
	FormLeft
	// FormRight is x = e op x (the operators are all commutative).
	FormRight
	// FormChain is x = t1 op t2 op ... with x one of the terms but not
	// an operand of the outermost operator (x = x + a + b parses as
	// (x + a) + b): the statement computes x op (the other terms) only
	// up to regrouping, which changes floating-point rounding.
	FormChain
	// FormSelect is min or max as a conditional: x = x < e ? x : e (any
	// of <, <=, >, >=, either order of x and e). It reads x twice.
	FormSelect
	// FormCall is min or max as a call of C's fmin or fmax (and their
	// f and l variants), with x as one argument.
	FormCall
)

// Update is the structure of a statement that updates its left side with
// an associative and commutative operator: the value the statement
// stores is the old value of the target combined with values that do not
// depend on it. Loops of such statements are reductions.
type Update struct {
	// Target is the left side of the statement, as written.
	Target cfront.Expr
	// Op is the combining operator (never UpdateNone).
	Op   UpdateOp
	Form UpdateForm
	// Operand is the one value combined into Target, a node of the
	// statement as written (parentheses kept): the right side of x op= e,
	// the other operand of x = x op e or x = e op x, e in the min and max
	// forms. It is nil for FormIncrement and FormChain.
	Operand cfront.Expr
	// Neg reports that Operand is subtracted (UpdateAdd only): x -= e,
	// x = x - e, x--.
	Neg bool
	// Terms are the values combined into Target, in source order: the
	// leaves of the tree of Op below the right side (through parentheses;
	// for UpdateAdd through + and -, with each leaf's sign), the target
	// excepted. For x += a + b they are a and b; for x = x + a - b, a and
	// -b; for the min and max forms and FormIncrement, the operand alone
	// (none for an increment).
	Terms []Term
	// Reads is how many times the statement reads the target: 2 for
	// FormSelect, 1 otherwise.
	Reads int
}

// Term is one value an update combines into its target.
type Term struct {
	X cfront.Expr
	// Neg reports that X is subtracted (UpdateAdd only).
	Neg bool
}

// Exact reports whether the statement computes Target op Operand with
// one operation of Op, as written: every form but FormChain. Passes that
// must not regroup floating-point arithmetic (statement splitting, the
// register-tiled kernels) use only exact updates.
func (u Update) Exact() bool { return u.Form != FormChain }

// Update recognizes the statement as an update of its left side (see
// MatchUpdate) and checks it against the model: the statement reads the
// element it writes (in any spelling of its subscripts) exactly as often
// as the target occurs in the pattern, so that no operand reads it
// through the same subscripts. An operand may still read other elements
// of the target's array, some of which may be the written one for some
// instances (A[i][k] beside A[i][j] when k == j): a pass that reorders
// the updates checks those accesses (Access.LHS tells the target's
// reads from the others).
func (st *Statement) Update() (Update, bool) {
	es, ok := st.Syntax.(*cfront.ExprStmt)
	if !ok {
		return Update{}, false
	}
	u, ok := MatchUpdate(es.X)
	if !ok {
		return Update{}, false
	}
	lhsReads := 0
	for _, a := range st.Accesses {
		if a.Kind == Read && a.LHS {
			lhsReads++
		}
	}
	if lhsReads != u.Reads || st.mayOnWritten() {
		return Update{}, false
	}
	return u, true
}

// MatchUpdate recognizes the expression of an expression statement as an
// update of its left side, on the syntax alone. We first take the
// compound assignments and increments, whose form says it all; for a
// plain assignment we then look at the right side: a tree of one
// associative operator with the target as one of its leaves (the target
// must occur nowhere else), a conditional choosing the smaller or the
// larger of the target and a value, or a call of fmin or fmax. The target
// is compared structurally (SameExpr: parentheses and spacing do not
// matter); a subscript spelled differently (A[i+1] and A[1+i]) is not the
// same target here, though the model knows it is the same element (see
// Statement.Update, which then refuses).
func MatchUpdate(x cfront.Expr) (Update, bool) {
	switch x := x.(type) {
	case *cfront.Postfix:
		return matchIncrement(x.X, x.Op)
	case *cfront.Unary:
		if x.Op == "++" || x.Op == "--" {
			return matchIncrement(x.X, x.Op)
		}
		return Update{}, false
	case *cfront.Assign:
		if x.Op == "=" {
			return matchAssign(x.LHS, x.RHS)
		}
		return matchCompound(x)
	}
	return Update{}, false
}

func matchIncrement(target cfront.Expr, op string) (Update, bool) {
	return Update{Target: target, Op: UpdateAdd, Form: FormIncrement, Neg: op == "--", Reads: 1}, true
}

// compoundOps maps the compound assignments that are updates to their
// operators.
var compoundOps = map[string]UpdateOp{
	"+=": UpdateAdd, "-=": UpdateAdd, "*=": UpdateMul,
	"&=": UpdateAnd, "|=": UpdateOr, "^=": UpdateXor,
}

func matchCompound(as *cfront.Assign) (Update, bool) {
	op, ok := compoundOps[as.Op]
	if !ok || Contains(as.RHS, as.LHS) {
		return Update{}, false
	}
	neg := as.Op == "-="
	terms := leaves(as.RHS, op, neg, nil)
	return Update{Target: as.LHS, Op: op, Form: FormCompound, Operand: as.RHS, Neg: neg, Terms: terms, Reads: 1}, true
}

// binaryOps maps the binary operators of updates to their operators
// ("-" belongs to UpdateAdd).
var binaryOps = map[string]UpdateOp{
	"+": UpdateAdd, "-": UpdateAdd, "*": UpdateMul,
	"&": UpdateAnd, "|": UpdateOr, "^": UpdateXor,
	"&&": UpdateLogAnd, "||": UpdateLogOr,
}

func matchAssign(lhs, rhs cfront.Expr) (Update, bool) {
	switch r := cfront.Unparen(rhs).(type) {
	case *cfront.Binary:
		return matchTree(lhs, r)
	case *cfront.CondExpr:
		return matchSelect(lhs, r)
	case *cfront.Call:
		return matchMinMaxCall(lhs, r)
	}
	return Update{}, false
}

// matchTree recognizes x = t1 op t2 op ... with x one leaf of the tree of
// op (for +, a leaf added, not subtracted).
func matchTree(lhs cfront.Expr, b *cfront.Binary) (Update, bool) {
	op, ok := binaryOps[b.Op]
	if !ok {
		return Update{}, false
	}
	all := leaves(b, op, false, nil)
	var terms []Term
	found := 0
	for _, t := range all {
		if SameExpr(t.X, lhs) && !t.Neg {
			found++
			continue
		}
		if Contains(t.X, lhs) {
			return Update{}, false
		}
		terms = append(terms, t)
	}
	if found != 1 || len(terms) == 0 {
		return Update{}, false
	}
	u := Update{Target: lhs, Op: op, Terms: terms, Reads: 1}
	switch {
	case SameExpr(b.X, lhs):
		u.Form, u.Operand, u.Neg = FormLeft, b.Y, b.Op == "-"
	case SameExpr(b.Y, lhs) && b.Op != "-":
		u.Form, u.Operand = FormRight, b.X
	default:
		u.Form = FormChain
	}
	return u, true
}

// leaves flattens the tree of op below e (through parentheses) into its
// leaves in source order; for UpdateAdd the tree is one of + and -, and
// neg is the sign of e.
func leaves(e cfront.Expr, op UpdateOp, neg bool, out []Term) []Term {
	if b, ok := cfront.Unparen(e).(*cfront.Binary); ok && binaryOps[b.Op] == op {
		out = leaves(b.X, op, neg, out)
		return leaves(b.Y, op, neg != (b.Op == "-"), out)
	}
	return append(out, Term{X: e, Neg: neg})
}

// matchSelect recognizes min and max written as a conditional: the
// condition compares the target and a value e with <, <=, > or >=, and
// the branches are the two of them.
func matchSelect(lhs cfront.Expr, c *cfront.CondExpr) (Update, bool) {
	cmp, ok := cfront.Unparen(c.Cond).(*cfront.Binary)
	if !ok {
		return Update{}, false
	}
	less := false // the condition holds when its left operand is the smaller
	switch cmp.Op {
	case "<", "<=":
		less = true
	case ">", ">=":
	default:
		return Update{}, false
	}
	// One operand of the comparison is the target, the other a value
	// that does not read it.
	if !(SameExpr(cmp.X, lhs) && !Contains(cmp.Y, lhs) || SameExpr(cmp.Y, lhs) && !Contains(cmp.X, lhs)) {
		return Update{}, false
	}
	// The branches are the two operands, in either order; the operand of
	// the update is the branch that is not the target.
	var operand cfront.Expr
	thenLeft := false // the then branch is the comparison's left operand
	switch {
	case SameExpr(c.Then, cmp.X) && SameExpr(c.Else, cmp.Y):
		thenLeft = true
	case SameExpr(c.Then, cmp.Y) && SameExpr(c.Else, cmp.X):
	default:
		return Update{}, false
	}
	operand = c.Then
	if SameExpr(operand, lhs) {
		operand = c.Else
	}
	// The conditional picks the smaller operand when the then branch is
	// the one the condition says is smaller.
	op := UpdateMax
	if less == thenLeft {
		op = UpdateMin
	}
	return Update{Target: lhs, Op: op, Form: FormSelect, Operand: operand, Terms: []Term{{X: operand}}, Reads: 2}, true
}

// minMaxCalls are C's functions that compute a minimum or maximum.
var minMaxCalls = map[string]UpdateOp{
	"fmin": UpdateMin, "fminf": UpdateMin, "fminl": UpdateMin,
	"fmax": UpdateMax, "fmaxf": UpdateMax, "fmaxl": UpdateMax,
}

func matchMinMaxCall(lhs cfront.Expr, c *cfront.Call) (Update, bool) {
	id, ok := cfront.Unparen(c.Fun).(*cfront.Ident)
	if !ok || len(c.Args) != 2 {
		return Update{}, false
	}
	op, ok := minMaxCalls[id.Name]
	if !ok {
		return Update{}, false
	}
	var e cfront.Expr
	switch {
	case SameExpr(c.Args[0], lhs):
		e = c.Args[1]
	case SameExpr(c.Args[1], lhs):
		e = c.Args[0]
	default:
		return Update{}, false
	}
	if Contains(e, lhs) {
		return Update{}, false
	}
	return Update{Target: lhs, Op: op, Form: FormCall, Operand: e, Terms: []Term{{X: e}}, Reads: 1}, true
}

// Contains reports whether e has a subexpression that is the same as x
// (SameExpr).
func Contains(e, x cfront.Expr) bool {
	found := false
	cfront.Walk(e, func(n cfront.Node) bool {
		if found {
			return false
		}
		if y, ok := n.(cfront.Expr); ok && SameExpr(y, x) {
			found = true
		}
		return !found
	})
	return found
}

// SameExpr reports whether a and b are the same expression: the same
// tree of operators, names and literals, parentheses aside.
func SameExpr(a, b cfront.Expr) bool {
	a, b = cfront.Unparen(a), cfront.Unparen(b)
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	switch a := a.(type) {
	case *cfront.Ident:
		b, ok := b.(*cfront.Ident)
		return ok && a.Name == b.Name
	case *cfront.IntLit:
		b, ok := b.(*cfront.IntLit)
		return ok && a.Big == b.Big && a.Value == b.Value && (!a.Big || a.Text == b.Text)
	case *cfront.FloatLit:
		b, ok := b.(*cfront.FloatLit)
		return ok && a.Text == b.Text
	case *cfront.CharLit:
		b, ok := b.(*cfront.CharLit)
		return ok && a.Value == b.Value
	case *cfront.StringLit:
		b, ok := b.(*cfront.StringLit)
		return ok && a.Text == b.Text
	case *cfront.Unary:
		b, ok := b.(*cfront.Unary)
		return ok && a.Op == b.Op && SameExpr(a.X, b.X)
	case *cfront.Postfix:
		b, ok := b.(*cfront.Postfix)
		return ok && a.Op == b.Op && SameExpr(a.X, b.X)
	case *cfront.Binary:
		b, ok := b.(*cfront.Binary)
		return ok && a.Op == b.Op && SameExpr(a.X, b.X) && SameExpr(a.Y, b.Y)
	case *cfront.Assign:
		b, ok := b.(*cfront.Assign)
		return ok && a.Op == b.Op && SameExpr(a.LHS, b.LHS) && SameExpr(a.RHS, b.RHS)
	case *cfront.CondExpr:
		b, ok := b.(*cfront.CondExpr)
		return ok && SameExpr(a.Cond, b.Cond) && SameExpr(a.Then, b.Then) && SameExpr(a.Else, b.Else)
	case *cfront.Call:
		b, ok := b.(*cfront.Call)
		if !ok || len(a.Args) != len(b.Args) || !SameExpr(a.Fun, b.Fun) {
			return false
		}
		for i := range a.Args {
			if !SameExpr(a.Args[i], b.Args[i]) {
				return false
			}
		}
		return true
	case *cfront.Index:
		b, ok := b.(*cfront.Index)
		return ok && SameExpr(a.X, b.X) && SameExpr(a.Index, b.Index)
	case *cfront.Member:
		b, ok := b.(*cfront.Member)
		return ok && a.Arrow == b.Arrow && a.Name == b.Name && SameExpr(a.X, b.X)
	case *cfront.Cast:
		b, ok := b.(*cfront.Cast)
		return ok && a.Type.Text == b.Type.Text && SameExpr(a.X, b.X)
	case *cfront.SizeofType:
		b, ok := b.(*cfront.SizeofType)
		return ok && a.Type.Text == b.Type.Text
	}
	return false
}

// mayOnWritten reports whether the statement has a may access to the
// array it writes: the element it updates is then not known, and no
// pass may take the statement for a reduction onto one element (h[idx[i]]
// += w[i] updates an element that depends on data).
func (st *Statement) mayOnWritten() bool {
	for _, w := range st.Accesses {
		if w.Kind != Write {
			continue
		}
		for _, a := range st.Accesses {
			if a.Array == w.Array && a.May {
				return true
			}
		}
	}
	return false
}
