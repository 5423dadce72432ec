package openscop

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/tessera-opt/tessera/cfront"
	"github.com/tessera-opt/tessera/presburger"
	"github.com/tessera-opt/tessera/scop"
)

// maxBodyText is the longest statement text the OpenScop library reads
// back (its line buffer holds 2048 bytes with the terminating zero).
const maxBodyText = 2047

// FromModel returns the OpenScop document of a region's model with its
// original schedule as scattering. src, when not nil, is the text of the
// model's file, for the end of the <coordinates> extension.
//
// We write the parameters and the context, then per statement its domain,
// its scattering in the 2d+1 form (beta0, i0, beta1, ..., beta_d: one
// equality per scattering dimension, as Pluto and CLooG read it; a loop
// with a negative step contributes -i), one relation per access (the
// array identifier, then one equality per subscript when the subscripts
// are affine functions of the iterators, the access relation with its
// local dimensions otherwise; a may-write of the model (scop's Access.May,
// a subscript that is not affine) is a MAY_WRITE relation, a may-read a
// READ relation over every element it may read, as OpenScop has no
// MAY_READ and its tools take a READ relation for the elements that may
// be read), and the <body> (C iterator names and the
// statement's text on one line). The document carries the <scatnames>,
// <arrays> (identifiers 1, 2, ... in the order of the model's arrays) and
// <coordinates> extensions.
func FromModel(s *scop.Scop, src []byte) (doc *Scop, err error) {
	defer presburger.Recover(&err)
	params := s.Params
	doc = &Scop{Language: "C"}
	if len(params) > 0 {
		doc.Params = append([]string{}, params...)
	}
	doc.Context = &Relation{Type: Context, Parts: setParts(s.Context.AlignParams(params), 0)}
	ids := map[string]int{}
	doc.Arrays = []Array{}
	for k, a := range s.Arrays {
		ids[a.Name] = k + 1
		doc.Arrays = append(doc.Arrays, Array{ID: k + 1, Name: a.Name})
	}
	width := 0
	for _, st := range s.Statements {
		d := len(st.Iters)
		dom := st.Domain.AlignParams(params)
		os := &Statement{Domain: &Relation{Type: Domain, Parts: setParts(dom, d)}}
		scat, err := scattering(s, st, len(params))
		if err != nil {
			return nil, err
		}
		os.Scattering = scat
		width = max(width, scat.Parts[0].Out)
		for _, a := range st.Accesses {
			typ := Read
			switch {
			case a.Kind == scop.Write && a.May:
				typ = MayWrite
			case a.Kind == scop.Write:
				typ = Write
			}
			id, ok := ids[a.Array]
			if !ok {
				return nil, fmt.Errorf("openscop: statement %s accesses %s, which is not among the model's arrays", st.Name, a.Array)
			}
			os.Accesses = append(os.Accesses, &Relation{Type: typ, Parts: accessParts(a.Rel.AlignParams(params), dom, id)})
		}
		text, err := bodyText(st)
		if err != nil {
			return nil, err
		}
		os.Body = &Body{Iterators: append([]string{}, st.CIters...), Text: text}
		doc.Statements = append(doc.Statements, os)
	}
	for k := range width {
		doc.ScatNames = append(doc.ScatNames, "c"+strconv.Itoa(k+1))
	}
	doc.Coordinates = coordinates(s, src)
	return doc, nil
}

// bodyText returns the statement's C text on one line.
func bodyText(st *scop.Statement) (string, error) {
	text := st.Text
	if st.Syntax != nil {
		text = cfront.FormatStmt(st.Syntax, "", " ", func(string) (string, bool) { return "", false })
	}
	text = strings.Join(strings.Fields(text), " ")
	if strings.ContainsAny(text, "#") {
		return "", fmt.Errorf("openscop: the text of statement %s contains '#', which OpenScop readers take for a comment", st.Name)
	}
	if len(text) > maxBodyText {
		return "", fmt.Errorf("openscop: the text of statement %s is %d bytes long, over the %d that the OpenScop library reads", st.Name, len(text), maxBodyText)
	}
	return text, nil
}

// scattering returns the 2d+1 scattering of st, built from its textual
// positions (Beta) and the directions of its loops, after checking that
// it orders the instances as the model's flat schedule does.
func scattering(s *scop.Scop, st *scop.Statement, np int) (*Relation, error) {
	d := len(st.Iters)
	p := Part{Out: 2*d + 1, In: d, Params: np}
	if len(st.Beta) != d+1 {
		return nil, fmt.Errorf("openscop: statement %s has %d textual positions for %d loops", st.Name, len(st.Beta), d)
	}
	for k := 0; k <= d; k++ {
		row := make([]int64, p.NCols())
		row[1+2*k] = -1
		row[len(row)-1] = int64(st.Beta[k])
		p.Rows = append(p.Rows, row)
		if k == d {
			break
		}
		row = make([]int64, p.NCols())
		row[1+2*k+1] = -1
		sign := int64(1)
		if l := st.Loops[k]; l >= 0 && l < len(s.Loops) && s.Loops[l].Step < 0 {
			sign = -1
		}
		row[1+p.Out+k] = sign
		p.Rows = append(p.Rows, row)
	}
	rel := &Relation{Type: Scattering, Parts: []Part{p}}
	if err := checkScattering(s, st, rel); err != nil {
		return nil, err
	}
	return rel, nil
}

// checkScattering checks that the scattering built for st is the model's
// flat schedule of st without its padding.
func checkScattering(s *scop.Scop, st *scop.Statement, rel *Relation) error {
	var flat presburger.Map
	found := false
	for _, m := range s.FlatSchedule.Maps() {
		if m.Space().TupleName(presburger.In) == st.Name {
			flat, found = m, true
		}
	}
	if !found {
		return nil // a model without flat schedule: nothing to compare with
	}
	dom := st.Domain.AlignParams(s.Params)
	mine, err := relationMap(rel, s.Params, st.Name, append([]string{}, st.Iters...), "", nil)
	if err != nil {
		return err
	}
	mine = mine.IntersectDomain(dom)
	n := rel.Parts[0].Out
	flat = flat.AlignParams(s.Params).IntersectDomain(dom)
	if w := flat.Space().Dim(presburger.Out); w > n {
		for k := n; k < w; k++ {
			flat = flat.FixVal(presburger.Out, k, 0)
		}
		flat = flat.ProjectOut(presburger.Out, n, w-n)
	}
	if flat.Space().Dim(presburger.Out) != n || !flat.IsEqual(mine) {
		return fmt.Errorf("openscop: the 2d+1 scattering of statement %s differs from the model's original schedule", st.Name)
	}
	return nil
}

// setParts returns the parts of a set (or of a parameter set when d is 0
// and s has no dims) as OpenScop parts with d output dims.
func setParts(s presburger.Set, d int) []Part {
	var parts []Part
	for _, b := range s.Parts() {
		parts = append(parts, basicPart(b.Map(), 0, d))
	}
	if len(parts) == 0 {
		// The empty set: one part with the constraint -1 >= 0.
		p := Part{Out: d, Params: s.Space().NParam()}
		row := make([]int64, p.NCols())
		row[0], row[len(row)-1] = 1, -1
		p.Rows = [][]int64{row}
		parts = append(parts, p)
	}
	return parts
}

// basicPart turns a basic map with nin input and nout output dims into
// an OpenScop part (output dims first); the defining constraints of its
// known divisions become explicit rows.
func basicPart(b presburger.BasicMap, nin, nout int) Part {
	np := b.Space().NParam()
	nl := b.NLocal()
	p := Part{Out: nout, In: nin, Local: nl, Params: np}
	// col maps a presburger column [params | in | out | locals | const]
	// to an OpenScop column [e/i | out | in | locals | params | const].
	col := func(c int) int {
		switch {
		case c < np:
			return 1 + nout + nin + nl + c
		case c < np+nin:
			return 1 + nout + (c - np)
		case c < np+nin+nout:
			return 1 + (c - np - nin)
		case c < np+nin+nout+nl:
			return 1 + nout + nin + (c - np - nin - nout)
		}
		return p.NCols() - 1 // the constant
	}
	conv := func(kind int64, r []int64) []int64 {
		row := make([]int64, p.NCols())
		row[0] = kind
		for c, v := range r {
			row[col(c)] += v
		}
		return row
	}
	for _, r := range b.Eqs() {
		p.Rows = append(p.Rows, conv(0, r))
	}
	for _, r := range b.Ineqs() {
		p.Rows = append(p.Rows, conv(1, r))
	}
	for i := range nl {
		l := b.Local(i)
		if !l.Known() {
			continue
		}
		// Den*q <= Row·x <= Den*q + Den - 1.
		lo := conv(1, l.Row)
		lo[1+nout+nin+i] -= l.Den
		hi := make([]int64, len(lo))
		for k := 1; k < len(lo); k++ {
			hi[k] = -lo[k]
		}
		hi[0] = 1
		hi[len(hi)-1] += l.Den - 1
		p.Rows = append(p.Rows, lo, hi)
	}
	return p
}

// accessParts returns the access relation rel of array id as OpenScop
// parts: when rel is one affine function of the iterators on the domain,
// one equality per subscript (the form Pluto reads); otherwise the
// relation's constraints with their local dims.
func accessParts(rel presburger.Map, dom presburger.Set, id int) []Part {
	nin := rel.Space().Dim(presburger.In)
	nout := rel.Space().Dim(presburger.Out)
	g := rel.GistDomain(dom)
	var parts []Part
	if rows, ok := functionRows(g, nin, nout); ok {
		parts = []Part{{Out: nout + 1, In: nin, Params: rel.Space().NParam(), Rows: rows}}
	} else {
		for _, b := range rel.Parts() {
			parts = append(parts, shiftOut(basicPart(b, nin, nout)))
		}
	}
	for k := range parts {
		row := make([]int64, parts[k].NCols())
		row[1] = -1
		row[len(row)-1] = int64(id)
		parts[k].Rows = append([][]int64{row}, parts[k].Rows...)
	}
	return parts
}

// shiftOut inserts the array identifier's output column before the
// subscripts of p.
func shiftOut(p Part) Part {
	q := Part{Out: p.Out + 1, In: p.In, Local: p.Local, Params: p.Params}
	for _, r := range p.Rows {
		row := make([]int64, 0, len(r)+1)
		row = append(row, r[0], 0)
		row = append(row, r[1:]...)
		q.Rows = append(q.Rows, row)
	}
	return q
}

// functionRows returns, for a map of one part whose every output dim k is
// given by an equality -a_k + f(in, params) = 0, those equalities as
// OpenScop rows with a column for the array identifier before the
// subscripts (left zero).
func functionRows(m presburger.Map, nin, nout int) ([][]int64, bool) {
	if m.NParts() != 1 {
		return nil, false
	}
	b := m.Part(0)
	sp := b.Space()
	np := sp.NParam()
	inOff, outOff := sp.Offset(presburger.In), sp.Offset(presburger.Out)
	divOff := outOff + nout
	rows := make([][]int64, nout)
	for _, r := range b.Eqs() {
		k, coef := -1, int64(0)
		other := false
		for c := outOff; c < outOff+nout; c++ {
			if r[c] != 0 {
				if k >= 0 {
					other = true
				}
				k, coef = c-outOff, r[c]
			}
		}
		for c := divOff; c < len(r)-1; c++ {
			if r[c] != 0 {
				other = true
			}
		}
		if other || k < 0 || coef != 1 && coef != -1 || rows[k] != nil {
			continue
		}
		// Row: e/i, Arr, out dims, in dims, params, constant.
		row := make([]int64, 2+1+nout+nin+np)
		row[2+k] = -1
		for c := range np {
			row[2+nout+nin+c] = r[c] * coef
		}
		for c := range nin {
			row[2+nout+c] = r[inOff+c] * coef
		}
		row[len(row)-1] = r[len(r)-1] * coef
		// coef*a_k + rest = 0 with coef = ±1 gives a_k = -coef*rest,
		// the row -a_k - coef*rest = 0.
		for c := 2 + nout; c < len(row); c++ {
			row[c] = -row[c]
		}
		rows[k] = row
	}
	for _, r := range rows {
		if r == nil {
			return nil, false
		}
	}
	return rows, true
}

// coordinates returns the <coordinates> of the model's region.
func coordinates(s *scop.Scop, src []byte) *Coordinates {
	c := &Coordinates{File: s.File, StartLine: s.Region.Pos.Line, StartCol: s.Region.Pos.Col, EndLine: s.Region.Pos.Line, EndCol: s.Region.Pos.Col, Indent: max(s.Region.Pos.Col-1, 0)}
	if c.File == "" {
		c.File = "<unknown>"
	}
	c.File = strings.Join(strings.Fields(c.File), "_")
	if src != nil && s.Region.End <= len(src) && s.Region.End > 0 {
		line, col := 1, 1
		for i := 0; i < s.Region.End-1; i++ {
			if src[i] == '\n' {
				line, col = line+1, 1
			} else {
				col++
			}
		}
		c.EndLine, c.EndCol = line, col
	}
	return c
}
