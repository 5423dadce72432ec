package deps

import (
	"github.com/tessera-opt/tessera/scop"
)

// summarizeLoops tells, for every loop of the original nest, which
// memory-based dependences it carries, whether it is parallel and whether
// it is a reduction candidate.
func summarizeLoops(s *scop.Scop, deps []*Dep) []LoopInfo {
	out := make([]LoopInfo, len(s.Loops))
	for k, l := range s.Loops {
		info := LoopInfo{Loop: l}
		for i, x := range deps {
			if x.Kind == Input || x.Common < l.Depth || x.Source.Loops[l.Depth-1] != l.ID {
				continue
			}
			for _, lv := range x.Levels {
				if lv == l.Depth {
					info.Carried = append(info.Carried, i)
					break
				}
			}
		}
		info.Parallel = len(info.Carried) == 0
		if !info.Parallel {
			info.Reduction = true
			for _, i := range info.Carried {
				if !isReductionDep(deps[i]) {
					info.Reduction = false
					break
				}
			}
		}
		out[k] = info
	}
	return out
}

// isReductionDep tells whether x goes from an update statement to itself
// through the element it updates (the write or the read of its left side).
func isReductionDep(x *Dep) bool {
	if x.Source != x.Target || !isUpdate(x.Source) {
		return false
	}
	onLHS := func(a *scop.Access) bool { return (a.Kind == scop.Write || a.LHS) && !a.May }
	return onLHS(x.Source.Accesses[x.SrcAccess]) && onLHS(x.Target.Accesses[x.TgtAccess])
}

// isUpdate tells whether a statement is an associative update of its
// left side (scop's Statement.Update).
func isUpdate(st *scop.Statement) bool {
	_, ok := st.Update()
	return ok
}
