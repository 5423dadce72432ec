package deps

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
)

// Print writes the dependences as text, the output of `tessera deps
// FILE.c`: one block per dependence (kind, statements, array, carrying
// levels, distance vectors, relation), then the loop summary.
func Print(w io.Writer, d *Deps) error {
	var b strings.Builder
	mode := "memory-based"
	if d.Config.Dataflow {
		mode = "value-based flow, memory-based anti/output"
	}
	fmt.Fprintf(&b, "dependences (%s): %d\n", mode, len(d.Deps))
	for _, x := range d.Deps {
		may := ""
		if x.Source.Accesses[x.SrcAccess].May || x.Target.Accesses[x.TgtAccess].May {
			may = ", may" // through a may access: instances that may touch one element
		}
		fmt.Fprintf(&b, "  %s %s -> %s on %s (access %d -> %d%s)", x.Kind, x.Source.Name, x.Target.Name, x.Array, x.SrcAccess, x.TgtAccess, may)
		fmt.Fprintf(&b, " levels %s", levels(x.Levels))
		if dist, ok := d.Distances(x); ok {
			fmt.Fprintf(&b, " distance %s", dist)
		}
		fmt.Fprintf(&b, "\n    %s\n", x.Rel)
	}
	b.WriteString("loops:\n")
	for _, l := range d.Loops {
		state := "sequential"
		switch {
		case l.Parallel:
			state = "parallel"
		case l.Reduction:
			state = "reduction"
		}
		fmt.Fprintf(&b, "  L%d (%s, depth %d): %s", l.Loop.ID, l.Loop.Iter, l.Loop.Depth, state)
		if len(l.Carried) > 0 {
			fmt.Fprintf(&b, ", carries %d", len(l.Carried))
		}
		b.WriteString("\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func levels(l []int) string {
	s := make([]string, len(l))
	for i, v := range l {
		s[i] = fmt.Sprint(v)
	}
	return "[" + strings.Join(s, " ") + "]"
}

type jsonDep struct {
	Kind      string `json:"kind"`
	Source    string `json:"source"`
	Target    string `json:"target"`
	SrcAccess int    `json:"source_access"`
	TgtAccess int    `json:"target_access"`
	Array     string `json:"array"`
	Levels    []int  `json:"levels"`
	Distance  string `json:"distance,omitempty"`
	Relation  string `json:"relation"`
	Value     bool   `json:"value_based,omitempty"`
}

type jsonLoop struct {
	ID        int    `json:"id"`
	Iter      string `json:"iterator"`
	Depth     int    `json:"depth"`
	Parallel  bool   `json:"parallel"`
	Reduction bool   `json:"reduction"`
	Carried   int    `json:"carried"`
}

type jsonDeps struct {
	Dataflow bool       `json:"dataflow"`
	Deps     []jsonDep  `json:"dependences"`
	Loops    []jsonLoop `json:"loops"`
}

// JSON returns the dependences in JSON (indented, newline-terminated).
func JSON(d *Deps) ([]byte, error) {
	j := jsonDeps{Dataflow: d.Config.Dataflow, Deps: []jsonDep{}, Loops: []jsonLoop{}}
	for _, x := range d.Deps {
		jd := jsonDep{Kind: x.Kind.String(), Source: x.Source.Name, Target: x.Target.Name, SrcAccess: x.SrcAccess,
			TgtAccess: x.TgtAccess, Array: x.Array, Levels: x.Levels, Relation: x.Rel.String(), Value: x.ValueBased}
		if dist, ok := d.Distances(x); ok {
			jd.Distance = dist.String()
		}
		j.Deps = append(j.Deps, jd)
	}
	for _, l := range d.Loops {
		j.Loops = append(j.Loops, jsonLoop{l.Loop.ID, l.Loop.Iter, l.Loop.Depth, l.Parallel, l.Reduction, len(l.Carried)})
	}
	out, err := json.MarshalIndent(j, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(out, '\n'), nil
}
