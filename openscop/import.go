package openscop

import (
	"fmt"
	"slices"
	"strconv"

	"github.com/tessera-opt/tessera/presburger"
)

// Model is a document turned into presburger objects: what code
// generation and the legality check need.
type Model struct {
	Params  []string
	Context presburger.Set
	// Names are the tuple names of the statements: S0, S1, ... in the
	// order of the document (the names of package scop).
	Names []string
	// Domains[k] is the domain of statement k, a set with tuple Names[k]
	// over its iterators (the <body> names, or i0, i1, ...).
	Domains []presburger.Set
	// Scatterings[k] maps the instances of statement k (its domain) to
	// their scattering dims; valid when HasScattering[k].
	Scatterings   []presburger.Map
	HasScattering []bool
	// Bodies[k] is the <body> of statement k (nil when absent).
	Bodies []*Body
}

// Model turns the document into presburger objects. params names the
// parameters when the document does not (nil: such a document with
// parameters is an error). file names the document's file in errors.
func (s *Scop) Model(file string, params []string) (m *Model, err error) {
	defer func() {
		// An overflow of the engine is an error of the input's size.
		if r := recover(); r != nil {
			pe, ok := r.(*presburger.Error)
			if !ok {
				panic(r)
			}
			m, err = nil, &Error{File: file, Line: max(s.Line, 1), Col: 1, Msg: pe.Error()}
		}
	}()
	at := func(line int, format string, args ...any) error {
		return &Error{File: file, Line: max(line, 1), Col: 1, Msg: fmt.Sprintf(format, args...)}
	}
	np := s.Context.Parts[0].Params
	m = &Model{Params: s.Params}
	if m.Params == nil {
		if np > 0 && len(params) != np {
			return nil, at(s.Context.Line, "the document does not name its %d parameters", np)
		}
		m.Params = append([]string{}, params...)
	}
	if len(m.Params) != np {
		return nil, at(s.Context.Line, "%d parameter names for %d parameters", len(m.Params), np)
	}
	seen := map[string]bool{}
	for _, p := range m.Params {
		if !isIdent(p) || seen[p] {
			return nil, at(s.Context.Line, "parameter name %q is not a C identifier or is repeated", p)
		}
		seen[p] = true
	}
	ctx, err := relationMap(s.Context, m.Params, "", nil, "", nil)
	if err != nil {
		return nil, at(s.Context.Line, "%v", err)
	}
	m.Context = ctx.Params()
	for k, st := range s.Statements {
		name := "S" + strconv.Itoa(k)
		d := st.Domain.Parts[0].Out
		iters := make([]string, d)
		for i := range iters {
			iters[i] = "i" + strconv.Itoa(i)
		}
		if st.Body != nil && len(st.Body.Iterators) == d {
			copy(iters, st.Body.Iterators)
		}
		dm, err := relationMap(st.Domain, m.Params, "", nil, name, iters)
		if err != nil {
			return nil, at(st.Domain.Line, "%v", err)
		}
		dom := dm.Range().IntersectParams(m.Context)
		var scat presburger.Map
		if st.Scattering != nil {
			scat, err = relationMap(st.Scattering, m.Params, name, iters, "", nil)
			if err != nil {
				return nil, at(st.Scattering.Line, "%v", err)
			}
			scat = scat.IntersectDomain(dom)
		}
		m.Names = append(m.Names, name)
		m.Domains = append(m.Domains, dom)
		m.Scatterings = append(m.Scatterings, scat)
		m.HasScattering = append(m.HasScattering, st.Scattering != nil)
		m.Bodies = append(m.Bodies, st.Body)
	}
	return m, nil
}

// Schedule returns the union of the scatterings, the shorter ones padded
// with zero dims at the end (a shorter scattering orders like its
// zero-padded form), and the width. Statements without scattering are an
// error.
func (m *Model) Schedule() (presburger.UnionMap, int, error) {
	w := 0
	for k, sc := range m.Scatterings {
		if !m.HasScattering[k] {
			return presburger.UnionMap{}, 0, fmt.Errorf("statement %d has no SCATTERING relation", k+1)
		}
		w = max(w, sc.Space().Dim(presburger.Out))
	}
	var maps []presburger.Map
	for _, sc := range m.Scatterings {
		n := sc.Space().Dim(presburger.Out)
		if n < w {
			sc = sc.AddDims(presburger.Out, w-n)
			for d := n; d < w; d++ {
				sc = sc.FixVal(presburger.Out, d, 0)
			}
		}
		maps = append(maps, sc)
	}
	return presburger.NewUnionMap(maps...).AlignParams(m.Params), w, nil
}

// Domain returns the union of the statement domains.
func (m *Model) Domain() presburger.UnionSet {
	if len(m.Domains) == 0 {
		return presburger.EmptyUnionSet(m.Params)
	}
	return presburger.NewUnionSet(m.Domains...).AlignParams(m.Params)
}

// relationMap builds the presburger map of a relation: from the tuple
// inName[inDims] (the relation's input dims) to outName[outDims] (its
// output dims; generated names when outDims is nil). A relation without
// input dims gives a map from the empty tuple, whose Range is the set.
func relationMap(rel *Relation, params []string, inName string, inDims []string, outName string, outDims []string) (presburger.Map, error) {
	p0 := rel.Parts[0]
	if inDims == nil {
		inDims = make([]string, p0.In)
	}
	if len(inDims) != p0.In {
		return presburger.Map{}, fmt.Errorf("%v relation with %d input dimensions, %d expected", rel.Type, p0.In, len(inDims))
	}
	if outDims == nil {
		outDims = make([]string, p0.Out)
		for k := range outDims {
			outDims[k] = "o" + strconv.Itoa(k)
		}
		if rel.Type == Scattering {
			for k := range outDims {
				outDims[k] = "c" + strconv.Itoa(k)
			}
		}
	}
	if len(outDims) != p0.Out {
		return presburger.Map{}, fmt.Errorf("%v relation with %d output dimensions, %d expected", rel.Type, p0.Out, len(outDims))
	}
	for k := range inDims {
		if inDims[k] == "" {
			inDims[k] = "i" + strconv.Itoa(k)
		}
	}
	sp := presburger.NewMapSpace(params, inName, inDims, outName, outDims)
	var parts []presburger.BasicMap
	for _, p := range rel.Parts {
		if p.Params != len(params) {
			return presburger.Map{}, fmt.Errorf("%v relation with %d parameters, %d expected", rel.Type, p.Params, len(params))
		}
		b := presburger.NewBasicBuilder(sp)
		locals := make([]int, p.Local)
		for i := range locals {
			locals[i] = b.AddExists()
		}
		np, nin, nout := len(params), p.In, p.Out
		for _, r := range p.Rows {
			row := make([]int64, b.NCols())
			for c := range np {
				row[c] = r[1+nout+nin+p.Local+c]
			}
			for c := range nin {
				row[np+c] = r[1+nout+c]
			}
			for c := range nout {
				row[np+nin+c] = r[1+c]
			}
			for i := range p.Local {
				row[b.LocalCol(locals[i])] = r[1+nout+nin+i]
			}
			row[len(row)-1] = r[len(r)-1]
			if r[0] == 0 {
				b.AddEq(row)
			} else {
				b.AddIneq(row)
			}
		}
		parts = append(parts, b.Build())
	}
	return presburger.NewMap(sp, parts...), nil
}

// NotFunction returns the index of the first statement whose scattering
// gives some instance several dates (a relation that is not a function
// of the iterators, which no schedule can be), or -1.
func (m *Model) NotFunction() int {
	for k, sc := range m.Scatterings {
		if m.HasScattering[k] && !presburger.NewUnionMap(sc).IsSingleValued() {
			return k
		}
	}
	return -1
}

// KeepLastDims rewrites statement k for an instance space of its last d
// domain dims, when its domain has more: a tool that tiles may add
// leading dims to the domain (Pluto adds supertile iterators fk0, fk1,
// ... before the original ones). The domain becomes the projection on
// the last d dims, and the scattering the composition of "the instance
// of the last d dims -> its points in the old domain" with the old
// scattering: a function when the leading dims are functions of the
// others (NotFunction tells). It returns false when the domain has fewer
// than d dims.
func (m *Model) KeepLastDims(k, d int) bool {
	dom := m.Domains[k]
	n := dom.Space().Dim(presburger.SetDim)
	if n < d {
		return false
	}
	if n == d {
		return true
	}
	extra := n - d
	id := presburger.Identity(dom.Space()).IntersectDomain(dom)
	embed := id.ProjectOut(presburger.In, 0, extra) // S[last d] -> S[all n]
	m.Domains[k] = dom.ProjectOut(presburger.SetDim, 0, extra)
	if m.HasScattering[k] {
		m.Scatterings[k] = embed.ApplyRange(m.Scatterings[k])
	}
	return true
}

// OrderedSchedule is Schedule with one more dim, the statement's index:
// instances of different statements at the same date run in the order
// of the statements, as CLooG and Pluto's code generation order them (a
// tool may write back scatterings that leave such ties, relying on it).
func (m *Model) OrderedSchedule() (presburger.UnionMap, int, error) {
	sched, w, err := m.Schedule()
	if err != nil || len(m.Scatterings) < 2 {
		return sched, w, err
	}
	var maps []presburger.Map
	for _, sc := range sched.Maps() {
		k := slices.Index(m.Names, sc.Space().TupleName(presburger.In))
		maps = append(maps, sc.AddDims(presburger.Out, 1).FixVal(presburger.Out, w, int64(k)))
	}
	return presburger.NewUnionMap(maps...).AlignParams(m.Params), w + 1, nil
}
