package progfuzz

import (
	"math/rand/v2"
	"strconv"
	"strings"
)

// PolyBench style: a fraction of the programs (pbShare, chosen by a draw
// of its own so that the other programs stay byte for byte what they were)
// are written the way the benchmark files are. The kernel takes the sizes
// as int parameters (n, m, p) and the arrays as parameters, with the
// extents of the global arrays (size macros) or, for some programs, C99
// VLA extents in the int parameters ("DATA_TYPE A[n + 2][m]"); bounds and
// subscripts use the int parameters and _PB_N-style macros that expand to
// them; the floating-point type is DATA_TYPE, chosen by the preprocessor
// (float when DATA_TYPE_IS_FLOAT is defined, see FloatTwin), constants are
// sometimes written SCALAR_VAL(0.5). Scalar temporaries are locals of the
// kernel declared before the region without an initializer and used as
// accumulators inside the nests (t = 0; for k: t += ...; A[i][j] = ...
// t ...: symmetric products, LU decomposition, column norms), never read before they are
// written in the same iteration; some scalars are read after the region
// (printed through a global), so their final value counts.

// pbShare is the fraction of PolyBench-style programs.
const pbShare = 0.4

// isPB says whether seed's program is PolyBench style.
func isPB(seed uint64) bool {
	return rand.New(rand.NewPCG(seed, 0x9b5ca1e)).Float64() < pbShare
}

// setupPB switches g to PolyBench style (after the parameters are drawn).
func (g *gen) setupPB() {
	g.pb = true
	g.kparam = ""
	g.aliases = nil
	g.kparams = nil
	g.pbAlias = g.chance(0.7)
	for _, p := range g.params {
		lp := strings.ToLower(p)
		g.kparams = append(g.kparams, lp)
		g.pval[lp] = g.pval[p]
		if g.pbAlias {
			g.aliases = append(g.aliases, "_PB_"+p)
			g.pval["_PB_"+p] = g.pval[p]
		}
	}
	g.dtype = true
	g.passArr = true
	g.vla = g.chance(0.35)
	g.scalarVal = g.chance(0.6)
}

// pbBoundParams are the names bounds use in a PolyBench-style kernel: the
// _PB_ macros when the program has them (mostly), else the int parameters.
func (g *gen) pbBoundParams() []string {
	if g.pbAlias && g.chance(0.8) {
		return g.aliases
	}
	return g.kparams
}

// newLocal makes a kernel-local scalar declared before the region without
// an initializer (dead after the region).
func (g *gen) newLocal(prefix, typ string) *scalar {
	g.tmpN++
	s := &scalar{name: prefix + strconv.Itoa(g.tmpN), typ: typ}
	g.locals = append(g.locals, s)
	return s
}

// pbScalar is the accumulator of a PolyBench-style nest: a dead local, or
// (live) a local printed after the kernel, whose final value counts.
func (g *gen) pbScalar(prefix string) *scalar {
	if g.chance(0.35) {
		s := &scalar{name: prefix + "_" + strconv.Itoa(len(g.scalars)), typ: "double"}
		g.scalars = append(g.scalars, s)
		return s
	}
	return g.newLocal(prefix, "double")
}

// sv spells a floating-point constant, through SCALAR_VAL when the program
// uses it.
func (g *gen) sv(k string) string {
	if g.pb && g.scalarVal && !strings.HasPrefix(k, "-") && strings.Contains(k, ".") { // 1##f is no constant
		return "SCALAR_VAL(" + k + ")"
	}
	return k
}

// pbNest makes one PolyBench-shaped nest with a scalar temporary.
func (g *gen) pbNest() *loop {
	P := func() aff { return v(g.param()) }
	e := g.pval
	switch g.intn(5) {
	case 0: // a symmetric product: C[k][j] += ...; temp += ...; C[i][j] = ... temp ...
		A, B, C := g.arrayFor(2), g.arrayFor(2), g.arrayFor(2)
		t := g.pbScalar("temp")
		li := g.mkLoop("i", affConst(0), P().plus(-1), true, e, nil)
		lj := g.mkLoop("j", affConst(0), P().plus(-1), true, li.env, li.scope)
		lk := g.mkLoop("k", affConst(0), v("i").plus(-1), true, lj.env, lj.scope)
		li.kids, lj.kids = []*loop{lj}, []*loop{lk}
		ckj, bij, aik, bkj := g.at(lk, C, v("k"), v("j")), g.at(lk, B, v("i"), v("j")), g.at(lk, A, v("i"), v("k")), g.at(lk, B, v("k"), v("j"))
		cij, bij2, aii := g.at(lj, C, v("i"), v("j")), g.at(lj, B, v("i"), v("j")), g.at(lj, A, v("i"), v("i"))
		scale := g.sv("0.5")
		if g.alpha {
			scale = "alpha"
		}
		lj.pre = []node{text(func() string { return t.name + " = " + g.sv("0.0") + ";" })}
		lk.pre = []node{
			text(func() string { return ckj() + " += " + scale + " * " + bij() + " * " + aik() + ";" }),
			text(func() string { return t.name + " += " + bkj() + " * " + aik() + ";" }),
		}
		lj.post = []node{text(func() string {
			return cij() + " = " + g.sv("0.5") + " * " + cij() + " + " + scale + " * " + bij2() + " * " + aii() + " + " + scale + " * " + t.name + ";"
		})}
		return li
	case 1: // an LU decomposition through a scalar: w = A[i][j]; for k: w -= A[i][k] * A[k][j]; A[i][j] = w / A[j][j] (then the upper part)
		A := g.arrayFor(2)
		w := g.pbScalar("w")
		p := P()
		li := g.mkLoop("i", affConst(0), p.plus(-1), true, e, nil)
		lj1 := g.mkLoop("j", affConst(0), v("i").plus(-1), true, li.env, li.scope)
		lk1 := g.mkLoop("k", affConst(0), v("j").plus(-1), true, lj1.env, lj1.scope)
		lj1.kids = []*loop{lk1}
		li.kids = []*loop{lj1}
		aij, aik, akj, ajj := g.at(lk1, A, v("i"), v("j")), g.at(lk1, A, v("i"), v("k")), g.at(lk1, A, v("k"), v("j")), g.at(lj1, A, v("j"), v("j"))
		k := g.sv("0.125")
		lj1.pre = []node{text(func() string { return w.name + " = " + aij() + ";" })}
		lk1.pre = []node{text(func() string { return w.name + " -= " + k + " * " + aik() + " * " + akj() + ";" })}
		div := g.chance(0.5)
		lj1.post = []node{text(func() string {
			if div {
				return aij() + " = " + w.name + " / " + ajj() + ";"
			}
			return aij() + " = " + w.name + " / (" + g.sv("1.0") + " + fabs(" + ajj() + "));"
		})}
		if g.chance(0.7) {
			lj2 := g.mkLoop("j", v("i"), p.plus(-1), true, li.env, li.scope)
			lk2 := g.mkLoop("k", affConst(0), v("i").plus(-1), true, lj2.env, lj2.scope)
			lj2.kids = []*loop{lk2}
			li.kids = append(li.kids, lj2)
			aij2, aik2, akj2 := g.at(lk2, A, v("i"), v("j")), g.at(lk2, A, v("i"), v("k")), g.at(lk2, A, v("k"), v("j"))
			lj2.pre = []node{text(func() string { return w.name + " = " + aij2() + ";" })}
			lk2.pre = []node{text(func() string { return w.name + " -= " + k + " * " + aik2() + " * " + akj2() + ";" })}
			lj2.post = []node{text(func() string { return aij2() + " = " + w.name + ";" })}
		}
		return li
	case 2: // forward or backward substitution through w
		A, b, x := g.arrayFor(2), g.arrayFor(1), g.arrayFor(1)
		w := g.pbScalar("w")
		p := P()
		li := g.mkLoop("i", affConst(0), p.plus(-1), true, e, nil)
		var lj *loop
		back := g.chance(0.5)
		if back {
			li.step = -1
			lj = g.mkLoop("j", v("i").plus(1), p.plus(-1), true, li.env, li.scope)
		} else {
			lj = g.mkLoop("j", affConst(0), v("i").plus(-1), true, li.env, li.scope)
		}
		li.kids = []*loop{lj}
		bi, aij, xj, xi, aii := g.at(li, b, v("i")), g.at(lj, A, v("i"), v("j")), g.at(lj, x, v("j")), g.at(li, x, v("i")), g.at(li, A, v("i"), v("i"))
		k := g.sv("0.25")
		li.pre = []node{text(func() string { return w.name + " = " + bi() + ";" })}
		lj.pre = []node{text(func() string { return w.name + " -= " + k + " * " + aij() + " * " + xj() + ";" })}
		li.post = []node{text(func() string {
			if back {
				return xi() + " = " + w.name + " / (" + g.sv("2.0") + " + fabs(" + aii() + "));"
			}
			return xi() + " = " + w.name + ";"
		})}
		return li
	case 3: // a column norm and normalization: nrm = 0; for i: nrm += A[i][k]^2; for i: Q[i][k] = A[i][k] / (1 + sqrt(nrm)); R[k] = sqrt(nrm)
		A, Q, R := g.arrayFor(2), g.arrayFor(2), g.arrayFor(1)
		s := g.pbScalar("nrm")
		p1, p2 := P(), P()
		lk := g.mkLoop("k", affConst(0), p2.plus(-1), true, e, nil)
		li1 := g.mkLoop("i", affConst(0), p1.plus(-1), true, lk.env, lk.scope)
		li2 := g.mkLoop("i", affConst(0), p1.plus(-1), true, lk.env, lk.scope)
		lk.kids = []*loop{li1, li2}
		a1, a2, q, r := g.at(li1, A, v("i"), v("k")), g.at(li2, A, v("i"), v("k")), g.at(li2, Q, v("i"), v("k")), g.at(lk, R, v("k"))
		lk.pre = []node{text(func() string { return s.name + " = " + g.sv("0.0") + ";" })}
		li1.pre = []node{text(func() string { return s.name + " += " + a1() + " * " + a1() + ";" })}
		li2.pre = []node{text(func() string { return q() + " = " + a2() + " / (" + g.sv("1.0") + " + sqrt(" + s.name + "));" })}
		lk.post = []node{text(func() string { return r() + " = sqrt(" + s.name + ");" })}
		return lk
	default: // a value carried to the inner loop: w = f(A[i][..]); for j: B[i][j] += w * x[j]
		A, B, x := g.arrayFor(2), g.arrayFor(2), g.arrayFor(1)
		w := g.pbScalar("w")
		li := g.mkLoop("i", affConst(0), P().plus(-1), true, e, nil)
		lj := g.mkLoop("j", affConst(0), P().plus(-1), true, li.env, li.scope)
		li.kids = []*loop{lj}
		ai0, bij, xj := g.at(li, A, v("i"), v("i")), g.at(lj, B, v("i"), v("j")), g.at(lj, x, v("j"))
		li.pre = []node{text(func() string { return w.name + " = " + g.sv("0.5") + " * " + ai0() + ";" })}
		lj.pre = []node{text(func() string { return bij() + " += " + w.name + " * " + xj() + ";" })}
		return li
	}
}

// pbParamDims spells the extents of a as a kernel parameter: the size
// macros, or with VLA extents the int parameters.
func (g *gen) pbParamDims(a *array) string {
	if !g.vla {
		return dimsText(a)
	}
	s := ""
	for _, e := range a.macroExt {
		for i, p := range g.params {
			if e == p || strings.HasPrefix(e, p+" ") {
				e = g.kparams[i] + e[len(p):]
				break
			}
		}
		s += "[" + e + "]"
	}
	return s
}

// pbHeader is the preprocessor selection of the element type.
const pbHeader = `#ifdef DATA_TYPE_IS_FLOAT
# define DATA_TYPE float
# define SCALAR_VAL(x) x##f
#else
# define DATA_TYPE double
# define SCALAR_VAL(x) x
#endif
`
