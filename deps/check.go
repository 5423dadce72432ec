package deps

import (
	"fmt"
	"strings"
	"sync"

	"github.com/tessera-opt/tessera/presburger"
)

// Witness explains why a schedule is illegal: a dependence and one pair of
// its instances that the schedule does not order (sched(Target) <=lex
// sched(Source)). When the engine could not decide (budget, overflow),
// Dep is nil and Err says why; the schedule must then be treated as
// illegal.
type Witness struct {
	Dep *Dep
	// Params are the parameter values of the pair, named by ParamNames.
	ParamNames []string
	Params     []int64
	// Source and Target are the instance tuples (iterator values).
	Source, Target []int64
	Err            error
}

func (w *Witness) String() string {
	if w == nil {
		return "legal"
	}
	if w.Dep == nil {
		return "not proven legal: " + w.Err.Error()
	}
	var ps []string
	for i, n := range w.ParamNames {
		ps = append(ps, fmt.Sprintf("%s = %d", n, w.Params[i]))
	}
	return fmt.Sprintf("%s dependence on %s from %s%s to %s%s is violated (%s)",
		w.Dep.Kind, w.Dep.Array, w.Dep.Source.Name, ints(w.Source), w.Dep.Target.Name, ints(w.Target), strings.Join(ps, ", "))
}

func ints(v []int64) string {
	s := make([]string, len(v))
	for i, x := range v {
		s[i] = fmt.Sprint(x)
	}
	return "[" + strings.Join(s, ", ") + "]"
}

// Check tells whether sched (statement instance -> time vector; one map
// per statement, time tuples of any arity, shorter ones padded with zeros)
// executes the target of every flow, anti and output dependence of d
// strictly after its source. Memory-based dependences are used even when
// d was computed with Dataflow (without memory renaming, overwriting a
// value early is as wrong as reading it late). When it does not, the witness gives a
// violated dependence and a concrete pair of instances.
func Check(sched presburger.UnionMap, d *Deps) (bool, *Witness) {
	return CheckContext(sched, d, nil)
}

// CheckContext is Check restricted to the parameter values of ctx (a
// parameter set; nil means all values).
//
// A schedule found legal is remembered in d (by its text and ctx's): the
// scheduler checks the schedule it computed and the pipeline checks it again
// before generating code, and one check of a program with many-part
// dependences takes seconds (progfuzz fm_budget_time_mod_reduction.c).
func CheckContext(sched presburger.UnionMap, d *Deps, ctx *presburger.Set) (ok bool, w *Witness) {
	var key string
	if d.checked != nil {
		key = sched.String()
		if ctx != nil {
			key += "\x00" + ctx.String()
		}
		if d.checked.has(key) {
			return true, nil
		}
		defer func() {
			if ok {
				d.checked.add(key)
			}
		}()
	}
	// An engine error (budget, overflow) makes the schedule unproven:
	// not legal, with the error as the witness. A bug's panic goes on.
	var err error
	defer func() {
		if err != nil {
			ok, w = false, &Witness{Err: err}
		}
	}()
	defer presburger.Recover(&err)
	// The maps are taken as they are, not coalesced: the check is exact
	// either way, and coalescing maps with mod locals can cost more than
	// the parts it saves.
	byStmt := map[string]presburger.Map{}
	for _, m := range sched.Maps() {
		byStmt[m.Space().TupleName(presburger.In)] = m
	}
	// First with every statement's schedule relaxed to its function (its
	// domain's constraints dropped, presburger.RelaxDomain): a superset of
	// each map, so no violation there means none in the exact check. A
	// domain of many parts (mod conditions, negated disjunctions) otherwise
	// multiplies into source parts x target parts x lexicographic parts,
	// a number exponential in the mod conditions. Only a violation found there
	// needs the exact maps.
	relaxed, fewer := map[string]presburger.Map{}, false
	for name, m := range byStmt {
		r := m.RelaxDomain()
		relaxed[name] = r
		fewer = fewer || len(r.Parts()) < len(m.Parts())
	}
	if fewer {
		if ok, w := violation(relaxed, d, ctx); ok || w.Err != nil {
			return ok, w
		}
	}
	return violation(byStmt, d, ctx)
}

// violation is CheckContext with the schedule maps by statement name.
func violation(byStmt map[string]presburger.Map, d *Deps, ctx *presburger.Set) (bool, *Witness) {
	notAfterOf := map[[2]string]presburger.Map{}
	for _, x := range d.memoryDeps() {
		if x.Kind == Input {
			continue
		}
		sS, okS := byStmt[x.Source.Name]
		sT, okT := byStmt[x.Target.Name]
		if !okS || !okT {
			name := x.Source.Name
			if okS {
				name = x.Target.Name
			}
			return false, &Witness{Err: fmt.Errorf("deps: the schedule has no map for statement %s", name)}
		}
		// One relation per statement pair (several arrays and kinds of
		// dependence share it).
		pair := [2]string{x.Source.Name, x.Target.Name}
		notAfter, have := notAfterOf[pair]
		if !have {
			ge := lexGE(sS.Space(), sT.Space())
			notAfter = sS.ApplyRange(ge).ApplyRange(sT.Reverse())
			notAfterOf[pair] = notAfter
		}
		viol := x.Rel.Intersect(notAfter)
		if ctx != nil {
			viol = viol.IntersectParams(*ctx)
		}
		// The search runs under the Deps' Config.Cancel: a cancelled
		// check is unproven (the caller keeps the original schedule).
		pt, found, err := presburger.Query{Cancel: d.Config.Cancel}.Sample(viol)
		if err != nil {
			return false, &Witness{Err: err}
		}
		if !found {
			continue
		}
		sp := viol.Space()
		np, ni := sp.NParam(), sp.Dim(presburger.In)
		return false, &Witness{
			Dep:        x,
			ParamNames: sp.Params(),
			Params:     pt[:np],
			Source:     pt[np : np+ni],
			Target:     pt[np+ni:],
		}
	}
	return true, nil
}

// lexGE builds { a -> b : a >=lex b } between the output tuples of the
// schedule maps of two statements, padding the shorter with zeros.
func lexGE(a, b presburger.Space) presburger.Map {
	na, nb := a.Dim(presburger.Out), b.Dim(presburger.Out)
	n := max(na, nb)
	av := func(k int) string {
		if k < na {
			return fmt.Sprintf("a%d", k)
		}
		return "0"
	}
	bv := func(k int) string {
		if k < nb {
			return fmt.Sprintf("b%d", k)
		}
		return "0"
	}
	var parts []string
	for k := 0; k < n; k++ {
		var c []string
		for j := 0; j < k; j++ {
			c = append(c, av(j)+" = "+bv(j))
		}
		c = append(c, av(k)+" > "+bv(k))
		parts = append(parts, "("+strings.Join(c, " and ")+")")
	}
	var eq []string
	for j := 0; j < n; j++ {
		eq = append(eq, av(j)+" = "+bv(j))
	}
	if len(eq) > 0 {
		parts = append(parts, "("+strings.Join(eq, " and ")+")")
	}
	cond := ""
	if len(parts) > 0 {
		cond = " : " + strings.Join(parts, " or ")
	}
	tup := func(name, p string, k int) string {
		v := make([]string, k)
		for i := range v {
			v[i] = fmt.Sprintf("%s%d", p, i)
		}
		return name + "[" + strings.Join(v, ", ") + "]"
	}
	src := "{ " + tup(a.TupleName(presburger.Out), "a", na) + " -> " + tup(b.TupleName(presburger.Out), "b", nb) + cond + " }"
	return presburger.MustParseMap(src)
}

// checkMemo is the set of schedule texts found legal for one Deps.
type checkMemo struct {
	mu  sync.Mutex
	set map[string]bool
}

func (m *checkMemo) has(key string) bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.set[key]
}

func (m *checkMemo) add(key string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.set == nil {
		m.set = map[string]bool{}
	}
	m.set[key] = true
}
