package emit

import (
	"fmt"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/tessera-opt/tessera/ast"
)

// gcc returns the path of gcc or skips the test.
func gcc(t *testing.T) string {
	t.Helper()
	p, err := exec.LookPath("gcc")
	if err != nil {
		t.Skip("gcc not found")
	}
	return p
}

// compileRun compiles src with gcc and flags and returns the program's
// output.
func compileRun(t *testing.T, src string, flags ...string) string {
	t.Helper()
	return compileRunEnv(t, src, nil, flags...)
}

// compileRunEnv is compileRun with extra environment variables for the run.
func compileRunEnv(t *testing.T, src string, env []string, flags ...string) string {
	t.Helper()
	cc := gcc(t)
	dir := t.TempDir()
	c := filepath.Join(dir, "prog.c")
	exe := filepath.Join(dir, "prog")
	if err := os.WriteFile(c, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	args := append([]string{"-std=c99", "-O0", "-Werror=parentheses", "-o", exe, c}, flags...)
	if out, err := exec.Command(cc, args...).CombinedOutput(); err != nil {
		t.Fatalf("gcc: %v\n%s\n%s", err, out, numbered(src))
	}
	cmd := exec.Command(exe)
	cmd.Env = append(os.Environ(), env...)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("run: %v", err)
	}
	return string(out)
}

func numbered(src string) string {
	var b strings.Builder
	for i, l := range strings.Split(src, "\n") {
		fmt.Fprintf(&b, "%4d %s\n", i+1, l)
	}
	return b.String()
}

// TestPreludeGCC checks the floord, ceild, min and max macros against exact
// arithmetic on every numerator in [-60, 60] and divisor in [-9, 9] \ {0},
// in int and in long, plus a few large values.
func TestPreludeGCC(t *testing.T) {
	var src strings.Builder
	src.WriteString("#include <stdio.h>\n" + Prelude + `
int main(void) {
  for (int n = -60; n <= 60; n++)
    for (int d = -9; d <= 9; d++) {
      if (d == 0) continue;
      long ln = n * 1000003L, ld = d;
      printf("%d %d %d %d %d %d %ld %ld\n", n, d, floord(n, d), ceild(n, d), min(n, d), max(n, d), floord(ln, ld), ceild(ln, ld));
    }
  return 0;
}
`)
	out := compileRun(t, src.String(), "-Wall")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	i := 0
	for n := int64(-60); n <= 60; n++ {
		for d := int64(-9); d <= 9; d++ {
			if d == 0 {
				continue
			}
			ln := n * 1000003
			fl, _ := ast.Eval(ast.NewOp(ast.OpFloorDiv, ci(n), ci(d)), nil)
			ce, _ := ast.Eval(ast.NewOp(ast.OpCeilDiv, ci(n), ci(d)), nil)
			lfl, _ := ast.Eval(ast.NewOp(ast.OpFloorDiv, ci(ln), ci(d)), nil)
			lce, _ := ast.Eval(ast.NewOp(ast.OpCeilDiv, ci(ln), ci(d)), nil)
			want := fmt.Sprintf("%d %d %d %d %d %d %d %d", n, d, fl, ce, min(n, d), max(n, d), lfl, lce)
			if i >= len(lines) || lines[i] != want {
				got := "<missing>"
				if i < len(lines) {
					got = lines[i]
				}
				t.Fatalf("got %q want %q", got, want)
			}
			i++
		}
	}
}

// gen builds random terminating trees whose values stay small.
type gen struct {
	r     *rand.Rand
	iters []string // iterators and decls in scope
	next  int
	stmts int
}

func (g *gen) atom() ast.Expr {
	names := append([]string{"n", "m"}, g.iters...)
	if g.r.Intn(3) == 0 {
		return ci(int64(g.r.Intn(9) - 4))
	}
	return id(names[g.r.Intn(len(names))])
}

// expr is a random expression with small values over the names in scope.
func (g *gen) expr(depth int) ast.Expr {
	if depth == 0 || g.r.Intn(3) == 0 {
		return g.atom()
	}
	d := int64(g.r.Intn(4) + 1)
	if g.r.Intn(3) == 0 {
		d = -d
	}
	a := g.expr(depth - 1)
	switch g.r.Intn(12) {
	case 0:
		return ast.Add(a, g.expr(depth-1))
	case 1:
		return ast.Sub(a, g.expr(depth-1))
	case 2:
		return ast.Mul(ci(d), a)
	case 3:
		return ast.FloorDiv(a, ci(d))
	case 4:
		return ast.CeilDiv(a, ci(d))
	case 5:
		return ast.Rem(a, ci(d))
	case 6:
		return ast.Min(a, g.expr(depth-1), g.expr(depth-1))
	case 7:
		return ast.Max(a, g.expr(depth-1))
	case 8:
		return ast.Select(g.cond(depth-1), a, g.expr(depth-1))
	case 9:
		return ast.ExactDiv(ast.Mul(ci(d), a), ci(d))
	case 10:
		return ast.PDivQ(ast.Max(ci(0), a), ci(d*d))
	default:
		return ast.Neg(a)
	}
}

func (g *gen) cond(depth int) ast.Expr {
	a, b := g.expr(depth), g.expr(depth)
	var c ast.Expr
	switch g.r.Intn(6) {
	case 0:
		c = ast.Eq(a, b)
	case 1:
		c = ast.Ne(a, b)
	case 2:
		c = ast.Lt(a, b)
	case 3:
		c = ast.Le(a, b)
	case 4:
		c = ast.Gt(a, b)
	default:
		c = ast.Ge(a, b)
	}
	if depth > 0 {
		switch g.r.Intn(6) {
		case 0:
			return ast.And(c, g.cond(depth-1))
		case 1:
			return ast.Or(c, g.cond(depth-1))
		case 2:
			return ast.Not(c)
		case 3:
			return ast.NewOp(ast.OpAndEager, c, g.cond(depth-1))
		case 4:
			return ast.NewOp(ast.OpOrEager, c, g.cond(depth-1))
		}
	}
	return c
}

func (g *gen) user() ast.Node {
	u := &ast.User{Name: fmt.Sprintf("S%d", g.r.Intn(3))}
	for range g.r.Intn(3) {
		u.Args = append(u.Args, g.expr(2))
	}
	return u
}

func (g *gen) stmt(depth int) ast.Node {
	g.stmts++
	if depth == 0 || g.stmts > 12 {
		return g.user()
	}
	switch g.r.Intn(6) {
	case 0, 1:
		it := fmt.Sprintf("c%d", g.next)
		g.next++
		f := &ast.For{Iter: it, Init: g.expr(2), Inc: ci(int64(g.r.Intn(3) + 1))}
		g.iters = append(g.iters, it)
		var hi ast.Expr = ast.Add(f.Init, ci(int64(g.r.Intn(6))))
		if g.r.Intn(2) == 0 {
			hi = ast.Min(hi, g.expr(2))
		}
		f.Cond = ast.Le(id(it), hi)
		if g.r.Intn(4) == 0 {
			f.Cond = ast.And(f.Cond, g.cond(1))
		}
		f.Body = g.stmt(depth - 1)
		g.iters = g.iters[:len(g.iters)-1]
		if g.r.Intn(4) == 0 {
			return &ast.Mark{Name: []string{"parallel", "simd", "ivdep", "vec"}[g.r.Intn(4)], Body: f}
		}
		return f
	case 2:
		n := &ast.If{Cond: g.cond(2), Then: g.stmt(depth - 1)}
		if g.r.Intn(2) == 0 {
			n.Else = g.stmt(depth - 1)
		}
		return n
	case 3:
		return &ast.Mark{Name: "note", Body: g.stmt(depth - 1)}
	default:
		b := &ast.Block{}
		mark := len(g.iters)
		for range 1 + g.r.Intn(3) {
			if g.r.Intn(3) == 0 {
				name := fmt.Sprintf("t%d", g.next)
				g.next++
				b.Stmts = append(b.Stmts, &ast.Decl{Name: name, Value: g.expr(2)})
				g.iters = append(g.iters, name)
			}
			b.Stmts = append(b.Stmts, g.stmt(depth-1))
		}
		g.iters = g.iters[:mark]
		return b
	}
}

// printfBody prints a User as a printf of its name and arguments.
func printfBody(u *ast.User) (string, error) {
	var b strings.Builder
	b.WriteString(`printf("` + u.Name)
	for range u.Args {
		b.WriteString(" %ld")
	}
	b.WriteString(`\n"`)
	for _, a := range u.Args {
		b.WriteString(", (long)" + Expr(a))
	}
	b.WriteString(");")
	return b.String(), nil
}

// TestRoundTripGCC generates random trees (seeded), prints each with
// Region, compiles all of them in one program with gcc, runs it and
// compares every printed instance sequence with the interpreter's.
func TestRoundTripGCC(t *testing.T) {
	gcc(t)
	const seed = 20261122
	r := rand.New(rand.NewSource(seed))
	var src strings.Builder
	src.WriteString("#include <stdio.h>\n" + Prelude)
	var want strings.Builder
	var calls strings.Builder
	cases, limit := 0, 300
	if testing.Short() {
		limit = 60
	}
	for i := 0; cases < limit && i < 3000; i++ {
		g := &gen{r: r}
		tree := g.stmt(4)
		params := map[string]int64{"n": int64(r.Intn(11) - 3), "m": int64(r.Intn(11) - 5)}
		ins, err := ast.Interpret(tree, params, ast.WithBudget(2000))
		if err != nil {
			continue // budget or a domain error: not a valid test program
		}
		if err := ast.Verify(tree, "n", "m"); err != nil {
			t.Fatalf("seed %d case %d: generator made a bad tree: %v\n%s", seed, i, err, ast.Dump(tree))
		}
		cfg := Config{Body: printfBody, Base: 1, IterDeclOutside: i%2 == 1}
		text, err := Region(tree, cfg)
		if err != nil {
			t.Fatalf("seed %d case %d: %v", seed, i, err)
		}
		fmt.Fprintf(&src, "static void case%d(int n, int m) {\n%s}\n", i, text)
		fmt.Fprintf(&calls, "  printf(\"-- %d\\n\");\n  case%d(%d, %d);\n", i, i, params["n"], params["m"])
		fmt.Fprintf(&want, "-- %d\n", i)
		for _, in := range ins {
			want.WriteString(in.Name)
			for _, a := range in.Args {
				fmt.Fprintf(&want, " %d", a)
			}
			want.WriteByte('\n')
		}
		cases++
	}
	src.WriteString("int main(void) {\n" + calls.String() + "  return 0;\n}\n")
	got := compileRun(t, src.String(), "-Wno-unknown-pragmas")
	if got != want.String() {
		gl, wl := strings.Split(got, "\n"), strings.Split(want.String(), "\n")
		for k := 0; k < len(gl) && k < len(wl); k++ {
			if gl[k] != wl[k] {
				// Find the case header above the first difference.
				hdr := ""
				for j := k; j >= 0; j-- {
					if strings.HasPrefix(wl[j], "-- ") {
						hdr = wl[j]
						break
					}
				}
				t.Fatalf("seed %d: output differs at line %d (%s): got %q want %q", seed, k+1, hdr, gl[k], wl[k])
			}
		}
		t.Fatalf("seed %d: output lengths differ: got %d lines, want %d", seed, len(gl), len(wl))
	}
	t.Logf("%d random regions agree with the interpreter (%d omp parallel, %d private, %d simd pragmas)", cases,
		strings.Count(src.String(), "omp parallel for"), strings.Count(src.String(), "private("), strings.Count(src.String(), "omp simd"))
	// The pragmas must also be well placed for an OpenMP compiler, and
	// with several threads each case must print the same multiset of
	// lines (a missing private clause would show as a race).
	if !hasOpenMP(t) {
		t.Skip("gcc without OpenMP")
	}
	par := compileRunEnv(t, src.String(), []string{"OMP_NUM_THREADS=4"}, "-fopenmp", "-Werror=unknown-pragmas")
	if a, b := sortedCases(par), sortedCases(want.String()); a != b {
		t.Fatalf("seed %d: OpenMP run differs from the interpreter (as multisets per case)", seed)
	}
}

func hasOpenMP(t *testing.T) bool {
	cc := gcc(t)
	dir := t.TempDir()
	c := filepath.Join(dir, "t.c")
	os.WriteFile(c, []byte("#include <omp.h>\nint main(void){return omp_get_max_threads() < 1;}\n"), 0o644)
	return exec.Command(cc, "-fopenmp", "-o", filepath.Join(dir, "t"), c).Run() == nil
}

// sortedCases sorts the lines of each "-- i" section.
func sortedCases(out string) string {
	var b strings.Builder
	var cur []string
	flush := func() {
		sort.Strings(cur)
		for _, l := range cur {
			b.WriteString(l + "\n")
		}
		cur = cur[:0]
	}
	for _, l := range strings.Split(out, "\n") {
		if strings.HasPrefix(l, "-- ") {
			flush()
			b.WriteString(l + "\n")
			continue
		}
		cur = append(cur, l)
	}
	flush()
	return b.String()
}

// TestHelperPrefixGCC splices a region into a file that defines its own
// min function: with the prefix reported necessary by HelperConflicts the
// result compiles and computes the interpreter's sequence.
func TestHelperPrefixGCC(t *testing.T) {
	src := `#include <stdio.h>
static int min(int a, int b) { return a < b ? a : b; }
int main(void) {
  int n = 10;
#pragma scop
  S(n);
#pragma endscop
  return min(0, 1);
}
`
	conf := HelperConflicts([]byte(src))
	if len(conf) != 1 || conf[0] != "min" {
		t.Fatalf("HelperConflicts = %v, want [min]", conf)
	}
	tree := loop("c0", ast.Neg(id("n")), ast.Min(id("n"), ci(3)), 1,
		&ast.User{Name: "S", Args: []ast.Expr{ast.FloorDiv(id("c0"), ci(3)), ast.Max(id("c0"), ci(0))}})
	cfg := Config{HelperPrefix: "tessera_", Base: 1}
	cfg.Body = func(u *ast.User) (string, error) {
		return `printf("S %ld %ld\n", (long)` + cfg.Expr(u.Args[0]) + ", (long)" + cfg.Expr(u.Args[1]) + ");", nil
	}
	text, err := Region(tree, cfg)
	if err != nil {
		t.Fatal(err)
	}
	start := strings.Index(src, "#pragma scop")
	end := strings.Index(src, "  return")
	out, err := SpliceWithPrelude([]byte(src), []Edit{{start, end, WrapScop(text)}}, cfg.HelperPrefix)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(out), "tessera_floord(c0, 3)") || HelperConflicts(out) == nil {
		t.Fatalf("unexpected output:\n%s", out)
	}
	ins, err := ast.Interpret(tree, map[string]int64{"n": 10})
	if err != nil {
		t.Fatal(err)
	}
	var want strings.Builder
	for _, in := range ins {
		fmt.Fprintf(&want, "S %d %d\n", in.Args[0], in.Args[1])
	}
	if got := compileRun(t, string(out), "-Wall"); got != want.String() {
		t.Errorf("got\n%s\nwant\n%s\nprogram:\n%s", got, want.String(), out)
	}
}

func TestHelperConflicts(t *testing.T) {
	for _, tt := range []struct {
		src  string
		want string
	}{
		{"int x = 1;", ""},
		{"/* min */ // max\nchar *s = \"floord(\"; char c = 'm';", ""},
		{"#define max(a,b) ((a)>(b)?(a):(b))\nint minimum, ceild_x;", "max"},
		{Prelude + "int y = min(1, 2) + floord(3, 4);", "min floord"},
		{Prelude + "int y;", ""},
	} {
		if got := strings.Join(HelperConflicts([]byte(tt.src)), " "); got != tt.want {
			t.Errorf("%q: got %q want %q", tt.src, got, tt.want)
		}
	}
}
