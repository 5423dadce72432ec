package pipeline

import (
	"fmt"
	"strings"

	"github.com/tessera-opt/tessera/ast"
	"github.com/tessera-opt/tessera/cfront"
	"github.com/tessera-opt/tessera/scop"
)

// scalarize keeps the element that an innermost loop updates in a local
// variable: a loop whose body is one statement X[f] = X[f] op e (or
// X[f] op= e), with f invariant in the loop and X accessed by the
// statement only through that element, becomes
//
//	T acc = X[f];
//	for (...) acc = acc op e;
//	X[f] = acc;
//
// The operations and their order are unchanged, so the result is the
// same bit for bit. gcc does this itself (store motion) when it can prove
// that X does not overlap the arrays e reads; in the function that OpenMP
// outlines for a parallel loop the arrays are pointers loaded from a
// shared block and it cannot, the store stays in the loop and the loop is
// not vectorized (syrk's innermost k loop: 2.5 times the instructions of
// the sequential flow; depthwise convolution). The model already assumes
// that distinct arrays do not overlap.
//
// It returns the new tree and the texts of the statements it rewrote or
// added (keyed by their User node), which the emitter's Body callback
// prints instead of the original statement text. body is that callback
// for the original statements.
func scalarize(n ast.Node, s *scop.Scop, body func(u *ast.User) (string, error)) (ast.Node, map[*ast.User]string) {
	byName := map[string]*scop.Statement{}
	for _, st := range s.Statements {
		byName[st.Name] = st
	}
	arrays := map[string]*scop.Array{}
	for _, a := range s.Arrays {
		arrays[a.Name] = a
	}
	texts := map[*ast.User]string{}
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
		// resolved without the compiler's -D flags (PolyBench's DATA_TYPE
		// is float under -DDATA_TYPE_IS_FLOAT; a double accumulator
		// rounded the sum differently, progfuzz seed 3000314).
		_ = arr
		typ := "__typeof__(" + elem + ")"

		acc := fmt.Sprintf("tessera_acc%d", count)
		count++
		texts[u] = strings.ReplaceAll(text, elem, acc)
		load := &ast.User{Name: u.Name + " (load)"}
		store := &ast.User{Name: u.Name + " (store)"}
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
	return rewrite(n), texts
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
	as := st.Assign()
	if as == nil {
		return nil, nil, false
	}
	switch as.Op {
	case "+=", "-=", "*=":
	case "=":
		b, ok := as.RHS.(*cfront.Binary)
		if !ok || (b.Op != "+" && b.Op != "-" && b.Op != "*") || b.X.Format(nil) != as.LHS.Format(nil) {
			return nil, nil, false
		}
	default:
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
