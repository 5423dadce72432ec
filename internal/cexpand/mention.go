package cexpand

import (
	"strings"

	"github.com/tessera-opt/tessera/cfront"
	"github.com/tessera-opt/tessera/internal/ctoken"
)

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

// addressTaken reports whether f.Src[from:to] takes the address of x (a
// unary &, not the second character of &&).
func addressTaken(f *cfront.File, x string, from, to int) bool {
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
