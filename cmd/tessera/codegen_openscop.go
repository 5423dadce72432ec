package main

import (
	"fmt"
	"sort"
	"strings"

	"github.com/tessera-opt/tessera/ast"
	"github.com/tessera-opt/tessera/astgen"
	"github.com/tessera-opt/tessera/internal/emit"
	"github.com/tessera-opt/tessera/openscop"
	"github.com/tessera-opt/tessera/presburger"
	"github.com/tessera-opt/tessera/schedule"
)

// openscopPrefix prefixes the helper macros (floord, min, ...) of the
// code generated from OpenScop, so that no macro of the file the code is
// pasted into redefines them.
const openscopPrefix = "tessera_"

// codegenOpenScop generates C for every document of an OpenScop text: the
// scattering of each statement is its schedule, the statement bodies
// come from <body> with the iterators replaced, the parameters are those
// of the context. The text starts with the helper macros; each document
// gives one block between #pragma scop and #pragma endscop. Errors are
// "file:line:col: error: ...".
func codegenOpenScop(file string, src []byte, force schedule.ASTOption) (text string, err error) {
	defer func() {
		if r := recover(); r != nil {
			text, err = "", fmt.Errorf("%s:1:1: error: internal error (please report with the input): %v", file, r)
		}
	}()
	docs, err := openscop.Parse(file, src)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	b.WriteString(emit.PreludeFor(openscopPrefix))
	for _, doc := range docs {
		code, err := openscopRegion(file, doc, force)
		if err != nil {
			return "", err
		}
		b.WriteString(emit.WrapScop(code))
	}
	return b.String(), nil
}

// openscopRegion generates the code of one document.
func openscopRegion(file string, doc *openscop.Scop, force schedule.ASTOption) (text string, err error) {
	at := func(line int, format string, args ...any) error {
		return &openscop.Error{File: file, Line: max(line, 1), Col: 1, Msg: fmt.Sprintf(format, args...)}
	}
	m, err := doc.Model(file, nil)
	if err != nil {
		return "", err
	}
	for k, body := range m.Bodies {
		if body == nil {
			return "", at(doc.Statements[k].Line, "statement %d has no <body>: no text to generate", k+1)
		}
	}
	sched, width, err := m.OrderedSchedule()
	if err != nil {
		return "", at(doc.Line, "%v", err)
	}
	if k := m.NotFunction(); k >= 0 {
		return "", at(doc.Statements[k].Scattering.Line, "the scattering of statement %d gives some instances several dates (it must be a function of the iterators)", k+1)
	}
	var opts astgen.Options
	if force != schedule.OptionDefault {
		for range width {
			opts.Dims = append(opts.Dims, force)
		}
	}
	n, err := generateOpenScop(sched, m.Context, opts, reservedNames(doc))
	if err != nil {
		return "", at(doc.Line, "%v", err)
	}
	index := map[string]int{}
	for k, name := range m.Names {
		index[name] = k
	}
	cfg := emit.Config{Indent: "  ", HelperPrefix: openscopPrefix}
	cfg.Body = func(u *ast.User) (string, error) {
		k, ok := index[u.Name]
		if !ok {
			return "", fmt.Errorf("unknown statement %s", u.Name)
		}
		args := make([]string, len(u.Args))
		for i, a := range u.Args {
			args[i] = cfg.Expr(a)
		}
		return m.Bodies[k].Instance(args)
	}
	text, err = emit.Region(n, cfg)
	if err != nil {
		return "", at(doc.Line, "%v", err)
	}
	return text, nil
}

// generateOpenScop runs the AST generator, with engine errors (overflow,
// budget) returned as errors.
func generateOpenScop(sched presburger.UnionMap, ctx presburger.Set, opts astgen.Options, reserved []string) (n ast.Node, err error) {
	defer presburger.Recover(&err)
	return astgen.FromScheduleMap(sched, ctx, opts, astgen.Config{Reserved: reserved})
}

// reservedNames returns the identifiers of the statement texts and the
// array names, which the generated iterators must not take.
func reservedNames(doc *openscop.Scop) []string {
	seen := map[string]bool{}
	for _, a := range doc.Arrays {
		seen[a.Name] = true
	}
	for _, st := range doc.Statements {
		if st.Body == nil {
			continue
		}
		for _, w := range identifiers(st.Body.Text) {
			seen[w] = true
		}
	}
	var out []string
	for w := range seen {
		out = append(out, w)
	}
	sort.Strings(out)
	return out
}

// identifiers returns the identifier-like words of a C text.
func identifiers(t string) []string {
	var out []string
	for i := 0; i < len(t); {
		c := t[i]
		if c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' {
			j := i
			for j < len(t) && (t[j] == '_' || t[j] >= 'a' && t[j] <= 'z' || t[j] >= 'A' && t[j] <= 'Z' || t[j] >= '0' && t[j] <= '9') {
				j++
			}
			out = append(out, t[i:j])
			i = j
			continue
		}
		if c >= '0' && c <= '9' {
			for i < len(t) && (t[i] == '_' || t[i] == '.' || t[i] >= 'a' && t[i] <= 'z' || t[i] >= 'A' && t[i] <= 'Z' || t[i] >= '0' && t[i] <= '9') {
				i++
			}
			continue
		}
		i++
	}
	return out
}
