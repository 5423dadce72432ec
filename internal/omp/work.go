package omp

import (
	"fmt"
	"slices"
	"strings"

	"github.com/tessera-opt/tessera/ast"
	"github.com/tessera-opt/tessera/scop"
)

// decideWork applies the cost check to every parallel loop of n and
// returns one note per loop saying what was decided and why (--explain).
//
// A loop that no sequential loop encloses must reach MinOuterWork
// statement instances (thread start-up), one nested in a sequential loop
// MinParallelWork (a fork and a join at every iteration of the enclosing
// loop); see workCond for the estimate. A loop whose work is a constant
// below its threshold stays sequential: its mark is renamed notWorthMark
// and no OpenMP region is printed. A loop whose work depends on names gets
// two versions, if (W >= threshold) the parallel loop else the same loop
// without mark: when the names are macros (the sizes of a benchmark
// kernel) the C compiler folds the test and keeps one version, and when
// the test fails the loop runs as plain inline code, which the C compiler
// optimizes as the original (an if(0) parallel region would still call
// the outlined function; docs/OMPCOST.md).
//
// A loop that forks at every iteration of an enclosing loop (a sequential
// loop of n, or the source loop around the region when regionInLoop) and
// whose work cannot be estimated stays sequential, except a tile loop
// over point loops (pointLoops): the fork and join would be paid at every
// iteration of the enclosing loop for work that may be tiny.
func decideWork(n ast.Node, s *scop.Scop, untiled, regionInLoop bool) []string {
	var notes []string
	versioned := map[*ast.Mark]bool{}
	var visit func(x ast.Node, inLoop bool)
	visit = func(x ast.Node, inLoop bool) {
		switch y := x.(type) {
		case *ast.Mark:
			if f := ast.OnlyFor(y.Body); f != nil && y.Name == "parallel" && !versioned[y] {
				minWork, where := int64(MinOuterWork), "outermost"
				if regionInLoop {
					where = "outermost in the region, which a loop of the source encloses"
				}
				if inLoop {
					minWork, where = MinParallelWork, "inside a sequential loop"
				}
				name := loopName(f)
				if desc, ok := streaming(f, s); ok {
					y.Name = notWorthMark
					notes = append(notes, fmt.Sprintf("%s: not parallel: it streams its arrays from memory (%s), where more threads do not pay: the cores share the memory bus", name, desc))
					visit(y.Body, inLoop)
					return
				}
				c, drop, est, why := workCond(f, minWork, inLoop, !untiled)
				switch {
				case drop:
					y.Name = notWorthMark
					notes = append(notes, fmt.Sprintf("%s: not parallel: work %s below %d at compile time (%s)", name, ast.ExprC(est), minWork, where))
				case c != nil:
					par := &ast.Mark{Name: "parallel", Body: y.Body}
					versioned[par] = true
					y.Body = &ast.If{Cond: c, Then: par, Else: ast.CopyLoops(y.Body)}
					y.Name = notWorthMark
					notes = append(notes, fmt.Sprintf("%s: parallel only when %s (%s; two versions, the C compiler keeps one when the sizes are macros)", name, ast.ExprC(c), where))
				case est != nil:
					notes = append(notes, fmt.Sprintf("%s: parallel: work %s at least %d (%s)", name, ast.ExprC(est), minWork, where))
				case (inLoop || regionInLoop) && why != pointLoops:
					y.Name = notWorthMark
					notes = append(notes, fmt.Sprintf("%s: not parallel: work not estimated (%s), and it would fork and join at every iteration of the enclosing loop (%s)", name, why, where))
				default:
					notes = append(notes, fmt.Sprintf("%s: parallel: work not estimated (%s), taken as worth it (%s)", name, why, where))
				}
			}
			visit(y.Body, inLoop)
		case *ast.Block:
			if y != nil {
				for _, s := range y.Stmts {
					visit(s, inLoop)
				}
			}
		case *ast.If:
			visit(y.Then, inLoop)
			if y.Else != nil {
				visit(y.Else, inLoop)
			}
		case *ast.For:
			visit(y.Body, true)
		}
	}
	visit(n, false)
	return notes
}

// streaming reports whether every statement that f runs (looking through
// the nodes of other passes that are parts of statements, ast.Payload's
// Part) has no more loops around it in the original program than the
// rank of an array it accesses, and describes the first one: then each
// instance touches elements that no other instance uses (a matrix
// element A[i][j] under two loops), the work grows like the data, and the loop is bound by the
// memory bus, which the 2 cores share. Statements with more loops than
// the ranks of their arrays (a matrix product, a time loop around a
// stencil) reuse their data in cache and are left to the work check.
func streaming(f *ast.For, s *scop.Scop) (string, bool) {
	if s == nil {
		return "", false
	}
	stmts := map[string]*scop.Statement{}
	for _, st := range s.Statements {
		stmts[st.Name] = st
	}
	rank := map[string]int{}
	for _, a := range s.Arrays {
		rank[a.Name] = a.Rank
	}
	desc := ""
	ok := true
	ast.Walk(f, func(x ast.Node) bool {
		u, isUser := x.(*ast.User)
		if !isUser || !ok {
			return ok
		}
		var st *scop.Statement
		if u.Payload == nil {
			st = stmts[u.Name]
		} else if u.Payload.Part() {
			return true
		}
		if st == nil {
			ok = false
			return false
		}
		best, arr := streamRank(st, rank)
		if len(st.Iters) > best {
			ok = false
			return false
		}
		if desc == "" && best > 1 {
			desc = fmt.Sprintf("%s runs %d loop(s) over the %d-d array %s", st.Name, len(st.Iters), best, arr)
		}
		return true
	})
	return desc, ok && desc != ""
}

// streamRank is the largest rank of an array that st accesses, and that
// array's name.
func streamRank(st *scop.Statement, rank map[string]int) (int, string) {
	best, arr := 0, ""
	for _, a := range st.Accesses {
		if r := rank[a.Array]; r > best {
			best, arr = r, a.Array
		}
	}
	return best, arr
}

// Streams reports whether a loop that runs the statements of s named in
// stmts streams its arrays as decideWork's test sees it (streaming):
// every statement has no more loops around it than the rank of an array
// it accesses, and one of those ranks is above one. Such a parallel loop
// stays sequential in Annotate, so a schedule chosen for its parallelism
// gains nothing from it.
func Streams(s *scop.Scop, stmts []string) bool {
	if s == nil {
		return false
	}
	rank := map[string]int{}
	for _, a := range s.Arrays {
		rank[a.Name] = a.Rank
	}
	wide := false
	for _, name := range stmts {
		i := slices.IndexFunc(s.Statements, func(st *scop.Statement) bool { return st.Name == name })
		if i < 0 {
			return false
		}
		best, _ := streamRank(s.Statements[i], rank)
		if len(s.Statements[i].Iters) > best {
			return false
		}
		wide = wide || best > 1
	}
	return wide
}

// declaration is implemented by the payloads of nodes that only declare
// storage (a private copy of an array, package privatize): a loop's note
// does not list them among its statements.
type declaration interface {
	Declares() bool
}

// loopName names a parallel loop in a note: its iterator and the
// statements it runs (the model's, and nodes of other passes that are
// not parts of them nor declarations).
func loopName(f *ast.For) string {
	var names []string
	ast.Walk(f, func(x ast.Node) bool {
		u, ok := x.(*ast.User)
		if !ok {
			return true
		}
		if u.Payload != nil {
			if d, isDecl := u.Payload.(declaration); u.Payload.Part() || isDecl && d.Declares() {
				return true
			}
		}
		if !slices.Contains(names, u.Name) {
			names = append(names, u.Name)
		}
		return true
	})
	return fmt.Sprintf("parallel loop %s over %s", f.Iter, strings.Join(names, ", "))
}

// regionGuard decides whether the region n runs any parallel loop from
// the estimated work of its original loop nests (the AST of the scop's
// original schedule, from original, whose bounds are short): when every
// statement runs fewer than MinOuterWork instances, the region runs
// without any OpenMP region. It catches what the per-loop checks cannot
// estimate (a parallel tile loop inside a time loop, whose bounds make
// the estimate unreadable): at MINI
// and SMALL, thread start-up and one fork per time step cost more than
// the whole kernel. The condition is an or over the statements of "its
// instances >= MinOuterWork" (distinct estimates once each): an estimate
// of the region's total work within a factor of its number of
// statements.
//
// When the work is a constant below the threshold, the parallel marks of
// n are dropped (in place); when it depends on names, it returns the
// condition and the sequential version of n (a copy without parallel
// marks), the caller making "if (guard) n else seq". note says what was
// decided ("" when there is nothing to decide: no parallel loop, no
// estimate, or a statement whose work is a constant at least
// MinOuterWork).
func regionGuard(n ast.Node, s *scop.Scop, original func() ast.Node) (guard ast.Expr, seq ast.Node, note string) {
	if s == nil || original == nil || !hasParallel(n) {
		return nil, nil, ""
	}
	orig := original()
	if orig == nil {
		return nil, nil, ""
	}
	var terms []ast.Expr
	if !statementWork(orig, ast.NewInt(1), map[string]ast.Expr{}, map[string]ast.Expr{}, map[string]ast.Expr{}, &terms) {
		return nil, nil, ""
	}
	var conds []ast.Expr
	seen := map[string]bool{}
	var consts []string
	for _, t := range terms {
		if k, ok := t.(*ast.Int); ok {
			if k.V >= MinOuterWork {
				return nil, nil, ""
			}
			consts = append(consts, fmt.Sprint(k.V))
			continue
		}
		c := ast.Ge(uncap(t), ast.NewInt(MinOuterWork))
		if key := ast.ExprC(c); !seen[key] {
			seen[key] = true
			conds = append(conds, c)
		}
	}
	if len(conds) == 0 {
		dropParallel(n)
		return nil, nil, fmt.Sprintf("no parallel loop: every statement runs fewer than %d instances at compile time (%s)", MinOuterWork, strings.Join(consts, ", "))
	}
	c := ast.Or(conds...)
	if len(ast.ExprC(c)) > maxRegionClause {
		return nil, nil, ""
	}
	seq = ast.CopyLoops(n)
	dropParallel(seq)
	return c, seq, fmt.Sprintf("parallel loops only when %s (the statements' work in the original loops; two versions of the region, the C compiler keeps one when the sizes are macros)", ast.ExprC(c))
}

// maxRegionClause bounds the length of a region's printed cost check.
const maxRegionClause = 800

// statementWork appends to out the capped estimate of the instances of
// every statement of n, prod being the product of the trip counts of the
// loops around n. A trip count that depends on an enclosing iterator is
// taken at the larger of its values with the enclosing iterators at their
// lower bounds (lower) and at their upper bounds (upper): exact for
// rectangular nests, twice the average trip count of a triangular loop
// (the estimate at the lower bounds alone gives 0 for j < i). It reports
// false when tripCount cannot express a loop's trip count.
func statementWork(n ast.Node, prod ast.Expr, defs, lower, upper map[string]ast.Expr, out *[]ast.Expr) bool {
	switch x := n.(type) {
	case *ast.User:
		*out = append(*out, prod)
	case *ast.Decl:
		defs[x.Name] = x.Value
	case *ast.Mark:
		return statementWork(x.Body, prod, defs, lower, upper, out)
	case *ast.Block:
		if x != nil {
			for _, s := range x.Stmts {
				if !statementWork(s, prod, defs, lower, upper, out) {
					return false
				}
			}
		}
	case *ast.If:
		if !statementWork(x.Then, prod, defs, lower, upper, out) {
			return false
		}
		if x.Else != nil {
			return statementWork(x.Else, prod, defs, lower, upper, out)
		}
	case *ast.For:
		t, ok := tripCount(x)
		if !ok {
			return false
		}
		lo, hi := ast.Simplify(expand(t, defs, lower)), ast.Simplify(expand(t, defs, upper))
		if !ast.Equal(lo, hi) {
			lo = ast.Max(lo, hi)
		}
		t = capped(ast.Simplify(ast.Max(lo, ast.NewInt(0))))
		last := ast.Sub(x.Cond.(*ast.Op).Args[1], ast.NewInt(1)) // tripCount: x < e or x <= e
		if x.Cond.(*ast.Op).Kind == ast.OpLe {
			last = x.Cond.(*ast.Op).Args[1]
		}
		lower[x.Iter] = expand(x.Init, defs, lower)
		upper[x.Iter] = expand(last, defs, upper)
		return statementWork(x.Body, capped(ast.Simplify(ast.Mul(prod, t))), defs, lower, upper, out)
	default:
		return false
	}
	return true
}

// hasParallel reports whether n holds a "parallel" mark.
func hasParallel(n ast.Node) bool { return ast.ContainsMark(n, "parallel") }

// dropParallel renames every "parallel" mark of n notWorthMark (removed
// by Annotate), in place.
func dropParallel(n ast.Node) {
	ast.Walk(n, func(x ast.Node) bool {
		if m, ok := x.(*ast.Mark); ok && m.Name == "parallel" {
			m.Name = notWorthMark
		}
		return true
	})
}
