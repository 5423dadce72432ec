package cexpand

import (
	"strings"

	"github.com/tessera-opt/tessera/cfront"
	"github.com/tessera-opt/tessera/internal/ctoken"
	"github.com/tessera-opt/tessera/internal/liveout"
)

// mentionOf returns the offset of the first token of f.Src[from:to] that
// names x, directly or through a macro.
func mentionOf(f *cfront.File, x string, from, to int) (int, bool) {
	for _, t := range ctoken.Scan(f.Src, from, to) {
		if t.Text == x || liveout.MacroMentions(f, t.Text, x) {
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
