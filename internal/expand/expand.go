package expand

import (
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/tessera-opt/tessera/cfront"
	"github.com/tessera-opt/tessera/deps"
	"github.com/tessera-opt/tessera/presburger"
	"github.com/tessera-opt/tessera/scop"
)

// Config controls Expand.
type Config struct {
	// Dead reports whether the scalar may get new storage as far as the
	// code around the region is concerned: it is not live after the
	// region, nothing outside the model reads or aliases it. When it
	// answers false it gives the reason. Nil: nothing is expanded.
	Dead func(name string) (bool, string)
	// Taken reports whether a name is already used in the file; new
	// array names avoid those. Nil: none is.
	Taken func(name string) bool
	// Prefix starts every new array name ("tessera_" when empty).
	Prefix string
}

// Web is one expanded web.
type Web struct {
	// Scalar is the expanded scalar, Array the new array.
	Scalar string
	Array  *scop.Array
	// Pos is the scalar's first access in the web.
	Pos cfront.Pos
	// Stmts are the names of the web's statements.
	Stmts []string
	// Loops are the IDs of the expansion loops (Scop.Loops), outermost
	// first; Lower their iterators' minima (the subscript is the iterator
	// minus Lower) and Extents the number of elements, C text in the
	// parameters (Array.Extents holds the same).
	Loops   []int
	Lower   []int64
	Extents []string
}

// Skip is a scalar (or one web of it) not expanded, with the reason.
type Skip struct {
	Scalar string
	Pos    cfront.Pos
	Why    string
}

// Result is the outcome of Expand.
type Result struct {
	// Scop is the expanded model (the input when Webs is empty).
	Scop    *scop.Scop
	Webs    []*Web
	Skipped []Skip
}

// Expand expands the webs of the scalars of s that it can (see the package
// documentation). Errors of the engine (budget, overflow) are returned.
func Expand(s *scop.Scop, cfg Config) (res *Result, err error) {
	defer presburger.Recover(&err)
	res = &Result{Scop: s}
	if cfg.Prefix == "" {
		cfg.Prefix = "tessera_"
	}
	cands := candidates(s, cfg, res)
	if len(cands) == 0 {
		return res, nil
	}
	d, err := deps.Compute(s, deps.Config{Dataflow: true})
	if err != nil {
		return nil, err
	}
	stIndex := map[*scop.Statement]int{}
	for i, st := range s.Statements {
		stIndex[st] = i
	}
	// The statements that change, copied on first change.
	copies := map[int]*scop.Statement{}
	used := map[string]bool{}
	var newArrays []*scop.Array
	for _, a := range cands {
		webs := websOf(s, d, a.Name, stIndex)
		for _, w := range webs {
			web, why := plan(s, d, a, w)
			if web == nil {
				res.Skipped = append(res.Skipped, Skip{a.Name, webPos(s, a.Name, w), why})
				continue
			}
			name := arrayName(s, cfg, a.Name, used)
			web.Array = &scop.Array{Name: name, ElemType: a.ElemType, Rank: len(web.Loops), Extents: web.Extents}
			for _, si := range w {
				st := copies[si]
				if st == nil {
					st = copyStmt(s.Statements[si])
					copies[si] = st
				}
				if err := rewrite(st, s, web); err != nil {
					return nil, err
				}
			}
			newArrays = append(newArrays, web.Array)
			res.Webs = append(res.Webs, web)
		}
	}
	if len(res.Webs) == 0 {
		return res, nil
	}
	res.Scop = expanded(s, copies, newArrays)
	return res, nil
}

// candidates are the written scalars of s that cfg.Dead lets have new
// storage; the others that s writes go to res.Skipped with the reason.
func candidates(s *scop.Scop, cfg Config, res *Result) []*scop.Array {
	// Written scalars (Array.ReadOnly is not used: a declaration's
	// initializer is a write that it does not count).
	written := map[string]bool{}
	for _, st := range s.Statements {
		for _, ac := range st.Accesses {
			if ac.Kind == scop.Write {
				written[ac.Array] = true
			}
		}
	}
	var cands []*scop.Array
	for _, a := range s.Arrays {
		if a.Rank != 0 || !written[a.Name] {
			continue
		}
		pos := firstPos(s, a.Name)
		if slices.Contains(s.Params, a.Name) {
			res.Skipped = append(res.Skipped, Skip{a.Name, pos, "it is a parameter of the region"})
			continue
		}
		if cfg.Dead == nil {
			res.Skipped = append(res.Skipped, Skip{a.Name, pos, "liveness unknown"})
			continue
		}
		if ok, why := cfg.Dead(a.Name); !ok {
			res.Skipped = append(res.Skipped, Skip{a.Name, pos, why})
			continue
		}
		cands = append(cands, a)
	}
	return cands
}

// arrayName is the first name Prefix + x + "_" + k (k = 0, 1, ...) that
// is not used, not taken in the file and not an array of s; it becomes
// used.
func arrayName(s *scop.Scop, cfg Config, x string, used map[string]bool) string {
	name := ""
	for k := 0; ; k++ {
		name = fmt.Sprintf("%s%s_%d", cfg.Prefix, x, k)
		if !used[name] && (cfg.Taken == nil || !cfg.Taken(name)) && !hasArray(s, name) {
			break
		}
	}
	used[name] = true
	return name
}

// expanded is s with the statements of copies in place of the originals
// and, as arrays, the old ones still accessed and the new ones, sorted by
// name.
func expanded(s *scop.Scop, copies map[int]*scop.Statement, newArrays []*scop.Array) *scop.Scop {
	ns := *s
	ns.Statements = slices.Clone(s.Statements)
	for i, st := range copies {
		ns.Statements[i] = st
	}
	still := map[string]bool{}
	for _, st := range ns.Statements {
		for _, ac := range st.Accesses {
			still[ac.Array] = true
		}
	}
	ns.Arrays = nil
	for _, a := range s.Arrays {
		if still[a.Name] {
			ns.Arrays = append(ns.Arrays, a)
		}
	}
	ns.Arrays = append(ns.Arrays, newArrays...)
	sort.Slice(ns.Arrays, func(i, j int) bool { return ns.Arrays[i].Name < ns.Arrays[j].Name })
	return &ns
}

func hasArray(s *scop.Scop, name string) bool {
	for _, a := range s.Arrays {
		if a.Name == name {
			return true
		}
	}
	return false
}

// firstPos is the position of the first access of x.
func firstPos(s *scop.Scop, x string) cfront.Pos {
	for _, st := range s.Statements {
		for _, ac := range st.Accesses {
			if ac.Array == x {
				return ac.Pos
			}
		}
	}
	return cfront.Pos{}
}

func webPos(s *scop.Scop, x string, w []int) cfront.Pos {
	for _, si := range w {
		for _, ac := range s.Statements[si].Accesses {
			if ac.Array == x {
				return ac.Pos
			}
		}
	}
	return cfront.Pos{}
}

// websOf splits the statements accessing x into the components joined by
// the value-based flow dependences of x; each web lists statement indices
// in textual order, webs ordered by their first statement.
func websOf(s *scop.Scop, d *deps.Deps, x string, idx map[*scop.Statement]int) [][]int {
	parent := map[int]int{}
	var find func(i int) int
	find = func(i int) int {
		for parent[i] != i {
			parent[i] = parent[parent[i]]
			i = parent[i]
		}
		return i
	}
	for i, st := range s.Statements {
		for _, ac := range st.Accesses {
			if ac.Array == x {
				parent[i] = i
			}
		}
	}
	for _, dp := range d.Deps {
		if dp.Kind != deps.Flow || dp.Array != x {
			continue
		}
		a, b := find(idx[dp.Source]), find(idx[dp.Target])
		if a != b {
			parent[max(a, b)] = min(a, b)
		}
	}
	groups := map[int][]int{}
	var roots []int
	for i := range s.Statements {
		if _, ok := parent[i]; !ok {
			continue
		}
		r := find(i)
		if groups[r] == nil {
			roots = append(roots, r)
		}
		groups[r] = append(groups[r], i)
	}
	var out [][]int
	for _, r := range roots {
		out = append(out, groups[r])
	}
	return out
}

// plan decides whether the web w (statement indices) of scalar a can be
// expanded and over which loops; it returns nil and the reason when not.
func plan(s *scop.Scop, d *deps.Deps, a *scop.Array, w []int) (*Web, string) {
	x := a.Name
	in := map[*scop.Statement]bool{}
	for _, si := range w {
		in[s.Statements[si]] = true
	}
	var flows []*deps.Dep
	for _, dp := range d.Deps {
		if dp.Kind == deps.Flow && dp.Array == x && in[dp.Target] {
			if !dp.ValueBased {
				return nil, "no value-based dependences"
			}
			flows = append(flows, dp)
		}
	}
	web := &Web{Scalar: x, Pos: webPos(s, x, w)}
	for _, si := range w {
		st := s.Statements[si]
		web.Stmts = append(web.Stmts, st.Name)
		if why := checkStmt(st, x, flows); why != "" {
			return nil, why
		}
	}
	// Common enclosing loops.
	common := slices.Clone(s.Statements[w[0]].Loops)
	for _, si := range w[1:] {
		l := s.Statements[si].Loops
		k := 0
		for k < len(common) && k < len(l) && common[k] == l[k] {
			k++
		}
		common = common[:k]
	}
	if len(common) == 0 {
		return nil, "its statements share no loop"
	}
	depths := uncarried(len(common), flows)
	if len(depths) == 0 {
		return nil, "every loop around it carries its value"
	}
	for _, p := range depths {
		if why := addLoop(s, w, web, common, p); why != "" {
			return nil, why
		}
	}
	return web, ""
}

// checkStmt says why statement st of a web of x prevents its expansion
// ("" when it does not): st must be an expression or a declaration of x
// alone with an initializer, and each of its reads of x must have a
// source in the region among flows.
func checkStmt(st *scop.Statement, x string, flows []*deps.Dep) string {
	switch syn := st.Syntax.(type) {
	case *cfront.ExprStmt:
	case *cfront.Decl:
		for _, v := range syn.Vars {
			if v.Name == x && (len(syn.Vars) != 1 || v.Init == nil || v.Stars != 0 || len(v.Dims) != 0) {
				return fmt.Sprintf("its declaration at %d:%d declares other names too or has no initializer", st.Pos.Line, st.Pos.Col)
			}
		}
	default:
		return fmt.Sprintf("statement %s is not an expression or declaration", st.Name)
	}
	// Every read has a source in the region.
	for ai, ac := range st.Accesses {
		if ac.Array != x || ac.Kind != scop.Read {
			continue
		}
		covered := presburger.EmptySet(st.Domain.Space())
		for _, dp := range flows {
			if dp.Target == st && dp.TgtAccess == ai {
				covered = covered.Union(dp.Rel.Range())
			}
		}
		if !st.Domain.Subtract(covered).IsEmpty() {
			return fmt.Sprintf("it is read at %d:%d before the region writes it (upward-exposed read)", ac.Pos.Line, ac.Pos.Col)
		}
	}
	return ""
}

// uncarried are the depths, among the n outermost, at which the
// iterator is equal at the source and the target of every dependence of
// flows.
func uncarried(n int, flows []*deps.Dep) []int {
	var depths []int
	for p := range n {
		ok := true
		for _, dp := range flows {
			if !dp.Rel.OrderLT(presburger.In, p, presburger.Out, p).IsEmpty() ||
				!dp.Rel.OrderLT(presburger.Out, p, presburger.In, p).IsEmpty() {
				ok = false
				break
			}
		}
		if ok {
			depths = append(depths, p)
		}
	}
	return depths
}

// addLoop adds the loop common[p] to the expansion loops of web, with the
// lower bound and the extent of its iterator over the union of the
// domains of the web's statements w; it says why not when they are not
// exact, the lower bound is not a constant or the upper one not affine.
func addLoop(s *scop.Scop, w []int, web *Web, common []int, p int) string {
	var union presburger.Set
	for k, si := range w {
		dom := s.Statements[si].Domain
		n := dom.Dim(presburger.Out)
		proj := dom.ProjectOut(presburger.Out, p+1, n-p-1).ProjectOut(presburger.Out, 0, p)
		proj = proj.ResetSpace(presburger.NewSetSpace(proj.Space().Params(), "E", []string{"e"}))
		if k == 0 {
			union = proj
		} else {
			union = union.Union(proj)
		}
	}
	lo, err := union.DimMin(0)
	if err != nil {
		return "the bounds of its loops are not exact: " + err.Error()
	}
	hi, err := union.DimMax(0)
	if err != nil {
		return "the bounds of its loops are not exact: " + err.Error()
	}
	lb, ok := lowerOf(lo)
	if !ok {
		return fmt.Sprintf("the lower bound of loop %s is not a constant", s.Loops[common[p]].CIter)
	}
	ext, ok := extentOf(hi, lb)
	if !ok {
		return fmt.Sprintf("the upper bound of loop %s is not affine in the parameters", s.Loops[common[p]].CIter)
	}
	web.Loops = append(web.Loops, common[p])
	web.Lower = append(web.Lower, lb)
	web.Extents = append(web.Extents, ext)
	return ""
}

// lowerOf is the smallest value of f, a minimum whose pieces are all
// constants.
func lowerOf(f presburger.PwAff) (int64, bool) {
	ps := f.Pieces()
	if len(ps) == 0 {
		return 0, false
	}
	lb := int64(0)
	for k, p := range ps {
		if p.Fn.NLocal() != 0 || !p.Fn.IsConstant() {
			return 0, false
		}
		if v := p.Fn.ConstantVal(); k == 0 || v < lb {
			lb = v
		}
	}
	return lb, true
}

// extentOf is the C text of the number of elements from lb to the maximum
// f: max - lb + 1 when f has one function on all its pieces; when the
// pieces differ (bounds with min or max), the largest of the pieces'
// functions, which is at least the maximum on every piece (the storage
// is then larger than needed, never smaller).
func extentOf(f presburger.PwAff, lb int64) (string, bool) {
	ps := f.Pieces()
	if len(ps) == 0 {
		return "", false
	}
	var texts []string
	seen := map[string]bool{}
	for _, p := range ps {
		if p.Fn.NLocal() != 0 {
			return "", false
		}
		hi, err := addConst(p.Fn, 1, -lb)
		if err != nil {
			return "", false
		}
		t, ok := affText(hi, f.Space().Params())
		if !ok {
			return "", false
		}
		if !seen[t] {
			seen[t] = true
			texts = append(texts, t)
		}
	}
	sort.Strings(texts)
	out := texts[0]
	for _, t := range texts[1:] {
		out = fmt.Sprintf("((%s) > (%s) ? (%s) : (%s))", out, t, out, t)
	}
	return out, true
}

// addConst adds a and b to the constant of f, with the engine's overflow
// checks.
func addConst(f presburger.Aff, a, b int64) (g presburger.Aff, err error) {
	defer presburger.Recover(&err)
	return f.AddConst(a).AddConst(b), nil
}

// affText prints an affine function of the parameters as C text.
func affText(a presburger.Aff, params []string) (string, bool) {
	if a.NLocal() != 0 {
		return "", false
	}
	var sb strings.Builder
	for i, p := range params {
		c := a.Coef(presburger.Param, i)
		if c == 0 {
			continue
		}
		switch {
		case sb.Len() == 0 && c == 1:
			sb.WriteString(p)
		case sb.Len() == 0 && c == -1:
			sb.WriteString("-" + p)
		case c == 1:
			sb.WriteString(" + " + p)
		case c == -1:
			sb.WriteString(" - " + p)
		case sb.Len() == 0:
			sb.WriteString(strconv.FormatInt(c, 10) + " * " + p)
		case c > 0:
			sb.WriteString(" + " + strconv.FormatInt(c, 10) + " * " + p)
		default:
			sb.WriteString(" - " + strconv.FormatInt(-c, 10) + " * " + p)
		}
	}
	for _, k := range []presburger.DimKind{presburger.In, presburger.Out} {
		for i := 0; i < a.Space().Dim(k); i++ {
			if a.Coef(k, i) != 0 {
				return "", false
			}
		}
	}
	c := a.ConstantVal()
	switch {
	case sb.Len() == 0:
		sb.WriteString(strconv.FormatInt(c, 10))
	case c > 0:
		sb.WriteString(" + " + strconv.FormatInt(c, 10))
	case c < 0:
		sb.WriteString(" - " + strconv.FormatInt(-c, 10))
	}
	return sb.String(), true
}
