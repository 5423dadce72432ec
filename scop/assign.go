package scop

import "github.com/tessera-opt/tessera/cfront"

// Assign is the assignment the statement's syntax holds (x = e, x += e,
// ...), or nil when the statement is not an assignment.
func (st *Statement) Assign() *cfront.Assign {
	es, ok := st.Syntax.(*cfront.ExprStmt)
	if !ok {
		return nil
	}
	as, _ := es.X.(*cfront.Assign)
	return as
}
