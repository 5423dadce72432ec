package pipeline

// Reference forms of the scans of liveout.go on text, which the tests
// check the per-function index (liveindex.go) and the token scans
// against.

// firstUseReads is firstUseReadsIn outside a loop.
func firstUseReads(text, name string) bool { return firstUseReadsIn(text, name, false) }

// firstUseReadsIn is firstUseReadsToks on the tokens of text.
func firstUseReadsIn(text, name string, inLoop bool) bool {
	reads, _ := firstUseReadsToks(ctokens([]byte(text), 0, len(text)), name, inLoop)
	return reads
}

// addressTaken reports whether src[from:to] takes the address of name
// ("&name", not "&&name"): a pointer may then read it anywhere.
func addressTaken(src []byte, from, to int, name string) bool {
	toks := ctokens(src, from, to)
	for i, t := range toks {
		if t.text == name && i > 0 && toks[i-1].text == "&" && !(i > 1 && toks[i-2].text == "&" && toks[i-2].off+1 == toks[i-1].off) {
			return true
		}
	}
	return false
}
