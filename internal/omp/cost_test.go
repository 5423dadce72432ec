package omp

import (
	"strings"
	"testing"

	"github.com/tessera-opt/tessera/ast"
	"github.com/tessera-opt/tessera/scop"
)

// TestWorkClause checks the cost check of parallel loops: nested in a
// sequential loop (threshold MinParallelWork) and outermost
// (MinOuterWork, no limit on the loop depth).
func TestWorkClause(t *testing.T) {
	user := &ast.User{Name: "S0"}
	lt := func(iter string, lo, hi ast.Expr, body ast.Node) *ast.For {
		return &ast.For{Iter: iter, Init: lo, Cond: ast.Lt(id(iter), hi), Inc: ast.NewInt(1), Body: body}
	}
	tests := []struct {
		name   string
		f      *ast.For
		nested bool
		clause string
		drop   bool
	}{
		{"parametric", lt("c1", ast.NewInt(0), id("NP"), user), true, "if(NP >= 262144)", false},
		{"small constant", lt("c1", ast.NewInt(0), ast.NewInt(256), user), true, "", true},
		{"large constant", lt("c1", ast.NewInt(0), ast.NewInt(1000), lt("c2", ast.NewInt(0), ast.NewInt(1000), user)), true, "", false},
		{"triangular inner loop", lt("c1", ast.NewInt(0), id("M"), lt("c2", ast.Add(id("c0"), ast.NewInt(1)), id("N"), user)), true,
			"if(min(max(M, 0), 2147483648) * min(max(N - (c0 + 1), 0), 2147483648) >= 262144)", false},
		{"two levels inside, nested", lt("c1", ast.NewInt(0), ast.NewInt(4), lt("c2", ast.NewInt(0), ast.NewInt(4), lt("c3", ast.NewInt(0), ast.NewInt(4), user))), true, "", false},
		{"outermost, small constant nest", lt("c1", ast.NewInt(0), ast.NewInt(4), lt("c2", ast.NewInt(0), ast.NewInt(4), lt("c3", ast.NewInt(0), ast.NewInt(4), user))), false, "", true},
		{"outermost, large constant nest", lt("c1", ast.NewInt(0), ast.NewInt(1000), lt("c2", ast.NewInt(0), ast.NewInt(1000), lt("c3", ast.NewInt(0), ast.NewInt(1000), user))), false, "", false},
		{"outermost, parametric nest", lt("c1", ast.NewInt(0), id("NI"), lt("c2", ast.NewInt(0), id("NJ"), user)), false,
			"if(min(max(NI, 0), 2147483648) * min(max(NJ, 0), 2147483648) >= 2097152)", false},
	}
	for _, tc := range tests {
		min := int64(MinOuterWork)
		if tc.nested {
			min = MinParallelWork
		}
		cond, drop, _, _ := workCond(tc.f, min, tc.nested, true)
		c := ""
		if cond != nil {
			c = "if(" + ast.ExprC(cond) + ")"
		}
		if c != tc.clause || drop != tc.drop {
			t.Errorf("%s: workCond = %q, %v; want %q, %v", tc.name, c, drop, tc.clause, tc.drop)
		}
	}
}

// TestDecideWork checks the decisions and notes on marked loops: dropped
// when the work is a constant below the threshold (no pragma left),
// versioned when it depends on a name, kept when it is a large constant.
func TestDecideWork(t *testing.T) {
	user := &ast.User{Name: "S0", Args: []ast.Expr{id("c0")}}
	lt := func(iter string, hi ast.Expr, body ast.Node) *ast.For {
		return &ast.For{Iter: iter, Init: ast.NewInt(0), Cond: ast.Lt(id(iter), hi), Inc: ast.NewInt(1), Body: body}
	}
	mark := func(f *ast.For) ast.Node { return &ast.Mark{Name: "parallel", Body: f} }
	tests := []struct {
		name string
		in   ast.Node
		note string
		code string
	}{
		{"outermost small constant", mark(lt("c0", ast.NewInt(64), lt("c1", ast.NewInt(64), user))),
			"parallel loop c0 over S0: not parallel: work 4096 below 2097152 at compile time (outermost)",
			"for (int c0 = 0; c0 < 64; c0 += 1)\n  for"},
		{"outermost large constant", mark(lt("c0", ast.NewInt(2048), lt("c1", ast.NewInt(2048), user))),
			"parallel loop c0 over S0: parallel: work 4194304 at least 2097152 (outermost)",
			"// parallel\nfor (int c0 = 0; c0 < 2048; c0 += 1)"},
		{"outermost parametric", mark(lt("c0", id("N"), user)),
			"parallel loop c0 over S0: parallel only when N >= 2097152 (outermost; two versions, the C compiler keeps one when the sizes are macros)",
			"if (N >= 2097152) {\n  // parallel\n  for (int c0 = 0; c0 < N; c0 += 1)\n    S0(c0);\n} else\n  for (int c0 = 0; c0 < N; c0 += 1)\n    S0(c0);"},
		{"nested small constant", lt("t", id("T"), mark(lt("c0", ast.NewInt(1000), user))),
			"parallel loop c0 over S0: not parallel: work 1000 below 262144 at compile time (inside a sequential loop)",
			"for (int t = 0; t < T; t += 1)\n  for (int c0 = 0; c0 < 1000; c0 += 1)"},
	}
	// Two loop levels inside a parallel loop in a sequential one: tile
	// point loops when the region is tiled (taken as worth it), estimated
	// when it is not (PolyBench 3's reg_detect: 6 iterations forked 10000
	// times).
	deep := func() ast.Node {
		return lt("t", id("T"), mark(lt("c0", ast.NewInt(6), lt("c1", ast.NewInt(6), lt("c2", ast.NewInt(64), user)))))
	}
	if notes := decideWork(deep(), nil, false, false); len(notes) != 1 || !strings.Contains(notes[0], "work not estimated (two loop levels inside)") {
		t.Errorf("tiled region: notes %q", notes)
	}
	if notes := decideWork(deep(), nil, true, false); len(notes) != 1 || !strings.Contains(notes[0], "not parallel: work 2304 below 262144") {
		t.Errorf("untiled region: notes %q", notes)
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			notes := decideWork(tc.in, nil, false, false)
			got := ast.PrintC(stripMarks(tc.in, notWorthMark))
			if len(notes) != 1 || notes[0] != tc.note {
				t.Errorf("notes = %q, want %q", notes, tc.note)
			}
			if !strings.Contains(got, tc.code) {
				t.Errorf("got\n%s\nwant it to contain\n%s", got, tc.code)
			}
		})
	}
}

// TestStatementWork checks the estimate of the region check: a triangular
// loop counts at the larger of its trip counts with the enclosing
// iterator at its lower and at its upper bound.
func TestStatementWork(t *testing.T) {
	user := &ast.User{Name: "S0"}
	tri := &ast.For{Iter: "i", Init: ast.NewInt(0), Cond: ast.Lt(id("i"), id("N")), Inc: ast.NewInt(1),
		Body: &ast.For{Iter: "j", Init: ast.NewInt(0), Cond: ast.Lt(id("j"), id("i")), Inc: ast.NewInt(1), Body: user}}
	var terms []ast.Expr
	if !statementWork(tri, ast.NewInt(1), map[string]ast.Expr{}, map[string]ast.Expr{}, map[string]ast.Expr{}, &terms) || len(terms) != 1 {
		t.Fatalf("statementWork failed: %v", terms)
	}
	if got, want := ast.ExprC(uncap(terms[0])), "min(max(N, 0), 2147483648) * min(max(0, N - 1), 2147483648)"; got != want {
		t.Errorf("estimate = %s, want %s", got, want)
	}
}

// TestStepTripCount checks the estimate of a loop with a constant step
// above one: ceil(span / step) iterations.
func TestStepTripCount(t *testing.T) {
	user := &ast.User{Name: "S0"}
	step := func(cond ast.Expr, inc int64) *ast.For {
		return &ast.For{Iter: "i", Init: ast.NewInt(0), Cond: cond, Inc: ast.NewInt(inc), Body: user}
	}
	tests := []struct {
		f    *ast.For
		want string
	}{
		{step(ast.Lt(id("i"), ast.NewInt(32000)), 5), "6400"},
		{step(ast.Lt(id("i"), ast.NewInt(32001)), 5), "6401"},
		{step(ast.Le(id("i"), ast.NewInt(32000)), 5), "6401"},
		{step(ast.Lt(id("i"), ast.NewInt(4)), 5), "1"},
		{step(ast.Lt(id("i"), ast.NewInt(0)), 5), "0"},
		{step(ast.Lt(id("i"), id("N")), 4), "min(max(floord(N + 3, 4), 0), 2147483648)"},
	}
	for _, tc := range tests {
		w, ok := work(tc.f, map[string]ast.Expr{}, map[string]ast.Expr{})
		if !ok {
			t.Errorf("%s: no estimate", ast.PrintC(tc.f))
			continue
		}
		if got := ast.ExprC(ast.Simplify(w)); got != tc.want {
			t.Errorf("%s: work = %s, want %s", ast.PrintC(tc.f), got, tc.want)
		}
	}
	// A loop whose step is not a positive constant has no estimate.
	if _, ok := work(&ast.For{Iter: "i", Init: ast.NewInt(0), Cond: ast.Lt(id("i"), id("N")), Inc: id("s"), Body: user},
		map[string]ast.Expr{}, map[string]ast.Expr{}); ok {
		t.Errorf("a parametric step was estimated")
	}
}

// TestUnestimatedForks checks that a parallel loop whose work cannot be
// estimated stays sequential when it would fork at every iteration of an
// enclosing loop (a sequential loop of the region, or a source loop
// around the region), and is taken to be worth it otherwise.
func TestUnestimatedForks(t *testing.T) {
	user := &ast.User{Name: "S0", Args: []ast.Expr{id("c0")}}
	par := func() ast.Node {
		// A parametric step: no estimate.
		return &ast.Mark{Name: "parallel", Body: &ast.For{Iter: "c0", Init: ast.NewInt(0), Cond: ast.Lt(id("c0"), id("N")), Inc: id("s"), Body: user}}
	}
	seqLoop := func(body ast.Node) ast.Node {
		return &ast.For{Iter: "t", Init: ast.NewInt(0), Cond: ast.Lt(id("t"), id("T")), Inc: ast.NewInt(1), Body: body}
	}
	tests := []struct {
		name         string
		in           ast.Node
		regionInLoop bool
		note         string
		parallel     bool
	}{
		{"outermost", par(), false, "parallel: work not estimated (a loop is not a canonical loop with a positive constant step), taken as worth it (outermost)", true},
		{"outermost, region in a loop", par(), true, "not parallel: work not estimated (a loop is not a canonical loop with a positive constant step), and it would fork and join at every iteration of the enclosing loop (outermost in the region, which a loop of the source encloses)", false},
		{"nested", seqLoop(par()), false, "not parallel: work not estimated (a loop is not a canonical loop with a positive constant step), and it would fork and join at every iteration of the enclosing loop (inside a sequential loop)", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			notes := decideWork(tc.in, nil, false, tc.regionInLoop)
			if len(notes) != 1 || notes[0] != "parallel loop c0 over S0: "+tc.note {
				t.Errorf("notes = %q, want %q", notes, tc.note)
			}
			if got := hasParallel(tc.in); got != tc.parallel {
				t.Errorf("parallel mark left = %v, want %v", got, tc.parallel)
			}
		})
	}
}

// vectorNode is the payload of a node of the vector stage in
// TestStreamingLooksThroughVector: part or not part of its statement.
type vectorNode bool

func (p vectorNode) String() string { return "vector node" }
func (p vectorNode) Part() bool     { return bool(p) }

// TestStreamingLooksThroughVector checks that the streaming test looks
// through the nodes whose payload is a part of a statement (a horizontal
// reduction's declaration, accumulation and sum, the lines of a guard)
// and not through the others (a packed kernel's).
func TestStreamingLooksThroughVector(t *testing.T) {
	s := &scop.Scop{
		Statements: []*scop.Statement{{Name: "S0", Iters: []string{"i", "j"}, Accesses: []*scop.Access{{Array: "A"}, {Array: "x"}}}},
		Arrays:     []*scop.Array{{Name: "A", Rank: 2}, {Name: "x", Rank: 1}},
	}
	loop := func(names ...string) *ast.For {
		b := &ast.Block{}
		for _, n := range names {
			u := &ast.User{Name: n}
			switch {
			case strings.HasPrefix(n, "part:"):
				u.Payload = vectorNode(true)
			case strings.HasPrefix(n, "kernel:"):
				u.Payload = vectorNode(false)
			}
			b.Stmts = append(b.Stmts, u)
		}
		return &ast.For{Iter: "c0", Init: ast.NewInt(0), Cond: ast.Lt(id("c0"), id("N")), Inc: ast.NewInt(1), Body: b}
	}
	for _, tc := range []struct {
		names []string
		want  bool
	}{
		{[]string{"S0"}, true},
		{[]string{"part:decl", "part:acc", "part:hsum", "S0"}, true},
		{[]string{"part:if", "S0", "part:else", "part:endif"}, true},
		{[]string{"kernel:fma", "S0"}, false},
		{[]string{"part:acc"}, false},
		{[]string{"vecr:0:acc", "S0"}, false}, // a name says nothing
	} {
		if _, got := streaming(loop(tc.names...), s); got != tc.want {
			t.Errorf("streaming(%v) = %v, want %v", tc.names, got, tc.want)
		}
	}
	if !Streams(s, []string{"S0"}) || Streams(s, []string{"S1"}) || Streams(s, nil) {
		t.Errorf("Streams: want true for S0 only")
	}
}
