package vector

import (
	"fmt"
	"math/bits"
	"slices"
	"strings"

	"github.com/tessera-opt/tessera/ast"
	"github.com/tessera-opt/tessera/cfront"
	"github.com/tessera-opt/tessera/scop"
)

// kernel is one matmul-like nest chosen for the register-tiled FMA scheme:
//
//	for i: for k: for j: X[..i..][j] (+)= b1 * b2 * ... * Y[..k..][j] * ...
//
// where the factors b are invariant along j (broadcast) and Y is
// contiguous along j (vector load). The seed's "second innermost" scheme:
// vectorize j, keep k innermost in the register tile so that the R x V
// accumulators stay in registers for the whole k range.
type kernel struct {
	id    int
	stmt  *scop.Statement
	elem  string // "double" or "float"
	lanes int
	rows  int // R: rows of the register tile (unroll-and-jam of i)
	vecs  int // V: vectors per row
	lhs   cfront.Expr
	vec   cfront.Expr   // the contiguous factor
	bcast []cfront.Expr // the factors invariant along j, in source order
	// rowF are the bcast factors that vary with i (broadcast once per row
	// and k); colF the others (invariant along i and j: scalars, literals,
	// x[k]), folded into the vector operand once per k, unless C groups
	// them with the row factors (exactSides). Otherwise this changes the
	// association of the product (A*(alpha*B) instead of (alpha*A)*B), one
	// rounding per product, like FMA contraction; the order of the
	// accumulation over k is the original one.
	rowF, colF []cfront.Expr
	fmaAdd     bool // false: no row factor, acc += vec
}

// exactSides moves the invariant factors (colF) that C multiplies with
// the row factors into rowF, when the product is X * Y with the row
// factors on one side and the vector operand with at most one invariant
// factor on the other (exactConstSides): the kernel then computes the
// product as C evaluates it: (alpha * A[i][k]) * B[k][j] for
// alpha * A[i][k] * B[k][j].
func (kn *kernel) exactSides(prod cfront.Expr) {
	if len(kn.rowF) == 0 || len(kn.colF) == 0 {
		return
	}
	fs := factors(prod)
	sides := exactConstSides(prod, len(fs), func(k int) (row, col bool) {
		return slices.Contains(kn.rowF, fs[k]), fs[k] == kn.vec
	})
	if sides == nil {
		return
	}
	var rowF, colF []cfront.Expr
	for k, f := range fs {
		switch {
		case slices.Contains(kn.rowF, f) || slices.Contains(kn.colF, f) && sides[k]:
			rowF = append(rowF, f)
		case slices.Contains(kn.colF, f):
			colF = append(colF, f)
		}
	}
	if len(colF) > 1 {
		return
	}
	kn.rowF, kn.colF = rowF, colF
}

// factors flattens a product into its factors (parentheses dropped).
func factors(e cfront.Expr) []cfront.Expr {
	e = cfront.Unparen(e)
	if b, ok := e.(*cfront.Binary); ok && b.Op == "*" {
		return append(factors(b.X), factors(b.Y)...)
	}
	return []cfront.Expr{e}
}

// matchKernel recognizes the matmul nest rooted at f1 and decides, with
// the seed's instruction-count model, whether vectorizing its innermost
// loop is the cheapest scheme. It returns nil when f1 is not such a nest
// (then the report is meaningless) or when another scheme wins.
func (v *vectorizer) matchKernel(f1 *ast.For) (*kernel, LoopReport) {
	var rep LoopReport
	f2, ok := ast.Only(f1.Body).(*ast.For)
	if !ok {
		return nil, rep
	}
	f3, ok := ast.Only(f2.Body).(*ast.For)
	if !ok {
		return nil, rep
	}
	u, ok := ast.Only(f3.Body).(*ast.User)
	if !ok || !ast.UnitStep(f1) || !ast.UnitStep(f2) || !ast.UnitStep(f3) || !f3.Parallel {
		return nil, rep
	}
	i, k, j := f1.Iter, f2.Iter, f3.Iter
	ub3, ok3 := ast.UpperBound(f3)
	ub2, ok2 := ast.UpperBound(f2)
	if _, ok1 := ast.UpperBound(f1); !ok1 || !ok2 || !ok3 {
		return nil, rep
	}
	// Rectangular point loops: interchanging j and k and unrolling i
	// must not change the bounds.
	for _, e := range []ast.Expr{f3.Init, ub3} {
		if !independent(e, i) || !independent(e, k) {
			return nil, rep
		}
	}
	for _, e := range []ast.Expr{f2.Init, ub2} {
		if !independent(e, i) {
			return nil, rep
		}
	}
	st := v.byName[u.Name]
	at, ok := v.addTargetOf(st)
	// The update X += prod, X = X + prod or X = prod + X (an exact form
	// of + that adds its one operand).
	if !ok || at.upd.Operand == nil || !at.upd.Exact() {
		return nil, rep
	}
	prod, write, wArr := at.upd.Operand, at.write, at.arr
	// The write: contiguous along j, invariant along k, a different row
	// for each i (so that distinct (i, j) are distinct elements and the
	// only dependences of the nest are along k, whose order we keep).
	dj, okj := accessStride(write, u, j)
	dk, okk := accessStride(write, u, k)
	di, oki := accessStride(write, u, i)
	if !okj || !okk || !oki || strideClass(dj) != 1 || strideClass(dk) != 0 || di[len(di)-1] != 0 || strideClass(di) == 0 {
		return nil, rep
	}
	kn := &kernel{id: len(v.res.kernels), stmt: st, elem: wArr.ElemType, lanes: v.cfg.Target.Lanes(wArr.ElemType),
		rows: v.cfg.UnrollJam, vecs: 2, lhs: at.lhs}
	// R x V accumulators, V loads and one broadcast must fit the
	// registers; otherwise one vector per row.
	if kn.rows*kn.vecs+kn.vecs+1 > v.cfg.Target.Regs {
		kn.vecs = 1
	}
	// Classify the factors along j; the cost of the three schemes (vector
	// along i, j or k) is summed over the accesses.
	cost := map[string]int{i: 1, j: 1, k: 1} // the FMA
	addCost := func(a *scop.Access, u *ast.User, write bool) bool {
		for _, it := range []string{i, j, k} {
			d, ok := accessStride(a, u, it)
			if !ok {
				return false
			}
			c := costOf(strideClass(d), kn.lanes, write)
			cost[it] += c
		}
		return true
	}
	if !addCost(write, u, true) {
		return nil, rep
	}
	for _, f := range factors(prod) {
		switch f := f.(type) {
		case *cfront.FloatLit, *cfront.IntLit:
			// A double literal makes a float statement compute in
			// double; the vector code would compute in float.
			if fl, ok := f.(*cfront.FloatLit); ok && kn.elem == "float" && !strings.HasSuffix(strings.ToLower(fl.Text), "f") {
				return nil, rep
			}
			if il, ok := f.(*cfront.IntLit); ok && (il.Big || il.Value > 1<<24 || il.Value < -(1<<24)) {
				return nil, rep
			}
			kn.bcast = append(kn.bcast, f)
			kn.colF = append(kn.colF, f)
			continue
		case *cfront.Ident:
			// An iterator of the statement varies along the nest: only
			// scalars and constants are invariant factors.
			for _, it := range st.CIters {
				if f.Name == it {
					return nil, rep
				}
			}
			// A scalar of another floating type would change the
			// precision of the product (int scalars convert exactly
			// enough: as in C, to the element type).
			if arr := v.array(f.Name); arr != nil && arr.ElemType != kn.elem && arr.ElemType != "int" {
				return nil, rep
			}
			if f.Name == write.Array {
				return nil, rep
			}
			kn.bcast = append(kn.bcast, f)
			kn.colF = append(kn.colF, f)
			continue
		case *cfront.Index:
			var acc *scop.Access
			for _, a := range st.Accesses {
				if a.Kind == scop.Read && a.Pos == f.Pos() {
					acc = a
				}
			}
			if acc == nil || acc.Array == write.Array {
				return nil, rep
			}
			if arr := v.array(acc.Array); arr == nil || arr.ElemType != kn.elem {
				return nil, rep
			}
			d, ok := accessStride(acc, u, j)
			if !ok || !addCost(acc, u, false) {
				return nil, rep
			}
			switch strideClass(d) {
			case 0:
				kn.bcast = append(kn.bcast, f)
				if di, ok := accessStride(acc, u, i); ok && strideClass(di) == 0 {
					kn.colF = append(kn.colF, f)
				} else {
					kn.rowF = append(kn.rowF, f)
				}
			case 1:
				// The vector operand is loaded once per k for all R
				// rows: it must not vary with i (A[i][j + k] does).
				if di, ok := accessStride(acc, u, i); kn.vec != nil || !ok || strideClass(di) != 0 {
					return nil, rep
				}
				kn.vec = f
			default:
				return nil, rep
			}
		default:
			return nil, rep
		}
	}
	if kn.vec == nil {
		return nil, rep
	}
	kn.exactSides(prod)
	kn.fmaAdd = len(kn.rowF) > 0
	rep = LoopReport{Iter: j, Vectorizable: true, ElemType: kn.elem,
		Scheme: fmt.Sprintf("fma-tile %dx%d", kn.rows, kn.vecs)}
	rep.Reason = fmt.Sprintf("matmul nest %s,%s,%s of %s: scheme costs (instructions per vector) along %s=%d, %s=%d, %s=%d",
		i, k, j, st.Name, i, cost[i], k, cost[k], j, cost[j])
	if cost[j] > cost[i] || cost[j] > cost[k] {
		// Another scheme is cheaper; we only generate the j scheme.
		return nil, rep
	}
	rep.Reason += fmt.Sprintf("; chose %s: broadcast + FMA (%s), register tile %d rows x %d vectors of %d %s (unroll-and-jam of %s), scalar remainders",
		j, targetWords(v.cfg.Target), kn.rows, kn.vecs, kn.lanes, kn.elem, i)
	v.res.kernels = append(v.res.kernels, kn)
	return kn, rep
}

// costOf is the seed's instruction count for one access per vector of
// lanes instances: a broadcast or a load for stride 0 or 1 (a load and a
// store for a write), one insert per lane otherwise; a write invariant
// along the vector loop is a reduction: log2(lanes) shuffle+add steps.
func costOf(class int64, lanes int, write bool) int {
	switch {
	case class == 0 && write:
		return 2 * bits.Len(uint(lanes-1))
	case class == 0 || class == 1:
		if write {
			return 2
		}
		return 1
	}
	if write {
		return 2 * lanes
	}
	return lanes
}

// buildKernel replaces the nest f1 by
//
//	for (i = lo1; i <= hi1 - (R-1); i += R) {
//	  for (j = lo3; j <= hi3 - (W-1); j += W) {   // W = V * lanes
//	    acc[r][v] = load X(i+r, j+v*lanes)        // R*V accumulators
//	    for (k = lo2; k <= hi2; k += 1) {
//	      b[v] = load Y(k, j+v*lanes); a = broadcast(bcast(i+r, k))
//	      acc[r][v] = fma(a, b[v], acc[r][v])
//	    }
//	    store acc
//	  }
//	  for (k ...) for (j = jrem; j <= hi3; j++) S(i+r, j, k), r < R
//	}
//	for (i = irem; i <= hi1; i++) the original k, j loops
//
// Every (i, j) keeps its k order, which is the only order that matters
// (matchKernel); jrem and irem start after the last full vector/row group.
func (v *vectorizer) buildKernel(f1 *ast.For, kn *kernel) ast.Node {
	f2 := ast.Only(f1.Body).(*ast.For)
	f3 := ast.Only(f2.Body).(*ast.For)
	u := ast.Only(f3.Body).(*ast.User)
	i, k, j := f1.Iter, f2.Iter, f3.Iter
	hi1, _ := ast.UpperBound(f1)
	hi3, _ := ast.UpperBound(f3)
	R, V, L := int64(kn.rows), int64(kn.vecs), int64(kn.lanes)
	W := V * L
	call := func(op kernelOp, r, vv int64) *ast.User {
		m := map[string]ast.Expr{
			i: ast.Add(ast.NewIdent(i), ast.NewInt(r)),
			j: ast.Add(ast.NewIdent(j), ast.NewInt(vv*L)),
		}
		if op == kAcc || op == kSt {
			// X does not depend on k; any bound value will do.
			m[k] = ast.CopyExpr(f2.Init)
		}
		args := []ast.Expr{ast.NewInt(r), ast.NewInt(vv)}
		for _, a := range u.Args {
			args = append(args, ast.Simplify(ast.Subst(ast.CopyExpr(a), m)))
		}
		return &ast.User{Name: fmt.Sprintf("vec:%d:%s", kn.id, kernelOpNames[op]), Args: args, Payload: kernelStmt{kn, op}}
	}
	var init, stores, inner []ast.Node
	for r := int64(0); r < R; r++ {
		for vv := int64(0); vv < V; vv++ {
			init = append(init, call(kAcc, r, vv))
			stores = append(stores, call(kSt, r, vv))
		}
	}
	for vv := int64(0); vv < V; vv++ {
		inner = append(inner, call(kLdb, 0, vv))
	}
	for r := int64(0); r < R; r++ {
		if kn.fmaAdd {
			inner = append(inner, call(kBc, r, 0))
		}
		for vv := int64(0); vv < V; vv++ {
			inner = append(inner, call(kFma, r, vv))
		}
	}
	kloop := &ast.For{Iter: k, Init: ast.CopyExpr(f2.Init), Cond: ast.CopyExpr(f2.Cond), Inc: ast.NewInt(1),
		Body: &ast.Block{Stmts: inner}}
	jfull := &ast.For{Iter: j, Init: ast.CopyExpr(f3.Init), Cond: ast.Le(ast.NewIdent(j), ast.Sub(ast.CopyExpr(hi3), ast.NewInt(W-1))),
		Inc: ast.NewInt(W), Body: &ast.Block{Stmts: append(append(init, kloop), stores...)}}
	// The j remainder for the R rows, in (k, j) order.
	var rem []ast.Node
	for r := int64(0); r < R; r++ {
		c := &ast.User{Name: u.Name}
		for _, a := range u.Args {
			c.Args = append(c.Args, ast.Simplify(ast.Subst(ast.CopyExpr(a), map[string]ast.Expr{i: ast.Add(ast.NewIdent(i), ast.NewInt(r))})))
		}
		rem = append(rem, c)
	}
	jrem := after(f3.Init, hi3, W)
	jloop := &ast.For{Iter: j, Init: jrem, Cond: ast.Le(ast.NewIdent(j), ast.CopyExpr(hi3)), Inc: ast.NewInt(1),
		Body: ast.NewBlock(rem...), Parallel: f3.Parallel}
	kremLoop := &ast.For{Iter: k, Init: ast.CopyExpr(f2.Init), Cond: ast.CopyExpr(f2.Cond), Inc: ast.NewInt(1), Body: jloop}
	ifull := &ast.For{Iter: i, Init: ast.CopyExpr(f1.Init), Cond: ast.Le(ast.NewIdent(i), ast.Sub(ast.CopyExpr(hi1), ast.NewInt(R-1))),
		Inc: ast.NewInt(R), Body: &ast.Block{Stmts: []ast.Node{jfull, kremLoop}}, Parallel: f1.Parallel}
	// The remaining rows run the original loops.
	irest := &ast.For{Iter: i, Init: after(f1.Init, hi1, R), Cond: ast.CopyExpr(f1.Cond), Inc: ast.NewInt(1),
		Body: f1.Body, Parallel: f1.Parallel}
	return &ast.Block{Stmts: []ast.Node{ifull, irest}}
}

// after is lo + w * max(0, floord(hi - lo + 1, w)): the first value after
// the full groups of w iterations of lo..hi (lo itself when there is none).
func after(lo, hi ast.Expr, w int64) ast.Expr {
	n := ast.Add(ast.Sub(ast.CopyExpr(hi), ast.CopyExpr(lo)), ast.NewInt(1))
	groups := ast.Max(ast.NewInt(0), ast.FloorDiv(n, ast.NewInt(w)))
	return ast.Add(ast.CopyExpr(lo), ast.Mul(ast.NewInt(w), groups))
}

// printVector prints one vector statement of a kernel.
func (r *Result) printVector(u *ast.User, ks kernelStmt, expr func(ast.Expr) string) (string, error) {
	kn := ks.kn
	if len(u.Args) != 2+len(kn.stmt.CIters) {
		return "", fmt.Errorf("vector: %s has %d arguments", u.Name, len(u.Args))
	}
	ri, ok1 := u.Args[0].(*ast.Int)
	vi, ok2 := u.Args[1].(*ast.Int)
	if !ok1 || !ok2 {
		return "", fmt.Errorf("vector: %s: register indices are not constants", u.Name)
	}
	sub := map[string]string{}
	for d, it := range kn.stmt.CIters {
		sub[it] = expr(u.Args[2+d])
	}
	subst := func(name string) (string, bool) {
		s, ok := sub[name]
		return s, ok
	}
	acc := fmt.Sprintf("tsv_c%d_%d", ri.V, vi.V)
	if !r.target.Intrinsics {
		return r.printGNU(kn, ks.op, acc, ri.V, vi.V, subst)
	}
	vt, sfx, ss := "__m256d", "pd", "sd"
	if kn.elem == "float" {
		vt, sfx, ss = "__m256", "ps", "ss"
	}
	switch ks.op {
	case kAcc:
		return fmt.Sprintf("%s %s = _mm256_loadu_%s(&%s);", vt, acc, sfx, kn.lhs.Format(subst)), nil
	case kSt:
		return fmt.Sprintf("_mm256_storeu_%s(&%s, %s);", sfx, kn.lhs.Format(subst), acc), nil
	case kLdb:
		load := fmt.Sprintf("_mm256_loadu_%s(&%s)", sfx, kn.vec.Format(subst))
		if len(kn.colF) > 0 {
			load = fmt.Sprintf("_mm256_mul_%s(_mm256_set1_%s(%s), %s)", sfx, sfx, product(kn.colF, subst), load)
		}
		return fmt.Sprintf("%s tsv_b%d = %s;", vt, vi.V, load), nil
	case kBc:
		if len(kn.rowF) == 1 {
			if _, isIdx := kn.rowF[0].(*cfront.Index); isIdx {
				return fmt.Sprintf("%s tsv_a%d = _mm256_broadcast_%s(&%s);", vt, ri.V, ss, kn.rowF[0].Format(subst)), nil
			}
		}
		return fmt.Sprintf("%s tsv_a%d = _mm256_set1_%s(%s);", vt, ri.V, sfx, product(kn.rowF, subst)), nil
	case kFma:
		if !kn.fmaAdd {
			return fmt.Sprintf("%s = _mm256_add_%s(tsv_b%d, %s);", acc, sfx, vi.V, acc), nil
		}
		return fmt.Sprintf("%s = _mm256_fmadd_%s(tsv_a%d, tsv_b%d, %s);", acc, sfx, ri.V, vi.V, acc), nil
	}
	return "", fmt.Errorf("vector: bad vector statement %s", u.Name)
}

func product(fs []cfront.Expr, subst func(string) (string, bool)) string {
	var parts []string
	for _, f := range fs {
		parts = append(parts, f.Format(subst))
	}
	return strings.Join(parts, " * ")
}

// gnuType is the GCC vector-extension type of the target for elem; its
// typedef (gnuTypedef) allows unaligned, aliasing accesses.
func gnuType(t Target, elem string) string { return gnuName("tsv_v", t, elem) }

// gnuName is prefix followed by elem's initial and the target's vector
// width in bytes: the names of the vector type, its mask type and its
// lane-reversal macro for one element type and width.
func gnuName(prefix string, t Target, elem string) string {
	return fmt.Sprintf("%s%c%d", prefix, elem[0], t.Bytes)
}

func gnuTypedef(t Target, elem string) string {
	return fmt.Sprintf("typedef %s %s __attribute__((vector_size(%d), aligned(sizeof(%s)), may_alias));",
		elem, gnuType(t, elem), t.Bytes, elem)
}

// printGNU prints a vector statement with GCC's vector extensions (every
// target but avx2): loads and stores through the vector type, scalar
// broadcast by the scalar-vector operators, acc += a * b (contracted to
// an FMA by gcc where the target has one).
func (r *Result) printGNU(kn *kernel, op kernelOp, acc string, ri, vi int64, subst func(string) (string, bool)) (string, error) {
	vt := gnuType(r.target, kn.elem)
	switch op {
	case kAcc:
		return fmt.Sprintf("%s %s = *(const %s *)&%s;", vt, acc, vt, kn.lhs.Format(subst)), nil
	case kSt:
		return fmt.Sprintf("*(%s *)&%s = %s;", vt, kn.lhs.Format(subst), acc), nil
	case kLdb:
		load := fmt.Sprintf("*(const %s *)&%s", vt, kn.vec.Format(subst))
		if len(kn.colF) > 0 {
			load = fmt.Sprintf("(%s)(%s) * %s", kn.elem, product(kn.colF, subst), load)
		}
		return fmt.Sprintf("%s tsv_b%d = %s;", vt, vi, load), nil
	case kBc:
		return fmt.Sprintf("const %s tsv_a%d = %s;", kn.elem, ri, product(kn.rowF, subst)), nil
	case kFma:
		if !kn.fmaAdd {
			return fmt.Sprintf("%s += tsv_b%d;", acc, vi), nil
		}
		return fmt.Sprintf("%s += tsv_a%d * tsv_b%d;", acc, ri, vi), nil
	}
	return "", fmt.Errorf("vector: bad kernel operation %d", op)
}

// exactConstSides decides where the factors that vary with nothing
// (scalars, literals, x[k] for the fma-tile kernel) of the product t go,
// so that the kernel computes t's own multiplications: when t is X * Y
// with each of X and Y a left-to-right chain of factors and all the
// varying factors of X on one side (row or column) and those of Y on the
// other, the invariant factors of X go to X's side and those of Y to Y's
// (alpha * A[i][k] * B[k][j] broadcasts alpha * A[i][k], as C
// evaluates it, not alpha * B[k][j]). It returns, per factor (n of them,
// in factors' order), whether an invariant one goes to the row side, or
// nil (no such split). side tells the varying factors' side.
func exactConstSides(t cfront.Expr, n int, side func(k int) (row, col bool)) []bool {
	b, ok := cfront.Unparen(t).(*cfront.Binary)
	if !ok || b.Op != "*" || !leftChain(b.X) || !leftChain(b.Y) {
		return nil
	}
	nx := len(factors(b.X))
	if nx+len(factors(b.Y)) != n {
		return nil
	}
	half := func(lo, hi int) (row, col bool) {
		for k := lo; k < hi; k++ {
			r, c := side(k)
			row, col = row || r, col || c
		}
		return row, col
	}
	xr, xc := half(0, nx)
	yr, yc := half(nx, n)
	var xRow bool
	switch {
	case xr && !xc && yc && !yr:
		xRow = true
	case xc && !xr && yr && !yc:
		xRow = false
	default:
		return nil
	}
	out := make([]bool, n)
	for k := range out {
		out[k] = (k < nx) == xRow
	}
	return out
}

// leftChain reports whether e is a factor or a product (f1 * f2) * f3 ...
// evaluated left to right, as product prints it.
func leftChain(e cfront.Expr) bool {
	b, ok := cfront.Unparen(e).(*cfront.Binary)
	if !ok || b.Op != "*" {
		return true
	}
	if y, ok := cfront.Unparen(b.Y).(*cfront.Binary); ok && y.Op == "*" {
		return false
	}
	return leftChain(b.X)
}

// addTarget is what the register-tiled and the packed kernels start
// from: a statement that adds to its left side (scop's Statement.Update
// with + and its operand not subtracted), the one access that writes
// it, and the written array, of float or double elements and of rank at
// least 2.
type addTarget struct {
	lhs   cfront.Expr
	upd   scop.Update
	write *scop.Access
	arr   *scop.Array
}

// addTargetOf returns the addTarget of st (false when st is nil or is
// not such a statement).
func (v *vectorizer) addTargetOf(st *scop.Statement) (addTarget, bool) {
	if st == nil {
		return addTarget{}, false
	}
	as := st.Assign()
	if as == nil {
		return addTarget{}, false
	}
	upd, ok := st.Update()
	if !ok || upd.Op != scop.UpdateAdd || upd.Neg {
		return addTarget{}, false
	}
	var write *scop.Access
	for _, a := range st.Accesses {
		if a.Kind == scop.Write {
			write = a
		}
	}
	if write == nil {
		return addTarget{}, false
	}
	arr := v.array(write.Array)
	if arr == nil || (arr.ElemType != "double" && arr.ElemType != "float") || arr.Rank < 2 {
		return addTarget{}, false
	}
	return addTarget{lhs: as.LHS, upd: upd, write: write, arr: arr}, true
}
