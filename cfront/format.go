package cfront

import (
	"strings"
)

// Precedence levels used by Format to decide where parentheses are needed
// in trees built by hand (parsed trees keep their *Paren nodes and never
// need extra ones).
const (
	precComma   = 0
	precAssign  = 1
	precCond    = 2
	precBinBase = 2 // binary operator precedence p prints at precBinBase+p (3..12)
	precUnary   = 13
	precPostfix = 14
	precPrimary = 15
)

func exprPrec(e Expr) int {
	switch e := e.(type) {
	case *Binary:
		if e.Op == "," {
			return precComma
		}
		return precBinBase + binaryPrec(e.Op)
	case *Assign:
		return precAssign
	case *CondExpr:
		return precCond
	case *Unary, *Cast, *SizeofType:
		return precUnary
	case *Postfix, *Index, *Call, *Member:
		return precPostfix
	}
	return precPrimary
}

type formatter struct {
	b     strings.Builder
	subst func(string) (string, bool)
}

func (f *formatter) sub(e Expr, min int) {
	if e == nil {
		f.b.WriteString("<nil>")
		return
	}
	if exprPrec(e) < min {
		f.b.WriteByte('(')
		f.expr(e)
		f.b.WriteByte(')')
		return
	}
	f.expr(e)
}

// atomic reports whether s can stand anywhere without parentheses: an
// identifier or an unsigned number.
func atomic(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !isIdentChar(s[i]) && s[i] != '.' {
			return false
		}
	}
	return true
}

func (f *formatter) expr(e Expr) {
	switch e := e.(type) {
	case *Ident:
		if f.subst != nil {
			if s, ok := f.subst(e.Name); ok {
				if atomic(s) {
					f.b.WriteString(s)
				} else {
					f.b.WriteByte('(')
					f.b.WriteString(s)
					f.b.WriteByte(')')
				}
				return
			}
		}
		f.b.WriteString(e.Name)
	case *IntLit:
		f.b.WriteString(e.Text)
	case *FloatLit:
		f.b.WriteString(e.Text)
	case *CharLit:
		f.b.WriteString(e.Text)
	case *StringLit:
		f.b.WriteString(e.Text)
	case *Paren:
		f.b.WriteByte('(')
		f.sub(e.X, precComma)
		f.b.WriteByte(')')
	case *Unary:
		if e.Op == "sizeof" {
			f.b.WriteString("sizeof ")
			f.sub(e.X, precUnary)
			return
		}
		f.b.WriteString(e.Op)
		// Keep "- -x" and "+ +x" from becoming "--x" / "++x".
		var inner formatter
		inner.subst = f.subst
		inner.sub(e.X, precUnary)
		s := inner.b.String()
		if (e.Op == "-" || e.Op == "+" || e.Op == "&") && len(s) > 0 && s[0] == e.Op[0] {
			f.b.WriteByte(' ')
		}
		f.b.WriteString(s)
	case *Postfix:
		f.sub(e.X, precPostfix)
		f.b.WriteString(e.Op)
	case *Binary:
		p := precBinBase + binaryPrec(e.Op)
		if e.Op == "," {
			p = precComma
		}
		f.sub(e.X, p)
		if e.Op == "," {
			f.b.WriteString(", ")
		} else {
			f.b.WriteByte(' ')
			f.b.WriteString(e.Op)
			f.b.WriteByte(' ')
		}
		f.sub(e.Y, p+1)
	case *Assign:
		f.sub(e.LHS, precUnary)
		f.b.WriteByte(' ')
		f.b.WriteString(e.Op)
		f.b.WriteByte(' ')
		f.sub(e.RHS, precAssign)
	case *CondExpr:
		f.sub(e.Cond, precCond+1)
		f.b.WriteString(" ? ")
		f.sub(e.Then, precComma)
		f.b.WriteString(" : ")
		f.sub(e.Else, precCond)
	case *Call:
		f.sub(e.Fun, precPostfix)
		f.b.WriteByte('(')
		for i, a := range e.Args {
			if i > 0 {
				f.b.WriteString(", ")
			}
			f.sub(a, precAssign)
		}
		f.b.WriteByte(')')
	case *Index:
		f.sub(e.X, precPostfix)
		f.b.WriteByte('[')
		f.sub(e.Index, precComma)
		f.b.WriteByte(']')
	case *Member:
		f.sub(e.X, precPostfix)
		if e.Arrow {
			f.b.WriteString("->")
		} else {
			f.b.WriteByte('.')
		}
		f.b.WriteString(e.Name)
	case *Cast:
		f.b.WriteByte('(')
		f.b.WriteString(e.Type.Text)
		f.b.WriteByte(')')
		f.sub(e.X, precUnary)
	case *SizeofType:
		f.b.WriteString("sizeof(")
		f.b.WriteString(e.Type.Text)
		f.b.WriteByte(')')
	default:
		f.b.WriteString("<?>")
	}
}

func format(e Expr, subst func(string) (string, bool)) string {
	f := formatter{subst: subst}
	f.sub(e, precComma)
	return f.b.String()
}

func (e *Ident) Format(s func(string) (string, bool)) string      { return format(e, s) }
func (e *IntLit) Format(s func(string) (string, bool)) string     { return format(e, s) }
func (e *FloatLit) Format(s func(string) (string, bool)) string   { return format(e, s) }
func (e *CharLit) Format(s func(string) (string, bool)) string    { return format(e, s) }
func (e *StringLit) Format(s func(string) (string, bool)) string  { return format(e, s) }
func (e *Paren) Format(s func(string) (string, bool)) string      { return format(e, s) }
func (e *Unary) Format(s func(string) (string, bool)) string      { return format(e, s) }
func (e *Postfix) Format(s func(string) (string, bool)) string    { return format(e, s) }
func (e *Binary) Format(s func(string) (string, bool)) string     { return format(e, s) }
func (e *Assign) Format(s func(string) (string, bool)) string     { return format(e, s) }
func (e *CondExpr) Format(s func(string) (string, bool)) string   { return format(e, s) }
func (e *Call) Format(s func(string) (string, bool)) string       { return format(e, s) }
func (e *Index) Format(s func(string) (string, bool)) string      { return format(e, s) }
func (e *Member) Format(s func(string) (string, bool)) string     { return format(e, s) }
func (e *Cast) Format(s func(string) (string, bool)) string       { return format(e, s) }
func (e *SizeofType) Format(s func(string) (string, bool)) string { return format(e, s) }

// FormatStmt prints a statement back to C, one statement per line, nested
// statements indented by one more indent than ind (indent is the unit, e.g.
// "  "); a block body opens on the line of its for/if/else. subst is as for
// Expr.Format and also renames declared names when it gives an identifier.
// Loops are printed from their parsed clauses (Init, Cond, Incr), not from
// the normalized Bounds.
func FormatStmt(s Stmt, ind, indent string, subst func(string) (string, bool)) string {
	var b strings.Builder
	formatStmt(&b, s, ind, indent, subst)
	return b.String()
}

func formatStmt(b *strings.Builder, s Stmt, ind, indent string, subst func(string) (string, bool)) {
	switch s := s.(type) {
	case *Block:
		b.WriteString(ind + "{\n")
		for _, c := range s.Stmts {
			formatStmt(b, c, ind+indent, indent, subst)
		}
		b.WriteString(ind + "}\n")
	case *Empty:
		b.WriteString(ind + ";\n")
	case *ExprStmt:
		b.WriteString(ind + s.X.Format(subst) + ";\n")
	case *Decl:
		b.WriteString(ind + formatDecl(s, subst) + ";\n")
	case *If:
		b.WriteString(ind + "if (" + s.Cond.Format(subst) + ")")
		formatBody(b, s.Then, ind, indent, subst)
		if s.Else != nil {
			b.WriteString(ind + "else")
			formatBody(b, s.Else, ind, indent, subst)
		}
	case *For:
		var init string
		switch in := s.Init.(type) {
		case *Decl:
			init = formatDecl(in, subst)
		case *ExprStmt:
			init = in.X.Format(subst)
		}
		b.WriteString(ind + "for (" + init + "; " + s.Cond.Format(subst) + "; " + s.Incr.Format(subst) + ")")
		formatBody(b, s.Body, ind, indent, subst)
	}
}

// formatBody prints the body of a for, if or else: a block opens on the
// same line, any other statement goes on the next line, indented.
func formatBody(b *strings.Builder, s Stmt, ind, indent string, subst func(string) (string, bool)) {
	blk, ok := s.(*Block)
	if !ok {
		b.WriteByte('\n')
		formatStmt(b, s, ind+indent, indent, subst)
		return
	}
	b.WriteString(" {\n")
	for _, c := range blk.Stmts {
		formatStmt(b, c, ind+indent, indent, subst)
	}
	b.WriteString(ind + "}\n")
}

func formatDecl(d *Decl, subst func(string) (string, bool)) string {
	var b strings.Builder
	b.WriteString(d.Type.Text)
	for i, v := range d.Vars {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteByte(' ')
		b.WriteString(strings.Repeat("*", v.Stars))
		name := v.Name
		if subst != nil {
			if n, ok := subst(name); ok && atomic(n) {
				name = n
			}
		}
		b.WriteString(name)
		for _, x := range v.Dims {
			b.WriteByte('[')
			if x != nil {
				b.WriteString(x.Format(subst))
			}
			b.WriteByte(']')
		}
		if v.Attrs != "" {
			b.WriteString(" " + v.Attrs)
		}
		if v.Init != nil {
			b.WriteString(" = ")
			b.WriteString(format1(v.Init, subst))
		}
	}
	return b.String()
}

func format1(e Expr, subst func(string) (string, bool)) string {
	f := formatter{subst: subst}
	f.sub(e, precAssign)
	return f.b.String()
}
