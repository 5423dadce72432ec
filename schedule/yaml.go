package schedule

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/tessera-opt/tessera/presburger"
	"go.yaml.in/yaml/v3"
)

// Error is an error reading a schedule tree, with the position (1-based
// line and column) in the YAML text when known.
type Error struct {
	Line, Col int
	Msg       string
}

func (e *Error) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("schedule: %d:%d: %s", e.Line, e.Col, e.Msg)
	}
	return "schedule: " + e.Msg
}

func errAt(n *yaml.Node, format string, args ...any) *Error {
	e := &Error{Msg: fmt.Sprintf(format, args...)}
	if n != nil {
		e.Line, e.Col = n.Line, n.Column
	}
	return e
}

// parseHook, when set by a test, runs at the start of ParseYAML (to inject
// a panic).
var parseHook func()

// ParseYAML reads a schedule tree in isl's YAML form
// (isl_schedule_read_from_str).
func ParseYAML(src string) (t Tree, err error) {
	// An engine error (overflow, budget) while building the tree is a
	// schedule error; any other panic is a bug and goes on.
	var engineErr error
	defer func() {
		if engineErr != nil {
			t, err = Tree{}, &Error{Msg: engineErr.Error()}
		}
	}()
	defer presburger.Recover(&engineErr)
	if parseHook != nil {
		parseHook()
	}
	var doc yaml.Node
	if err := yaml.Unmarshal([]byte(src), &doc); err != nil {
		return Tree{}, yamlErr(err)
	}
	if doc.Kind != yaml.DocumentNode || len(doc.Content) != 1 {
		return Tree{}, &Error{Line: 1, Col: 1, Msg: "expected one YAML document"}
	}
	root, err := readNode(doc.Content[0], 0, 0)
	if err != nil {
		return Tree{}, err
	}
	return NewTree(root), nil
}

const maxYAMLDepth = 1000

// yamlLine matches the line number in the errors of the YAML decoder.
var yamlLine = regexp.MustCompile(`^yaml: line ([0-9]+): (.*)$`)

// yamlErr turns an error of the YAML decoder into an Error with its line.
func yamlErr(err error) *Error {
	msg := err.Error()
	if m := yamlLine.FindStringSubmatch(msg); m != nil {
		if l, e := strconv.Atoi(m[1]); e == nil {
			return &Error{Line: l, Col: 1, Msg: "YAML: " + m[2]}
		}
	}
	return &Error{Line: 1, Col: 1, Msg: msg}
}

type yamlField struct {
	key  *yaml.Node
	val  *yaml.Node
	used bool
}

func mappingFields(n *yaml.Node) ([]*yamlField, error) {
	if n.Kind != yaml.MappingNode {
		return nil, errAt(n, "expected a mapping")
	}
	var out []*yamlField
	for i := 0; i+1 < len(n.Content); i += 2 {
		out = append(out, &yamlField{key: n.Content[i], val: n.Content[i+1]})
	}
	return out, nil
}

// field returns the field with the given key (the last one when the key
// is repeated: like isl, a later value replaces an earlier one) and marks
// them used.
func field(fs []*yamlField, key string) *yamlField {
	var res *yamlField
	for _, f := range fs {
		if f.key.Value == key {
			f.used = true
			res = f
		}
	}
	return res
}

func scalar(n *yaml.Node) (string, error) {
	if n.Kind != yaml.ScalarNode {
		return "", errAt(n, "expected a string")
	}
	return n.Value, nil
}

// shiftErr moves an error of the presburger parser (position relative to
// the string) to the YAML position of the string.
func shiftErr(n *yaml.Node, err error) error {
	if pe, ok := err.(*presburger.ParseError); ok {
		line, col := n.Line, n.Column
		if pe.Line <= 1 {
			col += pe.Col
			if n.Style == yaml.DoubleQuotedStyle || n.Style == yaml.SingleQuotedStyle {
				// the column of the node is that of the quote
			} else {
				col--
			}
		} else {
			line += pe.Line - 1
			col = pe.Col
		}
		return &Error{Line: line, Col: col, Msg: pe.Msg}
	}
	return errAt(n, "%v", err)
}

func readUnionSet(n *yaml.Node) (presburger.UnionSet, error) {
	s, err := scalar(n)
	if err != nil {
		return presburger.UnionSet{}, err
	}
	u, err := parseSugared(s, presburger.ParseUnionSet)
	if err != nil {
		return presburger.UnionSet{}, shiftErr(n, err)
	}
	return u, nil
}

func readUnionMap(n *yaml.Node) (presburger.UnionMap, error) {
	s, err := scalar(n)
	if err != nil {
		return presburger.UnionMap{}, err
	}
	u, err := parseSugared(s, presburger.ParseUnionMap)
	if err != nil {
		return presburger.UnionMap{}, shiftErr(n, err)
	}
	return u, nil
}

func readSet(n *yaml.Node) (presburger.Set, error) {
	s, err := scalar(n)
	if err != nil {
		return presburger.Set{}, err
	}
	u, err := parseSugared(s, presburger.ParseSet)
	if err != nil {
		return presburger.Set{}, shiftErr(n, err)
	}
	return u, nil
}

// nodeKeys are the keys that identify the kind of a node, in the order
// they are looked for. The band is identified by any of its keys.
var nodeKeys = []string{"domain", "context", "guard", "filter", "extension", "contraction", "expansion",
	"mark", "sequence", "set", "leaf", "schedule", "permutable", "coincident", "options", "ast_build_options"}

// readNode reads the node described by mapping n.
func readNode(n *yaml.Node, depth, outer int) (*Node, error) {
	if depth > maxYAMLDepth {
		return nil, errAt(n, "schedule tree too deep")
	}
	if n.Kind == yaml.AliasNode {
		return nil, errAt(n, "YAML aliases are not supported in a schedule tree")
	}
	fs, err := mappingFields(n)
	if err != nil {
		return nil, err
	}
	// The node's kind is given by its first key that names one (isl looks
	// at the first key only; keys of other kinds are rejected below).
	var kindKey *yamlField
	for _, f := range fs {
		if kindKey == nil && slices.Contains(nodeKeys, f.key.Value) {
			kindKey = f
		}
	}
	if kindKey == nil {
		if len(fs) == 0 {
			return nil, errAt(n, "missing key: cannot identify the node type")
		}
		if f := field(fs, "child"); f != nil {
			return nil, errAt(f.key, "cannot identify the node type (only a child key)")
		}
		return nil, errAt(fs[0].key, "unknown schedule tree node key %q", fs[0].key.Value)
	}
	var child *Node
	childField := field(fs, "child")
	readChild := func() error {
		if childField == nil {
			return nil
		}
		child, err = readNode(childField.val, depth+1, outer)
		return err
	}
	var res *Node
	switch k := kindKey.key.Value; k {
	case "domain", "filter":
		d, err := readUnionSet(field(fs, k).val)
		if err != nil {
			return nil, err
		}
		if err := readChild(); err != nil {
			return nil, err
		}
		if k == "domain" {
			res = NewDomain(d, child)
		} else {
			res = NewFilter(d, child)
		}
	case "context", "guard":
		c, err := readSet(field(fs, k).val)
		if err != nil {
			return nil, err
		}
		if err := readChild(); err != nil {
			return nil, err
		}
		if k == "context" {
			res = NewContext(c, child)
		} else {
			res = NewGuard(c, child)
		}
	case "extension":
		e, err := readUnionMap(field(fs, k).val)
		if err != nil {
			return nil, err
		}
		if err := readChild(); err != nil {
			return nil, err
		}
		res = NewExtension(e, child)
	case "contraction", "expansion":
		cf, ef := field(fs, "contraction"), field(fs, "expansion")
		if cf == nil {
			return nil, errAt(kindKey.key, "missing contraction in an expansion node")
		}
		if ef == nil {
			return nil, errAt(kindKey.key, "missing expansion in an expansion node")
		}
		c, err := readUnionMap(cf.val)
		if err != nil {
			return nil, err
		}
		e, err := readUnionMap(ef.val)
		if err != nil {
			return nil, err
		}
		if err := readChild(); err != nil {
			return nil, err
		}
		res = NewExpansion(c, e, child)
	case "mark":
		m, err := scalar(field(fs, k).val)
		if err != nil {
			return nil, err
		}
		if childField == nil {
			// isl's reader rejects it too ("expecting child").
			return nil, errAt(kindKey.key, "mark node without a child")
		}
		if err := readChild(); err != nil {
			return nil, err
		}
		res = NewMark(m, child)
	case "sequence", "set":
		f := field(fs, k)
		if childField != nil {
			return nil, errAt(childField.key, "a %s node has no child field", k)
		}
		if f.val.Kind != yaml.SequenceNode || len(f.val.Content) == 0 {
			return nil, errAt(f.val, "expected a non-empty list of filters")
		}
		var kids []*Node
		for _, c := range f.val.Content {
			kid, err := readNode(c, depth+1, outer)
			if err != nil {
				return nil, err
			}
			if kid.kind != KindFilter {
				return nil, errAt(c, "children of a %s node must be filters", k)
			}
			kids = append(kids, kid)
		}
		if k == "sequence" {
			res = NewSequence(kids...)
		} else {
			res = NewSet(kids...)
		}
	case "leaf":
		field(fs, k)
		if childField != nil {
			return nil, errAt(childField.key, "a leaf has no child")
		}
		res = Leaf()
	default:
		if field(fs, "schedule") == nil {
			return nil, errAt(kindKey.key, "missing schedule in a band node")
		}
		b, err := readBand(fs, outer)
		if err != nil {
			return nil, err
		}
		outer += b.Width
		if err := readChild(); err != nil {
			return nil, err
		}
		res = NewBand(b, child)
	}
	for _, f := range fs {
		if !f.used {
			return nil, errAt(f.key, "unexpected key %q in a %v node", f.key.Value, res.kind)
		}
	}
	res.line, res.col = kindKey.key.Line, kindKey.key.Column
	return res, nil
}

// readBand reads the fields of a band node.
func readBand(fs []*yamlField, outer int) (Band, error) {
	sf := field(fs, "schedule")
	s, err := scalar(sf.val)
	if err != nil {
		return Band{}, err
	}
	sched, width, err := parseMultiUnionPwAff(s)
	if err != nil {
		return Band{}, shiftErr(sf.val, err)
	}
	b := Band{Schedule: sched, Width: width}
	b.normalize()
	if f := field(fs, "permutable"); f != nil {
		v, err := readBool(f.val)
		if err != nil {
			return Band{}, err
		}
		b.Permutable = v
	}
	if f := field(fs, "coincident"); f != nil {
		if f.val.Kind != yaml.SequenceNode {
			return Band{}, errAt(f.val, "expected a list of 0/1")
		}
		// Like isl, extra entries are ignored and missing ones are 0.
		for i, c := range f.val.Content {
			v, err := readBool(c)
			if err != nil {
				return Band{}, err
			}
			if i < width {
				b.Coincident[i] = v
			}
		}
	}
	for _, key := range []string{"options", "ast_build_options"} {
		f := field(fs, key)
		if f == nil {
			continue
		}
		s, err := scalar(f.val)
		if err != nil {
			return Band{}, err
		}
		if err := parseOptions(&b, s, outer); err != nil {
			return Band{}, shiftErr(f.val, err)
		}
	}
	return b, nil
}

// readBool reads a flag: an integer (non-zero is true, as isl reads it)
// or true/false.
func readBool(n *yaml.Node) (bool, error) {
	s, err := scalar(n)
	if err != nil {
		return false, err
	}
	switch s {
	case "true", "True", "TRUE":
		return true, nil
	case "false", "False", "FALSE":
		return false, nil
	}
	digits := strings.TrimLeft(s, "+-")
	if digits == "" || strings.Trim(digits, "0123456789") != "" || len(digits) != len(s) && len(digits) != len(s)-1 {
		return false, errAt(n, "expected an integer (0 or 1), found %q", s)
	}
	return strings.Trim(digits, "0") != "", nil
}

// parseSugared parses s, and when that fails, the desugared s (Desugar);
// the error is that of the first attempt.
func parseSugared[T any](s string, parse func(string) (T, error)) (T, error) {
	v, err := parse(s)
	if err == nil {
		return v, nil
	}
	if d, ok := Desugar(s); ok {
		if v2, err2 := parse(d); err2 == nil {
			return v2, nil
		}
	}
	return v, err
}

// parseMultiUnionPwAff reads isl's multi_union_pw_aff notation
// "[params] -> [{ S[i] -> [(f0)] }, { S[i] -> [(f1)] }]" and returns the
// union map S[i] -> [f0, f1] and the width. The plain union map notation
// "{ S[i] -> [f0, f1] }" is accepted too.
func parseMultiUnionPwAff(s string) (presburger.UnionMap, int, error) {
	u, w, err := parseMultiUnionPwAffLoose(s)
	if err == nil {
		return u, w, nil
	}
	// In the plain "[params] -> [{ ... }, ...]" form, the error of
	// presburger's reader of the whole text has the exact position (the
	// members are read one by one here).
	if _, body := splitParamPrefix(s); strings.HasPrefix(strings.TrimSpace(body), "[") {
		if _, err2 := presburger.ParseMultiUnionPwAffAsUnionMap(s); err2 != nil {
			return u, w, err2
		}
	}
	return u, w, err
}

func parseMultiUnionPwAffLoose(s string) (presburger.UnionMap, int, error) {
	params, body := splitParamPrefix(s)
	body = strings.TrimSpace(body)
	// A zero-member band with an explicit domain is printed by isl as
	// "[params] -> ([] : { domain })"; the domain is not needed here.
	if strings.HasPrefix(body, "(") && strings.HasSuffix(body, ")") {
		inner := strings.TrimSpace(body[1 : len(body)-1])
		if parts := splitTopLevel(inner, ':'); len(parts) == 2 {
			body = strings.TrimSpace(parts[0])
		}
	}
	// A named tuple "L[{ ... }, ...]": the name is dropped (band members
	// form an unnamed tuple).
	if i := strings.IndexByte(body, '['); i > 0 && isIdent(strings.TrimSpace(body[:i])) {
		body = body[i:]
	}
	if strings.HasPrefix(body, "{") {
		u, err := parseSugared(s, presburger.ParseUnionMap)
		if err != nil {
			return presburger.UnionMap{}, 0, err
		}
		w := -1
		for _, m := range u.Maps() {
			d := m.Space().Dim(presburger.Out)
			if w >= 0 && d != w {
				return presburger.UnionMap{}, 0, fmt.Errorf("band maps of different widths %d and %d", w, d)
			}
			w = d
		}
		if w < 0 {
			w = 0
		}
		return u, w, nil
	}
	if !strings.HasPrefix(body, "[") || !strings.HasSuffix(body, "]") {
		return presburger.UnionMap{}, 0, &presburger.ParseError{Line: 1, Col: 1, Msg: "expected [ { ... }, ... ]"}
	}
	inner := strings.TrimSpace(body[1 : len(body)-1])
	if inner == "" {
		return presburger.EmptyUnionMap(nil), 0, nil
	}
	members := splitTopLevel(inner, ',')
	var maps []presburger.UnionMap
	for _, m := range members {
		txt := strings.TrimSpace(m)
		if params != "" {
			txt = params + " -> " + txt
		}
		u, err := parseSugared(txt, presburger.ParseUnionMap)
		if err != nil {
			return presburger.UnionMap{}, 0, err
		}
		for _, mm := range u.Maps() {
			if mm.Space().Dim(presburger.Out) != 1 {
				return presburger.UnionMap{}, 0, fmt.Errorf("a band member must have one output dimension")
			}
		}
		maps = append(maps, u)
	}
	return flatRangeProductAll(maps), len(maps), nil
}

func isIdent(s string) bool {
	if s == "" {
		return false
	}
	for i, r := range s {
		if r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || i > 0 && (r >= '0' && r <= '9' || r == '\'') {
			continue
		}
		return false
	}
	return true
}

// splitParamPrefix splits "[n, m] -> rest" into "[n, m]" and "rest"; when
// there is no parameter prefix it returns "" and s.
func splitParamPrefix(s string) (string, string) {
	t := strings.TrimSpace(s)
	if !strings.HasPrefix(t, "[") {
		return "", s
	}
	depth := 0
	for i, r := range t {
		switch r {
		case '[', '(', '{':
			depth++
		case ']', ')', '}':
			depth--
			if depth == 0 {
				rest := strings.TrimSpace(t[i+1:])
				if strings.HasPrefix(rest, "->") {
					return t[:i+1], strings.TrimSpace(rest[2:])
				}
				return "", s
			}
		}
	}
	return "", s
}

// splitTopLevel splits s at the separator sep outside brackets.
func splitTopLevel(s string, sep rune) []string {
	var out []string
	depth, start := 0, 0
	for i, r := range s {
		switch r {
		case '[', '(', '{':
			depth++
		case ']', ')', '}':
			depth--
		case sep:
			if depth == 0 {
				out = append(out, s[start:i])
				start = i + 1
			}
		}
	}
	return append(out, s[start:])
}

// parseOptions reads isl's band AST build options:
//
//	{ separate[x] : x = 0; atomic[x]; unroll[x] : x >= 1;
//	  isolate[[o0] -> [i, j]] : ...; [isolate[] -> unroll[x]] : x = 1 }
//
// outer is the number of schedule dims of the enclosing bands. Like isl,
// options it does not know (other names, other arities, an isolate set
// over other dims) are ignored.
func parseOptions(b *Band, s string, outer int) error {
	u, err := parseSugared(s, presburger.ParseUnionSet)
	if err != nil {
		return err
	}
	for _, set := range u.Sets() {
		sp := set.Space()
		if nested, ok := sp.Nested(presburger.Out); ok {
			if sp.TupleName(presburger.Out) == "isolate" {
				if nested.Dim(presburger.In) != outer || nested.Dim(presburger.Out) != b.Width {
					continue
				}
				is := set
				if b.Isolate != nil {
					is = b.Isolate.Union(is)
				}
				b.Isolate = &is
				continue
			}
			// [isolate[] -> kind[x]]
			if nested.TupleName(presburger.In) != "isolate" || nested.Dim(presburger.In) != 0 {
				continue
			}
			opt, ok := ParseASTOption(nested.TupleName(presburger.Out))
			if !ok || nested.Dim(presburger.Out) != 1 {
				continue
			}
			flat := flattenWrapped(set)
			for k := 0; k < b.Width; k++ {
				if containsPoint(flat, []int64{int64(k)}) {
					b.IsolateOptions[k] = opt
				}
			}
			continue
		}
		opt, ok := ParseASTOption(sp.TupleName(presburger.Out))
		if !ok || sp.Dim(presburger.Out) != 1 {
			continue
		}
		for k := 0; k < b.Width; k++ {
			if containsPoint(set, []int64{int64(k)}) {
				b.Options[k] = opt
			}
		}
	}
	return nil
}

// WriteYAML returns t in isl's YAML form (block style, strings double
// quoted). ParseYAML(WriteYAML(t)) is equal to t.
func WriteYAML(t Tree) string {
	var b strings.Builder
	writeNode(&b, t.Root(), 0, false)
	return b.String()
}

// String returns the YAML form of t.
func (t Tree) String() string { return WriteYAML(t) }

// String returns the YAML form of the subtree rooted at n.
func (n *Node) String() string {
	var b strings.Builder
	writeNode(&b, n, 0, false)
	return b.String()
}

func quote(s string) string { return strconv.Quote(s) }

// writeNode writes node n as a YAML mapping at the given indentation; when
// inList, the first line is already prefixed by "- ".
func writeNode(b *strings.Builder, n *Node, indent int, inList bool) {
	first := true
	line := func(s string) {
		if !(first && inList) {
			b.WriteString(strings.Repeat(" ", indent))
		}
		first = false
		b.WriteString(s)
		b.WriteByte('\n')
	}
	switch n.kind {
	case KindLeaf:
		line("leaf: 1")
		return
	case KindDomain:
		line("domain: " + quote(n.uset.String()))
	case KindFilter:
		line("filter: " + quote(n.uset.String()))
	case KindContext:
		line("context: " + quote(n.set.String()))
	case KindGuard:
		line("guard: " + quote(n.set.String()))
	case KindExtension:
		line("extension: " + quote(n.umap.String()))
	case KindMark:
		line("mark: " + quote(n.mark))
		if n.children[0].kind == KindLeaf {
			// A mark needs a child to be read back.
			line("child:")
			writeNode(b, n.children[0], indent+2, false)
			return
		}
	case KindExpansion:
		line("contraction: " + quote(n.umap2.String()))
		line("expansion: " + quote(n.umap.String()))
	case KindBand:
		bd := n.band
		line("schedule: " + quote(formatMultiUnionPwAff(bd.Schedule, bd.Width)))
		if bd.Permutable {
			line("permutable: 1")
		}
		if anyTrue(bd.Coincident) {
			var parts []string
			for _, c := range bd.Coincident {
				if c {
					parts = append(parts, "1")
				} else {
					parts = append(parts, "0")
				}
			}
			line("coincident: [ " + strings.Join(parts, ", ") + " ]")
		}
		if o := formatOptions(*bd); o != "" {
			line("options: " + quote(o))
		}
	case KindSequence, KindSet:
		line(n.kind.String() + ":")
		for _, c := range n.children {
			b.WriteString(strings.Repeat(" ", indent) + "- ")
			writeNode(b, c, indent+2, true)
		}
		return
	}
	if len(n.children) == 1 && n.children[0].kind != KindLeaf {
		line("child:")
		writeNode(b, n.children[0], indent+2, false)
	}
}

func anyTrue(bs []bool) bool {
	for _, v := range bs {
		if v {
			return true
		}
	}
	return false
}

// formatMultiUnionPwAff writes a band schedule in isl's
// multi_union_pw_aff notation, one member per union map.
func formatMultiUnionPwAff(u presburger.UnionMap, width int) string {
	params := u.Params()
	prefix := ""
	if len(params) > 0 {
		prefix = "[" + strings.Join(params, ", ") + "] -> "
	}
	var parts []string
	for k := 0; k < width; k++ {
		parts = append(parts, stripParamPrefix(projectMember(u, k).String()))
	}
	return prefix + "[" + strings.Join(parts, ", ") + "]"
}

// stripParamPrefix removes a leading "[params] -> " from an isl string.
func stripParamPrefix(s string) string {
	p, rest := splitParamPrefix(s)
	if p == "" {
		return s
	}
	return rest
}

// formatOptions writes the AST options of a band in isl's notation, or ""
// when every option is the default and there is no isolated set.
func formatOptions(b Band) string {
	var parts []string
	memberList := func(opts []ASTOption, o ASTOption) []string {
		var xs []string
		for k, v := range opts {
			if v == o {
				xs = append(xs, "x = "+strconv.Itoa(k))
			}
		}
		return xs
	}
	for _, o := range []ASTOption{OptionAtomic, OptionSeparate, OptionUnroll} {
		if xs := memberList(b.Options, o); len(xs) > 0 {
			parts = append(parts, o.String()+"[x] : "+strings.Join(xs, " or "))
		}
	}
	if b.Isolate != nil {
		parts = append(parts, stripBraces(stripParamPrefix(b.Isolate.String())))
		for _, o := range []ASTOption{OptionAtomic, OptionSeparate, OptionUnroll} {
			if xs := memberList(b.IsolateOptions, o); len(xs) > 0 {
				parts = append(parts, "[isolate[] -> "+o.String()+"[x]] : "+strings.Join(xs, " or "))
			}
		}
	}
	if len(parts) == 0 {
		return ""
	}
	prefix := ""
	if b.Isolate != nil {
		if ps := b.Isolate.Space().Params(); len(ps) > 0 {
			prefix = "[" + strings.Join(ps, ", ") + "] -> "
		}
	}
	return prefix + "{ " + strings.Join(parts, "; ") + " }"
}

func stripBraces(s string) string {
	s = strings.TrimSpace(s)
	if strings.HasPrefix(s, "{") && strings.HasSuffix(s, "}") {
		return strings.TrimSpace(s[1 : len(s)-1])
	}
	return s
}
