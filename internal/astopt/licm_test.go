package astopt

import (
	"strings"
	"testing"

	"github.com/tessera-opt/tessera/ast"
)

func lt(a, b ast.Expr) ast.Expr { return op(ast.OpLt, a, b) }

// runCase runs the passes on n and compares the printed result.
func runCase(t *testing.T, name string, n ast.Node, cfg Config, want string) Stats {
	t.Helper()
	cfg.Check = true
	orig := ast.Copy(n)
	out, st, err := Run(n, cfg)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	got := ast.PrintC(out)
	if strings.TrimSpace(got) != strings.TrimSpace(want) {
		t.Errorf("%s: got\n%s\nwant\n%s", name, got, want)
	}
	// The result runs the same instances for a few parameter values.
	for _, p := range []int64{0, 1, 5, 40, 77} {
		env := map[string]int64{"n": p, "m": p/3 + 1, "NI": p + 3, "NJ": p, "NK": p/4 + 1}
		a, err1 := ast.Interpret(orig, env, ast.WithCall(callHook))
		b, err2 := ast.Interpret(out, env, ast.WithCall(callHook))
		if err1 == nil && (err2 != nil || !ast.EqualInstances(a, b)) {
			t.Errorf("%s: params %v: instances differ (err %v)", name, env, err2)
		}
	}
	return st
}

// TestLICMPaperVectorAdd is the paper's first example: io*32 is computed
// once per iteration of the outer loop.
func TestLICMPaperVectorAdd(t *testing.T) {
	va := &ast.For{Iter: "io", Init: ci(0), Cond: lt(id("io"), ci(4)), Inc: ci(1),
		Body: &ast.For{Iter: "ii", Init: ci(0), Cond: lt(id("ii"), ci(32)), Inc: ci(1),
			Body: user("S", ast.Add(ast.Mul(id("io"), ci(32)), id("ii")))}}
	st := runCase(t, "vector-add", va, Config{}, `
for (int io = 0; io < 4; io += 1) {
  const int inv0 = 32 * io;
  for (int ii = 0; ii < 32; ii += 1)
    S(inv0 + ii);
}`)
	if st.Hoisted != 1 {
		t.Errorf("hoisted %d, want 1", st.Hoisted)
	}
}

// TestLICMPaperCondition: the invariant conjuncts grouped by normalize
// leave the loop (here by unswitching, the body being only the if).
func TestLICMPaperCondition(t *testing.T) {
	us := loop("j", ci(0), id("n"), loop("i", ci(0), id("n"),
		ifn(op(ast.OpAnd, lt(ci(3), id("j")), lt(id("i"), ci(56)), lt(id("j"), ci(56))), user("S", id("i"), id("j")), nil)))
	// (isplit off: it would split the i loop at 56 instead.)
	runCase(t, "unswitch-prefix", us, Config{Disable: []string{"isplit"}}, `
for (int j = 0; j <= n; j += 1)
  if (3 < j && j < 56)
    for (int i = 0; i <= n; i += 1)
      if (i < 56)
        S(i, j);`)
	// Without unswitching, LICM binds the invariant group to a Decl.
	us = loop("j", ci(0), id("n"), loop("i", ci(0), id("n"),
		ifn(op(ast.OpAnd, lt(ci(3), id("j")), lt(id("i"), ci(56)), lt(id("j"), ci(56))), user("S", id("i"), id("j")), nil)))
	runCase(t, "licm-cond", us, Config{NoUnswitch: true, Disable: []string{"isplit"}}, `
for (int j = 0; j <= n; j += 1) {
  const int inv0 = 3 < j && j < 56;
  for (int i = 0; i <= n; i += 1)
    if (inv0 && i < 56)
      S(i, j);
}`)
}

func TestLICMTiledGemm(t *testing.T) {
	runCase(t, "gemm", tiledGemm(), Config{}, `
const int inv0 = floord(NI - 1, 32);
const int inv1 = floord(NJ - 1, 32);
const int inv2 = floord(NK - 1, 32);
const int inv5 = NI - 1;
const int inv8 = NK - 1;
const int inv11 = NJ - 1;
for (int c0 = 0; c0 <= inv0; c0 += 1) {
  const int inv3 = 32 * c0;
  const int inv4 = min(inv5, inv3 + 31);
  for (int c1 = 0; c1 <= inv1; c1 += 1) {
    const int inv9 = 32 * c1;
    const int inv10 = min(inv11, inv9 + 31);
    for (int c2 = 0; c2 <= inv2; c2 += 1) {
      const int inv6 = 32 * c2;
      const int inv7 = min(inv8, inv6 + 31);
      for (int c3 = inv3; c3 <= inv4; c3 += 1)
        for (int c4 = inv6; c4 <= inv7; c4 += 1)
          for (int c5 = inv9; c5 <= inv10; c5 += 1)
            S(c3, c4, c5);
    }
  }
}`)
	// With K = 3 only the divisions and the min bounds are worth a Decl.
	runCase(t, "gemm-K3", tiledGemm(), Config{Threshold: 3}, `
const int inv0 = floord(NI - 1, 32);
const int inv1 = floord(NJ - 1, 32);
const int inv2 = floord(NK - 1, 32);
for (int c0 = 0; c0 <= inv0; c0 += 1) {
  const int inv3 = min(NI - 1, 32 * c0 + 31);
  for (int c1 = 0; c1 <= inv1; c1 += 1) {
    const int inv5 = min(NJ - 1, 32 * c1 + 31);
    for (int c2 = 0; c2 <= inv2; c2 += 1) {
      const int inv4 = min(NK - 1, 32 * c2 + 31);
      for (int c3 = 32 * c0; c3 <= inv3; c3 += 1)
        for (int c4 = 32 * c2; c4 <= inv4; c4 += 1)
          for (int c5 = 32 * c1; c5 <= inv5; c5 += 1)
            S(c3, c4, c5);
    }
  }
}`)
}

// TestLICMSmallLoops: nothing is hoisted out of a loop of at most 4
// iterations alone; what is invariant in a larger inner loop goes before
// that one.
func TestLICMSmallLoops(t *testing.T) {
	in := loop("j", ci(0), id("n"), loop("k", ci(0), ci(3), user("S", ast.Add(ast.Mul(ci(32), id("j")), id("k")))))
	runCase(t, "small-inner", in, Config{}, `
for (int j = 0; j <= n; j += 1)
  for (int k = 0; k <= 3; k += 1)
    S(32 * j + k);`)
	in = loop("k", ci(0), ci(3), loop("i", ci(0), id("n"), user("S", ast.Add(ast.Mul(id("n"), id("m")), id("i")))))
	runCase(t, "small-outer", in, Config{}, `
for (int k = 0; k <= 3; k += 1) {
  const int inv0 = n * m;
  for (int i = 0; i <= n; i += 1)
    S(inv0 + i);
}`)
	// A tile of symbolic bounds but constant size 4 is small too.
	in = loop("j", ci(0), id("n"), loop("k", ast.Mul(ci(4), id("j")), ast.Add(ast.Mul(ci(4), id("j")), ci(3)),
		user("S", ast.Add(ast.Mul(id("n"), id("j")), id("k")))))
	runCase(t, "small-tile", in, Config{}, `
for (int j = 0; j <= n; j += 1)
  for (int k = 4 * j; k <= 4 * j + 3; k += 1)
    S(n * j + k);`)
	runCase(t, "small-off", loop("j", ci(0), id("n"), loop("k", ci(0), ci(3), user("S", ast.Add(ast.Mul(ci(32), id("j")), id("k"))))),
		Config{SmallTrip: -1}, `
for (int j = 0; j <= n; j += 1) {
  const int inv0 = 32 * j;
  for (int k = 0; k <= 3; k += 1)
    S(inv0 + k);
}`)
}

// TestLICMNotHoistable: calls and operations that may fault stay where
// they are (their total parts may still move).
func TestLICMNotHoistable(t *testing.T) {
	in := loop("i", ci(0), id("n"),
		user("S", ast.Add(ast.FloorDiv(id("n"), id("m")), id("i"))),
		user("T", ast.Add(ast.NewCall("f", ast.Mul(id("n"), id("m"))), id("i"))),
		ifn(op(ast.OpEq, ast.Rem(id("n"), ci(2)), ci(0)), user("U", ast.Add(ast.ExactDiv(id("n"), ci(2)), id("i"))), nil))
	runCase(t, "not-hoistable", in, Config{NoUnswitch: true}, `
const int inv0 = n * m;
const int inv1 = n % 2 == 0;
for (int i = 0; i <= n; i += 1) {
  S(floord(n, m) + i);
  T(f(inv0) + i);
  if (inv1)
    U(n / 2 + i);
}`)
}

// TestCSESiblings: equal invariants of sibling loops share one Decl.
func TestCSESiblings(t *testing.T) {
	nm := func() ast.Expr { return ast.Mul(id("n"), id("m")) }
	in := &ast.Block{Stmts: []ast.Node{
		loop("i", ci(0), id("n"), user("S", ast.Add(nm(), id("i")))),
		loop("j", ci(0), id("n"), user("T", ast.Add(ast.Add(nm(), ci(1)), id("j")))),
	}}
	st := runCase(t, "cse", in, Config{}, `
const int inv0 = n * m;
for (int i = 0; i <= n; i += 1)
  S(inv0 + i);
const int inv1 = inv0 + 1;
for (int j = 0; j <= n; j += 1)
  T(inv1 + j);`)
	if st.Reused == 0 {
		t.Errorf("nothing reused: %v", st)
	}
}

// TestMarkPlacement: Decls for a loop under a mark go before the mark,
// and unswitching copies the mark into both branches.
func TestMarkPlacement(t *testing.T) {
	in := loop("j", ci(0), id("n"), &ast.Mark{Name: "parallel",
		Body: loop("i", ci(0), ast.Min(id("n"), ast.Mul(ci(8), id("j"))), user("S", id("i"), id("j")))})
	runCase(t, "mark-licm", in, Config{}, `
for (int j = 0; j <= n; j += 1) {
  const int inv0 = min(n, 8 * j);
  // parallel
  for (int i = 0; i <= inv0; i += 1)
    S(i, j);
}`)
	us := &ast.Mark{Name: "parallel", Body: loop("i", ci(0), id("n"), user("A", id("i")),
		ifn(lt(id("m"), ci(3)), user("B", id("i")), user("C", id("i"))))}
	st := runCase(t, "mark-unswitch", us, Config{}, `
if (m < 3) {
  // parallel
  for (int i = 0; i <= n; i += 1) {
    A(i);
    B(i);
  }
} else
  // parallel
  for (int i = 0; i <= n; i += 1) {
    A(i);
    C(i);
  }`)
	if st.Unswitched != 1 {
		t.Errorf("unswitched %d, want 1", st.Unswitched)
	}
	// Over budget: the if stays in the loop (and its condition is hoisted).
	us = &ast.Mark{Name: "parallel", Body: loop("i", ci(0), id("n"), user("A", id("i")),
		ifn(lt(id("m"), id("n")), user("B", id("i")), user("C", id("i"))))}
	runCase(t, "unswitch-budget", us, Config{UnswitchBudget: -1}, `
const int inv0 = m < n;
// parallel
for (int i = 0; i <= n; i += 1) {
  A(i);
  if (inv0) {
    B(i);
  } else
    C(i);
}`)
}

func TestUnswitchElse(t *testing.T) {
	in := loop("j", ci(0), id("n"), loop("i", ci(0), id("n"),
		ifn(lt(id("j"), id("m")), user("A", id("i"), id("j")), user("B", id("i"), id("j")))))
	runCase(t, "else", in, Config{}, `
for (int j = 0; j <= n; j += 1)
  if (j < m) {
    for (int i = 0; i <= n; i += 1)
      A(i, j);
  } else
    for (int i = 0; i <= n; i += 1)
      B(i, j);`)
	// Cascade: the condition invariant in both loops leaves both.
	in = loop("j", ci(0), id("n"), loop("i", ci(0), id("n"),
		ifn(lt(id("n"), id("m")), user("A", id("i"), id("j")), nil)))
	runCase(t, "cascade", in, Config{}, `
if (n < m)
  for (int j = 0; j <= n; j += 1)
    for (int i = 0; i <= n; i += 1)
      A(i, j);`)
}

// TestUnswitchTwoIfs: an innermost loop whose body holds two ifs on
// conditions invariant in it (the two statements of a skewed jacobi-2d
// tile) loses both, so that every copy vectorizes.
func TestUnswitchTwoIfs(t *testing.T) {
	gi := func(x string) ast.Expr { return op(ast.OpGe, id("j"), id(x)) }
	in := loop("j", ci(0), id("n"), loop("i", ci(0), id("n"),
		blk(ifn(gi("a"), user("A", id("i"), id("j")), nil), ifn(gi("b"), user("B", id("i"), id("j")), nil))))
	st := runCase(t, "innermost", in, Config{}, `
for (int j = 0; j <= n; j += 1)
  if (j >= a) {
    if (j >= b) {
      for (int i = 0; i <= n; i += 1) {
        A(i, j);
        B(i, j);
      }
    } else
      for (int i = 0; i <= n; i += 1)
        A(i, j);
  } else if (j >= b)
    for (int i = 0; i <= n; i += 1)
      B(i, j);`)
	if st.Unswitched != 3 {
		t.Errorf("unswitched %d, want 3", st.Unswitched)
	}
}
