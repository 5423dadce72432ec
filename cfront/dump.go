package cfront

import (
	"fmt"
	"path/filepath"
	"sort"
	"strings"
)

// Dump prints a readable, stable description of f: macros, typedefs,
// variables with element types and extents, functions, and the syntax of
// every region (statements with their positions and exact text,
// expressions as S-expressions). It is the format of the golden tests.
func Dump(f *File) string {
	var b strings.Builder
	fmt.Fprintf(&b, "file %s\n", filepath.Base(f.Name))
	names := make([]string, 0, len(f.Macros))
	for n := range f.Macros {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		m := f.Macros[n]
		params := ""
		if m.FuncLike {
			params = "(" + strings.Join(m.Params, ", ") + ")"
		}
		fmt.Fprintf(&b, "macro %s%s = %q [%s]\n", m.Name, params, m.Body, filepath.Base(m.File))
	}
	names = names[:0]
	for n := range f.Typedefs {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		t := f.Typedefs[n]
		fmt.Fprintf(&b, "typedef %s = %s%s%s\n", t.Name, t.Type, strings.Repeat("*", t.Stars), dumpDims(t.Dims))
	}
	for _, v := range f.Globals {
		b.WriteString(dumpVar(v) + "\n")
	}
	for _, fn := range f.Funcs {
		fmt.Fprintf(&b, "func %s @%s returns %s body [%d,%d)\n", fn.Name, fn.Pos, fn.Result, fn.BodyStart, fn.BodyEnd)
		for _, v := range fn.Params {
			b.WriteString("  " + dumpVar(v) + "\n")
		}
		for _, v := range fn.Locals {
			b.WriteString("  " + dumpVar(v) + "\n")
		}
	}
	for k, r := range f.Regions {
		kind := "pragma"
		if r.Auto {
			kind = "auto"
		}
		fmt.Fprintf(&b, "region %d %s @%s bytes [%d,%d) body [%d,%d) func %q indent %q\n",
			k+1, kind, r.Pos, r.Start, r.End, r.BodyStart, r.BodyEnd, r.Func, r.Indent)
		for _, s := range r.Body {
			dumpStmt(&b, s, "  ")
		}
	}
	for _, e := range f.Skipped {
		fmt.Fprintf(&b, "skipped %s: %s\n", e.Pos, e.Msg)
	}
	return b.String()
}

func dumpDims(dims []Expr) string {
	var b strings.Builder
	for _, d := range dims {
		if d == nil {
			b.WriteString("[]")
		} else {
			b.WriteString("[" + d.Format(nil) + "]")
		}
	}
	return b.String()
}

func dumpVar(v *Var) string {
	s := fmt.Sprintf("%s %s %s%s @%s ndims %d elem %q", v.Scope, v.Type, v.Name, dumpDims(v.Dims), v.Pos, v.NDims(), v.Elem)
	if v.AltDims != nil {
		s += " alt " + dumpDims(v.AltDims)
	}
	return s
}

func dumpStmt(b *strings.Builder, s Stmt, ind string) {
	switch s := s.(type) {
	case *For:
		decl := ""
		if s.DeclType != nil {
			decl = " decl " + s.DeclType.Text
		}
		var bounds []string
		for _, bd := range s.Bounds {
			bounds = append(bounds, s.Iter+" "+bd.Op+" "+SExpr(bd.Expr))
		}
		fmt.Fprintf(b, "%sfor @%s end %d iter %s@%s%s lower %s bounds [%s] step %d\n", ind, s.At, s.EndOff,
			s.Iter, s.IterPos, decl, SExpr(s.Lower), strings.Join(bounds, "; "), s.Step)
		dumpStmt(b, s.Body, ind+"  ")
	case *If:
		fmt.Fprintf(b, "%sif @%s end %d cond %s\n", ind, s.At, s.EndOff, SExpr(s.Cond))
		dumpStmt(b, s.Then, ind+"  ")
		if s.Else != nil {
			fmt.Fprintf(b, "%selse\n", ind)
			dumpStmt(b, s.Else, ind+"  ")
		}
	case *Block:
		fmt.Fprintf(b, "%sblock @%s end %d\n", ind, s.At, s.EndOff)
		for _, c := range s.Stmts {
			dumpStmt(b, c, ind+"  ")
		}
	case *ExprStmt:
		fmt.Fprintf(b, "%sstmt @%s %q\n%s  %s\n", ind, s.At, s.Text, ind, SExpr(s.X))
	case *Decl:
		fmt.Fprintf(b, "%sdecl @%s %q type %s\n", ind, s.At, s.Text, s.Type.Text)
		for _, v := range s.Vars {
			init := ""
			if v.Init != nil {
				init = " = " + SExpr(v.Init)
			}
			fmt.Fprintf(b, "%s  %s%s%s @%s%s\n", ind, strings.Repeat("*", v.Stars), v.Name, dumpDims(v.Dims), v.At, init)
		}
	case *Empty:
		fmt.Fprintf(b, "%sempty @%s\n", ind, s.At)
	}
}

// SExpr prints an expression as an S-expression that shows the tree:
// subscripts as (A[] i j), calls as (call f a), prefix operators as
// (u- x), postfix as (x++), casts as (cast T x), parentheses as (paren x).
func SExpr(e Expr) string {
	switch e := e.(type) {
	case nil:
		return "<nil>"
	case *Ident:
		return e.Name
	case *IntLit:
		return e.Text
	case *FloatLit:
		return e.Text
	case *CharLit:
		return e.Text
	case *StringLit:
		return e.Text
	case *Paren:
		return "(paren " + SExpr(e.X) + ")"
	case *Unary:
		if e.Op == "++" || e.Op == "--" {
			return "(" + e.Op + "pre " + SExpr(e.X) + ")"
		}
		if e.Op == "sizeof" {
			return "(sizeof " + SExpr(e.X) + ")"
		}
		return "(u" + e.Op + " " + SExpr(e.X) + ")"
	case *Postfix:
		return "(" + e.Op + "post " + SExpr(e.X) + ")"
	case *Binary:
		return "(" + e.Op + " " + SExpr(e.X) + " " + SExpr(e.Y) + ")"
	case *Assign:
		return "(" + e.Op + " " + SExpr(e.LHS) + " " + SExpr(e.RHS) + ")"
	case *CondExpr:
		return "(? " + SExpr(e.Cond) + " " + SExpr(e.Then) + " " + SExpr(e.Else) + ")"
	case *Call:
		parts := []string{"call", SExpr(e.Fun)}
		for _, a := range e.Args {
			parts = append(parts, SExpr(a))
		}
		return "(" + strings.Join(parts, " ") + ")"
	case *Index:
		if name, subs, ok := ArrayAccess(e); ok {
			parts := []string{name + "[]"}
			for _, s := range subs {
				parts = append(parts, SExpr(s))
			}
			return "(" + strings.Join(parts, " ") + ")"
		}
		return "([] " + SExpr(e.X) + " " + SExpr(e.Index) + ")"
	case *Member:
		op := "."
		if e.Arrow {
			op = "->"
		}
		return "(" + op + " " + SExpr(e.X) + " " + e.Name + ")"
	case *Cast:
		return "(cast " + e.Type.Text + " " + SExpr(e.X) + ")"
	case *SizeofType:
		return "(sizeof-type " + e.Type.Text + ")"
	}
	return "<?>"
}
