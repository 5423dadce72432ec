package cfront

import "strings"

// rejected explains, for each statement keyword a SCoP cannot hold, why.
var rejected = map[string]string{
	"goto":     "jumps make the control flow unstructured",
	"break":    "an early exit makes the iteration domain depend on run-time values",
	"continue": "skipping the rest of an iteration makes the domain depend on run-time values",
	"return":   "leaving the region early makes the domain depend on run-time values",
	"while":    "its trip count is not given by affine bounds (only counted for loops are modeled)",
	"do":       "its trip count is not given by affine bounds (only counted for loops are modeled)",
	"switch":   "only if/else conditions are modeled",
	"case":     "only if/else conditions are modeled",
	"default":  "only if/else conditions are modeled",
	"typedef":  "type definitions do not belong in a SCoP region",
}

// loopHint reports whether directive text (a whole "#pragma ..." line) is
// a hint on the loop that follows, which a SCoP may drop without changing
// what the loop computes: vectorization and unrolling hints, "omp simd"
// included. Thread constructs are not: "#pragma omp for" shares the loop
// among the threads of a parallel region opened outside the SCoP (the
// loop without it would run once per thread), and a region the user
// parallelized with "#pragma omp parallel for" is better kept as written
// than rewritten into sequential code when --parallel is off.
func loopHint(text string) bool {
	f := strings.Fields(strings.TrimPrefix(strings.TrimSpace(text), "#"))
	if len(f) < 2 || f[0] != "pragma" {
		return false
	}
	f = f[1:]
	for _, w := range f {
		if strings.Contains(w, "/*") || strings.Contains(w, "//") || strings.HasSuffix(w, "\\") {
			return false // comments or continued lines: not worth reading
		}
	}
	first := strings.SplitN(f[0], "(", 2)[0]
	switch first {
	case "ivdep", "unroll", "nounroll", "vector", "novector", "loop_count":
		return true
	case "GCC":
		return len(f) >= 2 && (f[1] == "ivdep" || f[1] == "unroll" || f[1] == "novector")
	case "clang":
		return len(f) >= 2 && strings.HasPrefix(f[1], "loop")
	case "omp":
		return len(f) >= 2 && (f[1] == "simd" || strings.HasPrefix(f[1], "simd("))
	}
	return false
}

// parseStmts parses statements up to the end of the token slice.
func (p *parser) parseStmts() []Stmt {
	var out []Stmt
	for p.err == nil && p.tok().kind != tEOF {
		if s := p.parseStmt(); s != nil {
			out = appendStmt(out, s)
		}
	}
	if p.err != nil {
		return nil
	}
	return out
}

func (p *parser) parseStmt() Stmt {
	if !p.enter() {
		return nil
	}
	defer p.leave()
	t := p.tok()
	switch t.kind {
	case tDirective:
		if p.skipBranches() {
			return nil
		}
		if loopHint(t.text) && p.peek(1).kind == tIdent && p.peek(1).text == "for" {
			// A hint on the next loop (#pragma ivdep, #pragma omp
			// parallel for, ...): the loop means the same without it,
			// and the region's new code carries its own marks.
			p.next()
			return p.parseFor()
		}
		if f := strings.Fields(strings.TrimPrefix(strings.TrimSpace(t.text), "#")); len(f) >= 2 && f[0] == "pragma" && f[1] == "omp" {
			p.fail(CodeUnsupported, t.pos, "preprocessor directive inside a SCoP region: an OpenMP construct (the region keeps the user's parallel code)")
			return nil
		}
		name, _ := directive(t.text)
		why := "only #if groups between statements and hints on the next loop are read there"
		switch name {
		case "define", "undef":
			why = "a macro defined or removed there changes the meaning of the code that follows"
		case "if", "ifdef", "ifndef", "elif", "else", "endif":
			why = "it belongs to a header or a group that the region cannot be checked against"
		}
		p.fail(CodeUnsupported, t.pos, "preprocessor directive inside a SCoP region: #%s (%s)", name, why)
		return nil
	case tInvalid:
		p.fail(CodeLex, t.pos, "%s", t.message())
		return nil
	case tPunct:
		switch t.text {
		case "{":
			return p.parseBlock()
		case ";":
			p.next()
			return &Empty{At: t.pos}
		}
	case tIdent:
		if why, bad := rejected[t.text]; bad {
			p.fail(CodeUnsupported, t.pos, "'%s' is not allowed in a SCoP: %s", t.text, why)
			return nil
		}
		switch t.text {
		case "for":
			return p.parseFor()
		case "if":
			return p.parseIf()
		case "else":
			p.errorf(t.pos, "'else' without a matching 'if'")
			return nil
		}
		if nt := p.peek(1); nt.kind == tPunct && nt.text == ":" {
			// A label that no goto names changes nothing: the statement
			// it labels is read, and the label is dropped with the
			// region's code when the region is rewritten.
			if p.gotoTo == nil {
				p.fail(CodeUnsupported, t.pos, "label '%s' is not allowed in a SCoP: jumps make the control flow unstructured", t.text)
				return nil
			}
			if at, ok := p.gotoTo(t.text, t.pos); ok {
				p.fail(CodeUnsupported, t.pos, "label '%s' is the target of the jump at line %d: jumps make the control flow unstructured", t.text, at.Line)
				return nil
			}
			p.next()
			p.next()
			return p.parseSubStmt()
		}
		if p.atDeclStart() {
			d := p.parseDecl(true)
			if p.err != nil {
				return nil
			}
			end := p.expect(";", "after declaration")
			if p.err != nil {
				return nil
			}
			d.EndOff = end.Offset + 1
			d.Text = p.src[d.At.Offset:d.EndOff]
			return d
		}
	}
	es := p.parseExprStmt()
	if es == nil {
		return nil
	}
	return splitChain(es)
}

// splitChain turns a chained assignment "a = b = e;" into the statements
// "b = e;" and "a = b;" (one write each, innermost first), wrapped in a
// Block that appendStmt flattens into statement lists. The inner
// assignment may sit under parentheses and casts: "a = (T)(b = e);"
// becomes "b = e;" and "a = (T)(b);". The split is exact for every chain
// whose behavior C defines: the value of "b = e" is the value stored in b,
// which the next statement reads back; a left side that itself reads b
// would be unsequenced with that store. Other statements are returned
// unchanged.
func splitChain(es *ExprStmt) Stmt {
	outer, ok := es.X.(*Assign)
	if !ok {
		return es
	}
	if innerAssign(outer.RHS) == nil {
		return es
	}
	var chain []*Assign // outermost first
	for a := outer; a != nil; a = innerAssign(a.RHS) {
		chain = append(chain, a)
	}
	mk := func(a *Assign) *ExprStmt {
		return &ExprStmt{At: a.At, X: a, Text: a.Format(nil) + ";", EndOff: es.EndOff, Split: true}
	}
	inner := chain[len(chain)-1]
	b := &Block{At: inner.At, EndOff: es.EndOff}
	b.Stmts = append(b.Stmts, mk(inner))
	for k := len(chain) - 2; k >= 0; k-- {
		a := chain[k]
		rhs := replaceInner(a.RHS, chain[k+1].LHS)
		b.Stmts = append(b.Stmts, mk(&Assign{At: a.At, Op: a.Op, LHS: a.LHS, RHS: rhs}))
	}
	return b
}

// innerAssign returns the assignment that e is, under any parentheses
// and casts, or nil.
func innerAssign(e Expr) *Assign {
	for {
		switch x := e.(type) {
		case *Assign:
			return x
		case *Paren:
			e = x.X
		case *Cast:
			e = x.X
		default:
			return nil
		}
	}
}

// replaceInner copies the casts (and the parentheses between them) around
// the assignment of e, with the assignment replaced by v.
func replaceInner(e, v Expr) Expr {
	switch x := e.(type) {
	case *Paren:
		r := replaceInner(x.X, v)
		if r == v {
			return v // "(b = e)" read back is just b
		}
		return &Paren{At: x.At, X: r}
	case *Cast:
		c := *x
		c.X = replaceInner(x.X, v)
		if _, ok := c.X.(*Paren); !ok {
			c.X = &Paren{At: v.Pos(), X: c.X}
		}
		return &c
	}
	return v
}

// appendStmt appends s to list, flattening the Block of a split chained
// assignment (a Block that does not start with '{').
func appendStmt(list []Stmt, s Stmt) []Stmt {
	if b, ok := s.(*Block); ok && isSplitBlock(b) {
		return append(list, b.Stmts...)
	}
	return append(list, s)
}

// isSplitBlock reports whether b is the Block made by splitChain (its At
// is its first statement's, where a braced Block's is the '{').
func isSplitBlock(b *Block) bool {
	if b == nil || len(b.Stmts) == 0 {
		return false
	}
	es, ok := b.Stmts[0].(*ExprStmt)
	return ok && es.Split && es.At == b.At
}

// atDeclStart decides between a declaration and an expression statement:
// a C type keyword or qualifier always starts a declaration; a user type
// name (typedef or type macro such as DATA_TYPE) does when a declarator
// follows (an identifier or '*').
func (p *parser) atDeclStart() bool {
	t := p.tok()
	if t.kind != tIdent {
		return false
	}
	if builtinTypes[t.text] || qualifiers[t.text] || t.text == "struct" || t.text == "union" || t.text == "enum" {
		return true
	}
	if !p.isType(t.text) {
		return false
	}
	nt := p.peek(1)
	return nt.kind == tIdent || (nt.kind == tPunct && nt.text == "*")
}

func (p *parser) parseExprStmt() *ExprStmt {
	start := p.tok().pos
	x := p.parseExpr()
	if p.err != nil {
		return nil
	}
	end := p.expect(";", "after expression statement")
	if p.err != nil {
		return nil
	}
	if !isEffect(x) && p.isMacroCall(x) && p.src != "" {
		// A macro call as a statement (UPDATE(A, i);): later stages
		// read its expansion, which may be one assignment.
		return &ExprStmt{At: start, X: x, Text: p.src[start.Offset : end.Offset+1], EndOff: end.Offset + 1}
	}
	if !isEffect(x) {
		what := "an expression"
		if _, ok := Unparen(x).(*Call); ok {
			what = "a call statement"
			if p.isMacroCall(x) {
				what = "a call of the macro " + Unparen(Unparen(x).(*Call).Fun).(*Ident).Name + " as a statement (its expansion is not read there)"
			}
		}
		p.fail(CodeUnsupported, start, "%s is not allowed as a statement in a SCoP: only assignments and ++/-- are modeled (their accesses must be known)", what)
		return nil
	}
	return &ExprStmt{At: start, X: x, Text: p.src[start.Offset : end.Offset+1], EndOff: end.Offset + 1}
}

// isEffect accepts the expression statements a SCoP can hold.
func isEffect(x Expr) bool {
	switch x := x.(type) {
	case *Assign, *Postfix:
		return true
	case *Unary:
		return x.Op == "++" || x.Op == "--"
	}
	return false
}

func (p *parser) parseBlock() *Block {
	b := &Block{At: p.tok().pos}
	p.next()
	for p.err == nil && !p.is("}") {
		if p.tok().kind == tEOF {
			p.errorf(b.At, "unclosed '{': the region ends before the matching '}'")
			return nil
		}
		if s := p.parseStmt(); s != nil {
			b.Stmts = appendStmt(b.Stmts, s)
		}
	}
	end := p.expect("}", "to close block")
	if p.err != nil {
		return nil
	}
	b.EndOff = end.Offset + 1
	return b
}

func (p *parser) parseIf() *If {
	s := &If{At: p.tok().pos}
	p.next()
	p.expect("(", "after 'if'")
	if p.err != nil {
		return nil
	}
	s.Cond = p.parseCommaExpr()
	p.expect(")", "after if condition")
	if p.err != nil {
		return nil
	}
	s.Then = p.parseSubStmt()
	if p.err != nil {
		return nil
	}
	s.EndOff = s.Then.End()
	if p.is("else") {
		p.next()
		s.Else = p.parseSubStmt()
		if p.err != nil {
			return nil
		}
		s.EndOff = s.Else.End()
	}
	return s
}

// parseDecl parses specifiers and declarators up to (not including) the
// ';'. When stmt is false (a for init clause) only one declarator is read.
func (p *parser) parseDecl(stmt bool) *Decl {
	d := &Decl{At: p.tok().pos}
	d.Type = p.parseTypeName(false)
	for p.err == nil {
		v := &Declarator{}
		for p.is("*") || p.is("const") || p.is("restrict") {
			if p.is("*") {
				v.Stars++
			}
			p.next()
		}
		t := p.tok()
		if t.kind != tIdent || reservedWords[t.text] || builtinTypes[t.text] {
			p.errorf(t.pos, "expected a name in declaration, found %s", describe(t))
			return nil
		}
		v.At, v.Name = t.pos, t.text
		p.next()
		for p.is("[") {
			p.next()
			if p.is("]") {
				v.Dims = append(v.Dims, nil)
			} else {
				v.Dims = append(v.Dims, p.parseExpr())
			}
			p.expect("]", "after array extent")
		}
		v.Attrs = p.declAttrs(v.Name) // localattr.go
		if p.is("(") {
			p.fail(CodeUnsupported, p.tok().pos, "function declarations are not allowed in a SCoP region")
			return nil
		}
		if p.got("=") {
			if p.is("{") {
				p.fail(CodeUnsupported, p.tok().pos, "brace initializers are not supported in a SCoP region")
				return nil
			}
			v.Init = p.parseExpr()
		}
		if p.err != nil {
			return nil
		}
		d.Vars = append(d.Vars, v)
		if !stmt || !p.got(",") {
			break
		}
	}
	return d
}

func (p *parser) parseFor() *For {
	start := p.i
	s := p.parseFor1()
	if p.forDone != nil {
		if p.err != nil || s == nil {
			p.forFailed[start] = true
		} else {
			p.forDone[start] = s
		}
	}
	return s
}

func (p *parser) parseFor1() *For {
	s := &For{At: p.tok().pos}
	p.next()
	p.expect("(", "after 'for'")
	if p.err != nil {
		return nil
	}
	// We first read the three clauses as written, then check their shape.
	initPos := p.tok().pos
	if p.is(";") {
		p.fail(CodeLoop, initPos, "for loop without an initialization: the iterator's lower bound is unknown")
		return nil
	}
	if p.atDeclStart() {
		d := p.parseDecl(false)
		if p.err != nil {
			return nil
		}
		d.EndOff = p.prevEnd()
		d.Text = p.src[d.At.Offset:d.EndOff]
		s.Init = d
		v := d.Vars[0]
		if v.Init == nil || v.Stars != 0 || len(v.Dims) != 0 {
			p.fail(CodeLoop, v.At, "for loop must initialize its iterator: expected 'type %s = lower bound'", v.Name)
			return nil
		}
		s.Iter, s.IterPos, s.DeclType, s.Lower = v.Name, v.At, d.Type, v.Init
	} else {
		x := p.parseExpr()
		if p.err != nil {
			return nil
		}
		s.Init = &ExprStmt{At: initPos, X: x, Text: p.src[initPos.Offset:p.prevEnd()], EndOff: p.prevEnd()}
		a, ok := x.(*Assign)
		id, isID := Expr(nil), false
		if ok && a.Op == "=" {
			id = Unparen(a.LHS)
			_, isID = id.(*Ident)
		}
		if !isID {
			p.fail(CodeLoop, initPos, "for loop initialization must assign the iterator: expected 'i = lower bound'")
			return nil
		}
		if in, ok := Unparen(a.RHS).(*Assign); ok {
			// for (sum = j = 0; ...): the iterator is not the
			// first name.
			p.fail(CodeLoop, initPos, "for loop initialization %s is a chained assignment: tessera reads an initialization that assigns only the iterator (write %s = %s; before the loop and %s in it)", x.Format(nil), a.LHS.Format(nil), in.RHS.Format(nil), in.Format(nil))
			return nil
		}
		s.Iter, s.IterPos, s.Lower = id.(*Ident).Name, id.Pos(), a.RHS
	}
	p.expect(";", "after for loop initialization")
	if p.err != nil {
		return nil
	}
	if p.is(";") {
		p.fail(CodeLoop, p.tok().pos, "for loop without a condition: the iterator %s has no upper bound", s.Iter)
		return nil
	}
	s.Cond = p.parseCommaExpr()
	p.expect(";", "after for loop condition")
	if p.err != nil {
		return nil
	}
	if p.is(")") {
		p.fail(CodeLoop, p.tok().pos, "for loop without an increment: the iterator %s does not advance", s.Iter)
		return nil
	}
	s.Incr = p.parseCommaExpr()
	p.expect(")", "after for loop increment")
	if p.err != nil {
		return nil
	}
	s.Step, s.StepVar = p.loopStep(s.Iter, s.Incr)
	if p.err != nil {
		return nil
	}
	s.Bounds = p.loopBounds(s.Iter, s.Cond, nil)
	if p.err != nil {
		return nil
	}
	limited := false
	for _, b := range s.Bounds {
		if (s.Step > 0 || s.StepVar != nil) == (b.Op == "<" || b.Op == "<=") {
			limited = true
		}
	}
	if !limited {
		dir, need := "upward", "'<' or '<='"
		if s.Step < 0 {
			dir, need = "downward", "'>' or '>='"
		}
		p.fail(CodeLoop, s.Cond.Pos(), "for loop condition does not bound the iterator %s %s: it steps by %d, so the condition needs %s", s.Iter, dir, s.Step, need)
		return nil
	}
	s.Body = p.parseSubStmt()
	if p.err != nil {
		return nil
	}
	s.EndOff = s.Body.End()
	return s
}

// parseSubStmt parses the statement that a loop, an if, an else or a
// label governs: the directives of #if groups before it are passed over
// (parseStmt returns nil on them).
func (p *parser) parseSubStmt() Stmt {
	for p.err == nil {
		if s := p.parseStmt(); s != nil || p.err != nil {
			return s
		}
		if p.tok().kind == tEOF {
			p.errorf(p.tok().pos, "expected a statement, found %s", describe(p.tok()))
		}
	}
	return nil
}

// loopBounds splits an &&-joined condition into bounds on iter.
func (p *parser) loopBounds(iter string, cond Expr, acc []Bound) []Bound {
	c := Unparen(cond)
	if b, ok := c.(*Binary); ok && b.Op == "&&" {
		acc = p.loopBounds(iter, b.X, acc)
		return p.loopBounds(iter, b.Y, acc)
	}
	if b, ok := c.(*Binary); ok {
		mirror := map[string]string{"<": ">", "<=": ">=", ">": "<", ">=": "<="}
		if m, isCmp := mirror[b.Op]; isCmp {
			if isName(b.X, iter) && !isName(b.Y, iter) {
				return append(acc, Bound{Op: b.Op, Expr: b.Y, Raw: cond})
			}
			if isName(b.Y, iter) && !isName(b.X, iter) {
				return append(acc, Bound{Op: m, Expr: b.X, Raw: cond})
			}
		}
	}
	p.fail(CodeLoop, cond.Pos(), "for loop condition must compare the iterator %s with a bound (%s < e, %s <= e, %s > e or %s >= e, joined with &&)", iter, iter, iter, iter, iter)
	return nil
}

func isName(e Expr, name string) bool {
	id, ok := Unparen(e).(*Ident)
	return ok && id.Name == name
}

// loopStep recognizes the increment forms and returns the signed step,
// or 0 and the variable of an upward step by a variable (i += n, i = i
// + n, i = n + i; see For.StepVar).
func (p *parser) loopStep(iter string, incr Expr) (int64, *Ident) {
	var stepExpr Expr // the step as written, when the shape is right
	bad := func() (int64, *Ident) {
		why := ""
		if stepExpr != nil {
			why = ": " + p.stepWhy(stepExpr)
		}
		p.fail(CodeLoop, incr.Pos(), "for loop increment must step the iterator %s by an integer constant (%s++, %s--, %s += c, %s -= c or %s = %s + c)%s", iter, iter, iter, iter, iter, iter, iter, why)
		return 0, nil
	}
	// variable is the step e when it is a variable other than iter.
	variable := func(e Expr) *Ident {
		id, ok := Unparen(e).(*Ident)
		if !ok || id.Name == iter || p.macros[id.Name] != nil || p.isType(id.Name) {
			return nil
		}
		return id
	}
	var step int64
	switch x := Unparen(incr).(type) {
	case *Postfix:
		if !isName(x.X, iter) {
			return bad()
		}
		step = map[string]int64{"++": 1, "--": -1}[x.Op]
	case *Unary:
		if !isName(x.X, iter) || (x.Op != "++" && x.Op != "--") {
			return bad()
		}
		step = map[string]int64{"++": 1, "--": -1}[x.Op]
	case *Assign:
		if !isName(x.LHS, iter) {
			return bad()
		}
		switch x.Op {
		case "+=", "-=":
			c, ok := p.constInt(x.RHS)
			if !ok && x.Op == "+=" && variable(x.RHS) != nil {
				return 0, variable(x.RHS)
			}
			if !ok {
				stepExpr = x.RHS
				return bad()
			}
			step = c
			if x.Op == "-=" {
				if c == minInt64 {
					return bad()
				}
				step = -c
			}
		case "=":
			b, ok := Unparen(x.RHS).(*Binary)
			if !ok || (b.Op != "+" && b.Op != "-") {
				return bad()
			}
			var c int64
			switch {
			case isName(b.X, iter):
				c, ok = p.constInt(b.Y)
				if ok && b.Op == "-" {
					if c == minInt64 {
						return bad()
					}
					c = -c
				}
			case isName(b.Y, iter) && b.Op == "+":
				c, ok = p.constInt(b.X)
			default:
				ok = false
			}
			if !ok && b.Op == "+" && isName(b.X, iter) && variable(b.Y) != nil {
				return 0, variable(b.Y)
			}
			if !ok && b.Op == "+" && isName(b.Y, iter) && variable(b.X) != nil {
				return 0, variable(b.X)
			}
			if !ok {
				if isName(b.X, iter) {
					stepExpr = b.Y
				} else if isName(b.Y, iter) {
					stepExpr = b.X
				}
				return bad()
			}
			step = c
		default:
			return bad()
		}
	default:
		return bad()
	}
	if step == 0 {
		p.fail(CodeLoop, incr.Pos(), "for loop step of %s is zero: the loop would never end", iter)
		return 0, nil
	}
	return step, nil
}

const minInt64 = -1 << 63

// stepWhy says why the step e of a loop is not an integer constant.
func (p *parser) stepWhy(e Expr) string {
	why := "it is not an integer constant expression"
	Walk(e, func(n Node) bool {
		id, ok := n.(*Ident)
		if !ok {
			return true
		}
		m := p.macros[id.Name]
		switch {
		case m == nil:
			why = id.Name + " is a variable, and a step known only at run time leaves the iteration domain non-affine"
		case m.FuncLike:
			why = "the macro " + id.Name + " takes arguments; only object-like macros are evaluated in a step"
		default:
			if _, _, ok := p.macroConst(id, id.At.Offset); ok {
				return true
			}
			why = "the macro " + id.Name + " expands to '" + m.Body + "', which is not an integer constant expression of literals and macros with an int value (no variables or unsigned constants; casts only when no -D flag or #if can change the macro)"
		}
		return false
	})
	return why
}

// constInt evaluates a loop step: an integer literal, or an integer
// constant expression of literals and object-like macros whose bodies are
// such expressions (#define BS 8, "jj += BS", "jj += 2*BS"). The region
// records the macros it took values from (Region.Cond).
func (p *parser) constInt(e Expr) (int64, bool) {
	if v, ok := constInt(e); ok || p.macroConst == nil {
		return v, ok
	}
	v, _, ok := p.macroConst(e, e.Pos().Offset)
	return v, ok
}

// constInt evaluates an integer literal, possibly negated or parenthesized.
func constInt(e Expr) (int64, bool) {
	switch x := Unparen(e).(type) {
	case *IntLit:
		return x.Value, !x.Big
	case *Unary:
		if x.Op == "-" {
			v, ok := constInt(x.X)
			if !ok || v == minInt64 {
				return 0, false
			}
			return -v, true
		}
		if x.Op == "+" {
			return constInt(x.X)
		}
	}
	return 0, false
}

// parseRegionTokens parses toks (ending in tEOF) as a statement list.
func parseRegionTokens(file, src string, toks []token, isType func(string) bool) ([]Stmt, *Error) {
	return newParser(file, src, toks, isType).regionStmts()
}

// regionStmts parses all of p's input as statements.
func (p *parser) regionStmts() ([]Stmt, *Error) {
	stmts := p.parseStmts()
	if p.err != nil {
		return nil, p.err
	}
	return stmts, nil
}

// ParseExpr parses one C expression (assignments allowed, no top-level
// comma). Positions are relative to src. Type names for casts are the C
// keywords plus those for which isType (may be nil) returns true.
func ParseExpr(src string, isType func(string) bool) (Expr, error) {
	toks := lex([]byte(src))
	p := newParser("", src, toks, isType)
	x := p.parseExpr()
	if p.err == nil && p.tok().kind != tEOF {
		p.errorf(p.tok().pos, "unexpected %s after expression", describe(p.tok()))
	}
	if p.err != nil {
		return nil, p.err
	}
	return x, nil
}

// ParseStmts parses src as the body of a region (a statement list).
// Positions are relative to src.
func ParseStmts(src string, isType func(string) bool) ([]Stmt, error) {
	stmts, err := parseRegionTokens("", src, lex([]byte(src)), isType)
	if err != nil {
		return nil, err
	}
	return stmts, nil
}
