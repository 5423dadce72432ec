package cli

import (
	"fmt"
	"strings"
)

// Preprocessor holds a command's C preprocessor flags, as a C compiler
// spells them: -I DIR (or -IDIR), -D NAME[=VALUE], -U NAME and
// -include FILE. -D and -U apply in command-line order, as in a
// compiler: the last of them for a name wins.
type Preprocessor struct {
	// IncludeDirs are the -I directories in order.
	IncludeDirs []string
	// Includes are the -include headers in order.
	Includes []string
	macros   []macroFlag
}

// A macroFlag is one -D (def) or -U of the command line.
type macroFlag struct {
	name, value string
	def         bool
}

// AddPreprocessor defines the flags -I, -D, -U and --include on the
// command; -I, -D and -U also take their value joined (-Idir, -DN=4).
func (c *Command) AddPreprocessor() *Preprocessor {
	p := &Preprocessor{}
	fs := c.fs
	fs.Var(appendValue{&p.IncludeDirs, nil}, "I", "also look in `DIR` for the headers of #include \"...\", after the directory of the including file (repeatable)")
	fs.Var(appendValue{nil, func(s string) error { return p.macro(s, true) }}, "D", "define the macro `NAME[=VALUE]` (VALUE 1 by default; repeatable)")
	fs.Var(appendValue{nil, func(s string) error { return p.macro(s, false) }}, "U", "undefine the macro `NAME` (repeatable)")
	fs.Var(appendValue{&p.Includes, nil}, "include", "read the header `FILE` first, as a C compiler's -include (repeatable)")
	if c.joined == nil {
		c.joined = map[byte]bool{}
	}
	c.joined['I'], c.joined['D'], c.joined['U'] = true, true, true
	return p
}

// Defines returns the macros that -D and -U leave defined, nil if none.
func (p *Preprocessor) Defines() map[string]string {
	var m map[string]string
	for _, f := range p.macros {
		if f.def {
			if m == nil {
				m = map[string]string{}
			}
			m[f.name] = f.value
		} else {
			delete(m, f.name)
		}
	}
	return m
}

// macro records -D s (def) or -U s.
func (p *Preprocessor) macro(s string, def bool) error {
	name, value, hasValue := strings.Cut(s, "=")
	if i := strings.IndexByte(name, '('); i > 0 && def && isIdent(name[:i]) {
		return fmt.Errorf("function-like macros are not supported")
	}
	if !isIdent(name) {
		return fmt.Errorf("want a macro name (a C identifier)")
	}
	if hasValue && !def {
		return fmt.Errorf("-U takes a name only")
	}
	if def && !hasValue {
		value = "1"
	}
	p.macros = append(p.macros, macroFlag{name, value, def})
	return nil
}

func isIdent(s string) bool {
	if s == "" {
		return false
	}
	for i, r := range s {
		ok := r == '_' || 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || i > 0 && '0' <= r && r <= '9'
		if !ok {
			return false
		}
	}
	return true
}

// appendValue is a repeatable flag: each use appends to list, or is
// passed to set.
type appendValue struct {
	list *[]string
	set  func(string) error
}

func (v appendValue) String() string {
	if v.list == nil {
		return ""
	}
	return strings.Join(*v.list, " ")
}

func (v appendValue) Set(s string) error {
	if v.set != nil {
		return v.set(s)
	}
	if s == "" {
		return fmt.Errorf("empty")
	}
	*v.list = append(*v.list, s)
	return nil
}
