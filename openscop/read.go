package openscop

import (
	"fmt"
	"strconv"
	"strings"
)

// Error is a problem in an OpenScop text at a position (lines and columns
// from 1).
type Error struct {
	File      string
	Line, Col int
	Msg       string
}

func (e *Error) Error() string {
	return fmt.Sprintf("%s:%d:%d: error: %s", e.File, e.Line, e.Col, e.Msg)
}

// Limits of what Parse accepts: they keep a malformed header from asking
// for huge allocations.
const (
	maxDims = 1 << 10 // dims of one kind in a relation
	maxRows = 1 << 14 // rows of one part
	maxList = 1 << 16 // statements, relations, union parts, extensions, names
)

// Parse reads every OpenScop document of src (file names the text in
// errors). Text before the first <OpenScop> tag and between documents is
// ignored, as the OpenScop library ignores it; a text without any
// document is an error. Comments start with '#' and run to the end of the
// line.
func Parse(file string, src []byte) ([]*Scop, error) {
	r := &reader{file: file, lines: strings.Split(strings.TrimPrefix(string(src), "\uFEFF"), "\n")}
	var docs []*Scop
	for {
		if !r.skipToTag("<OpenScop>") {
			break
		}
		s, err := r.scop()
		if err != nil {
			return nil, err
		}
		docs = append(docs, s)
	}
	if len(docs) == 0 {
		return nil, &Error{File: file, Line: 1, Col: 1, Msg: "no <OpenScop> document"}
	}
	return docs, nil
}

// reader reads the text line by line; ln is the index of the next line.
type reader struct {
	file  string
	lines []string
	ln    int
}

func (r *reader) errAt(line, col int, format string, args ...any) error {
	return &Error{File: r.file, Line: max(line, 1), Col: max(col, 1), Msg: fmt.Sprintf(format, args...)}
}

// eofErr is the error for a document that ends early.
func (r *reader) eofErr(what string) error {
	return r.errAt(len(r.lines), 1, "unexpected end of file: %s expected", what)
}

// uncomment returns the line without its comment and trailing blanks.
func uncomment(l string) string {
	if i := strings.IndexByte(l, '#'); i >= 0 {
		l = l[:i]
	}
	return strings.TrimRight(l, " \t\r\f\v")
}

// next returns the next line with content (comments removed), its line
// number and the column of its first character.
func (r *reader) next() (text string, line, col int, ok bool) {
	for r.ln < len(r.lines) {
		l := uncomment(r.lines[r.ln])
		r.ln++
		t := strings.TrimLeft(l, " \t\f\v")
		if t != "" {
			return t, r.ln, len(l) - len(t) + 1, true
		}
	}
	return "", 0, 0, false
}

// peek is next without consuming the line.
func (r *reader) peek() (text string, line, col int, ok bool) {
	save := r.ln
	text, line, col, ok = r.next()
	r.ln = save
	return
}

// skipToTag consumes lines up to and including the one that is tag.
func (r *reader) skipToTag(tag string) bool {
	for {
		t, _, _, ok := r.next()
		if !ok {
			return false
		}
		if t == tag {
			return true
		}
	}
}

// ints reads the next content line as integers.
func (r *reader) ints(what string) ([]int64, int, int, error) {
	t, line, col, ok := r.next()
	if !ok {
		return nil, 0, 0, r.eofErr(what)
	}
	vals, err := r.parseInts(t, line, col)
	if err != nil {
		return nil, line, col, err
	}
	return vals, line, col, nil
}

// parseInts reads the blank-separated integers of t (at line:col).
func (r *reader) parseInts(t string, line, col int) ([]int64, error) {
	var vals []int64
	i := 0
	for i < len(t) {
		if t[i] == ' ' || t[i] == '\t' || t[i] == '\r' || t[i] == '\f' || t[i] == '\v' {
			i++
			continue
		}
		j := i
		for j < len(t) && t[j] != ' ' && t[j] != '\t' && t[j] != '\r' && t[j] != '\f' && t[j] != '\v' {
			j++
		}
		v, err := strconv.ParseInt(t[i:j], 10, 64)
		if err != nil {
			if ne, ok := err.(*strconv.NumError); ok && ne.Err == strconv.ErrRange {
				return nil, r.errAt(line, col+i, "integer %q out of range (64-bit integers only)", t[i:j])
			}
			return nil, r.errAt(line, col+i, "integer expected, found %q", t[i:j])
		}
		vals = append(vals, v)
		i = j
	}
	return vals, nil
}

// count reads a line holding one non-negative integer below limit.
func (r *reader) count(what string, limit int64) (int, int, error) {
	vals, line, col, err := r.ints(what)
	if err != nil {
		return 0, line, err
	}
	if len(vals) != 1 {
		return 0, line, r.errAt(line, col, "%s: one integer expected, found %d", what, len(vals))
	}
	if vals[0] < 0 || vals[0] >= limit {
		return 0, line, r.errAt(line, col, "%s: %d is out of range", what, vals[0])
	}
	return int(vals[0]), line, nil
}

func (r *reader) scop() (*Scop, error) {
	s := &Scop{Line: r.ln}
	// The context part: language, context relation, parameter names.
	t, line, col, ok := r.next()
	if !ok {
		return nil, r.eofErr("the language")
	}
	if strings.HasPrefix(t, "<") {
		return nil, r.errAt(line, col, "the language (for example C) expected, found %q", t)
	}
	if f := strings.Fields(t); len(f) != 1 {
		return nil, r.errAt(line, col, "one word expected for the language, found %q", t)
	}
	s.Language = t
	ctx, err := r.relation()
	if err != nil {
		return nil, err
	}
	if ctx.Type != Context && ctx.Type != Undefined {
		return nil, r.errAt(ctx.Line, 1, "the context relation has type %v, CONTEXT expected", ctx.Type)
	}
	ctx.Type = Context
	s.Context = ctx
	np := ctx.Parts[0].Params
	for _, p := range ctx.Parts {
		if p.Out != 0 || p.In != 0 {
			return nil, r.errAt(ctx.Line, 1, "the context has %d output and %d input dimensions, 0 expected", p.Out, p.In)
		}
	}
	have, line, err := r.count("whether the parameter names are provided (0 or 1)", 2)
	if err != nil {
		return nil, err
	}
	if have == 1 {
		g, gl, err := r.generic()
		if err != nil {
			return nil, err
		}
		if g.URI != "strings" {
			return nil, r.errAt(gl, 1, "<strings> expected for the parameter names, found <%s>", g.URI)
		}
		s.Params = fieldsOf(g.Text)
		if s.Params == nil {
			s.Params = []string{}
		}
		if len(s.Params) != np {
			return nil, r.errAt(gl, 1, "%d parameter names for %d parameters", len(s.Params), np)
		}
	}
	_ = line
	// The statements.
	n, _, err := r.count("the number of statements", maxList)
	if err != nil {
		return nil, err
	}
	for range n {
		st, err := r.statement(np)
		if err != nil {
			return nil, err
		}
		s.Statements = append(s.Statements, st)
	}
	// The extensions, up to the end tag.
	for {
		t, line, col, ok := r.peek()
		if !ok {
			return nil, r.eofErr("</OpenScop>")
		}
		if t == "</OpenScop>" {
			r.next()
			break
		}
		if !isOpenTag(t) {
			return nil, r.errAt(line, col, "an extension (<tag>) or </OpenScop> expected, found %q", t)
		}
		g, gl, err := r.generic()
		if err != nil {
			return nil, err
		}
		if err := s.addExtension(r, g, gl); err != nil {
			return nil, err
		}
	}
	return s, nil
}

func isOpenTag(t string) bool {
	return len(t) > 2 && t[0] == '<' && t[len(t)-1] == '>' && t[1] != '/' && !strings.ContainsAny(t[1:len(t)-1], " \t<>")
}

// fieldsOf returns the blank-separated words of the text with its
// comments removed.
func fieldsOf(text string) []string {
	var out []string
	for _, l := range strings.Split(text, "\n") {
		out = append(out, strings.Fields(uncomment(l))...)
	}
	return out
}

// generic reads an extension: the line <uri>, its text and </uri>. It
// returns the generic and the line of its opening tag.
func (r *reader) generic() (Generic, int, error) {
	t, line, col, ok := r.next()
	if !ok {
		return Generic{}, 0, r.eofErr("an extension (<tag>)")
	}
	if !isOpenTag(t) {
		return Generic{}, line, r.errAt(line, col, "an extension (<tag>) expected, found %q", t)
	}
	uri := t[1 : len(t)-1]
	end := "</" + uri + ">"
	var body []string
	for r.ln < len(r.lines) {
		l := r.lines[r.ln]
		r.ln++
		if strings.TrimSpace(uncomment(l)) == end {
			return Generic{URI: uri, Text: strings.Join(body, "\n")}, line, nil
		}
		if strings.TrimSpace(uncomment(l)) == "</OpenScop>" {
			break
		}
		body = append(body, strings.TrimRight(l, "\r"))
	}
	return Generic{}, line, r.errAt(line, col, "%s without %s", t, end)
}

// addExtension interprets the known extensions of a document and keeps
// the others.
func (s *Scop) addExtension(r *reader, g Generic, line int) error {
	sub := &reader{file: r.file, lines: strings.Split(g.Text, "\n"), ln: 0}
	off := line // sub's line k is the file's line off+k
	fix := func(err error) error {
		if e, ok := err.(*Error); ok {
			e.Line += off
		}
		return err
	}
	switch g.URI {
	case "arrays":
		if s.Arrays != nil {
			return r.errAt(line, 1, "a second <arrays> extension")
		}
		n, _, err := sub.count("the number of arrays", maxList)
		if err != nil {
			return fix(err)
		}
		s.Arrays = []Array{}
		for range n {
			t, l, c, ok := sub.next()
			if !ok {
				return r.errAt(line, 1, "<arrays>: %d arrays announced, %d given", n, len(s.Arrays))
			}
			f := strings.Fields(t)
			if len(f) != 2 {
				return r.errAt(l+off, c, "<arrays>: an identifier and a name expected, found %q", t)
			}
			id, err := strconv.Atoi(f[0])
			if err != nil || id < 1 || id > maxList {
				return r.errAt(l+off, c, "<arrays>: bad array identifier %q", f[0])
			}
			s.Arrays = append(s.Arrays, Array{ID: id, Name: f[1]})
		}
		if t, l, c, ok := sub.next(); ok {
			return r.errAt(l+off, c, "<arrays>: unexpected %q after the %d arrays", t, n)
		}
	case "scatnames":
		if s.ScatNames != nil {
			return r.errAt(line, 1, "a second <scatnames> extension")
		}
		s.ScatNames = fieldsOf(g.Text)
		if s.ScatNames == nil {
			s.ScatNames = []string{}
		}
	case "coordinates":
		if s.Coordinates != nil {
			return r.errAt(line, 1, "a second <coordinates> extension")
		}
		t, l, c, ok := sub.next()
		if !ok {
			return r.errAt(line, 1, "<coordinates>: the file name expected")
		}
		co := &Coordinates{File: t}
		var nums []int64
		for {
			vals, l2, c2, err := sub.ints("the coordinates")
			if l2 == 0 {
				break
			}
			if err != nil {
				return fix(err)
			}
			l, c = l2, c2
			nums = append(nums, vals...)
		}
		for _, v := range nums {
			if v < -1 || v > 1<<30 {
				return r.errAt(l+off, c, "<coordinates>: %d is out of range", v)
			}
		}
		switch len(nums) {
		case 5:
			co.StartLine, co.StartCol, co.EndLine, co.EndCol, co.Indent = int(nums[0]), int(nums[1]), int(nums[2]), int(nums[3]), int(nums[4])
		case 3: // the older form: start line, end line, indentation
			co.StartLine, co.EndLine, co.Indent = int(nums[0]), int(nums[1]), int(nums[2])
		default:
			return r.errAt(l+off, c, "<coordinates>: 5 integers expected after the file name (start line and column, end line and column, indentation), found %d", len(nums))
		}
		s.Coordinates = co
	default:
		for _, e := range s.Extensions {
			if e.URI == g.URI {
				return r.errAt(line, 1, "a second <%s> extension", g.URI)
			}
		}
		s.Extensions = append(s.Extensions, g)
	}
	return nil
}

// statement reads one statement: its relations and its extensions. np is
// the number of parameters of the document.
func (r *reader) statement(np int) (*Statement, error) {
	n, line, err := r.count("the number of relations of the statement", maxList)
	if err != nil {
		return nil, err
	}
	st := &Statement{Line: line}
	for range n {
		rel, err := r.relation()
		if err != nil {
			return nil, err
		}
		p := rel.Parts[0]
		if p.Params != np {
			return nil, r.errAt(rel.Line, 1, "%v relation with %d parameters, the context has %d", rel.Type, p.Params, np)
		}
		switch rel.Type {
		case Domain:
			if st.Domain != nil {
				return nil, r.errAt(rel.Line, 1, "a second DOMAIN relation for the statement")
			}
			if p.In != 0 {
				return nil, r.errAt(rel.Line, 1, "DOMAIN relation with %d input dimensions, 0 expected", p.In)
			}
			st.Domain = rel
		case Scattering:
			if st.Scattering != nil {
				return nil, r.errAt(rel.Line, 1, "a second SCATTERING relation for the statement")
			}
			st.Scattering = rel
		case Read, Write, MayWrite:
			if p.Out < 1 {
				return nil, r.errAt(rel.Line, 1, "%v relation without output dimension (the array identifier)", rel.Type)
			}
			st.Accesses = append(st.Accesses, rel)
		default:
			return nil, r.errAt(rel.Line, 1, "%v relation in a statement (DOMAIN, SCATTERING, READ, WRITE or MAY_WRITE expected)", rel.Type)
		}
	}
	if st.Domain == nil {
		return nil, r.errAt(line, 1, "statement without DOMAIN relation")
	}
	iters := st.Domain.Parts[0].Out
	if st.Scattering != nil && st.Scattering.Parts[0].In != iters {
		return nil, r.errAt(st.Scattering.Line, 1, "SCATTERING relation with %d input dimensions for a domain of %d", st.Scattering.Parts[0].In, iters)
	}
	for _, a := range st.Accesses {
		if a.Parts[0].In != iters {
			return nil, r.errAt(a.Line, 1, "%v relation with %d input dimensions for a domain of %d", a.Type, a.Parts[0].In, iters)
		}
	}
	// Statement extensions; a missing count (the end of the statement
	// list) means none.
	t, l, c, ok := r.peek()
	if !ok {
		return st, nil
	}
	if _, err := strconv.Atoi(t); err != nil {
		return nil, r.errAt(l, c, "the number of statement extensions expected, found %q", t)
	}
	next, _, err := r.count("the number of statement extensions", maxList)
	if err != nil {
		return nil, err
	}
	for range next {
		g, gl, err := r.generic()
		if err != nil {
			return nil, err
		}
		if g.URI != "body" {
			st.Extensions = append(st.Extensions, g)
			continue
		}
		if st.Body != nil {
			return nil, r.errAt(gl, 1, "a second <body> for the statement")
		}
		b, err := r.body(g, gl, iters)
		if err != nil {
			return nil, err
		}
		st.Body = b
	}
	return st, nil
}

// body interprets a <body> extension: the number of iterators, their
// names and the statement text on one line.
func (r *reader) body(g Generic, line, iters int) (*Body, error) {
	sub := &reader{file: r.file, lines: strings.Split(g.Text, "\n")}
	n, l, err := sub.count("the number of original iterators", maxList)
	if err != nil {
		if e, ok := err.(*Error); ok {
			e.Line += line
		}
		return nil, err
	}
	if n != iters {
		return nil, r.errAt(l+line, 1, "<body>: %d iterators for a domain of %d dimensions", n, iters)
	}
	b := &Body{Iterators: []string{}}
	if n > 0 {
		t, l, c, ok := sub.next()
		if !ok {
			return nil, r.errAt(line, 1, "<body>: the iterator names expected")
		}
		b.Iterators = strings.Fields(t)
		if len(b.Iterators) != n {
			return nil, r.errAt(l+line, c, "<body>: %d iterator names, %d announced", len(b.Iterators), n)
		}
		for k, it := range b.Iterators {
			if !isIdent(it) {
				return nil, r.errAt(l+line, c, "<body>: iterator name %d (%q) is not a C identifier", k+1, it)
			}
		}
	}
	t, l, _, ok := sub.next()
	if !ok {
		return nil, r.errAt(line, 1, "<body>: the statement text expected")
	}
	b.Text = strings.TrimSpace(t)
	if t2, l2, c2, ok := sub.next(); ok {
		return nil, r.errAt(l2+line, c2, "<body>: unexpected %q after the statement text of line %d (the text is one line)", t2, l+line)
	}
	return b, nil
}

func isIdent(s string) bool {
	if s == "" {
		return false
	}
	for i, c := range s {
		if c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || i > 0 && c >= '0' && c <= '9' {
			continue
		}
		return false
	}
	return true
}

// relation reads a relation: its type line, an optional number of union
// parts, and each part's header and rows.
func (r *reader) relation() (*Relation, error) {
	t, line, col, ok := r.next()
	if !ok {
		return nil, r.eofErr("a relation")
	}
	rel := &Relation{Line: line}
	typ := -1
	for k, name := range relNames {
		if t == name {
			typ = k
		}
	}
	if typ < 0 {
		return nil, r.errAt(line, col, "relation type (CONTEXT, DOMAIN, SCATTERING, READ, WRITE, MAY_WRITE or UNDEFINED) expected, found %q", t)
	}
	rel.Type = RelType(typ)
	vals, hl, hc, err := r.ints("the relation header")
	if err != nil {
		return nil, err
	}
	nparts := 1
	if len(vals) == 1 {
		if vals[0] < 1 || vals[0] > maxList {
			return nil, r.errAt(hl, hc, "bad number of union parts %d", vals[0])
		}
		nparts = int(vals[0])
		if vals, hl, hc, err = r.ints("the relation header"); err != nil {
			return nil, err
		}
	}
	for k := range nparts {
		if k > 0 {
			if vals, hl, hc, err = r.ints("the header of union part " + strconv.Itoa(k+1)); err != nil {
				return nil, err
			}
		}
		p, err := r.part(rel, vals, hl, hc)
		if err != nil {
			return nil, err
		}
		if k > 0 {
			q := rel.Parts[0]
			if p.Out != q.Out || p.In != q.In || p.Params != q.Params {
				return nil, r.errAt(hl, hc, "union part %d has %d/%d/%d output/input/parameter dimensions, the first part %d/%d/%d", k+1, p.Out, p.In, p.Params, q.Out, q.In, q.Params)
			}
		}
		rel.Parts = append(rel.Parts, p)
	}
	return rel, nil
}

// part reads the rows of one part whose header (line hl) is vals.
func (r *reader) part(rel *Relation, vals []int64, hl, hc int) (Part, error) {
	if len(vals) != 6 {
		return Part{}, r.errAt(hl, hc, "relation header: 6 integers expected (rows, columns, output, input, local dimensions, parameters), found %d", len(vals))
	}
	for k, v := range vals {
		limit := int64(maxDims)
		if k == 0 {
			limit = maxRows
		} else if k == 1 {
			limit = 4*maxDims + 2
		}
		if v < 0 || v > limit {
			return Part{}, r.errAt(hl, hc, "relation header: %d is out of range", v)
		}
	}
	p := Part{Out: int(vals[2]), In: int(vals[3]), Local: int(vals[4]), Params: int(vals[5])}
	if int(vals[1]) != p.NCols() {
		return Part{}, r.errAt(hl, hc, "relation header: %d columns, but 2 + %d + %d + %d + %d = %d", vals[1], p.Out, p.In, p.Local, p.Params, p.NCols())
	}
	if (rel.Type == Context || rel.Type == Domain) && p.In != 0 {
		return Part{}, r.errAt(hl, hc, "%v relation with %d input dimensions, 0 expected", rel.Type, p.In)
	}
	nrows := int(vals[0])
	for range nrows {
		row, l, c, err := r.ints("a constraint row")
		if err != nil {
			return Part{}, err
		}
		if len(row) != p.NCols() {
			return Part{}, r.errAt(l, c, "constraint row with %d entries, %d expected", len(row), p.NCols())
		}
		if row[0] != 0 && row[0] != 1 {
			return Part{}, r.errAt(l, c, "the first entry of a row is 0 (equality) or 1 (inequality), found %d", row[0])
		}
		p.Rows = append(p.Rows, row)
	}
	return p, nil
}
