package explain

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/tessera-opt/tessera/ast"
	"github.com/tessera-opt/tessera/presburger"
)

// Rewriting the stages' remark text in the source's terms (--explain).
//
// The remarks of the scheduler, the vector stage and the other passes are
// written with the model's names: statements S0, S1, ..., generated
// iterators c0, c1, ..., band members by index. tr replaces each by what
// the user wrote (the statement's text and line, the loop's source
// iterator), leaves out the per-access stride lists, names the scheme
// kinds in words and folds constant terms that cancel (N - 1 + 1) in the
// printed conditions.

var (
	stmtNameRE = regexp.MustCompile(`\bS[0-9]+\b`)
	genIterRE  = regexp.MustCompile(`^c[0-9]+(_t[0-9]*)?$`)
	// namesRE is what tr renames: a statement with its line and text,
	// a statement, a generated iterator; or quoted source text, kept.
	namesRE     = regexp.MustCompile(`\bS[0-9]+ \(line [0-9]+\)( ` + "`[^`]*`" + `)?|\bS[0-9]+\b|\bc[0-9]+(_t[0-9]*)?\b|` + "`[^`]*`")
	stridesRE   = regexp.MustCompile(` \(strides \[[^\]]*\]\)`)
	reorderedRE = regexp.MustCompile(`; point loops reordered \[[0-9 ]*\] for contiguous accesses`)
	memberRE    = regexp.MustCompile(`\b(innermost|time) member [0-9]+`)
	costsRE     = regexp.MustCompile(`[:;]? ?scheme costs[^;]*; ?`)
	outlinedRE  = regexp.MustCompile(`moved into [A-Za-z_][A-Za-z_0-9]*_[0-9]+_[0-9]+,`)
	nestRE      = regexp.MustCompile(`\bloop nest c[0-9]+(_t[0-9]*)?\b`)
	batchRE     = regexp.MustCompile(`, batch \[\]`)
	// scoreRE is the chooser's access scores of two models, figures of
	// its own scale that tell the user nothing the words do not.
	scoreRE = regexp.MustCompile(` \(score [0-9]+, the original model's best [0-9]+\)`)
	// vecRunRE is a list of the vector stage's kernel statements
	// ("vecp:0:bptr, vecp:0:rget, ..."), vecIterRE the iterators of the
	// loops it makes.
	vecRunRE  = regexp.MustCompile(`\bvecp?:[0-9]+:[A-Za-z0-9_]+(, vecp?:[0-9]+:[A-Za-z0-9_]+)*`)
	vecIterRE = regexp.MustCompile(`\btsv[0-9]*_[A-Za-z0-9_]+\b`)
	// bandLoopsRE and bandLoopRE are band members by index.
	bandLoopsRE = regexp.MustCompile(`\bloops ([0-9]+)\.\.([0-9]+) parallel`)
	bandLoopRE  = regexp.MustCompile(`\bloop ([0-9]+)(:| parallel| would be parallel)`)
	// helperRE is a call of the generated code's helpers, printed with
	// tessera's prefix (names.go): the user reads min, max, floord.
	helperRE = regexp.MustCompile(`\btessera_(min|max|floord|ceild)\(`)
	// geRE is a comparison with a constant at the end of a condition.
	geRE = regexp.MustCompile(`>= ([0-9]+)$`)
	// constRE is an additive chain of integer constants after an
	// operand: " - 1 + 1", " + 3 - 1 - 2".
	constRE = regexp.MustCompile(`( [-+] [0-9]+)+`)
)

// tr rewrites the remark m in the source's terms.
func (e *regionExplainer) tr(m string) string {
	m = stridesRE.ReplaceAllString(m, "")
	m = vecRunRE.ReplaceAllStringFunc(m, func(s string) string {
		if strings.HasPrefix(s, "vecp") {
			return "the packed matrix-product kernel"
		}
		return "the register-tiled kernel"
	})
	m = vecIterRE.ReplaceAllString(m, "\x00")
	m = strings.ReplaceAll(m, "parallel loop \x00 over the packed matrix-product kernel", "parallel loop over the threads' chunks of the packed matrix-product kernel")
	m = strings.ReplaceAll(m, "\x00", "over the threads' chunks of the packed kernel")

	m = bandLoopsRE.ReplaceAllStringFunc(m, func(s string) string {
		g := bandLoopsRE.FindStringSubmatch(s)
		a, _ := strconv.Atoi(g[1])
		b, _ := strconv.Atoi(g[2])
		if a == 0 {
			return fmt.Sprintf("its outer %d loops parallel", b+1)
		}
		return "its " + ordinal(a) + " to " + ordinal(b) + " loops parallel"
	})
	m = bandLoopRE.ReplaceAllStringFunc(m, func(s string) string {
		g := bandLoopRE.FindStringSubmatch(s)
		a, _ := strconv.Atoi(g[1])
		return "its " + ordinal(a) + " loop" + g[2]
	})
	m = helperRE.ReplaceAllString(m, "$1(")
	m = e.simplerConditions(m)
	m = e.simplerRanges(m)
	m = costsRE.ReplaceAllString(m, "; ")
	m = nestRE.ReplaceAllString(m, "the loop nest")
	m = outlinedRE.ReplaceAllString(m, "moved into a function of its own,")
	m = strings.ReplaceAll(m, "matmul nest", "matrix-product nest")
	m = batchRE.ReplaceAllString(m, "")
	m = scoreRE.ReplaceAllString(m, "")
	m = reorderedRE.ReplaceAllString(m, "; the loops inside a tile reordered for contiguous accesses")
	m = memberRE.ReplaceAllStringFunc(m, func(s string) string {
		if strings.HasPrefix(s, "time") {
			return "the time loop"
		}
		return "the innermost tile size"
	})
	m = strings.ReplaceAll(m, "(sysfs)", "(read from this machine's sysfs)")
	m = strings.ReplaceAll(m, "(default)", "(a default: this machine's cache sizes could not be read)")
	m = strings.ReplaceAll(m, "fma-tile", "register-tiled kernel")
	// One pass, so that the text put in is not read again; quoted
	// source text is left as it is (a variable c1 of the user's).
	m = namesRE.ReplaceAllStringFunc(m, func(s string) string {
		switch {
		case strings.HasPrefix(s, "`"):
			return s
		case strings.HasPrefix(s, "S"):
			return e.stmtRef(stmtNameRE.FindString(s))
		}
		if d, ok := e.ln.short[s]; ok {
			return d
		}
		return s
	})
	if !strings.HasPrefix(m, "scalar expansion: ") {
		m = e.expandedNames(m)
	}
	return foldConstants(m)
}

// expandedNames names the arrays that scalar expansion made of a scalar
// x (tessera_x_0, an array of the region's model) by the scalar, with
// their subscripts dropped, as the source names it; the remark of the
// expansion itself keeps the arrays' names, which the output shows.
func (e *regionExplainer) expandedNames(m string) string {
	s := e.r.Scop
	if s == nil || !strings.Contains(m, "tessera_") {
		return m
	}
	for _, a := range s.Arrays {
		g := expandedArrayRE.FindStringSubmatch(a.Name)
		if g == nil {
			continue
		}
		re := regexp.MustCompile(`\b` + regexp.QuoteMeta(a.Name) + `\b(\[[^\[\]]*\])*`)
		m = re.ReplaceAllLiteralString(m, g[1])
	}
	return m
}

// expandedArrayRE is the name of an array that scalar expansion made.
var expandedArrayRE = regexp.MustCompile(`^tessera_([A-Za-z_][A-Za-z0-9_]*)_[0-9]+$`)

// ordinal is "first" for 0, "second" for 1, ...
func ordinal(k int) string {
	names := []string{"first", "second", "third", "fourth", "fifth", "sixth"}
	if k >= 0 && k < len(names) {
		return names[k]
	}
	return strconv.Itoa(k+1) + "th"
}

// simplerConditions rewrites the conditions of the remarks ("parallel
// only when COND (note)", "runs the optimized code when COND (checked at
// run time)"): each is simplified against the region's context
// (cond.go); one that still reads the generated code's hoisted values,
// or that cond.go does not read, says in words what it tests when it is
// a work test (a product of clamped trip counts), the threshold kept, and
// stays as it is otherwise.
func (e *regionExplainer) simplerConditions(m string) string {
	for _, lead := range []string{"only when ", "runs the optimized code when "} {
		var b strings.Builder
		rest := m
		for {
			i := strings.Index(rest, lead)
			if i < 0 {
				b.WriteString(rest)
				break
			}
			i += len(lead)
			b.WriteString(rest[:i])
			rest = rest[i:]
			j := noteStart(rest)
			if j < 0 {
				continue
			}
			b.WriteString(e.condition(rest[:j], lead == "only when "))
			rest = rest[j:]
		}
		m = b.String()
	}
	return m
}

// simplerRanges simplifies the subscripts of the address ranges of an
// alias check ("on the ranges A[0] to A[max(0, N - 1)]; ...") against the
// region's context where some statement runs (rangeCtx): the ranges are
// compared only then.
func (e *regionExplainer) simplerRanges(m string) string {
	const lead, end = "on the ranges ", "); the original code otherwise"
	i := strings.Index(m, lead)
	if i < 0 {
		return m
	}
	j := strings.Index(m[i:], end)
	if j < 0 {
		return m
	}
	i += len(lead)
	j += i - len(lead)
	c := e.rangeCtx()
	ranges := subscriptRE.ReplaceAllStringFunc(m[i:j], func(sub string) string {
		x, ok := parseCond(sub[1:len(sub)-1], nil)
		if !ok || isCond(x) {
			return sub
		}
		return "[" + cString(c.simplify(x)) + "]"
	})
	return m[:i] + ranges + m[j:]
}

// subscriptRE is one subscript (without brackets inside).
var subscriptRE = regexp.MustCompile(`\[[^\[\]]+\]`)

// rangeCtx is the region's context where some statement of the region
// runs: its model's context and the parameters of some statement's
// non-empty domain.
func (e *regionExplainer) rangeCtx() *context {
	s := e.r.Scop
	if s == nil || e.noCtx {
		return newContext(nil, presburger.Set{})
	}
	var runs presburger.Set
	have := false
	if err := e.ctx().query(func() {
		for _, d := range s.Domain.Sets() {
			p := d.Params()
			if !have {
				runs, have = p, true
				continue
			}
			runs = runs.Union(p)
		}
		if have {
			runs = runs.AlignParams(s.Params).Intersect(s.Context.AlignParams(runs.Space().Params()))
		}
	}); err != nil || !have {
		return e.ctx()
	}
	return newContext(runs.Space().Params(), runs)
}

// loopContext is c with the bounds of the generated loops whose
// iterators cond reads (a test inside those loops runs only for their
// values): a loop's lower bound and its condition, when every loop of
// that name has the same ones and they are affine.
func (e *regionExplainer) loopContext(c *context, cond string) (*context, bool) {
	iters := genNameRE.FindAllString(cond, -1)
	if len(iters) == 0 || e.r.AST == nil {
		return nil, false
	}
	loops := map[string][]*ast.For{}
	ast.Walk(e.r.AST, func(x ast.Node) bool {
		if f, ok := x.(*ast.For); ok {
			loops[f.Iter] = append(loops[f.Iter], f)
		}
		return true
	})
	names := map[string]bool{}
	var cons []string
	seen := map[string]bool{}
	for _, it := range iters {
		fs := loops[it]
		if seen[it] || len(fs) == 0 || fs[0].Init == nil || fs[0].Cond == nil {
			continue
		}
		seen[it] = true
		lo, hi := ast.ExprC(fs[0].Init), ast.ExprC(fs[0].Cond)
		same := true
		for _, f := range fs[1:] {
			same = same && f.Init != nil && f.Cond != nil && ast.ExprC(f.Init) == lo && ast.ExprC(f.Cond) == hi
		}
		if !same {
			continue
		}
		if x, ok := parseCond(lo, e.env()); ok && !isCond(x) {
			if s, ok := affine(x, names); ok {
				names[it] = true
				cons = append(cons, it+" >= "+s)
			}
		}
		if x, ok := parseCond(hi, e.env()); ok {
			if s, ok := condISL(x, names); ok {
				cons = append(cons, s)
			}
		}
	}
	if len(cons) == 0 {
		return nil, false
	}
	return c.with(names, strings.Join(cons, " and "))
}

// genNameRE is a generated loop iterator in a condition.
var genNameRE = regexp.MustCompile(`\bc[0-9]+\b`)

// condition is one condition of a remark, simplified against the
// region's context when inContext, else only folded (the context of the
// model includes the run-time conditions under which the optimized code
// runs: a condition of that kind cannot be simplified against it).
func (e *regionExplainer) condition(cond string, inContext bool) string {
	c := e.ctx()
	if !inContext {
		c = newContext(nil, presburger.Set{})
	} else if d, ok := e.loopContext(c, cond); ok {
		c = d
	}
	if s, ok := c.simplifyCond(cond, e.env()); ok && !invRE.MatchString(s) && !strings.Contains(s, "floord(") && len(s) <= maxCondLen {
		switch s {
		case "1":
			return "always (the context implies the run-time test)"
		case "0":
			return "never (the context excludes the run-time test)"
		}
		return s
	}
	return workWords(cond)
}

// maxCondLen is the length above which a simplified work test is said
// in words: a product of many trip counts reads worse than what it tests.
const maxCondLen = 100

// workWords says in words what a work test that cond.go could not
// simplify tests: a condition on a product of clamped trip counts
// (min(max(N, 0), 2^31)) or on the generated code's hoisted values; any
// other condition stays as it is.
func workWords(cond string) string {
	if strings.Contains(cond, "min(") || strings.Contains(cond, "max(") || invRE.MatchString(cond) {
		if g := geRE.FindStringSubmatch(cond); g != nil {
			return "the loops run at least " + g[1] + " statement instances (a test on the sizes at run time)"
		}
		return "the sizes make the loops large enough (a test at run time)"
	}
	return cond
}

// noteStart is the index of the " (" that opens the note after a
// condition: the first one outside the condition's own parentheses.
func noteStart(s string) int {
	depth := 0
	for k := 0; k < len(s); k++ {
		switch s[k] {
		case '(':
			if depth == 0 && k > 0 && s[k-1] == ' ' {
				if k < 2 || !strings.ContainsAny(s[k-2:k-1], "-+*/") {
					return k - 1
				}
			}
			depth++
		case ')':
			depth--
		}
	}
	return -1
}

var invRE = regexp.MustCompile(`\binv[0-9]+\b`)

// foldConstants folds each chain of integer constants that follows an
// operand in an additive expression ("N - 1 + 1" to "N", "N - 1 - 3" to
// "N - 4"). A chain is folded only where no operator binding tighter
// follows it ("N - 1 + 2 * M" is left alone) and no '*' or '/' precedes
// it.
func foldConstants(s string) string {
	var b strings.Builder
	last := 0
	for _, loc := range constRE.FindAllStringIndex(s, -1) {
		i, j := loc[0], loc[1]
		if !foldable(s, i, j) {
			continue
		}
		sum, ok := chainSum(s[i:j])
		if !ok {
			continue
		}
		b.WriteString(s[last:i])
		switch {
		case sum > 0:
			b.WriteString(" + " + strconv.FormatInt(sum, 10))
		case sum < 0:
			b.WriteString(" - " + strconv.FormatInt(-sum, 10))
		}
		last = j
	}
	b.WriteString(s[last:])
	return b.String()
}

// foldable reports whether the chain s[i:j] stands alone in its additive
// expression: an operand (not an operator) before it, and no tighter
// operator or opening bracket after it. A chain of one term is left as
// it is.
func foldable(s string, i, j int) bool {
	if strings.Count(s[i:j], " ") < 4 {
		return false
	}
	if i == 0 {
		return false
	}
	if p := s[i-1]; p == '*' || p == '/' || p == '%' || p == '(' || p == ',' || p == '-' || p == '+' {
		return false
	}
	rest := strings.TrimLeft(s[j:], " ")
	if rest != "" {
		switch rest[0] {
		case '*', '/', '%', '[', '(':
			return false
		}
		if j < len(s) && s[j] >= '0' && s[j] <= '9' || j < len(s) && (s[j] == '.' || s[j] == '_' || s[j] >= 'a' && s[j] <= 'z' || s[j] >= 'A' && s[j] <= 'Z') {
			return false
		}
	}
	// The operand before the chain must not end a product's right
	// factor bound tighter on its left ("2 * N - 1 + 1" still folds:
	// the chain is added to the product).
	return true
}

// chainSum adds the terms " - 1 + 1"; ok is false on overflow.
func chainSum(c string) (int64, bool) {
	f := strings.Fields(c)
	var sum int64
	for k := 0; k+1 < len(f); k += 2 {
		v, err := strconv.ParseInt(f[k+1], 10, 64)
		if err != nil || v > 1<<40 {
			return 0, false
		}
		if f[k] == "-" {
			v = -v
		}
		sum += v
	}
	return sum, true
}

// walkMarks calls f with the name of every mark of n.
func walkMarks(n ast.Node, f func(string)) {
	if n == nil {
		return
	}
	ast.Walk(n, func(x ast.Node) bool {
		if m, ok := x.(*ast.Mark); ok {
			f(m.Name)
		}
		return true
	})
}
