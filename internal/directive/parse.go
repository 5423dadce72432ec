package directive

import (
	"fmt"
	"strconv"
	"strings"
)

// Pos is a 1-based line and column in the script.
type Pos struct{ Line, Col int }

func (p Pos) String() string { return fmt.Sprintf("%d:%d", p.Line, p.Col) }

// Error is an error in a script (syntax or meaning), at a position.
type Error struct {
	Pos Pos
	Msg string
}

func (e *Error) Error() string { return fmt.Sprintf("%d:%d: %s", e.Pos.Line, e.Pos.Col, e.Msg) }

func errAt(p Pos, format string, args ...any) *Error {
	return &Error{Pos: p, Msg: fmt.Sprintf(format, args...)}
}

// Name is an identifier of the script (a statement or a loop) and where it
// is written.
type Name struct {
	Name string
	Pos  Pos
}

// Command is one line of a script. Which fields are used depends on Op:
//
//	tile        Stmt Loops Ints(sizes, one per loop) [isolate]
//	interchange Stmt Loops(2)
//	skew        Stmt Loops(target, source) Ints(factor)
//	shift       Stmt Loops(1) Ints(amount)
//	stripmine   Stmt Loops(1) Ints(size)
//	unroll      Stmt Loops(1) Ints(factor)
//	parallel    Stmt Loops(1)
//	vectorize   Stmt Loops(1)
//	fuse        Stmt Stmt2 Loops(1)
//	distribute  Stmt Loops(1)
//	region      Ints(region number, from 1): the commands after it, up to
//	            the next region line, apply to that region only
type Command struct {
	Op    string
	Pos   Pos // of the keyword
	Stmt  Name
	Stmt2 Name
	Loops []Name
	Ints  []int64
	// Isolate (tile only) isolates the full tiles.
	Isolate bool
}

// Script is a parsed transformation script: commands applied in order.
type Script struct {
	Commands []Command
}

// ForRegion returns the commands that apply to region k (1-based, in the
// order of the file): those before the first region line and those after a
// "region k" line, up to the next region line.
func (s *Script) ForRegion(k int) *Script {
	out := &Script{}
	cur := 0 // 0: all regions
	for _, c := range s.Commands {
		if c.Op == "region" {
			cur = int(c.Ints[0])
			continue
		}
		if cur == 0 || cur == k {
			out.Commands = append(out.Commands, c)
		}
	}
	return out
}

// maxInt bounds the integers of a script (sizes, factors, shifts) so that
// the schedules built from them stay far from int64 overflow.
const maxInt = 1 << 20

// String prints the script in its canonical form (one command a line),
// which Parse reads back to an equal script (positions aside).
func (s *Script) String() string {
	var b strings.Builder
	for _, c := range s.Commands {
		b.WriteString(c.String())
		b.WriteByte('\n')
	}
	return b.String()
}

func names(ns []Name) string {
	s := make([]string, len(ns))
	for i, n := range ns {
		s[i] = n.Name
	}
	return strings.Join(s, ",")
}

func intList(v []int64) string {
	s := make([]string, len(v))
	for i, x := range v {
		s[i] = strconv.FormatInt(x, 10)
	}
	return strings.Join(s, ",")
}

func (c Command) String() string {
	switch c.Op {
	case "tile":
		s := fmt.Sprintf("tile %s %s %s", c.Stmt.Name, names(c.Loops), intList(c.Ints))
		if c.Isolate {
			s += " isolate"
		}
		return s
	case "interchange":
		return fmt.Sprintf("interchange %s %s %s", c.Stmt.Name, c.Loops[0].Name, c.Loops[1].Name)
	case "skew":
		return fmt.Sprintf("skew %s %s by %s %d", c.Stmt.Name, c.Loops[0].Name, c.Loops[1].Name, c.Ints[0])
	case "shift", "stripmine", "unroll":
		return fmt.Sprintf("%s %s %s %d", c.Op, c.Stmt.Name, c.Loops[0].Name, c.Ints[0])
	case "parallel", "vectorize", "distribute":
		return fmt.Sprintf("%s %s %s", c.Op, c.Stmt.Name, c.Loops[0].Name)
	case "fuse":
		return fmt.Sprintf("fuse %s %s at %s", c.Stmt.Name, c.Stmt2.Name, c.Loops[0].Name)
	case "region":
		return fmt.Sprintf("region %d", c.Ints[0])
	}
	return "# unknown command " + c.Op
}

// token is a word, an integer or a comma.
type token struct {
	kind byte // 'w' word, 'i' integer, ','
	text string
	val  int64
	pos  Pos
}

// lexLine splits one line (without its comment) into tokens.
func lexLine(line string, ln int) ([]token, error) {
	var out []token
	i := 0
	for i < len(line) {
		ch := line[i]
		p := Pos{ln, i + 1}
		switch {
		case ch == ' ' || ch == '\t' || ch == '\r':
			i++
		case ch == ',':
			out = append(out, token{kind: ',', text: ",", pos: p})
			i++
		case isLetter(ch):
			j := i
			for j < len(line) && (isLetter(line[j]) || isDigit(line[j])) {
				j++
			}
			out = append(out, token{kind: 'w', text: line[i:j], pos: p})
			i = j
		case isDigit(ch) || (ch == '-' && i+1 < len(line) && isDigit(line[i+1])):
			j := i + 1
			for j < len(line) && isDigit(line[j]) {
				j++
			}
			if j < len(line) && isLetter(line[j]) {
				return nil, errAt(p, "malformed number %q", line[i:j+1])
			}
			v, err := strconv.ParseInt(line[i:j], 10, 64)
			if err != nil || v > maxInt || v < -maxInt {
				return nil, errAt(p, "integer %s out of range (|n| <= %d)", line[i:j], maxInt)
			}
			out = append(out, token{kind: 'i', text: line[i:j], val: v, pos: p})
			i = j
		default:
			return nil, errAt(p, "unexpected character %q", rune(ch))
		}
	}
	return out, nil
}

func isLetter(c byte) bool { return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
func isDigit(c byte) bool  { return c >= '0' && c <= '9' }

// Parse reads a script: one command a line, '#' starts a comment, blank
// lines are ignored. Errors carry the line and column of the offending
// token.
func Parse(src string) (*Script, error) {
	s := &Script{}
	for i, line := range strings.Split(src, "\n") {
		if k := strings.IndexByte(line, '#'); k >= 0 {
			line = line[:k]
		}
		toks, err := lexLine(line, i+1)
		if err != nil {
			return nil, err
		}
		if len(toks) == 0 {
			continue
		}
		c, err := parseCommand(toks, Pos{i + 1, len(line) + 1})
		if err != nil {
			return nil, err
		}
		s.Commands = append(s.Commands, c)
	}
	return s, nil
}

// cmdParser consumes the tokens of one line.
type cmdParser struct {
	toks []token
	i    int
	eol  Pos
}

func (p *cmdParser) peekPos() Pos {
	if p.i < len(p.toks) {
		return p.toks[p.i].pos
	}
	return p.eol
}

func (p *cmdParser) next() (token, bool) {
	if p.i < len(p.toks) {
		p.i++
		return p.toks[p.i-1], true
	}
	return token{}, false
}

func (p *cmdParser) word(what string) (Name, error) {
	pos := p.peekPos()
	t, ok := p.next()
	if !ok || t.kind != 'w' {
		return Name{}, errAt(pos, "expected %s", what)
	}
	return Name{t.text, t.pos}, nil
}

func (p *cmdParser) keyword(kw string) error {
	pos := p.peekPos()
	t, ok := p.next()
	if !ok || t.kind != 'w' || t.text != kw {
		return errAt(pos, "expected %q", kw)
	}
	return nil
}

func (p *cmdParser) integer(what string, min int64) (int64, error) {
	pos := p.peekPos()
	t, ok := p.next()
	if !ok || t.kind != 'i' {
		return 0, errAt(pos, "expected %s (an integer)", what)
	}
	if t.val < min {
		return 0, errAt(t.pos, "%s must be at least %d", what, min)
	}
	return t.val, nil
}

// list reads item (',' item)*.
func (p *cmdParser) list(item func() error) error {
	for {
		if err := item(); err != nil {
			return err
		}
		if p.i < len(p.toks) && p.toks[p.i].kind == ',' {
			p.i++
			continue
		}
		return nil
	}
}

func (p *cmdParser) end() error {
	if p.i < len(p.toks) {
		t := p.toks[p.i]
		return errAt(t.pos, "unexpected %q at the end of the command", t.text)
	}
	return nil
}

func parseCommand(toks []token, eol Pos) (Command, error) {
	p := &cmdParser{toks: toks, eol: eol}
	kw, err := p.word("a command")
	if err != nil {
		return Command{}, err
	}
	c := Command{Op: kw.Name, Pos: kw.Pos}
	loop := func() error {
		n, err := p.word("a loop name")
		c.Loops = append(c.Loops, n)
		return err
	}
	stmt := func() (err error) {
		c.Stmt, err = p.word("a statement name")
		return err
	}
	num := func(what string, min int64) error {
		v, err := p.integer(what, min)
		c.Ints = append(c.Ints, v)
		return err
	}
	switch kw.Name {
	case "tile":
		if err := stmt(); err != nil {
			return c, err
		}
		if err := p.list(loop); err != nil {
			return c, err
		}
		sizesAt := p.peekPos()
		if err := p.list(func() error { return num("a tile size", 1) }); err != nil {
			return c, err
		}
		if len(c.Ints) != len(c.Loops) {
			return c, errAt(sizesAt, "%d tile sizes for %d loops", len(c.Ints), len(c.Loops))
		}
		if p.i < len(p.toks) && p.toks[p.i].kind == 'w' && p.toks[p.i].text == "isolate" {
			c.Isolate = true
			p.i++
		}
	case "interchange":
		err = firstErr(stmt, loop, loop)
	case "skew":
		err = firstErr(stmt, loop, func() error { return p.keyword("by") }, loop, func() error { return num("a skew factor", -maxInt) })
	case "shift":
		err = firstErr(stmt, loop, func() error { return num("a shift amount", -maxInt) })
	case "stripmine":
		err = firstErr(stmt, loop, func() error { return num("a strip size", 1) })
	case "unroll":
		err = firstErr(stmt, loop, func() error { return num("an unroll factor", 1) })
	case "parallel", "vectorize", "distribute":
		err = firstErr(stmt, loop)
	case "region":
		err = num("a region number", 1)
	case "fuse":
		err = firstErr(stmt, func() (err error) {
			c.Stmt2, err = p.word("a second statement name")
			return err
		}, func() error { return p.keyword("at") }, loop)
	default:
		return c, errAt(kw.Pos, "unknown command %q (want tile, interchange, skew, shift, stripmine, unroll, parallel, vectorize, fuse, distribute or region)", kw.Name)
	}
	if err != nil {
		return c, err
	}
	return c, p.end()
}

func firstErr(fs ...func() error) error {
	for _, f := range fs {
		if err := f(); err != nil {
			return err
		}
	}
	return nil
}
