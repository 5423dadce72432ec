package cfront

import "strings"

// GNU attributes on declarations inside a region.
//
// A declaration in a region may carry attributes after a declarator,
// as in "float tmp[16] __attribute__((aligned(64)));". The region's
// declarations are hoisted (their initializers become assignments), so
// only attributes that mean the same wherever the declaration stands are
// read: alignment and the unused markers. The declarator keeps their text
// (Declarator.Attrs) for the hoisted declaration. Any other attribute
// (cleanup, vector_size, mode, ...) is refused with its name.

// localAttrs are the attributes a region's declaration may carry.
var localAttrs = map[string]bool{
	"aligned": true, "unused": true, "maybe_unused": true, "used": true,
}

// declAttrs reads the attributes after the declarator name (a list of
// __attribute__((...)) groups) and returns their source text, "" when
// there is none.
func (p *parser) declAttrs(name string) string {
	start := -1
	for p.is("__attribute__") || p.is("__attribute") {
		if start < 0 {
			start = p.tok().pos.Offset
		}
		p.next()
		open := p.tok().pos
		p.expect("(", "after __attribute__")
		p.expect("(", "after __attribute__(")
		if p.err != nil {
			return ""
		}
		for depth := 0; p.err == nil; {
			t := p.tok()
			switch {
			case t.kind == tEOF:
				p.errorf(open, "unterminated __attribute__")
				return ""
			case t.kind == tPunct && t.text == "(":
				depth++
			case t.kind == tPunct && t.text == ")":
				depth--
			case t.kind == tIdent && depth == 0:
				a := strings.TrimSuffix(strings.TrimPrefix(t.text, "__"), "__")
				if !localAttrs[a] {
					p.fail(CodeUnsupported, t.pos, "attribute %s on the declaration of %s is not supported in a SCoP region (the declaration is moved, and only aligned and unused keep their meaning there)", t.text, name)
					return ""
				}
			}
			p.next()
			if depth < 0 {
				break
			}
		}
		p.expect(")", "after __attribute__((...)")
	}
	if start < 0 || p.err != nil {
		return ""
	}
	return p.src[start:p.prevEnd()]
}
