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
	// op is the reduction's operator: scop.UpdateAdd, or UpdateMax and
	// UpdateMin on integer elements (exact in any order).
	op scop.UpdateOp
	// gather holds the positions of the reads of another constant
	// stride (integer reductions only): lane l reads the element of
	// iteration iter + l, loaded on its own into the vector.
	gather map[cfront.Pos]bool
	// iter is the loop's iterator (gathered lanes substitute iter + l).
	iter string
}

// matchHred decides whether the innermost loop f (rep: analyzeLoop's
// verdict, not vectorizable) is a reduction the hred scheme handles (the
// caller checks the trip count with short and registers h): one
// statement X += e, X -= e, X = X + e, X = e + X or X = X - e
// (reductionOperand), X invariant along f, no other access to X's array
// that may touch X (A[i][j] -= A[i][k] * A[j][k] reads other elements of
// A: the model proves that no instance reads the element it writes),
// every other access of stride 0 or 1, no call, cast or iterator value in
// e, one element type throughout: double or float, or int or long long
// (hredElems). On integers the operator may also be a maximum or a
// minimum (X = X < e ? e : X and its variants, or a function-like macro
// that expands to one), and reads of another constant stride are
// gathered lane by lane when some read is contiguous: integer sums,
// maxima and minima are exact in any order, so only the speed changes
// (a strided read costs one scalar load per lane, as in the scalar loop).
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
	e, op, neg, ok := v.reductionOperand(st)
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
	if wArr == nil || hredElems[wArr.ElemType] == 0 {
		return nil
	}
	integer := isIntElem(wArr.ElemType)
	if op != scop.UpdateAdd && !integer {
		return nil
	}
	d, ok := accessStride(write, u, f.Iter)
	if !ok || strideClass(d) != 0 {
		return nil
	}
	h := &hred{id: len(v.res.kernels) + len(v.res.packed) + len(v.res.hreds), stmt: st, elem: wArr.ElemType,
		lanes: v.cfg.Target.Bytes / hredElems[wArr.ElemType], lhs: as.LHS, e: e, vec: map[cfront.Pos]bool{}, rev: map[cfront.Pos]bool{}, neg: neg,
		op: op, gather: map[cfront.Pos]bool{}, iter: f.Iter}
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
			switch {
			case reverseStride(d):
				h.rev[a.Pos] = true
				nvec++
			case integer:
				h.gather[a.Pos] = true
			default:
				return nil
			}
		}
	}
	if nvec == 0 || !h.translatable(e, st) {
		return nil
	}
	return h
}

// reductionOperand is the e of an innermost reduction X += e, X -= e,
// X = X + e, X = e + X or X = X - e (scop's Statement.Update, an exact
// form of +), or of a maximum or minimum written as a conditional
// (X = X < e ? e : X and its variants) or as a call of a function-like
// macro that expands to one (macroMinMax); its operator, and whether e
// is subtracted.
func (v *vectorizer) reductionOperand(st *scop.Statement) (e cfront.Expr, op scop.UpdateOp, neg, ok bool) {
	u, ok := st.Update()
	if !ok {
		return v.macroMinMax(st)
	}
	switch {
	case u.Op == scop.UpdateAdd && u.Operand != nil && u.Exact():
		return u.Operand, u.Op, u.Neg, true
	case (u.Op == scop.UpdateMax || u.Op == scop.UpdateMin) && u.Form == scop.FormSelect:
		return u.Operand, u.Op, false, true
	}
	return nil, scop.UpdateNone, false, false
}

// macroMinMax recognizes X = M(X, e) or X = M(e, X) where M is a
// function-like macro (Config.Macros) with one definition the compiler
// always sees, whose expansion on two plain names x and y is a maximum
// or minimum of x and y as a conditional (scop.MatchUpdate on x = M(x, y)
// or x = M(y, x)). The macro is expanded on the names only, so its body
// reads nothing else; the statement keeps its call, and e is the call's
// argument as written (the model's accesses are those of the call).
func (v *vectorizer) macroMinMax(st *scop.Statement) (cfront.Expr, scop.UpdateOp, bool, bool) {
	none := func() (cfront.Expr, scop.UpdateOp, bool, bool) { return nil, scop.UpdateNone, false, false }
	if v.cfg.Macros == nil {
		return none()
	}
	es, ok := st.Syntax.(*cfront.ExprStmt)
	if !ok {
		return none()
	}
	as, ok := es.X.(*cfront.Assign)
	if !ok || as.Op != "=" {
		return none()
	}
	call, ok := cfront.Unparen(as.RHS).(*cfront.Call)
	if !ok || len(call.Args) != 2 {
		return none()
	}
	id, ok := cfront.Unparen(call.Fun).(*cfront.Ident)
	if !ok {
		return none()
	}
	if cond, ok := v.cfg.Macros.MacroCond(id.Name); !ok || cond != "" {
		return none()
	}
	target := -1
	for k, a := range call.Args {
		if scop.SameExpr(a, as.LHS) {
			target = k
		}
	}
	if target < 0 || scop.Contains(call.Args[1-target], as.LHS) {
		return none()
	}
	x, y := &cfront.Ident{Name: "tsv_x"}, &cfront.Ident{Name: "tsv_y"}
	args := []cfront.Expr{y, y}
	args[target] = x
	exp, err := v.cfg.Macros.ExpandCall(&cfront.Call{At: call.At, Fun: &cfront.Ident{At: id.At, Name: id.Name}, Args: args})
	if err != nil {
		return none()
	}
	u, ok := scop.MatchUpdate(&cfront.Assign{Op: "=", LHS: x, RHS: exp})
	if !ok || u.Form != scop.FormSelect || (u.Op != scop.UpdateMax && u.Op != scop.UpdateMin) || !scop.SameExpr(u.Operand, y) {
		return none()
	}
	return call.Args[1-target], u.Op, false, true
}

// MacroExpander expands calls of function-like macros (a *cfront.File is
// one): ExpandCall gives the expansion, MacroCond whether the macro has one
// definition and the preprocessor condition under which it holds.
type MacroExpander interface {
	ExpandCall(c *cfront.Call) (cfront.Expr, error)
	MacroCond(name string) (string, bool)
}

// hredElems are the element types of horizontal reductions, with their
// sizes in bytes: the two floating-point types, and the integer types
// whose width is the same on every target (long is not).
var hredElems = map[string]int{"double": 8, "float": 4, "int": 4, "signed int": 4, "long long": 8, "long long int": 8}

func isIntElem(elem string) bool { return elem != "double" && elem != "float" && hredElems[elem] > 0 }

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
		case "+", "-", "*":
			return h.translatable(e.X, st) && h.translatable(e.Y, st)
		case "/":
			// Integer division has no vector instruction (and its
			// quotient's truncation is not the operators' business).
			return !isIntElem(h.elem) && h.translatable(e.X, st) && h.translatable(e.Y, st)
		}
		return false
	case *cfront.Unary:
		return e.Op == "-" && h.translatable(e.X, st)
	case *cfront.FloatLit:
		if isIntElem(h.elem) {
			return false
		}
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
	// A sum's accumulator starts at zero (its arguments are zeros); a
	// maximum's or minimum's starts with X in every lane.
	declArgs := sumArgs
	if h.op == scop.UpdateAdd {
		declArgs = make([]ast.Expr, len(u.Args))
		for k := range declArgs {
			declArgs[k] = ast.NewInt(0)
		}
	}
	return ast.NewBlock(call(hDecl, declArgs), full, call(hSum, sumArgs), rest)
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
	x := h.lhs.Format(subst)
	switch hs.op {
	case hDecl:
		if h.op != scop.UpdateAdd {
			return fmt.Sprintf("%s %s = (%s){0} + %s;", vt, acc, vt, x), nil
		}
		return fmt.Sprintf("%s %s = {0};", vt, acc), nil
	case hAcc:
		var lanes []map[string]string
		if len(h.gather) > 0 {
			lanes = h.laneSubst(u, expr)
		}
		val := h.vecExpr(h.e, vt, subst, lanes)
		if h.op == scop.UpdateAdd {
			return fmt.Sprintf("%s += %s;", acc, val), nil
		}
		// The lanes where the new value wins take it: a mask of all
		// ones there (GCC's vector comparison), blended bitwise (which
		// gcc turns into the target's max or min instruction).
		cmp := fmt.Sprintf("%s < tsv_t", acc)
		if h.op == scop.UpdateMin {
			cmp = fmt.Sprintf("tsv_t < %s", acc)
		}
		return fmt.Sprintf("{ %s tsv_t = %s; %s tsv_m = (%s)(%s); %s = (%s & ~tsv_m) | (tsv_t & tsv_m); }", vt, val, vt, vt, cmp, acc, acc), nil
	case hSum:
		if h.op != scop.UpdateAdd {
			less := "tsv_s < %s[tsv_l]"
			if h.op == scop.UpdateMin {
				less = "%s[tsv_l] < tsv_s"
			}
			return fmt.Sprintf("{ %s tsv_s = %s; for (int tsv_l = 0; tsv_l < %d; tsv_l++) if (%s) tsv_s = %s[tsv_l]; %s = tsv_s; }",
				h.elem, x, h.lanes, fmt.Sprintf(less, acc), acc, x), nil
		}
		var lanes []string
		for l := 0; l < h.lanes; l++ {
			lanes = append(lanes, fmt.Sprintf("%s[%d]", acc, l))
		}
		if h.neg {
			return fmt.Sprintf("%s -= %s;", x, strings.Join(lanes, " + ")), nil
		}
		return fmt.Sprintf("%s += %s;", x, strings.Join(lanes, " + ")), nil
	}
	return "", fmt.Errorf("vector: bad reduction operation %d", hs.op)
}

// laneSubst gives, for every lane l of the accumulation statement u, the
// statement's iterators printed at iteration iter + l (the elements that
// gathered reads load one by one).
func (h *hred) laneSubst(u *ast.User, expr func(ast.Expr) string) []map[string]string {
	out := make([]map[string]string, h.lanes)
	for l := range out {
		out[l] = map[string]string{}
		shift := map[string]ast.Expr{h.iter: ast.Add(ast.NewIdent(h.iter), ast.NewInt(int64(l)))}
		for d, it := range h.stmt.CIters {
			out[l][it] = expr(ast.Simplify(ast.Subst(ast.CopyExpr(u.Args[d]), shift)))
		}
	}
	return out
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
	if n := hredElems[elem]; n > 0 {
		return n
	}
	return 8
}

// vecExpr prints e lane-wise: contiguous reads as vector loads, gathered
// ones as a vector of the lanes' elements (lanes: the iterators of each
// lane, laneSubst).
func (h *hred) vecExpr(e cfront.Expr, vt string, subst func(string) (string, bool), lanes []map[string]string) string {
	switch e := e.(type) {
	case *cfront.Paren:
		return "(" + h.vecExpr(e.X, vt, subst, lanes) + ")"
	case *cfront.Binary:
		return h.vecExpr(e.X, vt, subst, lanes) + " " + e.Op + " " + h.vecExpr(e.Y, vt, subst, lanes)
	case *cfront.Unary:
		return e.Op + h.vecExpr(e.X, vt, subst, lanes)
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
		if h.gather[e.Pos()] {
			var elems []string
			for _, sub := range lanes {
				elems = append(elems, e.Format(func(name string) (string, bool) {
					s, ok := sub[name]
					return s, ok
				}))
			}
			return fmt.Sprintf("((%s){%s})", vt, strings.Join(elems, ", "))
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

// reason is the loop report's account of h.
func (h *hred) reason() string {
	reads := "contiguous reads as vector loads"
	switch {
	case h.mixed():
		reads = "contiguous reads as vector loads, backward ones with their lanes reversed"
	case len(h.rev) > 0:
		reads = "backward contiguous reads as vector loads"
	}
	if len(h.gather) > 0 {
		reads += ", strided ones gathered lane by lane"
	}
	switch h.op {
	case scop.UpdateMax, scop.UpdateMin:
		return fmt.Sprintf("%s takes the %s of %s and %s values: %d-lane %s vector accumulator, %s, %s of the lanes after the loop, scalar remainder (exact in any order on integers)",
			h.stmt.Name, h.op, h.lhs.Format(nil), h.elem, h.lanes, h.elem, reads, h.op)
	}
	what := "reassociates the sum"
	if isIntElem(h.elem) {
		what = "exact in any order on integers"
	}
	return fmt.Sprintf("%s reduces into %s: %d-lane vector accumulator, %s, horizontal sum after the loop, scalar remainder (%s)",
		h.stmt.Name, h.lhs.Format(nil), h.lanes, reads, what)
}

// hredElemOrder lists the element types whose vector types the header
// defines: double and float always (the kernels' types), then the
// integer types of the horizontal reductions hs, in a fixed order.
func hredElemOrder(hs []*hred) []string {
	out := []string{"double", "float"}
	for _, elem := range []string{"int", "signed int", "long long", "long long int"} {
		for _, h := range hs {
			if h.elem == elem {
				out = append(out, elem)
				break
			}
		}
	}
	return out
}
