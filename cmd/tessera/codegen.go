package main

import (
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"strings"

	"github.com/tessera-opt/tessera/ast"
	"github.com/tessera-opt/tessera/astgen"
	"github.com/tessera-opt/tessera/internal/cli"
	"github.com/tessera-opt/tessera/presburger"
	"github.com/tessera-opt/tessera/schedule"
)

func init() {
	register("codegen", "generate C for a schedule (isl_codegen input: YAML tree or schedule, context, options)", runCodegen)
}

func runCodegen(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	c := cli.New("tessera codegen", "tessera codegen [--separate|--atomic] [--openscop] [-o OUT] [FILE]")
	c.About = `Generates the AST of isl_codegen's input, read from FILE (standard input
when FILE is absent or -): a schedule tree in YAML, or a schedule map, a
context set and an options map in isl notation ('#' starts a comment).
An option name that isl does not know (not atomic, separate, unroll or
isolate) is ignored, as isl does, with a warning.

With --openscop, FILE is an OpenScop file (one or more documents): the
code follows the scattering of each statement, with the statement texts
of the <body> extensions and the parameters of the context; each document
gives one block between #pragma scop and #pragma endscop, after the
helper macros (tessera_floord, tessera_min, ...) that the code uses.`
	c.Notes = "Exit status: 0 success; 1 an error in the input; 2 bad usage."
	out := c.FlagSet().String("o", "-", "output `FILE`, - for standard output")
	separate := c.FlagSet().Bool("separate", false, "use the separate option for every schedule dimension")
	atomic := c.FlagSet().Bool("atomic", false, "use the atomic option for every schedule dimension")
	osc := c.FlagSet().Bool("openscop", false, "the input is OpenScop: generate C from its scattering and statement bodies")
	pos, code, done := c.Parse(args, stdout, stderr)
	if done {
		return code
	}
	if *out == "" {
		c.Fail(stderr, "-o: empty file name")
		return 2
	}
	if *separate && *atomic {
		c.Fail(stderr, "--separate and --atomic exclude each other")
		return 2
	}
	name := "<stdin>"
	var src []byte
	var err error
	var inputs []string
	switch {
	case len(pos) == 0 || len(pos) == 1 && pos[0] == "-":
		src, err = io.ReadAll(stdin)
	case len(pos) == 1:
		name = pos[0]
		inputs = pos
		src, err = os.ReadFile(name)
	default:
		c.Fail(stderr, fmt.Sprintf("at most one input file expected, got %d", len(pos)))
		return 2
	}
	if err != nil {
		fmt.Fprintf(stderr, "tessera codegen: %v\n", err)
		return 1
	}
	force := schedule.OptionDefault
	if *separate {
		force = schedule.OptionSeparate
	} else if *atomic {
		force = schedule.OptionAtomic
	}
	if *osc {
		text, err := codegenOpenScop(name, src, force)
		if err != nil {
			fmt.Fprintln(stderr, err)
			return 1
		}
		if err := writeOutput(*out, []byte(text), stdout, inputs...); err != nil {
			fmt.Fprintf(stderr, "tessera codegen: %v\n", err)
			return 1
		}
		return 0
	}
	n, err := codegenSafe(string(src), force)
	if err != nil {
		fmt.Fprintf(stderr, "%s:%v\n", name, err)
		return 1
	}
	for _, w := range unknownOptions(string(src)) {
		fmt.Fprintf(stderr, "%s:%s\n", name, w)
	}
	if err := writeOutput(*out, []byte(ast.PrintC(n)), stdout, inputs...); err != nil {
		fmt.Fprintf(stderr, "tessera codegen: %v\n", err)
		return 1
	}
	return 0
}

// codegenSafe is codegen with a panic (a bug) reported as an error, so
// that one bad input does not end a batch run with a stack dump.
func codegenSafe(src string, force schedule.ASTOption) (n ast.Node, err error) {
	defer func() {
		if r := recover(); r != nil {
			n, err = nil, fmt.Errorf("1:1: error: internal error (please report with the input): %v", r)
		}
	}()
	return codegen(src, force)
}

// codegen generates the AST of an isl_codegen input: a schedule tree in
// YAML (.st), or a schedule map, a context set and an options map in isl
// notation (.in; '#' starts a comment). force, when not the default,
// replaces the separate/atomic options as isl_codegen's --separate and
// --atomic do. Errors carry the position "line:col: error: ..." in src.
func codegen(src string, force schedule.ASTOption) (n ast.Node, err error) {
	defer presburger.Recover(&err)
	src = strings.TrimPrefix(src, "\uFEFF") // a byte order mark
	if isYAMLInput(src) {
		return codegenTree(src, force)
	}
	in, err := readCodegenInput(src)
	if err != nil {
		return nil, err
	}
	opts, err := in.options(force)
	if err != nil {
		return nil, err
	}
	n, err = astgen.FromScheduleMap(padSchedule(in.sched, in.width()), in.ctx, opts, astgen.Config{})
	if err != nil {
		return nil, fmt.Errorf("%d:%d: error: %v", in.schedLine, in.schedCol, err)
	}
	return n, nil
}

// isYAMLInput reports whether src (after comments and blank space) starts
// like a YAML mapping ("key:" or "{ key:"), which no isl set or map does.
func isYAMLInput(src string) bool {
	t := strings.TrimLeft(blankComments(src), " \t\r\n")
	if strings.HasPrefix(t, "---") || strings.HasPrefix(t, "%YAML") {
		return true
	}
	if strings.HasPrefix(t, "{") {
		t = strings.TrimLeft(t[1:], " \t\r\n")
	}
	q := strings.HasPrefix(t, "\"") || strings.HasPrefix(t, "'")
	if q {
		t = t[1:]
	}
	i := 0
	for i < len(t) && (t[i] == '_' || t[i] >= 'a' && t[i] <= 'z' || t[i] >= 'A' && t[i] <= 'Z') {
		i++
	}
	if i == 0 {
		return false
	}
	t = t[i:]
	if q {
		if t == "" || t[0] != '"' && t[0] != '\'' {
			return false
		}
		t = t[1:]
	}
	return strings.HasPrefix(strings.TrimLeft(t, " \t"), ":")
}

// codegenTree generates the AST of a schedule tree in YAML.
func codegenTree(src string, force schedule.ASTOption) (ast.Node, error) {
	t, err := schedule.ParseYAML(src)
	if err != nil {
		return nil, treeErr(err)
	}
	if err := checkTree(t); err != nil {
		return nil, err
	}
	if t, err = t.InlineExpansions(); err != nil {
		return nil, treeErr(err)
	}
	if force != schedule.OptionDefault {
		t = forceOptions(t, force)
	}
	n, err := astgen.Generate(t, astgen.Config{})
	if err != nil {
		l, c := t.Root().Pos()
		return nil, fmt.Errorf("%d:%d: error: %v", max(l, 1), max(c, 1), err)
	}
	return n, nil
}

// treeErr gives a schedule reading error the form line:col: error: msg.
func treeErr(err error) error {
	var se *schedule.Error
	if errors.As(err, &se) {
		return fmt.Errorf("%d:%d: error: %s", max(se.Line, 1), max(se.Col, 1), se.Msg)
	}
	return fmt.Errorf("1:1: error: %v", err)
}

// checkTree rejects, with their position, the trees the generator does not
// handle: a root that is not a domain node, a domain node below the root,
// a guard over other dims than the outer schedule dims.
func checkTree(t schedule.Tree) error {
	at := func(n *schedule.Node, format string, args ...any) error {
		l, c := n.Pos()
		return fmt.Errorf("%d:%d: error: %s", max(l, 1), max(c, 1), fmt.Sprintf(format, args...))
	}
	root := t.Root()
	if root.Kind() != schedule.KindDomain {
		return at(root, "the root of the schedule tree is a %v node; only a domain root is supported", root.Kind())
	}
	key := func(sp presburger.Space, k presburger.DimKind) string {
		return fmt.Sprintf("%s/%d", sp.TupleName(k), sp.Dim(k))
	}
	// reach holds the statement spaces (name/arity) reaching a node.
	var rec func(n *schedule.Node, outer int, reach map[string]string) error
	rec = func(n *schedule.Node, outer int, reach map[string]string) error {
		switch n.Kind() {
		case schedule.KindDomain:
			if n != root {
				return at(n, "a domain node below the root is not supported")
			}
			reach = map[string]string{}
			for _, sp := range n.Domain().Spaces() {
				reach[key(sp, presburger.Out)] = sp.TupleName(presburger.Out)
			}
		case schedule.KindFilter:
			next := map[string]string{}
			for _, sp := range n.Filter().Spaces() {
				if k := key(sp, presburger.Out); hasKey(reach, k) {
					next[k] = reach[k]
				}
			}
			reach = next
		case schedule.KindBand:
			b := n.Band()
			if b.Width > 0 {
				have := map[string]bool{}
				for _, sp := range b.Schedule.Spaces() {
					have[key(sp, presburger.In)] = true
				}
				for k, name := range reach {
					if !have[k] {
						return at(n, "the band schedule has no expression for statement %q", name)
					}
				}
			}
			outer += b.Width
		case schedule.KindGuard:
			if d := n.Guard().Space().Dim(presburger.Out); d != 0 && d != outer {
				return at(n, "guard over %d dims under %d outer schedule dims", d, outer)
			}
		case schedule.KindExtension:
			next := maps.Clone(reach)
			for _, sp := range n.Extension().Spaces() {
				if d := sp.Dim(presburger.In); d != outer {
					return at(n, "extension from %d dims under %d outer schedule dims", d, outer)
				}
				next[key(sp, presburger.Out)] = sp.TupleName(presburger.Out)
			}
			reach = next
		case schedule.KindExpansion:
			next := map[string]string{}
			for _, sp := range n.Expansion().Spaces() {
				next[key(sp, presburger.Out)] = sp.TupleName(presburger.Out)
			}
			reach = next
		}
		for _, c := range n.Children() {
			if err := rec(c, outer, reach); err != nil {
				return err
			}
		}
		return nil
	}
	return rec(root, 0, nil)
}

// forceOptions sets the option of every band member to opt (isl_codegen
// --separate / --atomic on a schedule tree).
func forceOptions(t schedule.Tree, opt schedule.ASTOption) schedule.Tree {
	var rec func(n *schedule.Node) *schedule.Node
	rec = func(n *schedule.Node) *schedule.Node {
		for i, c := range n.Children() {
			if nc := rec(c); nc != c {
				n = n.WithChild(i, nc)
			}
		}
		if n.Kind() != schedule.KindBand {
			return n
		}
		b := n.Band()
		for i := range b.Options {
			b.Options[i] = opt
		}
		return schedule.NewBand(b, n.Child(0))
	}
	return schedule.NewTree(rec(t.Root()))
}

// padSchedule appends zero dims to the maps of sched with fewer than w
// output dims, so that all time vectors have the same length (a shorter
// vector orders like its zero-padded form).
func padSchedule(sched presburger.UnionMap, w int) presburger.UnionMap {
	maps := sched.Maps()
	changed := false
	for i, m := range maps {
		k := m.Space().Dim(presburger.Out)
		if k == w {
			continue
		}
		m = m.AddDims(presburger.Out, w-k)
		for d := k; d < w; d++ {
			m = m.FixVal(presburger.Out, d, 0)
		}
		maps[i], changed = m, true
	}
	if !changed {
		return sched
	}
	return presburger.NewUnionMap(maps...).AlignParams(sched.Params())
}

func hasKey(m map[string]string, k string) bool {
	_, ok := m[k]
	return ok
}
