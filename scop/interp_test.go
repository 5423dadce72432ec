package scop

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/tessera-opt/tessera/cfront"
	"github.com/tessera-opt/tessera/internal/testutil"
	"github.com/tessera-opt/tessera/presburger"
)

// This file checks the model against an independent oracle: a small
// interpreter of the region's C syntax that runs the loops for fixed
// parameter values (with C's truncating division) and records every
// statement instance and the array elements it touches. The model must
// have exactly these instances in its domains, touch exactly these
// elements, and its flat schedule must order the instances as they ran.

type run struct {
	stmt   *Statement
	inst   []int64
	access map[string]bool // "read A[1 2]"
}

type interp struct {
	t      *testing.T
	s      *Scop
	params map[string]int64
	env    []struct {
		name string
		val  int64
	}
	bySyntax map[cfront.Stmt][]*Statement
	runs     []run
	steps    int
}

func (in *interp) lookup(name string) (int64, bool) {
	for k := len(in.env) - 1; k >= 0; k-- {
		if in.env[k].name == name {
			return in.env[k].val, true
		}
	}
	v, ok := in.params[name]
	return v, ok
}

func (in *interp) isIter(name string) bool {
	for k := len(in.env) - 1; k >= 0; k-- {
		if in.env[k].name == name {
			return true
		}
	}
	return false
}

// eval evaluates an integer expression with C semantics.
func (in *interp) eval(e cfront.Expr) int64 {
	v, err := testutil.EvalInt(e, in.lookup, nil)
	if err != nil {
		in.t.Fatalf("interp: %v", err)
	}
	return v
}

func (in *interp) cmp(op string, a, b int64) bool {
	switch op {
	case "<":
		return a < b
	case "<=":
		return a <= b
	case ">":
		return a > b
	}
	return a >= b
}

func (in *interp) exec(s cfront.Stmt) {
	if in.steps++; in.steps > 200000 {
		in.t.Fatal("interp: too many steps")
	}
	switch x := s.(type) {
	case *cfront.Block:
		for _, c := range x.Stmts {
			in.exec(c)
		}
	case *cfront.For:
		in.env = append(in.env, struct {
			name string
			val  int64
		}{x.Iter, in.eval(x.Lower)})
		k := len(in.env) - 1
		for {
			ok := true
			for _, bd := range x.Bounds {
				ok = ok && in.cmp(bd.Op, in.env[k].val, in.eval(bd.Expr))
			}
			if !ok {
				break
			}
			in.exec(x.Body)
			in.env[k].val += x.Step
		}
		in.env = in.env[:k]
	case *cfront.If:
		if in.eval(x.Cond) != 0 {
			in.exec(x.Then)
		} else if x.Else != nil {
			in.exec(x.Else)
		}
	case *cfront.ExprStmt, *cfront.Decl:
		for _, st := range in.bySyntax[s] {
			r := run{stmt: st, access: map[string]bool{}}
			for _, it := range st.CIters {
				v, _ := in.lookup(it)
				r.inst = append(r.inst, v)
			}
			in.accesses(st, &r)
			in.runs = append(in.runs, r)
		}
	}
}

// accesses records the elements a statement instance touches.
func (in *interp) accesses(st *Statement, r *run) {
	add := func(kind, name string, subs []cfront.Expr) {
		v := make([]int64, len(subs))
		for i, e := range subs {
			v[i] = in.eval(e)
		}
		r.access[fmt.Sprint(kind, " ", name, v)] = true
	}
	var lv func(e cfront.Expr, kind string)
	var rv func(e cfront.Expr)
	lv = func(e cfront.Expr, kind string) {
		e = cfront.Unparen(e)
		switch x := e.(type) {
		case *cfront.Ident:
			add(kind, x.Name, nil)
		case *cfront.Index:
			n, subs, _ := cfront.ArrayAccess(x)
			add(kind, n, subs)
		case *cfront.Unary: // *p or *(p + e)
			switch y := cfront.Unparen(x.X).(type) {
			case *cfront.Ident:
				add(kind, y.Name, []cfront.Expr{&cfront.IntLit{Value: 0}})
			case *cfront.Binary:
				add(kind, cfront.Unparen(y.X).(*cfront.Ident).Name, []cfront.Expr{y.Y})
			}
		}
	}
	rv = func(e cfront.Expr) {
		switch x := e.(type) {
		case *cfront.Paren:
			rv(x.X)
		case *cfront.Ident:
			_, isParam := in.params[x.Name]
			if !in.isIter(x.Name) && !isParam {
				add("read", x.Name, nil)
			}
		case *cfront.Index:
			lv(x, "read")
		case *cfront.Unary:
			if x.Op == "*" {
				lv(x, "read")
			} else {
				rv(x.X)
			}
		case *cfront.Binary:
			rv(x.X)
			rv(x.Y)
		case *cfront.CondExpr:
			rv(x.Cond)
			rv(x.Then)
			rv(x.Else)
		case *cfront.Cast:
			rv(x.X)
		case *cfront.Call:
			for _, a := range x.Args {
				rv(a)
			}
		}
	}
	switch x := st.Syntax.(type) {
	case *cfront.ExprStmt:
		switch e := x.X.(type) {
		case *cfront.Assign:
			rv(e.RHS)
			if e.Op != "=" {
				lv(e.LHS, "read")
			}
			lv(e.LHS, "write")
		case *cfront.Unary:
			lv(e.X, "read")
			lv(e.X, "write")
		case *cfront.Postfix:
			lv(e.X, "read")
			lv(e.X, "write")
		}
	case *cfront.Decl:
		for _, d := range x.Vars {
			if d.Init != nil && strings.Contains(st.Text, d.Name) {
				rv(d.Init)
				add("write", d.Name, nil)
				break
			}
		}
	}
}

// modelRuns lists the instances of the model in flat-schedule order with
// their accesses.
func modelRuns(t *testing.T, s *Scop, val map[string]int64) []run {
	pv := func(sp presburger.Space) []int64 {
		var out []int64
		for _, p := range sp.Params() {
			out = append(out, val[p])
		}
		return out
	}
	type timed struct {
		r    run
		time []int64
	}
	var all []timed
	for _, st := range s.Statements {
		pts, err := st.Domain.Points(pv(st.Domain.Space()))
		if err != nil {
			t.Fatal(err)
		}
		var sched presburger.Map
		for _, m := range s.FlatSchedule.Maps() {
			if m.Space().TupleName(presburger.In) == st.Name {
				sched = m
			}
		}
		times := map[string][]int64{}
		sp, _ := sched.Points(pv(sched.Space()))
		for _, p := range sp {
			times[fmt.Sprint(p[:len(st.Iters)])] = p[len(st.Iters):]
		}
		acc := map[string]map[string]bool{}
		strides := map[string][]string{}
		for _, a := range s.Arrays {
			strides[a.Name] = a.Strides
		}
		for _, a := range st.Accesses {
			ap, err := a.Rel.Points(pv(a.Rel.Space()))
			if err != nil {
				t.Fatal(err)
			}
			for _, p := range ap {
				k := fmt.Sprint(p[:len(st.Iters)])
				if acc[k] == nil {
					acc[k] = map[string]bool{}
				}
				el := p[len(st.Iters):]
				if str := strides[a.Array]; str != nil {
					// C's one subscript: the model's times the strides.
					lin := int64(0)
					for d, x := range el {
						f := int64(1)
						if str[d] != "1" {
							for _, q := range strings.Split(str[d], "*") {
								f *= val[q]
							}
						}
						lin += x * f
					}
					el = []int64{lin}
				}
				acc[k][fmt.Sprint(a.Kind, " ", a.Array, el)] = true
			}
		}
		for _, p := range pts {
			k := fmt.Sprint(p)
			tm, ok := times[k]
			if !ok {
				t.Fatalf("%s%v has no time", st.Name, p)
			}
			a := acc[k]
			if a == nil {
				a = map[string]bool{}
			}
			all = append(all, timed{run{st, p, a}, tm})
		}
	}
	sort.SliceStable(all, func(i, j int) bool { return slices.Compare(all[i].time, all[j].time) < 0 })
	out := make([]run, len(all))
	for i, x := range all {
		out[i] = x.r
	}
	return out
}

func keys(m map[string]bool) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// TestInterpreter runs every kernel with the interpreter and compares with
// the model, for several parameter values (negative ones too: the domains
// do not depend on the context).
func TestInterpreter(t *testing.T) {
	files, _ := filepath.Glob("testdata/kernels/*.c")
	for _, path := range files {
		name := strings.TrimSuffix(filepath.Base(path), ".c")
		t.Run(name, func(t *testing.T) {
			scops, file := loadKernelFile(t, path)
			for ri, s := range scops {
				f := file.Regions[ri].Body
				sizes := []int64{-2, 0, 3}
				if name == "tricky" || name == "modulo" || name == "modneg" || name == "strides" {
					sizes = append(sizes, -5, 1, 4, 7)
				}
				if name == "conv2d" && os.Getenv("TESSERA_LONG") == "" {
					sizes = []int64{2}
				}
				if os.Getenv("TESSERA_LONG") != "" {
					sizes = append(sizes, 5, 8)
				}
				for _, size := range sizes {
					val := map[string]int64{}
					for k, p := range s.Params {
						val[p] = size + int64(k)
					}
					if name == "conv2d" {
						// The 6-deep nest is slow to enumerate: keep it small.
						for _, p := range s.Params {
							val[p] = min(size, 2)
						}
						val["C_IN"] = 1
					}
					in := &interp{t: t, s: s, params: val, bySyntax: map[cfront.Stmt][]*Statement{}}
					for _, st := range s.Statements {
						in.bySyntax[st.Syntax] = append(in.bySyntax[st.Syntax], st)
					}
					for _, st := range f {
						in.exec(st)
					}
					got := modelRuns(t, s, val)
					if len(got) != len(in.runs) {
						t.Fatalf("size %d: model has %d instances, the interpreter ran %d", size, len(got), len(in.runs))
					}
					for i, r := range in.runs {
						g := got[i]
						if g.stmt != r.stmt || !slices.Equal(g.inst, r.inst) {
							t.Fatalf("size %d: step %d ran %s%v, model order gives %s%v", size, i, r.stmt.Name, r.inst, g.stmt.Name, g.inst)
						}
						if !slices.Equal(keys(g.access), keys(r.access)) {
							t.Fatalf("size %d: %s%v touches %v, model says %v", size, r.stmt.Name, r.inst, keys(r.access), keys(g.access))
						}
					}
				}
			}
		})
	}
}
