package emit

import (
	"errors"
	"fmt"
	"strings"

	"github.com/tessera-opt/tessera/ast"
)

// Config says how Region prints an AST. Only Body is required.
type Config struct {
	// Body returns the C text of one statement instance: exactly one C
	// statement (an expression statement ending in ';' or a compound
	// statement in braces), possibly on several lines. The caller
	// substitutes the original statement's iterators by the argument
	// expressions of u, printed with Expr so that the substitution is safe.
	Body func(u *ast.User) (string, error)
	// Indent is one indentation level ("  " when empty).
	Indent string
	// Base is the indentation depth of the region's outermost statements.
	Base int
	// IterType is the type of the loop iterators ("int" when empty).
	IterType string
	// IterDeclOutside declares all iterators once at the top of the region
	// (int c0, c1;) instead of in each for header; parallel loops then get
	// private(...) clauses for the iterators of the loops inside them.
	IterDeclOutside bool
	// Clauses gives the clauses of the pragma of a "parallel" mark over
	// loop f (typed: private, reduction, collapse, ...), printed after
	// the iterators' private clause of IterDeclOutside; nil gives none.
	Clauses func(m *ast.Mark, f *ast.For) Clauses
	// HelperPrefix prefixes the names of floord, ceild, min and max (see
	// HelpersFor and HelperConflicts); the file needs PreludeFor of the same
	// prefix.
	HelperPrefix string
}

// Expr prints e like the package function Expr, with the helper names of
// the configuration: use it in Body callbacks when HelperPrefix is set.
func (c Config) Expr(e ast.Expr) string { return HelpersFor(c.HelperPrefix).ExprCParen(e) }

// Expr prints e as C wrapped in parentheses unless it is a primary
// expression, so that the text can replace an identifier anywhere in a C
// expression (A[i+1] with i := c0 - 1 becomes A[(c0 - 1)+1]).
func Expr(e ast.Expr) string { return ast.ExprCParen(e) }

// Region prints n as C for inclusion in the original file in place of a
// SCoP region. Loop iterators are declared in the for headers (C99) unless
// cfg.IterDeclOutside; the whole region is wrapped in braces when it
// declares names at its top level (Decls or iterators), so that nothing
// leaks into the enclosing scope. Marks become pragmas:
//
//	parallel           #pragma omp parallel for [private(...)] [clauses]
//	parallel region    #pragma omp parallel [private(...)] [clauses]
//	  parallel inside  #pragma omp for [private(...)] [clauses]
//	single             #pragma omp single
//	simd, omp simd     #pragma omp simd
//	ivdep              #pragma GCC ivdep
//	other              /* mark: name */
//
// An OpenMP pragma is printed only when the mark's body is a single for
// loop in OpenMP's canonical form (the condition compares the iterator
// with an expression free of it; init and step are free of it); otherwise
// the mark becomes a comment. The floord, ceild, min and max
// used by the expressions come from Prelude, which the caller inserts once
// per file (PreludeEdit).
func Region(n ast.Node, cfg Config) (string, error) {
	if cfg.Body == nil {
		return "", errors.New("emit: Config.Body is nil")
	}
	if err := ast.Verify(n, params(n)...); err != nil {
		return "", fmt.Errorf("emit: %w", err)
	}
	unit := cfg.Indent
	if unit == "" {
		unit = "  "
	}
	typ := cfg.IterType
	if typ == "" {
		typ = "int"
	}
	iters := iterators(n)
	wrap := cfg.IterDeclOutside && len(iters) > 0 || topLevelDecl(n)
	depth := cfg.Base
	var b strings.Builder
	pad := strings.Repeat(unit, cfg.Base)
	if wrap {
		b.WriteString(pad + "{\n")
		depth++
		if cfg.IterDeclOutside && len(iters) > 0 {
			b.WriteString(pad + unit + typ + " " + strings.Join(iters, ", ") + ";\n")
		}
	}
	h := HelpersFor(cfg.HelperPrefix)
	body := func(u *ast.User) (string, error) {
		text, err := cfg.Body(u)
		if err != nil {
			return "", err
		}
		t := strings.TrimRight(text, " \t\r\n")
		if !strings.HasSuffix(t, ";") && !strings.HasSuffix(t, "}") && !strings.HasSuffix(t, "*/") {
			return "", fmt.Errorf("emit: the body of %s is not a C statement (it must end in ';' or '}'): %q", u.Name, text)
		}
		return t, nil
	}
	p := &ast.Printer{Indent: unit, Base: depth, IterType: typ, User: body, Helpers: &h}
	if cfg.IterDeclOutside {
		p.IterType = "-"
	}
	inRegion := regionLoops(n)
	p.Mark = func(m *ast.Mark) ([]string, error) { return markLines(m, cfg, inRegion) }
	text, err := p.Print(n)
	if err != nil {
		return "", fmt.Errorf("emit: %w", err)
	}
	b.WriteString(text)
	if wrap {
		b.WriteString(pad + "}\n")
	}
	return b.String(), nil
}

// WrapScop surrounds region text with the #pragma scop / #pragma endscop
// lines, which the emitter keeps around every region it rewrites.
func WrapScop(text string) string {
	if text != "" && !strings.HasSuffix(text, "\n") {
		text += "\n"
	}
	return "#pragma scop\n" + text + "#pragma endscop\n"
}

// RegionMark and SingleMark name the marks of a parallel region that
// encloses a sequential loop (package omp decides them): RegionMark's body
// is the loop that every thread of the team runs, the "parallel" marks
// inside it are its worksharing loops, and SingleMark's body is code that
// one thread runs, the others waiting at its end.
const (
	RegionMark = "parallel region"
	SingleMark = "single"
)

// markLines gives the pragma of m. inRegion holds the "parallel" marks
// under a RegionMark: they print as worksharing loops (#pragma omp for),
// and one whose loop is not canonical is an error, since every thread of
// the team would run it whole.
func markLines(m *ast.Mark, cfg Config, inRegion map[*ast.Mark]bool) ([]string, error) {
	f := ast.OnlyFor(m.Body)
	switch m.Name {
	case "parallel", "omp parallel for":
		if f == nil || !ast.Canonical(f) {
			if inRegion[m] {
				return nil, errors.New("emit: a parallel loop inside a parallel region is not a canonical loop")
			}
			break
		}
		s := "#pragma omp parallel for"
		if inRegion[m] {
			s = "#pragma omp for"
		}
		if cfg.IterDeclOutside {
			if inner := iterators(f.Body); len(inner) > 0 {
				s += " private(" + strings.Join(inner, ", ") + ")"
			}
		}
		if cfg.Clauses != nil {
			for _, c := range cfg.Clauses(m, f).List(HelpersFor(cfg.HelperPrefix)) {
				s += " " + c
			}
		}
		return []string{s}, nil
	case RegionMark:
		s := "#pragma omp parallel"
		if cfg.IterDeclOutside {
			// The iterators are declared outside: every thread needs its
			// own copy of those of the loops it runs.
			if its := iterators(m.Body); len(its) > 0 {
				s += " private(" + strings.Join(its, ", ") + ")"
			}
		}
		if cfg.Clauses != nil && f != nil {
			for _, c := range cfg.Clauses(m, f).List(HelpersFor(cfg.HelperPrefix)) {
				s += " " + c
			}
		}
		return []string{s}, nil
	case SingleMark:
		return []string{"#pragma omp single"}, nil
	case "simd", "omp simd":
		if f != nil && ast.Canonical(f) {
			return []string{"#pragma omp simd"}, nil
		}
	case "ivdep":
		if f != nil {
			return []string{"#pragma GCC ivdep"}, nil
		}
	}
	return []string{"/* mark: " + strings.ReplaceAll(m.Name, "*/", "* /") + " */"}, nil
}

// regionLoops lists the "parallel" marks of n that a RegionMark encloses.
func regionLoops(n ast.Node) map[*ast.Mark]bool {
	out := map[*ast.Mark]bool{}
	ast.Walk(n, func(x ast.Node) bool {
		r, ok := x.(*ast.Mark)
		if !ok || r.Name != RegionMark {
			return true
		}
		ast.Walk(r.Body, func(y ast.Node) bool {
			if m, ok := y.(*ast.Mark); ok && (m.Name == "parallel" || m.Name == "omp parallel for") {
				out[m] = true
			}
			return true
		})
		return false
	})
	return out
}

// iterators lists the distinct loop iterators of n in preorder.
func iterators(n ast.Node) []string {
	var out []string
	seen := map[string]bool{}
	ast.Walk(n, func(x ast.Node) bool {
		if f, ok := x.(*ast.For); ok && !seen[f.Iter] {
			seen[f.Iter] = true
			out = append(out, f.Iter)
		}
		return true
	})
	return out
}

// topLevelDecl reports whether n declares a Decl at the region's top level
// (the printer dissolves the outermost Block).
func topLevelDecl(n ast.Node) bool {
	b, ok := n.(*ast.Block)
	if !ok || b == nil {
		_, isDecl := n.(*ast.Decl)
		return isDecl
	}
	for _, s := range b.Stmts {
		switch s := s.(type) {
		case *ast.Decl:
			return true
		case *ast.Block:
			if topLevelDecl(s) {
				return true
			}
		}
	}
	return false
}

// params lists the free names of n that no For or Decl of n binds: a name
// bound somewhere in the region but used out of that scope is an error
// for Verify, not a parameter.
func params(n ast.Node) []string {
	bound := map[string]bool{}
	ast.Walk(n, func(x ast.Node) bool {
		switch x := x.(type) {
		case *ast.For:
			bound[x.Iter] = true
		case *ast.Decl:
			bound[x.Name] = true
		}
		return true
	})
	var out []string
	for _, name := range ast.FreeNames(n) {
		if !bound[name] {
			out = append(out, name)
		}
	}
	return out
}
