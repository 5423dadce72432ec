package cexpand

import (
	"fmt"
	"strings"

	"github.com/tessera-opt/tessera/cfront"
	"github.com/tessera-opt/tessera/internal/cdecl"
	"github.com/tessera-opt/tessera/internal/ctext"
	"github.com/tessera-opt/tessera/internal/ctoken"
	"github.com/tessera-opt/tessera/internal/expand"
	"github.com/tessera-opt/tessera/scop"
)

// Region is one region of a file as the dead-scalar analysis reads it.
type Region struct {
	f *cfront.File
	r *cfront.Region
	s *scop.Scop
	// types are the types as written of the scalars Dead accepted.
	types map[string]string
}

// NewRegion returns the analysis of region r of f, whose model is s.
func NewRegion(f *cfront.File, r *cfront.Region, s *scop.Scop) *Region {
	return &Region{f: f, r: r, s: s, types: map[string]string{}}
}

// Dead reports whether the scalar x may get new storage (see the package
// documentation), or why not; it is expand.Config.Dead.
func (g *Region) Dead(x string) (bool, string) {
	typ, ok, why := deadScalar(g.f, g.r, g.s, x)
	if ok {
		g.types[x] = typ
	}
	return ok, why
}

// Storage is the storage of the expanded webs (nil when there is none),
// their scalars' types those Dead recorded.
func (g *Region) Storage(webs []*expand.Web) *Storage {
	if len(webs) == 0 {
		return nil
	}
	return &Storage{Webs: webs, Types: g.types}
}

// HasScalar reports whether s has a scalar (an array of rank 0).
func HasScalar(s *scop.Scop) bool {
	for _, a := range s.Arrays {
		if a.Rank == 0 {
			return true
		}
	}
	return false
}

// deadScalar decides whether the scalar x of region r may get new
// storage, and returns the type of x as written.
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
	typ, class := cdecl.StorageFree(decl.Type.Text)
	typ = cdecl.DropConst(typ)
	for _, w := range append(strings.Fields(typ), class) {
		switch w {
		case "static", "volatile", "extern", "_Thread_local", "thread_local", "__thread", "_Atomic":
			return "", 0, "it is declared " + w
		}
	}
	if addressTaken(f, x, r.Start, r.End) {
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
	typ, _ = cdecl.StorageFree(v.Type)
	if addressTaken(f, x, fn.BodyStart, fn.BodyEnd) {
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
				if e != nil && ctext.Identifiers([]byte(e.Format(nil)))[x] {
					bad = true
				}
			}
			return true
		})
	}
	return bad
}
