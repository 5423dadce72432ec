package main

import (
	"fmt"
	"slices"

	"github.com/tessera-opt/tessera/presburger"
	"github.com/tessera-opt/tessera/schedule"
	"go.yaml.in/yaml/v3"
)

// unknownOptions returns a warning ("line:col: warning: ...") for every
// AST generation option of src that the generator ignores: names other
// than atomic, separate, unroll and isolate (isl ignores them too, without
// a word), and isl's deprecated separation_class, which tessera does not
// implement. src has already been read without error.
func unknownOptions(src string) []string {
	type object struct {
		text      string
		line, col int
	}
	var objs []object
	if isYAMLInput(src) {
		var doc yaml.Node
		if yaml.Unmarshal([]byte(src), &doc) != nil {
			return nil
		}
		var walk func(n *yaml.Node)
		walk = func(n *yaml.Node) {
			for i, c := range n.Content {
				if n.Kind == yaml.MappingNode && i%2 == 1 && c.Kind == yaml.ScalarNode {
					if k := n.Content[i-1].Value; k == "options" || k == "ast_build_options" {
						objs = append(objs, object{c.Value, c.Line, c.Column})
					}
				}
				walk(c)
			}
		}
		walk(&doc)
	} else {
		in, err := readCodegenInput(src)
		if err != nil || !in.HasOptions {
			return nil
		}
		var spaces []presburger.Space
		if in.OptionSets != nil {
			for _, s := range in.OptionSets {
				spaces = append(spaces, s.Space())
			}
		} else {
			for _, m := range in.OptionMap.Maps() {
				spaces = append(spaces, m.Space().Range())
			}
		}
		return optionWarnings(spaces, in.OptLine, in.OptCol)
	}
	var out []string
	for _, o := range objs {
		u, err := presburger.ParseUnionSet(o.text)
		if err != nil {
			d, ok := schedule.Desugar(o.text)
			if !ok {
				continue
			}
			if u, err = presburger.ParseUnionSet(d); err != nil {
				continue
			}
		}
		var spaces []presburger.Space
		for _, s := range u.Sets() {
			spaces = append(spaces, s.Space())
		}
		out = append(out, optionWarnings(spaces, o.line, o.col)...)
	}
	return out
}

// optionWarnings checks the option spaces of one options object at
// line:col; each unknown name is reported once.
func optionWarnings(spaces []presburger.Space, line, col int) []string {
	var out, seen []string
	for _, sp := range spaces {
		name := optionName(sp)
		if name == "" || slices.Contains(seen, name) {
			continue
		}
		seen = append(seen, name)
		msg := fmt.Sprintf("unknown AST generation option %q, ignored as isl ignores it (the options are atomic, separate, unroll and isolate)", name)
		if name == "separation_class" {
			msg = "AST generation option separation_class (deprecated in isl for isolate) is not supported and is ignored"
		}
		out = append(out, fmt.Sprintf("%d:%d: warning: %s", max(line, 1), max(col, 1), msg))
	}
	return out
}

// optionName returns the name of the option of set space sp when the
// generator does not know it, else "": known are kind[x], isolate[[...] ->
// [...]] and [isolate[] -> kind[x]] for kind atomic, separate or unroll.
func optionName(sp presburger.Space) string {
	name := sp.TupleName(presburger.Out)
	nested, ok := sp.Nested(presburger.Out)
	if !ok {
		if o, known := schedule.ParseASTOption(name); known && o != schedule.OptionDefault {
			return ""
		}
		return orUnnamed(name)
	}
	if name == "isolate" {
		return ""
	}
	if name == "" && nested.TupleName(presburger.In) == "isolate" {
		inner := nested.TupleName(presburger.Out)
		if o, known := schedule.ParseASTOption(inner); known && o != schedule.OptionDefault {
			return ""
		}
		return "isolate[] -> " + orUnnamed(inner)
	}
	return orUnnamed(name)
}

func orUnnamed(name string) string {
	if name == "" {
		return "(unnamed)"
	}
	return name
}
