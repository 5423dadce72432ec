package outline

import (
	"strings"
	"testing"

	"github.com/tessera-opt/tessera/ast"
	"github.com/tessera-opt/tessera/astgen"
	"github.com/tessera-opt/tessera/cfront"
	"github.com/tessera-opt/tessera/internal/cdecl"
	"github.com/tessera-opt/tessera/internal/emit"
	"github.com/tessera-opt/tessera/internal/scalarize"
	"github.com/tessera-opt/tessera/scop"
)

// fixture is src's one region: its file, model, code in the original
// order and statement bodies.
type fixture struct {
	f    *cfront.File
	r    *cfront.Region
	s    *scop.Scop
	n    ast.Node
	body func(*ast.User) (string, error)
}

func setup(t *testing.T, src string) fixture {
	t.Helper()
	f, err := cfront.ParseFile("t.c", []byte(src), cfront.Config{})
	if f == nil || err != nil || len(f.Regions) != 1 {
		t.Fatalf("parse: %v", err)
	}
	r := f.Regions[0]
	s, err := scop.FromRegion(f, r, scop.Config{File: "t.c"})
	if err != nil {
		t.Fatalf("scop: %v", err)
	}
	n, err := astgen.Generate(s.Schedule, astgen.Config{})
	if err != nil {
		t.Fatalf("astgen: %v", err)
	}
	body, _, err := cdecl.StatementBodies(r, s, "tessera_", nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	return fixture{f, r, s, n, body}
}

// region outlines the sequential nest of src's one region.
func region(t *testing.T, src string) (*Result, ast.Node) {
	t.Helper()
	x := setup(t, src)
	return Region(x.n, Config{File: x.f, Region: x.r, Scop: x.s, Body: x.body, IterType: "int", Prefix: "tessera_", Seq: true}), x.n
}

// TestRegionSeq checks that a nest over two array parameters moves into
// a function with restrict parameters, called through a node with a Call
// payload; and that a nest writing a scalar stays.
func TestRegionSeq(t *testing.T) {
	src := "#define N 64\nvoid k(int n, double A[N][N], double B[N][N]) {\n#pragma scop\n" +
		"for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) A[i][j] = B[j][i] * 2.0;\n#pragma endscop\n}\n"
	o, _ := region(t, src)
	if o == nil || o.Root == nil {
		t.Fatalf("not outlined: %+v", o)
	}
	u, ok := o.Root.(*ast.User)
	if !ok {
		t.Fatalf("root %T", o.Root)
	}
	if c, ok := u.Payload.(Call); !ok || !strings.HasPrefix(c.Func, "tessera_seq_") || c.Part() {
		t.Errorf("call payload %#v", u.Payload)
	}
	if !strings.Contains(o.Funcs, "double (*restrict A)[N]") || !strings.Contains(o.Funcs, "double (*restrict B)[N]") || !strings.Contains(o.Funcs, "int n") {
		t.Errorf("parameters:\n%s", o.Funcs)
	}
	if text := o.Texts[u]; !strings.HasSuffix(text, "(n, A, B);") {
		t.Errorf("call %q", text)
	}
	if !strings.HasPrefix(src[o.Pos:], "void k(") {
		t.Errorf("functions go at %d: %q", o.Pos, src[o.Pos:])
	}
	src = strings.Replace(src, "int n,", "int n, double z,", 1)
	src = strings.Replace(src, "A[i][j] = B[j][i] * 2.0;", "{ A[i][j] = B[j][i] * 2.0; z = A[i][j]; }", 1)
	if o, _ := region(t, src); o == nil || o.Root != nil || !strings.Contains(strings.Join(o.Notes, "\n"), "writes the scalar z") {
		t.Errorf("outlined though it writes z: %+v", o)
	}
}

// TestRegionAccumulator: a parallel loop whose body holds an accumulator
// of package scalarize (__typeof__(x) acc = x; a loop updating acc; x =
// acc;) moves into a function that declares the accumulator itself,
// recognized from the load's typed payload, and receives no parameter
// for it.
func TestRegionAccumulator(t *testing.T) {
	src := "#define N 64\nvoid k(int n, double A[N][N], double x[N]) {\n#pragma scop\n" +
		"for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) x[i] = x[i] + A[i][j];\n#pragma endscop\n}\n"
	x := setup(t, src)
	f, r, s, n, body := x.f, x.r, x.s, x.n, x.body
	g, ok := n.(*ast.For)
	if !ok {
		t.Fatalf("root %T", n)
	}
	n = &ast.Mark{Name: "parallel", Body: g}
	n, sr := scalarize.Rewrite(n, s, body)
	if len(sr.Texts) != 3 {
		t.Fatalf("scalarize rewrote %d calls, want 3:\n%s", len(sr.Texts), ast.PrintC(n))
	}
	o := Region(n, Config{File: f, Region: r, Scop: s, Body: sr.Body(body), IterType: "int", Prefix: "tessera_",
		Clauses: func(*ast.Mark, *ast.For) emit.Clauses { return emit.Clauses{} }})
	if o == nil || len(o.Texts) != 1 {
		t.Fatalf("not outlined: %+v", o)
	}
	if !strings.Contains(o.Funcs, "__typeof__(x[c0]) tessera_acc0 = x[c0];") || strings.Contains(o.Funcs, "tessera_acc0)") {
		t.Errorf("the function does not declare the accumulator itself:\n%s", o.Funcs)
	}
	for _, text := range o.Texts {
		if strings.Contains(text, "acc") {
			t.Errorf("the call passes the accumulator: %s", text)
		}
	}
}
