package liveout

import (
	"slices"

	"github.com/tessera-opt/tessera/cfront"
	"github.com/tessera-opt/tessera/internal/ctoken"
)

// Iterators returns the iterators of r's loops that are declared
// outside r and may be read after it: they are not locals or parameters of
// r's function, or the first use of the name after the region (going round
// any loop that encloses the region) is not an assignment.
func Iterators(f *cfront.File, r *cfront.Region) []string {
	iters := outerIterators(r)
	if len(iters) == 0 {
		return nil
	}
	fn := FuncAround(f, r)
	var live []string
	var ix *funcIndex
	for _, it := range iters {
		if fn == nil || !isLocal(fn, it) {
			live = append(live, it)
			continue
		}
		if ix == nil {
			ix = indexFunc(f, fn)
		}
		if ix.addr[it] || ix.readAfter(f, r, it) {
			live = append(live, it)
		}
	}
	return live
}

// outerIterators returns the iterators of r's loops that the loops do not
// declare, in the order of their first loop.
func outerIterators(r *cfront.Region) []string {
	var iters []string
	for _, s := range r.Body {
		cfront.Walk(s, func(n cfront.Node) bool {
			if fo, ok := n.(*cfront.For); ok && fo.DeclType == nil && !slices.Contains(iters, fo.Iter) {
				iters = append(iters, fo.Iter)
			}
			return true
		})
	}
	return iters
}

// readAfter reports whether the local it of the function indexed by ix
// may be read after region r of f.
func (ix *funcIndex) readAfter(f *cfront.File, r *cfront.Region, it string) bool {
	src := f.Src
	after := ix.tokensFrom(r.End)
	from := ix.restartBefore(r.Start)
	viaMacro := func(tok string) bool { return MacroMentions(f, tok, it) }
	lb := ctoken.EnclosingLoop(src, from, r.Start)
	if lb < 0 {
		reads, _ := firstUseReads(after, it, false, viaMacro)
		return reads
	}
	// Around the loop: its header runs again before anything else, then
	// its body up to the region. Leaving the region's block then goes
	// back to the header, which the text does not show: any use after
	// that may read.
	if ctoken.LoopHeadersMention(src, from, r.Start, func(id string) bool { return id == it || viaMacro(id) }) {
		return true
	}
	if reads, found := firstUseReads(after, it, true, viaMacro); found {
		return reads
	}
	loop := append(append([]ctoken.Token(nil), after...), ctoken.Scan(src, lb, r.Start)...)
	reads, _ := firstUseReads(loop, it, true, viaMacro)
	return reads
}

// MacroMentions reports whether tok names a macro of f whose body
// mentions the variable name, directly or through the macros it uses: a
// use of the macro may then read or write it. In a function-like macro, a
// parameter called name is not the variable.
func MacroMentions(f *cfront.File, tok, name string) bool {
	return macroMentions(f, tok, name, map[string]bool{})
}

// macroMentions is MacroMentions; seen holds the macros already looked at.
func macroMentions(f *cfront.File, tok, name string, seen map[string]bool) bool {
	m, ok := f.Macros[tok]
	if !ok || seen[tok] {
		return false
	}
	seen[tok] = true
	param := m.FuncLike && slices.Contains(m.Params, name)
	for _, t := range ctoken.Scan([]byte(m.Body), 0, len(m.Body)) {
		if t.Text == name && !param || t.Text != name && macroMentions(f, t.Text, name, seen) {
			return true
		}
	}
	return false
}

func isLocal(fn *cfront.Func, name string) bool {
	for _, v := range fn.Locals {
		if v.Name == name {
			return true
		}
	}
	for _, v := range fn.Params {
		if v.Name == name {
			return true
		}
	}
	return false
}

// controlWords are the tokens after which the code that follows may not
// run, or may run after something else first.
var controlWords = map[string]bool{
	"if": true, "else": true, "switch": true, "case": true, "default": true,
	"while": true, "do": true, "for": true, "goto": true, "return": true,
	"break": true, "continue": true, "?": true, "&": true, "|": true,
	"setjmp": true, "longjmp": true,
}

// firstUseReads reports whether the first use of the identifier name in
// toks (the tokens of the code after a region) may read it: any use but
// an assignment "name = ..." (not "==") that runs whenever the code runs,
// which the code before it cannot skip: no condition, loop, jump or
// short-circuit operator comes first (except the init clause of a for),
// nor the end of the block that holds the region when inLoop (the loop
// around the region then goes back to its header). Member names (".name",
// "->name") are not uses. A token for which viaMacro (when not nil)
// reports true, a macro whose expansion names the variable, counts as a
// use that may read. found reports whether the name occurs in toks (as a
// use).
func firstUseReads(toks []ctoken.Token, name string, inLoop bool, viaMacro func(string) bool) (reads, found bool) {
	maybe := false // the code before may skip the next use
	depth := 0
	for i, t := range toks {
		switch t.Text {
		case "{":
			depth++
		case "}":
			depth--
			if depth < 0 && inLoop {
				maybe = true
			}
		case "for":
			// for (name = ...; ...): the init clause runs first.
			if !maybe && i+3 < len(toks) && toks[i+1].Text == "(" && toks[i+2].Text == name && plainAssign(toks, i+2) {
				return false, true
			}
		}
		if controlWords[t.Text] {
			maybe = true
		}
		if t.Text != name {
			if viaMacro != nil && viaMacro(t.Text) {
				return true, true
			}
			continue
		}
		if i > 0 && (toks[i-1].Text == "." || i > 1 && toks[i-1].Text == ">" && toks[i-2].Text == "-") {
			continue
		}
		return maybe || !plainAssign(toks, i), true
	}
	return false, false
}

// plainAssign reports whether toks[i] is followed by "=" but not "==".
func plainAssign(toks []ctoken.Token, i int) bool {
	return i+1 < len(toks) && toks[i+1].Text == "=" &&
		(i+2 >= len(toks) || toks[i+2].Text != "=" || toks[i+2].Off != toks[i+1].Off+1)
}
