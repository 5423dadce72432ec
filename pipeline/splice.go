package pipeline

import (
	"sort"
	"strings"

	"github.com/tessera-opt/tessera/cfront"
	"github.com/tessera-opt/tessera/internal/ctoken"
)

// Where a region's new text goes.
//
// The new text of a region is a sequence of statements (the generated
// loops, the declarations they need, the emptied original loops that give
// live-out iterators their final values, a run-time check with the
// original code in its else branch) and may start with a preprocessor
// line (#pragma omp parallel for, the #if of vector code). Where the C
// grammar wants one statement, the body of an if, else, for, while, do
// or switch, or the statement after a label, the region is that single
// statement and the new text goes in braces, so that all of it stays
// under the statement around it. A text whose first line is a directive
// starts on a line of its own.

// placer decides how the new text of each region of one file is spliced
// in. It tokenizes each function body once.
type placer struct {
	f    *cfront.File
	toks map[*cfront.Func][]ctoken.Token
}

func newPlacer(f *cfront.File) *placer {
	return &placer{f: f, toks: map[*cfront.Func][]ctoken.Token{}}
}

// context classifies the statement position at offset at, from the token
// before it: a block item (after '{', '}' or ';', or at the start of the
// file) or a sub-statement (after the ')' of a control header,
// else, do, a label's ':', or a macro name that may end with a control
// header). macroName is set when the token before at is an identifier
// other than else and do.
func (p *placer) context(at int) (sub, macroName bool) {
	// The function's tokens, or the whole file's (key nil) for a region
	// in a function that the front end's scan did not delimit.
	fn := p.f.FuncOf(at)
	toks, ok := p.toks[fn]
	if !ok {
		if fn != nil {
			toks = ctoken.Scan(p.f.Src, fn.BodyStart, fn.BodyEnd)
		} else {
			toks = ctoken.Scan(p.f.Src, 0, len(p.f.Src))
		}
		p.toks[fn] = toks
	}
	k := sort.Search(len(toks), func(i int) bool { return toks[i].Off >= at })
	if k == 0 {
		return false, false
	}
	switch t := toks[k-1].Text; t {
	case "{", "}", ";":
		return false, false
	case "else", "do", ")", ":":
		return true, false
	default:
		c := t[0]
		if c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' {
			return !macroEndsStatement(p.f, t), true
		}
		return true, false
	}
}

// macroEndsStatement reports whether name is an object-like macro whose
// body ends a statement (its last character is ';' or '}'), so that the
// statement after it is a block item.
func macroEndsStatement(f *cfront.File, name string) bool {
	m, ok := f.Macros[name]
	if !ok || m.FuncLike {
		return false
	}
	b := strings.TrimSpace(m.Body)
	return strings.HasSuffix(b, ";") || strings.HasSuffix(b, "}")
}

// place returns the text that replaces r's body [BodyStart, BodyEnd) in
// the file, made from the region's new text. It fails, keeping the
// region, when the region follows a pragma other than scop (the pragma
// would apply to whatever the new text starts with) or when it is a
// sub-statement but holds several statements (only the first one is
// governed by the statement around it).
func (p *placer) place(r *cfront.Region, text string) (string, error) {
	src := p.f.Src
	if prag := pragmaLineBefore(src, r.Start); prag != "" {
		return "", &cfront.Error{File: p.f.Name, Pos: r.Pos, Code: cfront.CodePragma,
			Msg: "the region follows " + prag + ", which applies to the statement after it as written; the region is kept as it was"}
	}
	sub, macro := p.context(r.Start)
	if sub && macro && topLevelDecl(r) {
		// A declaration cannot be a sub-statement: the macro ends a
		// statement after all, and the declaration's scope continues
		// after the region.
		sub = false
	}
	if sub && len(r.Body) > 1 {
		return "", &cfront.Error{File: p.f.Name, Pos: r.Pos, Code: cfront.CodeUnsupported,
			Msg: "the region is the body of the statement before it (if, else, for, while, do, a label or a macro) but holds several statements, of which only the first is governed by that statement; put the region's statements in braces"}
	}
	if !sub {
		if strings.HasPrefix(strings.TrimLeft(text, " \t"), "#") && !atLineStart(src, r.BodyStart) {
			text = "\n" + text
		}
		return text, nil
	}
	// The text is indented by r.Indent, which is empty when the region
	// starts after other code on its line: the braces take that line's
	// indentation.
	ind := r.Indent
	if !atLineStart(src, r.BodyStart) {
		ind = lineIndent(src, r.BodyStart)
	}
	inner := indentRegion(text, ind[len(r.Indent):]+"  ")
	if r.Auto {
		// The region is exactly the statement: the indentation before
		// it and the line's end stay in the file.
		return "{\n" + inner + ind + "}", nil
	}
	return ind + "{\n" + inner + ind + "}\n", nil
}

// lineIndent returns the blanks that start the line of offset at.
func lineIndent(src []byte, at int) string {
	i := at
	for i > 0 && src[i-1] != '\n' {
		i--
	}
	j := i
	for j < at && (src[j] == ' ' || src[j] == '\t') {
		j++
	}
	return string(src[i:j])
}

// topLevelDecl reports whether r declares a name at its top level.
func topLevelDecl(r *cfront.Region) bool {
	for _, s := range r.Body {
		if _, ok := s.(*cfront.Decl); ok {
			return true
		}
	}
	return false
}

// atLineStart reports whether only blanks precede offset at on its line.
func atLineStart(src []byte, at int) bool {
	for i := at - 1; i >= 0 && src[i] != '\n'; i-- {
		if src[i] != ' ' && src[i] != '\t' && src[i] != '\r' {
			return false
		}
	}
	return true
}

// pragmaLineBefore returns the last non-blank line before offset at when
// it is a #pragma other than scop and endscop (trimmed), else "".
func pragmaLineBefore(src []byte, at int) string {
	i := at
	for i > 0 && (src[i-1] == ' ' || src[i-1] == '\t' || src[i-1] == '\n' || src[i-1] == '\r') {
		i--
	}
	j := i
	for j > 0 && src[j-1] != '\n' {
		j--
	}
	line := strings.TrimSpace(string(src[j:i]))
	rest, ok := strings.CutPrefix(line, "#")
	if !ok {
		return ""
	}
	rest = strings.TrimSpace(rest)
	rest, ok = strings.CutPrefix(rest, "pragma")
	if !ok || rest == "" || rest[0] != ' ' && rest[0] != '\t' {
		return ""
	}
	w := strings.Fields(rest)
	if len(w) == 0 || w[0] == "scop" || w[0] == "endscop" {
		return ""
	}
	return line
}
