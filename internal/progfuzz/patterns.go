package progfuzz

import (
	"strconv"
	"strings"
)

// Kernel-shaped nests: the loop patterns of the benchmark suites (matrix
// products, matrix-vector products, stencils with a time loop, LU-like
// triangular updates, all-pairs shortest paths (min-plus), dot products through a
// scalar), with random sizes, variants and array reuse. They exercise
// what the optimizer does most: tiling, skewing, fusion, vectorization,
// reductions and statement splitting.

// arrayFor returns an array of dims dimensions for a pattern: an existing
// floating-point array half of the time (dependences between nests), else
// a new one.
func (g *gen) arrayFor(dims int) *array {
	if g.chance(0.5) {
		var ok []*array
		for _, a := range g.arrays {
			if a.dims == dims && a.typ != "int" {
				ok = append(ok, a)
			}
		}
		if len(ok) > 0 {
			return g.pickArr(ok)
		}
	}
	t := "double"
	if g.chance(0.15) {
		t = "float"
	}
	name := arrName(len(g.arrays))
	a := &array{name: name, typ: t, dims: dims, min: make([]int64, dims), max: make([]int64, dims)}
	g.arrays = append(g.arrays, a)
	return a
}

// newDouble makes a new double array.
func (g *gen) newDouble(dims int) *array {
	a := &array{name: arrName(len(g.arrays)), typ: "double", dims: dims, min: make([]int64, dims), max: make([]int64, dims)}
	g.arrays = append(g.arrays, a)
	return a
}

// mkLoop makes "for (iter = lo; iter <= hi; iter++)" (printed with < when
// strict) under e.
func (g *gen) mkLoop(iter string, lo, hi aff, strict bool, e env, scope []string) *loop {
	l := &loop{iter: iter, lo: bAffine(lo), hi: bAffine(hi), strict: strict, step: 1}
	r := ival{lo.rng(e).lo, hi.rng(e).hi}
	if r.hi < r.lo {
		r.hi = r.lo
	}
	l.iv = r
	l.scope = append(append([]string(nil), scope...), iter)
	l.env = e.with(iter, r)
	return l
}

// at is an access with exactly these subscripts (no perturbation).
func (g *gen) at(l *loop, a *array, subs ...aff) func() string {
	c := &ctx{l: l, scope: l.scope, env: l.env}
	for d, s := range subs {
		r := s.rng(c.env)
		if !a.used {
			a.min[d], a.max[d] = r.lo, r.hi
		} else {
			a.min[d], a.max[d] = min(a.min[d], r.lo), max(a.max[d], r.hi)
		}
	}
	a.used = true
	g.written = append(g.written, a)
	return func() string { return g.accessText(a, subs) }
}

func v(name string) aff { return affVar(name, 1) }

func text(f func() string) *stmt { return &stmt{f: f} }

// patternNest makes one kernel-shaped nest.
func (g *gen) patternNest() *loop {
	P := func() aff { return v(g.param()) }
	e := g.pval
	switch g.intn(7) {
	case 0, 1: // matrix products: C += A*B, A times its transpose, triangular
		pure := g.chance(0.4) // fresh double arrays, perfect nest: what the packed vector kernels take
		var A, B, C *array
		if pure {
			A, B, C = g.newDouble(2), g.newDouble(2), g.newDouble(2)
		} else {
			A, B, C = g.arrayFor(2), g.arrayFor(2), g.arrayFor(2)
		}
		li := g.mkLoop("i", affConst(0), P().plus(-1), true, e, nil)
		var lj *loop
		tri := g.intn(3)
		if tri == 1 {
			lj = g.mkLoop("j", affConst(0), v("i"), false, li.env, li.scope)
		} else {
			lj = g.mkLoop("j", affConst(0), P().plus(-1), true, li.env, li.scope)
		}
		var lk *loop
		if tri == 2 {
			lk = g.mkLoop("k", v("i").plus(1), P().plus(-1), true, lj.env, lj.scope)
		} else {
			lk = g.mkLoop("k", affConst(0), P().plus(-1), true, lj.env, lj.scope)
		}
		li.kids, lj.kids = []*loop{lj}, []*loop{lk}
		c, a := g.at(lk, C, v("i"), v("j")), g.at(lk, A, v("i"), v("k"))
		var b func() string
		switch x := g.intn(10); {
		case x < 3:
			b = g.at(lk, A, v("j"), v("k")) // A times its transpose: A[i][k] * A[j][k]
		case x < 5: // A[k][i] * A[k][j] (what --split cuts)
			a, b = g.at(lk, A, v("k"), v("i")), g.at(lk, A, v("k"), v("j"))
		default:
			b = g.at(lk, B, v("k"), v("j"))
		}
		scale := ""
		if g.alpha && g.chance(0.5) {
			scale = "alpha * "
		} else if g.chance(0.5) {
			scale = "0.5 * "
		}
		lk.pre = []node{text(func() string { return c() + " += " + scale + a() + " * " + b() + ";" })}
		if !pure && g.chance(0.5) {
			cc := g.at(lj, C, v("i"), v("j"))
			lj.pre = []node{text(func() string { return cc() + " *= 0.5;" })}
		}
		return li
	case 2: // matrix-vector products (A*x or its transpose, one or two per nest)
		A, x, y := g.arrayFor(2), g.arrayFor(1), g.arrayFor(1)
		li := g.mkLoop("i", affConst(0), P().plus(-1), true, e, nil)
		lj := g.mkLoop("j", affConst(0), P().plus(-1), true, li.env, li.scope)
		li.kids = []*loop{lj}
		yi, aij, aji, xj := g.at(lj, y, v("i")), g.at(lj, A, v("i"), v("j")), g.at(lj, A, v("j"), v("i")), g.at(lj, x, v("j"))
		m := aij
		if g.chance(0.4) {
			m = aji
		}
		lj.pre = []node{text(func() string { return yi() + " += " + m() + " * " + xj() + ";" })}
		if g.chance(0.5) {
			y0 := g.at(li, y, v("i"))
			li.pre = []node{text(func() string { return y0() + " = 0.0;" })}
		}
		if g.chance(0.4) { // a second product in the same nest
			z, w := g.arrayFor(1), g.arrayFor(1)
			zj, wi := g.at(lj, z, v("j")), g.at(lj, w, v("i"))
			lj.pre = append(lj.pre, text(func() string { return zj() + " = " + zj() + " + " + wi() + " * " + aij() + ";" }))
		}
		return li
	case 3: // stencils with a time loop (in place, or ping-pong between two arrays)
		two := g.chance(0.6)
		A := g.arrayFor(1)
		if two {
			A = g.arrayFor(2)
		}
		B := g.arrayFor(A.dims)
		p := P()
		// The time bound: a constant (t <= 1 .. 4) or, like the benchmark
		// suites' TSTEPS, a size macro (t < P).
		lt := g.mkLoop("t", affConst(0), affConst(int64(g.between(1, 4))), false, e, nil)
		if g.chance(0.6) {
			lt = g.mkLoop("t", affConst(0), P().plus(-1), true, e, nil)
		}
		sweep := func(dst, src *array, inPlace bool) *loop {
			li := g.mkLoop("i", affConst(1), p.plus(-2), true, lt.env, lt.scope)
			in := li
			subs := func(di, dj int64) []aff {
				if !two {
					return []aff{v("i").plus(di)}
				}
				return []aff{v("i").plus(di), v("j").plus(dj)}
			}
			if two {
				lj := g.mkLoop("j", affConst(1), p.plus(-2), true, li.env, li.scope)
				li.kids = []*loop{lj}
				in = lj
			}
			d := g.at(in, dst, subs(0, 0)...)
			var nb []func() string
			nb = append(nb, g.at(in, src, subs(0, 0)...), g.at(in, src, subs(-1, 0)...), g.at(in, src, subs(1, 0)...))
			if two {
				nb = append(nb, g.at(in, src, subs(0, -1)...), g.at(in, src, subs(0, 1)...))
			}
			in.pre = []node{text(func() string {
				var ts []string
				for _, f := range nb {
					ts = append(ts, f())
				}
				return d() + " = 0.2 * (" + strings.Join(ts, " + ") + ");"
			})}
			return li
		}
		if !two || g.chance(0.4) {
			lt.kids = []*loop{sweep(A, A, true)} // in place
		} else {
			lt.kids = []*loop{sweep(B, A, false), sweep(A, B, false)} // ping-pong
		}
		return lt
	case 4: // LU-like triangular update
		A := g.arrayFor(2)
		p := P()
		lk := g.mkLoop("k", affConst(0), p.plus(-1), true, e, nil)
		l1 := g.mkLoop("i", v("k").plus(1), p.plus(-1), true, lk.env, lk.scope)
		l2 := g.mkLoop("i", v("k").plus(1), p.plus(-1), true, lk.env, lk.scope)
		l3 := g.mkLoop("j", v("k").plus(1), p.plus(-1), true, l2.env, l2.scope)
		l2.kids = []*loop{l3}
		lk.kids = []*loop{l1, l2}
		aik := g.at(l1, A, v("i"), v("k"))
		if g.chance(0.5) { // divisions by the pivot (inf and nan print the same everywhere)
			akk := g.at(l1, A, v("k"), v("k"))
			l1.pre = []node{text(func() string { return aik() + " = " + aik() + " / " + akk() + ";" })}
		} else {
			l1.pre = []node{text(func() string { return aik() + " = " + aik() + " * 0.5;" })}
		}
		aij, aik3, akj := g.at(l3, A, v("i"), v("j")), g.at(l3, A, v("i"), v("k")), g.at(l3, A, v("k"), v("j"))
		l3.pre = []node{text(func() string { return aij() + " -= " + aik3() + " * " + akj() + ";" })}
		return lk
	case 5: // all-pairs shortest paths: min-plus
		A := g.arrayFor(2)
		p := P()
		lk := g.mkLoop("k", affConst(0), p.plus(-1), true, e, nil)
		li := g.mkLoop("i", affConst(0), p.plus(-1), true, lk.env, lk.scope)
		lj := g.mkLoop("j", affConst(0), p.plus(-1), true, li.env, li.scope)
		lk.kids, li.kids = []*loop{li}, []*loop{lj}
		aij, aik, akj := g.at(lj, A, v("i"), v("j")), g.at(lj, A, v("i"), v("k")), g.at(lj, A, v("k"), v("j"))
		lj.pre = []node{text(func() string {
			return aij() + " = " + aij() + " < " + aik() + " + " + akj() + " ? " + aij() + " : " + aik() + " + " + akj() + ";"
		})}
		return lk
	default: // dot products through a scalar, triangular
		A, x, y := g.arrayFor(2), g.arrayFor(1), g.arrayFor(1)
		p := P()
		li := g.mkLoop("i", affConst(0), p.plus(-1), true, e, nil)
		hi := p.plus(-1)
		if g.chance(0.5) {
			hi = v("i")
		}
		lj := g.mkLoop("j", affConst(0), hi, !hi.uses("i"), li.env, li.scope)
		li.kids = []*loop{lj}
		g.tmpN++
		s := "t" + strconv.Itoa(g.tmpN)
		decl := g.chance(0.5)
		if !decl {
			sc := &scalar{name: "s" + strconv.Itoa(len(g.scalars)), typ: "double", global: g.chance(0.5)}
			g.scalars = append(g.scalars, sc)
			s = sc.name
		}
		init := s + " = 0.0;"
		if decl {
			init = "double " + init
		}
		aij, xj, yi := g.at(lj, A, v("i"), v("j")), g.at(lj, x, v("j")), g.at(li, y, v("i"))
		li.pre = []node{&stmt{text: init}}
		lj.pre = []node{text(func() string { return s + " += " + aij() + " * " + xj() + ";" })}
		li.post = []node{text(func() string { return yi() + " = 0.5 * " + s + ";" })}
		return li
	}
}
