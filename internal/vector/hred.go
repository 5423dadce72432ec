package vector

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/tessera-opt/tessera/ast"
	"github.com/tessera-opt/tessera/cfront"
	"github.com/tessera-opt/tessera/presburger"
	"github.com/tessera-opt/tessera/scop"
)

// hred is an innermost reduction loop written with a vector accumulator
// and a horizontal sum (the seed's "innermost" scheme):
//
//	for k: X (+)= e(k)      becomes
//	acc = 0; for k by lanes: acc += e(k .. k+lanes-1); X += sum of acc's lanes;
//	for the remaining k: X (+)= e(k)
//
// e is translated lane-wise with GCC's vector extensions: an access of
// stride 1 along k becomes a vector load, an access or scalar of stride 0
// stays a scalar (GCC broadcasts it), literals stay. The sum over k is
// reassociated (lanes, then the horizontal sum), which --vectorize flows
// allow (their outputs are compared with the kernel's tolerance).
type hred struct {
	id    int
	stmt  *scop.Statement
	elem  string
	lanes int
	lhs   cfront.Expr
	e     cfront.Expr
	// vec holds the positions of the reads of stride 1, rev those of
	// stride -1 (r[k - i - 1]): a reversed read loads the vector
	// that ends at the element of the first lane and, when some read goes
	// forward, reverses its lanes (tsv_rev) so that every lane holds one
	// iteration's operands.
	vec, rev map[cfront.Pos]bool
	// neg: the statement is X -= e (the horizontal sum is subtracted).
	neg bool
}

// matchHred decides whether the innermost loop f (rep: analyzeLoop's
// verdict, not vectorizable) is a reduction the hred scheme handles (the
// caller checks the trip count with short and registers h): one
// statement X += e, X -= e, X = X + e, X = e + X or X = X - e
// (reductionOperand), X invariant along f, no other access to X's array
// that may touch X (A[i][j] -= A[i][k] * A[j][k] reads other elements of
// A: the model proves that no instance reads the element it writes),
// every other access of stride 0 or 1, no call, cast or iterator value in
// e, double or float throughout.
func (v *vectorizer) matchHred(f *ast.For) *hred {
	if v.cfg.NoIntrinsics || v.cfg.NoReduce {
		return nil
	}
	if inc, ok := f.Inc.(*ast.Int); !ok || inc.V != 1 {
		return nil
	}
	if _, ok := ast.UpperBound(f); !ok {
		return nil
	}
	us, ok := users(f.Body)
	if !ok || len(us) != 1 {
		return nil
	}
	u := us[0]
	st := v.byName[u.Name]
	if st == nil {
		return nil
	}
	as := st.Assign()
	if as == nil {
		return nil
	}
	e, neg, ok := reductionOperand(st)
	if !ok {
		return nil
	}
	var write *scop.Access
	for _, a := range st.Accesses {
		if a.Kind == scop.Write {
			write = a
		}
	}
	if write == nil {
		return nil
	}
	wArr := v.array(write.Array)
	if wArr == nil || (wArr.ElemType != "double" && wArr.ElemType != "float") {
		return nil
	}
	d, ok := accessStride(write, u, f.Iter)
	if !ok || strideClass(d) != 0 {
		return nil
	}
	h := &hred{id: len(v.res.kernels) + len(v.res.packed) + len(v.res.hreds), stmt: st, elem: wArr.ElemType,
		lanes: v.cfg.Target.Lanes(wArr.ElemType), lhs: as.LHS, e: e, vec: map[cfront.Pos]bool{}, rev: map[cfront.Pos]bool{}, neg: neg}
	if h.lanes < 2 {
		return nil
	}
	nvec := 0
	for _, a := range st.Accesses {
		if a.Kind == scop.Write {
			continue
		}
		if a.Array == write.Array {
			if a.LHS {
				continue
			}
			// Another element of X's array: it must never be the one
			// written (the write is invariant along f, so an instance
			// that reads it would read a value the scheme has not
			// stored yet).
			if !disjointAccesses(a, write) {
				return nil
			}
		}
		arr := v.array(a.Array)
		if arr == nil || arr.ElemType != h.elem {
			return nil
		}
		d, ok := accessStride(a, u, f.Iter)
		if !ok {
			return nil
		}
		switch strideClass(d) {
		case 0:
		case 1:
			h.vec[a.Pos] = true
			nvec++
		default:
			if !reverseStride(d) {
				return nil
			}
			h.rev[a.Pos] = true
			nvec++
		}
	}
	if nvec == 0 || !h.translatable(e, st) {
		return nil
	}
	return h
}

// reductionOperand is the e of an innermost reduction X += e, X -= e,
// X = X + e, X = e + X or X = X - e (scop's Statement.Update, an exact
// form of +), and whether e is subtracted.
func reductionOperand(st *scop.Statement) (e cfront.Expr, neg, ok bool) {
	u, ok := st.Update()
	if !ok || u.Op != scop.UpdateAdd || u.Operand == nil || !u.Exact() {
		return nil, false, false
	}
	return u.Operand, u.Neg, true
}

// reverseStride reports whether an access moves one element backwards
// along the innermost loop (only its last subscript changes, by -1).
func reverseStride(delta []int64) bool {
	last, ok := lastStep(delta)
	return ok && last == -1
}

// mixed reports whether h reads both forwards and backwards: its reversed
// loads then reverse their lanes.
func (h *hred) mixed() bool { return len(h.vec) > 0 && len(h.rev) > 0 }

// short reports whether the trip count of f is a constant below
// hredMinTrips full vectors of h.
func (h *hred) short(f *ast.For) bool {
	hi, _ := ast.UpperBound(f)
	c, ok := tripCount(f.Init, hi).(*ast.Int)
	return ok && c.V < hredMinTrips*int64(h.lanes)
}

// register adds h to the result (matchHred only looks).
func (v *vectorizer) register(h *hred) {
	v.res.hreds = append(v.res.hreds, h)
	v.cover(h.stmt.Name, scoreHred)
}

// translatable reports whether e has only the forms vecExpr knows.
func (h *hred) translatable(e cfront.Expr, st *scop.Statement) bool {
	switch e := e.(type) {
	case *cfront.Paren:
		return h.translatable(e.X, st)
	case *cfront.Binary:
		switch e.Op {
		case "+", "-", "*", "/":
			return h.translatable(e.X, st) && h.translatable(e.Y, st)
		}
		return false
	case *cfront.Unary:
		return e.Op == "-" && h.translatable(e.X, st)
	case *cfront.FloatLit:
		return h.elem == "double" || strings.HasSuffix(strings.ToLower(e.Text), "f")
	case *cfront.IntLit:
		return !e.Big && e.Value <= 1<<24 && e.Value >= -(1<<24)
	case *cfront.Ident:
		for _, it := range st.CIters {
			if e.Name == it {
				return false
			}
		}
		arr := h.arrayType(e.Name, st)
		return arr == h.elem
	case *cfront.Index:
		for _, a := range st.Accesses {
			if a.Pos == e.Pos() && a.Kind == scop.Read {
				return true
			}
		}
	}
	return false
}

func (h *hred) arrayType(name string, st *scop.Statement) string {
	for _, a := range st.Accesses {
		if a.Array == name && a.Kind == scop.Read {
			return h.elem // checked in matchHred
		}
	}
	return ""
}

// hredMinTrips is the smallest number of full vectors for which a loop
// gets the horizontal reduction: below it the horizontal sum and the
// remainder cost more than the scalar chain saves (measurements in
// docs/RESULTS.md). A loop whose trip count is a constant
// below hredMinTrips*lanes keeps its scalar code; a symbolic one tests its
// trip count at run time and runs the original loop when it is short.
const hredMinTrips = 4

// tripCount is hi - lo + 1, simplified (a constant when both are).
func tripCount(lo, hi ast.Expr) ast.Expr {
	return ast.Simplify(ast.Add(ast.Sub(ast.CopyExpr(hi), ast.CopyExpr(lo)), ast.NewInt(1)))
}

// buildHred writes the scheme for loop f, under a run-time test of its trip
// count when that is not a constant:
//
//	if (hi - lo + 1 >= hredMinTrips * lanes) { scheme } else { f as it was }
func (v *vectorizer) buildHred(f *ast.For, h *hred) ast.Node {
	hi, _ := ast.UpperBound(f)
	trips := tripCount(f.Init, hi)
	if _, ok := trips.(*ast.Int); ok {
		return v.buildHredScheme(f, h)
	}
	scalar := ast.Copy(f)
	return &ast.If{Cond: ast.Ge(trips, ast.NewInt(hredMinTrips*int64(h.lanes))), Then: v.buildHredScheme(f, h), Else: scalar}
}

// buildHredScheme writes the scheme for loop f.
func (v *vectorizer) buildHredScheme(f *ast.For, h *hred) ast.Node {
	u := ast.Only(f.Body).(*ast.User)
	hi, _ := ast.UpperBound(f)
	L := int64(h.lanes)
	call := func(op hredOp, args []ast.Expr) *ast.User {
		var cp []ast.Expr
		for _, a := range args {
			cp = append(cp, ast.CopyExpr(a))
		}
		return &ast.User{Name: fmt.Sprintf("vecr:%d:%s", h.id, hredOpNames[op]), Args: cp, Payload: hredStmt{h, op}}
	}
	zero := make([]ast.Expr, len(u.Args))
	for k := range zero {
		zero[k] = ast.NewInt(0)
	}
	full := &ast.For{Iter: f.Iter, Init: ast.CopyExpr(f.Init), Cond: ast.Le(ast.NewIdent(f.Iter), ast.Sub(ast.CopyExpr(hi), ast.NewInt(L-1))),
		Inc: ast.NewInt(L), Body: call(hAcc, u.Args)}
	// The horizontal sum needs the statement's arguments without the loop
	// iterator (the write does not depend on it): substitute the lower
	// bound.
	var sumArgs []ast.Expr
	for _, a := range u.Args {
		sumArgs = append(sumArgs, ast.Simplify(ast.Subst(ast.CopyExpr(a), map[string]ast.Expr{f.Iter: ast.CopyExpr(f.Init)})))
	}
	rest := &ast.For{Iter: f.Iter, Init: after(f.Init, hi, L), Cond: ast.CopyExpr(f.Cond), Inc: ast.NewInt(1), Body: f.Body}
	return ast.NewBlock(call(hDecl, zero), full, call(hSum, sumArgs), rest)
}

// printHred prints one statement of a reduction scheme.
func (r *Result) printHred(u *ast.User, hs hredStmt, expr func(ast.Expr) string) (string, error) {
	h := hs.h
	if len(u.Args) != len(h.stmt.CIters) {
		return "", fmt.Errorf("vector: %s has %d arguments", u.Name, len(u.Args))
	}
	sub := map[string]string{}
	for d, it := range h.stmt.CIters {
		sub[it] = expr(u.Args[d])
	}
	subst := func(name string) (string, bool) {
		s, ok := sub[name]
		return s, ok
	}
	vt := gnuType(h.target(), h.elem)
	acc := fmt.Sprintf("tsv%d_r", h.id)
	switch hs.op {
	case hDecl:
		return fmt.Sprintf("%s %s = {0};", vt, acc), nil
	case hAcc:
		return fmt.Sprintf("%s += %s;", acc, h.vecExpr(h.e, vt, subst)), nil
	case hSum:
		var lanes []string
		for l := 0; l < h.lanes; l++ {
			lanes = append(lanes, fmt.Sprintf("%s[%d]", acc, l))
		}
		if h.neg {
			return fmt.Sprintf("%s -= %s;", h.lhs.Format(subst), strings.Join(lanes, " + ")), nil
		}
		return fmt.Sprintf("%s += %s;", h.lhs.Format(subst), strings.Join(lanes, " + ")), nil
	}
	return "", fmt.Errorf("vector: bad reduction operation %d", hs.op)
}

// target is the vector width of h's accumulator as a Target.
func (h *hred) target() Target { return Target{Bytes: h.lanes * elemSize(h.elem)} }

// revMacro names the macro that reverses the lanes of a vector of elem
// for target t (revDefinition defines it).
func revMacro(t Target, elem string) string { return gnuName("tsv_rev_", t, elem) }

// revDefinition defines revMacro(t, elem): GCC's __builtin_shuffle
// with a constant mask, clang's __builtin_shufflevector.
func revDefinition(t Target, elem string) []string {
	lanes := t.Lanes(elem)
	mt := gnuName("tsv_m", t, elem)
	mask := "long long"
	if elem == "float" {
		mask = "int"
	}
	var idx []string
	for l := lanes - 1; l >= 0; l-- {
		idx = append(idx, strconv.Itoa(l))
	}
	m := revMacro(t, elem)
	return []string{
		"#ifndef " + m,
		fmt.Sprintf("typedef %s %s __attribute__((vector_size(%d)));", mask, mt, t.Bytes),
		"#if defined(__clang__)",
		fmt.Sprintf("#define %s(v) __builtin_shufflevector((v), (v), %s)", m, strings.Join(idx, ", ")),
		"#else",
		fmt.Sprintf("#define %s(v) __builtin_shuffle((v), (%s){%s})", m, mt, strings.Join(idx, ", ")),
		"#endif",
		"#endif",
	}
}

func elemSize(elem string) int {
	if elem == "float" {
		return 4
	}
	return 8
}

// vecExpr prints e lane-wise: contiguous reads as vector loads.
func (h *hred) vecExpr(e cfront.Expr, vt string, subst func(string) (string, bool)) string {
	switch e := e.(type) {
	case *cfront.Paren:
		return "(" + h.vecExpr(e.X, vt, subst) + ")"
	case *cfront.Binary:
		return h.vecExpr(e.X, vt, subst) + " " + e.Op + " " + h.vecExpr(e.Y, vt, subst)
	case *cfront.Unary:
		return e.Op + h.vecExpr(e.X, vt, subst)
	case *cfront.Index:
		if h.vec[e.Pos()] {
			return fmt.Sprintf("(*(const %s *)&%s)", vt, e.Format(subst))
		}
		if h.rev[e.Pos()] {
			// Lanes 0..L-1 are iterations k..k+L-1, whose elements
			// run from &X[k] backwards.
			load := fmt.Sprintf("(*(const %s *)(&%s - %d))", vt, e.Format(subst), h.lanes-1)
			if h.mixed() {
				return fmt.Sprintf("%s(%s)", revMacro(h.target(), h.elem), load)
			}
			return load
		}
	}
	return e.Format(subst)
}

// disjointAccesses reports whether no instance of the statement touches the
// same element through a and b (both maps from the statement's instances,
// restricted to its domain, to elements). An engine error (budget,
// overflow) counts as "may touch"; any other panic is a bug and goes on.
func disjointAccesses(a, b *scop.Access) (ok bool) {
	var err error
	defer func() {
		if err != nil {
			ok = false
		}
	}()
	defer presburger.Recover(&err)
	return a.Rel.Intersect(b.Rel).IsEmpty()
}
