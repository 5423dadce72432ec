package privatize

import (
	"fmt"
	"slices"
	"strings"

	"github.com/tessera-opt/tessera/ast"
	"github.com/tessera-opt/tessera/cfront"
	"github.com/tessera-opt/tessera/deps"
	"github.com/tessera-opt/tessera/internal/cdecl"
	"github.com/tessera-opt/tessera/internal/ctext"
	"github.com/tessera-opt/tessera/internal/emit"
	"github.com/tessera-opt/tessera/internal/scalarize"
	"github.com/tessera-opt/tessera/presburger"
	"github.com/tessera-opt/tessera/scop"
)

// MaxBytes bounds the size of the array that a thread copies: the
// private copy lives on the thread's stack.
const MaxBytes = privMaxBytes

const privMaxBytes = 1 << 16

// Result is what Outer did to one region's AST.
type Result struct {
	// Texts are the C declarations of the private copies, keyed by the
	// User nodes that stand for them in the AST (Texts.Body prints them).
	emit.Texts
	// Notes say, per candidate loop, what was done and why (--explain).
	Notes []string
}

// Decl is the payload of the node that declares the private copy of
// Array. It touches no memory of the model's statements but is not a part
// of one; Declares tells the loop notes of package omp to leave it out.
type Decl struct {
	Array string
}

// String describes the declaration in the AST's dumps.
func (d Decl) String() string { return "private copy of " + d.Array }

// Part reports false: the node is not a part of a statement.
func (Decl) Part() bool { return false }

// Declares reports true: the node only declares storage.
func (Decl) Declares() bool { return true }

// IsDecl reports whether u is the declaration of a private copy (not an
// instance of a statement).
func IsDecl(u *ast.User) bool {
	_, ok := u.Payload.(Decl)
	return ok
}

// Outer looks for such a loop among the outermost loops of n
// (the AST of the original schedule with its parallel marks) and rewrites
// it in place:
//
//	if (sizeof(X's element) * extents <= privMaxBytes)
//	  #parallel
//	  for (r ...) if (r < last) { T X[ext]; body } else body
//	else
//	  for (r ...) body
//
// dropping the parallel marks inside it. It returns the new root and what
// it did: a note per loop whose carried dependences all go through one
// array (where a private copy could make it parallel), none for the
// others.
func Outer(n ast.Node, s *scop.Scop, d *deps.Deps, f *cfront.File, r *cfront.Region) (ast.Node, *Result) {
	texts := map[*ast.User]string{}
	var notes []string
	var dd *deps.Deps // value-based dependences, computed once when needed
	total := userCounts(n, s)
	var visit func(x ast.Node) ast.Node
	visit = func(x ast.Node) ast.Node {
		switch y := x.(type) {
		case *ast.Block:
			if y != nil {
				for k, st := range y.Stmts {
					y.Stmts[k] = visit(st)
				}
			}
		case *ast.If:
			y.Then = visit(y.Then)
			if y.Else != nil {
				y.Else = visit(y.Else)
			}
		case *ast.Mark:
			y.Body = visit(y.Body)
		case *ast.For:
			loop := scopLoopOf(y, s)
			if loop == nil || !ast.Canonical(y) {
				return y
			}
			// A private copy is a possibility only where one array
			// carries the loop's dependences; elsewhere (no carried
			// dependence, a scalar, several arrays) no note is due.
			if carriedArray(loop, s, d) == "" {
				return y
			}
			if why := sameIterations(y, loop, s, total); why != "" {
				notes = append(notes, fmt.Sprintf("loop %s: no private array: %s", y.Iter, why))
				return y
			}
			if dd == nil {
				var err error
				if dd, err = deps.Compute(s, deps.Config{Dataflow: true}); err != nil {
					return y
				}
			}
			arr, why := privatizable(loop, s, d, dd)
			if arr == "" {
				if why != "" {
					notes = append(notes, fmt.Sprintf("loop %s: no private array: %s", y.Iter, why))
				}
				return y
			}
			out, decl, why := privateVersion(y, arr, s, f, r)
			if out == nil {
				notes = append(notes, fmt.Sprintf("loop %s: %s would be private, but %s", y.Iter, arr, why))
				return y
			}
			for u, t := range decl {
				texts[u] = t
			}
			notes = append(notes, fmt.Sprintf("loop %s: parallel with a private copy of %s per thread (each iteration writes the elements of %s it reads; the last iteration works on %s itself), when %s takes at most %d bytes", y.Iter, arr, arr, arr, arr, privMaxBytes))
			return out
		}
		return x
	}
	n = visit(n)
	return n, &Result{Texts: texts, Notes: notes}
}

// userCounts counts the User nodes of n per statement of s (an
// accumulator's load or store, package scalarize, counts as its
// statement).
func userCounts(n ast.Node, s *scop.Scop) map[string]int {
	stmts := map[string]*scop.Statement{}
	for _, st := range s.Statements {
		stmts[st.Name] = st
	}
	counts := map[string]int{}
	ast.Walk(n, func(x ast.Node) bool {
		if u, ok := x.(*ast.User); ok {
			if st := scalarize.StmtOf(u, stmts); st != nil {
				counts[st.Name]++
			}
		}
		return true
	})
	return counts
}

// sameIterations says why the iterations of f may differ from those of
// the original loop ("" when they are the same): the legality conditions
// of privatizable are stated on the original loop (its level in the
// dependences), and the AST may come from a new schedule. They are the
// same when every instance of the loop's statements runs under f (no
// User node of them outside f) and every statement node under f gets
// the original iterator of the loop from f's iterator unchanged (its
// argument at the loop's depth is f's iterator): an iteration of f then
// runs exactly the instances of the same iteration of the original loop,
// in an order the schedule's legality check already proved.
func sameIterations(f *ast.For, loop *scop.Loop, s *scop.Scop, total map[string]int) string {
	within := userCounts(f, s)
	for _, k := range loop.Stmts {
		name := s.Statements[k].Name
		if within[name] != total[name] {
			return fmt.Sprintf("instances of %s run outside the loop", name)
		}
	}
	why := ""
	ast.Walk(f, func(x ast.Node) bool {
		u, ok := x.(*ast.User)
		if !ok || u.Payload != nil || why != "" {
			return why == ""
		}
		if len(u.Args) < loop.Depth {
			why = fmt.Sprintf("%s has fewer iterators than the loop's depth", u.Name)
			return false
		}
		if id, ok := u.Args[loop.Depth-1].(*ast.Ident); !ok || id.Name != f.Iter {
			why = fmt.Sprintf("the loop's iterations are not those of the original loop (%s's iterator %d is %s)", u.Name, loop.Depth, ast.SExpr(u.Args[loop.Depth-1]))
		}
		return why == ""
	})
	return why
}

// carriedArray is the array (rank >= 1, not local to the region) that
// every memory-based dependence carried by loop between its statements
// goes through, or "" (none carried, several arrays, a scalar).
func carriedArray(loop *scop.Loop, s *scop.Scop, d *deps.Deps) string {
	in := map[*scop.Statement]bool{}
	for _, k := range loop.Stmts {
		in[s.Statements[k]] = true
	}
	arr := ""
	for _, dep := range d.Deps {
		if !in[dep.Source] || !in[dep.Target] || !slices.Contains(dep.Levels, loop.Depth) {
			continue
		}
		if arr != "" && dep.Array != arr {
			return ""
		}
		arr = dep.Array
	}
	for _, x := range s.Arrays {
		if x.Name == arr && x.Rank > 0 && !x.Local {
			return arr
		}
	}
	return ""
}

// scopLoopOf is the outermost loop of the original nest whose statements
// are exactly those that f runs (an accumulator's load or store, package
// scalarize, counts as its statement).
func scopLoopOf(f *ast.For, s *scop.Scop) *scop.Loop {
	stmts := map[string]*scop.Statement{}
	for _, st := range s.Statements {
		stmts[st.Name] = st
	}
	names := map[string]bool{}
	ast.Walk(f, func(x ast.Node) bool {
		if u, ok := x.(*ast.User); ok {
			if st := scalarize.StmtOf(u, stmts); st != nil {
				names[st.Name] = true
			} else {
				names[u.Name] = true
			}
		}
		return true
	})
	for _, l := range s.Loops {
		if l.Parent >= 0 || len(l.Stmts) != len(names) {
			continue
		}
		all := true
		for _, k := range l.Stmts {
			all = all && names[s.Statements[k].Name]
		}
		if all {
			return l
		}
	}
	return nil
}

// privatizable returns the array whose privatization makes loop parallel,
// or "" and why not ("" when the loop carries nothing or more than one
// array: not a candidate). d holds the memory-based dependences, dd the
// value-based flow ones.
func privatizable(loop *scop.Loop, s *scop.Scop, d, dd *deps.Deps) (string, string) {
	in := map[*scop.Statement]bool{}
	// members are the statements of in, in loop order: the checks below
	// report the first statement that fails, the same one every run.
	var members []*scop.Statement
	for _, k := range loop.Stmts {
		in[s.Statements[k]] = true
		members = append(members, s.Statements[k])
	}
	level := loop.Depth
	arr := carriedArray(loop, s, d)
	if arr == "" {
		return "", ""
	}
	// Reads: each read of arr in the loop has its value from the same
	// iteration.
	covered := map[string]presburger.Set{} // by statement name and access
	for _, dep := range dd.Deps {
		if dep.Kind != deps.Flow || dep.Array != arr || !in[dep.Target] {
			continue
		}
		if !in[dep.Source] || slices.Contains(dep.Levels, level) {
			return "", fmt.Sprintf("a value of %s flows into the loop or from one of its iterations to another", arr)
		}
		key := fmt.Sprintf("%s/%d", dep.Target.Name, dep.TgtAccess)
		if c, ok := covered[key]; ok {
			covered[key] = c.Union(dep.Rel.Range())
		} else {
			covered[key] = dep.Rel.Range()
		}
	}
	for _, st := range members {
		for k, acc := range st.Accesses {
			if acc.Array != arr || acc.Kind != scop.Read {
				continue
			}
			c, ok := covered[fmt.Sprintf("%s/%d", st.Name, k)]
			if !ok || !st.Domain.Subtract(c).IsEmpty() {
				return "", fmt.Sprintf("%s reads %s before the loop writes it", st.Name, arr)
			}
		}
	}
	// Every statement runs in the same iterations of the loop (for the
	// parameter values where it runs at all), so that the generated
	// loop's last iteration (bounds from the union of the domains) is the
	// last iteration of each.
	var first presburger.Set
	seen := false
	for _, st := range members {
		od := st.Domain
		or := od.ProjectOut(presburger.SetDim, level, od.Dim(presburger.SetDim)-level).SetTupleName("L")
		if !seen {
			first, seen = or, true
			continue
		}
		// Equal where both run (a statement of an inner loop over P
		// runs only when P > 0).
		pf := first.ProjectOut(presburger.SetDim, 0, 1)
		po := or.ProjectOut(presburger.SetDim, 0, 1)
		if !first.IntersectParams(po).IsSubset(or) || !or.IntersectParams(pf).IsSubset(first) {
			return "", "its statements run in different iterations of the loop"
		}
	}
	// Writes: those that no later iteration overwrites are in the last
	// iteration.
	for _, st := range members {
		for k, acc := range st.Accesses {
			if acc.Array != arr || acc.Kind != scop.Write {
				continue
			}
			final := st.Domain
			for _, dep := range d.Deps {
				if dep.Kind != deps.Output || dep.Source != st || dep.SrcAccess != k || !in[dep.Target] {
					continue
				}
				for j, lv := range dep.Levels {
					if lv == level {
						final = final.Subtract(dep.ByLevel[j].Domain())
					}
				}
			}
			fr := final.ProjectOut(presburger.SetDim, level, final.Dim(presburger.SetDim)-level)
			for _, other := range members {
				od := other.Domain
				or := od.ProjectOut(presburger.SetDim, level, od.Dim(presburger.SetDim)-level)
				later := presburger.FromDomainAndRange(fr, or).OrderLT(presburger.In, level-1, presburger.Out, level-1)
				if !later.IsEmpty() {
					return "", fmt.Sprintf("%s writes elements of %s that only an earlier iteration of the loop writes", st.Name, arr)
				}
			}
		}
	}
	return arr, ""
}

// privateVersion builds the two versions of loop f with arr private (see
// Outer), or says why not.
func privateVersion(f *ast.For, arr string, s *scop.Scop, file *cfront.File, r *cfront.Region) (ast.Node, map[*ast.User]string, string) {
	v := file.Lookup(r, arr)
	if v == nil || v.NDims() == 0 || strings.ContainsAny(v.Type, "*[(") {
		return nil, nil, "its declaration is not a plain array"
	}
	for _, a := range s.Arrays {
		if a.Name == arr && a.Rank != v.NDims() {
			return nil, nil, "its declaration has another rank"
		}
	}
	typ, _ := cdecl.StorageFree(v.Type)
	ext := ""
	size := "sizeof(" + typ + ")"
	for _, dim := range v.Dims {
		if dim == nil {
			// double *sum or double sum[]: no extent to size a private copy.
			return nil, nil, "an extent of its declaration is unknown (a pointer or [])"
		}
		t := dim.Format(nil)
		for _, w := range ctext.IdentRE.FindAllString(t, -1) {
			if _, ok := file.Macros[w]; !ok {
				return nil, nil, "an extent is not a constant (" + t + ")"
			}
		}
		ext += "[" + t + "]"
		size += " * (" + t + ")"
	}
	c, ok := f.Cond.(*ast.Op)
	if !ok || len(c.Args) != 2 {
		return nil, nil, "the loop's bound is not canonical"
	}
	var last ast.Expr
	switch c.Kind {
	case ast.OpLt:
		last = ast.Lt(ast.NewIdent(f.Iter), ast.Sub(c.Args[1], ast.NewInt(1)))
	case ast.OpLe:
		last = ast.Lt(ast.NewIdent(f.Iter), c.Args[1])
	default:
		return nil, nil, "the loop's bound is not canonical"
	}
	seq := ast.CopyLoops(f).(*ast.For)
	par := ast.CopyLoops(f).(*ast.For)
	stripParallel := func(n ast.Node) ast.Node {
		var strip func(n ast.Node) ast.Node
		strip = func(n ast.Node) ast.Node {
			switch x := n.(type) {
			case *ast.Mark:
				x.Body = strip(x.Body)
				if strings.HasPrefix(x.Name, "parallel") {
					return x.Body
				}
			case *ast.Block:
				if x != nil {
					for k, st := range x.Stmts {
						x.Stmts[k] = strip(st)
					}
				}
			case *ast.For:
				x.Body = strip(x.Body)
			case *ast.If:
				x.Then = strip(x.Then)
				if x.Else != nil {
					x.Else = strip(x.Else)
				}
			}
			return n
		}
		return strip(n)
	}
	par = stripParallel(par).(*ast.For)
	decl := &ast.User{Name: arr + " (private)", Payload: Decl{Array: arr}}
	shared := ast.CopyLoops(par.Body)
	par.Body = &ast.If{Cond: last, Then: &ast.Block{Stmts: []ast.Node{decl, par.Body}}, Else: shared}
	texts := map[*ast.User]string{decl: typ + " " + arr + ext + ";"}
	// The size test is C text (sizeof), printed as is.
	guard := ast.NewIdent(size + " <= " + fmt.Sprint(privMaxBytes))
	return &ast.If{Cond: guard, Then: &ast.Mark{Name: "parallel", Body: par}, Else: seq}, texts, ""
}
