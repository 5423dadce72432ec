package vector

import (
	"fmt"
	"strings"

	"github.com/tessera-opt/tessera/ast"
)

// Threaded packed kernels (--parallel; see doc.go, "Packed contraction
// kernel"). The whole kernel runs inside one parallel loop over nt thread
// chunks (nt = omp_get_max_threads(), at most packMaxThreads), one fork
// and join per contraction:
//
//	static elem bpall[packMaxThreads][...];      (B panels, per chunk)
//	int nt = ...;
//	long long rg[packMaxThreads][...];           (split: every chunk's range and mode)
//	#pragma omp parallel for
//	for (tq = 0; tq <= nt - 1; tq++) {
//	  elem *restrict const bp = bpall[tq];
//	  if (mode == 0) { const int tlb0 = ..., thb0 = ...; batch loops / pc / jc / pack B / ic / pack A / tiles }
//	  else if ... (one version per batch dimension, then rows, then columns)
//	}
//
// Every chunk runs the one-thread kernel on its own part of the written
// elements with its own buffers: no barrier, no shared packed panel. The
// part is a contiguous range of one dimension: the first batch dimension
// whose extent divides evenly (or is at least 4 per chunk) among the
// chunks (the matrices of a batched product, the images of a
// convolution), otherwise the rows
// in units of MR when there are at least 4 micro-panels per chunk or more
// row than column micro-panels, otherwise the columns in units of NR. A
// range of rows (columns) is balanced by the number of domain points:
// with a triangle j <= i the row boundaries sit where the running count
// of points reaches t/nt of the total, so that the busiest chunk has
// about the mean work. The
// operand the split does not cut is packed by every chunk (K x N more
// reads per chunk for rows: 1/M of the kernel's multiply-adds).
//
// In the micro-kernel of a full tile, C is addressed from one pointer and
// the row stride (cptr, accp, stp) and the reduction loop is inline asm
// on avx2 (kasmText): see asmOK for the register allocation it avoids.
// The one-thread kernel (no --parallel) is unchanged.
//
// Legality: the kernel writes a distinct element per (batch, I, J) and
// reads only other arrays, so its instances for disjoint ranges of one of
// these dimensions are independent; each element keeps its reduction
// order. Ranges are disjoint because the ranges of all chunks are
// computed once, before the parallel loop, from the same counts.

// packMaxThreads bounds the number of chunks (and the static buffers).
const packMaxThreads = 8

// chunkBounds returns copies of the hull bounds in which dimension d runs
// over the chunk's range variables lo and hi.
func (p *pkernel) chunkBounds(d int, lo, hi string) ([]ast.Expr, []ast.Expr) {
	l := append([]ast.Expr(nil), p.lo...)
	h := append([]ast.Expr(nil), p.hi...)
	l[d], h[d] = id(p.name(lo)), id(p.name(hi))
	return l, h
}

// chunked wraps the kernel in the parallel chunk loop with per-chunk
// buffers. mk builds the kernel over given bounds of the batch, row and
// column dimensions; there is one version per dimension that can be split
// (the batch dimensions, then I, then J), only that dimension running over
// the chunk's range: the others keep their hull bounds, which the C
// compiler folds when they are constants (with all three ranges
// variable, the C compiler runs short of registers in the micro-kernel
// and spills a B vector to the stack). The ranges of all chunks and the version (mode) are
// computed before the parallel loop (split, into the array rg) so that the
// outlined body holds only the kernel.
func (p *pkernel) chunked(mk func(lo, hi []ast.Expr) ast.Node, hoist bool) ast.Node {
	n := p.name
	np := len(p.params)
	pre := []ast.Expr{id(n("nt"))}
	for _, d := range p.batch {
		pre = append(pre, ast.CopyExpr(p.lo[d]), ast.CopyExpr(p.hi[d]))
	}
	for _, d := range []int{p.dimI, p.dimJ} {
		pre = append(pre, ast.CopyExpr(p.lo[d]), ast.CopyExpr(p.hi[d]))
	}
	for _, row := range p.mask {
		pre = append(pre, paramExpr(p.params, func(k int) int64 { return row[k] }, row[np+p.ndim]))
	}
	inner := []ast.Node{p.user("bptr", nil, nil)}
	if hoist {
		inner = append(inner, p.user("aptr", nil, nil))
	}
	inner = append(inner, p.user("rget", nil, nil))
	// The versions, last first (an if-else chain on the mode). The range
	// is read in long long (rget) and bound to constants of the iterator
	// type: loop bounds of another type than the iterators make the C
	// compiler convert them in the micro-kernel's loops.
	names := p.rangeNames()
	dimsOf := append(append([]int(nil), p.batch...), p.dimI, p.dimJ)
	var chain ast.Node
	for k := len(dimsOf) - 1; k >= 0; k-- {
		lo, hi := names[2*k], names[2*k+1]
		l, h := p.chunkBounds(dimsOf[k], lo, hi)
		ver := ast.NewBlock(decl(n(lo), id(n("v"+lo))), decl(n(hi), id(n("v"+hi))),
			&ast.If{Cond: ast.Le(id(n(lo)), id(n(hi))), Then: mk(l, h)})
		if chain == nil {
			chain = ver
			continue
		}
		chain = &ast.If{Cond: ast.Eq(id(n("vmode")), num(int64(k))), Then: ver, Else: chain}
	}
	inner = append(inner, chain)
	tq := loop(n("tq"), num(0), ast.Sub(id(n("nt")), num(1)), 1, inner...)
	tq.Parallel = true
	stmts := []ast.Node{p.user("bdeclt", nil, nil)}
	if hoist {
		stmts = append(stmts, p.user("adeclht", nil, nil))
	}
	stmts = append(stmts, p.user("nthr", nil, nil), p.user("split", pre, nil), &ast.Mark{Name: "parallel", Body: tq})
	return ast.NewBlock(stmts...)
}

// rangeNames are the names of a chunk's range variables (low, high per
// batch dimension, then I, then J), in the order of a row of rg; the
// mode follows them in rg.
func (p *pkernel) rangeNames() []string {
	var out []string
	for k := range p.batch {
		out = append(out, fmt.Sprintf("tlb%d", k), fmt.Sprintf("thb%d", k))
	}
	return append(out, "tli", "thi", "tlj", "thj")
}

// printChunk prints the statements of chunked; ok is false for the other
// operations.
func (r *Result) printChunk(p *pkernel, op string, pre []ast.Expr, expr func(ast.Expr) string) (string, bool) {
	n := p.name
	MR, NR := int64(p.mr), int64(p.nv*p.lanes)
	T := int64(len(p.terms))
	switch op {
	case "bdeclt":
		cols := (p.nc + NR - 1) / NR * NR
		return fmt.Sprintf("static %s %s[%d][%d] __attribute__((aligned(64)));", p.elem, n("bpall"), packMaxThreads, T*packKC*cols+packPrefetchSteps*NR), true
	case "adeclht":
		rows := (int64(packHoistRows) + MR - 1) / MR * MR
		return fmt.Sprintf("static %s %s[%d][%d] __attribute__((aligned(64)));", p.elem, n("apall"), packMaxThreads, T*packKC*rows), true
	case "bptr":
		return fmt.Sprintf("%s *__restrict__ const %s = %s[%s];", p.elem, n("bp"), n("bpall"), n("tq")), true
	case "aptr":
		return fmt.Sprintf("%s *__restrict__ const %s = %s[%s];", p.elem, n("ap"), n("apall"), n("tq")), true
	case "nthr":
		nt := n("nt")
		return fmt.Sprintf("int %s = 1;\n#ifdef _OPENMP\n{ extern int omp_get_max_threads(void); %s = omp_get_max_threads(); }\n#endif\n%s = %s < 1 ? 1 : %s > %d ? %d : %s;",
			nt, nt, nt, nt, nt, packMaxThreads, packMaxThreads, nt), true
	case "rget":
		// Outside a parallel region (the pipeline's sequential copy of
		// the region for small sizes, where the chunk loop has no
		// pragma) chunk 0 takes the whole kernel and the others none.
		rr := n("rr")
		text := fmt.Sprintf("int %s = %s;\n#ifdef _OPENMP\n{ extern int omp_get_num_threads(void); if (omp_get_num_threads() == 1) %s = %s == 0 ? %d : %d; }\n#endif\n",
			rr, n("tq"), rr, n("tq"), packMaxThreads, packMaxThreads+1)
		var ds []string
		for k, nm := range p.rangeNames() {
			ds = append(ds, fmt.Sprintf("%s = %s[%s][%d]", n("v"+nm), n("rg"), rr, k))
		}
		ds = append(ds, fmt.Sprintf("%s = %s[%s][%d]", n("vmode"), n("rg"), rr, len(p.rangeNames())))
		return text + "const long long " + strings.Join(ds, ", ") + ";", true
	case "split":
		s, err := p.splitText(pre, expr)
		if err != nil {
			return "", false
		}
		return s, true
	}
	return "", false
}

// splitText prints the ranges of every chunk into rg (see the comment at
// the top).
func (p *pkernel) splitText(pre []ast.Expr, expr func(ast.Expr) string) (string, error) {
	n := p.name
	nb := len(p.batch)
	if len(pre) != 1+2*nb+4+len(p.mask) {
		return "", fmt.Errorf("vector: bad split statement")
	}
	MR, NR := int64(p.mr), int64(p.nv*p.lanes)
	names := p.rangeNames()
	var b strings.Builder
	snt, st, done := n("snt"), n("st"), n("sdone")
	// Rows packMaxThreads and packMaxThreads+1: the whole kernel in the
	// row version, and nothing (see rget).
	fmt.Fprintf(&b, "long long %s[%d][%d];\n", n("rg"), packMaxThreads+2, len(names)+1)
	for k := range names {
		fmt.Fprintf(&b, "%s[%d][%d] = %s;\n", n("rg"), packMaxThreads, k, expr(pre[1+k]))
		fmt.Fprintf(&b, "%s[%d][%d] = %d;\n", n("rg"), packMaxThreads+1, k, 1-k%2)
	}
	fmt.Fprintf(&b, "%s[%d][%d] = %s[%d][%d] = %d;\n", n("rg"), packMaxThreads, len(names), n("rg"), packMaxThreads+1, len(names), nb)
	fmt.Fprintf(&b, "for (int %s = 0; %s < %s; %s++) {\n", st, st, expr(pre[0]), st)
	var decls []string
	for k, nm := range names {
		decls = append(decls, fmt.Sprintf("%s = %s", n("v"+nm), expr(pre[1+k])))
	}
	fmt.Fprintf(&b, "  long long %s;\n", strings.Join(decls, ", "))
	mode := n("vmode")
	fmt.Fprintf(&b, "  const long long %s = %s;\n  int %s = %s <= 1;\n  long long %s = %d;\n", snt, expr(pre[0]), done, snt, mode, nb)
	for k := 0; k < nb; k++ {
		tl, th := n(fmt.Sprintf("vtlb%d", k)), n(fmt.Sprintf("vthb%d", k))
		e, q, rr := n("se"), n("sq"), n("sr")
		fmt.Fprintf(&b, "  if (!%s) {\n    const long long %s = %s - %s + 1;\n", done, e, th, tl)
		fmt.Fprintf(&b, "    if (%s >= %s && (%s %% %s == 0 || %s >= 4 * %s)) {\n", e, snt, e, snt, e, snt)
		fmt.Fprintf(&b, "      const long long %s = %s / %s, %s = %s %% %s;\n", q, e, snt, rr, e, snt)
		fmt.Fprintf(&b, "      %s += %s * %s + (%s < %s ? %s : %s);\n", tl, st, q, st, rr, st, rr)
		fmt.Fprintf(&b, "      %s = %s + %s - 1 + (%s < %s);\n      %s = 1;\n      %s = %d;\n    }\n  }\n", th, tl, q, st, rr, done, mode, k)
	}
	ei, ej := n("sei"), n("sej")
	fmt.Fprintf(&b, "  if (!%s) {\n    const long long %s = %s - %s + 1, %s = %s - %s + 1;\n", done, ei, n("vthi"), n("vtli"), ej, n("vthj"), n("vtlj"))
	fmt.Fprintf(&b, "    if (%s >= 4 * %d * %s || (%s + %d) / %d >= (%s + %d) / %d) {\n", ei, MR, snt, ei, MR-1, MR, ej, NR-1, NR)
	cs := pre[1+len(names):]
	b.WriteString(p.partition(true, MR, cs, expr, "      "))
	fmt.Fprintf(&b, "    } else {\n      %s = %d;\n", mode, nb+1)
	b.WriteString(p.partition(false, NR, cs, expr, "      "))
	b.WriteString("    }\n  }\n")
	for k, nm := range append(names, "mode") {
		fmt.Fprintf(&b, "  %s[%s][%d] = %s;\n", n("rg"), st, k, n("v"+nm))
	}
	b.WriteString("}")
	return b.String(), nil
}

// partition prints the balanced split of the rows (rows) or the columns
// into contiguous ranges of whole units, and narrows the other dimension
// to what the chunk's range meets. cs are the constant parts of the mask
// constraints (parameters only).
func (p *pkernel) partition(rows bool, unit int64, cs []ast.Expr, expr func(ast.Expr) string, ind string) string {
	n := p.name
	np := len(p.params)
	X, Y := p.dimI, p.dimJ
	tlx, thx, tly, thy := n("vtli"), n("vthi"), n("vtlj"), n("vthj")
	if !rows {
		X, Y = Y, X
		tlx, thx, tly, thy = tly, thy, tlx, thx
	}
	x, yl, yh := n("sx"), n("syl"), n("syh")
	// The other dimension's bounds at x: yl, yh and the mask rows
	// aX*x + aY*y + c >= 0.
	lbs := []ast.Expr{id(yl)}
	ubs := []ast.Expr{id(yh)}
	for k, row := range p.mask {
		aX, aY := row[np+X], row[np+Y]
		e := ast.Add(ast.Mul(num(aX), id(x)), ast.CopyExpr(cs[k]))
		switch {
		case aY > 0:
			lbs = append(lbs, ast.CeilDiv(ast.Neg(e), num(aY)))
		case aY < 0:
			ubs = append(ubs, ast.FloorDiv(e, num(-aY)))
		default:
			// Not produced by matchPacked (a mask row uses I and J);
			// a constraint on x alone empties its lines.
			ubs = append(ubs, ast.Select(ast.Ge(e, num(0)), id(yh), ast.Sub(id(yl), num(1))))
		}
	}
	lb, ub := ast.Simplify(ast.Max(lbs...)), ast.Simplify(ast.Min(ubs...))
	w := ast.Simplify(ast.Max(num(0), ast.Add(ast.Sub(ub, lb), num(1))))
	snt, st := n("snt"), n("st")
	tot, cum, lo, s := n("stot"), n("scum"), n("slo"), n("ss")
	var b strings.Builder
	line := func(f string, a ...any) { b.WriteString(ind + fmt.Sprintf(f, a...) + "\n") }
	line("const long long %s = %s, %s = %s, %s = %s, %s = %s;", n("sL"), tlx, n("sH"), thx, yl, tly, yh, thy)
	line("long long %s = 0, %s = 0, %s = %s + 1, %s;", tot, cum, lo, n("sH"), s)
	line("for (long long %s = %s; %s <= %s; %s++)", x, n("sL"), x, n("sH"), x)
	line("  %s += %s;", tot, expr(w))
	line("for (%s = %s; %s <= %s; %s += %d) {", s, n("sL"), s, n("sH"), s, unit)
	line("  if (%s > %s && %s * %s >= %s * %s)", lo, n("sH"), cum, snt, st, tot)
	line("    %s = %s;", lo, s)
	line("  if (%s * %s >= (%s + 1) * %s)", cum, snt, st, tot)
	line("    break;")
	line("  for (long long %s = %s; %s <= %s && %s < %s + %d; %s++)", x, s, x, n("sH"), x, s, unit, x)
	line("    %s += %s;", cum, expr(w))
	line("}")
	line("%s = %s;", tlx, lo)
	line("%s = %s - 1 < %s ? %s - 1 : %s;", thx, s, n("sH"), s, n("sH"))
	return b.String()
}

// asmOK reports whether the reduction loop of the threaded micro-kernel
// is written as one inline asm statement (kasmText): on the avx2 target
// (intrinsics), when its operands (the accumulators, the B vectors, the
// two pointers and the count; an in-out operand counts twice) fit GCC's
// limit of 30 and the B vectors and the broadcast fit in the registers
// left (ymm15, ymm14, ...: clobbered, not operands).
//
// Why: in the function gcc outlines for the parallel loop, the register
// allocator of gcc 12 (-O3 -march=native) kept one B vector of a 6x2
// tile on the stack, or read it from the packed panel at every FMA,
// depending on the code around the tile (slower than the one-thread
// kernel either way; measurements in docs/RESULTS.md); no rewriting of the C around it (tile
// pointer, types of the bounds, separate versions) fixed both. The asm
// loop is the same instruction sequence as the intrinsics the one-thread
// kernel compiles to.
func (p *pkernel) asmOK(t Target) bool {
	return t.Intrinsics && t.Name == "avx2" && 2*p.mr*p.nv+6 <= 30 && p.mr*p.nv+p.nv+1 <= 16
}

// kasmText prints the reduction loop of a micro-tile as inline asm: for
// p in [0, kcT): load the nv vectors of B at bp[jr*kcT + p*NR], and for
// each row r broadcast ap[rowBase*kcT + p*MR + r] and multiply-add it
// with each B vector into accumulator (r, v). Each accumulator receives
// its products in the order of p, as in the intrinsics loop.
func (p *pkernel) kasmText(rowBase string) string {
	n := p.name
	MR, NR := p.mr, p.nv*p.lanes
	es, sfx, bc := 8, "pd", "vbroadcastsd"
	if p.elem == "float" {
		es, sfx, bc = 4, "ps", "vbroadcastss"
	}
	pa, pb, kk := n("kpa"), n("kpb"), n("kk")
	var b strings.Builder
	fmt.Fprintf(&b, "{\n  const %s *%s = &%s[(%s) * %s];\n  const %s *%s = &%s[%s * %s];\n  long long %s = %s;\n",
		p.elem, pa, n("ap"), rowBase, n("kcT"), p.elem, pb, n("bp"), n("jr"), n("kcT"), kk, n("kcT"))
	// Scratch registers: the broadcast in ymm15, B vector v in ymm(14-v).
	reg := func(k int) string { return fmt.Sprintf("%%%%ymm%d", 15-k) }
	var tpl []string
	tpl = append(tpl, "testq %[k], %[k]", "jle 2f", "1:")
	for v := 0; v < p.nv; v++ {
		tpl = append(tpl, fmt.Sprintf("vmova%s %d(%%[pb]), %s", sfx, v*32, reg(1+v)))
	}
	for r := 0; r < MR; r++ {
		tpl = append(tpl, fmt.Sprintf("%s %d(%%[pa]), %s", bc, r*es, reg(0)))
		for v := 0; v < p.nv; v++ {
			tpl = append(tpl, fmt.Sprintf("vfmadd231%s %s, %s, %%[c%d_%d]", sfx, reg(1+v), reg(0), r, v))
		}
	}
	tpl = append(tpl, fmt.Sprintf("addq $%d, %%[pb]", NR*es), fmt.Sprintf("addq $%d, %%[pa]", MR*es), "decq %[k]", "jnz 1b", "2:")
	b.WriteString("  __asm__(\n")
	for _, l := range tpl {
		fmt.Fprintf(&b, "    \"%s\\n\\t\"\n", l)
	}
	outs := []string{fmt.Sprintf("[pa] \"+r\"(%s)", pa), fmt.Sprintf("[pb] \"+r\"(%s)", pb), fmt.Sprintf("[k] \"+r\"(%s)", kk)}
	for r := 0; r < MR; r++ {
		for v := 0; v < p.nv; v++ {
			outs = append(outs, fmt.Sprintf("[c%d_%d] \"+x\"(%s_c%d_%d)", r, v, n(""), r, v))
		}
	}
	clob := []string{`"cc"`, `"memory"`}
	for k := 0; k <= p.nv; k++ {
		clob = append(clob, fmt.Sprintf(`"xmm%d"`, 15-k))
	}
	fmt.Fprintf(&b, "    : %s\n    :\n    : %s);\n}", strings.Join(outs, ", "), strings.Join(clob, ", "))
	return b.String()
}
