package cfront

// ReturnExpr returns E when the body of the function definition fn of
// the main file is exactly "{ return E; }": one return statement, no
// directive line and no code in an inactive #if branch between the
// braces. Otherwise it returns nil. The tree has the positions of the
// function's body in the file; later stages read it as the value of a
// call (package scop substitutes the arguments for the parameters).
func (f *File) ReturnExpr(fn *Func) Expr {
	toks := Memo(f, "cfront.tokens", func() []token { return lex(f.Src) })
	open, close := fn.bodyTok[0], fn.bodyTok[1]
	if open < 0 || close >= len(toks) || open >= close || toks[open].text != "{" || toks[close].text != "}" {
		return nil
	}
	for i := open; i <= close; i++ {
		if toks[i].kind == tDirective || i < len(f.pp.inactive) && f.pp.inactive[i] {
			return nil
		}
	}
	p := newParserRange(f.Name, f.text, toks, close, toks[close].pos, f.isTypeName)
	p.macros = f.Macros
	p.i = open + 1
	if !p.got("return") || p.is(";") {
		return nil
	}
	e := p.parseCommaExpr()
	if p.err != nil || !p.is(";") {
		return nil
	}
	p.next()
	if p.i != close || p.err != nil {
		return nil
	}
	return e
}
