package selfcheck

import (
	"fmt"
	"slices"
	"strings"

	"github.com/tessera-opt/tessera/ast"
	"github.com/tessera-opt/tessera/deps"
	"github.com/tessera-opt/tessera/scheduler"
	"github.com/tessera-opt/tessera/scop"
)

// parallelCheck is the self-check of the parallel marks of the generated
// code, independent of how they were placed: for every "parallel" mark
// whose body is a single for loop F, the interpreter replays the code for
// small parameter values, tagging each statement instance with the
// execution of F it runs in (the values of the loops around F) and F's
// iteration; no dependence may join two instances of the same execution
// of F in different iterations. Dependences on scalars privatized on the
// loop and on arrays it reduces are removed by the OpenMP clauses, so they
// do not count. (A band member whose loop was degenerate once had its
// mark land on the next loop; this check catches that class of bug.)
// It returns ErrCancelled once stop is closed (nil: never), checked
// before each parameter vector and each dependence.
func Parallel(n ast.Node, s *scop.Scop, d *deps.Deps, privs []scheduler.Private, stop <-chan struct{}) error {
	c, loops := tagParallelLoops(n)
	if loops == 0 {
		return nil
	}
	arity := map[string]int{}
	for _, st := range s.Statements {
		arity[st.Name] = st.Domain.Space().NDim() - st.Domain.Space().NParam()
	}
	for _, params := range sampleParams(s) {
		if cancelled(stop) {
			return ErrCancelled
		}
		env := map[string]int64{}
		for i, p := range s.Params {
			env[p] = params[i]
		}
		inst, err := ast.Interpret(c, env, ast.WithBudget(selfCheckLimit))
		if err != nil || len(inst) > selfCheckEnum {
			continue // Replay reports errors; too large: smaller values are checked
		}
		groups, err := loopExecutions(inst, arity)
		if err != nil {
			return err
		}
		for _, dp := range d.Deps {
			if cancelled(stop) {
				return ErrCancelled
			}
			if exemptByClauses(dp, privs) {
				continue
			}
			a, b, ok := joinedIterations(dp, groups, paramsOf(dp.Rel.Space(), s.Params, params), stop)
			if cancelled(stop) {
				return ErrCancelled
			}
			if ok {
				return fmt.Errorf("%s dependence %s%v -> %s%v on %s joins two iterations of a parallel loop for %v", dp.Kind, dp.Source.Name, a.args, dp.Target.Name, b.args, dp.Array, strings.TrimPrefix(fmt.Sprint(env), "map"))
			}
		}
	}
	return nil
}

// tagParallelLoops returns a copy of n whose statements carry, after
// their own arguments, one tag per enclosing parallel loop: the loop's
// number, the number of loops around it, their iterators and its own
// iterator. It also returns the number of parallel loops.
func tagParallelLoops(n ast.Node) (ast.Node, int) {
	c := ast.Copy(n)
	loops := 0
	var walk func(x ast.Node, outer []string, tags []ast.Expr)
	walk = func(x ast.Node, outer []string, tags []ast.Expr) {
		switch x := x.(type) {
		case *ast.Block:
			for _, y := range x.Stmts {
				walk(y, outer, tags)
			}
		case *ast.If:
			walk(x.Then, outer, tags)
			if x.Else != nil {
				walk(x.Else, outer, tags)
			}
		case *ast.Mark:
			if f := ast.OnlyFor(x.Body); f != nil && (x.Name == "parallel" || x.Name == "collapse") {
				loops++
				t := slices.Clone(tags)
				t = append(t, ast.NewInt(int64(loops)), ast.NewInt(int64(len(outer))))
				for _, o := range outer {
					t = append(t, &ast.Ident{Name: o})
				}
				t = append(t, &ast.Ident{Name: f.Iter})
				walk(f.Body, append(slices.Clone(outer), f.Iter), t)
				return
			}
			walk(x.Body, outer, tags)
		case *ast.For:
			walk(x.Body, append(slices.Clone(outer), x.Iter), tags)
		case *ast.User:
			x.Args = append(x.Args, tags...)
		}
	}
	walk(c, nil, nil)
	return c, loops
}

// exemptByClauses reports whether dependence dp is removed by the clauses
// of the parallel loop holding its statements (a privatized scalar, a
// reduced array).
func exemptByClauses(dp *deps.Dep, privs []scheduler.Private) bool {
	for _, p := range privs {
		if !slices.Contains(p.Stmts, dp.Source.Name) || !slices.Contains(p.Stmts, dp.Target.Name) {
			continue
		}
		if slices.Contains(p.Private, dp.Array) || slices.Contains(p.LastPrivate, dp.Array) {
			return true
		}
		for _, r := range p.Reductions {
			if r.Array == dp.Array && r.Stmt == dp.Source.Name && r.Stmt == dp.Target.Name {
				return true
			}
		}
	}
	return false
}

// parMember is a statement instance in one execution of a parallel loop,
// with the loop's iteration it runs in.
type parMember struct {
	name string
	args []int64
	iter int64
}

// loopExecutions groups the tagged instances (tagParallelLoops) by the
// execution of a parallel loop they run in.
func loopExecutions(inst []ast.Instance, arity map[string]int) (map[string][]parMember, error) {
	groups := map[string][]parMember{}
	for _, in := range inst {
		a, ok := arity[in.Name]
		if !ok || len(in.Args) < a {
			continue
		}
		tags := in.Args[a:]
		for len(tags) >= 2 {
			k, no := tags[0], int(tags[1])
			if no < 0 || len(tags) < 2+no+1 {
				return nil, fmt.Errorf("parallel check: malformed tags for %v", in)
			}
			exec := fmt.Sprint(k, tags[2:2+no])
			groups[exec] = append(groups[exec], parMember{in.Name, in.Args[:a], tags[2+no]})
			tags = tags[3+no:]
		}
	}
	return groups, nil
}

// joinedIterations returns a pair of instances of dp (parameter values
// pv) in one execution of a parallel loop and different iterations of
// it; it gives up after selfCheckLimit pairs.
func joinedIterations(dp *deps.Dep, groups map[string][]parMember, pv []int64, stop <-chan struct{}) (parMember, parMember, bool) {
	pairs := 0
	pt := make([]int64, 0, len(pv)+8)
	for _, ms := range groups {
		for _, a := range ms {
			if a.name != dp.Source.Name {
				continue
			}
			for _, b := range ms {
				if b.name != dp.Target.Name || b.iter == a.iter {
					continue
				}
				if pairs++; pairs > selfCheckLimit || pairs%selfCheckPoll == 0 && cancelled(stop) {
					return parMember{}, parMember{}, false
				}
				pt = append(append(append(pt[:0], pv...), a.args...), b.args...)
				if dp.Rel.Contains(pt) {
					return a, b, true
				}
			}
		}
	}
	return parMember{}, parMember{}, false
}
