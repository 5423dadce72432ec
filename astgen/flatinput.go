package astgen

import (
	"errors"
	"fmt"
	"strings"

	"github.com/tessera-opt/tessera/presburger"
	"github.com/tessera-opt/tessera/schedule"
)

// This file reads the flat form of isl_codegen's input (the .in files of
// `tessera codegen` and of the AST-generation suite):
//
//	[n] -> { S[i] -> [i, 0] : 0 <= i < n; T[i] -> [i, 1] }   # schedule
//	[n] -> { : n >= 1 }                                      # context
//	{ [i, j] -> separate[x] }                                # options
//
// Each object is an optional parameter list "[...] ->" followed by a
// braced body; '#' starts a comment that runs to the end of the line. The
// schedule may come after its domain (a union set, intersected with the
// schedule's domain). The context and the options may be missing (no
// assumption, no option); text after the options is ignored, as
// isl_codegen stops reading there. Notation presburger does not read yet
// is first rewritten by schedule.Desugar.

// FlatInput is a parsed input of the flat form.
type FlatInput struct {
	// Schedule maps the statement instances to their schedule vectors
	// (a domain written before it is intersected in).
	Schedule presburger.UnionMap
	// Context is the assumption on the parameters: the universe of no
	// parameters when the input has none (HasContext false).
	Context    presburger.Set
	HasContext bool
	// OptionMap is the options object as a union map (HasOptions when the
	// input has one); OptionSets holds it again when it is written as sets
	// ({ separate[x] }, { isolate[[o] -> [i]] : ... }).
	OptionMap  presburger.UnionMap
	HasOptions bool
	OptionSets []presburger.Set
	// SchedLine:SchedCol and OptLine:OptCol are the positions (from 1) of
	// the schedule and of the options object in the source.
	SchedLine, SchedCol int
	OptLine, OptCol     int
}

// islObject is the text of one top-level isl object and its position.
type islObject struct {
	text      string
	line, col int
}

// BlankComments replaces every '#' comment of src (up to the end of its
// line) by spaces, keeping line and column numbers: the text the flat
// form's objects are read from, and where a caller can tell the flat form
// from a schedule tree in YAML.
func BlankComments(src string) string {
	b := []byte(src)
	for i := 0; i < len(b); i++ {
		if b[i] != '#' {
			continue
		}
		for ; i < len(b) && b[i] != '\n'; i++ {
			if b[i] != '\r' {
				b[i] = ' '
			}
		}
	}
	return string(b)
}

// splitIslObjects returns the first limit top-level objects of text
// (comments already blanked). An object ends with the brace closing its
// body. Text that is not an object is an error before the third object
// and ends the list after it.
func splitIslObjects(text string, limit int) ([]islObject, error) {
	var objs []islObject
	line, col := 1, 1
	i := 0
	advance := func() {
		if text[i] == '\n' {
			line, col = line+1, 1
		} else if text[i]&0xC0 != 0x80 {
			col++
		}
		i++
	}
	skipSpace := func() {
		for i < len(text) && strings.IndexByte(" \t\r\n\f\v", text[i]) >= 0 {
			advance()
		}
	}
	errf := func(l, c int, format string, args ...any) error {
		return fmt.Errorf("%d:%d: error: %s", l, c, fmt.Sprintf(format, args...))
	}
	for len(objs) < limit {
		if len(objs) >= 3 {
			// A fourth object is only needed when the first is a
			// domain; anything else after three objects is ignored.
			more, err := splitIslObjects(text[i:], 1)
			if err == nil && len(more) == 1 {
				o := more[0]
				if o.line == 1 {
					o.col += col - 1
				}
				o.line += line - 1
				objs = append(objs, o)
			}
			break
		}
		skipSpace()
		// Separators isl would not need but some files carry.
		for i < len(text) && text[i] == ';' {
			advance()
			skipSpace()
		}
		if i >= len(text) {
			break
		}
		start, sl, sc := i, line, col
		if text[i] != '[' && text[i] != '{' {
			return nil, errf(line, col, "expected a set or a map ('[' or '{'), found %q", text[i:i+1])
		}
		if text[i] == '[' {
			// The parameter list, up to its closing bracket, then "->".
			depth := 0
			for i < len(text) {
				c := text[i]
				advance()
				if c == '[' || c == '(' {
					depth++
				} else if c == ']' || c == ')' {
					depth--
					if depth == 0 {
						break
					}
				}
			}
			if depth != 0 {
				return nil, errf(sl, sc, "missing ']' after the parameter list")
			}
			skipSpace()
			if !strings.HasPrefix(text[i:], "->") {
				return nil, errf(line, col, "expected '->' after the parameter list")
			}
			advance()
			advance()
			skipSpace()
			if i >= len(text) || text[i] != '{' {
				return nil, errf(line, col, "expected '{' after the parameter list")
			}
		}
		bl, bc := line, col
		depth := 0
		for i < len(text) {
			c := text[i]
			advance()
			if c == '{' {
				depth++
			} else if c == '}' {
				depth--
				if depth == 0 {
					break
				}
			}
		}
		if depth != 0 {
			return nil, errf(bl, bc, "missing '}' at the end of the input")
		}
		objs = append(objs, islObject{text: text[start:i], line: sl, col: sc})
	}
	return objs, nil
}

// objErr moves an error of the presburger parser (positions relative to
// the object's text) to the position in the input.
func objErr(err error, o islObject) error {
	var pe *presburger.ParseError
	if errors.As(err, &pe) {
		l, c := pe.Line, pe.Col
		if l <= 1 {
			l, c = o.line, o.col+max(c, 1)-1
		} else {
			l = o.line + l - 1
		}
		return fmt.Errorf("%d:%d: error: %s", l, c, pe.Msg)
	}
	return fmt.Errorf("%d:%d: error: %v", o.line, o.col, err)
}

// ParseFlatInput reads an input of the flat form. Errors (of the
// splitting and of the presburger parser) are "line:col: error: ..." with
// the position in src.
func ParseFlatInput(src string) (in FlatInput, err error) {
	defer presburger.Recover(&err)
	objs, err := splitIslObjects(BlankComments(src), 4)
	if err != nil {
		return in, err
	}
	if len(objs) == 0 {
		return in, fmt.Errorf("1:1: error: empty input: expected a schedule map (or a schedule tree in YAML)")
	}
	o := objs[0]
	in.SchedLine, in.SchedCol = o.line, o.col
	u, isSet, err := parseUnionSugared(o.text)
	if err != nil {
		return in, objErr(err, o)
	}
	if isSet && !u.PlainIsEmpty() {
		// A domain followed by the schedule map: the schedule of the
		// domain's instances.
		var sched presburger.UnionMap
		var schedIsSet bool
		if len(objs) > 1 {
			sched, schedIsSet, err = parseUnionSugared(objs[1].text)
		}
		if len(objs) < 2 || err != nil || schedIsSet {
			return in, fmt.Errorf("%d:%d: error: expected a schedule map, found a set", o.line, o.col)
		}
		dom, err := parseSugared(o.text, presburger.ParseUnionSet)
		if err != nil {
			return in, objErr(err, o)
		}
		u = sched.IntersectDomain(dom)
		objs = objs[1:]
	}
	in.Schedule = u
	in.Context = presburger.UniverseSet(presburger.NewParamSpace(nil))
	if len(objs) > 1 {
		o := objs[1]
		if in.Context, err = parseSugared(o.text, presburger.ParseSet); err != nil {
			return in, objErr(err, o)
		}
		in.HasContext = true
	}
	if len(objs) > 2 {
		o := objs[2]
		in.HasOptions, in.OptLine, in.OptCol = true, o.line, o.col
		// A union map { [i] -> separate[x] }, or the older set form
		// { separate[x] } meaning every schedule vector.
		u, isSet, err := parseUnionSugared(o.text)
		if err != nil {
			return in, objErr(err, o)
		}
		in.OptionMap = u
		if isSet {
			us, err := parseSugared(o.text, presburger.ParseUnionSet)
			if err != nil {
				return in, objErr(err, o)
			}
			in.OptionSets = us.Sets()
		}
	}
	return in, nil
}

// Width returns the largest number of schedule dims of the schedule.
func (in FlatInput) Width() int {
	w := 0
	for _, m := range in.Schedule.Maps() {
		w = max(w, m.Space().Dim(presburger.Out))
	}
	return w
}

// Options returns the generator's options (for FromScheduleMap). force,
// when not schedule.OptionDefault (separate or atomic), drops the separate
// and atomic options and applies force to every dim, keeping the unroll
// options (isl_codegen --separate / --atomic).
func (in FlatInput) Options(force schedule.ASTOption) (Options, error) {
	w := in.Width()
	var opts Options
	if in.HasOptions {
		var err error
		if opts, err = flatOptions(in.OptionMap, w); err != nil {
			return opts, fmt.Errorf("%d:%d: error: %v", in.OptLine, in.OptCol, err)
		}
		isolateOptions(&opts, in.OptionSets, w)
	}
	if force == schedule.OptionDefault {
		return opts, nil
	}
	dims := make([]schedule.ASTOption, w)
	for i := range dims {
		dims[i] = force
		if i < len(opts.Dims) && opts.Dims[i] == schedule.OptionUnroll {
			dims[i] = schedule.OptionUnroll
		}
	}
	opts.Dims = dims
	var keep []PartialOption
	for _, p := range opts.Partial {
		if p.Option == schedule.OptionUnroll {
			keep = append(keep, p)
		}
	}
	opts.Partial = keep
	return opts, nil
}

// flatOptions reads options such as { [i, j] -> separate[1] } or
// { atomic[x] } (x meaning every dimension) for a schedule of w dims. An
// option whose domain (the schedule vectors it maps to option[k]) is the
// whole schedule space sets the option of dim k; otherwise it applies to
// that domain only (PartialOption). Like isl, options of other
// names or shapes are ignored, and so is an option over another space
// than the schedule's or for a dimension beyond it.
func flatOptions(o presburger.UnionMap, w int) (Options, error) {
	var opts Options
	for _, m := range o.Maps() {
		sp := m.Space()
		opt, ok := schedule.ParseASTOption(sp.TupleName(presburger.Out))
		if !ok || sp.Dim(presburger.Out) != 1 {
			continue
		}
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
			opts.Partial = append(opts.Partial, PartialOption{Dim: d, Option: opt, Domain: dom})
		}
	}
	return opts, nil
}

// parseSugared parses s, and when that fails, s rewritten by
// schedule.Desugar (isl notation presburger does not read yet); the error
// is that of the first attempt.
func parseSugared[T any](s string, parse func(string) (T, error)) (T, error) {
	v, err := parse(s)
	if err == nil {
		return v, nil
	}
	if d, ok := schedule.Desugar(s); ok {
		if v2, err2 := parse(d); err2 == nil {
			return v2, nil
		}
	}
	return v, err
}

type parsedUnion struct {
	u     presburger.UnionMap
	isSet bool
}

func parseUnionSugared(s string) (presburger.UnionMap, bool, error) {
	p, err := parseSugared(s, func(s string) (parsedUnion, error) {
		u, isSet, err := presburger.ParseUnion(s)
		return parsedUnion{u, isSet}, err
	})
	return p.u, p.isSet, err
}

// isolateOptions reads the isolate options written as sets, as in a band's
// options: { isolate[[outer] -> [inner]] : ... } over the w schedule dims
// (split anywhere between outer and inner) and { [isolate[] -> kind[x]] }
// for the options inside the isolated part. Others are ignored.
func isolateOptions(opts *Options, sets []presburger.Set, w int) {
	for _, s := range sets {
		sp := s.Space()
		nested, ok := sp.Nested(presburger.Out)
		if !ok {
			continue
		}
		if sp.TupleName(presburger.Out) == "isolate" {
			if nested.Dim(presburger.In)+nested.Dim(presburger.Out) != w {
				continue
			}
			m := s.Unwrap()
			flat := m.Domain().Identity().FlatRangeProduct(m).Range()
			if opts.Isolate != nil {
				flat = opts.Isolate.Union(flat)
			}
			opts.Isolate = &flat
			continue
		}
		if nested.TupleName(presburger.In) != "isolate" || nested.Dim(presburger.In) != 0 || nested.Dim(presburger.Out) != 1 {
			continue
		}
		opt, ok := schedule.ParseASTOption(nested.TupleName(presburger.Out))
		if !ok {
			continue
		}
		vals := s.Unwrap().Range()
		for d := 0; d < w; d++ {
			if vals.FixVal(presburger.Out, 0, int64(d)).IsEmpty() {
				continue
			}
			for len(opts.IsolateDims) <= d {
				opts.IsolateDims = append(opts.IsolateDims, schedule.OptionDefault)
			}
			opts.IsolateDims[d] = opt
		}
	}
}
