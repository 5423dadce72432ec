package cfront

import (
	"strings"
)

// Macro is one #define. Object-like macros have FuncLike false and no
// Params. Body is the replacement text with comments removed and
// line continuations joined, trimmed of spaces.
type Macro struct {
	Name     string
	FuncLike bool
	Params   []string // parameter names; "..." for a variadic tail
	Body     string
	Pos      Pos    // position of the '#' in File
	File     string // the file that defines it (the main file or a header)
	// Cond is the preprocessor condition under which the definition was
	// read, as C text ("" when unconditional; include guards left out):
	// "(defined(DATA_TYPE_IS_DOUBLE))" for PolyBench's DATA_TYPE. Code
	// that depends on the definition can be put under #if Cond, so that a
	// compilation with other -D flags takes another branch.
	Cond string
	// overridable is set when the definition sits under #ifndef NAME
	// (or #if !defined(NAME)): a -DNAME flag of the compilation replaces it.
	overridable bool
	// condInclude is set when the definition comes from a header whose
	// #include sits under an #if.
	condInclude bool
}

// directive splits a preprocessor line into its name and the rest:
// "#  pragma scop" gives ("pragma", "scop").
func directive(text string) (name, rest string) {
	s := strings.TrimLeft(text[1:], " \t")
	i := 0
	for i < len(s) && isIdentChar(s[i]) {
		i++
	}
	return s[:i], strings.TrimSpace(stripComments(s[i:]))
}

// stripComments removes C comments (outside string and character literals)
// and backslash-newline continuations from a directive's text; each
// comment becomes one space.
func stripComments(s string) string {
	if !strings.ContainsAny(s, "/\\") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '\\' && i+1 < len(s) && s[i+1] == '\n':
			i++
			b.WriteByte(' ')
		case c == '\\' && i+2 < len(s) && s[i+1] == '\r' && s[i+2] == '\n':
			i += 2
			b.WriteByte(' ')
		case c == '/' && i+1 < len(s) && s[i+1] == '/':
			return b.String()
		case c == '/' && i+1 < len(s) && s[i+1] == '*':
			j := strings.Index(s[i+2:], "*/")
			if j < 0 {
				return b.String()
			}
			i += 2 + j + 1
			b.WriteByte(' ')
		case c == '"' || c == '\'':
			j := i + 1
			for j < len(s) && s[j] != c {
				if s[j] == '\\' {
					j++
				}
				j++
			}
			if j >= len(s) {
				j = len(s) - 1
			}
			b.WriteString(s[i : j+1])
			i = j
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// parseDefine reads the text after "define".
func parseDefine(rest string) (*Macro, bool) {
	i := 0
	for i < len(rest) && isIdentChar(rest[i]) {
		i++
	}
	if i == 0 || isDigit(rest[0]) {
		return nil, false
	}
	m := &Macro{Name: rest[:i]}
	s := rest[i:]
	if strings.HasPrefix(s, "(") {
		j := strings.IndexByte(s, ')')
		if j < 0 {
			return nil, false
		}
		m.FuncLike = true
		for _, p := range strings.Split(s[1:j], ",") {
			if p = strings.TrimSpace(p); p != "" {
				m.Params = append(m.Params, p)
			}
		}
		s = s[j+1:]
	}
	m.Body = strings.TrimSpace(s)
	return m, true
}

// condFrame is one level of #if nesting.
type condFrame struct {
	active bool // lines here are taken
	taken  bool // some branch of this #if was taken already
	outer  bool // the enclosing level is active
	// cond is the C preprocessor condition of the current branch as text
	// ("" for an include guard), prev the conditions of the earlier
	// branches (for #elif and #else).
	cond string
	prev []string
	// guard is X for #ifndef X (or #if !defined(X)) until the first
	// directive of the group; a #define X there makes the group an
	// include guard, whose condition is left out of Macro.Cond.
	guard   string
	directs int
	isGuard bool
	group   int // token index of the group's #if
	branch  int // 0 for the #if, then 1, 2, ... for each #elif and #else
}

// guardName returns X for the conditions "!defined(X)" and "!defined X".
func guardName(rest string) string {
	r := strings.TrimSpace(rest)
	if !strings.HasPrefix(r, "!") {
		return ""
	}
	r = strings.TrimSpace(r[1:])
	if !strings.HasPrefix(r, "defined") {
		return ""
	}
	r = strings.TrimSpace(r[len("defined"):])
	paren := strings.HasPrefix(r, "(")
	if paren {
		r = strings.TrimSpace(r[1:])
	}
	w := firstWord(r)
	r = strings.TrimSpace(r[len(w):])
	if paren {
		if !strings.HasPrefix(r, ")") {
			return ""
		}
		r = strings.TrimSpace(r[1:])
	}
	if w == "" || r != "" {
		return ""
	}
	return w
}

// branchCond is the condition under which the current branch of fr is
// taken, given its own condition c ("" for #else).
func branchCond(prev []string, c string) string {
	var parts []string
	for _, p := range prev {
		parts = append(parts, "!("+p+")")
	}
	if c != "" {
		parts = append(parts, "("+c+")")
	}
	return strings.Join(parts, " && ")
}

// stackCond is the conjunction of the conditions of the open groups,
// include guards left out.
func stackCond(stack []condFrame) string {
	var parts []string
	for _, fr := range stack {
		if !fr.isGuard && fr.cond != "" {
			parts = append(parts, fr.cond)
		}
	}
	return strings.Join(parts, " && ")
}

// evalCond evaluates the controlling expression of #if/#elif with the
// macros known so far: defined(X) / defined X, integer literals, object-like
// macros with integer bodies, and C operators; an identifier that names no
// macro is 0, as in the preprocessor. ok is false when the expression
// cannot be evaluated (it does not parse, calls a function-like macro,
// divides by zero, ...): the condition is then taken as false.
func evalCond(text string, macros map[string]*Macro) (val, ok bool) {
	toks := lex([]byte(text))
	var b strings.Builder
	for i := 0; i < len(toks) && toks[i].kind != tEOF; i++ {
		t := toks[i]
		if t.kind == tIdent && t.text == "defined" {
			j := i + 1
			paren := j < len(toks) && toks[j].text == "("
			if paren {
				j++
			}
			v := "0"
			if j < len(toks) && toks[j].kind == tIdent {
				if _, ok := macros[toks[j].text]; ok {
					v = "1"
				}
			}
			if paren {
				j++
			}
			b.WriteString(" " + v + " ")
			i = j
			continue
		}
		b.WriteString(" " + t.text + " ")
	}
	e, err := ParseExpr(b.String(), nil)
	if err != nil {
		return false, false
	}
	env := &condEnv{macros: macros, memo: map[string]condVal{}}
	v, ok := env.eval(e, 0)
	return ok && v != 0, ok
}

// condVal is a macro's value in an #if, ok false when it cannot be
// evaluated (or while it is being evaluated: a self reference).
type condVal struct {
	v  int64
	ok bool
}

// condEnv evaluates #if expressions; each macro is evaluated once (memo),
// so macros that refer to each other many times cannot blow up. With
// strict set, an identifier that names no object-like macro cannot be
// evaluated (in C code, unlike in #if, it names a variable or an
// enumerator, not 0).
type condEnv struct {
	macros map[string]*Macro
	memo   map[string]condVal
	strict bool
	// casts is set when a strict evaluation went through a cast to an
	// integer type ((int)8), which C code evaluates but #if cannot.
	casts bool
}

// eval evaluates an integer constant expression; identifiers are
// looked up as object-like macros (depth-limited), unknown ones are 0.
// In strict mode every value must be one that C computes the same in int
// arithmetic: no unsigned literal, every intermediate result within the
// range of a 32-bit int.
func (env *condEnv) eval(e Expr, depth int) (int64, bool) {
	v, ok := env.eval1(e, depth)
	if ok && env.strict {
		if v < -1<<31 || v > 1<<31-1 {
			return 0, false
		}
		if lit, isLit := e.(*IntLit); isLit && strings.ContainsAny(lit.Text, "uU") {
			return 0, false
		}
	}
	return v, ok
}

func (env *condEnv) eval1(e Expr, depth int) (int64, bool) {
	if depth > 32 {
		return 0, false
	}
	b2i := func(b bool) int64 {
		if b {
			return 1
		}
		return 0
	}
	switch e := e.(type) {
	case *IntLit:
		return e.Value, !e.Big
	case *CharLit:
		return e.Value, true
	case *Paren:
		return env.eval(e.X, depth)
	case *Cast:
		if !env.strict || e.Type == nil || e.Type.Stars != 0 || !IsIntegerType(e.Type.Base) {
			return 0, false
		}
		env.casts = true
		return env.eval(e.X, depth)
	case *Ident:
		if e.Name == "__LINE__" || e.Name == "__COUNTER__" {
			// Their values depend on where they are read: a
			// condition copied elsewhere would not mean the same.
			return 0, false
		}
		m, ok := env.macros[e.Name]
		if !ok || m.FuncLike {
			return 0, !env.strict
		}
		if c, seen := env.memo[e.Name]; seen {
			return c.v, c.ok
		}
		env.memo[e.Name] = condVal{} // a self reference is not evaluable
		x, err := ParseExpr(m.Body, nil)
		if err != nil {
			return 0, false
		}
		v, ok := env.eval(x, depth+1)
		env.memo[e.Name] = condVal{v, ok}
		return v, ok
	case *Unary:
		v, ok := env.eval(e.X, depth)
		if !ok {
			return 0, false
		}
		switch e.Op {
		case "-":
			return -v, true
		case "+":
			return v, true
		case "!":
			return b2i(v == 0), true
		case "~":
			return ^v, true
		}
	case *CondExpr:
		c, ok := env.eval(e.Cond, depth)
		if !ok {
			return 0, false
		}
		if c != 0 {
			return env.eval(e.Then, depth)
		}
		return env.eval(e.Else, depth)
	case *Binary:
		x, ok1 := env.eval(e.X, depth)
		if e.Op == "&&" && ok1 && x == 0 {
			return 0, true
		}
		if e.Op == "||" && ok1 && x != 0 {
			return 1, true
		}
		y, ok2 := env.eval(e.Y, depth)
		if !ok1 || !ok2 {
			return 0, false
		}
		switch e.Op {
		case "+":
			r := x + y
			return r, (r > x) == (y > 0) || y == 0
		case "-":
			r := x - y
			return r, (r < x) == (y > 0) || y == 0
		case "*":
			if x != 0 && ((x*y)/x != y || x == -1 && y == minInt64 || y == -1 && x == minInt64) {
				return 0, false
			}
			return x * y, true
		case "/", "%":
			if y == 0 || (x == minInt64 && y == -1) {
				return 0, false
			}
			if e.Op == "/" {
				return x / y, true
			}
			return x % y, true
		case "<<":
			return x << uint(y&63), true
		case ">>":
			return x >> uint(y&63), true
		case "<":
			return b2i(x < y), true
		case "<=":
			return b2i(x <= y), true
		case ">":
			return b2i(x > y), true
		case ">=":
			return b2i(x >= y), true
		case "==":
			return b2i(x == y), true
		case "!=":
			return b2i(x != y), true
		case "&":
			return x & y, true
		case "|":
			return x | y, true
		case "^":
			return x ^ y, true
		case "&&", "||":
			return b2i(y != 0), true
		case ",":
			return y, true
		}
	}
	return 0, false
}
