package openscop

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// Print writes the documents in the OpenScop text format, one after the
// other (as Clan writes the SCoPs of one file), with comments naming the
// columns as Clan and the OpenScop library print them.
func Print(w io.Writer, docs ...*Scop) error {
	bw := bufio.NewWriter(w)
	for i, s := range docs {
		if i > 0 {
			bw.WriteString("\n")
		}
		writeScop(bw, s)
	}
	return bw.Flush()
}

// String returns the document in the OpenScop text format.
func (s *Scop) String() string {
	var b strings.Builder
	Print(&b, s)
	return b.String()
}

func writeScop(w *bufio.Writer, s *Scop) {
	p := func(format string, args ...any) { fmt.Fprintf(w, format, args...) }
	p("<OpenScop>\n\n")
	p("# =============================================== Global\n")
	p("# Language\n%s\n\n", s.Language)
	p("# Context\n")
	ctx := s.Context
	if ctx == nil {
		ctx = &Relation{Type: Context, Parts: []Part{{Params: len(s.Params)}}}
	}
	writeRelation(w, ctx, columnNames{params: s.Params})
	p("\n")
	if s.Params != nil {
		p("# Parameters are provided\n1\n<strings>\n%s\n</strings>\n\n", strings.Join(s.Params, " "))
	} else {
		p("# Parameters are not provided\n0\n\n")
	}
	p("# Number of statements\n%d\n\n", len(s.Statements))
	for k, st := range s.Statements {
		p("# =============================================== Statement %d\n", k+1)
		rels := st.relations()
		p("# Number of relations describing the statement:\n%d\n\n", len(rels))
		var iters []string
		if st.Body != nil {
			iters = st.Body.Iterators
		}
		for j, r := range rels {
			p("# ----------------------------------------------  %d.%d %s\n", k+1, j+1, relTitle(r.Type))
			names := columnNames{params: s.Params}
			switch {
			case r.Type == Domain:
				names.out = iters
			case r.Type == Scattering:
				names.out, names.in = s.ScatNames, iters
			case r.Type.IsAccess():
				names.in = iters
				names.access = true
			}
			writeRelation(w, r, names)
			p("\n")
		}
		n := len(st.Extensions)
		if st.Body != nil {
			n++
		}
		p("# ----------------------------------------------  %d.%d Statement Extensions\n", k+1, len(rels)+1)
		p("# Number of Statement Extensions\n%d\n", n)
		if st.Body != nil {
			p("<body>\n# Number of original iterators\n%d\n", len(st.Body.Iterators))
			if len(st.Body.Iterators) > 0 {
				p("# List of original iterators\n%s\n", strings.Join(st.Body.Iterators, " "))
			}
			p("# Statement body expression\n%s\n</body>\n", st.Body.Text)
		}
		for _, g := range st.Extensions {
			writeGeneric(w, g)
		}
		p("\n")
	}
	p("# =============================================== Extensions\n")
	if s.ScatNames != nil {
		p("<scatnames>\n%s\n</scatnames>\n\n", strings.Join(s.ScatNames, " "))
	}
	if s.Arrays != nil {
		p("<arrays>\n# Number of arrays\n%d\n# Mapping array-identifiers/array-names\n", len(s.Arrays))
		for _, a := range s.Arrays {
			p("%d %s\n", a.ID, a.Name)
		}
		p("</arrays>\n\n")
	}
	if c := s.Coordinates; c != nil {
		p("<coordinates>\n# File name\n%s\n# Starting line and column\n%d %d\n# Ending line and column\n%d %d\n# Indentation\n%d\n</coordinates>\n\n",
			c.File, c.StartLine, c.StartCol, c.EndLine, c.EndCol, c.Indent)
	}
	for _, g := range s.Extensions {
		writeGeneric(w, g)
		p("\n")
	}
	p("</OpenScop>\n")
}

func writeGeneric(w *bufio.Writer, g Generic) {
	fmt.Fprintf(w, "<%s>\n", g.URI)
	if g.Text != "" {
		w.WriteString(g.Text)
		if !strings.HasSuffix(g.Text, "\n") {
			w.WriteString("\n")
		}
	}
	fmt.Fprintf(w, "</%s>\n", g.URI)
}

// relations returns the statement's relations in the order the
// specification recommends: domain, scattering, accesses.
func (st *Statement) relations() []*Relation {
	var rels []*Relation
	if st.Domain != nil {
		rels = append(rels, st.Domain)
	}
	if st.Scattering != nil {
		rels = append(rels, st.Scattering)
	}
	return append(rels, st.Accesses...)
}

func relTitle(t RelType) string {
	switch t {
	case Domain:
		return "Domain"
	case Scattering:
		return "Scattering"
	}
	return "Access"
}

// columnNames names the columns of a relation in its comments (only in
// comments: names that are missing are generated).
type columnNames struct {
	out, in, params []string
	access          bool // the first output dim is the array identifier
}

func (c columnNames) header(p Part) string {
	name := func(names []string, i int, def string) string {
		if i < len(names) && names[i] != "" {
			return names[i]
		}
		return def
	}
	var cols []string
	cols = append(cols, "e/i|")
	for i := 0; i < p.Out; i++ {
		switch {
		case c.access && i == 0:
			cols = append(cols, "Arr")
		case c.access:
			cols = append(cols, "["+strconv.Itoa(i)+"]")
		default:
			cols = append(cols, name(c.out, i, "c"+strconv.Itoa(i+1)))
		}
	}
	if p.Out > 0 {
		cols = append(cols, "|")
	}
	for i := 0; i < p.In; i++ {
		cols = append(cols, name(c.in, i, "i"+strconv.Itoa(i+1)))
	}
	if p.In > 0 {
		cols = append(cols, "|")
	}
	for i := 0; i < p.Local; i++ {
		cols = append(cols, "l"+strconv.Itoa(i+1))
	}
	if p.Local > 0 {
		cols = append(cols, "|")
	}
	for i := 0; i < p.Params; i++ {
		cols = append(cols, name(c.params, i, "P"+strconv.Itoa(i+1)))
	}
	if p.Params > 0 {
		cols = append(cols, "|")
	}
	cols = append(cols, "1")
	return "# " + strings.Join(cols, " ")
}

func writeRelation(w *bufio.Writer, r *Relation, names columnNames) {
	fmt.Fprintf(w, "%s\n", r.Type)
	if len(r.Parts) > 1 {
		fmt.Fprintf(w, "%d # Number of relations in the union\n", len(r.Parts))
	}
	for k, p := range r.Parts {
		if len(r.Parts) > 1 {
			fmt.Fprintf(w, "# Union part No.%d\n", k+1)
		}
		fmt.Fprintf(w, "%d %d %d %d %d %d\n", len(p.Rows), p.NCols(), p.Out, p.In, p.Local, p.Params)
		if len(p.Rows) > 0 {
			fmt.Fprintf(w, "%s\n", names.header(p))
		}
		for _, row := range p.Rows {
			for j, v := range row {
				if j > 0 {
					w.WriteString(" ")
				}
				fmt.Fprintf(w, "%4d", v)
			}
			w.WriteString("\n")
		}
	}
}
