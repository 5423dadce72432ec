package emit

import (
	"strconv"
	"strings"

	"github.com/tessera-opt/tessera/ast"
)

// Clauses are the clauses of the pragma of one "parallel" mark, as typed
// values: package omp decides them, Region prints them (Config.Clauses),
// and the lowering passes read them (package outline leaves a loop whose
// clauses name variables in place and follows a collapse clause to the
// innermost collapsed loop). The zero value prints no clause.
//
// They print in the order of the fields:
//
//	private(a, b) lastprivate(c) collapse(2) schedule(static,1)
//	reduction(+:x) reduction(*:y[c0:1][c1:1]) if(n >= 4096)
type Clauses struct {
	// Private and LastPrivate are the scalars of the private and
	// lastprivate clauses (none: no clause).
	Private, LastPrivate []string
	// Collapse is n of collapse(n); values below 2 print nothing.
	Collapse int
	// Schedule is the argument of the schedule clause ("static,1"; ""
	// prints nothing).
	Schedule string
	// Reductions are the reduction clauses, one per element.
	Reductions []Reduction
	// If is the condition of the if clause, printed with the region's
	// helper names (nil: no clause).
	If ast.Expr
}

// Reduction is one reduction clause: Op (an OpenMP reduction operator,
// "+" or "*") over the scalar Var, or, with Index, over the array
// section of length one Var[Index[0]:1][Index[1]:1]... (one element).
type Reduction struct {
	Op  string
	Var string
	// Index are the C text of the element's subscripts in the generated
	// iterators, each a complete expression.
	Index []string
}

// String is the clause as C: reduction(op:item).
func (r Reduction) String() string {
	var b strings.Builder
	b.WriteString("reduction(" + r.Op + ":" + r.Var)
	for _, e := range r.Index {
		b.WriteString("[" + e + ":1]")
	}
	b.WriteString(")")
	return b.String()
}

// NamesVariables reports whether a clause names variables of the
// program (private, lastprivate, reduction): code that moves the loop's
// body elsewhere would have to pass them by address.
func (c Clauses) NamesVariables() bool {
	return len(c.Private) > 0 || len(c.LastPrivate) > 0 || len(c.Reductions) > 0
}

// List returns the clauses as C, in their printing order, with the
// expressions printed with the helper names h.
func (c Clauses) List(h ast.Helpers) []string {
	var out []string
	if len(c.Private) > 0 {
		out = append(out, "private("+strings.Join(c.Private, ", ")+")")
	}
	if len(c.LastPrivate) > 0 {
		out = append(out, "lastprivate("+strings.Join(c.LastPrivate, ", ")+")")
	}
	if c.Collapse > 1 {
		out = append(out, "collapse("+strconv.Itoa(c.Collapse)+")")
	}
	if c.Schedule != "" {
		out = append(out, "schedule("+c.Schedule+")")
	}
	for _, r := range c.Reductions {
		out = append(out, r.String())
	}
	if c.If != nil {
		out = append(out, "if("+h.ExprC(c.If)+")")
	}
	return out
}
