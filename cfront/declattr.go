package cfront

// Attributes and other extensions in declarations.
//
// The file-level scan (declScanner) reads declarations and function
// headers with a small declarator grammar. Compilers accept extensions
// there that change nothing it records: GNU attributes, Microsoft
// declspecs, C23 attributes, asm labels, alignment specifiers and the
// alternate keyword spellings of GNU C. declTokens removes them from the
// token stream that the scan reads, so that
//
//	static int __attribute__ ((noinline)) f(int v) { ... }
//	long A[64][64] __attribute__((aligned(64)));
//	int g(void) __asm__("g_impl");
//
// read as they would without them. The regions themselves are parsed from
// the original tokens.

// attrGroups are the words followed by one parenthesized group that
// declTokens removes with that group.
var attrGroups = map[string]bool{
	"__attribute__": true, "__attribute": true, "__declspec": true,
	"_Alignas": true, "alignas": true,
}

// attrWords are the words that declTokens removes alone: they qualify a
// declaration without being part of its type as the scan records it.
var attrWords = map[string]bool{
	"__extension__": true, "__inline__": true, "__inline": true, "_Noreturn": true,
	"__const": true, "__const__": true, "__volatile": true, "__volatile__": true,
	"__restrict__": true, "__restrict": true, "_Thread_local": true, "__thread": true,
}

// asmWords start an asm label ("int x __asm__("y");") or an asm
// statement; with the qualifiers after them and their parenthesized
// operands they are removed.
var asmWords = map[string]bool{"__asm__": true, "__asm": true, "asm": true}

var asmQualifiers = map[string]bool{
	"volatile": true, "__volatile__": true, "__volatile": true, "goto": true, "inline": true, "__inline__": true,
}

// declTokens returns toks without the extensions above, and for each
// token kept its index in toks. The final tEOF is kept. A group whose
// closing parenthesis or bracket is missing is kept as it is.
func declTokens(toks []token) ([]token, []int32) {
	out := make([]token, 0, len(toks))
	orig := make([]int32, 0, len(toks))
	for i := 0; i < len(toks); {
		if j := attrEnd(toks, i); j > i {
			i = j
			continue
		}
		out = append(out, toks[i])
		orig = append(orig, int32(i))
		i++
	}
	return out, orig
}

// attrEnd returns the index after the extension that starts at toks[i],
// or i when none does.
func attrEnd(toks []token, i int) int {
	t := &toks[i]
	switch {
	case t.kind == tIdent && attrWords[t.text]:
		return i + 1
	case t.kind == tIdent && attrGroups[t.text]:
		if toks[i+1].text == "(" && toks[i+1].kind == tPunct {
			return groupEnd(toks, i+1, "(", ")", i)
		}
	case t.kind == tIdent && asmWords[t.text]:
		j := i + 1
		for toks[j].kind == tIdent && asmQualifiers[toks[j].text] {
			j++
		}
		if toks[j].kind == tPunct && toks[j].text == "(" {
			return groupEnd(toks, j, "(", ")", i)
		}
	case t.kind == tPunct && t.text == "[" && toks[i+1].kind == tPunct && toks[i+1].text == "[":
		// [[attr, gnu::attr(args)]]: the brackets inside balance.
		end := groupEnd(toks, i+1, "[", "]", i)
		if end > i && toks[end].kind == tPunct && toks[end].text == "]" {
			return end + 1
		}
	}
	return i
}

// groupEnd returns the index after the token closing the open bracket at
// toks[j], or fail when the stream ends first.
func groupEnd(toks []token, j int, open, close string, fail int) int {
	depth := 0
	for ; toks[j].kind != tEOF; j++ {
		t := &toks[j]
		if t.kind != tPunct {
			continue
		}
		switch t.text {
		case open:
			depth++
		case close:
			depth--
			if depth == 0 {
				return j + 1
			}
		}
	}
	return fail
}
