package scheduler

import (
	"fmt"

	"github.com/tessera-opt/tessera/presburger"
	"github.com/tessera-opt/tessera/scop"
)

// Reduction is one update statement reduced on a parallel loop: every
// dependence the loop carries goes from Stmt to itself through the one
// element of Array it updates with Op, which is the same element for the
// whole execution of the loop.
type Reduction struct {
	Stmt  string
	Array string
	Op    string // "+" or "*"
}

// reductionOp returns the operator of an update statement that an
// OpenMP reduction clause of + or * can take (scop's Statement.Update:
// x += e, x -= e, x++, x = x + e, x = e + x, x = x - e, x = x + a + b,
// x *= e, ...), or "".
func reductionOp(st *scop.Statement) string {
	u, ok := st.Update()
	if !ok || u.Op != scop.UpdateAdd && u.Op != scop.UpdateMul {
		return ""
	}
	return u.Op.String()
}

// proveReduction decides whether the loop at flat dimension
// len(prefix[si])-1 over group is a reduction of statement si on array x:
// si updates x through an associative and commutative operator, reads and
// writes x only through the updated element, no other statement of the
// group touches x, and the element is the same for all instances with
// equal flat dims before the loop. It returns the reduction or why not.
func (p *plan) proveReduction(group []int, prefix map[int][]dim, si int, x string) (*Reduction, string) {
	st := p.stmts[si].st
	op := reductionOp(st)
	if op == "" {
		return nil, fmt.Sprintf("%s is not an update x += e, x -= e, x *= e, x = x + e, x = e + x, x = x - e or x = x * e", st.Name)
	}
	var write presburger.Map
	reads, writes := 0, 0
	for _, a := range st.Accesses {
		if a.Array != x {
			continue
		}
		if a.Kind == scop.Write {
			write, writes = a.Rel, writes+1
		} else if a.LHS {
			reads++
		} else {
			return nil, fmt.Sprintf("%s reads %s outside the update", st.Name, x)
		}
	}
	if writes != 1 || reads != 1 {
		return nil, fmt.Sprintf("%s does not update one element of %s", st.Name, x)
	}
	for _, sj := range group {
		if sj == si {
			continue
		}
		for _, a := range p.stmts[sj].st.Accesses {
			if a.Array == x {
				return nil, fmt.Sprintf("%s also accesses %s in the loop", p.stmts[sj].st.Name, x)
			}
		}
	}
	// The element is invariant in the loop: instances with equal flat
	// dims before it update the same element.
	n := len(prefix[si]) - 1
	outer := p.dimsMap(si, prefix[si][:n])
	same := outer.ApplyRange(outer.Reverse())
	elems := same.ApplyDomain(write).ApplyRange(write)
	np := elems.Space().NParam()
	r := (elems.Space().NDim() - np) / 2
	w := elems.Space().NDim() + 1
	for k := 0; k < r; k++ {
		for _, sign := range []int64{1, -1} {
			row := make([]int64, w)
			row[np+k], row[np+r+k], row[w-1] = -sign, sign, -1
			if !elems.AddConstraint(row, false).IsEmpty() {
				return nil, fmt.Sprintf("the element of %s that %s updates changes inside the loop", x, st.Name)
			}
		}
	}
	return &Reduction{Stmt: st.Name, Array: x, Op: op}, ""
}

// reduceAt tries to make loop k of a band parallel as a reduction: every
// relevant edge with non-zero distance at the loop must be a dependence of
// one statement on itself through one array.
func (b *builder) reduceAt(group []int, relevant []*edge, level int, prefix map[int][]dim) (*Reduction, string) {
	p := b.p
	si, x := -1, ""
	for _, e := range relevant {
		if p.zeroDistance(e, level) {
			continue
		}
		if e.src != e.dst || (si >= 0 && (e.src != si || e.dep.Array != x)) {
			return nil, fmt.Sprintf("%s dependence %s->%s on %s", e.dep.Kind, p.stmts[e.src].st.Name, p.stmts[e.dst].st.Name, e.dep.Array)
		}
		si, x = e.src, e.dep.Array
	}
	if si < 0 {
		return nil, "no dependence to remove"
	}
	return p.proveReduction(group, prefix, si, x)
}
