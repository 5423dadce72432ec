package astopt

import (
	"errors"
	"fmt"
	"math/rand"
	"os"
	"strconv"
	"testing"

	"github.com/tessera-opt/tessera/ast"
	"github.com/tessera-opt/tessera/internal/testutil"
)

// gen builds random trees shaped like the output of a polyhedral code
// generator: nested loops with min/max/floord bounds (tiles), guards with
// && and ||, statements with affine arguments, Decls, marks, and now and
// then an operator that can fault (division by a parameter, exact
// division under a guard) or a call.
type gen struct {
	r      *rand.Rand
	iters  []string
	decls  []string
	next   int
	params []string
}

func (g *gen) names() []string {
	l := append(append(append([]string{}, g.params...), g.iters...), g.decls...)
	return l
}

func (g *gen) name() ast.Expr {
	l := g.names()
	return id(l[g.r.Intn(len(l))])
}

// affine is a small affine expression of the names in scope.
func (g *gen) affine() ast.Expr {
	e := ci(int64(g.r.Intn(7) - 3))
	for k := g.r.Intn(2) + 1; k > 0; k-- {
		c := int64(g.r.Intn(5) - 2)
		if c == 0 {
			c = 1
		}
		t := ast.Mul(ci(c), g.name())
		if g.r.Intn(2) == 0 {
			e = ast.Add(t, e)
		} else {
			e = ast.Add(e, t)
		}
	}
	return e
}

// expr is an integer expression: affine, or floord/min/max/select of them.
func (g *gen) expr(depth int) ast.Expr {
	if depth <= 0 {
		return g.affine()
	}
	switch g.r.Intn(9) {
	case 0:
		return ast.FloorDiv(g.expr(depth-1), ci(int64(g.r.Intn(4)+1)))
	case 1:
		return ast.Min(g.expr(depth-1), g.expr(depth-1))
	case 2:
		return ast.Max(g.expr(depth-1), g.expr(depth-1), g.affine())
	case 3:
		return ast.NewOp(ast.OpSelect, g.cond(depth-1), g.expr(depth-1), g.expr(depth-1))
	case 4:
		return ast.Add(g.expr(depth-1), g.expr(depth-1))
	case 5:
		if g.r.Intn(4) == 0 { // may divide by zero
			return ast.FloorDiv(g.affine(), id(g.params[g.r.Intn(len(g.params))]))
		}
		return ast.Mul(ci(int64(g.r.Intn(3)+2)), g.expr(depth-1))
	case 6:
		if g.r.Intn(3) == 0 {
			return ast.NewCall("f", g.affine())
		}
		return ast.Sub(g.expr(depth-1), g.affine())
	case 7:
		return ast.CeilDiv(g.expr(depth-1), ci(int64(g.r.Intn(3)+2)))
	}
	return g.affine()
}

func (g *gen) cond(depth int) ast.Expr {
	cmp := []ast.OpKind{ast.OpLt, ast.OpLe, ast.OpGe, ast.OpGt, ast.OpEq, ast.OpNe}
	atom := func() ast.Expr {
		if g.r.Intn(8) == 0 {
			return op(ast.OpEq, ast.Rem(g.affine(), ci(2)), ci(0))
		}
		return op(cmp[g.r.Intn(len(cmp))], g.expr(depth-1), g.affine())
	}
	if depth <= 0 {
		return atom()
	}
	k := g.r.Intn(3) + 1
	args := make([]ast.Expr, k)
	for i := range args {
		if g.r.Intn(4) == 0 {
			args[i] = g.cond(depth - 1)
		} else {
			args[i] = atom()
		}
	}
	if k == 1 {
		return args[0]
	}
	switch g.r.Intn(3) {
	case 0:
		return op(ast.OpOr, args...)
	case 1:
		return op(ast.OpAnd, args...)
	}
	return ast.NewOp(ast.OpAnd, op(ast.OpAnd, args...), atom())
}

func (g *gen) stmt(depth int) ast.Node {
	switch k := g.r.Intn(10); {
	case depth < 4 && k < 5:
		return g.loop(depth)
	case k < 7 && depth < 5:
		var els ast.Node
		if g.r.Intn(3) == 0 {
			els = g.stmt(depth + 1)
		}
		return ifn(g.cond(1), g.block(depth+1), els)
	case k < 8 && depth > 0:
		// A guarded exact division, like a stride of the AST generator.
		a := g.affine()
		return ifn(op(ast.OpEq, ast.Rem(a, ci(2)), ci(0)), user("T", ast.ExactDiv(ast.CopyExpr(a), ci(2)), g.expr(1)), nil)
	}
	args := make([]ast.Expr, g.r.Intn(3)+1)
	for i := range args {
		args[i] = g.expr(g.r.Intn(2))
	}
	return user(fmt.Sprintf("S%d", g.r.Intn(3)), args...)
}

func (g *gen) block(depth int) ast.Node {
	k := g.r.Intn(3) + 1
	if depth > 2 {
		k = g.r.Intn(2) + 1
	}
	mark := len(g.decls)
	var s []ast.Node
	for i := 0; i < k; i++ {
		if g.r.Intn(6) == 0 {
			name := "d" + strconv.Itoa(g.next)
			g.next++
			s = append(s, &ast.Decl{Name: name, Value: g.expr(1)})
			g.decls = append(g.decls, name)
		}
		s = append(s, g.stmt(depth))
	}
	g.decls = g.decls[:mark]
	if len(s) == 1 {
		return s[0]
	}
	return &ast.Block{Stmts: s}
}

func (g *gen) loop(depth int) ast.Node {
	it := "c" + strconv.Itoa(g.next)
	g.next++
	var f *ast.For
	switch g.r.Intn(4) {
	case 0: // a tile loop and its point loop
		t := "t" + strconv.Itoa(g.next)
		g.next++
		sz := int64(g.r.Intn(3) + 2)
		hi := g.affine()
		g.iters = append(g.iters, t)
		inner := g.affine()
		g.iters = append(g.iters, it)
		body := g.block(depth + 2)
		g.iters = g.iters[:len(g.iters)-2]
		pt := &ast.For{Iter: it, Init: ast.Max(ast.Mul(ci(sz), id(t)), ci(0)),
			Cond: ast.Le(id(it), ast.Min(ast.Add(ast.Mul(ci(sz), id(t)), ci(sz-1)), inner)), Inc: ci(1), Body: body}
		f = &ast.For{Iter: t, Init: ci(0), Cond: ast.Le(id(t), ast.FloorDiv(hi, ci(sz))), Inc: ci(1), Body: pt}
	case 1: // a small constant loop
		lo := g.affine()
		g.iters = append(g.iters, it)
		body := g.block(depth + 1)
		g.iters = g.iters[:len(g.iters)-1]
		f = &ast.For{Iter: it, Init: lo, Cond: ast.Le(id(it), ast.Add(ast.CopyExpr(lo), ci(int64(g.r.Intn(4))))), Inc: ci(1), Body: body}
	default:
		lo := g.expr(1)
		hi := g.expr(1)
		inc := ci(1)
		if g.r.Intn(5) == 0 {
			inc = ci(2)
		}
		g.iters = append(g.iters, it)
		body := g.block(depth + 1)
		g.iters = g.iters[:len(g.iters)-1]
		f = &ast.For{Iter: it, Init: lo, Cond: ast.Le(id(it), hi), Inc: inc, Body: body}
	}
	if g.r.Intn(5) == 0 {
		return &ast.Mark{Name: "parallel", Body: f}
	}
	return f
}

func callHook(name string, args []int64) (int64, error) {
	if len(args) != 1 {
		return 0, errors.New("f takes one argument")
	}
	return 3*args[0] + 1, nil
}

// checkSame interprets a and b (b = passes applied to a copy of a) for
// several parameter values and compares the instance sequences.
func checkSame(t *testing.T, what string, a, b ast.Node, r *rand.Rand, params []string) (ok bool, compared int) {
	t.Helper()
	for trial := 0; trial < 6; trial++ {
		env := map[string]int64{}
		for _, p := range params {
			env[p] = int64(r.Intn(16) - 3)
		}
		want, err := ast.Interpret(a, env, ast.WithCall(callHook), ast.WithBudget(20000))
		if err != nil {
			continue
		}
		got, err := ast.Interpret(b, env, ast.WithCall(callHook), ast.WithBudget(40000))
		if err != nil {
			t.Errorf("%s: params %v: the input runs, the output fails: %v\ninput:\n%s\noutput:\n%s", what, env, err, ast.PrintC(a), ast.PrintC(b))
			return false, compared
		}
		if !ast.EqualInstances(want, got) {
			t.Errorf("%s: params %v: instances differ (%d vs %d)\ninput:\n%s\noutput:\n%s", what, env, len(want), len(got), ast.PrintC(a), ast.PrintC(b))
			return false, compared
		}
		compared++
	}
	return true, compared
}

func randomConfig(r *rand.Rand) Config {
	cfg := Config{Check: true}
	cfg.Threshold = r.Intn(6)
	cfg.SmallTrip = r.Intn(6) - 1
	cfg.UnswitchBudget = r.Intn(12) - 2
	cfg.Target = []string{"", "x86-64", "gpu"}[r.Intn(3)]
	cfg.NormalizeArgs = r.Intn(2) == 0
	switch r.Intn(8) {
	case 0:
		cfg.NoNormalize = true
	case 1:
		cfg.NoUnswitch = true
	case 2:
		cfg.NoLICM = true
	}
	return cfg
}

// rounds is the number of random trees of a property test (def under
// TESSERA_LONG, a quarter of it in plain mode, 20000 with ASTOPT_LONG
// set) and its first seed (1, or ASTOPT_SEED).
func rounds(t *testing.T, def int) (n int, base int64) {
	n, base = def, 1
	if !testutil.IsLong() {
		n = max(def/4, 1)
		testutil.NoteSample(t, fmt.Sprintf("%d of %d random trees", n, def))
	}
	if os.Getenv("ASTOPT_LONG") != "" {
		n = 20000
	}
	if s := os.Getenv("ASTOPT_SEED"); s != "" {
		base, _ = strconv.ParseInt(s, 10, 64)
	}
	return n, base
}

// TestRandomEquivalence: the passes keep the instance sequence of random
// generated-code-like trees (and the tree valid after every pass).
func TestRandomEquivalence(t *testing.T) {
	n, base := rounds(t, 400)
	compared, changed := 0, 0
	for i := 0; i < n; i++ {
		seed := base + int64(i)
		r := rand.New(rand.NewSource(seed))
		g := &gen{r: r, params: []string{"n", "m"}}
		tree := g.block(0)
		cfg := randomConfig(r)
		out, _, err := Run(ast.Copy(tree), cfg)
		if err != nil {
			t.Fatalf("seed %d: %v\n%s", seed, err, ast.PrintC(tree))
		}
		ok, c := checkSame(t, fmt.Sprintf("seed %d (config %+v)", seed, cfg), tree, out, r, g.params)
		if !ok {
			return
		}
		compared += c
		if c > 0 && !ast.EqualNode(tree, out) {
			changed++
		}
	}
	t.Logf("%d trees, %d runs compared, %d trees changed", n, compared, changed)
	if compared < n {
		t.Errorf("only %d runs compared for %d trees", compared, n)
	}
}
