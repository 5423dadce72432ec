package schedule

import (
	"fmt"
	"regexp"
	"strings"
)

// Desugar rewrites the parts of isl's notation that package presburger
// does not read (yet) into equivalent notation it reads, and reports
// whether it changed anything. The readers of isl_codegen inputs call it
// only when a first parse fails, so that text presburger reads is never
// rewritten. The forms (isl_input.c: read_tuple_var_def, read_tuple_list,
// read_tuple_pw_aff_el):
//
//	[s = 0:23] -> { S[a = 0:2, b] : c }   [s] -> { S[a, b] : 0 <= s <= 23 and 0 <= a <= 2 and (c) }
//	S[a = 1:], S[a = :9]                  a >= 1, a <= 9
//	S[i][j]                               S[i, j]
//	atomic[*], [*, i]                     a fresh unconstrained dim
func Desugar(s string) (string, bool) {
	params, body, hasParams := cutParams(s)
	var paramCons []string
	st := &sugarState{}
	if hasParams {
		inner := strings.TrimSpace(params[1 : len(params)-1])
		var names []string
		if inner != "" {
			for _, el := range splitTopLevel(inner, ',') {
				name, cons := desugarElement(el, st)
				names = append(names, name)
				paramCons = append(paramCons, cons...)
			}
		}
		params = "[" + strings.Join(names, ", ") + "] -> "
	}
	b := strings.TrimSpace(body)
	if !strings.HasPrefix(b, "{") || !strings.HasSuffix(b, "}") {
		return s, false
	}
	inner := b[1 : len(b)-1]
	var elems []string
	for _, el := range splitTopLevel(inner, ';') {
		if strings.TrimSpace(el) == "" {
			continue
		}
		elems = append(elems, desugarObjectElement(el, paramCons, st))
	}
	if len(elems) == 0 && len(paramCons) > 0 {
		elems = append(elems, " : "+strings.Join(paramCons, " and "))
	}
	if !st.changed {
		return s, false
	}
	return params + "{ " + strings.Join(elems, "; ") + " }", true
}

// sugarState counts the fresh names and records a rewrite.
type sugarState struct {
	k       int
	changed bool
}

// cutParams splits "[params] -> body" (hasParams) or returns s as body.
func cutParams(s string) (params, body string, hasParams bool) {
	p, rest := splitParamPrefix(s)
	if p == "" {
		return "", s, false
	}
	return p, rest, true
}

// desugarObjectElement rewrites one element "tuples : condition" of a set
// or map body.
func desugarObjectElement(el string, extra []string, st *sugarState) string {
	tuple, cond := el, ""
	if i := topLevelIndex(el, ':'); i >= 0 {
		tuple, cond = el[:i], el[i+1:]
	}
	cons := append([]string(nil), extra...)
	var b strings.Builder
	// Rewrite the innermost bracket groups of the tuple part.
	depth := 0
	start := -1
	for i := 0; i < len(tuple); i++ {
		c := tuple[i]
		switch c {
		case '[':
			// "][" continues the same tuple.
			if j := lastNonSpace(b.String()); j >= 0 && b.String()[j] == ']' {
				s := b.String()[:j]
				b.Reset()
				b.WriteString(s)
				b.WriteString(", ")
				st.changed = true
				start = b.Len()
				depth++
				continue
			}
			depth++
			b.WriteByte(c)
			start = b.Len()
		case ']':
			if start >= 0 {
				s := b.String()
				group := s[start:]
				b.Reset()
				b.WriteString(s[:start])
				if strings.TrimSpace(group) != "" {
					var names []string
					for _, g := range splitTopLevel(group, ',') {
						name, cs := desugarElement(g, st)
						names = append(names, name)
						cons = append(cons, cs...)
					}
					b.WriteString(strings.Join(names, ", "))
				}
				start = -1
			}
			depth--
			b.WriteByte(c)
		default:
			b.WriteByte(c)
		}
	}
	out := b.String()
	cond = strings.TrimSpace(cond)
	if cond != "" {
		cons = append(cons, "("+cond+")")
	}
	if len(cons) > 0 {
		out = strings.TrimRight(out, " ") + " : " + strings.Join(cons, " and ")
	}
	return out
}

// lastNonSpace returns the index of the last non-blank byte of s, or -1.
func lastNonSpace(s string) int {
	for i := len(s) - 1; i >= 0; i-- {
		if s[i] != ' ' && s[i] != '\t' && s[i] != '\n' && s[i] != '\r' {
			return i
		}
	}
	return -1
}

// topLevelIndex returns the index of the first sep outside brackets.
func topLevelIndex(s string, sep byte) int {
	depth := 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '[', '(', '{':
			depth++
		case ']', ')', '}':
			depth--
		default:
			if s[i] == sep && depth == 0 {
				return i
			}
		}
	}
	return -1
}

var rangeElement = regexp.MustCompile(`^\s*([A-Za-z_][A-Za-z0-9_']*)\s*=\s*(.*)$`)

// desugarElement rewrites one tuple element: "x = lo:hi" becomes x with
// the constraints lo <= x <= hi, '*' a fresh name; other elements are
// kept.
func desugarElement(el string, st *sugarState) (string, []string) {
	t := strings.TrimSpace(el)
	if t == "*" {
		st.k++
		st.changed = true
		return fmt.Sprintf("star%d_", st.k-1), nil
	}
	m := rangeElement.FindStringSubmatch(t)
	if m == nil {
		return el, nil
	}
	def := m[2]
	i := topLevelIndex(def, ':')
	if i < 0 {
		return el, nil
	}
	lo, hi := strings.TrimSpace(def[:i]), strings.TrimSpace(def[i+1:])
	st.changed = true
	var cons []string
	if lo != "" {
		cons = append(cons, m[1]+" >= "+lo)
	}
	if hi != "" {
		cons = append(cons, m[1]+" <= "+hi)
	}
	return m[1], cons
}
