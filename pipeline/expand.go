package pipeline

import (
	"fmt"
	"strings"

	"github.com/tessera-opt/tessera/cfront"
	"github.com/tessera-opt/tessera/internal/cdecl"
	"github.com/tessera-opt/tessera/internal/ctoken"
	"github.com/tessera-opt/tessera/internal/expand"
	"github.com/tessera-opt/tessera/scop"
)

// Scalar expansion (package expand) in the pipeline.
//
// After the dependences, the scalars that the region writes and that are
// dead after it get, web by web, arrays of their own (expand.Expand): a
// second model of the region. The chooser (choose.go) tries it first when
// the scheduler tiles deeper or parallelizes more of the deepest
// statements with it, or, with --vectorize, when it is not worse and its
// innermost loops have better accesses (expansionGains); it keeps it only
// when the schedule chosen on it does not keep the original order. Its storage is allocated on the heap around the region's
// generated code (expansion.wrap). --explain says which scalars were
// expanded and why the others were not ("scalar expansion: ...").

// expansion is what scalar expansion decided for a region; nil when
// nothing was expanded.
type expansion struct {
	webs []*expand.Web
	// types are the element types of the scalars as written.
	types map[string]string
	// why the chooser preferred the expanded model (expansionGains).
	why string
}

// expandedModel builds the region's expanded model from base, the
// region's own, computes its dependences and schedules it, and returns it
// when the chooser's rule expansionGains prefers it (nil otherwise, or
// when there is nothing to expand); the remarks say which scalars were
// expanded and why the others were not.
func (rr *regionRun) expandedModel(base *model) *model {
	f, r, s, opt := rr.f, rr.r, base.s, rr.opt
	if opt.Identity || opt.NoExpand || opt.Schedule != nil || rr.reg.Split != nil || !hasScalar(s) {
		return nil
	}
	note := func(format string, args ...any) {
		rr.reg.Remarks = append(rr.reg.Remarks, "scalar expansion: "+fmt.Sprintf(format, args...))
	}
	types := map[string]string{}
	res, err := expand.Expand(s, expand.Config{
		Dead: func(x string) (bool, string) {
			typ, ok, why := deadScalar(f, r, s, x)
			if ok {
				types[x] = typ
			}
			return ok, why
		},
		Taken: func(name string) bool { return rr.ids[name] },
	})
	if err != nil {
		note("not done: %v", err)
		return nil
	}
	for _, k := range res.Skipped {
		note("%s (%s:%d:%d) not expanded: %s", k.Scalar, f.Name, k.Pos.Line, k.Pos.Col, k.Why)
	}
	if len(res.Webs) == 0 {
		return nil
	}
	var names []string
	for _, w := range res.Webs {
		names = append(names, fmt.Sprintf("%s (%s:%d:%d) into %s[%s]", w.Scalar, f.Name, w.Pos.Line, w.Pos.Col, w.Array.Name, strings.Join(w.Extents, "][")))
	}
	list := strings.Join(names, ", ")
	m := rr.modelOf(res.Scop, "the expanded model")
	m.exp = &expansion{webs: res.Webs, types: types}
	if _, err := rr.depsOf(m); err != nil {
		note("not kept (%v): %s", err, list)
		return nil
	}
	if _, err := rr.scheduleOf(m); err != nil {
		note("not kept: the scheduler failed on the expanded model (%v): %s", err, list)
		return nil
	}
	why, en, on := rr.expansionGains(base, m) // choose.go
	if why == "" && opt.forceExpand {
		why = "forced (a test's setting)"
	}
	if why == "" {
		note("not kept: the expanded model tiles %d loop(s) and runs %d of the deepest statements in parallel, the original %d and %d: %s", en.tiled, en.parallel, on.tiled, on.parallel, list)
		return nil
	}
	note("expanded %s; %s", list, why)
	m.exp.why = why
	return m
}

// hasScalar reports whether s has a scalar (an array of rank 0).
func hasScalar(s *scop.Scop) bool {
	for _, a := range s.Arrays {
		if a.Rank == 0 {
			return true
		}
	}
	return false
}

// deadScalar decides whether the scalar x of region r may get new storage.
// A scalar declared inside the region qualifies when its declaration is
// nested in a block of the region (its scope ends there) or, declared at
// the region's top level, when the rest of the enclosing block does not
// mention it. A scalar declared before the region qualifies when it is a
// local variable of the enclosing function, its address is not taken in
// the function, and the function does not mention it after the region
// (nor, when the region is inside a loop, before the region in that loop).
// In both cases the declaration is not static, volatile or extern and no
// loop header or condition of the region uses x. It returns the type of x
// as written.
func deadScalar(f *cfront.File, r *cfront.Region, s *scop.Scop, x string) (string, bool, string) {
	var arr *scop.Array
	for _, a := range s.Arrays {
		if a.Name == x {
			arr = a
		}
	}
	if arr == nil {
		return "", false, "not in the model"
	}
	var (
		typ                string
		declAt, scopeStart int
		why                string
	)
	if arr.Local {
		typ, declAt, why = regionScalar(f, r, x)
		scopeStart = r.Start // where the specifiers of the declaration may start
	} else {
		var fn *cfront.Func
		typ, declAt, fn, why = functionScalar(f, r, x)
		if fn != nil {
			scopeStart = fn.BodyStart
		}
	}
	if why != "" {
		return "", false, why
	}
	// The specifiers before the name.
	start := declAt
	for start > scopeStart && !strings.ContainsRune(";{}", rune(f.Src[start-1])) {
		start--
	}
	for _, t := range ctoken.Scan(f.Src, start, declAt) {
		switch t.Text {
		case "static", "volatile", "extern", "_Thread_local", "_Atomic", "register":
			return "", false, "it is declared " + t.Text
		}
	}
	if typ == "" || strings.ContainsAny(typ, "*[(") {
		return "", false, "its type is not known or not plain"
	}
	if headerUses(r, x) {
		return "", false, "a loop header or condition of the region uses it"
	}
	return typ, true, ""
}

// mentionOf returns the offset of the first token of f.Src[from:to] that
// names x, directly or through a macro.
func mentionOf(f *cfront.File, x string, from, to int) (int, bool) {
	for _, t := range ctoken.Scan(f.Src, from, to) {
		if t.Text == x || macroMentions(f, t.Text, x, map[string]bool{}) {
			return t.Off, true
		}
	}
	return 0, false
}

// scalarAddressTaken reports whether f.Src[from:to] takes the address of x (a
// unary &, not the second character of &&).
func scalarAddressTaken(f *cfront.File, x string, from, to int) bool {
	toks := ctoken.Scan(f.Src, from, to)
	for i, t := range toks {
		if t.Text == x && i > 0 && toks[i-1].Text == "&" && !(i > 1 && toks[i-2].Text == "&" && toks[i-2].Off+1 == toks[i-1].Off) {
			return true
		}
	}
	return false
}

// srcLine is the line of offset off of f.
func srcLine(f *cfront.File, off int) int { return 1 + strings.Count(string(f.Src[:off]), "\n") }

// regionScalar decides for a scalar x declared in region r: its type as
// written and the offset of its declaration, or why it may not get new
// storage.
func regionScalar(f *cfront.File, r *cfront.Region, x string) (typ string, declAt int, why string) {
	var decl *cfront.Decl
	top := false
	for _, st := range r.Body {
		cfront.Walk(st, func(n cfront.Node) bool {
			if d, ok := n.(*cfront.Decl); ok {
				for _, v := range d.Vars {
					if v.Name == x {
						decl = d
						top = cfront.Stmt(d) == st
					}
				}
			}
			return true
		})
	}
	if decl == nil {
		return "", 0, "its declaration in the region was not found"
	}
	typ, class := storageFree(decl.Type.Text)
	typ = dropConst(typ)
	for _, w := range append(strings.Fields(typ), class) {
		switch w {
		case "static", "volatile", "extern", "_Thread_local", "thread_local", "__thread", "_Atomic":
			return "", 0, "it is declared " + w
		}
	}
	if scalarAddressTaken(f, x, r.Start, r.End) {
		return "", 0, "its address is taken in the region"
	}
	if top {
		end := blockEnd(f.Src, r.End)
		if off, ok := mentionOf(f, x, r.End, end); ok {
			return "", 0, fmt.Sprintf("it is used after the region (line %d)", srcLine(f, off))
		}
	}
	return typ, decl.At.Offset, ""
}

// functionScalar decides for a scalar x declared before region r: its
// type as written, the offset of its declaration and the function around
// r, or why it may not get new storage.
func functionScalar(f *cfront.File, r *cfront.Region, x string) (typ string, declAt int, fn *cfront.Func, why string) {
	for _, g := range f.Funcs {
		if g.BodyStart <= r.Start && r.End <= g.BodyEnd {
			fn = g
		}
	}
	if fn == nil {
		return "", 0, nil, "the function around the region was not found"
	}
	v := f.Lookup(r, x)
	if v == nil || v.Scope != cfront.LocalScope {
		return "", 0, fn, "it is not a local variable of the function (global or parameter: it may be read after the region)"
	}
	if v.NDims() != 0 || strings.ContainsAny(v.Type, "*[(") {
		return "", 0, fn, "its declaration is not a plain scalar"
	}
	typ, _ = storageFree(v.Type)
	if scalarAddressTaken(f, x, fn.BodyStart, fn.BodyEnd) {
		return "", 0, fn, "its address is taken in the function"
	}
	if off, ok := mentionOf(f, x, r.End, fn.BodyEnd); ok {
		return "", 0, fn, fmt.Sprintf("it is used after the region (line %d)", srcLine(f, off))
	}
	if lb := ctoken.EnclosingLoop(f.Src, fn.BodyStart, r.Start); lb >= 0 {
		if _, ok := mentionOf(f, x, lb, r.Start); ok {
			return "", 0, fn, "the loop around the region uses it before the region"
		}
	}
	return typ, v.Pos.Offset, fn, ""
}

// headerUses reports whether a loop header or condition of region r uses
// x (or a loop iterates on it).
func headerUses(r *cfront.Region, x string) bool {
	bad := false
	for _, st := range r.Body {
		cfront.Walk(st, func(n cfront.Node) bool {
			var es []cfront.Expr
			switch n := n.(type) {
			case *cfront.For:
				es = append(es, n.Cond, n.Incr)
				if in, ok := n.Init.(*cfront.ExprStmt); ok {
					es = append(es, in.X)
				}
				if n.Iter == x {
					bad = true
				}
			case *cfront.If:
				es = append(es, n.Cond)
			}
			for _, e := range es {
				if e != nil && identifiers([]byte(e.Format(nil)))[x] {
					bad = true
				}
			}
			return true
		})
	}
	return bad
}

// blockEnd is the offset of the '}' that closes the block open at offset
// from (the length of src when there is none).
func blockEnd(src []byte, from int) int {
	depth := 0
	for _, t := range ctoken.Scan(src, from, len(src)) {
		switch t.Text {
		case "{":
			depth++
		case "}":
			if depth == 0 {
				return t.Off
			}
			depth--
		}
	}
	return len(src)
}

// macroMentions reports whether the macro name (when it is one) mentions x
// in its body, directly or through other macros.
func macroMentions(f *cfront.File, name, x string, seen map[string]bool) bool {
	m, ok := f.Macros[name]
	if !ok || seen[name] {
		return false
	}
	seen[name] = true
	for _, t := range ctoken.Scan([]byte(m.Body), 0, len(m.Body)) {
		if t.Text == x || macroMentions(f, t.Text, x, seen) {
			return true
		}
	}
	return false
}

// param is the parameter declaration of the expanded array name in an
// outlined function (paroutline.go), with the C text of its extents; ok is
// false when name is not an expanded array.
func (e *expansion) param(name string) (decl cdecl.Param, extents []string, ok bool) {
	if e == nil {
		return cdecl.Param{}, nil, false
	}
	for _, w := range e.webs {
		if w.Array.Name != name {
			continue
		}
		decl := cdecl.Param{Type: e.types[w.Scalar], Name: name, Restrict: true}
		for _, x := range w.Extents[min(1, len(w.Extents)):] {
			decl.Rows = append(decl.Rows, expandedExtent(x))
		}
		return decl, w.Extents, true
	}
	return cdecl.Param{}, nil, false
}

// expandedExtent is the C text of one extent of an expanded array as
// declared (at least 1).
func expandedExtent(x string) string {
	return fmt.Sprintf("((%s) > 0 ? (%s) : 1)", x, x)
}

// wrap puts the allocation of the expanded arrays before the region's
// text and their release after it, in a block of their own. The pointers
// are restrict: the storage is fresh, no other name reaches it.
func (e *expansion) wrap(text string) string {
	if e == nil || len(e.webs) == 0 {
		return text
	}
	var pre, post strings.Builder
	pre.WriteString("{\n")
	for _, w := range e.webs {
		typ := e.types[w.Scalar]
		var ext []string
		for _, x := range w.Extents {
			ext = append(ext, expandedExtent(x))
		}
		rest := ""
		for _, x := range ext[1:] {
			rest += "[" + x + "]"
		}
		size := "sizeof(" + typ + ")"
		for _, x := range ext {
			size += " * (__SIZE_TYPE__)" + x
		}
		name := w.Array.Name
		if rest == "" {
			fmt.Fprintf(&pre, "  %s *restrict %s = (%s *)__builtin_malloc(%s);\n", typ, name, typ, size)
		} else {
			fmt.Fprintf(&pre, "  %s (*restrict %s)%s = (%s (*)%s)__builtin_malloc(%s);\n", typ, name, rest, typ, rest, size)
		}
		fmt.Fprintf(&pre, "  if (!%s)\n    __builtin_abort();\n", name)
		fmt.Fprintf(&post, "  __builtin_free(%s);\n", name)
	}
	return pre.String() + indentRegion(text, "  ") + post.String() + "}\n"
}
