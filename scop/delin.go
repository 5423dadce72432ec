package scop

import (
	"fmt"
	"maps"
	"slices"
	"sort"
	"strings"

	"github.com/tessera-opt/tessera/cfront"
	"github.com/tessera-opt/tessera/presburger"
)

// Delinearization.
//
// C code often stores a matrix in a one-dimensional array and computes
// the offset itself: A[i*n + j] for an n-column matrix (a pointer
// parameter, or memory from malloc). The subscript is not affine: it
// multiplies an iterator by a parameter. It is a polynomial whose terms
// are a product of parameters times an affine expression:
//
//	A[i*n*m + j*m + k]  =  n*m * (i)  +  m * (j)  +  1 * (k)
//
// When the products of parameters of every access to the array form a
// chain 1, p1, p1*p2, ... (each the one before times one parameter), and
// in every access each affine factor but the outermost stays in [0, p)
// for the parameter p that the next product adds, then two accesses touch
// the same element exactly when their factors are equal: the array is
// modelled as A[i][j][k] with extents [..][p2][p1], like a declared
// multi-dimensional array. The range of the factors is proved on each
// statement's domain (in the region's context); an access where it cannot
// be keeps the whole region out of the model, as before.
//
// Only the model changes: the statements keep their text, so the
// generated code indexes the array as the original does.

// poly is a subscript with products of parameters: the sum, over its
// keys, of the key (a product of parameter names joined by "*", sorted;
// "" for 1) times its quasi-affine value.
type poly map[string]pexpr

// monoMul multiplies two products of parameters.
func monoMul(a, b string) string {
	var ps []string
	for _, x := range []string{a, b} {
		if x != "" {
			ps = append(ps, strings.Split(x, "*")...)
		}
	}
	sort.Strings(ps)
	return strings.Join(ps, "*")
}

// monoDegree is the number of parameters of a product.
func monoDegree(m string) int {
	if m == "" {
		return 0
	}
	return strings.Count(m, "*") + 1
}

func (p poly) addTerm(key string, v pexpr) {
	if c, ok := constOf(v); ok && c == 0 {
		return
	}
	if old, ok := p[key]; ok {
		v = old.add(v)
		if c, ok := constOf(v); ok && c == 0 {
			delete(p, key)
			return
		}
	}
	p[key] = v
}

// hasProducts reports whether p has a term with a parameter product.
func (p poly) hasProducts() bool {
	for k := range p {
		if k != "" {
			return true
		}
	}
	return false
}

// linPoly translates a subscript into a poly: sums, differences and
// negations of products in which all factors but one are constants or
// parameters, over affine leaves. False when e is not of that form.
func (b *builder) linPoly(e cfront.Expr) (poly, bool) {
	switch x := e.(type) {
	case *cfront.Paren:
		return b.linPoly(x.X)
	case *cfront.Unary:
		switch x.Op {
		case "+":
			return b.linPoly(x.X)
		case "-":
			p, ok := b.linPoly(x.X)
			if !ok {
				return nil, false
			}
			out := poly{}
			for k, v := range p {
				out.addTerm(k, v.mapv((*aff).neg))
			}
			return out, true
		}
	case *cfront.Call:
		if id, ok := cfront.Unparen(x.Fun).(*cfront.Ident); ok && b.info != nil && b.info.ExpandCall != nil && b.info.Macros[id.Name] {
			if e, na := b.macroExpansion(x, id.Name); na == nil {
				return b.linPoly(e)
			}
		}
	case *cfront.Binary:
		if x.Op != "+" && x.Op != "-" && x.Op != "*" {
			break
		}
		p, ok := b.linPoly(x.X)
		if !ok {
			return nil, false
		}
		q, ok := b.linPoly(x.Y)
		if !ok {
			return nil, false
		}
		if x.Op == "*" {
			return b.polyMul(p, q)
		}
		out := poly{}
		for k, v := range p {
			out.addTerm(k, v)
		}
		for k, v := range q {
			if x.Op == "-" {
				v = v.mapv((*aff).neg)
			}
			out.addTerm(k, v)
		}
		return out, true
	}
	a, na := b.affine(e)
	if na != nil {
		return nil, false
	}
	return poly{"": a}, true
}

// polyMul multiplies two polys when every product of their values has a
// constant or parameter factor.
func (b *builder) polyMul(p, q poly) (poly, bool) {
	out := poly{}
	for _, ka := range slices.Sorted(maps.Keys(p)) {
		for _, kb := range slices.Sorted(maps.Keys(q)) {
			x, y := p[ka], q[kb]
			key := monoMul(ka, kb)
			if k, ok := constOf(x); ok {
				out.addTerm(key, y.mapv(func(a *aff) *aff { return a.scale(k) }))
			} else if k, ok := constOf(y); ok {
				out.addTerm(key, x.mapv(func(a *aff) *aff { return a.scale(k) }))
			} else if name, ok := b.pureParam(y); ok {
				out.addTerm(monoMul(key, name), x)
			} else if name, ok := b.pureParam(x); ok {
				out.addTerm(monoMul(key, name), y)
			} else {
				return nil, false
			}
		}
	}
	return out, true
}

// pureParam reports whether v is exactly one parameter, and its name.
func (b *builder) pureParam(v pexpr) (string, bool) {
	if !v.isSingle() {
		return "", false
	}
	a := v[0].v
	if a.c != 0 || len(a.divs) != 0 || len(a.lin) != 1 {
		return "", false
	}
	for name, c := range a.lin {
		if _, isParam := b.cParamName(name); c == 1 && isParam {
			return name, true
		}
	}
	return "", false
}

// cParamName is the C name of the parameter whose model name is name
// (paramName's inverse), and whether there is one.
func (b *builder) cParamName(name string) (string, bool) {
	for c, m := range b.pnames {
		if m == name && b.isParam[c] {
			return c, true
		}
	}
	return "", false
}

// linChain returns the chain of parameter products of a delinearized
// array, from 1 up, or why there is none: the products of its accesses
// must be 1, p1, p1*p2, ... without gaps beyond the first.
func linChain(monos map[string]bool) ([]string, string) {
	ms := slices.Collect(maps.Keys(monos))
	sort.Slice(ms, func(i, j int) bool {
		if di, dj := monoDegree(ms[i]), monoDegree(ms[j]); di != dj {
			return di < dj
		}
		return ms[i] < ms[j]
	})
	chain := []string{""}
	for _, m := range ms {
		if m == "" {
			continue
		}
		last := chain[len(chain)-1]
		if monoDegree(m) != monoDegree(last)+1 || !containsMono(m, last) {
			return nil, fmt.Sprintf("the parameter products %s of its subscripts are not one chain n, n*m, ...", strings.Join(ms[min(1, len(ms)):], ", "))
		}
		chain = append(chain, m)
	}
	return chain, ""
}

// withoutFactors is the product m without the factors of d (with
// multiplicity), and whether m has them all.
func withoutFactors(m, d string) ([]string, bool) {
	rest := strings.Split(m, "*")
	if d == "" {
		return rest, true
	}
	for _, f := range strings.Split(d, "*") {
		i := slices.Index(rest, f)
		if i < 0 {
			return nil, false
		}
		rest = slices.Delete(rest, i, i+1)
	}
	return rest, true
}

// containsMono reports whether the product m has every factor of d.
func containsMono(m, d string) bool {
	_, ok := withoutFactors(m, d)
	return ok
}

// ratio is the parameter that m has over d (m = d * ratio, d in m).
func ratio(m, d string) string {
	rest, _ := withoutFactors(m, d)
	return rest[0]
}

// linChains returns the chain of every delinearized array (see
// linChain) and sets the arrays' ranks; the error is positioned at an
// access of an array without one.
func (b *builder) linChains() (map[string][]string, error) {
	monos := map[string]map[string]bool{}
	for _, r := range b.stmts {
		for _, a := range r.accesses {
			if !b.delin[a.array] {
				continue
			}
			if monos[a.array] == nil {
				monos[a.array] = map[string]bool{}
			}
			if a.lin == nil {
				monos[a.array][""] = true
				continue
			}
			for k := range a.lin {
				monos[a.array][k] = true
			}
		}
	}
	chains := map[string][]string{}
	for _, name := range slices.Sorted(maps.Keys(monos)) {
		chain, why := linChain(monos[name])
		if why != "" {
			a := b.firstLinAccess(name)
			return nil, &cfront.Error{File: b.cfg.File, Pos: a.pos, Msg: fmt.Sprintf("non-affine subscript %s (not delinearized: %s)", a.text, why)}
		}
		chains[name] = chain
		arr := b.arrays[name]
		arr.Rank = len(chain)
		arr.Extents = nil
		arr.Strides = nil
		for k := len(chain) - 1; k >= 0; k-- {
			st := chain[k]
			if st == "" {
				st = "1"
			}
			arr.Strides = append(arr.Strides, st)
		}
	}
	return chains, nil
}

// delinearize gives the accesses of r to delinearized arrays their
// subscripts along the arrays' chains, after checking on the statement's
// domain dom (in the region's context) that every subscript but the
// outermost stays within its extent. The error is positioned at the
// first access where that cannot be proved.
func (b *builder) delinearize(prefix, tuple string, r *rawStmt, dom presburger.Set, context presburger.Set, chains map[string][]string) error {
	all := mergeParams(dom.Space().Params(), context.Space().Params())
	dom = dom.AlignParams(all).IntersectParams(context.AlignParams(all))
	for i := range r.accesses {
		a := &r.accesses[i]
		chain := chains[a.array]
		if chain == nil {
			continue
		}
		if a.may() {
			// A may access over the one subscript C writes is a may
			// access over every subscript of the model.
			a.subs, a.star = make([]pexpr, len(chain)), make([]string, len(chain))
			for k := range a.star {
				a.star[k] = a.text
			}
			continue
		}
		lin := a.lin
		if lin == nil {
			lin = poly{"": a.subs[0]}
		}
		lin = b.alongChain(lin, chain)
		subs := make([]pexpr, len(chain))
		for k := range chain {
			if v, ok := lin[chain[len(chain)-1-k]]; ok {
				subs[k] = v
			} else {
				subs[k] = pconst(0)
			}
		}
		// Subscript k > 0 must lie in [0, p), p the parameter that the
		// product of subscript k - 1 has over its own.
		for k := 1; k < len(chain); k++ {
			p := ratio(chain[len(chain)-k], chain[len(chain)-1-k])
			var outs, texts []string
			for _, pc := range subs[k] {
				v := pc.v.String()
				texts = append(texts, v)
				cond := "(" + v + " < 0 or " + v + " >= " + p + ")"
				if g := formula(dnf{pc.guard}); g != "" {
					cond = strings.TrimPrefix(g, " : ") + " and " + cond
				}
				outs = append(outs, "("+cond+")")
			}
			ss := prefix + "{ " + tuple + " : " + strings.Join(outs, " or ") + " }"
			out, err := presburger.ParseSet(ss)
			if err != nil {
				return fmt.Errorf("delinearization of %s: %q: %w", a.text, ss, err)
			}
			all := mergeParams(dom.Space().Params(), out.Space().Params())
			if viol := out.AlignParams(all).Intersect(dom.AlignParams(all)); !viol.IsEmpty() {
				// Not for every parameter value: remember for which,
				// so that the region may be optimized under the
				// complement, checked at run time (assume).
				if b.delinErr == nil {
					b.delinErr = &cfront.Error{File: b.cfg.File, Pos: a.pos, Msg: fmt.Sprintf("non-affine subscript %s (not delinearized: %s may leave [0, %s))", a.text, strings.Join(texts, " or "), p)}
				}
				b.delinViol = append(b.delinViol, viol.Params())
			}
		}
		a.subs, a.lin = subs, nil
	}
	return nil
}

// alongChain moves the parameter terms of p's values to the chain's
// products: with the chain 1, m, the m of b[m + j] is the product m
// times 1 (b[1][j]), not part of the subscript of 1.
func (b *builder) alongChain(p poly, chain []string) poly {
	out := poly{}
	for k, v := range p {
		out[k] = v
	}
	for i, m := range chain[:len(chain)-1] {
		v, ok := out[m]
		if !ok {
			continue
		}
		next := chain[i+1]
		q := ratio(next, m)
		coef := v.mapv(func(a *aff) *aff { return affConst(a.lin[q]) })
		if c, ok := constOf(coef); ok && c == 0 {
			continue
		}
		rest := v.mapv(func(a *aff) *aff { return a.sub(affVar(q).scale(a.lin[q])) })
		out[m] = rest
		out.addTerm(next, coef)
	}
	return out
}

// assume returns the parameter set under which every delinearized
// subscript stays within its extent (the context without the values
// for which some does not) and its C condition, or the first access's
// error when there is no useful one: empty, or where no statement runs
// (n == 0 for A[i*n + j + 1] with j < n), or not a union of at most
// maxAssumeParts conjunctions of affine constraints. The caller runs the
// optimized code under the condition and the original code otherwise.
func (b *builder) assume(context presburger.Set, params []string, doms []presburger.Set) (presburger.Set, string, error) {
	if b.hasTopDecl {
		return presburger.Set{}, "", b.delinErr
	}
	all := mergeParams(params, context.Space().Params())
	if len(b.delinViol) > maxAssumeViolations {
		return presburger.Set{}, "", b.delinErr
	}
	viol := b.delinViol[0].AlignParams(all)
	for _, v := range b.delinViol[1:] {
		viol = viol.Union(v.AlignParams(all))
	}
	// Bounded: the exact complement of many violation sets with mods
	// can have a number of parts exponential in theirs.
	a, ok := context.AlignParams(all).SubtractWithin(viol, maxAssumeSteps)
	if !ok || a.IsEmpty() || a.NParts() > 16*maxAssumeParts {
		return presburger.Set{}, "", b.delinErr
	}
	if a.NParts() > 1 {
		a = a.Coalesce()
	}
	// Keep the parts where some statement runs: elsewhere the original
	// code does nothing either (n == 0), and the condition stays short.
	var keep []presburger.Set
	for _, part := range a.Parts() {
		ps := presburger.NewSet(part.Space(), part)
		for _, d := range doms {
			dp := mergeParams(d.Space().Params(), all)
			if !d.AlignParams(dp).IntersectParams(ps.AlignParams(dp)).IsEmpty() {
				keep = append(keep, ps)
				break
			}
		}
	}
	// Any part of the exact set will do (the condition is then only
	// sufficient): prefer the parts without equalities (the others are
	// boundary cases such as n == 0 or lda == n), the simplest first.
	var full []presburger.Set
	for _, k := range keep {
		if len(k.Parts()[0].Eqs()) == 0 {
			full = append(full, k)
		}
	}
	if len(full) > 0 {
		keep = full
	}
	size := func(k presburger.Set) int { p := k.Parts()[0]; return len(p.Eqs()) + len(p.Ineqs()) + 10*p.NLocal() }
	slices.SortStableFunc(keep, func(x, y presburger.Set) int { return size(x) - size(y) })
	if len(keep) > maxAssumeParts {
		keep = keep[:maxAssumeParts]
	}
	if len(keep) == 0 {
		return presburger.Set{}, "", b.delinErr
	}
	a = keep[0]
	for _, k := range keep[1:] {
		a = a.Union(k)
	}
	// The condition tests what the context does not already say.
	cond := a.Gist(context.AlignParams(all))
	var ors []string
	for _, part := range cond.Parts() {
		if part.NLocal() > 0 {
			return presburger.Set{}, "", b.delinErr
		}
		var ands []string
		for _, r := range part.Eqs() {
			ands = append(ands, b.cConstraint(r, all, "=="))
		}
		for _, r := range part.Ineqs() {
			ands = append(ands, b.cConstraint(r, all, ">="))
		}
		if len(ands) == 0 {
			return a, "", nil // the whole context
		}
		ors = append(ors, strings.Join(ands, " && "))
	}
	if len(ors) == 1 {
		return a, ors[0], nil
	}
	return a, "(" + strings.Join(ors, ") || (") + ")", nil
}

// maxAssumeParts bounds the disjuncts of a run-time assumption.
const maxAssumeParts = 4

// maxAssumeViolations and maxAssumeSteps bound the work of assume: the
// accesses that may leave their rows, and the solver steps of the
// complement (presburger.SubtractWithin).
const (
	maxAssumeViolations = 64
	maxAssumeSteps      = 1_000_000
)

// cConstraint prints row (over the parameters names, then the constant)
// as the C comparison "pos op neg" with positive coefficients on both
// sides: [-1, 1, 0] over [n, lda] with ">=" is "lda >= n".
func (b *builder) cConstraint(row []int64, names []string, op string) string {
	var pos, neg []string
	term := func(c int64, name string) string {
		if c == 1 {
			return name
		}
		return fmt.Sprintf("%d * %s", c, name)
	}
	for k, name := range names {
		if c, ok := b.cParamName(name); ok {
			name = c
		}
		switch c := row[k]; {
		case c > 0:
			pos = append(pos, term(c, name))
		case c < 0:
			neg = append(neg, term(-c, name))
		}
	}
	if c := row[len(row)-1]; c > 0 {
		pos = append(pos, fmt.Sprint(c))
	} else if c < 0 {
		neg = append(neg, fmt.Sprint(-c))
	}
	side := func(ts []string) string {
		if len(ts) == 0 {
			return "0"
		}
		return strings.Join(ts, " + ")
	}
	return side(pos) + " " + op + " " + side(neg)
}

// firstLinAccess is the first access of the array written with a product
// of parameters.
func (b *builder) firstLinAccess(name string) rawAccess {
	for _, r := range b.stmts {
		for _, a := range r.accesses {
			if a.array == name && a.lin != nil {
				return a
			}
		}
	}
	return rawAccess{}
}
