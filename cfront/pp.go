package cfront

import (
	"fmt"
	"slices"
	"strings"
)

// Conditional directives inside a region.
//
// The preprocessor pass (File.directives) evaluates every #if, #ifdef,
// #ifndef, #elif and #else of the main file with the macros defined so far
// and the Config.Defines, and records which branch of each group is taken.
// The parser reads a region as the compiler would see it under that
// configuration: it passes over the branches that are not taken and the
// directive lines themselves, between statements. The region's model is
// then only valid when the same branches are taken when the output is
// compiled, which the -D flags of that compilation decide; so the region
// carries the conjunction of the conditions of the taken branches
// (Region.Cond), and the code that replaces it goes under "#if Cond", with
// the original text, directives included, under "#else". A condition the
// pass cannot evaluate (a call of a function-like macro, a division by
// zero, text that does not parse) makes the region an error that quotes it.

// ppInfo is what the preprocessor pass learned about the main file.
type ppInfo struct {
	// inactive[i] is set when token i of the main file lies in a branch
	// that is not taken (directives of nested groups included).
	inactive []bool
	// dirs are the conditional directives of the main file, by token index.
	dirs map[int]*ppDir
	// defs counts the #define and #undef lines of each name, in every
	// branch, taken or not, of the main file and its headers; sites
	// tells where they are (defSite).
	defs  map[string]int
	sites map[string][]string
}

// ppDir is one conditional directive of the main file.
type ppDir struct {
	kind  string // "if", "ifdef", "ifndef", "elif", "else" or "endif"
	group int    // token index of the group's #if, #ifdef or #ifndef
	// cond is the condition under which the branch that the directive
	// opens is taken, the earlier branches' conditions negated in it
	// (branchCond); text is the directive's own condition as written.
	// For an #endif, cond is the condition under which no branch of the
	// group is taken when none was ("" otherwise).
	cond, text string
	taken      bool // the branch it opens is taken (#endif: the code after it is active)
	outer      bool // the code around the group is active
	ok         bool // the condition could be evaluated
}

// isConditional reports whether the directive kind opens, continues or
// closes an #if group.
func isConditional(kind string) bool {
	switch kind {
	case "if", "ifdef", "ifndef", "elif", "else", "endif":
		return true
	}
	return false
}

func (f *File) countDef(name, site string) {
	if name == "" {
		return
	}
	if f.pp.defs == nil {
		f.pp.defs, f.pp.sites = map[string]int{}, map[string][]string{}
	}
	f.pp.defs[name]++
	f.pp.sites[name] = append(f.pp.sites[name], site)
}

// defSite names the place of a #define in the file file: its innermost
// #if group and branch ("" outside any group, include guards aside).
func defSite(file string, stack []condFrame) string {
	for k := len(stack) - 1; k >= 0; k-- {
		if fr := stack[k]; !fr.isGuard {
			return fmt.Sprintf("%s:%d:%d", file, fr.group, fr.branch)
		}
	}
	return ""
}

// oneDefinition reports whether the compiler sees at most one definition
// of name whatever the -D flags: name is defined once, or only in
// distinct branches of one #if group (#ifdef NDEBUG / #define A 1 /
// #else / #define A f(x) / #endif), and never removed.
func (f *File) oneDefinition(name string) bool {
	sites := f.pp.sites[name]
	if len(sites) <= 1 {
		return true
	}
	seen := map[string]bool{}
	group := ""
	for _, s := range sites {
		if s == "" || s == "#undef" || seen[s] {
			return false
		}
		seen[s] = true
		g := s[:strings.LastIndexByte(s, ':')]
		if group != "" && g != group {
			return false
		}
		group = g
	}
	return true
}

// skipBranches is called by the parser on a conditional directive at a
// statement boundary: it moves past the directive and past every branch
// that is not taken, up to the first token of code that is taken. It
// returns false when the token is not a conditional directive of the main
// file.
func (p *parser) skipBranches() bool {
	if p.pp == nil {
		return false
	}
	d := p.pp.dirs[p.i]
	if d == nil {
		return false
	}
	for d != nil && !d.taken && d.kind != "endif" {
		// Move to the next directive of the same group.
		j := p.i + 1
		for ; j < p.end; j++ {
			if e := p.pp.dirs[j]; e != nil && e.group == d.group {
				break
			}
		}
		p.i = j
		if j >= p.end {
			return true
		}
		d = p.pp.dirs[j]
	}
	p.next()
	return true
}

// regionCond checks the conditional directives among toks[from:to] (a
// region's tokens) and returns the conjunction of the conditions of the
// branches taken there, "" when there are none. Every group must open and
// close inside the region, and every condition reached must have been
// evaluated.
func (f *File) regionCond(toks []token, from, to int) (string, *Error) {
	var open []int // token indices of the groups' #if, innermost last
	var conds []string
	errAt := func(t *token, format string, args ...any) (string, *Error) {
		return "", &Error{File: f.Name, Pos: t.pos, Code: CodeUnsupported, Msg: fmt.Sprintf(format, args...)}
	}
	for i := from; i < to && i < len(toks); i++ {
		d := f.pp.dirs[i]
		if d == nil {
			continue
		}
		t := &toks[i]
		switch d.kind {
		case "if", "ifdef", "ifndef":
			open = append(open, i)
		default:
			if len(open) == 0 || open[len(open)-1] != d.group {
				return errAt(t, "#%s in a SCoP region closes or continues the #if at line %d, which is outside the region: the group must lie inside the region", d.kind, toks[d.group].pos.Line)
			}
			if d.kind == "endif" {
				open = open[:len(open)-1]
			}
		}
		if !d.outer {
			continue
		}
		if !d.ok {
			return errAt(t, "cannot evaluate the condition '%s' of #%s at line %d inside a SCoP region (tessera evaluates defined(X), integer literals, object-like macros with integer values and C operators)", d.text, d.kind, t.pos.Line)
		}
		if d.taken && d.cond != "" {
			conds = append(conds, d.cond)
		}
	}
	if len(open) > 0 {
		return errAt(&toks[open[len(open)-1]], "#if at line %d is not closed inside the SCoP region: the group must lie inside the region", toks[open[len(open)-1]].pos.Line)
	}
	return strings.Join(conds, " && "), nil
}

// joinConds joins preprocessor conditions with &&, leaving out empty ones.
func joinConds(cs ...string) string {
	var parts []string
	for _, c := range cs {
		if c != "" {
			parts = append(parts, c)
		}
	}
	return strings.Join(parts, " && ")
}

// regionParser returns a parser over toks[:end] that reads conditional
// directives, labels and macro steps as the file defines them.
func (f *File) regionParser(toks []token, end int, eofPos Pos) *parser {
	p := newParserRange(f.Name, f.text, toks, end, eofPos, f.isTypeName)
	p.pp = &f.pp
	p.macros = f.Macros
	p.macroConst = f.MacroConst
	p.gotoTo = func(name string, at Pos) (Pos, bool) { return f.jumpTo(toks, name, at) }
	return p
}

// jumpTo returns the position of a goto in the function around at that
// names the label name, or of an address of the label (&&name, GCC's
// labels as values, which a computed goto may jump to). Outside a
// function, the whole file is searched.
func (f *File) jumpTo(toks []token, name string, at Pos) (Pos, bool) {
	from, to := 0, len(toks)
	if fn := f.FuncOf(at.Offset); fn != nil && fn.bodyTok[1] < len(toks) {
		from, to = fn.bodyTok[0], fn.bodyTok[1]
	}
	for i := from; i+1 < to; i++ {
		t, n := &toks[i], &toks[i+1]
		if n.kind != tIdent || n.text != name {
			continue
		}
		if t.kind == tIdent && t.text == "goto" || t.kind == tPunct && t.text == "&&" {
			return t.pos, true
		}
	}
	// "asm goto" lists its labels among its operands: any may be its
	// target.
	for i := from; i+1 < to; i++ {
		if t, n := &toks[i], &toks[i+1]; t.kind == tIdent && strings.Contains(t.text, "asm") && n.text == "goto" {
			return n.pos, true
		}
	}
	return Pos{}, false
}

// MacroCond tells whether the calls of the function-like macro name may
// be expanded for the model of a region, and under which preprocessor
// condition the expansion is the compiler's: name and every function-like
// macro its body calls must have one definition that the compiler can see
// (oneDefinition: it is then the one the region sees when its condition
// holds);
// cond joins the conditions of those definitions ("" when they are
// unconditional). ok is false when some macro has more than one
// definition, or a definition whose condition is not known (from the
// command line, from a header included under #if, under #ifndef of its
// own name).
func (f *File) MacroCond(name string) (cond string, ok bool) {
	var conds []string
	seen := map[string]bool{}
	var visit func(name string, depth int) bool
	visit = func(name string, depth int) bool {
		m := f.Macros[name]
		if m == nil || !m.FuncLike || seen[name] {
			return true
		}
		seen[name] = true
		if depth > 16 || !f.oneDefinition(name) || m.File == "<command line>" || m.condInclude || m.overridable {
			return false
		}
		if m.Cond != "" && !slices.Contains(conds, m.Cond) {
			conds = append(conds, m.Cond)
		}
		for _, t := range lex([]byte(m.Body)) {
			if t.kind == tIdent && !visit(t.text, depth+1) {
				return false
			}
		}
		return true
	}
	if !visit(name, 0) {
		return "", false
	}
	return joinConds(conds...), true
}

// stepConds returns, for the loops of body whose step is a macro that a
// -D flag or another branch of an #if may change, the conditions
// "(M) == v" with the values the parser took.
func (f *File) stepConds(body []Stmt, regionStart int) string {
	var conds []string
	seen := map[string]bool{}
	var visit func(s Stmt)
	visit = func(s Stmt) {
		switch s := s.(type) {
		case *For:
			Walk(s.Incr, func(n Node) bool {
				id, ok := n.(*Ident)
				if !ok || seen[id.Name] {
					return true
				}
				seen[id.Name] = true
				if _, c, ok := f.MacroConst(id, regionStart); ok && c != "" {
					conds = append(conds, c)
				}
				return true
			})
			visit(s.Body)
		case *If:
			visit(s.Then)
			if s.Else != nil {
				visit(s.Else)
			}
		case *Block:
			for _, c := range s.Stmts {
				visit(c)
			}
		}
	}
	for _, s := range body {
		visit(s)
	}
	return strings.Join(conds, " && ")
}

// MacroConst evaluates e when it is an integer constant expression made of
// literals and object-like macros, at least one macro among them, whose
// bodies are such expressions (#define BS 8, "2*BS"), for code at the
// offset at of the main file. cond is "" when every macro of e has the
// same value in every compilation of the file (macroFixed); otherwise it
// is the preprocessor condition "(e) == v" under which code that uses the
// value v is valid. ok is false when e is not such an expression.
func (f *File) MacroConst(e Expr, at int) (v int64, cond string, ok bool) {
	fixed, macros := true, 0
	Walk(e, func(n Node) bool {
		if id, isID := n.(*Ident); isID {
			if m := f.Macros[id.Name]; m != nil && !m.FuncLike {
				macros++
				fixed = fixed && f.macroFixed(id.Name, at, 0)
			}
		}
		return true
	})
	if macros == 0 {
		return 0, "", false
	}
	env := &condEnv{macros: f.Macros, memo: map[string]condVal{}, strict: true}
	v, ok = env.eval(e, 0)
	if !ok || !fixed && env.casts {
		// (A cast is fine in C code but not in the #if that would
		// check the value.)
		return 0, "", false
	}
	if !fixed {
		cond = fmt.Sprintf("(%s) == %d", e.Format(nil), v)
	}
	return v, cond, true
}

// macroFixed reports whether the object-like macro name has the same
// value in every compilation of the file: it is defined once, outside any
// #if group (include guards aside) and not under #ifndef of its own name,
// not on the command line, before the offset at when it is in the main
// file, never removed, and the macros of its body are fixed too.
func (f *File) macroFixed(name string, at, depth int) bool {
	m := f.Macros[name]
	if m == nil || depth > 16 {
		return false
	}
	if m.File == "<command line>" || m.Cond != "" || m.overridable || m.condInclude || f.pp.defs[name] != 1 {
		return false
	}
	if m.File == f.Name && m.Pos.Offset >= at {
		return false
	}
	for _, t := range lex([]byte(m.Body)) {
		if t.kind == tIdent && f.Macros[t.text] != nil && !f.macroFixed(t.text, at, depth+1) {
			return false
		}
	}
	return true
}

// lexErrors reports the unterminated literals and comments of the code
// the compiler reads (branches of #if groups not taken are left out, as
// the compiler leaves them), except those a region's diagnostic reports
// already, and returns the offset of the first one (-1 when none). The
// lexer ends an unterminated literal at the end of its line, as the
// compiler does; still, the file is not valid C, and the caller keeps no
// region after that offset.
func (f *File) lexErrors(toks []token, errs *ErrorList) int {
	first := -1
	reported := map[int]bool{}
	pragmaErr := -1 // offset of the first unmatched scop pragma
	for _, e := range *errs {
		reported[e.Pos.Offset] = true
		if e.Code == CodePragma && (pragmaErr < 0 || e.Pos.Offset < pragmaErr) {
			pragmaErr = e.Pos.Offset
		}
	}
	for i := range toks {
		t := &toks[i]
		if t.kind != tInvalid || f.pp.inactive[i] || reported[t.pos.Offset] {
			continue
		}
		if t.bad == badComment && pragmaErr >= 0 && pragmaErr < t.pos.Offset {
			continue // the unmatched pragma's diagnostic names the comment
		}
		switch t.bad {
		case badString, badChar, badComment:
			*errs = append(*errs, &Error{File: f.Name, Pos: t.pos, Code: CodeLex,
				Msg: t.message() + ": the file is not valid C, and no region after this point is optimized"})
			if first < 0 {
				first = t.pos.Offset
			}
		}
	}
	return first
}
