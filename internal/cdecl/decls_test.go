package cdecl

import (
	"strings"
	"testing"

	"github.com/tessera-opt/tessera/cfront"
	"github.com/tessera-opt/tessera/scop"
)

func region(t *testing.T, src string) (*cfront.File, *cfront.Region, *scop.Scop) {
	t.Helper()
	f, err := cfront.ParseFile("t.c", []byte(src), cfront.Config{})
	if f == nil || err != nil || len(f.Regions) != 1 {
		t.Fatalf("parse: %v", err)
	}
	s, err := scop.FromRegion(f, f.Regions[0], scop.Config{File: "t.c"})
	if err != nil {
		t.Fatalf("scop: %v", err)
	}
	return f, f.Regions[0], s
}

// TestCollect checks the hoisted declarations as values: the top-level
// ones before the region, the nested ones in a block around it, const
// dropped where an initializer becomes an assignment, storage classes
// dropped, one declaration for the same name in disjoint blocks.
func TestCollect(t *testing.T) {
	src := "double A[10][10], x[10];\nvoid k(int n) {\n#pragma scop\n" +
		"const double c = 2.0;\nfor (int i = 0; i < n; i++) { register double s = 0; for (int j = 0; j < n; j++) s += A[i][j] * c; x[i] = s; }\n" +
		"for (int i = 0; i < n; i++) { double s = x[i]; x[i] = s * s; }\n#pragma endscop\n}\n"
	_, r, s := region(t, src)
	d, err := Collect(r, s)
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Outer) != 1 || d.Outer[0].String() != "double c;\n" || d.Outer[0].Type != "double" {
		t.Errorf("outer: %+v", d.Outer)
	}
	if len(d.Inner) != 1 || d.Inner[0].String() != "double s;\n" {
		t.Errorf("inner: %+v", d.Inner)
	}
	if got, want := d.Wrap("body;\n"), "double c;\n{\n  double s;\n  body;\n}\n"; got != want {
		t.Errorf("Wrap: %q, want %q", got, want)
	}
	if got := (Var{Type: "float", Stars: 1, Name: "p", Dims: []string{"N", ""}, Attrs: "__attribute__((aligned(16)))"}).String(); got != "float *p[N][] __attribute__((aligned(16)));\n" {
		t.Errorf("Var.String: %q", got)
	}
}

// TestCollectRefuses checks the declarations that cannot be hoisted.
func TestCollectRefuses(t *testing.T) {
	checked := 0
	for name, body := range map[string]string{
		"static":       "for (int i = 0; i < n; i++) { static double s; s = x[i]; x[i] = s; }",
		"nested scope": "for (int i = 0; i < n; i++) { double s = x[i]; for (int j = 0; j < n; j++) { double s = 1; x[j] = s; } x[i] = s; }",
		"types":        "for (int i = 0; i < n; i++) { double s = x[i]; x[i] = s; }\nfor (int i = 0; i < n; i++) { float s = x[i]; x[i] = s; }",
	} {
		src := "double x[10];\nvoid k(int n) {\n#pragma scop\n" + body + "\n#pragma endscop\n}\n"
		f, err := cfront.ParseFile("t.c", []byte(src), cfront.Config{})
		if f == nil || err != nil || len(f.Regions) != 1 {
			continue // refused earlier: nothing to check here
		}
		s, err := scop.FromRegion(f, f.Regions[0], scop.Config{File: "t.c"})
		if err != nil {
			continue
		}
		checked++
		if _, err := Collect(f.Regions[0], s); err == nil || !strings.Contains(err.Error(), "region is kept") {
			t.Errorf("%s: %v", name, err)
		}
	}
	if checked < 2 {
		t.Errorf("only %d cases reached Collect", checked)
	}
}

// TestIterType checks the type of the generated iterators.
func TestIterType(t *testing.T) {
	for typ, want := range map[string]string{"int": "int", "short": "int", "long": "long", "unsigned int": "long", "long long": "long long"} {
		src := "double x[10];\nvoid k(" + typ + " n) {\n#pragma scop\nfor (" + typ + " i = 0; i < n; i++) x[i] = 0;\n#pragma endscop\n}\n"
		f, r, s := region(t, src)
		got, err := IterType(f, r, s)
		if err != nil || got != want {
			t.Errorf("%s: %q %v, want %q", typ, got, err, want)
		}
	}
	if typ, class := StorageFree("static const double"); typ != "const double" || class != "static" {
		t.Errorf("StorageFree: %q %q", typ, class)
	}
	if DropConst("const double") != "double" {
		t.Errorf("DropConst")
	}
}

// TestParam: a scalar, a restrict pointer to elements and one to rows
// print as C declarations, and a list joins them with commas.
func TestParam(t *testing.T) {
	ps := []Param{
		{Type: "long", Name: "n"},
		{Type: "double", Name: "x", Restrict: true},
		{Type: "double", Name: "A", Restrict: true, Rows: []string{"N", "M + 1"}},
	}
	want := "long n, double *restrict x, double (*restrict A)[N][M + 1]"
	if got := ParamList(ps); got != want {
		t.Errorf("ParamList:\n got %s\nwant %s", got, want)
	}
	if got := ParamList(nil); got != "" {
		t.Errorf("ParamList(nil) = %q", got)
	}
}
