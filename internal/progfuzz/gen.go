package progfuzz

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
)

// Program is one generated C file.
type Program struct {
	Seed   uint64
	Name   string // scratch directory name; default seed-SEED
	Source string
}

// Generate returns the program of seed (a pure function of the seed).
func Generate(seed uint64) Program {
	for try := uint64(0); ; try++ {
		g := &gen{r: rand.New(rand.NewPCG(seed, 0x7e55e7a+try)), seed: seed}
		src := g.program()
		ok := true
		for _, a := range g.arrays {
			if count(a) > maxElems {
				ok = false
			}
		}
		if ok || try > 50 {
			return Program{Seed: seed, Source: src}
		}
	}
}

// maxElems bounds the elements of one array (the dump buffer of the
// printed program holds 1 << 22).
const maxElems = 1 << 20

type array struct {
	name     string
	typ      string // double, float, int
	dims     int
	used     bool
	min, max []int64
	ext      []int64
	base     []int64
	macroExt []string // extent as written
}

type scalar struct {
	name   string
	typ    string
	global bool // printed after the kernel
}

// node is a statement of the region: *loop, *ifNode or *stmt.
type node interface{}

type loop struct {
	iter   string
	lo, hi *bexp // inclusive bounds
	strict bool  // print the upper bound as "< hi + 1" (aff only)
	twice  *bexp // when set, the condition is "2 * iter < twice" instead of hi
	step   int   // 1, 2 or -1
	iv     ival  // over-approximated range of iter
	env    env   // the environment inside the loop (iter included)
	scope  []string
	pre    []node
	kids   []*loop
	post   []node
	wrap   *cond // when set, the child loops sit in "if (wrap) { ... }"
}

type ifNode struct {
	c    *cond
	then []node
	els  []node
}

type stmt struct {
	text string // rendered at the end through the closure
	f    func() string
}

// cond is an affine condition.
type cond struct {
	op   string // "<", "<=", "==", "!=", ">", ">=", "&&", "||", "%", "!"
	a, b aff
	x, y *cond
	m, r int64 // a % m == r
}

func (c *cond) String() string {
	switch c.op {
	case "&&", "||":
		return "(" + c.x.String() + " " + c.op + " " + c.y.String() + ")"
	case "!":
		return "!(" + c.x.String() + ")"
	case "%":
		return "(" + c.a.String() + ") % " + strconv.FormatInt(c.m, 10) + " == " + strconv.FormatInt(c.r, 10)
	}
	return c.a.String() + " " + c.op + " " + c.b.String()
}

type gen struct {
	r       *rand.Rand
	seed    uint64
	params  []string
	pval    env
	arrays  []*array
	scalars []*scalar // global and function-local
	kparam  string    // int parameter of the kernel standing for params[0], or ""
	alpha   bool      // kernel has a double parameter alpha
	passArr bool      // arrays passed as kernel parameters
	outerIt bool      // iterators declared in the function, not in the for
	written []*array  // arrays written so far (bias reads to them)
	tmpN    int
	nests   []*loop
	simple  bool     // kernel-like: simple bounds and subscripts
	aliases []string // _PB_N for N, usable in bounds and subscripts
	dtype   bool     // double written as DATA_TYPE
	// split > 0: the nests from split on go to a second region
	// (twoRegions, same function) or a second kernel function.
	split      int
	twoRegions bool
	// PolyBench style (polybench.go).
	pb      bool
	pbAlias bool // bounds through _PB_N macros expanding to n
	vla     bool // array parameters with VLA extents (n, m)
	// linear passes the arrays of two or more dims as pointers indexed
	// with one subscript, row lengths named by macros: A[(i)*LD_A1 +
	// (j)] (the front end delinearizes them, under a run-time check of
	// LD_A1 against the loop bounds). Decided from the seed without
	// drawing from the generator, so that the other seeds' programs
	// stay as they were.
	linear    bool
	scalarVal bool      // constants written SCALAR_VAL(0.5)
	kparams   []string  // int parameters of the kernel: n, m, p
	locals    []*scalar // kernel locals declared before the region, uninitialized
}

func (g *gen) intn(n int) int             { return g.r.IntN(n) }
func (g *gen) chance(p float64) bool      { return g.r.Float64() < p }
func (g *gen) between(a, b int) int       { return a + g.r.IntN(b-a+1) }
func (g *gen) pick(xs []string) string    { return xs[g.intn(len(xs))] }
func (g *gen) pickArr(xs []*array) *array { return xs[g.intn(len(xs))] }

func (g *gen) program() string {
	g.simple = g.chance(0.5)
	np := g.between(1, 3)
	if g.simple {
		np = g.between(1, 2)
	}
	names := []string{"N", "M", "P"}
	g.pval = env{}
	big := g.chance(0.35)
	for i := 0; i < np; i++ {
		g.params = append(g.params, names[i])
		v := int64(g.between(4, 14))
		if big { // several tiles of the default sizes, vector remainders
			v = int64(g.between(15, 70))
		}
		g.pval[names[i]] = ival{v, v}
	}
	if g.chance(0.25) {
		g.kparam = "n"
		g.pval["n"] = g.pval[g.params[0]]
	}
	if g.chance(0.2) { // PolyBench's _PB_N aliases
		for _, p := range g.params {
			g.aliases = append(g.aliases, "_PB_"+p)
			g.pval["_PB_"+p] = g.pval[p]
		}
	}
	g.dtype = g.chance(0.3)
	g.alpha = g.chance(0.4)
	g.passArr = g.chance(0.3)
	g.outerIt = g.chance(0.25)
	if isPB(g.seed) {
		g.setupPB()
	}
	g.linear = g.passArr && (g.seed*2654435761>>7)%100 < 30
	na := g.between(2, 5)
	for i := 0; i < na; i++ {
		t := "double"
		switch x := g.intn(10); {
		case x < 2:
			t = "int"
		case x < 3:
			t = "float"
		}
		a := &array{name: arrName(i), typ: t, dims: g.between(1, 3)}
		a.min = make([]int64, a.dims)
		a.max = make([]int64, a.dims)
		g.arrays = append(g.arrays, a)
	}
	ns := g.between(0, 2)
	for i := 0; i < ns; i++ {
		t := "double"
		if g.chance(0.2) {
			t = "int"
		}
		g.scalars = append(g.scalars, &scalar{name: "s" + strconv.Itoa(i), typ: t, global: g.chance(0.5)})
	}
	nn := g.between(1, 3)
	for i := 0; i < nn; i++ {
		if g.pb && g.chance(0.5) {
			g.nests = append(g.nests, g.pbNest())
		} else if g.chance(0.45) {
			g.nests = append(g.nests, g.patternNest())
		} else {
			g.nests = append(g.nests, g.nest())
		}
	}
	if len(g.nests) >= 2 && g.chance(0.3) {
		g.split = g.between(1, len(g.nests)-1)
		g.twoRegions = g.chance(0.5)
	}
	g.finishArrays()
	return g.render()
}

// nest builds one loop nest: the skeleton with bounds first, then the
// statements placed in its bodies.
func (g *gen) nest() *loop {
	for try := 0; ; try++ {
		depth := 3
		switch x := g.intn(20); {
		case x < 2:
			depth = 1
		case x < 7:
			depth = 2
		case x < 15:
		default:
			depth = 4
		}
		if try > 10 {
			depth = 1
		}
		root := g.skeleton(0, depth, g.pval, nil)
		if root == nil || work(root, 1) > 400000 {
			continue
		}
		g.fill(root, depth)
		return root
	}
}

// work is an over-approximation of the number of statement executions.
func work(l *loop, outer int64) int64 {
	n := outer * (l.iv.hi - l.iv.lo + 1)
	w := n
	for _, k := range l.kids {
		w += work(k, n)
	}
	return w
}

var iterNames = []string{"i", "j", "k", "l"}

func (g *gen) skeleton(level, depth int, e env, scope []string) *loop {
	l := &loop{iter: iterNames[level], step: 1}
	ok := false
	for try := 0; try < 20 && !ok; try++ {
		ok = g.bounds(l, e, scope)
	}
	if !ok {
		l.lo, l.hi, l.twice = bAffine(affConst(0)), bAffine(affVar(g.params[0], 1).plus(-1)), nil
		l.strict = true
		l.iv = ival{0, g.pval[g.params[0]].hi - 1}
	}
	switch x := g.intn(100); {
	case g.simple && x > 4:
	case x < 6:
		l.step = 2
	case x < 13:
		l.step = -1
	}
	l.scope = append(append([]string(nil), scope...), l.iter)
	l.env = e.with(l.iter, l.iv)
	if level+1 < depth {
		l.kids = append(l.kids, g.skeleton(level+1, depth, l.env, l.scope))
		if level >= 0 && g.chance(0.2) {
			l.kids = append(l.kids, g.skeleton(level+1, g.between(level+2, depth), l.env, l.scope))
		}
		if g.chance(0.12) {
			l.wrap = g.cond(l.scope, l.env)
		}
	}
	return l
}

func (g *gen) param() string { return g.pick(g.boundParams()) }

func (g *gen) boundParams() []string {
	if g.pb {
		return g.pbBoundParams()
	}
	ps := append([]string(nil), g.params...)
	if g.kparam != "" {
		ps = append(ps, g.kparam)
	}
	return append(ps, g.aliases...)
}

// bounds picks the lower and upper bound of l from the outer iterators in
// scope; false when the loop would always be empty.
func (g *gen) bounds(l *loop, e env, scope []string) bool {
	var o string
	if len(scope) > 0 {
		o = scope[g.intn(len(scope))]
	}
	p := g.param()
	l.strict, l.twice = false, nil
	if g.simple {
		return g.simpleBounds(l, e, o, p)
	}
	// Lower bound.
	switch x := g.intn(100); {
	case x < 45 || o == "":
		l.lo = bAffine(affConst(int64(g.between(0, 1) * g.between(0, 2))))
	case x < 65:
		l.lo = bAffine(affVar(o, 1).plus(int64(g.between(0, 1))))
	case x < 75:
		l.lo = &bexp{kind: bMax, x: bAffine(affConst(0)), y: bAffine(affVar(o, 1).plus(-int64(g.between(1, 3)))), style: g.intn(2)}
	case x < 82:
		l.lo = &bexp{kind: bDiv, x: bAffine(affVar(o, 1)), d: 2}
	case x < 90 && len(scope) >= 2:
		l.lo = bAffine(affVar(scope[0], 1).add(affVar(scope[len(scope)-1], -1)))
	default:
		l.lo = bAffine(affVar(p, 1).add(affVar(o, -1)).plus(-1))
	}
	// Upper bound (inclusive).
	switch x := g.intn(100); {
	case x < 35 || o == "":
		l.hi = bAffine(affVar(p, 1).plus(-1))
		l.strict = true
		if g.chance(0.2) {
			l.hi = bAffine(affVar(p, 1).plus(-int64(g.between(2, 3))))
			l.strict = false
		}
	case x < 50:
		l.hi = bAffine(affVar(o, 1).plus(-int64(g.between(0, 1))))
		l.strict = g.chance(0.5)
	case x < 60:
		l.hi = bAffine(affVar(p, 1).add(affVar(o, -1)).plus(-1))
		l.strict = g.chance(0.5)
	case x < 70:
		l.hi = &bexp{kind: bMin, x: bAffine(affVar(p, 1).plus(-1)), y: bAffine(affVar(o, 1).plus(int64(g.between(1, 4)))), style: g.intn(3)}
	case x < 77 && len(scope) >= 2:
		l.hi = bAffine(affVar(scope[0], 1).add(affVar(scope[1], 1)))
		l.strict = g.chance(0.5)
	case x < 84:
		l.hi = &bexp{kind: bDiv, x: bAffine(affVar(p, 1).add(affVar(o, 1))), d: int64(g.between(2, 3))}
	case x < 92 && g.chance(0.05): // cfront rejects "2 * j < e": rare
		l.twice = bAffine(affVar(p, 1).add(affVar(o, -1)))
		if g.chance(0.5) {
			l.twice = bAffine(affVar(p, 1))
		}
	default:
		l.hi = bAffine(affVar(o, 1).plus(int64(g.between(1, 3))))
		l.strict = true
	}
	lo := l.lo.rng(e).lo
	var hi int64
	if l.twice != nil {
		hi = floorDiv(l.twice.rng(e).hi-1, 2)
		l.hi = nil
	} else {
		hi = l.hi.rng(e).hi
	}
	if hi < lo {
		return false
	}
	l.iv = ival{lo, hi}
	return true
}

// slot is a place statements can go: a body of a loop, before or after
// its child loops.
type slot struct {
	l    *loop
	post bool
}

func (g *gen) fill(root *loop, depth int) {
	var leaves, slots []slot
	var walk func(l *loop)
	walk = func(l *loop) {
		if len(l.kids) == 0 {
			leaves = append(leaves, slot{l, false})
			slots = append(slots, slot{l, false})
			return
		}
		slots = append(slots, slot{l, false}, slot{l, true})
		for _, k := range l.kids {
			walk(k)
		}
	}
	walk(root)
	n := g.between(1, 4)
	for _, lf := range leaves {
		g.place(lf, g.statement(lf.l))
		n--
	}
	// The scalar reduction pattern: s = 0; for (...) s += e; W = s.
	if len(root.kids) > 0 && g.chance(0.3) {
		outer := root
		for outer != nil && len(outer.kids) > 0 && g.chance(0.4) {
			if len(outer.kids[0].kids) == 0 {
				break
			}
			outer = outer.kids[0]
		}
		g.scalarReduction(outer)
		n -= 3
	}
	for ; n > 0; n-- {
		s := slots[g.intn(len(slots))]
		g.place(s, g.statement(s.l))
	}
}

func (g *gen) place(s slot, n node) {
	if g.chance(0.15) {
		c := g.cond(s.l.scope, s.l.env)
		in := &ifNode{c: c, then: []node{n}}
		if g.chance(0.3) {
			in.els = []node{g.statement(s.l)}
		}
		n = in
	}
	if s.post {
		s.l.post = append(s.l.post, n)
	} else if g.chance(0.5) {
		s.l.pre = append(s.l.pre, n)
	} else {
		s.l.pre = append([]node{n}, s.l.pre...)
	}
}

// cond is an affine condition on the iterators in scope.
func (g *gen) cond(scope []string, e env) *cond {
	last := ""
	it := func() aff {
		v := scope[g.intn(len(scope))]
		if v == last && len(scope) > 1 {
			v = scope[g.intn(len(scope))]
		}
		last = v
		return affVar(v, 1)
	}
	var c *cond
	switch x := g.intn(100); {
	case x < 30:
		c = &cond{op: g.pick([]string{"<", "<=", ">", ">=", "!="}), a: it(), b: it().plus(int64(g.between(-1, 1)))}
	case x < 50:
		c = &cond{op: g.pick([]string{"<", "<=", ">="}), a: it().add(it()), b: affVar(g.param(), 1)}
	case x < 62:
		m := int64(g.between(2, 3))
		c = &cond{op: "%", a: it().add(it()), m: m, r: int64(g.intn(int(m)))}
	case x < 75:
		c = &cond{op: g.pick([]string{">", "<", "=="}), a: it(), b: affConst(int64(g.between(0, 4)))}
	case x < 90:
		c = &cond{op: g.pick([]string{"&&", "||"}), x: g.cond(scope, e), y: g.cond(scope, e)}
	default:
		c = &cond{op: "!", x: g.cond(scope, e)}
	}
	return c
}

// ---- statements ----

type ctx struct {
	l     *loop
	scope []string
	env   env
	temps []*scalar // region-local temporaries in scope
}

func (g *gen) statement(l *loop) node {
	c := &ctx{l: l, scope: l.scope, env: l.env}
	return g.assign(c, nil, "")
}

// scalarReduction adds, at loop outer: s = 0 (pre), s += e (in the first
// leaf below), W = f(s) (post). s is a global/local scalar or a region-local
// declaration.
func (g *gen) scalarReduction(outer *loop) {
	leaf := outer.kids[0]
	for len(leaf.kids) > 0 {
		leaf = leaf.kids[0]
	}
	typ := "double"
	if g.chance(0.2) {
		typ = "int"
	}
	var s *scalar
	decl := g.chance(0.4)
	if g.pb && g.chance(0.6) { // a kernel local declared before the region
		decl = false
		s = g.newLocal("acc", typ)
	}
	if !decl && s == nil {
		for _, x := range g.scalars {
			if x.typ == typ {
				s = x
			}
		}
	}
	if s == nil && !decl {
		s = &scalar{name: "s" + strconv.Itoa(len(g.scalars)), typ: typ, global: g.chance(0.5)}
		g.scalars = append(g.scalars, s)
	}
	if s == nil {
		g.tmpN++
		s = &scalar{name: "t" + strconv.Itoa(g.tmpN), typ: typ}
	}
	init := "0"
	if typ == "double" {
		init = "0.0"
	}
	if typ == "double" && g.pb {
		init = g.sv("0.0")
	}
	if decl {
		outer.pre = append(outer.pre, &stmt{text: typ + " " + s.name + " = " + init + ";"})
	} else {
		outer.pre = append(outer.pre, &stmt{text: s.name + " = " + init + ";"})
	}
	lc := &ctx{l: leaf, scope: leaf.scope, env: leaf.env}
	if decl {
		lc.temps = []*scalar{s}
	}
	leaf.post = append(leaf.post, g.assignTo(lc, "", s, typ, "+="))
	oc := &ctx{l: outer, scope: outer.scope, env: outer.env, temps: lc.temps}
	outer.post = append(outer.post, g.assign(oc, s, ""))
}

// assign makes "W op e;" where W is an array element or a scalar. use, when
// set, is a scalar the right side must read.
func (g *gen) assign(c *ctx, use *scalar, _ string) node {
	// A region-local temporary: "double t = e;" then a use.
	if use == nil && g.chance(0.12) {
		g.tmpN++
		t := &scalar{name: "t" + strconv.Itoa(g.tmpN), typ: "double"}
		if g.chance(0.2) {
			t.typ = "int"
		}
		var rhs func() string
		if t.typ == "int" {
			e := g.intSum(c, nil)
			rhs = func() string { return "(" + e() + ") % 1009" }
		} else {
			rhs = g.fpSum(c, nil, 1)
		}
		first := &stmt{f: func() string { return t.typ + " " + t.name + " = " + rhs() + ";" }}
		c.temps = append(c.temps, t)
		second := g.assign(c, t, "")
		return &ifNode{then: []node{first, second}} // a bare block (c == nil)
	}
	if use == nil && len(g.scalars) > 0 && g.chance(0.15) {
		s := g.scalars[g.intn(len(g.scalars))]
		op := "="
		if g.chance(0.4) {
			op = "+="
		}
		return g.assignTo(c, "", s, s.typ, op)
	}
	a := g.pickArr(g.arrays)
	op := "="
	switch x := g.intn(100); {
	case x < 25:
		op = "+="
	case x < 30:
		op = "-="
	case x < 38 && a.typ != "int":
		op = "*="
	}
	var like []aff
	if g.simple && g.chance(0.7) {
		like = g.orderedSubs(c, a.dims)
	}
	lhs, _ := g.access(c, a, like)
	g.written = append(g.written, a)
	return g.assignLHS(c, lhs, a.typ, op, use)
}

func (g *gen) assignTo(c *ctx, _ string, s *scalar, typ, op string) node {
	return g.assignLHS(c, func() string { return s.name }, typ, op, nil)
}

func (g *gen) assignLHS(c *ctx, lhs func() string, typ, op string, use *scalar) node {
	var rhs func() string
	switch {
	case typ == "int" && op == "=":
		e := g.intSum(c, use)
		m := g.pick([]string{"1009", "97", "1000", "64"})
		rhs = func() string { return "(" + e() + ") % " + m }
	case typ == "int":
		e := g.intSum(c, use)
		m := g.pick([]string{"16", "7", "11"})
		rhs = func() string { return "(" + e() + ") % " + m }
	case op == "*=":
		f := g.factor(c)
		rhs = f
	case op == "=":
		rhs = g.fpSum(c, use, 1.0)
	default:
		rhs = g.fpSum(c, use, 0.25)
	}
	return &stmt{f: func() string { return lhs() + " " + op + " " + rhs() + ";" }}
}

// access makes a subscripted access of a; like, when set, is the subscript
// of another access of a that this one should be close to.
func (g *gen) access(c *ctx, a *array, like []aff) (func() string, []aff) {
	subs := make([]aff, a.dims)
	for d := range subs {
		if like != nil && d < len(like) && g.chance(0.8) {
			subs[d] = like[d]
			if g.chance(0.4) {
				subs[d] = subs[d].plus(int64(g.between(-2, 2)))
			}
			continue
		}
		subs[d] = g.subscript(c)
	}
	if like != nil && a.dims >= 2 && g.chance(0.15) {
		subs[0], subs[1] = subs[1], subs[0]
	}
	for d, s := range subs {
		r := s.rng(c.env)
		if !a.used {
			a.min[d], a.max[d] = r.lo, r.hi
		} else {
			a.min[d], a.max[d] = min(a.min[d], r.lo), max(a.max[d], r.hi)
		}
	}
	if len(subs) > 0 {
		for d := range subs {
			r := subs[d].rng(c.env)
			_ = r
		}
	}
	a.used = true
	return func() string { return g.accessText(a, subs) }, subs
}

// accessText is the C text of a's element at subs (offset by the base
// of each dim): A[i][j + 1], or A[(i) * LD_A1 + (j + 1)] when the arrays
// are passed linear.
func (g *gen) accessText(a *array, subs []aff) string {
	if g.linear && a.dims >= 2 {
		return linearAccess(a, subs)
	}
	var b strings.Builder
	b.WriteString(a.name)
	for d, s := range subs {
		b.WriteString("[" + s.plus(a.base[d]).String() + "]")
	}
	return b.String()
}

// linearAccess is a's element at subs written with one subscript: the
// subscripts times the products of the row-length macros after them.
func linearAccess(a *array, subs []aff) string {
	var terms []string
	for d, s := range subs {
		t := "(" + s.plus(a.base[d]).String() + ")"
		for e := d + 1; e < a.dims; e++ {
			t += " * " + strideMacro(a, e)
		}
		terms = append(terms, t)
	}
	return a.name + "[" + strings.Join(terms, " + ") + "]"
}

// strideMacro names the extent of dim d of a linear array.
func strideMacro(a *array, d int) string { return fmt.Sprintf("LD_%s%d", a.name, d) }

func (g *gen) subscript(c *ctx) aff {
	it := func() string { return c.scope[g.intn(len(c.scope))] }
	if g.simple {
		off := int64(0)
		if g.chance(0.3) {
			off = int64(g.between(-1, 1))
		}
		switch x := g.intn(100); {
		case x < 85:
			return affVar(it(), 1).plus(off)
		case x < 93:
			return affVar(it(), 1).add(affVar(it(), 1)).plus(off)
		case x < 97:
			return affVar(g.param(), 1).add(affVar(it(), -1)).plus(-1)
		default:
			return affConst(int64(g.between(0, 1)))
		}
	}
	coef := func() int64 {
		switch x := g.intn(10); {
		case x < 6:
			return 1
		case x < 8:
			return -1
		case x < 9:
			return 2
		}
		return -2
	}
	off := int64(0)
	if g.chance(0.3) {
		off = int64(g.between(-2, 2))
	}
	if g.chance(0.06) { // quasi-affine: (i + 1) / 2, (i + j) % 3
		q := affVar(it(), 1).plus(int64(g.intn(2)))
		if g.chance(0.5) {
			q = q.add(affVar(it(), 1))
		}
		if g.chance(0.5) {
			q.div = int64(g.between(2, 3))
		} else {
			q.mod = int64(g.between(2, 3))
		}
		return q
	}
	switch x := g.intn(100); {
	case x < 60:
		return affVar(it(), coef()).plus(off)
	case x < 75:
		return affVar(it(), coef()).add(affVar(it(), coef())).plus(off)
	case x < 85:
		return affVar(g.param(), 1).add(affVar(it(), -1)).plus(-1)
	default:
		return affConst(int64(g.between(0, 3)))
	}
}

// read makes a read access of a random array, close to an array written
// before when possible (to create dependences).
func (g *gen) read(c *ctx, typ string) func() string {
	var a *array
	if len(g.written) > 0 && g.chance(0.5) {
		a = g.written[g.intn(len(g.written))]
	} else {
		a = g.pickArr(g.arrays)
	}
	if typ == "int" && a.typ != "int" {
		var ints []*array
		for _, x := range g.arrays {
			if x.typ == "int" {
				ints = append(ints, x)
			}
		}
		if len(ints) == 0 {
			return nil
		}
		a = g.pickArr(ints)
	}
	var like []aff
	if g.simple && g.chance(0.6) {
		like = g.orderedSubs(c, a.dims)
	} else if g.chance(0.5) {
		like = make([]aff, a.dims)
		for d := range like {
			like[d] = g.subscript(c)
		}
	}
	f, _ := g.access(c, a, like)
	return f
}

func (g *gen) scalarsOf(c *ctx, typ string) []*scalar {
	var out []*scalar
	for _, s := range c.temps {
		if s.typ == typ || typ == "double" {
			out = append(out, s)
		}
	}
	for _, s := range g.scalars {
		if s.typ == typ || typ == "double" {
			out = append(out, s)
		}
	}
	return out
}

var fpCoefs = []string{"0.5", "0.25", "0.125", "0.75", "-0.5", "-0.25", "0.375"}

// fpSum is a floating-point expression c1*t1 + c2*t2 (+ c3*t3) whose
// coefficients sum (in absolute value) to at most scale.
func (g *gen) fpSum(c *ctx, use *scalar, scale float64) func() string {
	n := g.between(1, 3)
	var parts []func() string
	for i := 0; i < n; i++ {
		t := g.fpTerm(c, 2)
		if i == 0 && use != nil {
			u := use.name
			t = func() string { return u }
		}
		co := fpCoefs[g.intn(len(fpCoefs))]
		if scale < 1 {
			co = g.pick([]string{"0.125", "0.0625", "-0.125", "0.03125"})
		}
		if n == 1 && scale == 1 && g.chance(0.3) {
			co = "1"
		}
		if g.pb && g.chance(0.5) {
			co = g.sv(co)
		}
		parts = append(parts, func() string {
			if co == "1" {
				return t()
			}
			return co + " * " + t()
		})
	}
	if g.chance(0.3) {
		k := g.pick([]string{"0.5", "1.0", "0.0625"})
		parts = append(parts, func() string { return k })
	}
	return func() string { return sumText(parts) }
}

// fpTerm is one floating-point operand.
func (g *gen) fpTerm(c *ctx, depth int) func() string {
	x := g.intn(100)
	if depth <= 0 || (g.simple && g.chance(0.6)) {
		x = 0
	}
	switch {
	case x < 45:
		return g.read(c, "double")
	case x < 52:
		if ss := g.scalarsOf(c, "double"); len(ss) > 0 {
			s := ss[g.intn(len(ss))]
			return func() string { return s.name }
		}
		return g.read(c, "double")
	case x < 58 && g.alpha:
		return func() string { return "alpha" }
	case x < 64:
		a := g.subscript(c)
		return func() string { return "(" + a.String() + ")" }
	case x < 72:
		t := g.fpTerm(c, depth-1)
		return func() string { return "sqrt(fabs(" + t() + "))" }
	case x < 78:
		t, u := g.fpTerm(c, depth-1), g.fpTerm(c, depth-1)
		return func() string { return "fabs(" + t() + " - " + u() + ")" }
	case x < 86:
		cd := g.cond(c.scope, c.env)
		t, u := g.fpTerm(c, depth-1), g.fpTerm(c, depth-1)
		return func() string { return "(" + cd.String() + " ? " + t() + " : " + u() + ")" }
	case x < 90:
		t, u := g.fpTerm(c, depth-1), g.fpTerm(c, depth-1)
		return func() string { return "(" + t() + " > " + u() + " ? " + t() + " : " + u() + ")" }
	case x < 93:
		t, u := g.fpTerm(c, depth-1), g.fpTerm(c, depth-1)
		return func() string { return t() + " / (1.0 + fabs(" + u() + "))" }
	case x < 96:
		t := g.fpTerm(c, depth-1)
		return func() string { return "exp(-fabs(" + t() + "))" }
	default:
		t, u := g.fpTerm(c, depth-1), g.fpTerm(c, depth-1)
		return func() string { return t() + " * " + u() }
	}
}

// factor is the right side of "x *= f": powers of two only, so that the
// product is exact in any order (barring overflow).
func (g *gen) factor(c *ctx) func() string {
	switch g.intn(3) {
	case 0:
		k := g.pick([]string{"0.5", "2.0", "1.0"})
		return func() string { return k }
	case 1:
		t := g.read(c, "double")
		return func() string { return "(" + t() + " > 0.5 ? 0.5 : 2.0)" }
	}
	cd := g.cond(c.scope, c.env)
	return func() string { return "(" + cd.String() + " ? 2.0 : 0.5)" }
}

// intSum is c1*r1 + c2*r2 + aff with |ci| <= 3 over int reads.
func (g *gen) intSum(c *ctx, use *scalar) func() string {
	n := g.between(1, 3)
	var parts []func() string
	for i := 0; i < n; i++ {
		var t func() string
		switch x := g.intn(100); {
		case i == 0 && use != nil && use.typ == "int":
			u := use.name
			t = func() string { return u }
		case x < 55:
			t = g.read(c, "int")
		case x < 65:
			if ss := g.scalarsOf(c, "int"); len(ss) > 0 {
				s := ss[g.intn(len(ss))]
				t = func() string { return s.name }
			}
		case x < 75:
			cd := g.cond(c.scope, c.env)
			r1, r2 := g.read(c, "int"), g.read(c, "int")
			if r1 != nil && r2 != nil {
				t = func() string { return "(" + cd.String() + " ? " + r1() + " : " + r2() + ")" }
			}
		}
		if t == nil {
			a := g.subscript(c)
			t = func() string { return "(" + a.String() + ")" }
		}
		co := g.pick([]string{"1", "2", "3", "-1", "-2"})
		parts = append(parts, func() string {
			if co == "1" {
				return t()
			}
			return co + " * " + t()
		})
	}
	k := strconv.Itoa(g.between(0, 9))
	return func() string {
		return sumText(parts) + " + " + k
	}
}

// finishArrays computes every array's base offset and extent.
func (g *gen) finishArrays() {
	for _, a := range g.arrays {
		a.ext = make([]int64, a.dims)
		a.base = make([]int64, a.dims)
		a.macroExt = make([]string, a.dims)
		for d := 0; d < a.dims; d++ {
			if !a.used {
				a.min[d], a.max[d] = 0, 3
			}
			if a.min[d] < 0 {
				a.base[d] = -a.min[d]
			}
			a.ext[d] = a.max[d] + a.base[d] + 1 + int64(g.intn(3))
			a.macroExt[d] = strconv.FormatInt(a.ext[d], 10)
			p := g.params[g.intn(len(g.params))]
			if g.pb && g.chance(0.8) { // the largest size that fits: N or N + 1, like the benchmarks
				p = ""
				for _, q := range g.params {
					if v := g.pval[q].lo; v <= a.ext[d] && (p == "" || v > g.pval[p].lo) {
						p = q
					}
				}
				if p != "" {
					a.macroExt[d] = p
					if x := a.ext[d] - g.pval[p].lo; x > 0 {
						a.macroExt[d] = fmt.Sprintf("%s + %d", p, x)
					}
				}
				continue
			}
			if v := g.pval[p].lo; g.chance(0.5) && a.ext[d] >= v {
				if a.ext[d] == v {
					a.macroExt[d] = p
				} else {
					a.macroExt[d] = fmt.Sprintf("%s + %d", p, a.ext[d]-v)
				}
			}
		}
	}
}

// simpleBounds are kernel-like bounds: 0 <= i < P, triangular i <= o.
func (g *gen) simpleBounds(l *loop, e env, o, p string) bool {
	l.lo = bAffine(affConst(0))
	switch x := g.intn(100); {
	case o == "" || x < 60:
	case x < 80:
		l.lo = bAffine(affVar(o, 1))
	case x < 90:
		l.lo = bAffine(affVar(o, 1).plus(1))
	default:
		l.lo = bAffine(affConst(1))
	}
	l.hi = bAffine(affVar(p, 1).plus(-1))
	l.strict = true
	switch x := g.intn(100); {
	case o == "" || x < 65:
	case x < 80:
		l.hi = bAffine(affVar(o, 1))
		if g.chance(0.5) {
			l.hi = bAffine(affVar(o, 1).plus(-1))
		}
		l.strict = g.chance(0.5)
	case x < 90:
		l.hi = bAffine(affVar(p, 1).add(affVar(o, -1)).plus(-1))
	default:
		l.hi = &bexp{kind: bMin, x: bAffine(affVar(p, 1).plus(-1)), y: bAffine(affVar(o, 1).plus(int64(g.between(1, 4)))), style: g.intn(3)}
	}
	lo, hi := l.lo.rng(e).lo, l.hi.rng(e).hi
	if hi < lo {
		return false
	}
	l.iv = ival{lo, hi}
	return true
}

// orderedSubs picks n of the iterators in scope, in nest order (A[i][k],
// B[k][j]), padding with constants.
func (g *gen) orderedSubs(c *ctx, n int) []aff {
	var idx []int
	for i := range c.scope {
		idx = append(idx, i)
	}
	for len(idx) > n {
		k := g.intn(len(idx))
		idx = append(idx[:k], idx[k+1:]...)
	}
	out := make([]aff, 0, n)
	for _, i := range idx {
		out = append(out, affVar(c.scope[i], 1))
	}
	for len(out) < n {
		out = append(out, affConst(int64(g.intn(2))))
	}
	return out
}

// arrName is the name of the i-th array: A, B, ... skipping the letters of
// the size macros (M, N, P), then A1, B1, ...
func arrName(i int) string {
	const letters = "ABCDEFGHIJKLOQRSTUVWXYZ"
	name := string(letters[i%len(letters)])
	if i >= len(letters) {
		name += strconv.Itoa(i / len(letters))
	}
	return name
}

// sumText joins the texts of parts, called in order, into a sum: a
// text that starts with "-" is subtracted.
func sumText(parts []func() string) string {
	s := parts[0]()
	for _, p := range parts[1:] {
		x := p()
		if strings.HasPrefix(x, "-") {
			s += " - " + x[1:]
		} else {
			s += " + " + x
		}
	}
	return s
}
