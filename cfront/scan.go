package cfront

import (
	"fmt"
	"strconv"
	"strings"
)

// Scope says where a variable is declared.
type Scope uint8

const (
	FileScope  Scope = iota // at file scope (globals, also those of headers)
	ParamScope              // a parameter of a function definition
	LocalScope              // declared in a function body (any block)
)

func (s Scope) String() string {
	return [...]string{"global", "param", "local"}[s]
}

// Var is a declared variable: an array, a pointer used as an array, or a
// scalar. Dims has one entry per dimension, outermost first: the written
// array extents, then one nil entry per pointer level ("double *p" has
// Dims [nil]); a "[]" extent is nil too. A scalar has no Dims.
type Var struct {
	Name string
	Pos  Pos    // position of the name
	Type string // element type as written, qualifiers kept: "DATA_TYPE", "const double"
	Elem string // Type resolved to a C base type ("double"); "" when unknown
	Dims []Expr
	// AltDims are the second set of extents of a PolyBench POLYBENCH_nD(A,
	// NI, NJ, ni, nj) declarator (ni, nj), used when PolyBench is built with
	// C99 prototypes; Dims then hold NI, NJ. Nil otherwise.
	AltDims []Expr
	Scope   Scope
	Func    string // the function of a ParamScope or LocalScope variable
	// ScopeStart and ScopeEnd are the bytes where a local or parameter is
	// visible: for a local, from its declaration to the end of its
	// enclosing block; for a parameter, the function body. Both are 0 for
	// globals (visible everywhere).
	ScopeStart, ScopeEnd int
}

// NDims is the number of dimensions (0 for a scalar).
func (v *Var) NDims() int { return len(v.Dims) }

// Typedef is "typedef Type Name;" with optional pointer stars and extents.
type Typedef struct {
	Name  string
	Pos   Pos
	Type  string // the specifiers as written ("double", "struct s")
	Stars int
	Dims  []Expr
}

// Func is a function definition found in the file.
type Func struct {
	Name      string
	Pos       Pos
	Result    string // the return type as written
	Params    []*Var
	Locals    []*Var
	BodyStart int // offset of the '{'
	BodyEnd   int // offset just past the matching '}'
	bodyTok   [2]int
}

// polybenchND recognizes POLYBENCH_1D ... POLYBENCH_5D and the
// POLYBENCH_nD_ARRAY_DECL forms, giving n.
func polybenchND(name, suffix string) int {
	if !strings.HasPrefix(name, "POLYBENCH_") || !strings.HasSuffix(name, "D"+suffix) {
		return 0
	}
	mid := name[len("POLYBENCH_") : len(name)-len(suffix)-1]
	n, err := strconv.Atoi(mid)
	if err != nil || n < 1 || n > 9 {
		return 0
	}
	return n
}

// storageClass words are dropped from Var.Type and Func.Result.
func dropStorage(typ string) string {
	if !strings.ContainsAny(typ, "sxeria") {
		return typ
	}
	words := strings.Fields(typ)
	out := words[:0]
	for _, w := range words {
		switch w {
		case "static", "extern", "register", "auto", "inline":
		default:
			out = append(out, w)
		}
	}
	return strings.Join(out, " ")
}

// declScanner finds declarations in one token stream (the main file or a
// header). It is a cheap scanner, not a C parser: what it does not
// recognize it skips. It reads the stream without the attributes and
// other extensions of declTokens.
type declScanner struct {
	f    *File
	file string
	src  string
	toks []token // the stream without extensions (declTokens)
	// orig maps an index of toks to the index of the same token in the
	// stream that the regions are parsed from.
	orig  []int32
	main  bool    // the main file: function bodies are recorded
	match []int32 // see matching
	// afterMacro is the index after the last file-scope macro
	// invocation skipped by unknownFunc (NAME(...) on its own): a
	// definition may start there.
	afterMacro int
	// bodies holds the '{' (index in toks) of every function body
	// recorded; why, for a top-level '{' that may open a function body
	// the scan could not read, says what it could not read.
	bodies map[int]bool
	why    map[int]unread
	// paramWhy says why the last declarator was not read, when one of
	// its parameters is a function pointer.
	paramWhy string
}

// newDeclScanner makes a scanner of the token stream toks of file.
func newDeclScanner(f *File, file, src string, toks []token, main bool) *declScanner {
	clean, orig := declTokens(toks)
	return &declScanner{f: f, file: file, src: src, toks: clean, orig: orig, main: main,
		bodies: map[int]bool{}, why: map[int]unread{}}
}

func (s *declScanner) parserAt(i int) *parser {
	p := newParser(s.file, s.src, s.toks, s.f.isTypeName)
	p.i = i
	return p
}

// matching returns the index of the bracket closing the one at i (same
// kind, counting only that kind), or the index of the final tEOF when it is
// unclosed. The answers are computed once for the whole stream.
func (s *declScanner) matching(i int) int {
	if s.match == nil {
		s.match = make([]int32, len(s.toks))
		last := int32(len(s.toks) - 1)
		var stacks [3][]int32
		for j := range s.toks {
			t := &s.toks[j]
			s.match[j] = last
			if t.kind != tPunct || len(t.text) != 1 {
				continue
			}
			k := strings.IndexByte("{([", t.text[0])
			if k >= 0 {
				stacks[k] = append(stacks[k], int32(j))
				continue
			}
			k = strings.IndexByte("})]", t.text[0])
			if k >= 0 && len(stacks[k]) > 0 {
				n := len(stacks[k]) - 1
				s.match[stacks[k][n]] = int32(j)
				stacks[k] = stacks[k][:n]
			}
		}
	}
	return int(s.match[i])
}

// fileScope scans the top level.
func (s *declScanner) fileScope() {
	i := 0
	for s.toks[i].kind != tEOF {
		t := &s.toks[i]
		switch {
		case t.kind == tIdent && t.text == "typedef":
			i = s.typedef(i)
		case t.kind == tIdent && polybenchND(t.text, "_ARRAY_DECL") > 0:
			i = s.arrayDecl(i, FileScope, "")
		case t.kind == tIdent && s.startsDecl(i):
			next := s.decl(i, FileScope, "")
			if next == i+1 && qualifiers[t.text] {
				// static f(int n) {: the return type is an implicit int.
				next = s.unknownFunc(i)
			}
			i = next
		case t.kind == tPunct && (t.text == "{" || t.text == "("):
			// A group no declaration took: the body of a function, or
			// the parameters of a declarator, not understood.
			i = s.after(s.matching(i))
		case t.kind == tIdent && !reservedWords[t.text]:
			i = s.unknownFunc(i)
		default:
			i++
		}
	}
	if s.main {
		s.unreadFuncs()
	}
}

// resultOf is the return type written as words before a function's name,
// with the implicit "int" when they are only qualifiers or none.
func resultOf(words []string) string {
	for _, w := range words {
		if !qualifiers[w] {
			return strings.Join(words, " ")
		}
	}
	return strings.Join(append(words, "int"), " ")
}

// unknownFunc recognizes a function definition whose return type is not
// a known type name ("main() {", "vec3 *f(vec3 a) {"): words and stars,
// a name, a parenthesized list, then '{'. Parameters are read when their
// types are known. It returns the index after the definition, or i+1.
func (s *declScanner) unknownFunc(i int) int {
	if i > 0 {
		prev := &s.toks[i-1]
		if !(prev.kind == tDirective || prev.kind == tPunct && (prev.text == ";" || prev.text == "}") || i == s.afterMacro) {
			return i + 1
		}
	}
	k := i
	for s.toks[k].kind == tIdent && !reservedWords[s.toks[k].text] || s.toks[k].text == "*" {
		k++
	}
	if k == i || s.toks[k-1].kind != tIdent || s.toks[k].text != "(" {
		return i + 1
	}
	close := s.matching(k)
	if close+1 < len(s.toks) && s.toks[close+1].text != "{" && s.toks[close+1].kind != tEOF {
		// f(a, n) float *a; int n; {: an old-style definition.
		p := s.parserAt(k - 1)
		if d := s.declarator(p); d != nil && d.kr != nil && p.i == close+1 {
			if end, ok := s.tryKRFunc(close+1, resultOf(s.words(i, k-1)), d); ok {
				return end
			}
		}
	}
	if close+1 >= len(s.toks) || s.toks[close+1].text != "{" {
		if k == i+1 && close+1 < len(s.toks) {
			// NAME(...) at the start of a declaration without a body:
			// a macro invocation that expands to definitions, as
			// DUMP_FUNC(dump_d, double) (or an old-style prototype).
			// Its arguments are not declarations: a type name among
			// them must not start one that runs into what follows.
			s.afterMacro = close + 1
			return close + 1
		}
		return i + 1
	}
	result := resultOf(s.words(i, k-1))
	p := s.parserAt(k - 1)
	d := s.declarator(p)
	if d == nil || !d.fn || p.i != close+1 {
		name := &s.toks[k-1]
		d = &declInfo{name: name.text, pos: name.pos, fn: true}
	}
	return s.funcDef(close+1, result, d)
}

// startsDecl: a C type keyword or qualifier, or a user type name followed
// by a declarator.
func (s *declScanner) startsDecl(i int) bool {
	w := s.toks[i].text
	if builtinTypes[w] || qualifiers[w] || w == "struct" || w == "union" || w == "enum" {
		return true
	}
	if !s.f.isTypeName(w) {
		return false
	}
	n := &s.toks[i+1]
	return n.kind == tIdent || (n.kind == tPunct && n.text == "*")
}

// skipTo advances to the next ';' at bracket depth 0 and returns the index
// after it.
func (s *declScanner) skipTo(i int) int {
	last := len(s.toks) - 1
	for i < last {
		t := &s.toks[i]
		if t.kind == tPunct {
			switch t.text {
			case ";":
				return i + 1
			case "{", "(", "[":
				i = s.matching(i)
				if i >= last {
					return last
				}
			case "}":
				return i // let the caller see the end of the enclosing block
			}
		}
		i++
	}
	return last
}

// after returns the index after j, staying on the final tEOF.
func (s *declScanner) after(j int) int {
	if j+1 < len(s.toks) {
		return j + 1
	}
	return len(s.toks) - 1
}

func (s *declScanner) typedef(i int) int {
	p := s.parserAt(i + 1)
	tn := p.parseTypeName(false)
	if p.err != nil {
		// typedef struct { ... } name; : take the last name before ';'.
		end := s.skipTo(i + 1)
		if end-2 > i && s.toks[end-1].text == ";" && s.toks[end-2].kind == tIdent {
			nt := &s.toks[end-2]
			s.f.addTypedef(&Typedef{Name: nt.text, Pos: nt.pos, Type: "struct"})
		}
		return end
	}
	for {
		v := s.declarator(p)
		if v == nil || v.fn {
			return s.skipTo(i + 1)
		}
		s.f.addTypedef(&Typedef{Name: v.name, Pos: v.pos, Type: tn.Base, Stars: v.stars, Dims: v.dims})
		if !p.got(",") {
			break
		}
	}
	if p.is(";") {
		return p.i + 1
	}
	return s.skipTo(i + 1)
}

// declInfo is what declarator reads.
type declInfo struct {
	name    string
	pos     Pos
	stars   int
	dims    []Expr // written extents (then stars are appended as nil dims by toVar)
	altDims []Expr
	inner   int // pointer levels inside parentheses: (*p)[N]
	fn      bool
	params  []*declInfo
	ptypes  []string
	// kr holds the names of an old-style (K&R) function declarator's
	// identifier list, "f(a, n)"; their types come from the declarations
	// between the declarator and the body (krParams).
	kr []*declInfo
}

func (d *declInfo) toVar(typ string, scope Scope, fn string) *Var {
	v := &Var{Name: d.name, Pos: d.pos, Type: dropStorage(typ), Scope: scope, Func: fn, AltDims: d.altDims}
	for k := 0; k < d.inner; k++ {
		v.Dims = append(v.Dims, nil)
	}
	v.Dims = append(v.Dims, d.dims...)
	for k := 0; k < d.stars; k++ {
		v.Dims = append(v.Dims, nil)
	}
	return v
}

// declarator reads one declarator at p; nil when it is not understood.
// Parameters of a function declarator are read into params.
func (s *declScanner) declarator(p *parser) *declInfo {
	d := &declInfo{}
	for p.is("*") || p.is("const") || p.is("restrict") || p.is("__restrict") || p.is("volatile") {
		if p.is("*") {
			d.stars++
		}
		p.next()
	}
	t := p.tok()
	switch {
	case t.kind == tIdent && polybenchND(t.text, "") > 0 && p.peek(1).text == "(":
		n := polybenchND(t.text, "")
		p.next()
		p.next()
		var args []Expr
		for p.err == nil && !p.is(")") {
			args = append(args, p.parseExpr())
			if !p.is(")") {
				p.expect(",", "")
			}
		}
		p.expect(")", "")
		if p.err != nil || len(args) < 1+n {
			return nil
		}
		id, ok := args[0].(*Ident)
		if !ok {
			return nil
		}
		d.name, d.pos = id.Name, id.At
		d.dims = args[1 : 1+n]
		if len(args) >= 1+2*n {
			d.altDims = args[1+n : 1+2*n]
		}
		return d
	case t.kind == tIdent && !reservedWords[t.text] && !builtinTypes[t.text] && !qualifiers[t.text]:
		d.name, d.pos = t.text, t.pos
		p.next()
	case t.kind == tPunct && t.text == "(":
		// (*p)[N]: a pointer to an array.
		p.next()
		for p.is("*") {
			d.inner++
			p.next()
		}
		if p.tok().kind != tIdent || d.inner == 0 {
			return nil
		}
		d.name, d.pos = p.tok().text, p.tok().pos
		p.next()
		if !p.got(")") {
			return nil
		}
	default:
		return nil
	}
	if p.is("(") {
		d.fn = true
		p.next()
		if s.identList(p, d) {
			return d
		}
		if p.is("void") && p.peek(1).text == ")" {
			p.next()
		}
		for p.err == nil && !p.is(")") && p.tok().kind != tEOF {
			if p.is("...") {
				p.next()
			} else {
				var tn *TypeName
				if t, n := p.tok(), p.peek(1); !p.atTypeName() && t.kind == tIdent && !reservedWords[t.text] &&
					(n.kind == tIdent || n.text == "*") {
					// A parameter type we do not know (FILE, a type of a
					// system header): take the word as the type.
					tn = &TypeName{At: t.pos, Text: t.text, Base: t.text}
					p.next()
				} else {
					tn = p.parseTypeName(false)
				}
				if p.err != nil {
					return nil
				}
				if p.is(",") || p.is(")") {
					// unnamed parameter
				} else {
					pd := s.declarator(p)
					if pd != nil && pd.fn && pd.inner > 0 {
						s.paramWhy = fmt.Sprintf("parameter '%s' (%s) is a function pointer, which the scan does not read", pd.name, pd.pos)
					}
					if pd == nil || pd.fn {
						return nil
					}
					d.params = append(d.params, pd)
					d.ptypes = append(d.ptypes, tn.Base)
				}
			}
			if !p.is(")") && !p.got(",") {
				return nil
			}
		}
		if !p.got(")") {
			return nil
		}
		return d
	}
	for p.is("[") {
		p.next()
		for p.is("restrict") || p.is("const") || p.is("static") || p.is("volatile") || p.is("__restrict") {
			p.next()
		}
		if p.is("]") {
			d.dims = append(d.dims, nil)
		} else {
			d.dims = append(d.dims, p.parseExpr())
		}
		if !p.got("]") || p.err != nil {
			return nil
		}
	}
	return d
}

// decl reads a declaration (or a function definition at file scope)
// starting at token i and returns the index after it.
func (s *declScanner) decl(i int, scope Scope, fn string) int {
	p := s.parserAt(i)
	tn := p.parseTypeName(false)
	if p.err != nil {
		return i + 1
	}
	for {
		s.paramWhy = ""
		d := s.declarator(p)
		if d == nil || p.err != nil {
			end := s.skipTo(i + 1)
			if scope == FileScope {
				why := s.paramWhy
				if why == "" {
					why = fmt.Sprintf("its declaration is not understood at %s (found %s)", p.tok().pos, s.describe(p.tok()))
				}
				s.blame(i, end, s.toks[i].pos, why)
			}
			return end
		}
		if d.fn {
			if scope != FileScope {
				return s.skipTo(i + 1)
			}
			if d.kr != nil && !p.is("{") && !p.is(";") && !p.is(",") {
				return s.krFunc(i, p.i, tn.Text, d)
			}
			if p.is("{") {
				return s.funcDef(p.i, tn.Text, d)
			}
			return s.skipTo(p.i)
		}
		s.f.addVar(d.toVar(tn.Base, scope, fn))
		if p.got("=") {
			// Skip the initializer: balanced brackets up to ',' or ';'.
			for p.tok().kind != tEOF && !p.is(",") && !p.is(";") {
				if p.is("{") || p.is("(") || p.is("[") {
					p.i = s.matching(p.i)
				} else if p.is("}") {
					return p.i
				}
				p.next()
			}
		}
		if !p.got(",") {
			break
		}
	}
	if p.is(";") {
		return p.i + 1
	}
	return s.skipTo(i + 1)
}

// funcDef records a function definition whose body opens at token open.
func (s *declScanner) funcDef(open int, result string, d *declInfo) int {
	if d.kr != nil && d.params == nil {
		// f(a, n) { with no parameter declarations: all are int.
		for _, n := range d.kr {
			d.params = append(d.params, n)
			d.ptypes = append(d.ptypes, "int")
		}
	}
	close := s.matching(open)
	fn := &Func{Name: d.name, Pos: d.pos, Result: dropStorage(result), BodyStart: s.toks[open].pos.Offset,
		BodyEnd: s.toks[close].end(), bodyTok: [2]int{int(s.orig[open]), int(s.orig[close])}}
	for k, pd := range d.params {
		v := pd.toVar(d.ptypes[k], ParamScope, d.name)
		fn.Params = append(fn.Params, v)
	}
	if s.main {
		s.f.Funcs = append(s.f.Funcs, fn)
	}
	s.bodies[open] = true
	s.f.curFunc = fn
	// Locals: declarations at statement starts anywhere in the body. We
	// keep a stack of the open braces to know the block of each one.
	blocks := []int{open}
	for j := open + 1; j < close; {
		t := &s.toks[j]
		prev := &s.toks[j-1]
		atStart := prev.kind == tPunct && (prev.text == "{" || prev.text == "}" || prev.text == ";") || prev.kind == tDirective
		before := len(fn.Locals)
		switch {
		case t.kind == tPunct && t.text == "{":
			blocks = append(blocks, j)
			j++
		case t.kind == tPunct && t.text == "}":
			if len(blocks) > 1 {
				blocks = blocks[:len(blocks)-1]
			}
			j++
		case atStart && t.kind == tIdent && polybenchND(t.text, "_ARRAY_DECL") > 0:
			j = s.arrayDecl(j, LocalScope, d.name)
		case atStart && t.kind == tIdent && t.text != "return" && s.startsDecl(j):
			j = s.decl(j, LocalScope, d.name)
		default:
			j++
		}
		end := s.toks[s.matching(blocks[len(blocks)-1])].end()
		for _, v := range fn.Locals[before:] {
			v.ScopeStart, v.ScopeEnd = t.pos.Offset, end
		}
	}
	for _, v := range fn.Params {
		v.ScopeStart, v.ScopeEnd = fn.BodyStart, fn.BodyEnd
	}
	s.f.curFunc = nil
	return s.after(close)
}

// arrayDecl reads POLYBENCH_nD_ARRAY_DECL(A, TYPE, D1..Dn, d1..dn).
func (s *declScanner) arrayDecl(i int, scope Scope, fn string) int {
	n := polybenchND(s.toks[i].text, "_ARRAY_DECL")
	p := s.parserAt(i + 1)
	if !p.got("(") {
		return i + 1
	}
	var args []Expr
	var typ string
	for k := 0; p.err == nil && !p.is(")"); k++ {
		if k == 1 && p.atTypeName() {
			typ = p.parseTypeName(true).Text
		} else {
			args = append(args, p.parseExpr())
		}
		if !p.is(")") {
			p.expect(",", "")
		}
	}
	p.expect(")", "")
	if p.err != nil || len(args) < 1+n {
		return s.skipTo(i + 1)
	}
	if id, ok := args[0].(*Ident); ok {
		v := &Var{Name: id.Name, Pos: id.At, Type: typ, Scope: scope, Func: fn, Dims: args[1 : 1+n]}
		if len(args) >= 1+2*n {
			v.AltDims = args[1+n : 1+2*n]
		}
		s.f.addVar(v)
	}
	return s.skipTo(p.i)
}
