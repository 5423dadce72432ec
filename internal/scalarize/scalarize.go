package scalarize

import (
	"fmt"
	"strings"

	"github.com/tessera-opt/tessera/ast"
	"github.com/tessera-opt/tessera/cfront"
	"github.com/tessera-opt/tessera/internal/emit"
	"github.com/tessera-opt/tessera/scop"
)

// Result is what Rewrite did to one region's AST.
type Result struct {
	// Texts are the texts of the calls it rewrote or added, keyed by
	// their User nodes; Texts.Body wraps the emitter's Body callback so
	// that they print instead of the statements' own.
	emit.Texts
}

// Part is the payload of a call that Rewrite adds: the load of the
// accumulator Acc before the loop (Store false) or its store after the
// loop, for the statement Stmt. Such a call is not an instance of Stmt
// (it has no arguments); it touches the element that Stmt updates in
// the loop beside it, so analyses of a loop's memory traffic look
// through it.
type Part struct {
	Stmt  *scop.Statement
	Acc   string
	Store bool
}

// String describes the part in the AST's dumps.
func (p Part) String() string {
	if p.Store {
		return "store of " + p.Acc + " for " + p.Stmt.Name
	}
	return "load of " + p.Acc + " for " + p.Stmt.Name
}

// Part reports true: the load and the store touch what their statement
// touches.
func (Part) Part() bool { return true }

// StmtOf is the statement that u runs or belongs to: the model's
// statement named u.Name when u has no payload, the Part's statement for
// a call Rewrite added, nil otherwise.
func StmtOf(u *ast.User, stmts map[string]*scop.Statement) *scop.Statement {
	if u.Payload == nil {
		return stmts[u.Name]
	}
	if p, ok := u.Payload.(Part); ok {
		return p.Stmt
	}
	return nil
}

// Rewrite scalarizes the loops of n (see the package doc), editing n in
// place, and returns the new tree and what it did. body is the Body
// callback for the original statements.
func Rewrite(n ast.Node, s *scop.Scop, body func(u *ast.User) (string, error)) (ast.Node, *Result) {
	byName := map[string]*scop.Statement{}
	for _, st := range s.Statements {
		byName[st.Name] = st
	}
	arrays := map[string]*scop.Array{}
	for _, a := range s.Arrays {
		arrays[a.Name] = a
	}
	res := &Result{Texts: emit.Texts{}}
	texts := res.Texts
	count := 0
	var rewrite func(n ast.Node) ast.Node
	try := func(f *ast.For) ast.Node {
		u := singleUser(f.Body)
		if u == nil {
			return nil
		}
		st := byName[u.Name]
		if st == nil || len(u.Args) != len(st.CIters) {
			return nil
		}
		lhs, arr, ok := updatedElement(st, arrays)
		if !ok {
			return nil
		}
		sub := map[string]string{}
		for k, it := range st.CIters {
			sub[it] = fmt.Sprint(k)
		}
		// The subscripts must not depend on the loop.
		invariant := true
		lhs.Format(func(name string) (string, bool) {
			if k, ok := sub[name]; ok {
				var idx int
				fmt.Sscan(k, &idx)
				if ast.Mentions(u.Args[idx], f.Iter) {
					invariant = false
				}
			}
			return "", false
		})
		if !invariant {
			return nil
		}
		text, err := body(u)
		if err != nil {
			return nil
		}
		as := st.Assign()
		occ := 1
		if as.Op == "=" {
			occ = 2
		}
		// The element as the statement text prints it: its first
		// occurrence, which is the left side.
		elem := lhsText(text, as.Op)
		if elem == "" || strings.Count(text, elem) != occ {
			return nil
		}
		// The type the C compiler sees: arr.ElemType is the type cfront
		// resolved without the compiler's -D flags (a macro type may be
		// defined otherwise when the program is compiled, and an
		// accumulator of another type would round the sum differently).
		_ = arr
		typ := "__typeof__(" + elem + ")"

		acc := fmt.Sprintf("tessera_acc%d", count)
		count++
		texts[u] = strings.ReplaceAll(text, elem, acc)
		// The names only label the calls in dumps.
		load := &ast.User{Name: u.Name + " (load)", Payload: Part{Stmt: st, Acc: acc}}
		store := &ast.User{Name: u.Name + " (store)", Payload: Part{Stmt: st, Acc: acc, Store: true}}
		texts[load] = fmt.Sprintf("%s %s = %s;", typ, acc, elem)
		texts[store] = fmt.Sprintf("%s = %s;", elem, acc)
		return &ast.Block{Stmts: []ast.Node{load, f, store}}
	}
	rewrite = func(n ast.Node) ast.Node {
		switch x := n.(type) {
		case *ast.For:
			if r := try(x); r != nil {
				return r
			}
			x.Body = rewrite(x.Body)
		case *ast.Block:
			if x == nil {
				return x
			}
			for k, st := range x.Stmts {
				x.Stmts[k] = rewrite(st)
			}
		case *ast.If:
			x.Then = rewrite(x.Then)
			if x.Else != nil {
				x.Else = rewrite(x.Else)
			}
		case *ast.Mark:
			// A marked loop keeps its mark on the loop itself.
			if f, ok := x.Body.(*ast.For); ok {
				f.Body = rewrite(f.Body)
			} else {
				x.Body = rewrite(x.Body)
			}
		}
		return n
	}
	return rewrite(n), res
}

// singleUser is the only statement of a loop body, or nil.
func singleUser(n ast.Node) *ast.User {
	u, _ := ast.Only(n).(*ast.User)
	return u
}

// updatedElement returns the left side of an update statement X[f] = X[f]
// op e or X[f] op= e of an array X (rank >= 1) that the statement accesses
// only through that element.
func updatedElement(st *scop.Statement, arrays map[string]*scop.Array) (cfront.Expr, *scop.Array, bool) {
	// The update (scop's recognizer): x op= e or x = x op e, with op +
	// (or -) or *, one operation as written. The form x = e op x would be
	// as exact, but it is left to the C compiler: an accumulator changes
	// what gcc does with a sequential loop, and the pass keeps to these
	// two forms.
	up, ok := st.Update()
	if !ok || up.Op != scop.UpdateAdd && up.Op != scop.UpdateMul {
		return nil, nil, false
	}
	switch up.Form {
	case scop.FormCompound, scop.FormLeft:
	default:
		return nil, nil, false
	}
	as := st.Assign()
	if as == nil {
		return nil, nil, false
	}
	var x string
	writes := 0
	for _, a := range st.Accesses {
		if a.Kind == scop.Write {
			x, writes = a.Array, writes+1
		}
	}
	arr := arrays[x]
	if writes != 1 || arr == nil || arr.Rank == 0 {
		return nil, nil, false
	}
	lhsReads := 0
	for _, a := range st.Accesses {
		if a.Array != x || a.Kind == scop.Write {
			continue
		}
		if !a.LHS {
			return nil, nil, false
		}
		lhsReads++
	}
	if lhsReads != 1 {
		return nil, nil, false
	}
	return as.LHS, arr, true
}

// lhsText is the text of the left side of an assignment statement's text:
// everything before its operator.
func lhsText(text, op string) string {
	i := strings.Index(text, " "+op+" ")
	if i <= 0 {
		return ""
	}
	return strings.TrimSpace(text[:i])
}
