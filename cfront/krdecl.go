package cfront

import "fmt"

// Old-style (K&R) function definitions, and the functions the file-level
// scan cannot read.
//
// In an old-style definition the declarator lists the parameters' names
// and the declarations between it and the body give their types:
//
//	void scale(a, n, f)
//	  float *a; int n; float f;
//	{ ... }
//
// A name that no declaration mentions is an int (C89). Each declaration
// must name parameters of the list, each once; anything else makes the
// definition unread. A function whose body the scan does not record has
// no parameters, locals or regions; when its body holds loops, a note
// says so and why (unreadFuncs).

// identList reads, at p just after the '(' of a function declarator, an
// identifier list "a, n)" of names that are not types, into d.kr, and
// moves p after the ')'. It reports false, leaving p unmoved, when the
// parameters are not such a list.
func (s *declScanner) identList(p *parser, d *declInfo) bool {
	var names []*declInfo
	for k := p.i; k < len(p.toks); k += 2 {
		t, sep := &p.toks[k], &p.toks[min(k+1, len(p.toks)-1)]
		if t.kind != tIdent || reservedWords[t.text] || builtinTypes[t.text] || qualifiers[t.text] || s.f.isTypeName(t.text) {
			return false
		}
		names = append(names, &declInfo{name: t.text, pos: t.pos})
		if sep.kind != tPunct || sep.text != "," && sep.text != ")" {
			return false
		}
		if sep.text == ")" {
			d.kr = names
			p.i = k + 2
			return true
		}
	}
	return false
}

// krParams reads the parameter declarations of an old-style definition
// from token j up to the body's '{', and sets d.params and d.ptypes in the
// order of d.kr. It returns the index of the '{', or -1 and what it could
// not read.
func (s *declScanner) krParams(j int, d *declInfo) (int, string) {
	index := map[string]int{}
	for k, n := range d.kr {
		if _, dup := index[n.name]; dup {
			return -1, fmt.Sprintf("parameter '%s' is listed twice (%s)", n.name, n.pos)
		}
		index[n.name] = k
	}
	params := make([]*declInfo, len(d.kr))
	types := make([]string, len(d.kr))
	p := s.parserAt(j)
	for !p.is("{") {
		t, next := p.tok(), p.peek(1)
		var base string
		switch {
		case t.kind == tEOF:
			return -1, "the file ends before its body"
		case p.atTypeName():
			tn := p.parseTypeName(false)
			if p.err != nil {
				return -1, p.err.Msg + " (" + p.err.Pos.String() + ")"
			}
			base = tn.Base
		case t.kind == tIdent && !reservedWords[t.text] && (next.kind == tIdent || next.text == "*"):
			// A type we do not know (FILE, a type of a system header):
			// the word is taken as the type, as for prototypes.
			base = t.text
			p.next()
		default:
			return -1, fmt.Sprintf("expected a parameter declaration or '{' at %s, found %s", t.pos, s.describe(t))
		}
		for {
			at := p.tok()
			pd := s.declarator(p)
			switch {
			case pd == nil || p.err != nil:
				return -1, fmt.Sprintf("the parameter declaration at %s is not understood (at %s, %s)", at.pos, p.tok().pos, s.describe(p.tok()))
			case pd.fn && pd.inner > 0:
				return -1, fmt.Sprintf("parameter '%s' (%s) is a function pointer, which the scan does not read", pd.name, pd.pos)
			case pd.fn:
				return -1, fmt.Sprintf("parameter '%s' (%s) is declared as a function", pd.name, pd.pos)
			}
			k, ok := index[pd.name]
			if !ok {
				return -1, fmt.Sprintf("'%s' is declared at %s but is not in the parameter list", pd.name, pd.pos)
			}
			if params[k] != nil {
				return -1, fmt.Sprintf("parameter '%s' is declared twice (%s, %s)", pd.name, params[k].pos, pd.pos)
			}
			params[k], types[k] = pd, base
			if !p.got(",") {
				break
			}
		}
		if !p.got(";") {
			return -1, fmt.Sprintf("expected ';' or ',' at %s, found %s", p.tok().pos, s.describe(p.tok()))
		}
	}
	for k, n := range d.kr {
		if params[k] == nil {
			params[k], types[k] = n, "int"
		}
	}
	d.params, d.ptypes = params, types
	return p.i, ""
}

// krFunc reads the old-style definition whose declarator d starts at
// token start and ends before token j, and returns the index after it.
// When its parameter declarations are not understood, its body is
// skipped, with the reason kept for unreadFuncs.
func (s *declScanner) krFunc(start, j int, result string, d *declInfo) int {
	open, why := s.krParams(j, d)
	if open >= 0 {
		return s.funcDef(open, result, d)
	}
	body := s.nextBrace(j)
	if body < 0 {
		return s.skipTo(start + 1)
	}
	s.noteWhy(body, d.pos, "its old-style parameter declarations are not understood: "+why)
	return s.after(s.matching(body))
}

// tryKRFunc is krFunc for a declarator that may also be a macro
// invocation (NAME(a, b) at file scope): ok is false, and nothing is
// consumed, when the declarations after it are not those of its
// parameters.
func (s *declScanner) tryKRFunc(j int, result string, d *declInfo) (int, bool) {
	open, why := s.krParams(j, d)
	if open >= 0 {
		return s.funcDef(open, result, d), true
	}
	if body := s.nextBrace(j); body >= 0 {
		s.noteWhy(body, d.pos, "if it is an old-style definition, its parameter declarations are not understood: "+why)
	}
	return 0, false
}

// nextBrace returns the index of the first '{' from token j outside
// parentheses and brackets, or -1 when a '}' or the end of the stream
// comes first.
func (s *declScanner) nextBrace(j int) int {
	for ; s.toks[j].kind != tEOF; j++ {
		t := &s.toks[j]
		if t.kind != tPunct {
			continue
		}
		switch t.text {
		case "{":
			return j
		case "}":
			return -1
		case "(", "[":
			j = s.matching(j)
			if s.toks[j].kind == tEOF {
				return -1
			}
		}
	}
	return -1
}

// unread says why a '{' that may open a function body was not read.
type unread struct {
	at  Pos // the function's name, or the start of its declaration
	why string
}

// noteWhy keeps the first reason given for the '{' at token open.
func (s *declScanner) noteWhy(open int, at Pos, why string) {
	if _, ok := s.why[open]; !ok {
		s.why[open] = unread{at: at, why: why}
	}
}

// blame gives reason to every '{' between tokens from and to outside
// parentheses and brackets: the declaration there was skipped as a
// whole.
func (s *declScanner) blame(from, to int, at Pos, reason string) {
	for j := from; j < to && s.toks[j].kind != tEOF; j++ {
		switch t := &s.toks[j]; {
		case t.kind != tPunct:
		case t.text == "{":
			s.noteWhy(j, at, reason)
			j = s.matching(j)
		case t.text == "(" || t.text == "[":
			j = s.matching(j)
		}
	}
}

// unreadFuncs adds a note for every brace group at file scope that is not
// a function body the scan recorded and that holds a for loop the
// compiler sees: a function definition the scan could not read, whose
// loops automatic detection does not look at.
func (s *declScanner) unreadFuncs() {
	for j := 0; j < len(s.toks) && s.toks[j].kind != tEOF; j++ {
		if t := &s.toks[j]; t.kind != tPunct || t.text != "{" {
			continue
		}
		open, close := j, s.matching(j)
		j = close
		if s.bodies[open] {
			continue
		}
		loop := s.firstLoop(open, close)
		if loop < 0 {
			continue
		}
		u, ok := s.why[open]
		if !ok {
			u = unread{at: s.funcPos(open), why: "the file-level declaration scan does not understand its definition"}
		}
		s.f.unread = append(s.f.unread, &Error{File: s.f.Name, Pos: s.toks[loop].pos, Code: CodeNote,
			Msg: fmt.Sprintf("function at %s skipped: %s; its loops are left alone", u.at, u.why)})
	}
}

// firstLoop returns the index of the first "for" strictly between the
// tokens open and close that the compiler sees, or -1.
func (s *declScanner) firstLoop(open, close int) int {
	for k := open + 1; k < close; k++ {
		t := &s.toks[k]
		if t.kind == tIdent && t.text == "for" && !s.inactive(k) {
			return k
		}
	}
	return -1
}

// inactive reports whether token k lies in an #if branch not taken.
func (s *declScanner) inactive(k int) bool {
	o := int(s.orig[k])
	return o < len(s.f.pp.inactive) && s.f.pp.inactive[o]
}

// funcPos guesses the position of the definition whose body opens at
// token open: the name before the first parenthesized list of its
// declaration, else the declaration's first token. The declaration starts
// after the '}' or directive before it, or after the ';' before its
// declarator (an old-style definition has ';' after its declarator).
func (s *declScanner) funcPos(open int) Pos {
	start, seenDeclarator := open, false
	for j := open - 1; j >= 0; j-- {
		t := &s.toks[j]
		if t.kind == tDirective || t.kind == tPunct && (t.text == "}" || t.text == "{" || t.text == ";" && seenDeclarator) {
			break
		}
		if t.kind == tPunct && (t.text == ")" || t.text == "]") {
			m := s.opening(j)
			if m < 0 {
				break
			}
			if t.text == ")" && m > 0 && s.toks[m-1].kind == tIdent {
				seenDeclarator = true
			}
			j = m
		}
		start = j
	}
	for j := start; j < open; j++ {
		if s.toks[j].kind == tPunct && s.toks[j].text == "(" {
			if j > start && s.toks[j-1].kind == tIdent {
				return s.toks[j-1].pos
			}
			break
		}
	}
	return s.toks[start].pos
}

// opening returns the index of the bracket that the ')' or ']' at j
// closes, or -1.
func (s *declScanner) opening(j int) int {
	close := s.toks[j].text
	open := map[string]string{")": "(", "]": "["}[close]
	depth := 0
	for k := j; k >= 0; k-- {
		t := &s.toks[k]
		if t.kind != tPunct {
			continue
		}
		switch t.text {
		case close:
			depth++
		case open:
			depth--
			if depth == 0 {
				return k
			}
		}
	}
	return -1
}

// words returns the texts of the tokens [i, k).
func (s *declScanner) words(i, k int) []string {
	var out []string
	for _, t := range s.toks[i:k] {
		out = append(out, t.text)
	}
	return out
}

// describe names a token in a note of the file-level scan.
func (s *declScanner) describe(t *token) string {
	if t.kind == tEOF {
		return "the end of the file"
	}
	return describe(t)
}
