package liveout

import (
	"fmt"
	"slices"
	"strings"

	"github.com/tessera-opt/tessera/cfront"
)

// Keep appends to the generated text of r the original loops without
// their statements, which give the iterators that Iterators finds live
// their final values, and returns the new text with a remark for
// --explain ("" when no iterator is live: text is returned as it is). It
// fails, keeping the region, when a statement of r writes such an
// iterator.
func Keep(f *cfront.File, r *cfront.Region, text string) (string, string, error) {
	live := Iterators(f, r)
	if len(live) == 0 {
		return text, "", nil
	}
	if name, at, ok := assignsIterator(r, live); ok {
		return "", "", &cfront.Error{Pos: at, Msg: fmt.Sprintf("loop iterator %s is assigned by a statement and read after the region: its final value cannot be reproduced", name)}
	}
	remark := fmt.Sprintf("iterator(s) %s read after the region: the original loops without statements follow the new code to give them their final values", strings.Join(live, ", "))
	if text != "" && !strings.HasSuffix(text, "\n") {
		text += "\n"
	}
	return text + skeleton(r, live, r.Indent), remark, nil
}

// assignsIterator reports whether a statement of the region (not a loop
// header) writes one of the names: the skeleton would then not reproduce
// their final values.
func assignsIterator(r *cfront.Region, names []string) (string, cfront.Pos, bool) {
	// The loops' own init and increment clauses are not statements.
	header := map[cfront.Node]bool{}
	for _, s := range r.Body {
		cfront.Walk(s, func(n cfront.Node) bool {
			if fo, ok := n.(*cfront.For); ok {
				if fo.Init != nil {
					header[fo.Init] = true
					if es, ok := fo.Init.(*cfront.ExprStmt); ok {
						header[es.X] = true
					}
				}
				if fo.Incr != nil {
					header[fo.Incr] = true
				}
			}
			return true
		})
	}
	var name string
	var pos cfront.Pos
	found := false
	for _, s := range r.Body {
		cfront.Walk(s, func(n cfront.Node) bool {
			if found || header[n] {
				return false
			}
			if nm, at, ok := writes(n, names); ok {
				name, pos, found = nm, at, true
			}
			return true
		})
	}
	return name, pos, found
}

func writes(n cfront.Node, names []string) (string, cfront.Pos, bool) {
	var x cfront.Expr
	var at cfront.Pos
	switch e := n.(type) {
	case *cfront.Assign:
		x, at = e.LHS, e.At
	case *cfront.Unary:
		if e.Op == "++" || e.Op == "--" {
			x, at = e.X, e.At
		}
	case *cfront.Postfix:
		x, at = e.X, e.At
	}
	for {
		p, ok := x.(*cfront.Paren)
		if !ok {
			break
		}
		x = p.X
	}
	if id, ok := x.(*cfront.Ident); ok && slices.Contains(names, id.Name) {
		return id.Name, at, true
	}
	return "", at, false
}

// skeleton returns the region's loops and conditions without their
// statements (integer declarations are kept: bounds may use them), printed
// at indentation ind, preceded by a comment naming the iterators.
func skeleton(r *cfront.Region, names []string, ind string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s/* tessera: the original loops without their statements, so that %s keep%s the final value%s the code after the region reads (the C compiler folds these empty loops). */\n",
		ind, strings.Join(names, ", "), map[bool]string{true: "s", false: ""}[len(names) == 1], map[bool]string{true: "", false: "s"}[len(names) == 1])
	for _, s := range r.Body {
		if k := strip(s); k != nil {
			b.WriteString(cfront.FormatStmt(k, ind, "  ", func(string) (string, bool) { return "", false }))
		}
	}
	return b.String()
}

// strip returns s without its expression statements and non-integer
// declarations (nil when nothing is left).
func strip(s cfront.Stmt) cfront.Stmt {
	switch s := s.(type) {
	case *cfront.For:
		c := *s
		c.Body = strip(s.Body)
		if c.Body == nil {
			c.Body = &cfront.Empty{At: s.At}
		}
		return &c
	case *cfront.If:
		c := *s
		c.Then = strip(s.Then)
		if c.Then == nil {
			c.Then = &cfront.Empty{At: s.At}
		}
		if s.Else != nil {
			c.Else = strip(s.Else)
		}
		if c.Else == nil && c.Then != nil {
			if _, empty := c.Then.(*cfront.Empty); empty && !hasLoop(s) {
				return nil
			}
		}
		return &c
	case *cfront.Block:
		c := *s
		c.Stmts = nil
		for _, x := range s.Stmts {
			if k := strip(x); k != nil {
				c.Stmts = append(c.Stmts, k)
			}
		}
		if len(c.Stmts) == 0 {
			return nil
		}
		return &c
	case *cfront.Decl:
		if s.Type != nil && cfront.IsIntegerType(s.Type.Base) {
			return s
		}
	}
	return nil
}

func hasLoop(s cfront.Stmt) bool {
	found := false
	cfront.Walk(s, func(n cfront.Node) bool {
		if _, ok := n.(*cfront.For); ok {
			found = true
		}
		return !found
	})
	return found
}
