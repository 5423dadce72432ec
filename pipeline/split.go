package pipeline

import (
	"fmt"
	"strings"

	"github.com/tessera-opt/tessera/ast"
	"github.com/tessera-opt/tessera/cfront"
	"github.com/tessera-opt/tessera/internal/emit"
	"github.com/tessera-opt/tessera/internal/split"
	"github.com/tessera-opt/tessera/presburger"
	"github.com/tessera-opt/tessera/schedule"
	"github.com/tessera-opt/tessera/scheduler"
	"github.com/tessera-opt/tessera/scop"
)

// applySplit runs statement splitting (package split) on the model of one
// region and returns the model the later stages use. With Options.Split
// off it only explains, in the remarks, what splitting would do. A user
// schedule names the original statements and the identity schedule
// regenerates the original code, so neither is split. Splitting never
// fails a region: a panic in it keeps the original model.
func (rr *regionRun) applySplit(s *scop.Scop) (out *scop.Scop) {
	f, r, reg, opt := rr.f, rr.r, rr.reg, rr.opt
	if opt.Identity || opt.Schedule != nil {
		return s
	}
	defer func() {
		if p := recover(); p != nil {
			reg.Split = nil
			reg.Remarks = append(reg.Remarks, fmt.Sprintf("statement splitting: internal error (%v); statements kept as written", p))
			out = s
		}
	}()
	taken := rr.ids
	prefix := "split_tmp"
	for k, other := range f.Regions {
		if other == r && k > 0 {
			prefix = fmt.Sprintf("split%d_tmp", k)
		}
	}
	res, err := split.Apply(f, r, s, split.Config{Scop: scop.Config{File: f.Name, Context: opt.Context}, Taken: taken, Expand: opt.SplitExpand, Prefix: prefix})
	if err != nil {
		reg.Remarks = append(reg.Remarks, "statement splitting: "+err.Error())
		return s
	}
	for _, d := range res.Decisions {
		m := d.String()
		if d.Split && !opt.Split {
			m = strings.Replace(m, ": split: ", ": not split (--nosplit; it would be split): ", 1)
		}
		reg.Remarks = append(reg.Remarks, m)
	}
	if !opt.Split || !res.Split() {
		return s
	}
	plainElemTypes(res.Scop) // as the region's model, before it is scheduled
	if opt.Vectorize {
		// The temporary's store hides the matmul pattern and the
		// reduction from package vector.
		reg.Remarks = append(reg.Remarks, "statement splitting: undone, --vectorize recognizes the unsplit statements (matmul kernels, reductions)")
		return s
	}
	if why := rr.splitGains(s, res); why != "" {
		reg.Remarks = append(reg.Remarks, "statement splitting: undone, "+why)
		return s
	}
	reg.Split = res
	return res.Scop
}

// splitGains schedules the split model as the scheduler stage will and
// returns why the split is not worth keeping ("" when it is):
//   - the pipeline would keep the original schedule (nothing tiled or
//     parallel), so the split statements would run in the original order
//     with one more store and load per instance;
//   - with --parallel, a split statement loses the outermost parallel
//     loop the unsplit statement had (its parallel loop is deeper, a
//     wavefront, or gone): the temporary's dependences are carried by the
//     left side's last loop, which may be the nest's only parallel loop.
func (rr *regionRun) splitGains(orig *scop.Scop, res *split.Result) string {
	opt := rr.opt
	ms := rr.modelOf(res.Scop, "the split model")
	if _, err := rr.depsOf(ms); err != nil {
		return "the dependences of the split region cannot be computed: " + err.Error()
	}
	sr, err := rr.scheduleOf(ms)
	if err != nil {
		return "the split region cannot be scheduled: " + err.Error()
	}
	if !sr.Gains {
		return "the scheduler finds nothing to tile or parallelize in the split region, which would keep its original schedule"
	}
	m0 := rr.modelOf(orig, "the region's model")
	if _, err := rr.depsOf(m0); err != nil {
		return ""
	}
	sr0, err := rr.scheduleOf(m0)
	if err != nil || !sr0.Gains {
		return ""
	}
	// The split is there to change the loop order of the update: when
	// the scheduler gives it the unsplit statement's rows, the split
	// changes nothing but the tile sizes of the cache model (which counts
	// the temporary).
	same := true
	for _, dec := range res.Decisions {
		if dec.Split && dec.Temp != nil {
			same = same && sameRows(rowsOf(sr0, orig, dec.Stmt), rowsOf(sr, res.Scop, dec.Temp.Upd))
		}
	}
	if same {
		return "the scheduler gives the split statements the loop order of the unsplit ones"
	}
	if !opt.Sched.Parallel {
		return ""
	}
	before, after := parallelDepths(sr0.Tree), parallelDepths(sr.Tree)
	for _, dec := range res.Decisions {
		if !dec.Split || dec.Temp == nil {
			continue
		}
		b, ok := before[dec.Stmt]
		if !ok {
			continue
		}
		for _, name := range []string{dec.Temp.Def, dec.Temp.Upd} {
			if a, ok := after[name]; !ok || a > b {
				return fmt.Sprintf("%s loses its parallel loop (at depth %d unsplit, %s split): the temporary's dependences are carried by it", dec.Stmt, b, depthText(a, ok))
			}
		}
	}
	return ""
}

// rowsOf returns the hyperplanes of statement name that depend on its
// iterators (scalar levels dropped), nil when unknown.
func rowsOf(sr *scheduler.Result, s *scop.Scop, name string) [][]int64 {
	for k, st := range s.Statements {
		if st.Name != name || k >= len(sr.Hyperplanes) {
			continue
		}
		var out [][]int64
		for _, row := range sr.Hyperplanes[k] {
			for _, c := range row[:len(row)-1] {
				if c != 0 {
					out = append(out, row[:len(row)-1])
					break
				}
			}
		}
		return out
	}
	return nil
}

func sameRows(a, b [][]int64) bool {
	if a == nil || b == nil || len(a) != len(b) {
		return false
	}
	for k := range a {
		if fmt.Sprint(a[k]) != fmt.Sprint(b[k]) {
			return false
		}
	}
	return true
}

func depthText(d int, ok bool) string {
	if !ok {
		return "none"
	}
	return fmt.Sprintf("depth %d", d)
}

// parallelDepths maps each statement to the number of band members above
// its outermost loop marked parallel (statements without one are absent).
func parallelDepths(t schedule.Tree) map[string]int {
	out := map[string]int{}
	var walk func(n *schedule.Node, active map[string]bool, depth int)
	walk = func(n *schedule.Node, active map[string]bool, depth int) {
		switch n.Kind() {
		case schedule.KindDomain:
			active = map[string]bool{}
			for _, sp := range n.Domain().Spaces() {
				active[sp.TupleName(presburger.Out)] = true
			}
		case schedule.KindFilter:
			sub := map[string]bool{}
			for _, sp := range n.Filter().Spaces() {
				if name := sp.TupleName(presburger.Out); active[name] {
					sub[name] = true
				}
			}
			active = sub
		case schedule.KindBand:
			depth += n.Band().Width
		case schedule.KindMark:
			if n.MarkName() == "parallel" {
				for name := range active {
					if _, seen := out[name]; !seen {
						out[name] = depth
					}
				}
			}
		}
		for _, c := range n.Children() {
			walk(c, active, depth)
		}
	}
	walk(t.Root(), nil, 0)
	return out
}

// splitTemps puts the declarations of the region's temporaries before its
// text and their release after it.
func splitTemps(reg *Region, text string) string {
	if reg.Split == nil || len(reg.Split.Temps) == 0 {
		return text
	}
	var pre, post strings.Builder
	for _, t := range reg.Split.Temps {
		d, rel := t.Decl()
		pre.WriteString(d)
		post.WriteString(rel)
	}
	return pre.String() + text + post.String()
}

// addSplitHeader includes <stdlib.h> (malloc, free, abort) and <stdint.h>
// (PTRDIFF_MAX) at the top of the file when a region puts a temporary on
// the heap.
func addSplitHeader(out []byte, regions []*Region) []byte {
	heap := false
	for _, r := range regions {
		if r.Kept || r.Split == nil {
			continue
		}
		for _, t := range r.Split.Temps {
			heap = heap || (t.Heap && !t.Contracted)
		}
	}
	if !heap {
		return out
	}
	var hdr []string
	for _, h := range []string{"#include <stdlib.h>", "#include <stdint.h>"} {
		if !strings.Contains(string(out), h) {
			hdr = append(hdr, h)
		}
	}
	if len(hdr) == 0 {
		return out
	}
	return append([]byte(strings.Join(hdr, "\n")+"\n"), out...)
}

// contractSplitTemps turns the contraction of splitBodies on (tests turn
// it off to exercise the temporaries' declarations).
var contractSplitTemps = true

// splitBodies contracts the temporaries where the generated code allows
// it: an instance of a temporary's definition printed right before the
// instance of its update with the same arguments (adjacent in one block)
// becomes
//
//	const double split_tmp0_v3 = <e>;
//	corr[c3][c5] = corr[c3][c5] + split_tmp0_v3;
//
// Each value of the temporary is read only by the update instance with
// the same iteration vector (the split makes it so), so when every
// instance is printed that way the array is never used: it is not
// declared (Temp.Contracted) and the split costs no memory traffic, only
// its effect on the schedule remains. Vectorized regions print their
// statements themselves and keep the array.
func splitBodies(reg *Region, n ast.Node, body func(u *ast.User) (string, error), prefix string, taken map[string]bool) func(u *ast.User) (string, error) {
	if reg.Split == nil || reg.Vector != nil || !contractSplitTemps {
		return body
	}
	byDef, byUpd := map[string]*split.Temp{}, map[string]*split.Temp{}
	for _, t := range reg.Split.Temps {
		if t.Def == "" || t.Upd == "" || t.ScalarUpd == nil {
			continue
		}
		byDef[t.Def], byUpd[t.Upd] = t, t
	}
	type pairUse struct {
		t    *split.Temp
		name string
	}
	pairs := map[*ast.User]pairUse{}
	total := map[*split.Temp]int{}
	paired := map[*split.Temp]int{}
	next := 0
	fresh := func(t *split.Temp) string {
		for {
			next++
			n := fmt.Sprintf("%s%d", t.Scalar(), next)
			if !taken[n] {
				return n
			}
		}
	}
	ast.Walk(n, func(x ast.Node) bool {
		switch x := x.(type) {
		case *ast.User:
			if t := byDef[x.Name]; t != nil {
				total[t]++
			}
			if t := byUpd[x.Name]; t != nil {
				total[t]++
			}
		case *ast.Block:
			for i := 0; i+1 < len(x.Stmts); i++ {
				d, ok1 := x.Stmts[i].(*ast.User)
				u, ok2 := x.Stmts[i+1].(*ast.User)
				if !ok1 || !ok2 {
					continue
				}
				t := byDef[d.Name]
				if t == nil || byUpd[u.Name] != t || !sameArgs(d.Args, u.Args) {
					continue
				}
				if _, seen := pairs[d]; seen {
					continue
				}
				name := fresh(t)
				pairs[d] = pairUse{t, name}
				pairs[u] = pairUse{t, name}
				paired[t] += 2
				i++
			}
		}
		return true
	})
	for _, t := range reg.Split.Temps {
		t.Contracted = total[t] > 0 && paired[t] == total[t]
		if t.Contracted {
			reg.Remarks = append(reg.Remarks, fmt.Sprintf("statement splitting: %s contracted to a scalar (each definition is printed right before its update), no array is allocated", t.Name))
		} else {
			reg.Remarks = append(reg.Remarks, fmt.Sprintf("statement splitting: %s kept as an array (%d of %d instances printed as adjacent pairs)", t.Name, paired[t], total[t]))
		}
	}
	ecfg := emit.Config{HelperPrefix: prefix}
	return func(u *ast.User) (string, error) {
		p, ok := pairs[u]
		if !ok {
			return body(u)
		}
		t := p.t
		if len(u.Args) != len(t.CIters) {
			return "", fmt.Errorf("statement %s called with %d arguments, has %d iterators", u.Name, len(u.Args), len(t.CIters))
		}
		sub := map[string]string{t.Scalar(): p.name}
		for k, it := range t.CIters {
			sub[it] = reg.unsigned.iterValue(it, ecfg.Expr(u.Args[k]))
		}
		subst := func(name string) (string, bool) {
			v, ok := sub[name]
			return v, ok
		}
		if u.Name == t.Def {
			return fmt.Sprintf("const %s %s = %s;", t.ElemType, p.name, t.DefRHS.Format(subst)), nil
		}
		return strings.TrimRight(cfront.FormatStmt(t.ScalarUpd, "", "  ", subst), "\n"), nil
	}
}

// sameArgs reports whether two calls have the same arguments.
func sameArgs(a, b []ast.Expr) bool {
	if len(a) != len(b) {
		return false
	}
	for k := range a {
		if ast.ExprC(a[k]) != ast.ExprC(b[k]) {
			return false
		}
	}
	return true
}
