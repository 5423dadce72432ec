package bench

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
)

// evalExpr evaluates a small arithmetic expression (+ - * /, parentheses,
// integer literals, identifiers bound in vars) in float64. It is used only
// for flop counts, which are reporting figures, never for a decision.
func evalExpr(s string, vars map[string]int64) (float64, error) {
	p := &exprParser{s: s, vars: vars}
	v, err := p.sum()
	if err != nil {
		return 0, err
	}
	p.space()
	if p.i != len(p.s) {
		return 0, fmt.Errorf("unexpected %q at %d in %q", p.s[p.i:], p.i, s)
	}
	return v, nil
}

type exprParser struct {
	s    string
	i    int
	vars map[string]int64
}

func (p *exprParser) space() {
	for p.i < len(p.s) && p.s[p.i] == ' ' {
		p.i++
	}
}

func (p *exprParser) sum() (float64, error) {
	v, err := p.product()
	if err != nil {
		return 0, err
	}
	for {
		p.space()
		if p.i >= len(p.s) || (p.s[p.i] != '+' && p.s[p.i] != '-') {
			return v, nil
		}
		op := p.s[p.i]
		p.i++
		w, err := p.product()
		if err != nil {
			return 0, err
		}
		if op == '+' {
			v += w
		} else {
			v -= w
		}
	}
}

func (p *exprParser) product() (float64, error) {
	v, err := p.atom()
	if err != nil {
		return 0, err
	}
	for {
		p.space()
		if p.i >= len(p.s) || (p.s[p.i] != '*' && p.s[p.i] != '/') {
			return v, nil
		}
		op := p.s[p.i]
		p.i++
		w, err := p.atom()
		if err != nil {
			return 0, err
		}
		if op == '*' {
			v *= w
		} else {
			if w == 0 {
				return 0, fmt.Errorf("division by zero in %q", p.s)
			}
			v /= w
		}
	}
}

func (p *exprParser) atom() (float64, error) {
	p.space()
	if p.i >= len(p.s) {
		return 0, fmt.Errorf("unexpected end of %q", p.s)
	}
	c := rune(p.s[p.i])
	switch {
	case c == '(':
		p.i++
		v, err := p.sum()
		if err != nil {
			return 0, err
		}
		p.space()
		if p.i >= len(p.s) || p.s[p.i] != ')' {
			return 0, fmt.Errorf("missing ) in %q", p.s)
		}
		p.i++
		return v, nil
	case c == '-':
		p.i++
		v, err := p.atom()
		return -v, err
	case unicode.IsDigit(c):
		j := p.i
		for j < len(p.s) && unicode.IsDigit(rune(p.s[j])) {
			j++
		}
		v, err := strconv.ParseInt(p.s[p.i:j], 10, 64)
		p.i = j
		return float64(v), err
	case c == '_' || unicode.IsLetter(c):
		j := p.i
		for j < len(p.s) && (p.s[j] == '_' || unicode.IsLetter(rune(p.s[j])) || unicode.IsDigit(rune(p.s[j]))) {
			j++
		}
		name := p.s[p.i:j]
		p.i = j
		v, ok := p.vars[name]
		if !ok {
			return 0, fmt.Errorf("unknown size %s (have %s)", name, strings.Join(keys(p.vars), ","))
		}
		return float64(v), nil
	}
	return 0, fmt.Errorf("unexpected %q in %q", c, p.s)
}

func keys(m map[string]int64) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}
