package pipeline

import (
	"fmt"
	"os"
	"strings"

	"github.com/tessera-opt/tessera/cfront"
	"github.com/tessera-opt/tessera/deps"
	"github.com/tessera-opt/tessera/expand"
	"github.com/tessera-opt/tessera/scheduler"
	"github.com/tessera-opt/tessera/scop"
)

// Scalar expansion (package expand) in the pipeline.
//
// After the dependences, the scalars that the region writes and that are
// dead after it get, web by web, arrays of their own (expand.Expand); the
// expanded model replaces the original one only when the scheduler tiles
// deeper or parallelizes more of the deepest statements with it, or, with
// --vectorize, when it is not worse and its innermost loops have better
// accesses. Its storage is allocated on the heap around the region's
// generated code (expansion.wrap). --explain says which scalars were
// expanded and why the others were not ("scalar expansion: ...").

// expansion is what scalar expansion decided for a region; nil when
// nothing was expanded.
type expansion struct {
	webs []*expand.Web
	// types are the element types of the scalars as written.
	types map[string]string
}

// expandScalars returns the model and dependences the region's later
// stages use: the expanded ones when they schedule better, else s and d.
func expandScalars(f *cfront.File, r *cfront.Region, s *scop.Scop, d *deps.Deps, reg *Region, opt Options) (*scop.Scop, *deps.Deps, *expansion) {
	// TESSERA_NO_EXPAND=1 turns the stage off (A/B measurements; there is
	// no command-line flag yet).
	if opt.Identity || opt.NoExpand || opt.Schedule != nil || reg.Split != nil || os.Getenv("TESSERA_NO_EXPAND") != "" {
		return s, d, nil
	}
	hasScalar := false
	for _, a := range s.Arrays {
		hasScalar = hasScalar || a.Rank == 0
	}
	if !hasScalar {
		return s, d, nil
	}
	note := func(format string, args ...any) {
		reg.Remarks = append(reg.Remarks, "scalar expansion: "+fmt.Sprintf(format, args...))
	}
	taken := fileNames(f)
	types := map[string]string{}
	res, err := expand.Expand(s, expand.Config{
		Dead: func(x string) (bool, string) {
			typ, ok, why := deadScalar(f, r, s, x)
			if ok {
				types[x] = typ
			}
			return ok, why
		},
		Taken: func(name string) bool { return taken[name] },
	})
	if err != nil {
		note("not done: %v", err)
		return s, d, nil
	}
	for _, k := range res.Skipped {
		note("%s (%s:%d:%d) not expanded: %s", k.Scalar, f.Name, k.Pos.Line, k.Pos.Col, k.Why)
	}
	if len(res.Webs) == 0 {
		return s, d, nil
	}
	var names []string
	for _, w := range res.Webs {
		names = append(names, fmt.Sprintf("%s (%s:%d:%d) into %s[%s]", w.Scalar, f.Name, w.Pos.Line, w.Pos.Col, w.Array.Name, strings.Join(w.Extents, "]["))) //nolint
	}
	ed, err := deps.Compute(res.Scop, deps.Config{})
	if err != nil {
		note("not kept (%v): %s", err, strings.Join(names, ", "))
		return s, d, nil
	}
	se, err := scheduler.Schedule(ed, opt.Sched)
	if err != nil {
		note("not kept: the scheduler failed on the expanded model (%v): %s", err, strings.Join(names, ", "))
		return s, d, nil
	}
	en := scoreOf(se, res.Scop)
	if os.Getenv("TESSERA_EXPAND_DEBUG") != "" {
		for _, rm := range se.Remarks {
			note("expanded model: %s", rm)
		}
	}
	on := schedScore{}
	var so *scheduler.Result
	if r, err := scheduler.Schedule(d, opt.Sched); err == nil {
		so, on = r, scoreOf(r, s)
	}
	why := ""
	switch {
	case en.better(on):
		why = fmt.Sprintf("the expanded model tiles %d loop(s) and runs %d of the deepest statements in parallel, the original %d and %d", en.tiled, en.parallel, on.tiled, on.parallel)
	case opt.Vectorize && en.tiled >= on.tiled && en.parallel >= on.parallel:
		// Neither tiles nor parallelizes more, but the expanded model,
		// in its original order or rescheduled, may give the vector
		// stage better innermost loops (scheduler.InnermostScores:
		// genuine ludcmp ran at 2.2-3.1x of gcc at MEDIUM expanded,
		// 1.0x with the scalar w).
		ne, oe := scheduler.InnermostScores(se, res.Scop)
		best := int64(0)
		if so != nil {
			n, o := scheduler.InnermostScores(so, s)
			best = max(n, o)
		} else {
			_, best = scheduler.InnermostScores(se, s)
		}
		if max(ne, oe) > best {
			why = fmt.Sprintf("the expanded model's innermost loops have better accesses for the vector stage (score %d, the original model's best %d)", max(ne, oe), best)
		} else if os.Getenv("TESSERA_EXPAND_DEBUG") != "" {
			note("innermost scores: expanded new %d, expanded original order %d, original model's best %d", ne, oe, best)
		}
	}
	// TESSERA_EXPAND_FORCE=1 keeps every expansion (to test it with the
	// differential fuzzer, whose programs seldom gain from it).
	if why == "" && os.Getenv("TESSERA_EXPAND_FORCE") != "" {
		why = "forced (TESSERA_EXPAND_FORCE)"
	}
	if why == "" {
		note("not kept: the expanded model tiles %d loop(s) and runs %d of the deepest statements in parallel, the original %d and %d: %s", en.tiled, en.parallel, on.tiled, on.parallel, strings.Join(names, ", "))
		return s, d, nil
	}
	note("expanded %s; %s", strings.Join(names, ", "), why)
	reg.Scop, reg.Deps = res.Scop, ed
	return res.Scop, ed, &expansion{webs: res.Webs, types: types}
}

// schedScore summarizes a scheduler result: the loops in tiled bands, and
// the deepest statements of the region (the most enclosing loops: where
// the time goes) that some parallel band (wavefronts included) contains.
// Counting statements rather than bands keeps a parallel loop that only
// initializes an expanded array (durbin's sum[k] = 0 split from its k
// loop) from counting as a gain.
type schedScore struct {
	tiled, parallel int
}

func scoreOf(sr *scheduler.Result, s *scop.Scop) schedScore {
	depth := 0
	for _, st := range s.Statements {
		depth = max(depth, len(st.Iters))
	}
	deepest := map[string]bool{}
	for _, st := range s.Statements {
		if len(st.Iters) == depth {
			deepest[st.Name] = true
		}
	}
	var sc schedScore
	par := map[string]bool{}
	for _, rm := range sr.Remarks {
		if !strings.HasPrefix(rm, "band of ") {
			continue
		}
		var w int
		if _, err := fmt.Sscanf(rm, "band of %d loop(s)", &w); err != nil {
			continue
		}
		if strings.Contains(rm, ": tiled ") {
			sc.tiled += w
		}
		if strings.Contains(rm, "parallel") && !strings.Contains(rm, "not parallel") &&
			(!strings.Contains(rm, "no loop parallel") || strings.Contains(rm, "wavefront")) {
			// "band of 2 loop(s) over S1, S2: ..."
			_, list, _ := strings.Cut(rm, " over ")
			list, _, _ = strings.Cut(list, ":")
			for _, name := range strings.Split(list, ", ") {
				if deepest[name] {
					par[name] = true
				}
			}
		}
	}
	sc.parallel = len(par)
	return sc
}

// better reports whether a tiles deeper or parallelizes more than b and is
// not worse in the other.
func (a schedScore) better(b schedScore) bool {
	return a.tiled > b.tiled && a.parallel >= b.parallel || a.parallel > b.parallel && a.tiled >= b.tiled
}

// deadScalar decides whether the scalar x of region r may get new storage.
// A scalar declared inside the region qualifies when its declaration is
// nested in a block of the region (its scope ends there) or, declared at
// the region's top level, when the rest of the enclosing block does not
// mention it. A scalar declared before the region qualifies when it is a
// local variable of the enclosing function, its address is not taken in
// the function, and the function does not mention it after the region
// (nor, when the region is inside a loop, before the region in that loop).
// In both cases the declaration is not static, volatile or extern and no
// loop header or condition of the region uses x. It returns the type of x
// as written.
func deadScalar(f *cfront.File, r *cfront.Region, s *scop.Scop, x string) (string, bool, string) {
	var arr *scop.Array
	for _, a := range s.Arrays {
		if a.Name == x {
			arr = a
		}
	}
	if arr == nil {
		return "", false, "not in the model"
	}
	// mentioned reports the first token of src[from:to] that names x,
	// directly or through a macro.
	mentioned := func(from, to int) (int, bool) {
		for _, t := range ctokens(f.Src, from, to) {
			if t.text == x || macroMentions(f, t.text, x, map[string]bool{}) {
				return t.off, true
			}
		}
		return 0, false
	}
	lineOf := func(off int) int { return 1 + strings.Count(string(f.Src[:off]), "\n") }
	// addressTaken reports whether src[from:to] takes the address of x.
	addressTaken := func(from, to int) bool {
		toks := ctokens(f.Src, from, to)
		for i, t := range toks {
			if t.text == x && i > 0 && toks[i-1].text == "&" && !(i > 1 && toks[i-2].text == "&" && toks[i-2].off+1 == toks[i-1].off) {
				return true
			}
		}
		return false
	}
	typ := ""
	declAt := -1
	scopeStart := 0 // where the specifiers of the declaration may start
	if arr.Local {
		var decl *cfront.Decl
		top := false
		for _, st := range r.Body {
			cfront.Walk(st, func(n cfront.Node) bool {
				if d, ok := n.(*cfront.Decl); ok {
					for _, v := range d.Vars {
						if v.Name == x {
							decl = d
							top = cfront.Stmt(d) == st
						}
					}
				}
				return true
			})
		}
		if decl == nil {
			return "", false, "its declaration in the region was not found"
		}
		var class string
		typ, class = storageFree(decl.Type.Text)
		typ = dropConst(typ)
		for _, w := range append(strings.Fields(typ), class) {
			switch w {
			case "static", "volatile", "extern", "_Thread_local", "thread_local", "__thread", "_Atomic":
				return "", false, "it is declared " + w
			}
		}
		declAt = decl.At.Offset
		scopeStart = r.Start
		if addressTaken(r.Start, r.End) {
			return "", false, "its address is taken in the region"
		}
		if top {
			end := blockEnd(f.Src, r.End)
			if off, ok := mentioned(r.End, end); ok {
				return "", false, fmt.Sprintf("it is used after the region (line %d)", lineOf(off))
			}
		}
	} else {
		var fn *cfront.Func
		for _, g := range f.Funcs {
			if g.BodyStart <= r.Start && r.End <= g.BodyEnd {
				fn = g
			}
		}
		if fn == nil {
			return "", false, "the function around the region was not found"
		}
		v := f.Lookup(r, x)
		if v == nil || v.Scope != cfront.LocalScope {
			return "", false, "it is not a local variable of the function (global or parameter: it may be read after the region)"
		}
		if v.NDims() != 0 || strings.ContainsAny(v.Type, "*[(") {
			return "", false, "its declaration is not a plain scalar"
		}
		typ, _ = storageFree(v.Type)
		declAt = v.Pos.Offset
		scopeStart = fn.BodyStart
		if addressTaken(fn.BodyStart, fn.BodyEnd) {
			return "", false, "its address is taken in the function"
		}
		if off, ok := mentioned(r.End, fn.BodyEnd); ok {
			return "", false, fmt.Sprintf("it is used after the region (line %d)", lineOf(off))
		}
		if lb := enclosingLoopStart(f.Src, fn.BodyStart, r.Start); lb >= 0 {
			if _, ok := mentioned(lb, r.Start); ok {
				return "", false, "the loop around the region uses it before the region"
			}
		}
	}
	// The specifiers before the name.
	start := declAt
	for start > scopeStart && !strings.ContainsRune(";{}", rune(f.Src[start-1])) {
		start--
	}
	for _, t := range ctokens(f.Src, start, declAt) {
		switch t.text {
		case "static", "volatile", "extern", "_Thread_local", "_Atomic", "register":
			return "", false, "it is declared " + t.text
		}
	}
	if typ == "" || strings.ContainsAny(typ, "*[(") {
		return "", false, "its type is not known or not plain"
	}
	bad := false
	for _, st := range r.Body {
		cfront.Walk(st, func(n cfront.Node) bool {
			var es []cfront.Expr
			switch n := n.(type) {
			case *cfront.For:
				es = append(es, n.Cond, n.Incr)
				if in, ok := n.Init.(*cfront.ExprStmt); ok {
					es = append(es, in.X)
				}
				if n.Iter == x {
					bad = true
				}
			case *cfront.If:
				es = append(es, n.Cond)
			}
			for _, e := range es {
				if e != nil && identifiers([]byte(e.Format(nil)))[x] {
					bad = true
				}
			}
			return true
		})
	}
	if bad {
		return "", false, "a loop header or condition of the region uses it"
	}
	return typ, true, ""
}

// blockEnd is the offset of the '}' that closes the block open at offset
// from (the length of src when there is none).
func blockEnd(src []byte, from int) int {
	depth := 0
	for _, t := range ctokens(src, from, len(src)) {
		switch t.text {
		case "{":
			depth++
		case "}":
			if depth == 0 {
				return t.off
			}
			depth--
		}
	}
	return len(src)
}

// macroMentions reports whether the macro name (when it is one) mentions x
// in its body, directly or through other macros.
func macroMentions(f *cfront.File, name, x string, seen map[string]bool) bool {
	m, ok := f.Macros[name]
	if !ok || seen[name] {
		return false
	}
	seen[name] = true
	for _, t := range ctokens([]byte(m.Body), 0, len(m.Body)) {
		if t.text == x || macroMentions(f, t.text, x, seen) {
			return true
		}
	}
	return false
}

// param is the parameter declaration of the expanded array name in an
// outlined function (paroutline.go), with the C text of its extents; ok is
// false when name is not an expanded array.
func (e *expansion) param(name string) (decl string, extents []string, ok bool) {
	if e == nil {
		return "", nil, false
	}
	for _, w := range e.webs {
		if w.Array.Name != name {
			continue
		}
		typ := e.types[w.Scalar]
		var rest string
		for _, x := range w.Extents[min(1, len(w.Extents)):] {
			rest += "[" + expandedExtent(x) + "]"
		}
		if len(w.Extents) <= 1 {
			return typ + " *restrict " + name, w.Extents, true
		}
		return typ + " (*restrict " + name + ")" + rest, w.Extents, true
	}
	return "", nil, false
}

// expandedExtent is the C text of one extent of an expanded array as
// declared (at least 1).
func expandedExtent(x string) string {
	return fmt.Sprintf("((%s) > 0 ? (%s) : 1)", x, x)
}

// wrap puts the allocation of the expanded arrays before the region's
// text and their release after it, in a block of their own. The pointers
// are restrict: the storage is fresh, no other name reaches it.
func (e *expansion) wrap(text string) string {
	if e == nil || len(e.webs) == 0 {
		return text
	}
	var pre, post strings.Builder
	pre.WriteString("{\n")
	for _, w := range e.webs {
		typ := e.types[w.Scalar]
		var ext []string
		for _, x := range w.Extents {
			ext = append(ext, expandedExtent(x))
		}
		rest := ""
		for _, x := range ext[1:] {
			rest += "[" + x + "]"
		}
		size := "sizeof(" + typ + ")"
		for _, x := range ext {
			size += " * (__SIZE_TYPE__)" + x
		}
		name := w.Array.Name
		if rest == "" {
			fmt.Fprintf(&pre, "  %s *restrict %s = (%s *)__builtin_malloc(%s);\n", typ, name, typ, size)
		} else {
			fmt.Fprintf(&pre, "  %s (*restrict %s)%s = (%s (*)%s)__builtin_malloc(%s);\n", typ, name, rest, typ, rest, size)
		}
		fmt.Fprintf(&pre, "  if (!%s)\n    __builtin_abort();\n", name)
		fmt.Fprintf(&post, "  __builtin_free(%s);\n", name)
	}
	return pre.String() + indentRegion(text, "  ") + post.String() + "}\n"
}
