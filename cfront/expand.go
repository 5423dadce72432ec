package cfront

import (
	"fmt"
	"sort"
	"strings"
)

// ExpandStmt parses the expression statement es of a file whose bytes are
// src again, with the calls of the function-like macros that expand
// selects (it returns nil for the others) replaced by their expansion, as
// the preprocessor replaces them: the arguments are expanded first, each
// parameter token of the body becomes its argument's tokens (no
// parentheses added, so that precedence works out as in the compiler),
// and the result is rescanned for further calls, a macro never inside its
// own expansion. Tokens outside the calls keep their positions; those of
// an expansion carry the call's line and column and offsets from base
// upwards (the caller picks a base beyond the file), distinct from each
// other. changed is false, and x nil, when es calls no selected macro.
//
// A call is refused (err) when its macro stringizes or pastes tokens
// (# and ##), takes variable arguments or another number of arguments,
// or when the expansions nest deeper than maxDepth.
func ExpandStmt(src []byte, es *ExprStmt, expand func(name string) *Macro, base, maxDepth int, isType func(string) bool) (x Expr, changed bool, err error) {
	if es.At.Offset < 0 || es.EndOff > len(src) || es.At.Offset >= es.EndOff {
		return nil, false, fmt.Errorf("statement outside the file")
	}
	toks := lex(src[es.At.Offset:es.EndOff])
	// Positions in the file: the statement starts at es.At.
	for k := range toks {
		p := &toks[k].pos
		if p.Line == 1 {
			p.Col += es.At.Col - 1
		}
		p.Line += es.At.Line - 1
		p.Offset += es.At.Offset
	}
	// Drop the EOF token and the ';'.
	n := len(toks) - 1
	if n < 1 || toks[n-1].text != ";" {
		return nil, false, fmt.Errorf("statement does not end with ';'")
	}
	body := toks[:n-1]
	ex := &expander{expand: expand, base: base, maxDepth: maxDepth}
	out, err := ex.tokens(body, map[string]bool{}, 0)
	if err != nil || !ex.changed {
		return nil, false, err
	}
	end := es.At
	if len(out) > 0 {
		end = out[len(out)-1].pos
	}
	p := newParserRange("", "", append(out, token{kind: tEOF, pos: end}), len(out), end, isType)
	x = p.parseExpr()
	if p.err == nil && p.tok().kind != tEOF {
		p.errorf(p.tok().pos, "unexpected %s after expression", describe(p.tok()))
	}
	if p.err != nil {
		return nil, false, fmt.Errorf("the expanded statement does not parse: %s", tokenText(out))
	}
	return x, true, nil
}

type expander struct {
	expand   func(string) *Macro
	base     int
	maxDepth int
	changed  bool
}

// tokens expands the selected macro calls in toks; off holds the macros
// being expanded (never again inside their own expansion).
func (ex *expander) tokens(toks []token, off map[string]bool, depth int) ([]token, error) {
	var out []token
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		var m *Macro
		if t.kind == tIdent && !off[t.text] && i+1 < len(toks) && toks[i+1].text == "(" {
			m = ex.expand(t.text)
		}
		if m == nil || !m.FuncLike {
			out = append(out, t)
			continue
		}
		if depth >= ex.maxDepth {
			return nil, fmt.Errorf("the expansion of %s nests too deep", m.Name)
		}
		args, next, ok := callArgs(toks, i+1)
		if !ok {
			return nil, fmt.Errorf("unbalanced parentheses in the call of %s", m.Name)
		}
		exp, err := ex.call(m, args, t.pos, off, depth)
		if err != nil {
			return nil, err
		}
		out = append(out, exp...)
		i = next - 1
	}
	return out, nil
}

// callArgs splits the parenthesized argument list that starts at toks[open]
// into its arguments' tokens; next is the index after the ')'.
func callArgs(toks []token, open int) (args [][]token, next int, ok bool) {
	depth := 0
	start := open + 1
	for i := open; i < len(toks); i++ {
		switch toks[i].text {
		case "(", "[", "{":
			depth++
		case ")", "]", "}":
			depth--
			if depth == 0 {
				if i > start || len(args) > 0 {
					args = append(args, toks[start:i])
				}
				return args, i + 1, true
			}
		case ",":
			if depth == 1 {
				args = append(args, toks[start:i])
				start = i + 1
			}
		}
	}
	return nil, 0, false
}

// call expands one call of m at position at.
func (ex *expander) call(m *Macro, args [][]token, at Pos, off map[string]bool, depth int) ([]token, error) {
	params := map[string]int{}
	for k, p := range m.Params {
		if p == "..." {
			return nil, fmt.Errorf("%s takes variable arguments", m.Name)
		}
		params[p] = k
	}
	if len(args) != len(m.Params) {
		return nil, fmt.Errorf("%s takes %d argument(s), called with %d", m.Name, len(m.Params), len(args))
	}
	if strings.Contains(m.Body, "#") {
		return nil, fmt.Errorf("the body of %s stringizes or pastes tokens", m.Name)
	}
	// Arguments are expanded before substitution.
	var xargs [][]token
	for _, a := range args {
		xa, err := ex.tokens(a, off, depth+1)
		if err != nil {
			return nil, err
		}
		xargs = append(xargs, xa)
	}
	var sub []token
	used := make([]bool, len(m.Params))
	for _, t := range lex([]byte(m.Body)) {
		switch t.kind {
		case tEOF:
			continue
		case tInvalid, tDirective:
			return nil, fmt.Errorf("the body of %s has %s", m.Name, describe(&t))
		}
		if k, ok := params[t.text]; ok && t.kind == tIdent {
			// A parameter used twice yields two copies of the
			// argument: the second gets positions of its own.
			for _, a := range xargs[k] {
				if used[k] {
					a.pos = Pos{Offset: ex.base, Line: a.pos.Line, Col: a.pos.Col}
					ex.base++
				}
				sub = append(sub, a)
			}
			used[k] = true
			continue
		}
		t.pos = Pos{Offset: ex.base, Line: at.Line, Col: at.Col}
		ex.base++
		sub = append(sub, t)
	}
	ex.changed = true
	// Rescan with m switched off.
	inner := map[string]bool{m.Name: true}
	for k := range off {
		inner[k] = true
	}
	return ex.tokens(sub, inner, depth+1)
}

// tokenText joins the tokens' texts with spaces.
func tokenText(toks []token) string {
	var parts []string
	for _, t := range toks {
		parts = append(parts, t.text)
	}
	return strings.Join(parts, " ")
}

// ExpandCall expands a call of a function-like macro of the file, in an
// expression (A[INDX(i, j)]), as the preprocessor expands it: the
// arguments first, then the body with the arguments in place of the
// parameters, rescanned for further macro calls. Only function-like
// macros are expanded: object-like ones (N) stay names. The result's
// positions all are the call's. It returns an error when the expansion
// is refused (see ExpandStmt) or does not parse.
func (f *File) ExpandCall(c *Call) (Expr, error) {
	id, ok := Unparen(c.Fun).(*Ident)
	if !ok {
		return nil, fmt.Errorf("not a macro call")
	}
	m := f.Macros[id.Name]
	if m == nil || !m.FuncLike {
		return nil, fmt.Errorf("%s is not a function-like macro", id.Name)
	}
	toks := lex([]byte(c.Format(nil)))
	for k := range toks {
		toks[k].pos = c.At
	}
	ex := &expander{expand: func(name string) *Macro {
		if m := f.Macros[name]; m != nil && m.FuncLike {
			return m
		}
		return nil
	}, base: c.At.Offset, maxDepth: 16}
	out, err := ex.tokens(toks[:len(toks)-1], map[string]bool{}, 0)
	if err != nil {
		return nil, err
	}
	for k := range out {
		out[k].pos = c.At
	}
	p := newParserRange("", "", append(out, token{kind: tEOF, pos: c.At}), len(out), c.At, f.isTypeName)
	x := p.parseExpr()
	if p.err == nil && p.tok().kind != tEOF {
		p.errorf(p.tok().pos, "unexpected %s after expression", describe(p.tok()))
	}
	if p.err != nil {
		return nil, fmt.Errorf("its expansion %s does not parse", tokenText(out))
	}
	return x, nil
}

// MacroNames returns the names that the body of macro name reads besides
// its parameters (C keywords left out), through the macros it uses,
// sorted and without repeats: INDX(i,j) defined as ((i)*N+(j)) reads N.
func (f *File) MacroNames(name string) []string {
	seen := map[string]bool{}
	out := map[string]bool{}
	var visit func(name string, depth int)
	visit = func(name string, depth int) {
		m := f.Macros[name]
		if m == nil || seen[name] || depth > 16 {
			return
		}
		seen[name] = true
		params := map[string]bool{}
		for _, p := range m.Params {
			params[p] = true
		}
		for _, t := range lex([]byte(m.Body)) {
			if t.kind != tIdent || params[t.text] || reservedWords[t.text] || builtinTypes[t.text] {
				continue
			}
			out[t.text] = true
			visit(t.text, depth+1)
		}
	}
	visit(name, 0)
	names := make([]string, 0, len(out))
	for n := range out {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}
