package scop

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/tessera-opt/tessera/schedule"
)

// Print writes the model as text, the output of `tessera scop FILE.c`:
// parameters, context, arrays, statements with domains and accesses, the
// flat 2d+1 schedule and the schedule tree in isl's YAML form.
func Print(w io.Writer, s *Scop) error {
	var b strings.Builder
	if s.File != "" {
		fmt.Fprintf(&b, "# scop of %s", s.File)
		if s.Region.Pos.IsValid() {
			fmt.Fprintf(&b, " at %s", s.Region.Pos)
		}
		fmt.Fprintf(&b, " (bytes %d..%d)\n", s.Region.Start, s.Region.End)
	}
	fmt.Fprintf(&b, "params: [%s]\n", strings.Join(s.Params, ", "))
	fmt.Fprintf(&b, "context: %s\n", s.Context)
	if s.Assumption != "" {
		fmt.Fprintf(&b, "assumption (checked at run time): %s\n", s.Assumption)
	}
	b.WriteString("arrays:\n")
	for _, a := range s.Arrays {
		fmt.Fprintf(&b, "  %s: rank %d", a.Name, a.Rank)
		if a.ElemType != "" {
			fmt.Fprintf(&b, ", type %s", a.ElemType)
		}
		if len(a.Extents) > 0 {
			fmt.Fprintf(&b, ", extents [%s]", strings.Join(a.Extents, "]["))
		}
		if len(a.Strides) > 0 {
			fmt.Fprintf(&b, ", delinearized (strides %s)", strings.Join(a.Strides, ", "))
		}
		if a.Local {
			b.WriteString(", local")
		}
		if a.ReadOnly {
			b.WriteString(", read-only")
		}
		b.WriteString("\n")
	}
	b.WriteString("statements:\n")
	for _, st := range s.Statements {
		fmt.Fprintf(&b, "  %s: %q at %s", st.Name, st.Text, st.Pos)
		if u, ok := st.Update(); ok {
			fmt.Fprintf(&b, " (update %s)", u.Op)
		}
		b.WriteString("\n")
		fmt.Fprintf(&b, "    domain: %s\n", st.Domain)
		for _, a := range st.Accesses {
			mark := ""
			if a.LHS && a.Kind == Read {
				mark = " (lhs)"
			}
			kind := a.Kind.String()
			if a.May {
				kind = "may " + kind
			}
			fmt.Fprintf(&b, "    %-5s %s%s\n", kind+":", a.Rel, mark)
		}
	}
	b.WriteString("loops:\n")
	for _, l := range s.Loops {
		fmt.Fprintf(&b, "  L%d: %s step %d depth %d parent %d at %s stmts %v\n", l.ID, l.Iter, l.Step, l.Depth, l.Parent, l.Pos, stmtNames(s, l.Stmts))
	}
	fmt.Fprintf(&b, "schedule map: %s\n", s.FlatSchedule)
	b.WriteString("schedule:\n")
	y := scheduleYAML(s)
	for _, line := range strings.Split(strings.TrimRight(y, "\n"), "\n") {
		b.WriteString("  " + line + "\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func stmtNames(s *Scop, idx []int) []string {
	out := make([]string, len(idx))
	for i, k := range idx {
		out[i] = s.Statements[k].Name
	}
	return out
}

// jsonScop is the JSON form of a Scop (presburger values as isl strings).
type jsonScop struct {
	File       string      `json:"file,omitempty"`
	Region     [2]int      `json:"region"`
	Params     []string    `json:"params"`
	Context    string      `json:"context"`
	Arrays     []jsonArray `json:"arrays"`
	Statements []jsonStmt  `json:"statements"`
	Loops      []jsonLoop  `json:"loops"`
	Schedule   string      `json:"schedule"`
	Tree       string      `json:"schedule_tree"`
}

type jsonArray struct {
	Name     string   `json:"name"`
	ElemType string   `json:"type,omitempty"`
	Rank     int      `json:"rank"`
	Extents  []string `json:"extents,omitempty"`
	Local    bool     `json:"local,omitempty"`
	ReadOnly bool     `json:"read_only,omitempty"`
}

type jsonStmt struct {
	Name     string       `json:"name"`
	Text     string       `json:"text"`
	Line     int          `json:"line"`
	Col      int          `json:"col"`
	Iters    []string     `json:"iterators"`
	Update   string       `json:"update,omitempty"`
	Domain   string       `json:"domain"`
	Accesses []jsonAccess `json:"accesses"`
}

type jsonAccess struct {
	Kind     string `json:"kind"`
	Array    string `json:"array"`
	Relation string `json:"relation"`
	LHS      bool   `json:"lhs,omitempty"`
	May      bool   `json:"may,omitempty"`
}

type jsonLoop struct {
	ID     int      `json:"id"`
	Iter   string   `json:"iterator"`
	Step   int64    `json:"step"`
	Depth  int      `json:"depth"`
	Parent int      `json:"parent"`
	Stmts  []string `json:"statements"`
}

// JSON returns the model in JSON (indented, newline-terminated).
func JSON(s *Scop) ([]byte, error) {
	j := jsonScop{
		File:     s.File,
		Region:   [2]int{s.Region.Start, s.Region.End},
		Params:   append([]string{}, s.Params...),
		Context:  s.Context.String(),
		Schedule: s.FlatSchedule.String(),
		Tree:     scheduleYAML(s),
	}
	for _, a := range s.Arrays {
		j.Arrays = append(j.Arrays, jsonArray{a.Name, a.ElemType, a.Rank, a.Extents, a.Local, a.ReadOnly})
	}
	for _, st := range s.Statements {
		js := jsonStmt{Name: st.Name, Text: st.Text, Line: st.Pos.Line, Col: st.Pos.Col, Iters: append([]string{}, st.Iters...), Domain: st.Domain.String()}
		if u, ok := st.Update(); ok {
			js.Update = u.Op.String()
		}
		for _, a := range st.Accesses {
			js.Accesses = append(js.Accesses, jsonAccess{a.Kind.String(), a.Array, a.Rel.String(), a.LHS && a.Kind == Read, a.May})
		}
		j.Statements = append(j.Statements, js)
	}
	for _, l := range s.Loops {
		j.Loops = append(j.Loops, jsonLoop{l.ID, l.Iter, l.Step, l.Depth, l.Parent, stmtNames(s, l.Stmts)})
	}
	out, err := json.MarshalIndent(j, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(out, '\n'), nil
}

// scheduleYAML is the schedule tree in isl's YAML form.
func scheduleYAML(s *Scop) string { return schedule.WriteYAML(s.Schedule) }
