package pipeline

import (
	"github.com/tessera-opt/tessera/cfront"
	"github.com/tessera-opt/tessera/scop"
)

// paramValues returns, in the parallel flow, the values of the region's
// parameters that are macros with an integer constant value where the
// region starts (cfront's MacroConst, e.g. a size set by a dataset
// macro), for the scheduler's sizing of parallel tiles
// (scheduler.Config.ParamValues); nil when there are none. A value that
// a -D flag may change at compile time is taken as the file defines it
// now: it only sizes tiles, and other values keep the code correct.
func (rr *regionRun) paramValues(s *scop.Scop) map[string]int64 {
	if !rr.opt.Sched.Parallel || rr.f == nil || rr.r == nil {
		return nil
	}
	var vals map[string]int64
	for _, name := range s.Params {
		v, ok := macroValue(rr.f, name, rr.r.Start)
		if !ok {
			continue
		}
		if vals == nil {
			vals = map[string]int64{}
		}
		vals[name] = v
	}
	return vals
}

// arrayExtents returns, in the parallel flow, the declared extents of
// the region's arrays that are integer constants (macros or literals),
// 0 for the others, for scheduler.Config.Extents; nil when none is.
func (rr *regionRun) arrayExtents(s *scop.Scop) map[string][]int64 {
	if !rr.opt.Sched.Parallel || rr.f == nil || rr.r == nil {
		return nil
	}
	var out map[string][]int64
	for _, a := range s.Arrays {
		if len(a.Extents) != a.Rank || a.Rank == 0 || len(a.Strides) > 0 {
			continue
		}
		ext := make([]int64, a.Rank)
		known := false
		for d, t := range a.Extents {
			e, err := cfront.ParseExpr(t, rr.f.IsTypeName)
			if err != nil {
				continue
			}
			if l, ok := cfront.Unparen(e).(*cfront.IntLit); ok && !l.Big && l.Value > 0 {
				ext[d], known = l.Value, true
				continue
			}
			if v, _, ok := rr.f.MacroConst(e, rr.r.Start); ok && v > 0 {
				ext[d], known = v, true
			}
		}
		if known {
			if out == nil {
				out = map[string][]int64{}
			}
			out[a.Name] = ext
		}
	}
	return out
}

// macroValue is the value of the object-like macro name at offset at:
// its body is an integer constant expression of literals and macros
// (MacroConst), or a call of a function-like macro whose expansion is
// one (PolyBench's _PB_N, defined as POLYBENCH_LOOP_BOUND(N, n)).
func macroValue(f *cfront.File, name string, at int) (int64, bool) {
	if v, _, ok := f.MacroConst(&cfront.Ident{Name: name}, at); ok {
		return v, true
	}
	m := f.Macros[name]
	if m == nil || m.FuncLike {
		return 0, false
	}
	var e cfront.Expr
	e, err := cfront.ParseExpr(m.Body, f.IsTypeName)
	for depth := 0; err == nil && depth < 4; depth++ {
		c, ok := cfront.Unparen(e).(*cfront.Call)
		if !ok {
			break
		}
		e, err = f.ExpandCall(c)
	}
	if err != nil {
		return 0, false
	}
	v, _, ok := f.MacroConst(e, at)
	return v, ok
}
