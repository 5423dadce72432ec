package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"regexp"
	"strings"

	"github.com/tessera-opt/tessera/ast"
	"github.com/tessera-opt/tessera/astgen"
	"github.com/tessera-opt/tessera/presburger"
	"github.com/tessera-opt/tessera/schedule"
)

func init() {
	register("codegen", "generate C for a schedule (isl_codegen input: YAML tree or schedule, context, options)", runCodegen)
}

func runCodegen(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("tessera codegen", flag.ContinueOnError)
	fs.SetOutput(stderr)
	separate := fs.Bool("separate", false, "use the separate option for every schedule dimension")
	atomic := fs.Bool("atomic", false, "use the atomic option for every schedule dimension")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: tessera codegen [--separate|--atomic] [FILE]  (standard input when FILE is absent or -)")
		fs.PrintDefaults()
	}
	if err := fs.Parse(reorderFlags(args)); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if *separate && *atomic {
		fmt.Fprintln(stderr, "tessera codegen: --separate and --atomic exclude each other")
		return 2
	}
	name := "<stdin>"
	var src []byte
	var err error
	switch fs.NArg() {
	case 0:
		src, err = io.ReadAll(stdin)
	case 1:
		if fs.Arg(0) == "-" {
			src, err = io.ReadAll(stdin)
		} else {
			name = fs.Arg(0)
			src, err = os.ReadFile(name)
		}
	default:
		fs.Usage()
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
	n, err := codegen(string(src), force)
	if err != nil {
		fmt.Fprintf(stderr, "%s:%v\n", name, err)
		return 1
	}
	fmt.Fprint(stdout, ast.PrintC(n))
	return 0
}

// codegen generates the AST of an isl_codegen input: a schedule tree in
// YAML, or a schedule map, a context set and an options map in isl
// notation (comment lines start with '#'). force, when not the default,
// replaces every option.
func codegen(src string, force schedule.ASTOption) (n ast.Node, err error) {
	defer presburger.Recover(&err)
	text := stripComments(src)
	if strings.HasPrefix(strings.TrimSpace(text), "domain:") || strings.HasPrefix(strings.TrimSpace(text), "{ domain:") ||
		strings.HasPrefix(strings.TrimSpace(text), "{domain:") {
		t, err := schedule.ParseYAML(src)
		if err != nil {
			return nil, err
		}
		if err := childlessMark(t, src); err != nil {
			return nil, err
		}
		if force != schedule.OptionDefault {
			t = forceOptions(t, force)
		}
		return astgen.Generate(t, astgen.Config{})
	}
	objs, lines, err := splitObjects(text)
	if err != nil {
		return nil, err
	}
	if len(objs) < 1 || len(objs) > 3 {
		return nil, fmt.Errorf("1:1: error: expected a schedule map, a context and an options map (found %d objects)", len(objs))
	}
	sched, err := presburger.ParseUnionMap(objs[0])
	if err != nil {
		return nil, posErr(err, lines[0])
	}
	ctx := presburger.UniverseSet(presburger.NewParamSpace(nil))
	if len(objs) > 1 {
		if ctx, err = presburger.ParseSet(objs[1]); err != nil {
			return nil, posErr(err, lines[1])
		}
	}
	var opts astgen.Options
	w := 0
	for _, m := range sched.Maps() {
		w = max(w, m.Space().Dim(presburger.Out))
	}
	if len(objs) > 2 {
		o, err := presburger.ParseUnionMap(objs[2])
		if err != nil {
			// Old-style options may be written as a set: { separate[x] }.
			us, err2 := presburger.ParseUnionSet(objs[2])
			if err2 != nil {
				return nil, posErr(err, lines[2])
			}
			o = us.UnionMap()
		}
		if opts, err = flatOptions(o, w); err != nil {
			return nil, fmt.Errorf("%d:1: error: %v", lines[2], err)
		}
	}
	if force != schedule.OptionDefault {
		opts.Partial = nil
		opts.Dims = make([]schedule.ASTOption, w)
		for i := range opts.Dims {
			opts.Dims[i] = force
		}
	}
	return astgen.FromScheduleMap(sched, ctx, opts, astgen.Config{})
}

// flatOptions reads options such as { [i, j] -> separate[1] } or
// { atomic[x] } (x meaning every dimension) for a schedule of w dims. An
// option whose domain (the schedule vectors it maps to option[k]) is the
// whole schedule space sets the option of dim k; otherwise it applies to
// that domain only (astgen.PartialOption).
func flatOptions(o presburger.UnionMap, w int) (astgen.Options, error) {
	var opts astgen.Options
	for _, m := range o.Maps() {
		sp := m.Space()
		name := sp.TupleName(presburger.Out)
		var opt schedule.ASTOption
		switch name {
		case "separate":
			opt = schedule.OptionSeparate
		case "atomic":
			opt = schedule.OptionAtomic
		case "unroll":
			opt = schedule.OptionUnroll
		case "default":
			opt = schedule.OptionDefault
		default:
			return opts, fmt.Errorf("unsupported AST generation option %q (supported: separate, atomic, unroll, default)", name)
		}
		if sp.Dim(presburger.Out) != 1 {
			return opts, fmt.Errorf("option %s needs one dimension", name)
		}
		// Like isl, an option whose domain is not the schedule space, or
		// whose dimension is beyond the schedule, is ignored.
		in := 0
		if sp.IsMap() {
			in = sp.Dim(presburger.In)
		}
		if in != 0 && in != w {
			continue
		}
		for d := 0; d < w; d++ {
			fixed := m.FixVal(presburger.Out, 0, int64(d))
			if fixed.IsEmpty() {
				continue
			}
			var dom presburger.Set
			if sp.IsMap() {
				dom = fixed.Domain()
			} else {
				dom = fixed.Params()
			}
			if presburger.UniverseSet(dom.Space()).Subtract(dom).IsEmpty() {
				for len(opts.Dims) <= d {
					opts.Dims = append(opts.Dims, schedule.OptionDefault)
				}
				opts.Dims[d] = opt
				continue
			}
			if in == 0 {
				// Only parameter constraints: the option holds where
				// they do; a partial option over the w dims.
				dom = dom.AddDims(presburger.Out, w)
			}
			opts.Partial = append(opts.Partial, astgen.PartialOption{Dim: d, Option: opt, Domain: dom})
		}
	}
	return opts, nil
}

// markKey matches the key of a mark node in YAML, block or flow style.
var markKey = regexp.MustCompile(`(^|[\s{,])"?mark"?\s*:`)

// childlessMark rejects, like isl's reader, a mark node written without a
// child (the reader takes it as a mark over a leaf). The error gives the
// position of its "mark" key: the k-th mark of the tree in pre-order is
// the k-th mark key of the text.
func childlessMark(t schedule.Tree, src string) error {
	k, bad := 0, -1
	t.Walk(func(c schedule.Cursor) bool {
		n := c.Node()
		if n.Kind() != schedule.KindMark || bad >= 0 {
			return bad < 0
		}
		if n.NChildren() == 0 || n.Child(0).Kind() == schedule.KindLeaf {
			bad = k
			return false
		}
		k++
		return true
	})
	if bad < 0 {
		return nil
	}
	for i, l := range strings.Split(src, "\n") {
		if strings.HasPrefix(strings.TrimSpace(l), "#") {
			continue
		}
		for _, loc := range markKey.FindAllStringIndex(l, -1) {
			if bad == 0 {
				col := loc[0] + 1
				if loc[0] < len(l) && (l[loc[0]] == ' ' || l[loc[0]] == '\t' || l[loc[0]] == '{' || l[loc[0]] == ',') {
					col++
				}
				return fmt.Errorf("%d:%d: error: mark node without a child", i+1, col)
			}
			bad--
		}
	}
	return fmt.Errorf("1:1: error: mark node without a child")
}

func forceOptions(t schedule.Tree, opt schedule.ASTOption) schedule.Tree {
	for {
		changed := false
		t.Walk(func(c schedule.Cursor) bool {
			n := c.Node()
			if n.Kind() != schedule.KindBand {
				return true
			}
			b := n.Band()
			done := true
			for _, o := range b.Options {
				if o != opt {
					done = false
				}
			}
			if done {
				return true
			}
			for i := range b.Options {
				b.Options[i] = opt
			}
			t = c.SetBand(b).Tree()
			changed = true
			return false
		})
		if !changed {
			return t
		}
	}
}

// stripComments blanks '#' comment lines, keeping line numbers.
func stripComments(src string) string {
	lines := strings.Split(src, "\n")
	for i, l := range lines {
		if strings.HasPrefix(strings.TrimSpace(l), "#") {
			lines[i] = ""
		}
	}
	return strings.Join(lines, "\n")
}

// splitObjects splits text into the top-level isl objects it holds (each
// ends with its outermost closing brace) and gives each one's first line.
func splitObjects(text string) ([]string, []int, error) {
	var objs []string
	var lines []int
	depth, start, line, startLine := 0, -1, 1, 0
	for i, r := range text {
		switch r {
		case '\n':
			line++
		case '{', '[', '(':
			if start < 0 {
				start, startLine = i, line
			}
			if r == '{' {
				depth++
			}
		case '}':
			depth--
			if depth < 0 {
				return nil, nil, fmt.Errorf("%d:1: error: unbalanced '}'", line)
			}
			if depth == 0 {
				objs = append(objs, text[start:i+1])
				lines = append(lines, startLine)
				start = -1
			}
		}
	}
	if depth != 0 {
		return nil, nil, fmt.Errorf("%d:1: error: missing '}' at end of input", line)
	}
	return objs, lines, nil
}

func posErr(err error, line int) error {
	var pe *presburger.ParseError
	if errors.As(err, &pe) {
		return fmt.Errorf("%d:%d: error: %s", line+pe.Line-1, pe.Col, pe.Msg)
	}
	return fmt.Errorf("%d:1: error: %v", line, err)
}
