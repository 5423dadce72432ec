package liveout

import "github.com/tessera-opt/tessera/internal/ctoken"

// Reference forms of the scans of liveout.go on text, which the tests
// check the per-function index (index.go) and the token scans against.

// firstUseReadsText is firstUseReadsIn outside a loop.
func firstUseReadsText(text, name string) bool { return firstUseReadsIn(text, name, false) }

// firstUseReadsIn is firstUseReads on the tokens of text.
func firstUseReadsIn(text, name string, inLoop bool) bool {
	reads, _ := firstUseReads(ctoken.Scan([]byte(text), 0, len(text)), name, inLoop, nil)
	return reads
}

// addressTaken reports whether src[from:to] takes the address of name
// ("&name", not "&&name"): a pointer may then read it anywhere.
func addressTaken(src []byte, from, to int, name string) bool {
	toks := ctoken.Scan(src, from, to)
	for i, t := range toks {
		if t.Text == name && i > 0 && toks[i-1].Text == "&" && !(i > 1 && toks[i-2].Text == "&" && toks[i-2].Off+1 == toks[i-1].Off) {
			return true
		}
	}
	return false
}
