package cdecl

import (
	"fmt"
	"math"
	"strings"

	"github.com/tessera-opt/tessera/ast"
	"github.com/tessera-opt/tessera/cfront"
	"github.com/tessera-opt/tessera/internal/ctext"
	"github.com/tessera-opt/tessera/internal/emit"
	"github.com/tessera-opt/tessera/scop"
)

// Var is the declaration of one of the region's variables, hoisted out of
// its statement, without initializer.
type Var struct {
	// Type is the declaration's specifiers without storage class (and
	// without const when the variable had an initializer, which becomes
	// an assignment).
	Type  string
	Stars int
	Name  string
	// Dims are the C text of the array extents, "" for [].
	Dims []string
	// Attrs are the declarator's attributes as written.
	Attrs string
}

// String is the declaration as C, with its newline.
func (v Var) String() string {
	var b strings.Builder
	b.WriteString(v.Type + " " + strings.Repeat("*", v.Stars) + v.Name)
	for _, d := range v.Dims {
		b.WriteString("[" + d + "]")
	}
	if v.Attrs != "" {
		b.WriteString(" " + v.Attrs)
	}
	b.WriteString(";\n")
	return b.String()
}

// Decls is the split of a region's local declarations.
type Decls struct {
	// Outer declares the names declared at the region's top level: their
	// scope continues after the region, so they are printed before it.
	Outer []Var
	// Inner declares the names declared in a nested block (a loop body):
	// they are printed inside a block wrapped around the generated code,
	// so that they do not shadow outer names after the region.
	Inner []Var
}

func printVars(vs []Var) string {
	var b strings.Builder
	for _, v := range vs {
		b.WriteString(v.String())
	}
	return b.String()
}

// Wrap returns text preceded by the declarations, with the inner ones and
// text in their own block when there are inner ones.
func (d Decls) Wrap(text string) string {
	if len(d.Inner) == 0 {
		return printVars(d.Outer) + text
	}
	return printVars(d.Outer) + "{\n" + strings.TrimRight(ctext.Indent(printVars(d.Inner)+text, "  "), "\n") + "\n}\n"
}

// Collect finds the declarations of the region's syntax (not the
// iterator declarations of for headers) and prints them without their
// initializers, which StatementBodies turns into assignments. Declarations
// of one name with one type in disjoint blocks share one declaration. It
// refuses (error) the regions where hoisting a declaration could change
// which variable a name denotes: a name declared twice with nested scopes
// or different types, or used by a statement outside the scope of every
// declaration of it in the region.
func Collect(r *cfront.Region, s *scop.Scop) (Decls, error) {
	var out Decls
	type scope struct {
		name, line string
		start, end int
	}
	var scopes []scope
	var bad error
	used := map[string]bool{}
	for _, st := range s.Statements {
		text := st.Text
		if st.Syntax != nil {
			text += " " + cfront.FormatStmt(st.Syntax, "", "  ", nil)
		}
		for id := range ctext.Identifiers([]byte(text)) {
			used[id] = true
		}
	}
	for _, p := range s.Params {
		used[p] = true
	}
	var visit func(st cfront.Stmt, top bool, end int)
	visit = func(st cfront.Stmt, top bool, end int) {
		switch st := st.(type) {
		case *cfront.Block:
			if st == nil {
				return
			}
			for _, c := range st.Stmts {
				visit(c, false, st.End())
			}
		case *cfront.For:
			visit(st.Body, false, st.End())
		case *cfront.If:
			visit(st.Then, false, st.End())
			if st.Else != nil {
				visit(st.Else, false, st.End())
			}
		case *cfront.Decl:
			typ, class := StorageFree(st.Type.Text)
			if (class == "static" || class == "extern" || threadLocal[class]) && bad == nil {
				// Hoisting would change the object or its lifetime, and a
				// static's initializer runs once, not at each execution.
				bad = fmt.Errorf("%s is declared %s in the region; the region is kept as it was", st.Vars[0].Name, class)
			}
			for _, v := range st.Vars {
				if v.Init != nil && len(v.Dims) > 0 && bad == nil {
					bad = fmt.Errorf("array %s has an initializer; the region is kept as it was", v.Name)
				}
				t := typ
				if v.Init != nil {
					// The initializer becomes an assignment.
					t = DropConst(t)
				}
				decl := Var{Type: t, Stars: v.Stars, Name: v.Name, Attrs: v.Attrs}
				for _, e := range v.Dims {
					d := ""
					if e != nil {
						d = e.Format(nil)
					}
					decl.Dims = append(decl.Dims, d)
				}
				line := decl.String()
				sc := scope{v.Name, line, st.Pos().Offset, end}
				dup := false
				for _, o := range scopes {
					if o.name != v.Name {
						continue
					}
					// Declarations in disjoint blocks with the same type
					// become one variable (the model already treats
					// them as one); nested ones cannot.
					if o.line != line || sc.start < o.end && o.start < sc.end {
						if bad == nil {
							bad = fmt.Errorf("%s is declared twice in the region with overlapping scopes or different types; the region is kept as it was", v.Name)
						}
					}
					dup = true
				}
				scopes = append(scopes, sc)
				if dup || !used[v.Name] {
					// (A name no statement uses, such as an index
					// temporary the model substituted, needs no
					// declaration.)
					continue
				}
				if top {
					out.Outer = append(out.Outer, decl)
				} else {
					out.Inner = append(out.Inner, decl)
				}
			}
		}
	}
	for _, st := range r.Body {
		visit(st, true, math.MaxInt)
	}
	if bad != nil {
		return out, bad
	}
	for _, st := range s.Statements {
		ids := ctext.Identifiers([]byte(st.Text))
		off := st.Pos.Offset
		for _, sc := range scopes {
			if !ids[sc.name] {
				continue
			}
			in := false
			for _, o := range scopes {
				in = in || o.name == sc.name && off >= o.start && off < o.end
			}
			if !in {
				return out, fmt.Errorf("%s is used outside the scope of its declaration in the region; the region is kept as it was", sc.name)
			}
		}
	}
	return out, nil
}

// storageClasses are the words of a declaration's specifiers that are
// not part of its type: storage-class specifiers and inline. A type that
// tessera prints (a hoisted declaration, a cast, sizeof, a parameter, a
// temporary) has none of them.
var storageClasses = map[string]bool{
	"static": true, "extern": true, "register": true, "auto": true, "typedef": true,
	"_Thread_local": true, "thread_local": true, "__thread": true,
	"inline": true, "__inline": true, "__inline__": true,
}

// threadLocal are the storage-class words of thread-local variables.
var threadLocal = map[string]bool{"_Thread_local": true, "thread_local": true, "__thread": true}

// StorageFree returns typ (specifier words, possibly followed by stars)
// without its storage-class words, and the first of those (class, "" when
// there is none). Qualifiers (const, volatile, restrict) stay.
func StorageFree(typ string) (string, string) {
	class := ""
	var w []string
	for _, f := range strings.Fields(typ) {
		if storageClasses[f] {
			if class == "" {
				class = f
			}
			continue
		}
		w = append(w, f)
	}
	if class == "" {
		return typ, ""
	}
	return strings.Join(w, " "), class
}

// PlainElemTypes removes the storage-class words from the element types
// of s's arrays (a region's "register float x" has type "float"), which
// the later stages compare and print in declarations, casts and sizeof.
func PlainElemTypes(s *scop.Scop) {
	for _, a := range s.Arrays {
		a.ElemType, _ = StorageFree(a.ElemType)
	}
}

// DropConst removes the const qualifier from a type's specifiers.
func DropConst(typ string) string {
	var w []string
	for _, f := range strings.Fields(typ) {
		if f != "const" {
			w = append(w, f)
		}
	}
	return strings.Join(w, " ")
}

// iterRank orders the integer types the generated iterators may take.
var iterRank = map[string]int{
	"int": 0, "long": 1, "long long": 2,
}

// IterType chooses the type of the generated iterators and LICM
// temporaries: the widest type among the region's original iterators and
// the parameters of the region (the names of its bounds), so that every
// value the original loops computed fits. Narrow types (char, short,
// unsigned char, unsigned short) give int; unsigned int gives long (every
// value fits). It refuses (error) unsigned types of 64 bits and types it
// cannot resolve: their wrap-around semantics have no signed equivalent.
func IterType(f *cfront.File, r *cfront.Region, s *scop.Scop) (string, error) {
	best := "int"
	consider := func(name, typ string) error {
		res, ok := f.ResolveType(typ)
		if !ok {
			return fmt.Errorf("cannot resolve the type %q of %s to choose the type of the generated iterators; the region is kept as it was", typ, name)
		}
		var t string
		switch res {
		case "int", "short", "char", "signed char", "unsigned char", "unsigned short", "_Bool",
			"int8_t", "int16_t", "int32_t", "uint8_t", "uint16_t":
			t = "int"
		case "unsigned int", "uint32_t", "long":
			t = "long"
		case "long long", "int64_t", "intptr_t", "ptrdiff_t", "ssize_t", "intmax_t":
			t = "long long"
		case "unsigned long", "unsigned long long", "size_t", "uint64_t", "uintptr_t", "uintmax_t":
			// The caller checked that the values fit long long (the
			// region's unsigned plan).
			t = "long long"
		default:
			return fmt.Errorf("%s has type %s; the generated iterators would need an unsigned or non-integer type (not supported); the region is kept as it was", name, res)
		}
		if iterRank[t] > iterRank[best] {
			best = t
		}
		return nil
	}
	var bad error
	for _, st := range r.Body {
		cfront.WalkStmt(st, func(st cfront.Stmt) {
			loop, ok := st.(*cfront.For)
			if !ok {
				return
			}
			var err error
			if loop.DeclType != nil {
				err = consider(loop.Iter, loop.DeclType.Text)
			} else if v := f.Lookup(r, loop.Iter); v != nil && len(v.Dims) == 0 {
				err = consider(loop.Iter, v.Type)
			}
			if err != nil && bad == nil {
				bad = err
			}
		})
	}
	if bad != nil {
		return "", bad
	}
	for _, p := range s.Params {
		if v := f.Lookup(r, p); v != nil && len(v.Dims) == 0 {
			if err := consider(p, v.Type); err != nil {
				return "", err
			}
		}
	}
	return best, nil
}

// StatementBodies returns the Body callback of emit: the statement's
// original text with its iterators replaced by the call's arguments; region
// local declarations become assignments, and their declarations (without
// initializer) are returned to be printed around the region (see
// Collect).
//
// syntax gives the syntax that a call prints instead of its statement's
// (the FP-contraction control's), nil for the statement's own (syntax
// itself may be nil); iterValue gives the text a statement sees for its iterator it,
// given the generated expression e (nil: e itself).
func StatementBodies(r *cfront.Region, s *scop.Scop, prefix string, syntax func(*ast.User) cfront.Stmt, iterValue func(it, e string) string) (func(u *ast.User) (string, error), Decls, error) {
	byName := map[string]*scop.Statement{}
	for _, st := range s.Statements {
		byName[st.Name] = st
	}
	decls, err := Collect(r, s)
	if err != nil {
		return nil, decls, err
	}
	ecfg := emit.Config{HelperPrefix: prefix}
	body := func(u *ast.User) (string, error) {
		st := byName[u.Name]
		if st == nil {
			return "", fmt.Errorf("unknown statement %s", u.Name)
		}
		if len(u.Args) != len(st.CIters) {
			return "", fmt.Errorf("statement %s called with %d arguments, has %d iterators", u.Name, len(u.Args), len(st.CIters))
		}
		sub := map[string]string{}
		for k, it := range st.CIters {
			v := ecfg.Expr(u.Args[k])
			if iterValue != nil {
				v = iterValue(it, v)
			}
			sub[it] = v
		}
		subst := func(name string) (string, bool) {
			v, ok := sub[name]
			return v, ok
		}
		if d, ok := st.Syntax.(*cfront.Decl); ok {
			var parts []string
			for _, v := range d.Vars {
				if v.Init != nil {
					parts = append(parts, v.Name+" = "+v.Init.Format(subst)+";")
				}
			}
			if len(parts) == 0 {
				return ";", nil
			}
			if len(parts) == 1 {
				return parts[0], nil
			}
			return "{ " + strings.Join(parts, " ") + " }", nil
		}
		syn := st.Syntax
		if syntax != nil {
			if x := syntax(u); x != nil {
				syn = x
			}
		}
		return strings.TrimRight(cfront.FormatStmt(syn, "", "  ", subst), "\n"), nil
	}
	return body, decls, nil
}
