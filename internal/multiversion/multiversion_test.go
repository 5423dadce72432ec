package multiversion

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/tessera-opt/tessera/cfront"
)

// region parses src (one function with one scop region) and returns the
// file and its region.
func region(t *testing.T, src string) (*cfront.File, *cfront.Region) {
	t.Helper()
	f, err := cfront.ParseFile("k.c", []byte(src), cfront.Config{})
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Regions) != 1 {
		t.Fatalf("%d regions", len(f.Regions))
	}
	return f, f.Regions[0]
}

func names(ps []Param) []string {
	var out []string
	for _, p := range ps {
		out = append(out, p.Name+":"+p.Type+":"+p.Suffix)
	}
	return out
}

func TestParams(t *testing.T) {
	for _, tc := range []struct {
		name, decls, body string
		want              []string
	}{
		{"stride in subscripts", "int u, int n, int w, float *a, float *b",
			"for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) b[i * w + j] = a[(i * u) * w + j * u];",
			[]string{"w:int:", "u:int:"}},
		{"row length after the strides", "int u, int n, int H, int W, float *a, float *b",
			"for (int c = 0; c < n; c++) for (int p = 0; p < n; p++) for (int q = 0; q < n; q++) b[q] = a[(c * H + p) * W + q * u];",
			[]string{"H:int:", "u:int:"}},
		{"long stride, divisor", "long s, int n, float *a, float *b",
			"for (int k = 0; k < n; k++) b[k] = a[k / s + (k % s)];",
			[]string{"s:long:L"}},
		{"index temporary", "int u, int n, float *a, float *b",
			"for (int i = 0; i < n; i++) { int x = i + 1; b[i] = a[x * u]; }",
			[]string{"u:int:"}},
		{"an extent", "int n, int m, float *a, float *b",
			"for (int i = 0; i < m; i++) for (int c = 0; c < n; c++) b[c * m + i] = a[i * n + c];",
			nil},
		{"the factor of a sum only", "int u, int n, float *a, float *b",
			"for (int i = 0; i < n; i++) b[i] = a[(i + 1) * u];",
			nil},
		{"a product of parameters only", "int u, int h, int n, float *a",
			"for (int i = 0; i < h * u; i++) a[i] = 0;",
			nil},
		{"written in the region", "int u, int n, float *a",
			"for (int i = 0; i < n; i++) { a[i * u] = 0; u = 2; }",
			nil},
		{"incremented", "int u, int n, float *a",
			"for (int i = 0; i < n; i++) { a[i * u] = 0; u++; }",
			nil},
		{"unsigned", "unsigned u, int n, float *a",
			"for (int i = 0; i < n; i++) a[i * u] = 0;",
			nil},
		{"pointer", "int *u, int n, float *a",
			"for (int i = 0; i < n; i++) a[i * u[0]] = 0;",
			nil},
		{"iterator", "int n, float *a",
			"for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) a[i * j] = 0;",
			nil},
		{"constant factor", "int u, int n, float *a",
			"for (int i = 0; i < n; i++) a[2 * u + i] = 0;",
			nil},
	} {
		src := fmt.Sprintf("void k(%s) {\n#pragma scop\n%s\n#pragma endscop\n}\n", tc.decls, tc.body)
		f, r := region(t, src)
		if got := names(Params(f, r)); !slices.Equal(got, tc.want) {
			t.Errorf("%s: Params = %v, want %v", tc.name, got, tc.want)
		}
	}
}

func TestMacroIsNoParam(t *testing.T) {
	src := "#define U 2\nvoid k(int n, float *a) {\n#pragma scop\nfor (int i = 0; i < n; i++) a[i * U] = 0;\n#pragma endscop\n}\n"
	f, r := region(t, src)
	if ps := Params(f, r); len(ps) != 0 {
		t.Errorf("Params = %v, want none", names(ps))
	}
}

func TestVersions(t *testing.T) {
	src := "void k(int u, long v, int n, float *a, float *b) {\n#pragma scop\nfor (int i = 0; i < n; i++) {\n  int x = i * v;\n  b[i] = a[i * u + x];\n}\n#pragma endscop\n}\n"
	f, r := region(t, src)
	ps := Params(f, r)
	if got := names(ps); !slices.Equal(got, []string{"v:long:L", "u:int:"}) {
		t.Fatalf("Params = %v", got)
	}
	vs := Versions(r, ps, []int64{1, 2})
	var conds []string
	for _, v := range vs {
		conds = append(conds, v.Cond)
	}
	want := []string{"v == 1 && u == 1", "v == 1 && u == 2", "v == 2 && u == 1", "v == 2 && u == 2"}
	if !slices.Equal(conds, want) {
		t.Fatalf("conditions %q, want %q", conds, want)
	}
	// The last version's statements: literals of the names' types, the
	// texts reprinted, the positions kept.
	body := vs[3].Region.Body[0].(*cfront.For).Body.(*cfront.Block)
	decl := body.Stmts[0].(*cfront.Decl)
	stmt := body.Stmts[1].(*cfront.ExprStmt)
	if decl.Text != "int x = i * 2L;" || stmt.Text != "b[i] = a[i * 2 + x];" {
		t.Errorf("texts %q, %q", decl.Text, stmt.Text)
	}
	if stmt.Text == r.Body[0].(*cfront.For).Body.(*cfront.Block).Stmts[1].(*cfront.ExprStmt).Text {
		t.Errorf("the original region changed")
	}
	if orig := r.Body[0].(*cfront.For).Body.(*cfront.Block).Stmts[1].(*cfront.ExprStmt); orig.Text != "b[i] = a[i * u + x];" {
		t.Errorf("the original statement is now %q", orig.Text)
	}
	// More values than Limit allows for two names: one name only.
	if vs := Versions(r, ps, []int64{1, 2, 4}); len(vs) != 3 || vs[2].Cond != "v == 4" {
		t.Errorf("three values: %d versions", len(vs))
	}
	// A negative value.
	vs = Versions(r, ps[1:], []int64{-3})
	stmt = vs[0].Region.Body[0].(*cfront.For).Body.(*cfront.Block).Stmts[1].(*cfront.ExprStmt)
	if stmt.Text != "b[i] = a[i * (-3) + x];" || vs[0].Cond != "u == -3" {
		t.Errorf("negative value: %q under %q", stmt.Text, vs[0].Cond)
	}
}

func TestSelect(t *testing.T) {
	src := "void k(int u, int w, int h, int n, float *a, float *b) {\n#pragma scop\nfor (int i = 0; i < n; i++) for (int j = 0; j < n; j++) b[i * w + j] = a[(i * h + j * u) * w];\n#pragma endscop\n}\n"
	f, r := region(t, src)
	ps := Params(f, r)
	// The probe accepts a region whose text names no u: the selection is
	// u alone, though w and h come first.
	var probes int
	probe := func(v *cfront.Region) bool {
		probes++
		text := cfront.FormatStmt(v.Body[0], "", "  ", nil)
		return !strings.Contains(text, "u")
	}
	got := names(Select(r, ps, []int64{1, 2}, probe))
	if !slices.Equal(got, []string{"u:int:"}) {
		t.Errorf("Select = %v (params %v)", got, names(ps))
	}
	if probes != 3 {
		t.Errorf("%d probes, want 3", probes)
	}
	// A probe that needs both u and h gone: the pair.
	probe = func(v *cfront.Region) bool {
		text := cfront.FormatStmt(v.Body[0], "", "  ", nil)
		return !strings.Contains(text, "u") && !strings.Contains(text, "h")
	}
	if got := names(Select(r, ps, []int64{1, 2}, probe)); !slices.Equal(got, []string{"h:int:", "u:int:"}) {
		t.Errorf("Select pair = %v", got)
	}
	// Nothing helps: none.
	if got := Select(r, ps, []int64{1, 2}, func(*cfront.Region) bool { return false }); got != nil {
		t.Errorf("Select = %v, want none", names(got))
	}
}

func TestParseValues(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []int64
		bad  bool
	}{
		{"1,2", []int64{1, 2}, false},
		{" 4 , 1,4", []int64{4, 1}, false},
		{"none", []int64{}, false},
		{"", []int64{}, false},
		{"-2", []int64{-2}, false},
		{"x", nil, true},
		{"1,,2", nil, true},
		{"-9223372036854775808", nil, true},
	} {
		got, err := ParseValues(tc.in)
		if (err != nil) != tc.bad || !slices.Equal(got, tc.want) {
			t.Errorf("ParseValues(%q) = %v, %v", tc.in, got, err)
		}
	}
}
