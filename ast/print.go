package ast

import (
	"fmt"
	"math"
	"strings"
)

// C precedence levels used by the expression printer (higher binds
// tighter).
const (
	precSelect  = 3
	precOr      = 4
	precAnd     = 5
	precEq      = 9
	precRel     = 10
	precAdd     = 12
	precMul     = 13
	precUnary   = 15
	precPrimary = 16
)

// ExprC prints e as C with the fewest parentheses that keep C's parse equal
// to the tree, except that && inside || is parenthesized (as gcc's
// -Wparentheses asks). floord, ceild, min and max print as calls of those
// names (emit defines them); min and max of more than two arguments nest
// to the left: min(min(a, b), c). A sum with a negative constant prints as
// a subtraction (n + -1 as n - 1). AndEager and OrEager print as && and ||
// (the operands of generated conditions have no side effects; only a
// division by zero in a later operand could tell them apart).
func ExprC(e Expr) string { return DefaultHelpers().ExprC(e) }

// Helpers names the C functions (or macros) printed for FloorDiv, CeilDiv,
// Min and Max.
type Helpers struct {
	FloorDiv, CeilDiv, Min, Max string
}

// DefaultHelpers is floord, ceild, min, max (isl's and PPCG's names).
func DefaultHelpers() Helpers { return Helpers{"floord", "ceild", "min", "max"} }

// ExprC is the package function ExprC with the names of h.
func (h Helpers) ExprC(e Expr) string {
	var b strings.Builder
	(&exprPrinter{b: &b, h: h}).expr(e, 0)
	return b.String()
}

// ExprCParen is the package function ExprCParen with the names of h.
func (h Helpers) ExprCParen(e Expr) string {
	var b strings.Builder
	(&exprPrinter{b: &b, h: h}).expr(e, precPrimary)
	return b.String()
}

// exprPrinter writes expressions into b with the helper names h.
type exprPrinter struct {
	b *strings.Builder
	h Helpers
}

// ExprCParen is ExprC wrapped in parentheses unless e is a primary
// expression (a non-negative constant, a name or a call), so that the
// result can replace an identifier anywhere in a C expression.
func ExprCParen(e Expr) string { return DefaultHelpers().ExprCParen(e) }

func exprPrec(e Expr) int {
	switch e := e.(type) {
	case *Int:
		if e.V < 0 && e.V != math.MinInt64 {
			return precUnary
		}
		return precPrimary
	case *Ident, *Call:
		return precPrimary
	case *Op:
		switch e.Kind {
		case OpAdd, OpSub:
			return precAdd
		case OpMul, OpExactDiv, OpPDivQ, OpRem:
			return precMul
		case OpNeg, OpNot:
			return precUnary
		case OpFloorDiv, OpCeilDiv, OpMin, OpMax:
			return precPrimary
		case OpEq, OpNe:
			return precEq
		case OpLt, OpLe, OpGt, OpGe:
			return precRel
		case OpAnd, OpAndEager:
			return precAnd
		case OpOr, OpOrEager:
			return precOr
		case OpSelect:
			return precSelect
		}
	}
	return precPrimary
}

var cOps = map[OpKind]string{
	OpAdd: " + ", OpSub: " - ", OpMul: " * ", OpExactDiv: " / ", OpPDivQ: " / ",
	OpRem: " % ", OpEq: " == ", OpNe: " != ", OpLt: " < ", OpLe: " <= ",
	OpGt: " > ", OpGe: " >= ", OpAnd: " && ", OpOr: " || ", OpAndEager: " && ",
	OpOrEager: " || ",
}

// negatedTerm reports whether e prints as "- x" after a "+" (a negative
// constant or a negation), and returns x.
func negatedTerm(e Expr) (Expr, bool) {
	switch e := e.(type) {
	case *Int:
		if e.V < 0 && e.V != math.MinInt64 {
			return NewInt(-e.V), true
		}
	case *Op:
		if e.Kind == OpNeg && len(e.Args) == 1 {
			return e.Args[0], true
		}
	}
	return nil, false
}

// writeExpr prints e, in parentheses when its precedence is below min.
func (pr *exprPrinter) expr(e Expr, min int) {
	b := pr.b
	p := exprPrec(e)
	if p < min {
		b.WriteByte('(')
		defer b.WriteByte(')')
	}
	switch e := e.(type) {
	case nil:
		b.WriteString("/*nil*/0")
	case *Int:
		if e.V == math.MinInt64 {
			b.WriteString("(-9223372036854775807 - 1)")
		} else {
			b.WriteString(itoa(e.V))
		}
	case *Ident:
		b.WriteString(e.Name)
	case *Call:
		pr.call(e.Func, e.Args)
	case *Op:
		pr.op(e, p)
	}
}

func (pr *exprPrinter) call(f string, args []Expr) {
	b := pr.b
	b.WriteString(f)
	b.WriteByte('(')
	for i, a := range args {
		if i > 0 {
			b.WriteString(", ")
		}
		pr.expr(a, 0)
	}
	b.WriteByte(')')
}

func (pr *exprPrinter) op(e *Op, p int) {
	b := pr.b
	a := e.Args
	if e.Kind.Arity() > 0 && len(a) != e.Kind.Arity() || len(a) == 0 {
		fmt.Fprintf(b, "/*bad %s*/0", e.Kind)
		return
	}
	switch e.Kind {
	case OpNeg:
		b.WriteByte('-')
		pr.expr(a[0], precUnary+1)
	case OpNot:
		b.WriteByte('!')
		pr.expr(a[0], precUnary+1)
	case OpFloorDiv:
		pr.call(pr.h.FloorDiv, a)
	case OpCeilDiv:
		pr.call(pr.h.CeilDiv, a)
	case OpMin, OpMax:
		name := pr.h.Min
		if e.Kind == OpMax {
			name = pr.h.Max
		}
		if len(a) == 1 {
			pr.expr(a[0], p)
			return
		}
		for range len(a) - 1 {
			b.WriteString(name + "(")
		}
		pr.expr(a[0], 0)
		for _, x := range a[1:] {
			b.WriteString(", ")
			pr.expr(x, 0)
			b.WriteByte(')')
		}
	case OpAdd:
		pr.expr(a[0], p)
		if x, ok := negatedTerm(a[1]); ok {
			b.WriteString(" - ")
			pr.expr(x, p+1)
			return
		}
		b.WriteString(" + ")
		pr.expr(a[1], p+1)
	case OpSub:
		pr.expr(a[0], p)
		b.WriteString(" - ")
		pr.expr(a[1], p+1)
	case OpMul, OpExactDiv, OpPDivQ, OpRem:
		pr.expr(a[0], p)
		b.WriteString(cOps[e.Kind])
		pr.expr(a[1], p+1)
	case OpEq, OpNe, OpLt, OpLe, OpGt, OpGe:
		// Comparisons of comparisons get parentheses on both sides (gcc's
		// -Wparentheses asks for them).
		pr.expr(a[0], precRel+1)
		b.WriteString(cOps[e.Kind])
		pr.expr(a[1], precRel+1)
	case OpAnd, OpAndEager, OpOr, OpOrEager:
		min := p + 1
		if p == precOr {
			min = precAnd + 1 // parenthesize && inside ||
		}
		for i, x := range a {
			if i > 0 {
				b.WriteString(cOps[e.Kind])
			}
			pr.expr(x, min)
		}
	case OpSelect:
		pr.expr(a[0], p+1)
		b.WriteString(" ? ")
		pr.expr(a[1], p+1)
		b.WriteString(" : ")
		pr.expr(a[2], p+1)
	default:
		fmt.Fprintf(b, "/*bad %s*/0", e.Kind)
	}
}

// Printer prints statements as C. Its zero value prints isl's style:
// two-space indentation, `for (int c0 = ...; ...; c0 += 1)`, `S1(c0, c1);`
// for User nodes and `// name` comments for marks.
type Printer struct {
	// Indent is the text of one indentation level ("  " when empty).
	Indent string
	// Base is the number of levels to indent the outermost statements.
	Base int
	// IterType is the type declared in for headers ("int" when empty);
	// "-" declares nothing (the caller declares the iterators).
	IterType string
	// User prints the C statement (with its ';') of a User node; nil prints
	// S1(c0, c1);.
	User func(u *User) (string, error)
	// Mark gives the lines printed before the body of a mark; nil prints
	// "// name". A line starting with '#' is a preprocessor directive: the
	// mark then needs braces around it when it is the body of a for or if.
	Mark func(m *Mark) ([]string, error)
	// Helpers names floord, ceild, min and max (DefaultHelpers when nil).
	Helpers *Helpers
}

// PrintC prints n in isl's C style with the zero Printer. User nodes print
// as S1(c0, c1);.
func PrintC(n Node) string {
	s, err := (&Printer{}).Print(n)
	if err != nil {
		return "/* " + err.Error() + " */\n"
	}
	return s
}

// Print prints n; errors come from the User and Mark hooks only.
func (p *Printer) Print(n Node) (string, error) {
	w := &cwriter{p: p}
	if p.Indent == "" {
		w.unit = "  "
	} else {
		w.unit = p.Indent
	}
	w.h = DefaultHelpers()
	if p.Helpers != nil {
		w.h = *p.Helpers
	}
	w.iterType = p.IterType
	if w.iterType == "" {
		w.iterType = "int"
	}
	for _, s := range flatten(n) {
		w.stmt(s, p.Base)
		if w.err != nil {
			return "", w.err
		}
	}
	return w.b.String(), nil
}

type cwriter struct {
	p        *Printer
	b        strings.Builder
	unit     string
	iterType string
	h        Helpers
	err      error
}

// line writes s at depth; every line of a multi-line s is indented (a
// preprocessor directive keeps its indentation too: C allows it).
func (w *cwriter) line(depth int, s string) {
	for l := range strings.SplitSeq(s, "\n") {
		if l != "" {
			for range depth {
				w.b.WriteString(w.unit)
			}
		}
		w.b.WriteString(l)
		w.b.WriteByte('\n')
	}
}

// flatten lists the statements that n prints as at one level: a Block
// without Decls is dissolved into its statements, a nil node into none.
func flatten(n Node) []Node {
	if isNil(n) {
		return nil
	}
	b, ok := n.(*Block)
	if !ok {
		return []Node{n}
	}
	var out []Node
	for _, s := range b.Stmts {
		if inner, ok := s.(*Block); ok && inner != nil && !hasDecl(inner) {
			out = append(out, flatten(inner)...)
			continue
		}
		if !isNil(s) {
			out = append(out, s)
		}
	}
	return out
}

func (w *cwriter) markLines(m *Mark) []string {
	if w.p.Mark == nil {
		return []string{"// " + m.Name}
	}
	lines, err := w.p.Mark(m)
	if err != nil && w.err == nil {
		w.err = err
	}
	return lines
}

// single reports whether the statements print as exactly one C statement
// that may stand alone as the body of a for or an if.
func (w *cwriter) single(stmts []Node) bool {
	if len(stmts) != 1 {
		return false
	}
	switch s := stmts[0].(type) {
	case *Decl:
		return false
	case *Block:
		return true // printed with its own braces
	case *Mark:
		if w.p.Mark != nil {
			// The hook may produce a directive; probe it without keeping
			// its error (it is reported when the mark is printed).
			lines, _ := w.p.Mark(s)
			for _, l := range lines {
				if strings.HasPrefix(strings.TrimSpace(l), "#") {
					return false
				}
			}
		}
		return w.single(flatten(s.Body))
	}
	return true
}

// body prints n as the body of a for or if whose header (without a
// trailing newline) is head.
//
// The then branch of an if that is itself an if with an else gets braces
// although C needs none (gcc's -Wdangling-else asks for them).
func (w *cwriter) body(depth int, head string, n Node, ofIf bool) {
	stmts := flatten(n)
	if w.single(stmts) && !(ofIf && endsInIfElse(stmts[0])) {
		w.line(depth, head)
		w.stmt(stmts[0], depth+1)
		return
	}
	w.line(depth, head+" {")
	for _, s := range stmts {
		w.stmt(s, depth+1)
	}
	w.line(depth, "}")
}

func (w *cwriter) stmt(n Node, depth int) {
	if w.err != nil {
		return
	}
	switch n := n.(type) {
	case *Block:
		w.line(depth, "{")
		for _, s := range flatten(n) {
			w.stmt(s, depth+1)
		}
		w.line(depth, "}")
	case *Decl:
		w.line(depth, "const "+w.declType()+" "+n.Name+" = "+w.h.ExprC(n.Value)+";")
	case *User:
		w.line(depth, w.user(n))
	case *Mark:
		for _, l := range w.markLines(n) {
			w.line(depth, l)
		}
		stmts := flatten(n.Body)
		if len(stmts) == 1 {
			w.stmt(stmts[0], depth)
			return
		}
		w.line(depth, "{")
		for _, s := range stmts {
			w.stmt(s, depth+1)
		}
		w.line(depth, "}")
	case *For:
		w.body(depth, w.forHeader(n), n.Body, false)
	case *If:
		w.ifStmt(n, depth, "")
	default:
		w.line(depth, fmt.Sprintf("/* unknown statement %T */;", n))
	}
}

func (w *cwriter) declType() string {
	if w.iterType == "-" {
		return "int"
	}
	return w.iterType
}

func (w *cwriter) user(u *User) string {
	if w.p.User != nil {
		s, err := w.p.User(u)
		if err != nil && w.err == nil {
			w.err = err
		}
		return s
	}
	var b strings.Builder
	(&exprPrinter{b: &b, h: w.h}).call(u.Name, u.Args)
	b.WriteByte(';')
	return b.String()
}

func (w *cwriter) forHeader(f *For) string {
	var b strings.Builder
	b.WriteString("for (")
	if w.iterType != "-" {
		b.WriteString(w.iterType + " ")
	}
	b.WriteString(f.Iter + " = " + w.h.ExprC(f.Init) + "; " + w.h.ExprC(f.Cond) + "; ")
	if v, ok := constOf(f.Inc); ok && v < 0 && v != math.MinInt64 {
		b.WriteString(f.Iter + " -= " + itoa(-v))
	} else {
		b.WriteString(f.Iter + " += " + w.h.ExprC(f.Inc))
	}
	b.WriteByte(')')
	return b.String()
}

// ifStmt prints an if; prefix is "} else " for an else-if chain.
func (w *cwriter) ifStmt(n *If, depth int, prefix string) {
	head := prefix + "if (" + w.h.ExprC(n.Cond) + ")"
	if isNil(n.Else) {
		w.body(depth, head, n.Then, true)
		return
	}
	// With an else branch we always brace the then branch: it rules out
	// the dangling else.
	w.line(depth, head+" {")
	for _, s := range flatten(n.Then) {
		w.stmt(s, depth+1)
	}
	els := flatten(n.Else)
	if len(els) == 1 {
		if e, ok := els[0].(*If); ok {
			w.ifStmt(e, depth, "} else ")
			return
		}
	}
	if w.single(els) {
		w.line(depth, "} else")
		w.stmt(els[0], depth+1)
		return
	}
	w.line(depth, "} else {")
	for _, s := range els {
		w.stmt(s, depth+1)
	}
	w.line(depth, "}")
}

// endsInIfElse reports whether n prints as an unbraced if ... else,
// possibly under marks.
func endsInIfElse(n Node) bool {
	for {
		switch x := n.(type) {
		case *Mark:
			st := flatten(x.Body)
			if len(st) != 1 {
				return false
			}
			n = st[0]
		case *If:
			return !isNil(x.Else)
		default:
			return false
		}
	}
}
