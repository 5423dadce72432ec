package cexpand

import (
	"fmt"
	"strings"

	"github.com/tessera-opt/tessera/internal/cdecl"
	"github.com/tessera-opt/tessera/internal/ctext"
	"github.com/tessera-opt/tessera/internal/expand"
)

// Storage is the storage of the expanded scalars of one region: a nil
// Storage stands for no expansion (its methods then change nothing).
type Storage struct {
	// Webs are the webs expanded, each with its new array.
	Webs []*expand.Web
	// Types are the element types of the scalars as written.
	Types map[string]string
}

// Arrays are the names of the new arrays (nil for none).
func (e *Storage) Arrays() map[string]bool {
	if e == nil {
		return nil
	}
	out := map[string]bool{}
	for _, w := range e.Webs {
		out[w.Array.Name] = true
	}
	return out
}

// Param is the parameter declaration of the new array name in an
// outlined function, with the C text of its extents; ok is false when
// name is not a new array.
func (e *Storage) Param(name string) (decl cdecl.Param, extents []string, ok bool) {
	if e == nil {
		return cdecl.Param{}, nil, false
	}
	for _, w := range e.Webs {
		if w.Array.Name != name {
			continue
		}
		decl := cdecl.Param{Type: e.Types[w.Scalar], Name: name, Restrict: true}
		for _, x := range w.Extents[min(1, len(w.Extents)):] {
			decl.Rows = append(decl.Rows, extent(x))
		}
		return decl, w.Extents, true
	}
	return cdecl.Param{}, nil, false
}

// extent is the C text of one extent of a new array as declared (at
// least 1).
func extent(x string) string {
	return fmt.Sprintf("((%s) > 0 ? (%s) : 1)", x, x)
}

// Wrap puts the allocation of the new arrays before the region's text
// and their release after it, in a block of their own.
func (e *Storage) Wrap(text string) string {
	if e == nil || len(e.Webs) == 0 {
		return text
	}
	var pre, post strings.Builder
	pre.WriteString("{\n")
	for _, w := range e.Webs {
		typ := e.Types[w.Scalar]
		var ext []string
		for _, x := range w.Extents {
			ext = append(ext, extent(x))
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
	return pre.String() + ctext.Indent(text, "  ") + post.String() + "}\n"
}

// Describe lists the expanded scalars with the position of each web's
// first access in file and its new array: "t (k.c:4:5) into t_0[n][m]".
func (e *Storage) Describe(file string) string {
	if e == nil {
		return ""
	}
	var names []string
	for _, w := range e.Webs {
		names = append(names, fmt.Sprintf("%s (%s:%d:%d) into %s[%s]", w.Scalar, file, w.Pos.Line, w.Pos.Col, w.Array.Name, strings.Join(w.Extents, "][")))
	}
	return strings.Join(names, ", ")
}
