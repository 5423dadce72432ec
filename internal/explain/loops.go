package explain

import (
	"fmt"
	"path/filepath"
	"sort"
	"strings"

	"github.com/tessera-opt/tessera/ast"
	"github.com/tessera-opt/tessera/presburger/ints"
	"github.com/tessera-opt/tessera/scop"
)

// Loops of the generated code in the source's terms (--explain).
//
// The generator names its loops c0, c1, ...; a reader knows the source's
// loops. We recover the correspondence from the generated AST itself: a
// model statement's call gives each of its source iterators as an
// expression of the generated iterators (after the hoisted constants of
// astopt are substituted back). A generated loop whose iterator is one
// source iterator (up to a constant shift) is that source loop; one that
// enters a statement's iterator only together with other loops is a
// skewed loop, named by the combination of source iterators it runs
// along; one that no statement reads but that bounds inner loops is the
// loop over their tiles.

// loopNames maps a region's generated loops to descriptions in the
// source's terms.
type loopNames struct {
	s    *scop.Scop
	file string // base name of the source file
	// byIter describes each generated iterator (the first loop of that
	// name in tree order when the generator reuses a name for sibling
	// nests: they describe the same dimension).
	byIter map[string]string
	// short is byIter without the source positions ("k", "tiles of k").
	short map[string]string
	// nest lists, per statement name, the short descriptions of the
	// loops around its first call, outermost first.
	nest map[string][]string
	// byFor describes each generated loop; preorder lists them in tree
	// order; around maps a statement and a generated iterator to the
	// description of the loop of that name around the statement's first
	// call.
	byFor    map[*ast.For]string
	preorder []*ast.For
	around   map[string]map[string]*ast.For
}

// loopFacts is what the walk learns about one generated loop.
type loopFacts struct {
	f      *ast.For
	direct map[int]bool // source loop IDs this loop is (up to a shift)
	// skews are the linear forms (over generated iterators) of the
	// source iterators this loop enters together with other loops.
	skews []skewUse
	inner []*ast.For // inner loops whose bounds read this loop's iterator
}

type skewUse struct {
	src  int              // source loop ID of the statement iterator
	form map[string]int64 // generated iterator -> coefficient
}

// nameLoops walks n, the generated AST of the region modelled by s.
func nameLoops(s *scop.Scop, n ast.Node, file string) *loopNames {
	ln := &loopNames{s: s, file: filepath.Base(file), byIter: map[string]string{}, short: map[string]string{}, nest: map[string][]string{},
		byFor: map[*ast.For]string{}, around: map[string]map[string]*ast.For{}}
	if s == nil || n == nil {
		return ln
	}
	w := &loopWalk{byName: map[string]*scop.Statement{}, facts: map[*ast.For]*loopFacts{}, env: map[string]ast.Expr{}, stmtStacks: map[string][]*ast.For{}}
	for _, st := range s.Statements {
		w.byName[st.Name] = st
	}
	w.visit(n)
	// The direct names first: the skewed and tile names are built on them.
	name := map[*ast.For]string{}
	short := map[*ast.For]string{}
	for _, f := range w.order {
		if d := w.facts[f].direct; len(d) > 0 {
			short[f], name[f] = ln.sourceLoops(d)
		}
	}
	ln.nameSkewed(w, name, short)
	nameTiles(w, name, short)
	for _, f := range w.order {
		if _, ok := short[f]; !ok {
			short[f], name[f] = "a loop of the new code", "a loop of the new code"
		}
		if _, ok := ln.byIter[f.Iter]; !ok {
			ln.byIter[f.Iter], ln.short[f.Iter] = name[f], short[f]
		}
		ln.byFor[f] = name[f]
	}
	ln.preorder = w.order
	for st, fs := range w.stmtStacks {
		ln.around[st] = map[string]*ast.For{}
		for _, f := range fs {
			ln.nest[st] = append(ln.nest[st], short[f])
			ln.around[st][f.Iter] = f
		}
	}
	return ln
}

// loopWalk collects, in one walk of the generated AST, what each loop
// gives the statements under it (loopFacts), the loops in preorder, and
// the loops around each statement.
type loopWalk struct {
	byName     map[string]*scop.Statement
	facts      map[*ast.For]*loopFacts
	order      []*ast.For
	env        map[string]ast.Expr // values of the Decls in scope
	stack      []*ast.For
	stmtStacks map[string][]*ast.For
}

// inScope returns the innermost enclosing loop whose iterator is name.
func (w *loopWalk) inScope(name string) *ast.For {
	for k := len(w.stack) - 1; k >= 0; k-- {
		if w.stack[k].Iter == name {
			return w.stack[k]
		}
	}
	return nil
}

func (w *loopWalk) visit(n ast.Node) {
	switch n := n.(type) {
	case nil:
	case *ast.Decl:
		if n.Value != nil {
			w.env[n.Name] = ast.Subst(n.Value, w.env)
		}
	case *ast.Block:
		for _, x := range n.Stmts {
			w.visit(x)
		}
	case *ast.If:
		w.visit(n.Then)
		w.visit(n.Else)
	case *ast.Mark:
		w.visit(n.Body)
	case *ast.For:
		w.facts[n] = &loopFacts{f: n, direct: map[int]bool{}}
		w.order = append(w.order, n)
		for _, b := range []ast.Expr{n.Init, n.Cond} {
			if b == nil {
				continue
			}
			for _, id := range ast.Idents(ast.Subst(b, w.env)) {
				if o := w.inScope(id); o != nil {
					w.facts[o].inner = append(w.facts[o].inner, n)
				}
			}
		}
		w.stack = append(w.stack, n)
		w.visit(n.Body)
		w.stack = w.stack[:len(w.stack)-1]
	case *ast.User:
		w.user(n)
	}
}

// user records which source iterator each enclosing loop gives the
// statement call u: directly (the argument is ±loop) or skewed (a sum).
func (w *loopWalk) user(u *ast.User) {
	st := w.byName[u.Name]
	if u.Payload != nil || st == nil || len(u.Args) != len(st.Loops) {
		return
	}
	if _, seen := w.stmtStacks[u.Name]; !seen {
		w.stmtStacks[u.Name] = append([]*ast.For(nil), w.stack...)
	}
	// A loop that gives two of the statement's iterators (a piece cut at
	// j = k) is the outer one's.
	given := map[*ast.For]bool{}
	for p, a := range u.Args {
		form, _, ok := linearForm(ast.Subst(a, w.env))
		if !ok {
			continue
		}
		loops := map[string]int64{}
		for id, c := range form {
			if w.inScope(id) != nil {
				loops[id] = c
			}
		}
		if len(loops) == 1 {
			for id, c := range loops {
				if f := w.inScope(id); (c == 1 || c == -1) && !given[f] {
					w.facts[f].direct[st.Loops[p]] = true
					given[f] = true
				}
			}
			continue
		}
		for id := range loops {
			f := w.inScope(id)
			w.facts[f].skews = append(w.facts[f].skews, skewUse{src: st.Loops[p], form: loops})
		}
	}
}

// nameSkewed names the skewed loops. Each named loop is a linear form
// over the source iterators: a direct loop is its iterator; a skewed one,
// src = a*f + sum of b*other, is f = a*src - a*sum(b*other) (a = ±1) once
// every other loop of the sum has a form. Passes until nothing changes: a
// skewed loop may be written with another one.
func (ln *loopNames) nameSkewed(w *loopWalk, name, short map[*ast.For]string) {
	forms := map[*ast.For]iterForm{}
	for _, f := range w.order {
		if d := w.facts[f].direct; len(d) == 1 {
			for id := range d {
				forms[f] = iterForm{ln.iterName(id): 1}
			}
		}
	}
	formOf := func(iter string) (iterForm, bool) {
		for k := len(w.order) - 1; k >= 0; k-- {
			if f := w.order[k]; f.Iter == iter {
				if fm, ok := forms[f]; ok {
					return fm, true
				}
			}
		}
		return nil, false
	}
	for changed := true; changed; {
		changed = false
		for _, f := range w.order {
			if _, ok := short[f]; ok {
				continue
			}
			for _, u := range w.facts[f].skews {
				if fm, ok := skewForm(f.Iter, u, ln.iterName(u.src), formOf); ok {
					forms[f] = fm
					short[f] = fm.String(ln.s) + " (skewed)"
					name[f] = short[f]
					changed = true
					break
				}
			}
		}
	}
}

// nameTiles names tile loops: around each statement, a run of w loops
// that no statement reads followed by w named loops is a band's tile
// loops and its point loops. The k-th tile loop is the tiles of the
// point loop whose bounds read it alone (the point loops may have been
// reordered inside the tile), else of the k-th point loop.
func nameTiles(w *loopWalk, name, short map[*ast.For]string) {
	for _, st := range sortedKeys(w.stmtStacks) {
		fs := w.stmtStacks[st]
		for i := 0; i < len(fs); {
			n := 0
			for i+n < len(fs) && !named(short, fs[i+n]) {
				n++
			}
			if n == 0 {
				i++
				continue
			}
			if i+2*n > len(fs) || !allNamed(short, fs[i+n:i+2*n]) {
				i += n
				continue
			}
			tiles, points := fs[i:i+n], fs[i+n:i+2*n]
			pair := pairTiles(tiles, points, w.facts)
			for k, t := range tiles {
				if _, ok := short[t]; !ok {
					short[t] = "tiles of " + strings.TrimSuffix(short[pair[k]], " (skewed)")
					name[t] = short[t]
				}
			}
			i += 2 * n
		}
	}
}

func named(short map[*ast.For]string, f *ast.For) bool {
	_, ok := short[f]
	return ok
}

func allNamed(short map[*ast.For]string, fs []*ast.For) bool {
	for _, f := range fs {
		if !named(short, f) {
			return false
		}
	}
	return true
}

func sortedKeys(m map[string][]*ast.For) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// pairTiles matches each tile loop with its point loop: the point loop
// whose bounds read that tile loop and no other of the run, when this
// pairs them one to one; else by position.
func pairTiles(tiles, points []*ast.For, facts map[*ast.For]*loopFacts) []*ast.For {
	reads := map[*ast.For][]*ast.For{} // point -> the tiles its bounds read
	for _, t := range tiles {
		for _, in := range facts[t].inner {
			for _, p := range points {
				if p == in && !containsFor(reads[p], t) {
					reads[p] = append(reads[p], t)
				}
			}
		}
	}
	pair := make([]*ast.For, len(tiles))
	used := map[*ast.For]bool{}
	for k, t := range tiles {
		for _, p := range points {
			if len(reads[p]) == 1 && reads[p][0] == t && !used[p] {
				pair[k], used[p] = p, true
				break
			}
		}
		if pair[k] == nil {
			return points
		}
	}
	return pair
}

func containsFor(fs []*ast.For, f *ast.For) bool {
	for _, x := range fs {
		if x == f {
			return true
		}
	}
	return false
}

// iterName is the C name of source loop id.
func (ln *loopNames) iterName(id int) string {
	if id < 0 || id >= len(ln.s.Loops) {
		return "?"
	}
	return ln.s.Loops[id].CIter
}

// sourceLoops names the source loops ids: "k" and "for (k ...) at
// f.c:93"; loops fused from several source loops list them all.
func (ln *loopNames) sourceLoops(ids map[int]bool) (short, long string) {
	var sorted []int
	for id := range ids {
		sorted = append(sorted, id)
	}
	sort.Ints(sorted)
	var shorts, longs []string
	byIter := map[string][]string{}
	var iters []string
	for _, id := range sorted {
		if id < 0 || id >= len(ln.s.Loops) {
			continue
		}
		l := ln.s.Loops[id]
		if _, ok := byIter[l.CIter]; !ok {
			iters = append(iters, l.CIter)
		}
		byIter[l.CIter] = append(byIter[l.CIter], fmt.Sprint(l.Pos.Line))
	}
	for _, it := range iters {
		shorts = append(shorts, it)
		longs = append(longs, fmt.Sprintf("for (%s ...) at %s:%s", it, ln.file, strings.Join(byIter[it], ",")))
	}
	short = strings.Join(shorts, "/")
	long = strings.Join(longs, " fused with ")
	if len(sorted) > 1 && len(longs) == 1 {
		long += " (fused)"
	}
	return short, long
}

// iterForm is a linear combination of source iterators (by C name).
type iterForm map[string]int64

// String writes f with the iterators in the order of the source's loops
// ("i + 2*t" as "2*t + i").
func (f iterForm) String(s *scop.Scop) string {
	var names []string
	seen := map[string]bool{}
	for _, l := range s.Loops {
		if f[l.CIter] != 0 && !seen[l.CIter] {
			seen[l.CIter] = true
			names = append(names, l.CIter)
		}
	}
	var b strings.Builder
	writeTerms(&b, names, f, "*")
	return b.String()
}

// skewForm writes the generated loop iter of a skewed use u in source
// iterators: from src = sum of coef*c (iter's coefficient a = ±1), iter
// is a*(src - the other terms). ok is false while some other loop of the
// sum has no form yet, or on a coefficient too large to be a skew.
func skewForm(iter string, u skewUse, src string, formOf func(string) (iterForm, bool)) (iterForm, bool) {
	a := u.form[iter]
	if a != 1 && a != -1 {
		return nil, false
	}
	out := iterForm{src: a}
	for id, b := range u.form {
		if id == iter {
			continue
		}
		fm, ok := formOf(id)
		if !ok || b > 1<<20 || b < -(1<<20) {
			return nil, false
		}
		for n, c := range fm {
			if c > 1<<20 || c < -(1<<20) {
				return nil, false
			}
			out[n] -= a * b * c
		}
	}
	for n, c := range out {
		if c == 0 {
			delete(out, n)
		}
	}
	return out, len(out) > 0
}

// linearForm reads e as sum of coef*identifier + constant; ok is false
// for anything else (divisions, min/max, products of identifiers) and
// on overflow.
func linearForm(e ast.Expr) (map[string]int64, int64, bool) {
	switch e := e.(type) {
	case *ast.Int:
		return map[string]int64{}, e.V, true
	case *ast.Ident:
		return map[string]int64{e.Name: 1}, 0, true
	case *ast.Op:
		switch e.Kind {
		case ast.OpNeg:
			f, c, ok := linearForm(e.Args[0])
			if !ok {
				return nil, 0, false
			}
			return scaleForm(f, c, -1)
		case ast.OpAdd, ast.OpSub:
			return sumForm(e)
		case ast.OpMul:
			if len(e.Args) != 2 {
				return nil, 0, false
			}
			f, c, ok := linearForm(e.Args[0])
			g, d, ok2 := linearForm(e.Args[1])
			switch {
			case !ok || !ok2:
			case len(f) == 0:
				return scaleForm(g, d, c)
			case len(g) == 0:
				return scaleForm(f, c, d)
			}
		}
	}
	return nil, 0, false
}

// sumForm is linearForm of an addition or subtraction.
func sumForm(e *ast.Op) (map[string]int64, int64, bool) {
	out, c, ok := linearForm(e.Args[0])
	if !ok {
		return nil, 0, false
	}
	for _, x := range e.Args[1:] {
		g, d, ok := linearForm(x)
		if ok && e.Kind == ast.OpSub {
			g, d, ok = scaleForm(g, d, -1)
		}
		if !ok {
			return nil, 0, false
		}
		for k, v := range g {
			if out[k], ok = ints.AddOK(out[k], v); !ok {
				return nil, 0, false
			}
		}
		if c, ok = ints.AddOK(c, d); !ok {
			return nil, 0, false
		}
	}
	return out, c, true
}

// scaleForm multiplies the form f + c by k.
func scaleForm(f map[string]int64, c, k int64) (map[string]int64, int64, bool) {
	out := map[string]int64{}
	for id, v := range f {
		p, ok := ints.MulOK(v, k)
		if !ok {
			return nil, 0, false
		}
		if p != 0 {
			out[id] = p
		}
	}
	kc, ok := ints.MulOK(c, k)
	return out, kc, ok
}
