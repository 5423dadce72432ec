package omp

import (
	"slices"

	"github.com/tessera-opt/tessera/ast"
	"github.com/tessera-opt/tessera/cfront"
	"github.com/tessera-opt/tessera/internal/emit"
	"github.com/tessera-opt/tessera/scheduler"
	"github.com/tessera-opt/tessera/scop"
)

// Config holds the choices of Annotate.
type Config struct {
	// NoCost runs every proven parallel loop in parallel: no work
	// estimate and no versioning (for tests that must run the parallel
	// code on small sizes); a reduction loop keeps its if clause
	// (costClause).
	NoCost bool
	// Untiled says that no band of the region is tiled: a parallel loop
	// with two loop levels inside is then no tile loop over point loops,
	// and its work is estimated like any other's.
	Untiled bool
	// InLoop says that a loop of the source that is not part of the
	// region encloses it: the region's outermost parallel loops then fork
	// and join at every iteration of that loop, and one whose work cannot
	// be estimated stays sequential (decideWork).
	InLoop bool
	// Helpers names floord, ceild, min and max in the clauses' text
	// (ast.DefaultHelpers when nil); the region's other expressions must
	// use the same names.
	Helpers *ast.Helpers
	// NoRegions keeps every parallel loop a parallel region of its own:
	// no region around a sequential loop that runs parallel loops
	// (hoistRegions).
	NoRegions bool
	// Original returns the AST of the region's original schedule (the
	// scop's, as astgen generates it; nil when it cannot), from which
	// the region-wide work check estimates each statement's instances
	// (regionGuard). It is called at most once, only when the region has
	// a parallel loop; nil: no region-wide check. omp does not run the
	// AST generator itself.
	Original func() ast.Node
}

// Annotate prepares the parallel marks of n for the emitter: it sinks them
// onto their loops (SinkMarks), decides from the estimated work of each
// parallel loop whether it runs in parallel (see decideWork), and returns
// the emit.Config.Clauses callback giving each loop its private,
// lastprivate and reduction clauses, and one note per decision for
// --explain. A reduction's element is printed as an array section of
// length one in the generated iterators (reduction(+:nrm[c0:1])); when
// that is not possible (its subscripts use an iterator of the loop or of
// a loop inside it, or the statement is not found), the mark is renamed
// "parallel (reduction not printed)" so that the loop stays sequential.
func Annotate(n ast.Node, privs []scheduler.Private, s *scop.Scop, cfg Config) (ast.Node, func(m *ast.Mark, f *ast.For) emit.Clauses, []string) {
	n = decidePieces(sinkMarks(n), func(f *ast.For) bool { return owner(privs, f) == nil })
	// extra holds the clauses of each loop besides its data-sharing ones
	// (collapse, schedule, reductions, if).
	extra := map[*ast.For]*emit.Clauses{}
	of := func(f *ast.For) *emit.Clauses {
		if extra[f] == nil {
			extra[f] = &emit.Clauses{}
		}
		return extra[f]
	}
	ast.Walk(n, func(x ast.Node) bool {
		if m, ok := x.(*ast.Mark); ok && m.Name == "parallel" {
			if f := ast.OnlyFor(m.Body); f != nil {
				if c := collapseLoops(f); c > 1 {
					of(f).Collapse = c
				} else if imbalanced(f) {
					of(f).Schedule = Balance
				}
			}
		}
		return true
	})
	var notes []string
	if !cfg.NoCost {
		// The region's check first, so that its sequential version is a
		// copy without the per-loop checks.
		guard, seq, note := regionGuard(n, s, cfg.Original)
		if note != "" {
			notes = append(notes, note)
		}
		notes = append(notes, decideWork(n, s, cfg.Untiled, cfg.InLoop)...)
		if guard != nil {
			n = &ast.If{Cond: guard, Then: n, Else: seq}
		}
	}
	n = stripMarks(stripMarks(n, CollapseMark), notWorthMark)
	base := Clauses(privs)
	if base != nil {
		reductionClauses(n, privs, s, cfg, of)
	}
	if !cfg.NoRegions {
		var more []string
		n, more = hoistRegions(n, func(f *ast.For) ast.Expr {
			if c := extra[f]; c != nil {
				return c.If
			}
			return nil
		}, func(f *ast.For) {
			if c := extra[f]; c != nil {
				c.If = nil
			}
		})
		notes = append(notes, more...)
	}
	if base == nil && len(extra) == 0 {
		return n, nil, notes
	}
	return n, func(m *ast.Mark, f *ast.For) emit.Clauses {
		var c emit.Clauses
		if m.Name == emit.RegionMark {
			return c // the clauses belong to the loops inside
		}
		if base != nil {
			c = base(m, f)
		}
		if e := extra[f]; e != nil {
			c.Collapse, c.Schedule, c.Reductions, c.If = e.Collapse, e.Schedule, e.Reductions, e.If
		}
		return c
	}, notes
}

// reductionClauses gives the parallel loops of n whose statements have a
// reduction record their reduction clauses (of) and, for a loop with a
// straight-line body, the if clause of the cost check; a loop whose
// reduction element cannot be printed has its mark renamed so that it
// stays sequential.
func reductionClauses(n ast.Node, privs []scheduler.Private, s *scop.Scop, cfg Config, of func(f *ast.For) *emit.Clauses) {
	stmts := map[string]*scop.Statement{}
	if s != nil {
		for _, st := range s.Statements {
			stmts[st.Name] = st
		}
	}
	h := ast.DefaultHelpers()
	if cfg.Helpers != nil {
		h = *cfg.Helpers
	}
	ast.Walk(n, func(x ast.Node) bool {
		m, ok := x.(*ast.Mark)
		if !ok || m.Name != "parallel" {
			return true
		}
		f := ast.OnlyFor(m.Body)
		if f == nil {
			return true
		}
		p := owner(privs, f)
		if p == nil {
			return true
		}
		for _, r := range p.Reductions {
			red, ok := location(f, stmts[r.Stmt], h)
			if !ok {
				m.Name = "parallel (reduction not printed)"
				return true
			}
			red.Op = r.Op
			of(f).Reductions = append(of(f).Reductions, red)
		}
		if len(p.Reductions) > 0 && of(f).If == nil {
			if c, ok := costClause(f); ok {
				of(f).If = c
			}
		}
		return true
	})
}

// notWorthMark renames the parallel marks that the cost check drops.
const notWorthMark = "parallel (not worth it)"

// ReductionMinTrip is the trip count under which a reduction loop whose
// body is straight-line code runs sequentially: starting the threads and
// combining the partial results costs a few microseconds, the time of
// thousands of multiply-adds.
const ReductionMinTrip = 4096

// costClause returns the condition of the OpenMP if clause that keeps a reduction loop with
// a straight-line body sequential when its trip count is below
// ReductionMinTrip (the cost check: trip count × work against thread
// start-up, with the work of one iteration taken as one statement). A loop
// with loops inside gets no clause: its iterations are taken to be worth
// it.
func costClause(f *ast.For) (ast.Expr, bool) {
	inner := false
	ast.Walk(f.Body, func(n ast.Node) bool {
		if _, ok := n.(*ast.For); ok {
			inner = true
		}
		return !inner
	})
	if inner {
		return nil, false
	}
	c, ok := f.Cond.(*ast.Op)
	if !ok || len(c.Args) != 2 {
		return nil, false
	}
	if inc, ok := f.Inc.(*ast.Int); !ok || inc.V != 1 {
		return nil, false
	}
	if x, ok := c.Args[0].(*ast.Ident); !ok || x.Name != f.Iter || ast.Mentions(c.Args[1], f.Iter) {
		return nil, false
	}
	var trip ast.Expr
	switch c.Kind {
	case ast.OpLt:
		trip = ast.Sub(c.Args[1], f.Init)
	case ast.OpLe:
		trip = ast.Add(ast.Sub(c.Args[1], f.Init), ast.NewInt(1))
	default:
		return nil, false
	}
	if k, ok := trip.(*ast.Int); ok {
		if k.V >= ReductionMinTrip {
			return nil, false
		}
		return ast.NewInt(0), true
	}
	return ast.Ge(trip, ast.NewInt(ReductionMinTrip)), true
}

// owner is the record of the statements called in f.
func owner(privs []scheduler.Private, f *ast.For) *scheduler.Private {
	var found *scheduler.Private
	ast.Walk(f, func(n ast.Node) bool {
		if u, ok := n.(*ast.User); ok && found == nil {
			for i := range privs {
				if slices.Contains(privs[i].Stmts, u.Name) {
					found = &privs[i]
				}
			}
		}
		return found == nil
	})
	return found
}

// location is the reduction clause (without its operator) of the element
// that st updates, in the iterators of the first call of st in f: the
// scalar, or the array with the element's subscripts (an array section of
// length one). It fails when the subscripts use f's iterator or one of a
// loop inside f.
func location(f *ast.For, st *scop.Statement, h ast.Helpers) (emit.Reduction, bool) {
	if st == nil {
		return emit.Reduction{}, false
	}
	as := st.Assign()
	if as == nil {
		return emit.Reduction{}, false
	}
	var call *ast.User
	inner := map[string]bool{}
	ast.Walk(f, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.For:
			inner[x.Iter] = true
		case *ast.User:
			if x.Name == st.Name && call == nil {
				call = x
			}
		}
		return true
	})
	if call == nil || len(call.Args) != len(st.CIters) {
		return emit.Reduction{}, false
	}
	sub := map[string]string{}
	for k, it := range st.CIters {
		for _, id := range ast.Idents(call.Args[k]) {
			if inner[id] {
				sub[it] = "" // poisoned: depends on the loop
			}
		}
		if _, bad := sub[it]; !bad {
			sub[it] = h.ExprCParen(call.Args[k])
		}
	}
	poisoned := false
	subst := func(name string) (string, bool) {
		v, ok := sub[name]
		if ok && v == "" {
			poisoned = true
		}
		return v, ok
	}
	var idx []string
	x := as.LHS
	for {
		if p, ok := x.(*cfront.Paren); ok {
			x = p.X
			continue
		}
		ix, ok := x.(*cfront.Index)
		if !ok {
			break
		}
		idx = append([]string{ix.Index.Format(subst)}, idx...)
		x = ix.X
	}
	id, ok := x.(*cfront.Ident)
	if !ok || poisoned {
		return emit.Reduction{}, false
	}
	return emit.Reduction{Var: id.Name, Index: idx}, true
}

// Clauses returns the emit.Config.Clauses callback that gives the
// private/lastprivate clauses of privs to the parallel loop whose body
// calls their statements; nil when privs is empty.
func Clauses(privs []scheduler.Private) func(m *ast.Mark, f *ast.For) emit.Clauses {
	if len(privs) == 0 {
		return nil
	}
	owner := map[string]int{}
	for i, p := range privs {
		for _, s := range p.Stmts {
			owner[s] = i
		}
	}
	return func(m *ast.Mark, f *ast.For) emit.Clauses {
		found := -1
		ast.Walk(f, func(n ast.Node) bool {
			if u, ok := n.(*ast.User); ok && found < 0 {
				if i, ok := owner[u.Name]; ok {
					found = i
				}
			}
			return found < 0
		})
		if found < 0 {
			return emit.Clauses{}
		}
		p := privs[found]
		return emit.Clauses{Private: p.Private, LastPrivate: p.LastPrivate}
	}
}

// SinkMarks moves every "parallel" mark whose body is an if without else
// below the if, and every one whose body is a block of declarations
// followed by one statement onto that statement, so that the mark sits on
// the loop it was proven for and the emitter can print its pragma. The
// declarations are loop-invariant constants, evaluated once before the
// loop either way. It returns the new root; the tree is edited in place.
func SinkMarks(n ast.Node) ast.Node {
	return decidePieces(sinkMarks(n), func(*ast.For) bool { return true })
}

func sinkMarks(n ast.Node) ast.Node {
	switch x := n.(type) {
	case *ast.Mark:
		x.Body = sinkMarks(x.Body)
		if x.Name != "parallel" {
			return x
		}
		switch b := x.Body.(type) {
		case *ast.Block:
			// Declarations (loop-invariant constants) then one statement:
			// the mark goes on that statement.
			if b == nil || len(b.Stmts) == 0 {
				return x
			}
			last := len(b.Stmts) - 1
			for _, s := range b.Stmts[:last] {
				if _, ok := s.(*ast.Decl); !ok {
					// The marked loop was split into pieces (astgen
					// separates the ranges of a wavefront's tile loop):
					// each piece's loops that are coincident members
					// (ast.For.Parallel) get their own mark.
					return sinkPieces(b)
				}
			}
			b.Stmts[last] = sinkMarks(&ast.Mark{Name: x.Name, Body: b.Stmts[last]})
			return b
		case *ast.If:
			if b.Else == nil {
				b.Then = sinkMarks(&ast.Mark{Name: x.Name, Body: b.Then})
				return b
			}
			return sinkPieces(b)
		}
		return x
	case *ast.Block:
		if x == nil {
			return x
		}
		for k, s := range x.Stmts {
			x.Stmts[k] = sinkMarks(s)
		}
	case *ast.For:
		x.Body = sinkMarks(x.Body)
	case *ast.If:
		x.Then = sinkMarks(x.Then)
		if x.Else != nil {
			x.Else = sinkMarks(x.Else)
		}
	}
	return n
}

// sinkPieces puts a "parallel" mark on every outermost loop of n that is
// a coincident band member (ast.For.Parallel: no dependence carried inside
// the iterations of the loops around it), looking through blocks, ifs and
// other marks. It is used when a parallel mark's loop was split by the
// AST generator into several loops, or lost to a degenerate range: every
// piece then runs in parallel on its own, the pieces in their sequential
// order. Loops that are not coincident (a privatized or reduced loop)
// keep no mark: the privatization was proven for the marked loop only.
func sinkPieces(n ast.Node) ast.Node {
	switch x := n.(type) {
	case *ast.For:
		if x.Parallel {
			return &ast.Mark{Name: pieceMark, Body: x}
		}
	case *ast.If:
		x.Then = sinkPieces(x.Then)
		if x.Else != nil {
			x.Else = sinkPieces(x.Else)
		}
	case *ast.Block:
		if x == nil {
			return x
		}
		for k, s := range x.Stmts {
			x.Stmts[k] = sinkPieces(s)
		}
	case *ast.Mark:
		if x.Name != "parallel" && x.Name != pieceMark {
			x.Body = sinkPieces(x.Body)
		}
	}
	return n
}

// pieceMark names the marks sinkPieces creates until Annotate (or
// SinkMarks) decides them: a piece whose statements have a privatization
// or reduction record stays sequential (the record was proven for the
// marked loop, not for the piece's loop), any other becomes "parallel".
const pieceMark = "parallel piece"

// decidePieces renames the piece marks of n "parallel", or removes them
// when keep says no.
func decidePieces(n ast.Node, keep func(f *ast.For) bool) ast.Node {
	switch x := n.(type) {
	case *ast.Mark:
		x.Body = decidePieces(x.Body, keep)
		if x.Name == pieceMark {
			if f := ast.OnlyFor(x.Body); f != nil && keep(f) {
				x.Name = "parallel"
				return x
			}
			return x.Body
		}
	case *ast.Block:
		if x == nil {
			return x
		}
		for k, s := range x.Stmts {
			x.Stmts[k] = decidePieces(s, keep)
		}
	case *ast.For:
		x.Body = decidePieces(x.Body, keep)
	case *ast.If:
		x.Then = decidePieces(x.Then, keep)
		if x.Else != nil {
			x.Else = decidePieces(x.Else, keep)
		}
	}
	return n
}
