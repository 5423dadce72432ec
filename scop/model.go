package scop

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/tessera-opt/tessera/cfront"
	"github.com/tessera-opt/tessera/presburger"
	"github.com/tessera-opt/tessera/schedule"
)

// Build translates the statements of one region into its polyhedral
// model. info describes the file's declarations and macros (nil means
// nothing is known). The error, when not nil, is a *cfront.Error printed
// "file:line:col: error: what (why)".
func Build(stmts []cfront.Stmt, info *FileInfo, cfg Config) (s *Scop, err error) {
	b := &builder{
		cfg:       cfg,
		info:      info,
		cond:      dnfTrue(),
		written:   map[string]cfront.Pos{},
		iterNames: map[string]bool{},
		locals:    map[string]VarInfo{},
		isParam:   map[string]bool{},
		inBound:   map[string]bool{},
		pnames:    map[string]string{},
		arrays:    map[string]*Array{},
		delin:     map[string]bool{},
		bakedArr:  map[string]bool{},
		feasCache: map[string]bool{},
		macroUses: map[string]cfront.Pos{},
	}
	pos := cfront.Pos{}
	if len(stmts) > 0 {
		pos = stmts[0].Pos()
	}
	// The builder's overflowPanic and the engine's errors unwind the
	// translation; they become positioned errors here. Any other panic is
	// a bug and goes on.
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(overflowPanic); ok {
				s, err = nil, &cfront.Error{File: cfg.File, Pos: pos, Msg: "integer overflow while building the model (coefficients exceed 64 bits)"}
				return
			}
			if pe, ok := presburger.AsError(r); ok {
				s, err = nil, &cfront.Error{File: cfg.File, Pos: pos, Msg: "cannot build the model: " + pe.Error()}
				return
			}
			panic(r)
		}
	}()
	if cfg.Context != "" {
		if _, err := presburger.ParseSet(cfg.Context); err != nil {
			return nil, &cfront.Error{File: cfg.File, Pos: pos, Msg: fmt.Sprintf("invalid user context %q: %v", cfg.Context, err)}
		}
	}
	b.prepass(stmts)
	for _, st := range stmts {
		if _, ok := st.(*cfront.Decl); ok {
			b.hasTopDecl = true
		}
	}
	root := b.block(stmts)
	if b.err == nil {
		b.finish()
	}
	if b.err != nil {
		return nil, b.err
	}
	if len(b.stmts) == 0 {
		return nil, &cfront.Error{File: cfg.File, Pos: pos, Msg: "region has no statement to model"}
	}
	s, e := b.model(root)
	if ce := (*cfront.Error)(nil); errors.As(e, &ce) {
		return nil, ce
	}
	if errors.Is(e, ErrCancelled) {
		return nil, e
	}
	if e != nil {
		return nil, &cfront.Error{File: cfg.File, Pos: pos, Msg: "internal error building the model: " + e.Error()}
	}
	return s, nil
}

// cancelled reports whether the configuration's Cancel channel is closed.
func (b *builder) cancelled() bool {
	select {
	case <-b.cfg.Cancel:
		return true
	default:
		return false
	}
}

// model builds the presburger objects and the schedules.
func (b *builder) model(root *tnode) (*Scop, error) {
	s := &Scop{File: b.cfg.File, Loops: b.allLoop}
	for _, p := range b.params {
		s.Params = append(s.Params, b.paramName(p))
	}
	prefix := "[" + strings.Join(s.Params, ", ") + "] -> "

	// Context.
	var ctx []string
	if !b.cfg.NoParamAssumptions {
		for _, p := range b.params {
			if b.inBound[p] {
				ctx = append(ctx, b.paramName(p)+" >= 0")
			}
		}
	}
	cs := prefix + "{ : " + strings.Join(ctx, " and ") + " }"
	if len(ctx) == 0 {
		cs = prefix + "{ : }"
	}
	context, err := presburger.ParseSet(cs)
	if err != nil {
		return nil, fmt.Errorf("context %q: %w", cs, err)
	}
	if b.cfg.Context != "" {
		uc, err := presburger.ParseSet(b.cfg.Context)
		if err != nil {
			return nil, fmt.Errorf("user context %q: %w", b.cfg.Context, err)
		}
		context = context.Intersect(onParams(uc, s.Params).AlignParams(s.Params))
	}
	s.Context = context
	b.bakeLinear()
	s.PPCond = strings.Join(b.ppConds, " && ")

	// Statements: domains and accesses.
	chains, err := b.linChains()
	if err != nil {
		return nil, err
	}
	maxDepth := 0
	var domParts, schedParts []string
	for _, r := range b.stmts {
		if b.cancelled() {
			return nil, ErrCancelled
		}
		st := r.st
		tuple := st.Name + "[" + strings.Join(st.Iters, ", ") + "]"
		dom := r.domain
		ds := prefix + "{ " + tuple + formula(dom) + " }"
		set, err := presburger.ParseSet(ds)
		if err != nil {
			return nil, fmt.Errorf("domain %q: %w", ds, err)
		}
		st.Domain = set.RemoveEmptyParts()
		if st.Domain.NParts() > coalesceAbove {
			// Fewer parts make every later operation cheaper (the
			// dependence relations multiply the parts of two domains),
			// but the engine's coalescing is not cheap: small unions
			// are kept as they are.
			st.Domain = st.Domain.Coalesce()
		}
		domParts = append(domParts, tuple+formula(dom))
		if len(chains) > 0 {
			if err := b.delinearize(prefix, tuple, r, st.Domain, context, chains); err != nil {
				return nil, err
			}
		}
		for _, a := range r.accesses {
			m, err := accessMap(prefix, tuple, a, st.Domain, b.constExtents(a.array), b.mayPrefix())
			if err != nil {
				return nil, err
			}
			st.Accesses = append(st.Accesses, &Access{Kind: a.kind, Array: a.array, Rel: m, Pos: a.pos, Text: a.text, LHS: a.lhs, May: a.may()})
		}
		if len(st.Iters) > maxDepth {
			maxDepth = len(st.Iters)
		}
		_ = schedParts
	}
	// Positions in the source tree give the 2d+1 vectors.
	b.assignBeta(root, nil)
	for _, r := range b.stmts {
		st := r.st
		var vec []string
		for k := 0; k <= maxDepth; k++ {
			beta := 0
			if k < len(st.Beta) {
				beta = st.Beta[k]
			}
			vec = append(vec, fmt.Sprint(beta))
			if k < maxDepth {
				if k < len(st.Iters) {
					it := st.Iters[k]
					if b.allLoop[st.Loops[k]].Step < 0 {
						it = "-" + it
					}
					vec = append(vec, it)
				} else {
					vec = append(vec, "0")
				}
			}
		}
		tuple := st.Name + "[" + strings.Join(st.Iters, ", ") + "]"
		schedParts = append(schedParts, tuple+" -> ["+strings.Join(vec, ", ")+"]"+formula(r.domain))
	}
	for i, r := range b.stmts {
		for _, l := range r.st.Loops {
			b.allLoop[l].Stmts = append(b.allLoop[l].Stmts, i)
		}
		s.Statements = append(s.Statements, r.st)
	}
	us := prefix + "{ " + strings.Join(domParts, "; ") + " }"
	s.Domain, err = presburger.ParseUnionSet(us)
	if err != nil {
		return nil, fmt.Errorf("domain %q: %w", us, err)
	}
	um := prefix + "{ " + strings.Join(schedParts, "; ") + " }"
	s.FlatSchedule, err = presburger.ParseUnionMap(um)
	if err != nil {
		return nil, fmt.Errorf("flat schedule %q: %w", um, err)
	}
	child, err := b.treeNode(root, prefix)
	if err != nil {
		return nil, err
	}
	s.Schedule = schedule.NewTree(schedule.NewDomain(s.Domain, child))
	s.Arrays = b.sortedArrays()
	if len(b.delinViol) > 0 {
		var doms []presburger.Set
		for _, st := range s.Statements {
			doms = append(doms, st.Domain)
		}
		a, text, err := b.assume(s.Context, s.Params, doms)
		if err != nil {
			return nil, err
		}
		s.Context, s.Assumption = a, text
	}
	return s, nil
}

// coalesceAbove is the number of disjuncts above which a domain is
// coalesced.
const coalesceAbove = 4

// mergeParams appends to a the names of b it lacks.
// onParams projects the parameter set c onto params: the constraints on
// the other parameters (a user context names those of every region of a
// file) become existential, so the result holds for params exactly when
// some values of the others satisfy c.
func onParams(c presburger.Set, params []string) presburger.Set {
	names := c.Space().Params()
	for i := len(names) - 1; i >= 0; i-- {
		if !slices.Contains(params, names[i]) {
			c = c.ProjectOut(presburger.Param, i, 1)
		}
	}
	return c
}

func mergeParams(a, b []string) []string {
	out := append([]string(nil), a...)
	for _, p := range b {
		found := false
		for _, q := range out {
			found = found || q == p
		}
		if !found {
			out = append(out, p)
		}
	}
	return out
}

// formula prints " : <dnf>" or "" when d is true.
func formula(d dnf) string {
	if len(d) == 0 {
		return " : 1 = 0"
	}
	s := d.String()
	if s == "" {
		return ""
	}
	return " : " + s
}

// constExtents returns the declared extents of array that are integer
// constants and bound its subscripts ("" for the others, nil when none
// is known): every extent but the outermost, which C ignores in a
// parameter declaration (double h[100] is a pointer), and also the
// outermost of an array declared inside the region. The model takes
// every subscript but the outermost within its extent anyway: A[i][20]
// of a double A[10][20] is A[i][20], not A[i+1][0].
func (b *builder) constExtents(array string) []string {
	arr := b.arrays[array]
	if arr == nil || len(arr.Extents) != arr.Rank || arr.Strides != nil {
		return nil
	}
	out := make([]string, arr.Rank)
	for k, e := range arr.Extents {
		if k == 0 && !arr.Local {
			continue
		}
		if v, err := strconv.ParseInt(strings.TrimSpace(e), 10, 64); err == nil && v > 0 {
			out[k] = strconv.FormatInt(v, 10)
		}
	}
	return out
}

// accessMap builds the relation of one access: one piece per combination
// of the pieces of its subscripts, restricted to the (coalesced) domain.
// A subscript that is not affine (a.star) is a free output dimension,
// within [0, ext[k]) when the array's extent k is a constant: the
// elements the instance may touch.
func accessMap(prefix, tuple string, a rawAccess, dom presburger.Set, ext []string, free string) (presburger.Map, error) {
	mayDim := func(k int) string { return free + strconv.Itoa(k) }
	combos := []piece{{}}
	var subs [][]*aff
	subs = append(subs, nil)
	var bounds []string // constraints on the free output dimensions
	for k, p := range a.subs {
		if k < len(a.star) && a.star[k] != "" {
			// The nil aff stands for the free dimension k.
			if k < len(ext) && ext[k] != "" {
				bounds = append(bounds, fmt.Sprintf("0 <= %s < %s", mayDim(k), ext[k]))
			}
			for ci := range subs {
				subs[ci] = append(subs[ci], nil)
			}
			continue
		}
		var nc []piece
		var ns [][]*aff
		for ci, c := range combos {
			for _, pc := range p {
				g := dnf{append(append(conj{}, c.guard...), pc.guard...)}.simplify()
				if len(g) == 0 {
					continue
				}
				nc = append(nc, piece{guard: g[0]})
				ns = append(ns, append(append([]*aff(nil), subs[ci]...), pc.v))
			}
		}
		combos, subs = nc, ns
	}
	var parts []string
	for ci, c := range combos {
		out := make([]string, len(subs[ci]))
		for k, v := range subs[ci] {
			if v == nil {
				out[k] = mayDim(k)
				continue
			}
			out[k] = v.String()
		}
		f := formula(dnf{c.guard})
		for _, fc := range bounds {
			if f == "" {
				f = " : " + fc
			} else {
				f += " and " + fc
			}
		}
		parts = append(parts, tuple+" -> "+a.array+"["+strings.Join(out, ", ")+"]"+f)
	}
	var m presburger.Map
	for k, p := range parts {
		ms := prefix + "{ " + p + " }"
		pm, err := presburger.ParseMap(ms)
		if err != nil {
			return presburger.Map{}, fmt.Errorf("access %q: %w", ms, err)
		}
		if k == 0 {
			m = pm
		} else {
			m = m.Union(pm)
		}
	}
	if len(parts) == 0 {
		return presburger.Map{}, errors.New("access without pieces")
	}
	return m.IntersectDomain(dom).RemoveEmptyParts(), nil
}

// mayPrefix is the prefix of the names of the free output dimensions of
// may accesses: "o", or a longer one that no parameter or iterator of
// the model starts with, so that the names bind nothing else.
func (b *builder) mayPrefix() string {
	p := "o"
	for {
		clash := false
		for _, name := range b.params {
			clash = clash || strings.HasPrefix(b.paramName(name), p)
		}
		for _, r := range b.stmts {
			for _, it := range r.st.Iters {
				clash = clash || strings.HasPrefix(it, p)
			}
		}
		if !clash {
			return p
		}
		p += "_"
	}
}

// assignBeta sets the textual positions (the constant dims of the 2d+1
// schedule) of the statements under t.
func (b *builder) assignBeta(t *tnode, prefix []int) {
	for k, c := range t.children {
		p := append(append([]int(nil), prefix...), k)
		switch {
		case c.stmt >= 0:
			b.stmts[c.stmt].st.Beta = p
		case c.loop >= 0:
			b.assignBeta(c, p)
		}
	}
}

// stmtsUnder lists the statements under t.
func stmtsUnder(t *tnode, into []int) []int {
	if t.stmt >= 0 {
		return append(into, t.stmt)
	}
	for _, c := range t.children {
		into = stmtsUnder(c, into)
	}
	return into
}

// treeNode builds the schedule subtree of the children of t (a sequence or
// a loop body).
func (b *builder) treeNode(t *tnode, prefix string) (*schedule.Node, error) {
	if len(t.children) == 0 {
		return nil, nil
	}
	if len(t.children) == 1 {
		return b.oneNode(t.children[0], prefix)
	}
	var filters []*schedule.Node
	for _, c := range t.children {
		var tuples []string
		for _, k := range stmtsUnder(c, nil) {
			st := b.stmts[k].st
			tuples = append(tuples, st.Name+"["+strings.Join(st.Iters, ", ")+"]")
		}
		fs := prefix + "{ " + strings.Join(tuples, "; ") + " }"
		f, err := presburger.ParseUnionSet(fs)
		if err != nil {
			return nil, fmt.Errorf("filter %q: %w", fs, err)
		}
		sub, err := b.oneNode(c, prefix)
		if err != nil {
			return nil, err
		}
		filters = append(filters, schedule.NewFilter(f, sub))
	}
	return schedule.NewSequence(filters...), nil
}

// oneNode builds the subtree of one child: nil for a statement, a band for
// a loop.
func (b *builder) oneNode(c *tnode, prefix string) (*schedule.Node, error) {
	if c.stmt >= 0 {
		return nil, nil
	}
	l := b.allLoop[c.loop]
	var parts []string
	for _, k := range stmtsUnder(c, nil) {
		st := b.stmts[k].st
		v := l.Iter
		if l.Step < 0 {
			v = "-" + v
		}
		parts = append(parts, st.Name+"["+strings.Join(st.Iters, ", ")+"] -> ["+v+"]")
	}
	if len(parts) == 0 {
		return nil, nil
	}
	ms := prefix + "{ " + strings.Join(parts, "; ") + " }"
	um, err := presburger.ParseUnionMap(ms)
	if err != nil {
		return nil, fmt.Errorf("band %q: %w", ms, err)
	}
	body, err := b.treeNode(c, prefix)
	if err != nil {
		return nil, err
	}
	return schedule.NewBand(schedule.Band{
		Schedule:   um,
		Width:      1,
		Coincident: []bool{false},
		Options:    []schedule.ASTOption{schedule.OptionDefault},
	}, body), nil
}
