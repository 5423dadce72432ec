package scop

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/tessera-opt/tessera/cfront"
)

// This file forward-substitutes index temporaries: a scalar declared in a
// loop body with an initializer that is an affine-looking expression of
// the loop iterators and of names the region does not declare,
//
//	for (i = 0; i < n; i++)
//	  for (j = 0; j < m; j++) {
//	    int idx = i*m + j;
//	    y[idx] = x[idx] * 2;
//	  }
//
// is modelled as if its uses were written (i*m + j): y[(i*m + j)]. The
// declaration is dropped from the modelled statements and the printed
// ones use the expression. This is exact when
//
//   - idx is declared with one declarator, no extent or pointer level,
//     not declared again in its scope (declarations of the name in other
//     blocks are substituted each in its own), and no variable of that
//     name is written or addressed in the region (its value is the
//     initializer's at every use);
//   - its scope is the rest of its block, so it is not live after the
//     block;
//   - the initializer reads only names (no element, call, assignment or
//     increment), integer constants and + - * / %; no later statement of
//     the block binds one of those names again (a loop iterator or a
//     declaration that would capture the substituted name);
//   - no macro of the file names it in its body (a use through the
//     macro would not be substituted);
//   - its type is a signed integer type at least as wide as the type of
//     every name of the initializer (the conversion to it keeps the
//     value).
//
// A name of the initializer that the region writes makes the model reject
// the region as before (it cannot be a parameter), so the substitution
// never hides a change of value between the declaration and a use.

// substIndexTemps returns body with the index temporaries substituted
// (body itself is not changed) and a function that words the model's
// refusal of a temporary it did not substitute as the reason why not.
func substIndexTemps(f *cfront.File, r *cfront.Region, body []cfront.Stmt) ([]cfront.Stmt, func(error) error) {
	t := &tempSubst{f: f, r: r, decls: map[string]int{}, written: map[string]bool{},
		widths: map[string]int{}, why: map[string]string{}}
	for _, s := range body {
		t.scan(s)
	}
	return t.stmts(body, nil), t.explain
}

// explain rewords the model's "write to idx, which is used as a parameter
// at POS (WHAT; ...)" for an index temporary that was not substituted.
func (t *tempSubst) explain(err error) error {
	var ce *cfront.Error
	if !errors.As(err, &ce) {
		return err
	}
	const head = "write to "
	rest, ok := strings.CutPrefix(ce.Msg, head)
	if !ok {
		return err
	}
	name, rest, ok := strings.Cut(rest, ", which is used as a parameter")
	why := t.why[name]
	if !ok || why == "" {
		return err
	}
	what := ""
	if open := strings.Index(rest, "("); open >= 0 {
		what = rest[open+1:]
		if semi := strings.Index(what, ";"); semi >= 0 {
			what = what[:semi]
		}
		what = " (" + what + ")"
	}
	at := strings.TrimSpace(rest)
	if open := strings.Index(at, "("); open >= 0 {
		at = strings.TrimSpace(at[:open])
	}
	c := *ce
	def, why, _ := strings.Cut(why, "\x00")
	c.Msg = fmt.Sprintf("%s is computed in the loop body and used %s%s, where a value fixed in the region is needed; it is not substituted into its uses: it %s (tessera substitutes a scalar declared once with a signed integer type, never written again, and initialized from loop iterators, parameters and constants with + - * / %%)", def, at, what, why)
	return &c
}

type tempSubst struct {
	f       *cfront.File
	r       *cfront.Region
	decls   map[string]int  // declarations of each name in the region
	written map[string]bool // names assigned, incremented or addressed
	iters   []*cfront.For   // enclosing loops during stmts
	widths  map[string]int  // the substituted temporaries' type widths
	// why says, for a scalar declared with an initializer in a loop
	// body, why it was not substituted.
	why map[string]string
}

// scan counts the declarations and writes of the region.
func (t *tempSubst) scan(s cfront.Stmt) {
	cfront.WalkStmt(s, func(s cfront.Stmt) {
		switch x := s.(type) {
		case *cfront.For:
			t.decls[x.Iter]++
			t.written[x.Iter] = true
			t.scanExpr(x.Cond)
		case *cfront.If:
			t.scanExpr(x.Cond)
		case *cfront.ExprStmt:
			t.scanExpr(x.X)
		case *cfront.Decl:
			for _, v := range x.Vars {
				t.decls[v.Name]++
				if v.Init != nil {
					t.scanExpr(v.Init)
				}
			}
		}
	})
}

func (t *tempSubst) scanExpr(e cfront.Expr) {
	cfront.WalkExpr(e, func(x cfront.Expr) {
		switch x := x.(type) {
		case *cfront.Assign:
			if id, ok := x.LHS.(*cfront.Ident); ok {
				t.written[id.Name] = true
			}
		case *cfront.Unary:
			if id, ok := x.X.(*cfront.Ident); ok && (x.Op == "&" || x.Op == "++" || x.Op == "--") {
				t.written[id.Name] = true
			}
		case *cfront.Postfix:
			if id, ok := x.X.(*cfront.Ident); ok {
				t.written[id.Name] = true
			}
		}
	})
}

// stmts substitutes in a statement list; subst maps the temporaries in
// scope to their initializers.
func (t *tempSubst) stmts(list []cfront.Stmt, subst map[string]cfront.Expr) (out []cfront.Stmt) {
	changed := false
	defer func() {
		if !changed {
			out = list
		}
	}()
	for k, s := range list {
		if d, ok := s.(*cfront.Decl); ok {
			if name, init, ok := t.candidate(d, subst, list[k+1:]); ok {
				m := make(map[string]cfront.Expr, len(subst)+1)
				for n, e := range subst {
					m[n] = e
				}
				m[name] = &cfront.Paren{At: init.Pos(), X: init}
				subst = m
				changed = true
				continue
			}
		}
		c := t.stmt(s, subst)
		changed = changed || c != s
		out = append(out, c)
	}
	return out
}

func (t *tempSubst) stmt(s cfront.Stmt, subst map[string]cfront.Expr) cfront.Stmt {
	switch x := s.(type) {
	case *cfront.Block:
		if x == nil {
			return x
		}
		stmts := t.stmts(x.Stmts, subst)
		if len(stmts) == len(x.Stmts) && (len(stmts) == 0 || &stmts[0] == &x.Stmts[0]) {
			return x
		}
		c := *x
		c.Stmts = stmts
		return &c
	case *cfront.For:
		t.iters = append(t.iters, x)
		defer func() { t.iters = t.iters[:len(t.iters)-1] }()
		if len(subst) == 0 {
			body := t.stmt(x.Body, nil)
			if body == x.Body {
				return x
			}
			c := *x
			c.Body = body
			return &c
		}
		c := *x
		c.Lower = substExpr(x.Lower, subst)
		c.Bounds = make([]cfront.Bound, len(x.Bounds))
		for k, b := range x.Bounds {
			c.Bounds[k] = cfront.Bound{Op: b.Op, Expr: substExpr(b.Expr, subst), Raw: substExpr(b.Raw, subst)}
		}
		c.Cond = substExpr(x.Cond, subst)
		switch in := x.Init.(type) {
		case *cfront.ExprStmt:
			ci := *in
			ci.X = substExpr(in.X, subst)
			c.Init = &ci
		case *cfront.Decl:
			c.Init = substDecl(in, subst)
		}
		c.Body = t.stmt(x.Body, subst)
		return &c
	case *cfront.If:
		if len(subst) == 0 {
			then, els := t.stmt(x.Then, nil), x.Else
			if x.Else != nil {
				els = t.stmt(x.Else, nil)
			}
			if then == x.Then && els == x.Else {
				return x
			}
		}
		c := *x
		c.Cond = substExpr(x.Cond, subst)
		c.Then = t.stmt(x.Then, subst)
		if x.Else != nil {
			c.Else = t.stmt(x.Else, subst)
		}
		return &c
	case *cfront.ExprStmt:
		if len(subst) == 0 {
			return x
		}
		c := *x
		c.X = substExpr(x.X, subst)
		c.Text = c.X.Format(nil) + ";"
		return &c
	case *cfront.Decl:
		if len(subst) == 0 {
			return x
		}
		return substDecl(x, subst)
	}
	return s
}

func substDecl(d *cfront.Decl, subst map[string]cfront.Expr) *cfront.Decl {
	c := *d
	c.Vars = make([]*cfront.Declarator, len(d.Vars))
	for k, v := range d.Vars {
		cv := *v
		if v.Init != nil {
			cv.Init = substExpr(v.Init, subst)
		}
		c.Vars[k] = &cv
	}
	return &c
}

// candidate reports whether d declares an index temporary that the rest
// of its block (rest) may see substituted, and returns its name and
// initializer (with the temporaries in scope substituted).
func (t *tempSubst) candidate(d *cfront.Decl, subst map[string]cfront.Expr, rest []cfront.Stmt) (string, cfront.Expr, bool) {
	if len(t.iters) == 0 {
		return "", nil, false
	}
	refuse := func(v *cfront.Declarator, format string, args ...any) (string, cfront.Expr, bool) {
		if v.Init != nil && len(v.Dims) == 0 && v.Stars == 0 && t.why[v.Name] == "" {
			t.why[v.Name] = fmt.Sprintf("%s = %s\x00", v.Name, v.Init.Format(nil)) + fmt.Sprintf(format, args...)
		}
		return "", nil, false
	}
	if len(d.Vars) != 1 {
		for _, v := range d.Vars {
			refuse(v, "is declared together with other names")
		}
		return "", nil, false
	}
	v := d.Vars[0]
	switch {
	case v.Init == nil || len(v.Dims) > 0 || v.Stars > 0:
		return "", nil, false
	case rebinds(rest, v.Name):
		return refuse(v, "is declared again in its scope")
	case t.written[v.Name]:
		return refuse(v, "is not the only write to %s in the region", v.Name)
	}
	if m := t.macroNaming(v.Name); m != "" {
		return refuse(v, "is named in the body of the macro %s, which its uses would still read", m)
	}
	width, ok := t.signedWidth(d.Type.Text)
	if !ok {
		return refuse(v, "has the type %s, not int, long or long long", d.Type.Text)
	}
	names, ok := t.pureNames(v.Init)
	if !ok {
		return refuse(v, "is initialized with more than names, integer constants and + - * / %%")
	}
	for _, n := range names {
		if w, temp := t.widths[n]; temp {
			if _, in := subst[n]; in {
				if w > width {
					return refuse(v, "reads %s, whose type is wider than %s's", n, v.Name)
				}
				continue
			}
		}
		if t.written[n] && !t.enclosing(n) {
			return refuse(v, "reads %s, which the region writes", n)
		}
		w, ok := t.nameWidth(n)
		if !ok {
			return refuse(v, "reads %s, which is neither a loop iterator nor a scalar declared outside the region", n)
		}
		if w > width {
			return refuse(v, "reads %s, whose type is wider than %s's", n, v.Name)
		}
		if rebinds(rest, n) {
			return refuse(v, "reads %s, which a later declaration or loop of the block declares again (the substituted name would denote it)", n)
		}
	}
	t.widths[v.Name] = width
	return v.Name, substExpr(v.Init, subst), true
}

// macroNaming returns a macro of the file whose body names n (other
// than as a parameter), "" when none.
func (t *tempSubst) macroNaming(n string) string {
	for _, m := range t.f.Macros {
		if !strings.Contains(m.Body, n) {
			continue
		}
		for _, w := range strings.FieldsFunc(m.Body, func(r rune) bool {
			return r != '_' && !('a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9')
		}) {
			if w == n && !slices.Contains(m.Params, n) {
				return m.Name
			}
		}
	}
	return ""
}

// enclosing reports whether n is the iterator of an enclosing loop.
func (t *tempSubst) enclosing(n string) bool {
	for _, f := range t.iters {
		if f.Iter == n {
			return true
		}
	}
	return false
}

// signedWidth is the width in bits of a signed integer type (int and
// wider), for LP64.
func (t *tempSubst) signedWidth(typ string) (int, bool) {
	res, ok := t.f.ResolveType(typ)
	if !ok {
		return 0, false
	}
	switch res {
	case "int", "int32_t":
		return 32, true
	case "long", "long long", "int64_t", "intptr_t", "ptrdiff_t", "ssize_t", "intmax_t":
		return 64, true
	}
	return 0, false
}

// nameWidth is the width of the type of a name of an initializer: an
// enclosing loop's iterator or a scalar declared outside the region;
// names of neither kind (macros) are constants and count as int.
func (t *tempSubst) nameWidth(n string) (int, bool) {
	for k := len(t.iters) - 1; k >= 0; k-- {
		f := t.iters[k]
		if f.Iter != n {
			continue
		}
		typ := ""
		if f.DeclType != nil {
			typ = f.DeclType.Text
		} else if v := t.f.Lookup(t.r, n); v != nil && len(v.Dims) == 0 {
			typ = v.Type
		}
		return t.narrowWidth(typ)
	}
	if t.decls[n] > 0 {
		return 0, false // a local of the region
	}
	if v := t.f.Lookup(t.r, n); v != nil {
		if len(v.Dims) > 0 {
			return 0, false
		}
		return t.narrowWidth(v.Type)
	}
	if m := t.f.Macros[n]; m != nil && !m.FuncLike {
		return 32, true
	}
	return 0, false
}

// narrowWidth is the width of a signed type or of an unsigned type
// narrower than int (promoted to int).
func (t *tempSubst) narrowWidth(typ string) (int, bool) {
	if typ == "" {
		return 0, false
	}
	res, ok := t.f.ResolveType(typ)
	if !ok {
		return 0, false
	}
	switch res {
	case "short", "char", "signed char", "unsigned char", "unsigned short", "_Bool", "int8_t", "int16_t", "uint8_t", "uint16_t":
		return 32, true
	}
	return t.signedWidth(typ)
}

// pureNames returns the names e reads when e is built only of names,
// integer constants, parentheses, unary minus and + - * / %.
func (t *tempSubst) pureNames(e cfront.Expr) ([]string, bool) {
	var names []string
	var ok func(e cfront.Expr) bool
	ok = func(e cfront.Expr) bool {
		switch x := e.(type) {
		case *cfront.Ident:
			names = append(names, x.Name)
			return true
		case *cfront.IntLit:
			return !x.Big
		case *cfront.Paren:
			return ok(x.X)
		case *cfront.Unary:
			return (x.Op == "-" || x.Op == "+") && ok(x.X)
		case *cfront.Binary:
			switch x.Op {
			case "+", "-", "*", "/", "%":
				return ok(x.X) && ok(x.Y)
			}
		}
		return false
	}
	return names, ok(e)
}

// rebinds reports whether a statement of list declares n or uses it as a
// loop iterator.
func rebinds(list []cfront.Stmt, n string) bool {
	found := false
	for _, s := range list {
		cfront.WalkStmt(s, func(s cfront.Stmt) {
			switch x := s.(type) {
			case *cfront.For:
				found = found || x.Iter == n
			case *cfront.Decl:
				for _, v := range x.Vars {
					found = found || v.Name == n
				}
			}
		})
	}
	return found
}

// substExpr is a copy of e with the names of subst replaced.
func substExpr(e cfront.Expr, subst map[string]cfront.Expr) cfront.Expr {
	if e == nil || len(subst) == 0 {
		return e
	}
	return cfront.SubstIdents(e, func(id *cfront.Ident) cfront.Expr { return subst[id.Name] })
}
