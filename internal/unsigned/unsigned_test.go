package unsigned

import (
	"strings"
	"testing"

	"github.com/tessera-opt/tessera/ast"
	"github.com/tessera-opt/tessera/cfront"
	"github.com/tessera-opt/tessera/scop"
)

// analyze runs Analyze on the first region of the C text src.
func analyze(t *testing.T, src string) (*Plan, error) {
	t.Helper()
	src = "#include <stddef.h>\n" + src + "\n"
	f, err := cfront.ParseFile("u.c", []byte(src), cfront.Config{AutoScop: true})
	if err != nil || len(f.Regions) == 0 {
		t.Fatalf("%s: %v (%d regions)", src, err, len(f.Regions))
	}
	s, err := scop.FromRegion(f, f.Regions[0], scop.Config{File: f.Name})
	if err != nil {
		t.Fatalf("%s: %v", src, err)
	}
	return Analyze(f, f.Regions[0], s)
}

// TestAnalyze checks the plans of regions with unsigned names: the
// iterator types the statements see, the parameters converted in the
// generated code, the width of the generated iterators, and the run-time
// condition.
func TestAnalyze(t *testing.T) {
	for _, c := range []struct {
		src    string
		iters  string // the unsigned iterators and their types
		params string
		wide   bool
		cond   []string // the parts of the run-time condition
	}{
		{src: "void f(int n, double *z) { for (int i = 0; i < n; i++) z[i] += 1; }"},
		{src: "void f(size_t n, double *z) { for (size_t i = 0; i < n; i++) z[i] += 1; }",
			iters: "i:size_t", params: "n", wide: true, cond: []string{"n <= 9223372036854775806ULL"}},
		// n - 1 is checked n >= 1; i + 1 widens the bound.
		{src: "void f(size_t n, double *v, double *w) { for (size_t i = 1; i < n - 1; i++) w[i] = v[i - 1] + v[i + 1]; }",
			iters: "i:size_t", params: "n", wide: true, cond: []string{"n <= 9223372036854775805ULL", "n >= 1"}},
		// A signed parameter compared with an unsigned iterator is
		// checked non-negative; unsigned int gives the 32-bit limit, which an
		// int parameter cannot exceed.
		{src: "void f(unsigned n, int m, double *z) { for (unsigned i = 0; i < n; i++) if (i < m) z[i] += 1; }",
			iters: "i:unsigned", params: "n", cond: []string{"m >= 0", "n <= 4294967294ULL"}},
		// An int iterator below a size_t bound: no unsigned iterator.
		{src: "void f(size_t n, double *z) { for (int i = 0; i < n; i++) z[i] += 1; }",
			params: "n", wide: true, cond: []string{"n <= 9223372036854775806ULL"}},
	} {
		p, err := analyze(t, c.src)
		if err != nil {
			t.Errorf("%s: %v", c.src, err)
			continue
		}
		var iters []string
		for it, typ := range p.IterTypes {
			iters = append(iters, it+":"+typ)
		}
		got := strings.Join(iters, ",") + " / " + strings.Join(p.Params, ",") + " / " + p.Cond
		want := c.iters + " / " + c.params + " / " + strings.Join(c.cond, " && ")
		if got != want || p.Wide != c.wide {
			t.Errorf("%s:\n got %s (wide %v)\nwant %s (wide %v)", c.src, got, p.Wide, want, c.wide)
		}
	}
}

// TestAnalyzeRefuses checks the errors of the unsigned arithmetic the model
// cannot follow.
func TestAnalyzeRefuses(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"void f(size_t n, double *z) { for (size_t i = 0; i < n; i++) if (i - 1 < 5) z[i] += 1; }",
			"i - 1 is computed in unsigned arithmetic (i has type size_t) and wraps around"},
		{"void f(size_t n, double *z) { for (size_t i = n; i >= 0; i--) z[i] += 1; }",
			"i counts down and has the unsigned type size_t, and no bound"},
		{"void f(unsigned n, double *z) { for (unsigned i = 0; i < n; i++) z[i * 2000000] += 1; }",
			"i * 2000000 is computed in unsigned arithmetic (i has type unsigned), which may wrap around"},
		{"void f(size_t n, double *z) { for (size_t i = 0; i < n + 2000000; i++) z[i] += 1; }",
			"the constant 2000000 is too large"},
		{"void f(size_t n, double *z) { for (int i = 10; i > n; i--) z[i] += 1; }",
			"i counts down and is compared with unsigned values"},
	} {
		_, err := analyze(t, c.src)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want %q", c.src, err, c.want)
		}
	}
}

// TestIterValue: a statement sees an unsigned iterator converted to its
// type, any other value as it is.
func TestIterValue(t *testing.T) {
	p := &Plan{IterTypes: map[string]string{"i": "size_t"}}
	if got := p.IterValue("i", "c0 + 1"); got != "((size_t)(c0 + 1))" {
		t.Errorf("IterValue(i) = %s", got)
	}
	if got := p.IterValue("j", "c1"); got != "c1" {
		t.Errorf("IterValue(j) = %s", got)
	}
	var none *Plan
	if got := none.IterValue("i", "c0"); got != "c0" || none.Casts() {
		t.Errorf("nil plan: IterValue %s, Casts %v", got, none.Casts())
	}
}

// TestCastParams: the unsigned parameters of the generated bounds go
// through the helper macro, which AddHeader defines.
func TestCastParams(t *testing.T) {
	loop := &ast.For{Iter: "c0", Init: ast.NewInt(0), Cond: ast.NewOp(ast.OpLe, ast.NewIdent("c0"), ast.Sub(ast.NewIdent("n"), ast.NewInt(1))), Inc: ast.NewInt(1), Body: &ast.Block{}}
	p := &Plan{Params: []string{"n"}}
	if p.Casts() {
		t.Fatal("Casts before CastParams")
	}
	p.CastParams(loop, "pfx_")
	if got := ast.ExprC(loop.Cond); !strings.Contains(got, "pfx_sll(n) - 1") || !p.Casts() {
		t.Errorf("condition %s, Casts %v", got, p.Casts())
	}
	out := string(AddHeader([]byte("int x;\n"), "pfx_"))
	if want := "#ifndef pfx_sll\n#define pfx_sll(x) ((long long)(x))\n#endif\nint x;\n"; out != want {
		t.Errorf("AddHeader: %q, want %q", out, want)
	}
}
