package multiversion

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/tessera-opt/tessera/cfront"
	"github.com/tessera-opt/tessera/deps"
	"github.com/tessera-opt/tessera/presburger"
	"github.com/tessera-opt/tessera/scop"
)

// Hand-blocked loops.
//
// Code tuned by hand often strip-mines its loops itself:
//
//	for (int ii = 0; ii < n; ii += 32)
//	  for (int kk = 0; kk < n; kk += 32)
//	    for (int i = ii; i < min(ii + 32, n); i++)
//	      for (int k = kk; k < min(kk + 32, n); k++) ...
//
// The model of such a nest has the block iterators as dimensions of its
// own, tied to the element iterators by ii <= i < ii + 32 and ii mod 32 =
// 0: an affine scheduler cannot move i without ii, so it can neither tile
// the nest its own way nor vectorize across the blocks. Unblock joins each
// block loop with its element loop (for (int i = 0; i < n; i++)) and
// proves the joined region equivalent to the original:
//
//   - the joined region has the same statement instances: the map from a
//     joined instance to the blocked one (ii = 32*floor(i/32) + lower) is
//     one-to-one, and its image of every joined domain is exactly the
//     blocked domain (checked by the engine, not assumed from the syntax);
//   - the blocked order, read on the joined instances through that map,
//     executes every dependence of the joined region (flow, anti and
//     output, memory-based) from its source to its target (deps.Check).
//     Two orders of one set of instances that agree on every pair of
//     conflicting instances compute the same values.
//
// The caller then optimizes the joined region as any other: every
// schedule it takes is checked against the joined region's dependences,
// which the original order also respects.

// Unblocked is a region whose hand-blocked loops were joined.
type Unblocked struct {
	// Region is the joined region (offsets and position the original's).
	Region *cfront.Region
	// Cond is the C condition under which Region computes what the
	// original computes ("" for always): an element loop bounded only by
	// its block (i < ii + 32) is joined as i < n, which has the same
	// iterations when the block size divides the block loop's range.
	Cond string
	// Blocks names the joined loops, "ii/i" for each pair, outermost
	// first.
	Blocks []string
}

// blockPair is one block loop joined with its element loop.
type blockPair struct {
	block, elem string // C iterators
	lower, size int64  // the block loop's start and step (0: sizeVar)
	// sizeVar is the variable the block loop steps by (ii += bs), ""
	// for a constant step; elemAt is the offset of the element loop.
	sizeVar string
	elemAt  int
	// bound is the block loop's bound N (ii < N); cond is set when the
	// joined loop needs (N - lower) % size == 0.
	bound cfront.Expr
	cond  bool
}

// ErrNoBlocks is Unblock's error when the region has no hand-blocked loop.
var ErrNoBlocks = errors.New("multiversion: no hand-blocked loops")

// Unblock joins the hand-blocked loops of region r of file f (see above)
// and proves the joined region equivalent. cfg is the model's
// configuration (the user's context). A block iterator declared before
// the region is not set by the joined region: a caller whose code after
// the region may read it gives it its final value (the pipeline runs the
// original loops without statements after the new code). The error is ErrNoBlocks when
// there is nothing to join, else it says why the joined region was not
// proven equivalent.
func Unblock(f *cfront.File, r *cfront.Region, cfg scop.Config) (*Unblocked, error) {
	j := &joiner{f: f, r: r, sizes: map[string]int64{}, iterTypes: map[string]string{}}
	for _, s := range r.Body {
		j.collectSizes(s)
	}
	// Both nests read the block sizes as the constants the loop steps
	// are (a macro in a bound would otherwise be a parameter of its own).
	blocked := r
	if len(j.sizes) > 0 {
		sub := map[string]cfront.Expr{}
		for name, v := range j.sizes {
			sub[name] = Literal(v, "")
		}
		blocked = Subst(r, sub)
	}
	// Scalars computed between a block loop and its element loop are
	// substituted into their uses, so that the element loop holds every
	// statement under the block loop.
	fb, changed := make([]cfront.Stmt, len(blocked.Body)), false
	for k, s := range blocked.Body {
		var ch bool
		fb[k], ch = j.forward(s, false)
		changed = changed || ch
	}
	if changed {
		c := *blocked
		c.Body = fb
		blocked = &c
	}
	body := make([]cfront.Stmt, len(blocked.Body))
	for k, s := range blocked.Body {
		body[k] = j.stmt(s)
	}
	if len(j.pairs) == 0 {
		return nil, ErrNoBlocks
	}
	joined := *blocked
	joined.Body = body
	u := &Unblocked{Region: &joined}
	var conds, positive []string
	for _, p := range j.pairs {
		u.Blocks = append(u.Blocks, p.block+"/"+p.elem)
		if c := fmt.Sprintf("%s >= 1", p.sizeVar); p.sizeVar != "" && !slices.Contains(positive, c) {
			positive = append(positive, c)
		}
		if c := fmt.Sprintf("(%s - %d) %% %s == 0", paren(p.bound), p.lower, p.sizeText()); p.cond && !slices.Contains(conds, c) {
			conds = append(conds, c)
		}
	}
	// The sizes are tested first: a remainder by 0 is undefined.
	u.Cond = strings.Join(append(positive, conds...), " && ")
	if len(positive) > 0 {
		return u, j.unblockVar(u, &joined, body, cfg)
	}
	// The blocked nest's subscripts may stay within their rows only under
	// the joined loops' condition (i < ii + 16 reaches n when 16 divides
	// n): its model is built under it.
	bcfg := cfg
	if c := condText(j.pairs); c != "" && cfg.Context == "" {
		bcfg.Context = c
	}
	sb, err := scop.FromRegion(f, blocked, bcfg)
	if err != nil {
		return nil, fmt.Errorf("the blocked nest has no model: %s", firstLine(err.Error()))
	}
	su, err := scop.FromRegion(f, &joined, cfg)
	if err != nil {
		return nil, fmt.Errorf("the joined nest has no model: %s", firstLine(err.Error()))
	}
	if err := equivalent(su, sb, j.pairs, declScopes(body)); err != nil {
		return nil, err
	}
	return u, nil
}

// equivalent checks that the joined model su and the blocked model sb
// have the same instances and that the blocked order respects every
// dependence of su (see the comment at the top of the file).
func equivalent(su, sb *scop.Scop, pairs []blockPair, scopes map[string][]string) (err error) {
	defer presburger.Recover(&err)
	if len(su.Statements) != len(sb.Statements) {
		return fmt.Errorf("the joined nest has %d statements, the blocked one %d", len(su.Statements), len(sb.Statements))
	}
	// cparams is the condition of the joined loops, as a parameter set.
	ctx, err := condContext(su, pairs)
	if err != nil {
		return err
	}
	var scheds []presburger.Map
	for k, u := range su.Statements {
		b := sb.Statements[k]
		if u.Text != b.Text {
			return fmt.Errorf("statement %d differs between the blocked and the joined nests", k)
		}
		m, err := instanceMap(u, b, pairs)
		if err != nil {
			return err
		}
		m = m.IntersectDomain(u.Domain)
		img, want := u.Domain.Apply(m), b.Domain
		if ctx != nil {
			img, want = img.IntersectParams(*ctx), want.IntersectParams(*ctx)
		}
		if !img.IsEqual(want) {
			return fmt.Errorf("the joined loops of %s do not run the blocked loops' instances", u.Name)
		}
		var flat presburger.Map
		found := false
		for _, fm := range sb.FlatSchedule.Maps() {
			if fm.Space().TupleName(presburger.In) == b.Name {
				flat, found = fm.RelaxDomain(), true
			}
		}
		if !found {
			return fmt.Errorf("no schedule of %s", b.Name)
		}
		scheds = append(scheds, m.ApplyRange(flat))
	}
	d, err := deps.Compute(su, deps.Config{})
	if err != nil {
		return err
	}
	d = blockLocal(d, scopes)
	if ok, w := deps.CheckContext(presburger.NewUnionMap(scheds...), d, ctx); !ok {
		return fmt.Errorf("the blocked order is not the joined one's: %s", w)
	}
	return nil
}

// condContext is the parameter set of the joined loops' conditions
// ((N - lower) mod size = 0 for each pair that needs it), nil when none
// does. N must then be a parameter of su.
func condContext(su *scop.Scop, pairs []blockPair) (*presburger.Set, error) {
	var cs []string
	for _, p := range pairs {
		if !p.cond {
			continue
		}
		id, ok := cfront.Unparen(p.bound).(*cfront.Ident)
		if !ok || !hasParam(su, id.Name) {
			return nil, fmt.Errorf("the bound %s of %s is not a parameter", p.bound.Format(nil), p.block)
		}
		cs = append(cs, fmt.Sprintf("(%s - %d) mod %d = 0", id.Name, p.lower, p.size))
	}
	if len(cs) == 0 {
		return nil, nil
	}
	s, err := presburger.ParseSet(fmt.Sprintf("[%s] -> { : %s }", strings.Join(su.Params, ", "), strings.Join(cs, " and ")))
	if err != nil {
		return nil, err
	}
	return &s, nil
}

func hasParam(s *scop.Scop, name string) bool {
	for _, p := range s.Params {
		if p == name {
			return true
		}
	}
	return false
}

// instanceMap is the map from the joined statement u's instances to the
// blocked statement b's: every iterator of b is the one of u with the
// same C name, and a block iterator is lower + size*floor((i - lower)/size)
// of its element iterator i.
func instanceMap(u, b *scop.Statement, pairs []blockPair) (presburger.Map, error) {
	udim := map[string]string{}
	for k, c := range u.CIters {
		udim[c] = u.Iters[k]
	}
	var cons []string
	for k, c := range b.CIters {
		out := b.Iters[k]
		if d, ok := udim[c]; ok {
			cons = append(cons, fmt.Sprintf("%s = %s", "o_"+out, d))
			continue
		}
		var p *blockPair
		for q := range pairs {
			if pairs[q].block == c {
				p = &pairs[q]
			}
		}
		if p == nil {
			return presburger.Map{}, fmt.Errorf("the iterator %s of %s has no joined counterpart", c, b.Name)
		}
		d, ok := udim[p.elem]
		if !ok {
			return presburger.Map{}, fmt.Errorf("the element iterator %s of %s is not around %s", p.elem, p.block, u.Name)
		}
		cons = append(cons, fmt.Sprintf("%s = %d + %d*floor((%s - %d)/%d)", "o_"+out, p.lower, p.size, d, p.lower, p.size))
	}
	outs := make([]string, len(b.Iters))
	for k, it := range b.Iters {
		outs[k] = "o_" + it
	}
	text := fmt.Sprintf("{ %s[%s] -> %s[%s] : %s }", u.Name, strings.Join(u.Iters, ", "), b.Name, strings.Join(outs, ", "), strings.Join(cons, " and "))
	if len(cons) == 0 {
		text = fmt.Sprintf("{ %s[%s] -> %s[%s] }", u.Name, strings.Join(u.Iters, ", "), b.Name, strings.Join(outs, ", "))
	}
	return presburger.ParseMap(text)
}

// sizeText is the block size as C text.
func (p blockPair) sizeText() string {
	if p.sizeVar != "" {
		return p.sizeVar
	}
	return strconv.FormatInt(p.size, 10)
}

func firstLine(s string) string {
	l, _, _ := strings.Cut(s, "\n")
	return l
}

func paren(e cfront.Expr) string {
	s := e.Format(nil)
	switch cfront.Unparen(e).(type) {
	case *cfront.Ident, *cfront.IntLit:
		return s
	}
	return "(" + s + ")"
}

// joiner rewrites a region's statements, joining the block loops it finds.
type joiner struct {
	f     *cfront.File
	r     *cfront.Region
	pairs []blockPair
	// sizes are the macros that spell a block size in an element loop's
	// bound, with their values.
	sizes map[string]int64
	// iterTypes are the resolved types of the loop iterators declared
	// in the region's loop headers.
	iterTypes map[string]string
}

// stmt is s with its block loops joined.
func (j *joiner) stmt(s cfront.Stmt) cfront.Stmt {
	switch x := s.(type) {
	case *cfront.Block:
		c := *x
		c.Stmts = make([]cfront.Stmt, len(x.Stmts))
		for k, st := range x.Stmts {
			c.Stmts[k] = j.stmt(st)
		}
		return &c
	case *cfront.If:
		c := *x
		c.Then = j.stmt(x.Then)
		if x.Else != nil {
			c.Else = j.stmt(x.Else)
		}
		return &c
	case *cfront.For:
		if body, ok := j.join(x); ok {
			return j.stmt(body)
		}
		c := *x
		c.Body = j.stmt(x.Body)
		return &c
	}
	return s
}

// join returns the body of the block loop x with its element loop
// joined, and true, when x is a block loop: it starts at a constant,
// steps by a constant size > 1 up to one bound N, and its body is a chain
// of loops (each body one loop) down to a loop of step 1 from the
// iterator to min(iterator + size, N) (or to iterator + size alone), the
// only place the iterator is used.
func (j *joiner) join(x *cfront.For) (cfront.Stmt, bool) {
	if x.Step <= 1 && x.StepVar == nil || len(x.Bounds) != 1 || x.Bounds[0].Op != "<" {
		return nil, false
	}
	lower, ok := j.constant(x.Lower)
	if !ok {
		return nil, false
	}
	ii, n := x.Iter, x.Bounds[0].Expr
	if uses(n, ii) > 0 {
		return nil, false
	}
	// Walk the chain of single loops down to the element loop.
	var chain []*cfront.For
	cur := single(x.Body)
	var elem *cfront.For
	for cur != nil {
		if lo, isID := cfront.Unparen(cur.Lower).(*cfront.Ident); isID && lo.Name == ii {
			elem = cur
			break
		}
		chain = append(chain, cur)
		cur = single(cur.Body)
	}
	if elem == nil || elem.Step != 1 || elem.Iter == ii {
		return nil, false
	}
	// The block iterator appears in the element loop's start and in one
	// operand of the min of one conjunct of its condition (which a
	// conditional a < b ? a : b spells twice), nowhere else.
	total := 0
	cfront.Walk(x.Body, func(nd cfront.Node) bool {
		if id, isID := nd.(*cfront.Ident); isID && id.Name == ii {
			total++
		}
		return true
	})
	conj, part := -1, -1
	var rest []cfront.Expr
	for k, bd := range elem.Bounds {
		if uses(bd.Expr, ii) == 0 {
			continue
		}
		if conj >= 0 || bd.Op != "<" {
			return nil, false
		}
		parts := scop.SplitMin(bd.Expr)
		for q, p := range parts {
			if uses(p, ii) == 0 {
				rest = append(rest, p)
				continue
			}
			if part >= 0 || !j.blockEnd(p, ii, x) {
				return nil, false
			}
			part = q
		}
		conj = k
	}
	if conj < 0 || part < 0 || uses(elem.Cond, ii) != uses(elem.Bounds[conj].Expr, ii) ||
		uses(elem.Lower, ii) != 1 || uses(elem.Init, ii) > 1 || total != uses(elem.Init, ii)+uses(elem.Cond, ii) {
		return nil, false
	}
	pair := blockPair{block: ii, elem: elem.Iter, lower: lower, size: x.Step, bound: n, elemAt: elem.At.Offset}
	if x.StepVar != nil {
		pair.sizeVar = x.StepVar.Name
	}
	var nb cfront.Expr
	other := -1 // another conjunct i < N
	for k, bd := range elem.Bounds {
		if k != conj && bd.Op == "<" && sameExpr(bd.Expr, n) {
			other = k
		}
	}
	switch {
	case len(rest) == 0 && other >= 0:
		nb = n
	case len(rest) == 0:
		nb, pair.cond = n, true
	case len(rest) == 1 && sameExpr(rest[0], n):
		nb = rest[0]
	default:
		return nil, false
	}
	// The joined element loop: from the block loop's start to N.
	e := *elem
	e.Lower = x.Lower
	if elem.Init != nil {
		e.Init = substStmt(elem.Init, map[string]cfront.Expr{ii: x.Lower})
	}
	e.Bounds = append([]cfront.Bound(nil), elem.Bounds...)
	e.Bounds[conj] = cfront.Bound{Op: "<", Expr: nb, Raw: &cfront.Binary{At: elem.Bounds[conj].Raw.Pos(), Op: "<", X: &cfront.Ident{At: elem.Bounds[conj].Raw.Pos(), Name: elem.Iter}, Y: nb}}
	var cond cfront.Expr
	for _, bd := range e.Bounds {
		if cond == nil {
			cond = bd.Raw
		} else {
			cond = &cfront.Binary{At: cond.Pos(), Op: "&&", X: cond, Y: bd.Raw}
		}
	}
	e.Cond = cond
	j.pairs = append(j.pairs, pair)
	// Rebuild the chain with the joined loop at its end.
	var out cfront.Stmt = &e
	for k := len(chain) - 1; k >= 0; k-- {
		c := *chain[k]
		c.Body = out
		out = &c
	}
	return out, true
}

// blockEnd reports whether p is ii + size (or size + ii), the size the
// step of the block loop x: an integer literal of its value, or the
// variable it steps by.
func (j *joiner) blockEnd(p cfront.Expr, ii string, x *cfront.For) bool {
	b, ok := cfront.Unparen(p).(*cfront.Binary)
	if !ok || b.Op != "+" {
		return false
	}
	other := b.Y
	if id, isID := cfront.Unparen(b.X).(*cfront.Ident); !isID || id.Name != ii {
		other = b.X
		if id, isID := cfront.Unparen(b.Y).(*cfront.Ident); !isID || id.Name != ii {
			return false
		}
	}
	if uses(other, ii) > 0 {
		return false
	}
	if x.StepVar != nil {
		id, isID := cfront.Unparen(other).(*cfront.Ident)
		return isID && id.Name == x.StepVar.Name
	}
	lit, isLit := cfront.Unparen(other).(*cfront.IntLit)
	return isLit && !lit.Big && lit.Value == x.Step
}

// collectSizes records the macros that spell the step of a loop around
// in an inner loop's bound (i < ii + BS, i < min(ii + BS, n) under
// ii += BS), when the macro has that value wherever the region is
// compiled as it is.
func (j *joiner) collectSizes(s cfront.Stmt) {
	cfront.Walk(s, func(nd cfront.Node) bool {
		x, ok := nd.(*cfront.For)
		if !ok || x.Step <= 1 {
			return true
		}
		cfront.Walk(x.Body, func(nd cfront.Node) bool {
			e, ok := nd.(*cfront.For)
			if !ok {
				return true
			}
			for _, bd := range e.Bounds {
				for _, p := range scop.SplitMin(bd.Expr) {
					b, ok := cfront.Unparen(p).(*cfront.Binary)
					if !ok || b.Op != "+" {
						continue
					}
					for _, pr := range [][2]cfront.Expr{{b.X, b.Y}, {b.Y, b.X}} {
						it, isIt := cfront.Unparen(pr[0]).(*cfront.Ident)
						m, isID := cfront.Unparen(pr[1]).(*cfront.Ident)
						if !isIt || !isID || it.Name != x.Iter {
							continue
						}
						v, cond, ok := j.f.MacroConst(m, m.Pos().Offset)
						if ok && v == x.Step && (cond == "" || strings.Contains(j.r.Cond, cond)) {
							j.sizes[m.Name] = v
						}
					}
				}
			}
			return true
		})
		return true
	})
}

// constant evaluates an integer literal or a constant expression of
// macros whose value holds in every compilation of the region.
func (j *joiner) constant(e cfront.Expr) (int64, bool) {
	if lit, ok := cfront.Unparen(e).(*cfront.IntLit); ok && !lit.Big {
		return lit.Value, true
	}
	v, cond, ok := j.f.MacroConst(e, e.Pos().Offset)
	if !ok || (cond != "" && !strings.Contains(j.r.Cond, cond)) {
		return 0, false
	}
	return v, true
}

// single is the loop that s is, or that a block of s holds alone.
func single(s cfront.Stmt) *cfront.For {
	for {
		switch x := s.(type) {
		case *cfront.For:
			return x
		case *cfront.Block:
			if len(x.Stmts) != 1 {
				return nil
			}
			s = x.Stmts[0]
		default:
			return nil
		}
	}
}

// uses counts the identifiers name in n.
func uses(n cfront.Node, name string) int {
	if n == nil {
		return 0
	}
	k := 0
	cfront.Walk(n, func(nd cfront.Node) bool {
		if id, ok := nd.(*cfront.Ident); ok && id.Name == name {
			k++
		}
		return true
	})
	return k
}

// sameExpr reports whether a and b are the same expression as written
// (up to parentheses and spaces).
func sameExpr(a, b cfront.Expr) bool {
	key := func(e cfront.Expr) string { return strings.ReplaceAll(cfront.Unparen(e).Format(nil), " ", "") }
	return key(a) == key(b)
}

// declScopes maps each variable declared once in body, inside loops, to
// the C iterators of the loops around its declaration, outermost first.
func declScopes(body []cfront.Stmt) map[string][]string {
	out, seen := map[string][]string{}, map[string]int{}
	var open []cfront.Stmt // the statements around the one visited
	visit := func(s cfront.Stmt) {
		if s == nil {
			open = open[:len(open)-1]
			return
		}
		if x, ok := s.(*cfront.Decl); ok {
			var iters []string
			for _, o := range open {
				if f, ok := o.(*cfront.For); ok {
					iters = append(iters, f.Iter)
				}
			}
			for _, v := range x.Vars {
				seen[v.Name]++
				out[v.Name] = iters
			}
		}
		open = append(open, s)
	}
	for _, s := range body {
		cfront.WalkStmt(s, visit)
	}
	for name, n := range seen {
		if n != 1 || len(out[name]) == 0 {
			delete(out, name)
		}
	}
	return out
}

// blockLocal restricts the dependences of d on a variable declared inside
// loops to the pairs of instances that see the same variable: C creates
// it anew in every iteration of the loops around its declaration, so two
// instances touch one object only when those loops' iterators are equal
// (the statements that touch it are inside all of these loops).
func blockLocal(d *deps.Deps, scopes map[string][]string) *deps.Deps {
	out := &deps.Deps{Scop: d.Scop, Config: d.Config}
	for _, x := range d.Deps {
		iters, ok := scopes[x.Array]
		if !ok || len(x.Source.CIters) < len(iters) || len(x.Target.CIters) < len(iters) ||
			!slices.Equal(x.Source.CIters[:len(iters)], iters) || !slices.Equal(x.Target.CIters[:len(iters)], iters) {
			out.Deps = append(out.Deps, x)
			continue
		}
		rel := x.Rel
		for k := range iters {
			rel = rel.Equate(presburger.In, k, presburger.Out, k)
		}
		if rel.IsEmpty() {
			continue
		}
		c := *x
		c.Rel = rel
		out.Deps = append(out.Deps, &c)
	}
	return out
}

// forward returns s with the scalar declarations that stand between a
// block loop and its element loop substituted into their uses, inside
// the loops of step > 1 (see fwdBlock); changed is set when it did one.
func (j *joiner) forward(s cfront.Stmt, inBlock bool) (out cfront.Stmt, changed bool) {
	switch x := s.(type) {
	case *cfront.Block:
		if inBlock {
			if f, ok := j.fwdBlock(x); ok {
				st, _ := j.forward(f, true)
				return st, true
			}
		}
		c := *x
		c.Stmts = make([]cfront.Stmt, len(x.Stmts))
		for k, st := range x.Stmts {
			var ch bool
			c.Stmts[k], ch = j.forward(st, inBlock)
			changed = changed || ch
		}
		return &c, changed
	case *cfront.If:
		c := *x
		var ch1, ch2 bool
		c.Then, ch1 = j.forward(x.Then, inBlock)
		if x.Else != nil {
			c.Else, ch2 = j.forward(x.Else, inBlock)
		}
		return &c, ch1 || ch2
	case *cfront.For:
		if x.DeclType != nil && x.DeclType.Stars == 0 {
			if t, ok := j.f.ResolveType(x.DeclType.Base); ok {
				j.iterTypes[x.Iter] = t
			}
		}
		c := *x
		c.Body, changed = j.forward(x.Body, inBlock || x.Step > 1 || x.StepVar != nil)
		return &c, changed
	}
	return s, false
}

// sameType reports whether e computes a value of the integer type typ
// with no conversion: literals without suffix (int) and names of type
// typ (loop iterators declared in the region, or variables declared
// before it), under + - * and parentheses, when typ is int.
func (j *joiner) sameType(e cfront.Expr, typ string) bool {
	if typ != "int" {
		return false
	}
	ok := true
	cfront.Walk(e, func(n cfront.Node) bool {
		switch x := n.(type) {
		case *cfront.IntLit:
			ok = ok && !x.Big && x.Text == strconv.FormatInt(x.Value, 10) && x.Value <= 1<<31-1
		case *cfront.Ident:
			t, isIter := j.iterTypes[x.Name]
			if !isIter {
				v := j.f.Lookup(j.r, x.Name)
				if v == nil || len(v.Dims) != 0 || strings.Contains(v.Type, "*") {
					ok = false
					break
				}
				t = v.Elem
			}
			ok = ok && t == typ
		case *cfront.Paren:
		case *cfront.Binary:
			ok = ok && (x.Op == "+" || x.Op == "-" || x.Op == "*")
		default:
			ok = false
		}
		return ok
	})
	return ok
}

// fwdBlock turns the block { T x = e; for (...) body } into the loop with
// every use of x replaced by e (by (T)(e) unless e is an element of an
// array of type T), when that computes the same: x is a scalar that only
// the loop reads and nothing writes; e reads only names (no call, no
// assignment, no increment), none of which the loop writes or declares,
// nor the loop's iterator. Then every use reads the value e has before
// the loop, as x does. (Distinct arrays are distinct memory: the caller
// checks that at run time, as for any optimized region.)
func (j *joiner) fwdBlock(b *cfront.Block) (*cfront.For, bool) {
	if len(b.Stmts) == 3 {
		return j.accBlock(b)
	}
	if len(b.Stmts) != 2 {
		return nil, false
	}
	d, ok := b.Stmts[0].(*cfront.Decl)
	loop, ok2 := b.Stmts[1].(*cfront.For)
	if !ok || !ok2 || len(d.Vars) != 1 || d.Type == nil {
		return nil, false
	}
	v := d.Vars[0]
	if v.Init == nil || v.Stars != 0 || len(v.Dims) != 0 || v.Attrs != "" || d.Type.Stars != 0 {
		return nil, false
	}
	typ, ok := j.f.ResolveType(d.Type.Base)
	if !ok || !arithmetic(typ) || strings.Contains(d.Type.Text, "volatile") || strings.Contains(d.Type.Text, "static") {
		return nil, false
	}
	reads, pure := readNames(v.Init)
	if !pure || reads[v.Name] || reads[loop.Iter] {
		return nil, false
	}
	if uses(loop.Lower, v.Name) > 0 || loop.Cond != nil && uses(loop.Cond, v.Name) > 0 {
		return nil, false
	}
	written := writtenNames(loop.Body)
	if written[v.Name] || written[loop.Iter] {
		return nil, false
	}
	for name := range reads {
		if written[name] {
			return nil, false
		}
	}
	repl := cfront.Expr(&cfront.Paren{At: v.Init.Pos(), X: &cfront.Cast{At: v.Init.Pos(), Type: &cfront.TypeName{At: d.Type.At, Text: d.Type.Base, Base: d.Type.Base}, X: &cfront.Paren{At: v.Init.Pos(), X: v.Init}}})
	if j.sameType(v.Init, typ) {
		repl = &cfront.Paren{At: v.Init.Pos(), X: v.Init}
	} else if ix, isIx := cfront.Unparen(v.Init).(*cfront.Index); isIx {
		base := cfront.Expr(ix)
		for {
			if in, ok := base.(*cfront.Index); ok {
				base = cfront.Unparen(in.X)
				continue
			}
			break
		}
		if id, isID := base.(*cfront.Ident); isID {
			if av := j.f.Lookup(j.r, id.Name); av != nil && av.Elem == typ {
				repl = v.Init
			}
		}
	}
	c := *loop
	c.Body = substStmt(loop.Body, map[string]cfront.Expr{v.Name: repl})
	return &c, true
}

// arithmetic reports whether the resolved type t is a C arithmetic type.
func arithmetic(t string) bool {
	switch strings.TrimPrefix(t, "const ") {
	case "double", "float", "long double", "int", "long", "long long", "short", "char",
		"unsigned", "unsigned int", "unsigned long", "unsigned long long", "unsigned short", "unsigned char",
		"signed char", "long int", "long long int", "short int":
		return true
	}
	return false
}

// readNames gives the names e reads, and whether e is pure: names,
// literals, arithmetic, comparisons, conditionals, casts and subscripts
// only.
func readNames(e cfront.Expr) (map[string]bool, bool) {
	names, pure := map[string]bool{}, true
	cfront.Walk(e, func(n cfront.Node) bool {
		switch x := n.(type) {
		case *cfront.Ident:
			names[x.Name] = true
		case *cfront.Unary:
			if x.Op != "-" && x.Op != "+" && x.Op != "!" && x.Op != "~" {
				pure = false
			}
		case *cfront.IntLit, *cfront.FloatLit, *cfront.CharLit, *cfront.Paren, *cfront.Binary,
			*cfront.CondExpr, *cfront.Index, *cfront.Cast:
		default:
			pure = false
		}
		return pure
	})
	return names, pure
}

// writtenNames gives the base names that s assigns, increments,
// declares or takes the address of, and every name of a call's
// arguments (a call may write through them).
func writtenNames(s cfront.Stmt) map[string]bool {
	out := map[string]bool{}
	base := func(e cfront.Expr) {
		for {
			switch x := cfront.Unparen(e).(type) {
			case *cfront.Index:
				e = x.X
				continue
			case *cfront.Unary:
				e = x.X
				continue
			case *cfront.Ident:
				out[x.Name] = true
			default:
				cfront.Walk(x, func(n cfront.Node) bool {
					if id, ok := n.(*cfront.Ident); ok {
						out[id.Name] = true
					}
					return true
				})
			}
			return
		}
	}
	cfront.Walk(s, func(n cfront.Node) bool {
		switch x := n.(type) {
		case *cfront.Assign:
			base(x.LHS)
		case *cfront.Postfix:
			base(x.X)
		case *cfront.Unary:
			if x.Op == "++" || x.Op == "--" || x.Op == "&" {
				base(x.X)
			}
		case *cfront.Call:
			for _, a := range x.Args {
				base(a)
			}
		case *cfront.Decl:
			for _, v := range x.Vars {
				out[v.Name] = true
			}
		case *cfront.For:
			out[x.Iter] = true
		}
		return true
	})
	return out
}

// condText is the joined loops' condition in isl notation over the
// parameters that are the block loops' bounds, "" when there is none or
// a bound is not a name.
func condText(pairs []blockPair) string {
	var names, cs []string
	seen := map[string]bool{}
	for _, p := range pairs {
		if !p.cond {
			continue
		}
		id, ok := cfront.Unparen(p.bound).(*cfront.Ident)
		if !ok {
			return ""
		}
		if !seen[id.Name] {
			seen[id.Name] = true
			names = append(names, id.Name)
		}
		cs = append(cs, fmt.Sprintf("(%s - %d) mod %d = 0", id.Name, p.lower, p.size))
	}
	if len(cs) == 0 {
		return ""
	}
	return fmt.Sprintf("[%s] -> { : %s }", strings.Join(names, ", "), strings.Join(cs, " and "))
}

// accBlock turns the block { T s = X; for (...) body; X = s; }, where X
// is an array element, into the loop with every use of s replaced by X,
// when that computes the same: s is a scalar of X's element type (no
// conversion either way), the loop does not name X's array, writes none
// of the names X's subscripts read, and does not write its own iterator
// into them; s is not read after the block. The loop then reads and
// writes X wherever it read and wrote s, with the same values, and X
// ends with s's last value as the store gave it.
func (j *joiner) accBlock(b *cfront.Block) (*cfront.For, bool) {
	d, ok := b.Stmts[0].(*cfront.Decl)
	loop, ok2 := b.Stmts[1].(*cfront.For)
	st, ok3 := b.Stmts[2].(*cfront.ExprStmt)
	if !ok || !ok2 || !ok3 || len(d.Vars) != 1 || d.Type == nil || d.Type.Stars != 0 {
		return nil, false
	}
	v := d.Vars[0]
	if v.Init == nil || v.Stars != 0 || len(v.Dims) != 0 || v.Attrs != "" {
		return nil, false
	}
	as, ok := st.X.(*cfront.Assign)
	if !ok || as.Op != "=" || !sameExpr(as.LHS, v.Init) {
		return nil, false
	}
	if id, isID := cfront.Unparen(as.RHS).(*cfront.Ident); !isID || id.Name != v.Name {
		return nil, false
	}
	ix, isIx := cfront.Unparen(v.Init).(*cfront.Index)
	if !isIx {
		return nil, false
	}
	var base cfront.Expr = ix
	for {
		in, ok := base.(*cfront.Index)
		if !ok {
			break
		}
		base = cfront.Unparen(in.X)
	}
	arr, isID := base.(*cfront.Ident)
	if !isID {
		return nil, false
	}
	typ, ok := j.f.ResolveType(d.Type.Base)
	av := j.f.Lookup(j.r, arr.Name)
	if !ok || av == nil || strings.TrimPrefix(av.Elem, "const ") != typ || !arithmetic(typ) ||
		strings.Contains(d.Type.Text, "volatile") || strings.Contains(d.Type.Text, "static") {
		return nil, false
	}
	reads, pure := readNames(v.Init)
	if !pure || reads[v.Name] || reads[loop.Iter] {
		return nil, false
	}
	if uses(loop, arr.Name) > 0 || uses(loop.Lower, v.Name) > 0 || loop.Cond != nil && uses(loop.Cond, v.Name) > 0 {
		return nil, false
	}
	written := writtenNames(loop.Body)
	for name := range reads {
		if name != arr.Name && written[name] {
			return nil, false
		}
	}
	addr := false
	cfront.Walk(loop.Body, func(n cfront.Node) bool {
		if u, ok := n.(*cfront.Unary); ok && u.Op == "&" && uses(u.X, v.Name) > 0 {
			addr = true
		}
		if dd, ok := n.(*cfront.Decl); ok {
			for _, w := range dd.Vars {
				addr = addr || w.Name == v.Name
			}
		}
		return !addr
	})
	if addr {
		return nil, false
	}
	c := *loop
	c.Body = substStmt(loop.Body, map[string]cfront.Expr{v.Name: v.Init})
	return &c, true
}
