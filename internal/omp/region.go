package omp

import (
	"fmt"

	"github.com/tessera-opt/tessera/ast"
	"github.com/tessera-opt/tessera/internal/emit"
)

// RegionMinForks is the number of fork-joins under which a sequential
// loop keeps its parallel loops as they are instead of running inside one
// parallel region: the estimated fork-joins of the loop are its trip
// count times the number of parallel loops its body runs. A trip count
// that is not a constant (the sizes are names) is taken to be above it:
// a region that runs few iterations costs what the fork-joins it
// replaces cost.
const RegionMinForks = 8

// hoistRegions puts one parallel region (emit.RegionMark) around every
// outermost sequential loop of n that runs parallel loops, when the loop
// qualifies (see region): every thread of the team then runs the
// sequential loop, its parallel loops become worksharing loops (their
// "parallel" marks under the region print as "omp for", whose implicit
// barrier keeps the order of the iterations of the enclosing loop), and
// its other statements run in one thread (emit.SingleMark, whose barrier
// keeps the order too). The threads are created once instead of at
// every iteration of the loop.
//
// ifOf gives the if clause of a parallel loop (nil when none) and
// dropIf removes it: a worksharing loop has no if clause, so a loop that
// has one becomes "if (cond) the worksharing loop else the same loop in
// one thread", which every thread decides alike (the condition reads
// only names that are the same in every thread). When every parallel
// loop of a region runs under such a condition (or under the two
// versions of the cost check, package doc) and the conditions do not
// change with the iterations of the sequential loop, their disjunction
// is decided once, outside: "if (c1 || c2 ...) the region else the
// loop without parallel loops", which the C compiler folds when the
// sizes are macros. It edits n in place and returns the new root and
// one note per region.
func hoistRegions(n ast.Node, ifOf func(f *ast.For) ast.Expr, dropIf func(f *ast.For)) (ast.Node, []string) {
	h := &hoister{ifOf: ifOf, dropIf: dropIf}
	return h.visit(n), h.notes
}

type hoister struct {
	ifOf   func(f *ast.For) ast.Expr
	dropIf func(f *ast.For)
	notes  []string
	// bound holds the names that the loop being decided binds (its
	// iterators and declarations).
	bound map[string]bool
	// conds are the conditions, invariant in the loop being rewritten,
	// under which its parallel loops run in parallel; always says that
	// one of them runs in parallel whatever they are.
	conds  []ast.Expr
	always bool
	// versions counts the versioning ifs with an invariant condition
	// around the node being rewritten.
	versions int
}

// invariant reports whether e reads no name that the loop being decided
// binds: it has the same value at every iteration.
func (h *hoister) invariant(e ast.Expr) bool {
	for _, id := range ast.Idents(e) {
		if h.bound[id] {
			return false
		}
	}
	return true
}

// visit looks for the outermost sequential loops of n that hold parallel
// loops, outside any parallel loop.
func (h *hoister) visit(n ast.Node) ast.Node {
	switch x := n.(type) {
	case *ast.Block:
		if x != nil {
			for k, s := range x.Stmts {
				x.Stmts[k] = h.visit(s)
			}
		}
	case *ast.If:
		x.Then = h.visit(x.Then)
		if x.Else != nil {
			x.Else = h.visit(x.Else)
		}
	case *ast.Mark:
		if x.Name != "parallel" && x.Name != emit.RegionMark {
			x.Body = h.visit(x.Body)
		}
	case *ast.For:
		if !hasParallel(x) {
			return x
		}
		if r, ok := h.region(x); ok {
			return r
		}
		x.Body = h.visit(x.Body)
	}
	return n
}

// region makes the parallel region around the sequential loop f when
// the rule says so:
//
//   - every node of f's body outside its parallel loops is a
//     declaration (a loop-invariant constant, which every thread
//     computes alike), a loop or an if, or a statement of the model (a
//     node of another pass, whose text may declare storage or hold a
//     preprocessor line, makes the loop keep its parallel loops as they
//     are); a mark other than "parallel" holds no parallel loop;
//   - every parallel loop is canonical (it must print as "omp for");
//   - the single constructs, one per run of statements between the
//     parallel loops, are at most as many as the parallel loops: a
//     fork-join costs about two barriers, a worksharing loop and a single
//     construct one each. A loop inside f whose body needs a single
//     construct makes f keep its parallel loops (one barrier per
//     iteration of that loop where the original had none). The versions
//     of a parallel loop on its work (an if clause, or the two versions
//     of the cost check) count as the parallel loop when their condition
//     does not change with the iterations of f, and as a parallel loop
//     and a single construct when it does;
//   - the trip count of f times its parallel loops is not a constant
//     below RegionMinForks.
func (h *hoister) region(f *ast.For) (ast.Node, bool) {
	h.bound = map[string]bool{}
	ast.Walk(f, func(x ast.Node) bool {
		switch y := x.(type) {
		case *ast.For:
			h.bound[y.Iter] = true
		case *ast.Decl:
			h.bound[y.Name] = true
		}
		return true
	})
	c, ok := h.count(f.Body, false)
	if !ok || c.loops == 0 || c.singles > c.loops {
		return nil, false
	}
	if t, ok := tripCount(f); ok {
		if k, ok := ast.Simplify(t).(*ast.Int); ok && k.V*int64(c.loops) < RegionMinForks {
			return nil, false
		}
	}
	h.conds, h.always = nil, false
	seq := stripMarks(ast.CopyLoops(f), "parallel")
	f.Body = h.distribute(f.Body)
	var r ast.Node = &ast.Mark{Name: emit.RegionMark, Body: f}
	when := ""
	if !h.always && len(h.conds) > 0 {
		// Every parallel loop runs in parallel only under a condition
		// that does not change with f's iterations: the region runs
		// only when one of them holds, and the loop otherwise runs as
		// plain code without its parallel loops (a region whose if
		// clause fails would still run in the function that OpenMP
		// outlines, where the C compiler knows less of the arrays).
		c := ast.Or(h.conds...)
		r = &ast.If{Cond: c, Then: r, Else: seq}
		when = fmt.Sprintf(", only when %s", ast.ExprC(c))
	}
	h.notes = append(h.notes, fmt.Sprintf("sequential loop %s: one parallel region around it for its %d parallel loop(s)%s (the threads start once, not at each of its iterations; %d part(s) between them run in one thread)", f.Iter, c.loops, when, c.singles))
	return r, true
}

// cost counts the worksharing loops and single constructs of a body.
type cost struct{ loops, singles int }

// count counts what distribute makes of n; ok is false when n holds a
// node that cannot run inside the region (see region). inLoop says that
// a sequential loop inside the region's loop encloses n.
func (h *hoister) count(n ast.Node, inLoop bool) (cost, bool) {
	if !hasParallel(n) {
		if !plainStatements(n) {
			return cost{}, false
		}
		if hasUser(n) {
			return cost{singles: 1}, !inLoop
		}
		return cost{}, true
	}
	switch x := n.(type) {
	case *ast.Mark:
		if x.Name != "parallel" {
			return cost{}, false
		}
		g := ast.OnlyFor(x.Body)
		if g == nil || !ast.Canonical(g) {
			return cost{}, false
		}
		if cond := h.ifOf(g); cond != nil {
			if k, ok := cond.(*ast.Int); ok && k.V == 0 {
				return cost{singles: 1}, !inLoop
			}
			// Two versions: the worksharing loop or the loop in one
			// thread.
			if h.invariant(cond) {
				return cost{loops: 1}, !inLoop
			}
			return cost{loops: 1, singles: 1}, !inLoop
		}
		return cost{loops: 1}, true
	case *ast.Block:
		var c cost
		run := false // a run of statements that need a single construct
		for _, s := range x.Stmts {
			if _, isDecl := s.(*ast.Decl); isDecl {
				continue // moved before the run's single construct
			}
			if !hasParallel(s) {
				if !plainStatements(s) {
					return cost{}, false
				}
				if hasUser(s) && !run {
					run = true
					if inLoop {
						return cost{}, false
					}
					c.singles++
				}
				continue
			}
			run = false
			d, ok := h.count(s, inLoop)
			if !ok {
				return cost{}, false
			}
			c.loops += d.loops
			c.singles += d.singles
		}
		return c, true
	case *ast.If:
		t, ok := h.count(x.Then, inLoop)
		if !ok {
			return cost{}, false
		}
		var e cost
		if x.Else != nil {
			if e, ok = h.count(x.Else, inLoop); !ok {
				return cost{}, false
			}
		}
		if h.invariant(x.Cond) && !hasParallel(x.Else) {
			// The versions of a parallel loop on its work: the same
			// version at every iteration, the parallel one where the
			// region's work is large.
			return t, true
		}
		return cost{loops: max(t.loops, e.loops), singles: max(t.singles, e.singles)}, true
	case *ast.For:
		return h.count(x.Body, true)
	}
	return cost{}, false
}

// distribute rewrites n, which count accepted, for the team of threads
// that all run it: the parallel loops keep their marks (worksharing
// loops), a parallel loop with an if clause gets its two versions, and
// every run of statements outside the parallel loops goes under a
// single mark, the declarations among them moved before it (they are
// constants of the names in scope, which the statements do not change,
// and the statements after the run may read them).
func (h *hoister) distribute(n ast.Node) ast.Node {
	if !hasParallel(n) {
		if hasUser(n) {
			return &ast.Mark{Name: emit.SingleMark, Body: n}
		}
		return n
	}
	switch x := n.(type) {
	case *ast.Mark:
		g := ast.OnlyFor(x.Body)
		cond := h.ifOf(g)
		if cond == nil {
			if h.versions == 0 {
				h.always = true
			}
			return x
		}
		h.dropIf(g)
		if k, ok := cond.(*ast.Int); ok && k.V == 0 {
			return &ast.Mark{Name: emit.SingleMark, Body: x.Body}
		}
		h.condition(cond)
		return &ast.If{Cond: cond, Then: x, Else: &ast.Mark{Name: emit.SingleMark, Body: ast.CopyLoops(x.Body)}}
	case *ast.Block:
		var out []ast.Node
		var run []ast.Node
		flush := func() {
			if len(run) > 0 {
				out = append(out, &ast.Mark{Name: emit.SingleMark, Body: &ast.Block{Stmts: run}})
				run = nil
			}
		}
		for _, s := range x.Stmts {
			switch {
			case isDecl(s):
				out = append(out, s)
			case hasParallel(s):
				flush()
				out = append(out, h.distribute(s))
			case hasUser(s):
				run = append(run, s)
			default:
				out = append(out, s) // control without statements
			}
		}
		flush()
		x.Stmts = out
		return x
	case *ast.If:
		version := h.invariant(x.Cond) && !hasParallel(x.Else)
		if version {
			h.condition(x.Cond)
			h.versions++
		}
		x.Then = h.distribute(x.Then)
		if version {
			h.versions--
		}
		if x.Else != nil {
			x.Else = h.distribute(x.Else)
		}
		return x
	case *ast.For:
		x.Body = h.distribute(x.Body)
		return x
	}
	return n
}

// condition records cond, under which a parallel loop runs in parallel:
// one more term of the region's if clause when it does not change with
// the loop's iterations, else the region makes its team always.
func (h *hoister) condition(cond ast.Expr) {
	if !h.invariant(cond) {
		h.always = true
		return
	}
	for _, c := range h.conds {
		if ast.Equal(c, cond) {
			return
		}
	}
	h.conds = append(h.conds, cond)
}

// plainStatements reports whether the statements of n are the model's
// (no payload of another pass) and its marks are no "parallel" marks of
// any kind.
func plainStatements(n ast.Node) bool {
	ok := true
	ast.Walk(n, func(x ast.Node) bool {
		switch y := x.(type) {
		case *ast.User:
			if y.Payload != nil {
				ok = false
			}
		case *ast.Mark:
			if y.Name == emit.RegionMark || y.Name == emit.SingleMark {
				ok = false
			}
		}
		return ok
	})
	return ok
}

// hasUser reports whether n runs a statement.
func hasUser(n ast.Node) bool {
	found := false
	ast.Walk(n, func(x ast.Node) bool {
		if _, ok := x.(*ast.User); ok {
			found = true
		}
		return !found
	})
	return found
}

func isDecl(n ast.Node) bool {
	_, ok := n.(*ast.Decl)
	return ok
}
