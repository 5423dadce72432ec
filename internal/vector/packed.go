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

// Blocking of the packed kernel (see doc.go, "Packed contraction kernel").
// KC elements of the flattened reduction per packed panel (the A
// micro-panel, MR x KC, stays in L1 while the tiles of its rows run), MC
// rows of A per packed block (the unit of the row loop, which threads
// share out), at most packNC columns of B per packed block (KC x NC in
// L2: blockCols).
const (
	packKC = 256
	packMC = 120  // rounded down to a multiple of MR
	packNC = 2048 // the most columns of a B block (see blockCols)
	// Below these sizes the nest runs as generated (see buildPacked).
	packMinFace = 2048
	packMinRed  = 16
	// The most rows of A packed at once when it is hoisted out of the
	// batch loops (static buffer of packHoistRows x packKC per term).
	packHoistRows = 1024
)

// term is one product of a contraction statement (invariant factors go
// with B even where C groups them with A, unlike the fma-tile kernel's
// exactSides: on the row side they keep a scalar live across the
// micro-kernel, which leaves the C compiler too few registers for the
// accumulators, and it spills them): rowF are the factors
// that vary with the row dimension I (packed into A), colF the others
// (packed into B: they vary with J, or with neither).
type term struct {
	rowF, colF []cfront.Expr
	rowDims    map[int]bool // dimensions the row factors vary with
}

// pkernel is a contraction nest chosen for the packed kernel:
//
//	X[..b..][..I..][J] (+)= sum over terms of prod(rowF) * prod(colF)
//
// over a domain that is a box in every dimension except (I, J), which may
// be cut by affine constraints of I and J only (a triangle j <= i). The
// dimensions not in the write are the reduction dimensions (red, domain
// order); those in the write other than I and J are batch dimensions.
type pkernel struct {
	id     int
	stmt   *scop.Statement
	elem   string
	lanes  int
	mr, nv int // register tile: mr rows x nv vectors
	lhs    cfront.Expr
	terms  []term
	dimI   int
	dimJ   int
	red    []int
	batch  []int
	lo, hi []ast.Expr // hull bounds per dimension (parameters only)
	mask   [][]int64  // constraints of I, J and parameters: row over [params, dims, 1] >= 0
	guard  []ast.Expr // parameter-only constraints of the domain (>= 0)
	params []string   // parameter names of the domain space
	ndim   int        // number of domain dims
	hoist  bool       // A packed once per reduction block (buildPacked)
	nc     int64      // columns of a packed B block (blockCols)
	bRows  bool       // B is packed row by row of the reduction (contiguousAlong)
}

// contiguousAlong reports whether every read of st is contiguous or
// invariant along dimension d: d appears in no subscript but the last,
// and there with coefficient 0 or 1. B is then packed reduction step by
// reduction step over all the block's column micro-panels, reading each
// row of the arrays once from start to end; otherwise (B transposed in
// memory) micro-panel by micro-panel, which reads each of the panel's
// NR columns contiguously along the reduction.
func contiguousAlong(st *scop.Statement, d int) bool {
	for _, a := range st.Accesses {
		if a.LHS || a.Kind == scop.Write {
			continue
		}
		rows, ok := a.Coefficients()
		if !ok {
			return false
		}
		for k, r := range rows {
			if d >= len(r) {
				return false
			}
			if c := r[d]; c != 0 && (k != len(rows)-1 || c != 1) {
				return false
			}
		}
	}
	return true
}

// Prefetching in the packed micro-kernel: per reduction step, the lines
// of the B micro-panel packPrefetchSteps steps ahead are prefetched (the
// micro-panels are consecutive in the buffer, so near the end of one
// panel this fetches the start of the next, which the next tile reads;
// the B buffers have packPrefetchSteps*NR elements of slack so the
// address stays inside them). packLine is the cache line size assumed
// for spacing the prefetches (64 bytes on every current x86-64 and
// arm64 core; a different size only changes how many lines are
// touched, never a result).
const (
	packPrefetchSteps = 16
	packLine          = 64
)

// blockCols is NC, the columns of a packed B block: the tiles loop runs
// the row micro-panels outside and the column micro-panels inside, so a
// KC x NC block of B is read once per MR rows and should stay in the L2
// cache, with half of it left for the A micro-panel, C's lines and
// whatever else runs: NC = L2 / 2 / (KC * elemBytes), rounded down to
// whole NR-column micro-panels, at least one and at most packNC.
// elemBytes is the bytes per column and reduction step: the element size
// times the number of terms (each term packs its own KC x NC block).
func blockCols(l2, elemBytes, nr int64) int64 {
	nc := int64(packNC)
	if l2 > 0 && elemBytes > 0 {
		nc = min(nc, l2/2/(packKC*elemBytes))
	}
	return max(nr, nc/nr*nr)
}

func (p *pkernel) name(s string) string { return fmt.Sprintf("tsv%d_%s", p.id, s) }

// countUsers counts the User nodes of each statement in n.
func countUsers(n ast.Node, into map[string]int) {
	ast.Walk(n, func(m ast.Node) bool {
		if u, ok := m.(*ast.User); ok {
			into[u.Name]++
		}
		return true
	})
}

// depends reports which domain dims access a varies with.
func accessDims(a *scop.Access, ndim int) (map[int]bool, bool) {
	rows, ok := a.Coefficients()
	if !ok {
		return nil, false
	}
	out := map[int]bool{}
	for _, r := range rows {
		if len(r) != ndim {
			return nil, false
		}
		for d, c := range r {
			if c != 0 {
				out[d] = true
			}
		}
	}
	return out, true
}

// affExpr turns a row over [params, dims..., const] (dims all zero) of an
// affine expression of the parameters into an ast expression.
func paramExpr(params []string, coef func(k int) int64, c int64) ast.Expr {
	var e ast.Expr = ast.NewInt(c)
	for k, p := range params {
		if v := coef(k); v != 0 {
			e = ast.Add(e, ast.Mul(ast.NewInt(v), ast.NewIdent(p)))
		}
	}
	return ast.Simplify(e)
}

// boundExpr turns the single-piece, local-free PwAff f of the parameters
// into an ast expression.
func boundExpr(f presburger.PwAff, params []string) (ast.Expr, bool) {
	ps := f.Pieces()
	if len(ps) != 1 || ps[0].Fn.NLocal() > 0 {
		return nil, false
	}
	a := ps[0].Fn
	sp := ps[0].Dom.Space()
	if sp.Dim(presburger.Out) != 0 || sp.NParam() != len(params) {
		return nil, false
	}
	for k, p := range sp.Params() {
		if params[k] != p {
			return nil, false
		}
	}
	return paramExpr(params, func(k int) int64 { return a.Coef(presburger.Param, k) }, a.ConstantVal()), true
}

// matchPacked recognizes a contraction statement whose instances are all
// executed by the nest f (which is not inside any loop) and which can be
// rewritten as the packed kernel. It returns nil when it does not apply.
func (v *vectorizer) matchPacked(f *ast.For) (*pkernel, LoopReport) {
	var rep LoopReport
	if v.cfg.NoPack || v.cfg.NoIntrinsics || v.fallback {
		return nil, rep
	}
	sub := map[string]int{}
	countUsers(f, sub)
	if len(sub) != 1 {
		return nil, rep
	}
	var st *scop.Statement
	for name, c := range sub {
		if v.users[name] != c {
			return nil, rep
		}
		st = v.byName[name]
	}
	// The update: X += t1 + t2 + ..., or X = X + t1 + ... (the left
	// side as one term of the sum, anywhere: scop's Statement.Update with
	// + and only added terms).
	at, ok := v.addTargetOf(st)
	if !ok || len(at.upd.Terms) == 0 || len(st.CIters) < 3 {
		return nil, rep
	}
	var prods []cfront.Expr
	for _, t := range at.upd.Terms {
		if t.Neg {
			return nil, rep
		}
		prods = append(prods, t.X)
	}
	ndim := len(st.CIters)
	write, wArr := at.write, at.arr
	elem := wArr.ElemType
	// The write: every subscript holds at most one dimension, with
	// coefficient 1 in the last subscript (J, contiguous) and +-1
	// elsewhere; every dimension appears at most once. Then distinct
	// values of the written dimensions are distinct elements.
	wrows, ok := write.Coefficients()
	if !ok || len(wrows) != wArr.Rank {
		return nil, rep
	}
	inWrite := map[int]bool{}
	dimJ := -1
	for s, row := range wrows {
		if len(row) != ndim {
			return nil, rep
		}
		nz := -1
		for d, c := range row {
			if c == 0 {
				continue
			}
			if nz >= 0 || inWrite[d] || (c != 1 && c != -1) {
				return nil, rep
			}
			nz = d
		}
		if nz < 0 {
			continue
		}
		inWrite[nz] = true
		if s == len(wrows)-1 {
			if row[nz] != 1 {
				return nil, rep
			}
			dimJ = nz
		}
	}
	if dimJ < 0 {
		return nil, rep
	}
	var red []int
	for d := 0; d < ndim; d++ {
		if !inWrite[d] {
			red = append(red, d)
		}
	}
	if len(red) == 0 {
		return nil, rep
	}
	// Factors and the dimensions they depend on.
	type factor struct {
		e    cfront.Expr
		dims map[int]bool
	}
	var terms [][]factor
	for _, t := range prods {
		var fs []factor
		for _, f := range factors(t) {
			switch f := f.(type) {
			case *cfront.FloatLit:
				if elem == "float" && !strings.HasSuffix(strings.ToLower(f.Text), "f") {
					return nil, rep
				}
				fs = append(fs, factor{f, nil})
			case *cfront.IntLit:
				if f.Big || f.Value > 1<<24 || f.Value < -(1<<24) {
					return nil, rep
				}
				fs = append(fs, factor{f, nil})
			case *cfront.Ident:
				for _, it := range st.CIters {
					if f.Name == it {
						return nil, rep
					}
				}
				arr := v.array(f.Name)
				if arr == nil || f.Name == write.Array || (arr.ElemType != elem && arr.ElemType != "int") || arr.Rank != 0 {
					return nil, rep
				}
				fs = append(fs, factor{f, nil})
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
				if arr := v.array(acc.Array); arr == nil || arr.ElemType != elem {
					return nil, rep
				}
				ds, ok := accessDims(acc, ndim)
				if !ok {
					return nil, rep
				}
				fs = append(fs, factor{f, ds})
			default:
				return nil, rep
			}
		}
		terms = append(terms, fs)
	}
	// The row dimension: the first written dimension other than J such
	// that no factor depends on both it and J, and some factor of every
	// term depends on it.
	dimI := -1
	var kterms []term
	for d := 0; d < ndim && dimI < 0; d++ {
		if d == dimJ || !inWrite[d] {
			continue
		}
		var ts []term
		good := true
		for _, fs := range terms {
			t := term{rowDims: map[int]bool{}}
			for _, f := range fs {
				switch {
				case f.dims[d] && f.dims[dimJ]:
					good = false
				case f.dims[d]:
					t.rowF = append(t.rowF, f.e)
					for dd := range f.dims {
						t.rowDims[dd] = true
					}
				default:
					t.colF = append(t.colF, f.e)
				}
			}
			if len(t.rowF) == 0 || len(t.colF) == 0 {
				good = false
			}
			ts = append(ts, t)
		}
		if good {
			dimI, kterms = d, ts
		}
	}
	if dimI < 0 {
		return nil, rep
	}
	var batch []int
	for d := 0; d < ndim; d++ {
		if inWrite[d] && d != dimI && d != dimJ {
			batch = append(batch, d)
		}
	}
	// The domain: hull bounds of every dimension in the parameters, and
	// constraints of two or more dimensions only on I and J.
	dom := st.Domain
	if dom.NParts() != 1 {
		return nil, rep
	}
	bs := dom.Part(0)
	if bs.NLocal() > 0 || len(bs.Eqs()) > 0 {
		return nil, rep
	}
	params := dom.Space().Params()
	np := len(params)
	pk := &pkernel{id: len(v.res.kernels) + len(v.res.packed) + len(v.res.hreds), stmt: st, elem: elem, lanes: v.cfg.Target.Lanes(elem),
		lhs: at.lhs, terms: kterms, dimI: dimI, dimJ: dimJ, red: red, batch: batch, params: params, ndim: ndim}
	for _, row := range bs.Ineqs() {
		if len(row) != np+ndim+1 {
			return nil, rep
		}
		var used []int
		for d := 0; d < ndim; d++ {
			if row[np+d] != 0 {
				used = append(used, d)
			}
		}
		switch {
		case len(used) == 0:
			pk.guard = append(pk.guard, paramExpr(params, func(k int) int64 { return row[k] }, row[np+ndim]))
		case len(used) == 1:
			// implied by the hull bounds
		default:
			for _, d := range used {
				if d != dimI && d != dimJ {
					return nil, rep
				}
			}
			pk.mask = append(pk.mask, row)
		}
	}
	okb := func() (ok bool) {
		// An engine error (budget, overflow) leaves the bounds unknown:
		// no packed kernel. Any other panic is a bug and goes on.
		var err error
		defer func() {
			if err != nil {
				ok = false
			}
		}()
		defer presburger.Recover(&err)
		for d := 0; d < ndim; d++ {
			mn, err1 := dom.DimMin(d)
			mx, err2 := dom.DimMax(d)
			if err1 != nil || err2 != nil {
				return false
			}
			l, ok1 := boundExpr(mn, params)
			h, ok2 := boundExpr(mx, params)
			if !ok1 || !ok2 {
				return false
			}
			pk.lo, pk.hi = append(pk.lo, l), append(pk.hi, h)
		}
		return true
	}()
	if !okb {
		return nil, rep
	}
	// Register tile: from the target's register file (registerTile).
	rows := 0
	if v.cfg.UnrollJam != 4 {
		rows = v.cfg.UnrollJam
	}
	pk.mr, pk.nv = registerTile(v.cfg.Target.Regs, rows)
	pk.nc = blockCols(v.cfg.cacheL2(), int64(len(kterms)*elemSize(elem)), int64(pk.nv*pk.lanes))
	pk.bRows = contiguousAlong(st, dimJ)
	if pk.lanes == 0 {
		return nil, rep
	}
	var names []string
	for _, d := range red {
		names = append(names, st.CIters[d])
	}
	var bn []string
	for _, d := range batch {
		bn = append(bn, st.CIters[d])
	}
	rep = LoopReport{Iter: st.CIters[dimJ], Vectorizable: true, ElemType: elem,
		Scheme: fmt.Sprintf("packed %dx%d", pk.mr, pk.nv*pk.lanes)}
	rep.Reason = fmt.Sprintf("contraction %s: rows %s, columns %s (contiguous), reduction %s, batch %v, %d term(s)",
		st.Name, st.CIters[dimI], st.CIters[dimJ], strings.Join(names, ","), bn, len(kterms))
	if len(pk.mask) > 0 {
		rep.Reason += fmt.Sprintf(", (%s, %s) cut by %d constraint(s)", st.CIters[dimI], st.CIters[dimJ], len(pk.mask))
	}
	// The seed's instruction counts per vector of the three schemes on
	// the arrays as laid out (vector along i, along j with broadcasts,
	// along the innermost reduction dimension with a horizontal sum);
	// after packing, the j scheme's operands are contiguous or
	// broadcast whatever the layout, which is why it is the one built.
	kd := red[len(red)-1]
	cost := map[int]int{dimI: 1, dimJ: 1, kd: 1}
	for _, a := range st.Accesses {
		rows, ok := a.Coefficients()
		if !ok || a.LHS {
			continue
		}
		for d := range cost {
			delta := make([]int64, len(rows))
			for k, r := range rows {
				delta[k] = r[d]
			}
			cost[d] += costOf(strideClass(delta), pk.lanes, a.Kind == scop.Write)
		}
	}
	rep.Reason += fmt.Sprintf("; scheme costs before packing (instructions per vector) along %s=%d, %s=%d, %s=%d",
		st.CIters[dimI], cost[dimI], st.CIters[dimJ], cost[dimJ], st.CIters[kd], cost[kd])
	rep.Reason += fmt.Sprintf("; packed A (%d x %d) and B (%d x %d) panels, register tile %d rows x %d vectors of %d %s (%s), each element's reduction order kept",
		packMC/pk.mr*pk.mr, packKC, packKC, pk.nc, pk.mr, pk.nv, pk.lanes, elem, targetWords(v.cfg.Target))
	v.res.packed = append(v.res.packed, pk)
	return pk, rep
}

// Statement argument expressions: the statement's iterators (in CIters
// order) as ast expressions of the kernel's loop variables.
func (p *pkernel) args(dims map[int]ast.Expr) []ast.Expr {
	out := make([]ast.Expr, p.ndim)
	for d := 0; d < p.ndim; d++ {
		if e, ok := dims[d]; ok {
			out[d] = ast.Simplify(e)
		} else {
			out[d] = ast.NewInt(0)
		}
	}
	return out
}

// user is the node of operation op of the kernel: its Args are the
// operation's own (pre) and then the statement's iterators (dims).
func (p *pkernel) user(op string, pre []ast.Expr, dims map[int]ast.Expr) *ast.User {
	return p.userTerm(op, 0, pre, dims)
}

// userTerm is user for an operation on term t (packing "pa", "pb").
func (p *pkernel) userTerm(op string, t int, pre []ast.Expr, dims map[int]ast.Expr) *ast.User {
	name := fmt.Sprintf("vecp:%d:%s", p.id, op)
	if op == "pa" || op == "pb" {
		name += strconv.Itoa(t)
	}
	args := append(append([]ast.Expr{}, pre...), p.args(dims)...)
	return &ast.User{Name: name, Args: args, Payload: packedStmt{p: p, op: op, term: t, npre: len(pre)}}
}

func id(s string) ast.Expr                { return ast.NewIdent(s) }
func num(v int64) ast.Expr                { return ast.NewInt(v) }
func decl(n string, e ast.Expr) *ast.Decl { return &ast.Decl{Name: n, Value: ast.Simplify(e)} }

func loop(it string, lo, hiIncl ast.Expr, step int64, body ...ast.Node) *ast.For {
	return &ast.For{Iter: it, Init: ast.Simplify(lo), Cond: ast.Le(ast.NewIdent(it), ast.Simplify(hiIncl)), Inc: ast.NewInt(step), Body: ast.NewBlock(body...)}
}

// buildPacked writes the packed kernel (see doc.go). parallel (or
// Config.OpenMP) wraps it in the parallel loop over thread chunks of
// packedpar.go; without it the code is the one-thread kernel.
//
// When the extent of the inner reduction dimensions is symbolic, the packed
// code runs only when it is at most packKC (the size of the buffers);
// otherwise orig (the nest as generated) runs.
func (v *vectorizer) buildPacked(p *pkernel, parallel bool, orig ast.Node) ast.Node {
	MR, NR := int64(p.mr), int64(p.nv*p.lanes)
	MC := int64(packMC) / MR * MR
	if MC < MR {
		MC = MR
	}
	n := p.name
	I, J := p.dimI, p.dimJ
	T := int64(len(p.terms))
	// Threaded (packedpar.go): one parallel loop over thread chunks
	// around the whole kernel, each chunk on its own range of one batch,
	// row or column dimension (lo, hi) with its own buffers.
	threaded := parallel || v.cfg.OpenMP
	// With batch dimensions and row factors that do not vary with them
	// (a convolution's weights), A is packed once per reduction block for all
	// rows, outside the batch loops (the block loop goes outermost: every
	// element still gets its reduction blocks in order).
	hoist := len(p.batch) > 0
	for _, t := range p.terms {
		for _, d := range p.batch {
			hoist = hoist && !t.rowDims[d]
		}
	}
	p.hoist = hoist
	// Extents of the inner reduction dims and the block of the outer one.
	inner := ast.Expr(num(1))
	var decls []ast.Node
	for k := 1; k < len(p.red); k++ {
		d := p.red[k]
		e := n(fmt.Sprintf("e%d", k))
		decls = append(decls, decl(e, ast.Add(ast.Sub(ast.CopyExpr(p.hi[d]), ast.CopyExpr(p.lo[d])), num(1))))
		inner = ast.Mul(inner, id(e))
	}
	inner = ast.Simplify(inner)
	var cb ast.Expr
	innerSym := false
	if c, ok := inner.(*ast.Int); ok && c.V <= packKC {
		b := int64(packKC) / max(c.V, 1)
		cb = num(max(b, 1))
	} else {
		decls = append(decls, decl(n("in"), ast.Max(num(1), inner)))
		decls = append(decls, decl(n("cb"), ast.Max(num(1), ast.PDivQ(num(packKC), id(n("in"))))))
		cb = id(n("cb"))
		inner = id(n("in"))
		innerSym = true
	}
	r0 := p.red[0]
	// Balance the blocks of the outer reduction dimension: nb blocks of
	// ceil(extent / nb) rather than full blocks and a short last one
	// (a short last block next to an edge panel runs the micro-kernel on
	// few reduction steps per packing, which slows the whole kernel).
	ext0 := ast.Simplify(ast.Add(ast.Sub(ast.CopyExpr(p.hi[r0]), ast.CopyExpr(p.lo[r0])), num(1)))
	if e, ok := ext0.(*ast.Int); ok && !innerSym && e.V >= 1 {
		c := cb.(*ast.Int).V
		nb := (e.V + c - 1) / c
		cb = num((e.V + nb - 1) / nb)
	} else {
		decls = append(decls, decl(n("nb"), ast.Max(num(1), ast.PDivQ(ast.Sub(ast.Add(ast.CopyExpr(ext0), cb), num(1)), cb))))
		decls = append(decls, decl(n("cbb"), ast.Max(num(1), ast.PDivQ(ast.Sub(ast.Add(ast.CopyExpr(ext0), id(n("nb"))), num(1)), id(n("nb"))))))
		cb = id(n("cbb"))
	}
	// Flattened reduction index of the current values of the reduction
	// loops, relative to the block start pc.
	flat := func() ast.Expr {
		var e ast.Expr = ast.Sub(id(n("r0")), id(n("pc")))
		for k := 1; k < len(p.red); k++ {
			e = ast.Add(ast.Mul(e, id(n(fmt.Sprintf("e%d", k)))), ast.Sub(id(n(fmt.Sprintf("r%d", k))), ast.CopyExpr(p.lo[p.red[k]])))
		}
		return e
	}
	// redLoops nests the reduction loops of the block around body.
	redLoops := func(body ...ast.Node) ast.Node {
		var in ast.Node = ast.NewBlock(body...)
		for k := len(p.red) - 1; k >= 1; k-- {
			d := p.red[k]
			in = loop(n(fmt.Sprintf("r%d", k)), ast.CopyExpr(p.lo[d]), ast.CopyExpr(p.hi[d]), 1, in)
		}
		return loop(n("r0"), id(n("pc")), id(n("pe")), 1, in)
	}
	dims := func(extra map[int]ast.Expr) map[int]ast.Expr {
		m := map[int]ast.Expr{}
		for k, d := range p.red {
			m[d] = id(n(fmt.Sprintf("r%d", k)))
		}
		for k, d := range p.batch {
			m[d] = id(n(fmt.Sprintf("b%d", k)))
		}
		for d, e := range extra {
			m[d] = e
		}
		return m
	}
	// adims: where A is packed; hoisted out of the batch loops, the row
	// factors do not vary with the batch dimensions (0 is as good).
	adims := func(extra map[int]ast.Expr) map[int]ast.Expr {
		m := dims(extra)
		if hoist {
			for _, d := range p.batch {
				delete(m, d)
			}
		}
		return m
	}
	// wdims: the dimensions of the write (batch, I, J); the reduction
	// loops are not bound where the write is accessed.
	wdims := func(extra map[int]ast.Expr) map[int]ast.Expr {
		m := map[int]ast.Expr{}
		for k, d := range p.batch {
			m[d] = id(n(fmt.Sprintf("b%d", k)))
		}
		for d, e := range extra {
			m[d] = e
		}
		return m
	}
	iExpr := func(r ast.Expr) ast.Expr { return ast.Add(ast.Add(id(n("ic")), id(n("ir"))), r) }
	jExpr := func(c ast.Expr) ast.Expr { return ast.Add(ast.Add(id(n("jc")), id(n("jr"))), c) }
	kcT := id(n("kcT"))

	// mk builds the kernel (batch loops or the pc loop) with the batch,
	// row and column dimensions over [lo, hi] (the hull, or a thread
	// chunk's range in one of them).
	mk := func(lo, hi []ast.Expr) ast.Node {
		// Pack B: bp[jr*kcT + (t*kc + p)*NR + c] = colprod_t(j = jc+jr+c).
		var packB []ast.Node
		for t := int64(0); t < T; t++ {
			idx := func() ast.Expr {
				return ast.Add(ast.Add(ast.Mul(id(n("jr")), kcT), ast.Mul(ast.Add(ast.Mul(num(t), id(n("kc"))), flat()), num(NR))), id(n("c")))
			}
			packB = append(packB, redLoops(
				loop(n("c"), num(0), ast.Sub(id(n("w")), num(1)), 1, p.userTerm("pb", int(t), []ast.Expr{idx()}, dims(map[int]ast.Expr{J: jExpr(id(n("c")))}))),
				loop(n("c"), id(n("w")), num(NR-1), 1, p.user("zb", []ast.Expr{idx()}, nil))))
		}
		var packBLoop ast.Node = loop(n("jr"), num(0), ast.Sub(id(n("nc")), num(1)), NR,
			append([]ast.Node{decl(n("w"), ast.Min(num(NR), ast.Sub(id(n("nc")), id(n("jr")))))}, packB...)...)
		if p.bRows {
			// The same copies with the reduction loops outside the
			// micro-panel loop (each element is still written once).
			var rowwise []ast.Node
			for t := int64(0); t < T; t++ {
				idx := func() ast.Expr {
					return ast.Add(ast.Add(ast.Mul(id(n("jr")), kcT), ast.Mul(ast.Add(ast.Mul(num(t), id(n("kc"))), flat()), num(NR))), id(n("c")))
				}
				rowwise = append(rowwise, redLoops(loop(n("jr"), num(0), ast.Sub(id(n("nc")), num(1)), NR,
					decl(n("w"), ast.Min(num(NR), ast.Sub(id(n("nc")), id(n("jr"))))),
					loop(n("c"), num(0), ast.Sub(id(n("w")), num(1)), 1, p.userTerm("pb", int(t), []ast.Expr{idx()}, dims(map[int]ast.Expr{J: jExpr(id(n("c")))}))),
					loop(n("c"), id(n("w")), num(NR-1), 1, p.user("zb", []ast.Expr{idx()}, nil)))))
			}
			packBLoop = ast.NewBlock(rowwise...)
		}
		// Pack A: ap[ir*kcT + (t*kc + p)*MR + r] = rowprod_t(i = ic+ir+r).
		var packA []ast.Node
		for t := int64(0); t < T; t++ {
			idx := func() ast.Expr {
				return ast.Add(ast.Add(ast.Mul(id(n("ir")), kcT), ast.Mul(ast.Add(ast.Mul(num(t), id(n("kc"))), flat()), num(MR))), id(n("r")))
			}
			packA = append(packA,
				loop(n("r"), num(0), ast.Sub(id(n("h")), num(1)), 1, redLoops(p.userTerm("pa", int(t), []ast.Expr{idx()}, adims(map[int]ast.Expr{I: iExpr(id(n("r")))})))),
				loop(n("r"), id(n("h")), num(MR-1), 1, redLoops(p.user("za", []ast.Expr{idx()}, nil))))
		}
		packALoop := loop(n("ir"), num(0), ast.Sub(id(n("mc")), num(1)), MR,
			append([]ast.Node{decl(n("h"), ast.Min(num(MR), ast.Sub(id(n("mc")), id(n("ir")))))}, packA...)...)

		// The row of the A buffer where micro-panel ir starts.
		rowBase := func() ast.Expr {
			if hoist {
				return ast.Simplify(ast.Add(ast.Sub(id(n("ic")), ast.CopyExpr(lo[I])), id(n("ir"))))
			}
			return id(n("ir"))
		}
		// valid(i, j): the mask constraints at one point.
		valid := func(i, j ast.Expr) ast.Expr {
			var cs []ast.Expr
			np := len(p.params)
			for _, row := range p.mask {
				e := paramExpr(p.params, func(k int) int64 { return row[k] }, row[np+p.ndim])
				e = ast.Add(e, ast.Mul(num(row[np+I]), ast.CopyExpr(i)))
				e = ast.Add(e, ast.Mul(num(row[np+J]), ast.CopyExpr(j)))
				cs = append(cs, ast.Ge(ast.Simplify(e), num(0)))
			}
			if len(cs) == 0 {
				return num(1)
			}
			return ast.And(cs...)
		}
		// prefetchNext prefetches, before a full tile's accumulators are
		// loaded, the lines of X of the next tile of the row of tiles (the
		// same rows, NR columns on), when that tile is full too (so every
		// address is an element the nest writes): its loads then do not
		// wait for memory when it starts, a whole tile's reduction later.
		prefetchNext := func(ptr bool) []ast.Node {
			nextFull := []ast.Expr{ast.Le(ast.Add(id(n("jr")), num(2*NR)), id(n("nc")))}
			if len(p.mask) > 0 {
				for _, r := range []int64{0, MR - 1} {
					for _, c := range []int64{NR, 2*NR - 1} {
						nextFull = append(nextFull, valid(iExpr(num(r)), jExpr(num(c))))
					}
				}
			}
			var pf []ast.Node
			for r := int64(0); r < MR; r++ {
				for _, off := range lineOffsets(NR, int64(elemSize(p.elem)), true) {
					if ptr {
						pf = append(pf, p.user("pfcp", []ast.Expr{num(r), num(NR + off)}, nil))
						continue
					}
					pf = append(pf, p.user("pfc", nil, wdims(map[int]ast.Expr{I: iExpr(num(r)), J: jExpr(num(NR + off))})))
				}
			}
			return []ast.Node{&ast.If{Cond: ast.And(nextFull...), Then: ast.NewBlock(pf...)}}
		}
		// The micro-kernel on C directly (full tiles) or on a temporary.
		micro := func(tmp bool) []ast.Node {
			var pre, body, post []ast.Node
			// Threaded: the tile addressed from one pointer and the row
			// stride (packedpar.go, cptr).
			ptr := threaded && !tmp && MR > 1
			if ptr {
				at := wdims(map[int]ast.Expr{I: iExpr(num(0)), J: jExpr(num(0))})
				pre = append(pre, p.user("cptr", []ast.Expr{iExpr(num(1))}, at))
			}
			for r := int64(0); r < MR; r++ {
				for vv := int64(0); vv < int64(p.nv); vv++ {
					if ptr {
						pre = append(pre, p.user("accp", []ast.Expr{num(r), num(vv)}, nil))
						post = append(post, p.user("stp", []ast.Expr{num(r), num(vv)}, nil))
						continue
					}
					if tmp {
						pre = append(pre, p.user("acct", []ast.Expr{num(r), num(vv)}, nil))
						post = append(post, p.user("stt", []ast.Expr{num(r), num(vv)}, nil))
					} else {
						at := wdims(map[int]ast.Expr{I: iExpr(num(r)), J: jExpr(num(vv * int64(p.lanes)))})
						pre = append(pre, p.user("acc", []ast.Expr{num(r), num(vv)}, at))
						post = append(post, p.user("st", []ast.Expr{num(r), num(vv)}, at))
					}
				}
			}
			// The B micro-panel's lines packPrefetchSteps steps ahead.
			for _, off := range lineOffsets(NR, int64(elemSize(p.elem)), false) {
				body = append(body, p.user("pfb", []ast.Expr{ast.Add(ast.Mul(ast.Add(id(n("p")), num(packPrefetchSteps)), num(NR)), num(off))}, nil))
			}
			for vv := int64(0); vv < int64(p.nv); vv++ {
				body = append(body, p.user("ldb", []ast.Expr{num(vv), ast.Add(ast.Mul(id(n("p")), num(NR)), num(vv*int64(p.lanes)))}, nil))
			}
			for r := int64(0); r < MR; r++ {
				body = append(body, p.user("bc", []ast.Expr{num(r), ast.Add(ast.Mul(id(n("p")), num(MR)), num(r)), rowBase()}, nil))
				for vv := int64(0); vv < int64(p.nv); vv++ {
					body = append(body, p.user("fma", []ast.Expr{num(r), num(vv)}, nil))
				}
			}
			var kl ast.Node = loop(n("p"), num(0), ast.Sub(kcT, num(1)), 1, body...)
			if threaded && p.asmOK(v.cfg.Target) {
				kl = p.user("kasm", []ast.Expr{rowBase()}, nil)
			}
			var out []ast.Node
			switch {
			case ptr: // after the declaration of the tile's pointer
				out = append(append(append(out, pre[0]), prefetchNext(ptr)...), pre[1:]...)
			case !tmp:
				out = append(append(out, prefetchNext(ptr)...), pre...)
			default:
				out = append(out, pre...)
			}
			out = append(out, kl)
			return append(out, post...)
		}
		i0, i1 := iExpr(num(0)), iExpr(num(MR-1))
		j0, j1 := jExpr(num(0)), jExpr(num(NR-1))
		full := ast.And(ast.Le(ast.Add(id(n("ir")), num(MR)), id(n("mc"))), ast.Le(ast.Add(id(n("jr")), num(NR)), id(n("nc"))),
			valid(i0, j0), valid(i0, j1), valid(i1, j0), valid(i1, j1))
		// A tile misses the (I, J) polygon when one constraint fails at
		// all four corners (its maximum over the rectangle is negative).
		var touch []ast.Expr
		np := len(p.params)
		for _, row := range p.mask {
			ie, je := i0, j0
			if row[np+I] > 0 {
				ie = i1
			}
			if row[np+J] > 0 {
				je = j1
			}
			e := paramExpr(p.params, func(k int) int64 { return row[k] }, row[np+p.ndim])
			e = ast.Add(ast.Add(e, ast.Mul(num(row[np+I]), ast.CopyExpr(ie))), ast.Mul(num(row[np+J]), ast.CopyExpr(je)))
			touch = append(touch, ast.Ge(ast.Simplify(e), num(0)))
		}
		// Copy in and out of the temporary of a partial tile, element by
		// element, only where the tile meets the domain.
		tr, tc := id(n("tr")), id(n("tc"))
		tcond := func() ast.Expr {
			ie, je := iExpr(ast.CopyExpr(tr)), jExpr(ast.CopyExpr(tc))
			return ast.And(ast.Lt(ast.CopyExpr(tr), id(n("h"))), ast.Lt(ast.CopyExpr(tc), id(n("w"))), valid(ie, je))
		}
		tat := func() map[int]ast.Expr {
			return wdims(map[int]ast.Expr{I: iExpr(ast.CopyExpr(tr)), J: jExpr(ast.CopyExpr(tc))})
		}
		tidx := func() ast.Expr { return ast.Add(ast.Mul(ast.CopyExpr(tr), num(NR)), ast.CopyExpr(tc)) }
		in := []ast.Node{loop(n("tr"), num(0), num(MR-1), 1, loop(n("tc"), num(0), num(NR-1), 1,
			p.user("tin", []ast.Expr{tidx(), tcond()}, tat())))}
		out := []ast.Node{loop(n("tr"), num(0), num(MR-1), 1, loop(n("tc"), num(0), num(NR-1), 1,
			p.user("tout", []ast.Expr{tidx(), tcond()}, tat())))}
		partial := append([]ast.Node{
			decl(n("h"), ast.Min(num(MR), ast.Sub(id(n("mc")), id(n("ir"))))),
			decl(n("w"), ast.Min(num(NR), ast.Sub(id(n("nc")), id(n("jr"))))),
			p.user("tdecl", nil, nil)}, in...)
		partial = append(partial, micro(true)...)
		partial = append(partial, out...)
		var partialNode ast.Node = ast.NewBlock(partial...)
		if len(touch) > 0 {
			partialNode = &ast.If{Cond: ast.And(touch...), Then: partialNode}
		}
		tile := &ast.If{Cond: full, Then: ast.NewBlock(micro(false)...), Else: partialNode}
		// Row micro-panels outside, column micro-panels inside: the A
		// micro-panel (MR x KC) stays in L1 while the B block (KC x NC,
		// sized for L2 by blockCols) streams past it, and the next tile
		// is the neighbour in the row, whose C lines prefetchNext fetched.
		tiles := loop(n("ir"), num(0), ast.Sub(id(n("mc")), num(1)), MR,
			loop(n("jr"), num(0), ast.Sub(id(n("nc")), num(1)), NR, tile))
		icBody := []ast.Node{
			decl(n("mc"), ast.Min(num(MC), ast.Sub(ast.Add(ast.CopyExpr(hi[I]), num(1)), id(n("ic"))))),
			p.user("adecl", nil, nil),
			packALoop, tiles,
		}
		if hoist {
			icBody = []ast.Node{icBody[0], tiles}
		}
		icLoop := loop(n("ic"), ast.CopyExpr(lo[I]), ast.CopyExpr(hi[I]), MC, icBody...)
		icLoop.Parallel = true
		var icNode ast.Node = icLoop
		jcLoop := loop(n("jc"), ast.CopyExpr(lo[J]), ast.CopyExpr(hi[J]), p.nc,
			decl(n("nc"), ast.Min(num(p.nc), ast.Sub(ast.Add(ast.CopyExpr(hi[J]), num(1)), id(n("jc"))))),
			packBLoop, icNode)
		var inPC []ast.Node
		if hoist {
			// A for all rows, then the batch loops.
			var bl ast.Node = jcLoop
			for k := len(p.batch) - 1; k >= 0; k-- {
				d := p.batch[k]
				bl = loop(n(fmt.Sprintf("b%d", k)), ast.CopyExpr(lo[d]), ast.CopyExpr(hi[d]), 1, bl)
			}
			inPC = []ast.Node{ast.NewBlock(
				decl(n("ic"), ast.CopyExpr(lo[I])),
				decl(n("mc"), ast.Add(ast.Sub(ast.CopyExpr(hi[I]), ast.CopyExpr(lo[I])), num(1))),
				packALoop), bl}
		} else {
			inPC = []ast.Node{jcLoop}
		}
		pcLoop := loop(n("pc"), ast.CopyExpr(p.lo[r0]), ast.CopyExpr(p.hi[r0]), 1,
			append([]ast.Node{
				decl(n("pe"), ast.Min(ast.Sub(ast.Add(id(n("pc")), cb), num(1)), ast.CopyExpr(p.hi[r0]))),
				decl(n("kc"), ast.Mul(ast.Add(ast.Sub(id(n("pe")), id(n("pc"))), num(1)), ast.CopyExpr(inner))),
				decl(n("kcT"), ast.Mul(num(T), id(n("kc"))))}, inPC...)...)
		// pc advances by cb (a Decl when symbolic): the step of a For is a
		// constant, so the loop runs over block numbers when cb is symbolic.
		if c, ok := cb.(*ast.Int); ok {
			pcLoop.Inc = num(c.V)
		} else {
			pcLoop.Iter = n("pq")
			pcLoop.Init = num(0)
			pcLoop.Cond = ast.Le(id(n("pq")), ast.PDivQ(ast.Sub(ast.CopyExpr(p.hi[r0]), ast.CopyExpr(p.lo[r0])), cb))
			b := pcLoop.Body.(*ast.Block)
			b.Stmts = append([]ast.Node{decl(n("pc"), ast.Add(ast.CopyExpr(p.lo[r0]), ast.Mul(id(n("pq")), cb)))}, b.Stmts...)
		}
		// Without hoisting: batch loops, then the blocks of the reduction.
		var body ast.Node = pcLoop
		if !hoist {
			for k := len(p.batch) - 1; k >= 0; k-- {
				d := p.batch[k]
				body = loop(n(fmt.Sprintf("b%d", k)), ast.CopyExpr(lo[d]), ast.CopyExpr(hi[d]), 1, body)
			}
		}
		return body
	}
	var res ast.Node
	switch {
	case threaded:
		res = p.chunked(mk, hoist)
	case hoist:
		res = ast.NewBlock(p.user("bdecl", nil, nil), p.user("adeclh", nil, nil), mk(p.lo, p.hi))
	default:
		res = ast.NewBlock(p.user("bdecl", nil, nil), mk(p.lo, p.hi))
	}
	// Run-time choice: the packed code when the buffers hold a block of
	// the inner reduction dimensions and the problem is large enough for
	// packing to pay (a rows x columns face of at least packMinFace and
	// at least packMinRed reduction steps); the nest as the scheduler
	// generated it otherwise (constant sizes fold at compile time).
	ext := func(d int) ast.Expr {
		return ast.Simplify(ast.Add(ast.Sub(ast.CopyExpr(p.hi[d]), ast.CopyExpr(p.lo[d])), num(1)))
	}
	var redExt ast.Expr = ast.Mul(ext(r0), ast.CopyExpr(inner))
	conds := []ast.Expr{
		ast.Ge(ast.Mul(ext(I), ext(J)), num(packMinFace)),
		ast.Ge(ast.Simplify(redExt), num(packMinRed)),
	}
	if innerSym {
		conds = append([]ast.Expr{ast.Le(id(n("in")), num(packKC))}, conds...)
	}
	if hoist {
		conds = append(conds, ast.Le(ext(I), num(packHoistRows)))
	}
	v.fallback = true
	alt := v.rewrite(orig)
	v.fallback = false
	res = &ast.If{Cond: ast.And(conds...), Then: res, Else: alt}
	res = ast.NewBlock(append(decls, res)...)
	if len(p.guard) > 0 {
		var cs []ast.Expr
		for _, g := range p.guard {
			cs = append(cs, ast.Ge(g, num(0)))
		}
		res = &ast.If{Cond: ast.And(cs...), Then: res}
	}
	return res
}

// printPacked prints one statement of a packed kernel: u.Args are the
// operation's own arguments (ps.npre of them), then the statement's.
func (r *Result) printPacked(u *ast.User, ps packedStmt, expr func(ast.Expr) string) (string, error) {
	p := ps.p
	bad := fmt.Errorf("vector: bad vector statement %s", u.Name)
	if ps.npre < 0 || len(u.Args) != ps.npre+p.ndim {
		return "", bad
	}
	pre := u.Args[:ps.npre]
	sub := map[string]string{}
	for d, it := range p.stmt.CIters {
		sub[it] = expr(u.Args[ps.npre+d])
	}
	subst := func(name string) (string, bool) {
		s, ok := sub[name]
		return s, ok
	}
	pint := func(k int) int64 {
		if k < len(pre) {
			if c, ok := pre[k].(*ast.Int); ok {
				return c.V
			}
		}
		return -1
	}
	n := p.name
	MR, NR := int64(p.mr), int64(p.nv*p.lanes)
	MC := int64(packMC) / MR * MR
	if MC < MR {
		MC = MR
	}
	T := int64(len(p.terms))
	vt, sfx := "__m256d", "pd"
	if p.elem == "float" {
		vt, sfx = "__m256", "ps"
	}
	gnu := !r.target.Intrinsics
	if gnu {
		vt = gnuType(r.target, p.elem)
	}
	acc := func() string { return fmt.Sprintf("%s_c%d_%d", n(""), pint(0), pint(1)) }
	load := func(addr string, aligned bool) string {
		if gnu {
			if aligned {
				return fmt.Sprintf("*(const %s *)(%s)", vt, addr)
			}
			return fmt.Sprintf("*(const %s *)(%s)", vt, addr)
		}
		if aligned {
			return fmt.Sprintf("_mm256_load_%s(%s)", sfx, addr)
		}
		return fmt.Sprintf("_mm256_loadu_%s(%s)", sfx, addr)
	}
	store := func(addr, val string) string {
		if gnu {
			return fmt.Sprintf("*(%s *)(%s) = %s;", vt, addr, val)
		}
		return fmt.Sprintf("_mm256_storeu_%s(%s, %s);", sfx, addr, val)
	}
	op := ps.op
	if s, ok := r.printChunk(p, op, pre, expr); ok {
		return s, nil
	}
	switch {
	case op == "bdecl":
		// One packed B block, shared by the threads of the row loop.
		// NC columns rounded up to whole NR-column micro-panels.
		cols := (p.nc + NR - 1) / NR * NR
		return fmt.Sprintf("static %s %s[%d] __attribute__((aligned(64)));", p.elem, n("bp"), T*packKC*cols+packPrefetchSteps*NR), nil
	case op == "adecl":
		return fmt.Sprintf("%s %s[%d] __attribute__((aligned(64)));", p.elem, n("ap"), T*packKC*MC), nil
	case op == "adeclh":
		rows := (int64(packHoistRows) + MR - 1) / MR * MR
		return fmt.Sprintf("static %s %s[%d] __attribute__((aligned(64)));", p.elem, n("ap"), T*packKC*rows), nil
	case op == "tdecl":
		return fmt.Sprintf("%s %s[%d] __attribute__((aligned(64)));", p.elem, n("t"), MR*NR), nil
	case op == "pb" || op == "pa":
		t := ps.term
		if t < 0 || t >= len(p.terms) || len(pre) != 1 {
			return "", bad
		}
		fs, buf := p.terms[t].colF, n("bp")
		if op == "pa" {
			fs, buf = p.terms[t].rowF, n("ap")
		}
		return fmt.Sprintf("%s[%s] = %s;", buf, expr(pre[0]), product(fs, subst)), nil
	case op == "zb" || op == "za":
		buf := n("bp")
		if op == "za" {
			buf = n("ap")
		}
		if len(pre) != 1 {
			return "", bad
		}
		return fmt.Sprintf("%s[%s] = 0;", buf, expr(pre[0])), nil
	case op == "cptr":
		if len(pre) != 1 {
			return "", bad
		}
		next := map[string]string{}
		for k, e := range sub {
			next[k] = e
		}
		next[p.stmt.CIters[p.dimI]] = expr(pre[0])
		nsub := func(name string) (string, bool) {
			s, ok := next[name]
			return s, ok
		}
		return fmt.Sprintf("%s *const %s = &%s;\nconst long long %s = &%s - %s;", p.elem, n("cp"), p.lhs.Format(subst), n("ld"), p.lhs.Format(nsub), n("cp")), nil
	case op == "pfb":
		if len(pre) != 1 {
			return "", bad
		}
		return fmt.Sprintf("__builtin_prefetch(&%s[%s * %s + %s], 0, 3);", n("bp"), n("jr"), n("kcT"), expr(pre[0])), nil
	case op == "pfc":
		return fmt.Sprintf("__builtin_prefetch(&%s, 1, 3);", p.lhs.Format(subst)), nil
	case op == "pfcp":
		if len(pre) != 2 {
			return "", bad
		}
		return fmt.Sprintf("__builtin_prefetch(%s + %d * %s + %d, 1, 3);", n("cp"), pint(0), n("ld"), pint(1)), nil
	case op == "kasm":
		if len(pre) != 1 {
			return "", bad
		}
		return p.kasmText(expr(pre[0])), nil
	case op == "accp" || op == "stp":
		addr := fmt.Sprintf("%s + %d * %s + %d", n("cp"), pint(0), n("ld"), pint(1)*int64(p.lanes))
		if op == "stp" {
			return store(addr, acc()), nil
		}
		return fmt.Sprintf("%s %s = %s;", vt, acc(), load(addr, false)), nil
	case op == "acc":
		return fmt.Sprintf("%s %s = %s;", vt, acc(), load("&"+p.lhs.Format(subst), false)), nil
	case op == "st":
		return store("&"+p.lhs.Format(subst), acc()), nil
	case op == "acct":
		return fmt.Sprintf("%s %s = %s;", vt, acc(), load(fmt.Sprintf("&%s[%d]", n("t"), pint(0)*NR+pint(1)*int64(p.lanes)), true)), nil
	case op == "stt":
		return store(fmt.Sprintf("&%s[%d]", n("t"), pint(0)*NR+pint(1)*int64(p.lanes)), acc()), nil
	case op == "ldb":
		if len(pre) != 2 {
			return "", bad
		}
		return fmt.Sprintf("%s %s_b%d = %s;", vt, n(""), pint(0), load(fmt.Sprintf("&%s[%s * %s + %s]", n("bp"), n("jr"), n("kcT"), expr(pre[1])), true)), nil
	case op == "bc":
		if len(pre) != 3 {
			return "", bad
		}
		a := fmt.Sprintf("%s[(%s) * %s + %s]", n("ap"), expr(pre[2]), n("kcT"), expr(pre[1]))
		if gnu {
			return fmt.Sprintf("const %s %s_a%d = %s;", p.elem, n(""), pint(0), a), nil
		}
		// set1 of a scalar load rather than broadcast_sd: gcc folds it
		// into the FMA as an embedded broadcast where AVX-512VL exists.
		return fmt.Sprintf("%s %s_a%d = _mm256_set1_%s(%s);", vt, n(""), pint(0), sfx, a), nil
	case op == "fma":
		if gnu {
			return fmt.Sprintf("%s += %s_a%d * %s_b%d;", acc(), n(""), pint(0), n(""), pint(1)), nil
		}
		return fmt.Sprintf("%s = _mm256_fmadd_%s(%s_a%d, %s_b%d, %s);", acc(), sfx, n(""), pint(0), n(""), pint(1), acc()), nil
	case op == "tin":
		if len(pre) != 2 {
			return "", bad
		}
		return fmt.Sprintf("%s[%s] = (%s) ? %s : 0;", n("t"), expr(pre[0]), expr(pre[1]), p.lhs.Format(subst)), nil
	case op == "tout":
		if len(pre) != 2 {
			return "", bad
		}
		return fmt.Sprintf("if (%s) %s = %s[%s];", expr(pre[1]), p.lhs.Format(subst), n("t"), expr(pre[0])), nil
	}
	return "", bad
}

// lineOffsets are the offsets, in elements, of the prefetches that cover
// n consecutive elements of size es: one per packLine bytes from the
// first, plus the last element when unaligned is set (a row of X need not
// start on a line, so its last element may be on one more line).
func lineOffsets(n, es int64, unaligned bool) []int64 {
	step := max(1, int64(packLine)/es)
	var offs []int64
	for o := int64(0); o < n; o += step {
		offs = append(offs, o)
	}
	if unaligned && n > 1 && (n-1)%step != 0 {
		offs = append(offs, n-1)
	}
	return offs
}

// Register tile limits (see registerTile).
const (
	tileMaxRows = 8
	tileMaxVecs = 4
)

// registerTile sizes the packed kernel's mr x nv register tile for a
// register file of regs vector registers: the mr*nv accumulators, the nv
// vectors of B loaded per reduction step and one broadcast of A must fit,
// mr*nv + nv + 1 <= regs. Among the tiles that fit with mr <= 8 and
// nv <= 4 we take the one with the most accumulators (the most
// independent FMA chains to cover the FMA latency), and on a tie the one
// with more rows (each B vector then feeds more FMAs). rows > 0 fixes mr
// (--unroll-jam); nv is then the largest that fits, at least 1.
func registerTile(regs, rows int) (mr, nv int) {
	fits := func(m, n int) bool { return m*n+n+1 <= regs }
	if rows > 0 {
		nv = 1
		for n := 2; n <= tileMaxVecs && fits(rows, n); n++ {
			nv = n
		}
		return rows, nv
	}
	mr, nv = 1, 1
	for m := 1; m <= tileMaxRows; m++ {
		for n := 1; n <= tileMaxVecs; n++ {
			if fits(m, n) && (m*n > mr*nv || m*n == mr*nv && m > mr) {
				mr, nv = m, n
			}
		}
	}
	return mr, nv
}
