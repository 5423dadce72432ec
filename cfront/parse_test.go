package cfront

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// lineCol computes the 1-based line and column of off by counting.
func lineCol(src []byte, off int) (int, int) {
	line, col := 1, 1
	for k := 0; k < off && k < len(src); k++ {
		if src[k] == '\n' {
			line, col = line+1, 1
		} else {
			col++
		}
	}
	return line, col
}

// TestPositions checks over the corpus that every node's position is
// consistent (line:col matches the offset) and points at the node's first
// token in the ORIGINAL file.
func TestPositions(t *testing.T) {
	for _, path := range corpus(t) {
		src, _ := os.ReadFile(path)
		f, _ := ParseFile(path, src, Config{AutoScop: true})
		at := func(p Pos, prefix string, n Node) {
			t.Helper()
			l, c := lineCol(src, p.Offset)
			if l != p.Line || c != p.Col {
				t.Errorf("%s: %T at offset %d says %d:%d, counted %d:%d", path, n, p.Offset, p.Line, p.Col, l, c)
			}
			if !strings.HasPrefix(string(src[p.Offset:]), prefix) {
				t.Errorf("%s:%s: %T should start with %q, source has %q", path, p, n, prefix, string(src[p.Offset:min(len(src), p.Offset+len(prefix)+5)]))
			}
		}
		for _, r := range f.Regions {
			if !r.Auto {
				at(r.Pos, "#", nil)
				if r.Start != r.Pos.Offset-r.Pos.Col+1 || (r.End < len(src) && src[r.End-1] != '\n') {
					t.Errorf("%s: region bytes [%d,%d) not whole lines", path, r.Start, r.End)
				}
				if !strings.Contains(string(src[r.Start:r.End]), "endscop") {
					t.Errorf("%s: region [%d,%d) misses endscop", path, r.Start, r.End)
				}
			}
			for _, s := range r.Body {
				Walk(s, func(n Node) bool {
					switch n := n.(type) {
					case *Ident:
						at(n.At, n.Name, n)
					case *IntLit:
						at(n.At, n.Text, n)
					case *FloatLit:
						at(n.At, n.Text, n)
					case *CharLit:
						at(n.At, n.Text, n)
					case *Paren:
						at(n.At, "(", n)
					case *Cast:
						at(n.At, "(", n)
					case *Unary:
						at(n.At, n.Op, n)
					case *Binary:
						at(n.At, "", n)
						at(n.OpPos, n.Op, n)
						if n.At != n.X.Pos() {
							t.Errorf("%s:%s: binary does not start at its left operand", path, n.At)
						}
					case *Assign:
						if n.At != n.LHS.Pos() {
							t.Errorf("%s:%s: assignment does not start at its left side", path, n.At)
						}
					case *Index, *Call, *Postfix, *CondExpr:
						at(n.Pos(), "", n)
					case *For:
						at(n.At, "for", n)
						at(n.IterPos, n.Iter, n)
						if src[n.EndOff-1] != ';' && src[n.EndOff-1] != '}' {
							t.Errorf("%s:%s: for ends with %q", path, n.At, src[n.EndOff-1])
						}
					case *If:
						at(n.At, "if", n)
					case *Block:
						at(n.At, "{", n)
						if src[n.EndOff-1] != '}' {
							t.Errorf("%s:%s: block ends with %q", path, n.At, src[n.EndOff-1])
						}
					case *ExprStmt:
						at(n.At, n.Text, n)
						if string(src[n.At.Offset:n.EndOff]) != n.Text {
							t.Errorf("%s:%s: text mismatch", path, n.At)
						}
					case *Decl:
						at(n.At, n.Text, n)
					case *Declarator:
						at(n.At, n.Name, n)
					case *Empty:
						at(n.At, ";", n)
					}
					return true
				})
			}
		}
		for _, v := range f.Globals {
			at(v.Pos, v.Name, nil)
		}
		for _, fn := range f.Funcs {
			at(fn.Pos, fn.Name, nil)
			for _, v := range append(append([]*Var{}, fn.Params...), fn.Locals...) {
				at(v.Pos, v.Name, nil)
			}
		}
	}
}

// TestFormatRoundTrip: printing an expression and parsing it again gives
// the same tree, for every statement of the corpus.
func TestFormatRoundTrip(t *testing.T) {
	for _, path := range corpus(t) {
		src, _ := os.ReadFile(path)
		f, _ := ParseFile(path, src, Config{AutoScop: true})
		for _, r := range f.Regions {
			for _, s := range r.Body {
				Walk(s, func(n Node) bool {
					es, ok := n.(*ExprStmt)
					if !ok {
						return true
					}
					text := es.X.Format(nil)
					back, err := ParseExpr(text, f.IsTypeName)
					if err != nil {
						t.Errorf("%s:%s: reparse of %q: %v", path, es.At, text, err)
						return true
					}
					if SExpr(back) != SExpr(es.X) {
						t.Errorf("%s:%s: round trip changed the tree:\n%s\n%s", path, es.At, SExpr(es.X), SExpr(back))
					}
					return true
				})
			}
		}
	}
}

func TestFormat(t *testing.T) {
	subst := func(name string) (string, bool) {
		switch name {
		case "i":
			return "c0", true
		case "j":
			return "c1 + 1", true
		case "k":
			return "-c2", true
		}
		return "", false
	}
	tests := []struct{ in, plain, subst string }{
		{"C[i][j] += alpha * A[i][k] * B[k][j]", "C[i][j] += alpha * A[i][k] * B[k][j]", "C[c0][(c1 + 1)] += alpha * A[c0][(-c2)] * B[(-c2)][(c1 + 1)]"},
		{"x = 2*j", "x = 2 * j", "x = 2 * (c1 + 1)"},
		{"x=-k", "x = -k", "x = -(-c2)"},
		{"x = - -y", "x = - -y", "x = - -y"},
		{"x = (DATA_TYPE)(i*j+1) / n", "x = (DATA_TYPE)(i * j + 1) / n", "x = (DATA_TYPE)(c0 * (c1 + 1) + 1) / n"},
		{"a = b ? c : d ? e : f", "a = b ? c : d ? e : f", "a = b ? c : d ? e : f"},
		{"s->x[i].y = sizeof(int*) + sizeof s", "s->x[i].y = sizeof(int*) + sizeof s", "s->x[c0].y = sizeof(int*) + sizeof s"},
		{"A[i]++", "A[i]++", "A[c0]++"},
		{"--A[i]", "--A[i]", "--A[c0]"},
		{"x = f(i, (j, k))", "x = f(i, (j, k))", "x = f(c0, ((c1 + 1), (-c2)))"},
		{"x = \"a\" \"b\"", "x = \"a\" \"b\"", "x = \"a\" \"b\""},
		{"x = a<<1|b&c^d", "x = a << 1 | b & c ^ d", "x = a << 1 | b & c ^ d"},
		{"x = !a && (b || c)", "x = !a && (b || c)", "x = !a && (b || c)"},
	}
	isType := func(s string) bool { return s == "DATA_TYPE" }
	for _, tc := range tests {
		e, err := ParseExpr(tc.in, isType)
		if err != nil {
			t.Errorf("%q: %v", tc.in, err)
			continue
		}
		if got := e.Format(nil); got != tc.plain {
			t.Errorf("Format(%q) = %q, want %q", tc.in, got, tc.plain)
		}
		if got := e.Format(subst); got != tc.subst {
			t.Errorf("Format(%q, subst) = %q, want %q", tc.in, got, tc.subst)
		}
	}
}

// TestFormatHandBuilt: trees built by hand get the parentheses they need.
func TestFormatHandBuilt(t *testing.T) {
	id := func(s string) Expr { return &Ident{Name: s} }
	sum := &Binary{Op: "+", X: id("a"), Y: id("b")}
	e := &Binary{Op: "*", X: sum, Y: &Binary{Op: "-", X: id("c"), Y: &Binary{Op: "-", X: id("d"), Y: id("e")}}}
	if got, want := e.Format(nil), "(a + b) * (c - (d - e))"; got != want {
		t.Errorf("got %q want %q", got, want)
	}
	neg := &Unary{Op: "-", X: &Unary{Op: "-", X: id("x")}}
	if got, want := neg.Format(nil), "- -x"; got != want {
		t.Errorf("got %q want %q", got, want)
	}
	ix := &Index{X: &Unary{Op: "*", X: id("p")}, Index: id("i")}
	if got, want := ix.Format(nil), "(*p)[i]"; got != want {
		t.Errorf("got %q want %q", got, want)
	}
}

func TestParseExprPrecedence(t *testing.T) {
	tests := []struct{ in, want string }{
		{"a + b * c", "(+ a (* b c))"},
		{"a - b - c", "(- (- a b) c)"},
		{"a = b = c", "(= a (= b c))"},
		{"a < b == c > d", "(== (< a b) (> c d))"},
		{"a || b && c | d ^ e & f", "(|| a (&& b (| c (^ d (& e f)))))"},
		{"-a[i]++", "(u- (++post (a[] i)))"},
		{"!a ? b : c", "(? (u! a) b c)"},
		{"(double)x / y", "(/ (cast double x) y)"},
		{"(N) * x", "(* (paren N) x)"},
		{"(DATA_TYPE)(i*j)", "(cast DATA_TYPE (paren (* i j)))"},
		{"(unsigned long)x", "(cast unsigned long x)"},
		{"(const float *)p", "(cast const float* p)"},
		{"*p + &q", "(+ (u* p) (u& q))"},
		{"A[i][j+1]", "(A[] i (+ j 1))"},
		{"(A)[i]", "(A[] i)"},
		{"f(a, b)[2]", "([] (call f a b) 2)"},
		{"x.y->z", "(-> (. x y) z)"},
		{"SCALAR_VAL(0.5) * x", "(* (call SCALAR_VAL 0.5) x)"},
		{"0x1Fu + 010 + 0b101 + 'z' + 1e10 + 1.5e-3f + 0x1p3", "(+ (+ (+ (+ (+ (+ 0x1Fu 010) 0b101) 'z') 1e10) 1.5e-3f) 0x1p3)"},
		{"a >>= 2", "(>>= a 2)"},
		{"x % 4 != 0", "(!= (% x 4) 0)"},
		{"sizeof(double) * n", "(* (sizeof-type double) n)"},
		{"a ? b, c : d", "(? a (, b c) d)"},
	}
	isType := func(s string) bool { return s == "DATA_TYPE" }
	for _, tc := range tests {
		e, err := ParseExpr(tc.in, isType)
		if err != nil {
			t.Errorf("%q: %v", tc.in, err)
			continue
		}
		if got := SExpr(e); got != tc.want {
			t.Errorf("%q: got %s want %s", tc.in, got, tc.want)
		}
	}
	lits := []struct {
		in  string
		val int64
	}{{"0x1F", 31}, {"010", 8}, {"0b101", 5}, {"42ull", 42}, {"9223372036854775807", 1<<63 - 1}}
	for _, l := range lits {
		e, err := ParseExpr(l.in, nil)
		if err != nil {
			t.Fatal(err)
		}
		if lit := e.(*IntLit); lit.Value != l.val || lit.Big {
			t.Errorf("%s = %d (big %v), want %d", l.in, lit.Value, lit.Big, l.val)
		}
	}
	e, _ := ParseExpr("18446744073709551616", nil)
	if !e.(*IntLit).Big {
		t.Errorf("2^64 should be Big")
	}
}

func TestArrayAccess(t *testing.T) {
	e, _ := ParseExpr("(A)[i][(j)+1]", nil)
	name, subs, ok := ArrayAccess(e)
	if !ok || name != "A" || len(subs) != 2 || SExpr(subs[0]) != "i" || SExpr(subs[1]) != "(+ (paren j) 1)" {
		t.Errorf("got %v %v %v", name, subs, ok)
	}
	e, _ = ParseExpr("(*p)[i]", nil)
	if _, _, ok := ArrayAccess(e); ok {
		t.Errorf("(*p)[i] is not a plain array access")
	}
	// PolyBench's init code of cholesky, lu and ludcmp.
	e, _ = ParseExpr("(POLYBENCH_ARRAY(B))[r][s]", nil)
	if name, subs, ok := ArrayAccess(e); !ok || name != "B" || len(subs) != 2 || SExpr(subs[1]) != "s" {
		t.Errorf("(POLYBENCH_ARRAY(B))[r][s]: got %v %v %v", name, subs, ok)
	}
	for _, src := range []string{"f(B)[i]", "POLYBENCH_ARRAY(B, C)[i]", "POLYBENCH_ARRAY(B[0])[i]", "POLYBENCH_ARRAY(B)"} {
		e, _ = ParseExpr(src, nil)
		if name, _, ok := ArrayAccess(e); ok {
			t.Errorf("%s: not an array access, got %s", src, name)
		}
	}
}

func TestFormatStmt(t *testing.T) {
	src := "for (int i = 0; i < n; i++) { double t = 0, u[2]; if (i % 2) A[i] = t; else { A[i] += 1; } ; }"
	stmts, err := ParseStmts(src, nil)
	if err != nil {
		t.Fatal(err)
	}
	got := FormatStmt(stmts[0], "", "  ", func(s string) (string, bool) {
		if s == "i" {
			return "c0", true
		}
		return "", false
	})
	want := `for (int c0 = 0; c0 < n; c0++) {
  double t = 0, u[2];
  if (c0 % 2)
    A[c0] = t;
  else {
    A[c0] += 1;
  }
  ;
}
`
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

func TestDefinesSelectType(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("testdata", "gemm.c"))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		def, want string
	}{{"", "double"}, {"DATA_TYPE_IS_FLOAT", "float"}, {"DATA_TYPE_IS_INT", "int"}} {
		cfg := Config{}
		if tc.def != "" {
			cfg.Defines = map[string]string{tc.def: ""}
		}
		f, err := ParseFile(filepath.Join("testdata", "gemm.c"), src, cfg)
		if err != nil {
			t.Fatal(err)
		}
		if got, _ := f.ResolveType("DATA_TYPE"); got != tc.want {
			t.Errorf("-D%s: DATA_TYPE = %q want %q", tc.def, got, tc.want)
		}
		v := f.Lookup(f.Regions[0], "C")
		if v == nil || v.Elem != tc.want || v.NDims() != 2 || v.Scope != ParamScope || v.Dims[0].Format(nil) != "NI" {
			t.Errorf("-D%s: C = %+v", tc.def, v)
		}
	}
	f, _ := ParseFile(filepath.Join("testdata", "gemm.c"), src, Config{Defines: map[string]string{"LARGE_DATASET": ""}})
	if m := f.Macros["NI"]; m == nil || m.Body != "1000" {
		t.Errorf("LARGE_DATASET: NI = %+v", m)
	}
}

func TestResolveType(t *testing.T) {
	src := `#define DATA_TYPE float
#define REAL DATA_TYPE
#define LOOP DATA_TYPE_X
typedef REAL real_t;
typedef unsigned long ulong_t;
typedef double *dptr;
typedef struct { int x; } pt;
`
	f, err := ParseFile("t.c", []byte(src), Config{})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct{ in, want string }{
		{"DATA_TYPE", "float"}, {"REAL", "float"}, {"real_t", "float"}, {"const real_t", "float"},
		{"ulong_t", "unsigned long"}, {"unsigned", "unsigned int"}, {"long int", "long"},
		{"long long int", "long long"}, {"unsigned long long", "unsigned long long"}, {"short int", "short"},
		{"signed char", "signed char"}, {"unsigned char", "unsigned char"}, {"long double", "long double"},
		{"int64_t", "int64_t"}, {"static double", "double"},
		{"LOOP", ""}, {"dptr", ""}, {"pt", ""}, {"unknown_t", ""}, {"short long", ""}, {"signed unsigned", ""}, {"long char", ""}, {"int int", ""}, {"double double", ""},
		{"long long unsigned int", "unsigned long long"}, {"char", "char"}, {"_Bool", "_Bool"}, {"void", "void"},
	}
	for _, tc := range tests {
		got, ok := f.ResolveType(tc.in)
		if got != tc.want || ok != (tc.want != "") {
			t.Errorf("ResolveType(%q) = %q, %v; want %q", tc.in, got, ok, tc.want)
		}
	}
	for _, name := range []string{"DATA_TYPE", "REAL", "real_t", "int", "size_t"} {
		if !f.IsTypeName(name) {
			t.Errorf("%s should be a type name", name)
		}
	}
	for _, name := range []string{"LOOP", "N", "x"} {
		if f.IsTypeName(name) {
			t.Errorf("%s should not be a type name", name)
		}
	}
}

func TestAutoScop(t *testing.T) {
	src := `double A[10][10];
void f(int n) {
#pragma scop
  for (int i = 0; i < n; i++) A[i][0] = 1;
#pragma endscop
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      A[i][j] = A[j][i];
  if (n > 3)
    for (int i = 0; i < n; i++) A[i][i] = 0;
}
`
	f, err := ParseFile("t.c", []byte(src), Config{})
	if err != nil || len(f.Regions) != 1 {
		t.Fatalf("pragmas only: %v %d", err, len(f.Regions))
	}
	f, err = ParseFile("t.c", []byte(src), Config{AutoScop: true})
	if err != nil || len(f.Regions) != 3 {
		t.Fatalf("auto: %v\n%s", err, Dump(f))
	}
	r := f.Regions[1]
	if !r.Auto || r.Pos.Line != 6 || string(f.Src[r.Start:r.End]) != "for (int i = 0; i < n; i++)\n    for (int j = 0; j < n; j++)\n      A[i][j] = A[j][i];" || r.Indent != "  " || r.Func != "f" {
		t.Errorf("auto region: %+v %q", r, f.Src[r.Start:r.End])
	}
	if r := f.Regions[2]; r.Pos.Line != 10 || r.Indent != "    " {
		t.Errorf("auto region after if: %+v", r)
	}
}

// TestAutoScopPragma: a loop under a pragma is no auto region (the pragma
// would govern the region's first statement); its inner loops are.
func TestAutoScopPragma(t *testing.T) {
	src := `double A[10][10];
void f(int n) {
  int i, j;
#pragma omp parallel for private(j)
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      A[i][j] = A[i][j] + 1;
  #pragma GCC ivdep
  for (i = 0; i < n; i++)
    A[i][0] = 2;
}
`
	f, err := ParseFile("t.c", []byte(src), Config{AutoScop: true})
	if err != nil || len(f.Regions) != 1 {
		t.Fatalf("auto: %v\n%s", err, Dump(f))
	}
	if r := f.Regions[0]; r.Pos.Line != 6 {
		t.Errorf("auto region at line %d, want the inner loop (6)", r.Pos.Line)
	}
	notes := 0
	for _, e := range f.Skipped {
		if strings.Contains(e.Msg, "it follows #pragma") {
			notes++
		}
	}
	if notes != 2 {
		t.Errorf("%d notes about pragmas, want 2: %v", notes, f.Skipped)
	}
}

func TestRegionBytes(t *testing.T) {
	src := "void f() {\n  int x;\n  #pragma scop\n  x = 1;\n  #pragma endscop\n  x = 2;\n}\n"
	f, err := ParseFile("t.c", []byte(src), Config{})
	if err != nil {
		t.Fatal(err)
	}
	r := f.Regions[0]
	if got := src[r.Start:r.End]; got != "  #pragma scop\n  x = 1;\n  #pragma endscop\n" {
		t.Errorf("replaced bytes %q", got)
	}
	if got := src[r.BodyStart:r.BodyEnd]; got != "  x = 1;\n" {
		t.Errorf("body bytes %q", got)
	}
	if r.Indent != "  " {
		t.Errorf("indent %q", r.Indent)
	}
	// At the end of the file without a final newline.
	src = "#pragma scop\nx = 1;\n#pragma endscop"
	f, err = ParseFile("t.c", []byte(src), Config{})
	if err != nil || f.Regions[0].End != len(src) {
		t.Fatalf("%v %+v", err, f.Regions)
	}
	// CRLF line ends.
	src = "#pragma scop\r\nx = 1;\r\n#pragma endscop\r\ny = 2;\r\n"
	f, err = ParseFile("t.c", []byte(src), Config{})
	if err != nil || src[f.Regions[0].End:] != "y = 2;\r\n" {
		t.Fatalf("%v %+v", err, f.Regions)
	}
}

func TestWalk(t *testing.T) {
	stmts, err := ParseStmts("for (i = 0; i < n; i++) { if (i > 2) A[i] = f(i, B[i+1]); else ; }", nil)
	if err != nil {
		t.Fatal(err)
	}
	var seen []string
	Walk(stmts[0], func(n Node) bool {
		switch n := n.(type) {
		case *Ident:
			seen = append(seen, n.Name)
		case *IntLit:
			seen = append(seen, n.Text)
		case *Call:
			seen = append(seen, "call")
			return false // do not enter the call
		}
		return true
	})
	if got, want := strings.Join(seen, " "), "i 0 i n i i 2 A i call"; got != want {
		t.Errorf("walk order %q, want %q", got, want)
	}
}

func TestSkippedNotes(t *testing.T) {
	src := "void f(int n) {\n  for (int i = 0; i < n; i++)\n    printf(\"%d\", i);\n  for (int i = 0; i < n; i++) ;\n}\n"
	f, err := ParseFile("t.c", []byte(src), Config{})
	if err != nil || len(f.Regions) != 0 || len(f.Skipped) != 2 {
		t.Fatalf("%v\n%s", err, Dump(f))
	}
	if got := f.Skipped[0].Error(); got != "t.c:3:5: note: loop nest left alone: a call statement is not allowed as a statement in a SCoP: only assignments and ++/-- are modeled (their accesses must be known)" {
		t.Errorf("skipped[0] = %s", got)
	}
	if got := f.Skipped[1].Error(); got != "t.c:4:3: note: loop nest left alone: it has no assignment to optimize" {
		t.Errorf("skipped[1] = %s", got)
	}
}

// TestHeaders: local headers are read through Config.ReadFile, relative
// to the including file, once each (include cycles end), nested headers
// included; system headers are not read.
func TestHeaders(t *testing.T) {
	files := map[string]string{
		filepath.Join("dir", "a.h"):     "#include \"sub/b.h\"\n#include \"a.h\"\n#define A_T B_T\n",
		filepath.Join("dir", "sub/b.h"): "#define B_T long double\ntypedef int idx_t;\nextern float g[10][20];\n",
	}
	var asked []string
	read := func(p string) ([]byte, error) {
		asked = append(asked, p)
		s, ok := files[p]
		if !ok {
			return nil, os.ErrNotExist
		}
		return []byte(s), nil
	}
	src := "#include \"a.h\"\n#include <stdio.h>\n#include \"missing.h\"\nA_T x; idx_t k;\n"
	f, err := ParseFile(filepath.Join("dir", "main.c"), []byte(src), Config{ReadFile: read})
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := f.ResolveType("A_T"); got != "long double" {
		t.Errorf("A_T = %q", got)
	}
	want := []string{filepath.Join("dir", "a.h"), filepath.Join("dir", "sub", "b.h"), filepath.Join("dir", "missing.h")}
	if strings.Join(asked, ",") != strings.Join(want, ",") {
		t.Errorf("read %v, want %v", asked, want)
	}
	g := f.Lookup(nil, "g")
	if g == nil || g.Elem != "float" || g.NDims() != 2 {
		t.Errorf("g = %+v", g)
	}
	if x := f.Lookup(nil, "x"); x == nil || x.Elem != "long double" {
		t.Errorf("x = %+v", x)
	}
	if k := f.Lookup(nil, "k"); k == nil || k.Elem != "int" || k.Type != "idx_t" {
		t.Errorf("k = %+v", k)
	}
}

func TestForInitText(t *testing.T) {
	stmts, err := ParseStmts("for ( i = 0 ; i < n ; i ++ ) A[i] = 0;\nfor (int j = 1 ; j >= 0; j--) A[j] = 1;", nil)
	if err != nil {
		t.Fatal(err)
	}
	if in := stmts[0].(*For).Init.(*ExprStmt); in.Text != "i = 0" {
		t.Errorf("init text %q", in.Text)
	}
	if in := stmts[1].(*For).Init.(*Decl); in.Text != "int j = 1" {
		t.Errorf("init text %q", in.Text)
	}
}

// TestDeclScan: declarators of every shape give the right dimensions.
func TestDeclScan(t *testing.T) {
	src := `#define N 10
typedef double vec[4];
typedef vec mat[N];
typedef float *fptr;
int a, *b, c[N], d[N][2*N];
double (*pa)[N];
float *ap[3];
static const unsigned long e = 3, f[] = {1, 2}, g;
vec v; mat m; fptr fp;
struct s { int x; } st;
void k(int n, double A[][N], float B[restrict n][n], double *restrict C, int (*D)[4], char **argv, FILE *fp2, ...) {
  register int i = 0, j;
  double t[N][N] = {{0}};
  for (i = 0; i < n; i++) A[i][0] = 0;
  { long double q; }
}
`
	f, err := ParseFile("d.c", []byte(src), Config{})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, v := range f.Globals {
		got = append(got, dumpVar(v))
	}
	for _, v := range f.Funcs[0].Params {
		got = append(got, dumpVar(v))
	}
	for _, v := range f.Funcs[0].Locals {
		got = append(got, dumpVar(v))
	}
	want := `global int a @5:5 ndims 0 elem "int"
global int b[] @5:9 ndims 1 elem "int"
global int c[N] @5:12 ndims 1 elem "int"
global int d[N][2 * N] @5:18 ndims 2 elem "int"
global double pa[][N] @6:10 ndims 2 elem "double"
global float ap[3][] @7:8 ndims 2 elem "float"
global const unsigned long e @8:28 ndims 0 elem "unsigned long"
global const unsigned long f[] @8:35 ndims 1 elem "unsigned long"
global const unsigned long g @8:49 ndims 0 elem "unsigned long"
global double v[4] @9:5 ndims 1 elem "double"
global double m[N][4] @9:12 ndims 2 elem "double"
global float fp[] @9:20 ndims 1 elem "float"
param int n @11:12 ndims 0 elem "int"
param double A[][N] @11:22 ndims 2 elem "double"
param float B[n][n] @11:36 ndims 2 elem "float"
param double C[] @11:71 ndims 1 elem "double"
param int D[][4] @11:80 ndims 2 elem "int"
param char argv[][] @11:94 ndims 2 elem "char"
param FILE fp2[] @11:106 ndims 1 elem ""
local int i @12:16 ndims 0 elem "int"
local int j @12:23 ndims 0 elem "int"
local double t[N][N] @13:10 ndims 2 elem "double"
local long double q @15:17 ndims 0 elem "long double"`
	if g := strings.Join(got, "\n"); g != want {
		t.Errorf("got\n%s\nwant\n%s", g, want)
	}
}

// TestLookupScopes: a local is seen from a region only inside its block
// and after its declaration; inner blocks shadow outer ones.
func TestLookupScopes(t *testing.T) {
	src := `float x;
void f(int n, double y) {
  {
    int x = 1;
  }
#pragma scop
  y = x;
#pragma endscop
  long y2;
  {
    char x;
#pragma scop
    y = x + y2;
#pragma endscop
  }
  short later;
}
`
	f, err := ParseFile("s.c", []byte(src), Config{})
	if err != nil || len(f.Regions) != 2 {
		t.Fatalf("%v", err)
	}
	r1, r2 := f.Regions[0], f.Regions[1]
	if v := f.Lookup(r1, "x"); v == nil || v.Elem != "float" || v.Scope != FileScope {
		t.Errorf("x in region 1 = %+v", v)
	}
	if v := f.Lookup(r1, "y"); v == nil || v.Scope != ParamScope {
		t.Errorf("y in region 1 = %+v", v)
	}
	if v := f.Lookup(r1, "y2"); v != nil {
		t.Errorf("y2 is declared after region 1: %+v", v)
	}
	if v := f.Lookup(r2, "x"); v == nil || v.Elem != "char" {
		t.Errorf("x in region 2 = %+v", v)
	}
	if v := f.Lookup(r2, "y2"); v == nil || v.Elem != "long" {
		t.Errorf("y2 in region 2 = %+v", v)
	}
	if v := f.Lookup(r2, "later"); v != nil {
		t.Errorf("later = %+v", v)
	}
}

// TestFileScopeMacroInvocations: macro invocations that expand to
// definitions (NAME(args) with no body, no semicolon, one after another,
// a type name among the arguments) do not hide the functions after them.
func TestFileScopeMacroInvocations(t *testing.T) {
	src := `#define DUMP_FUNC(NAME, T) static void NAME(const T *p) { (void)p; }
DUMP_FUNC(dump_d, double)
DUMP_FUNC(dump_f, float)

static __attribute__((noinline)) void kernel(int n, double *A)
{
#pragma scop
  for (int i = 0; i < n; i++)
    A[i] = 0;
#pragma endscop
}

int main(void) { return 0; }
`
	f, err := ParseFile("m.c", []byte(src), Config{})
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, fn := range f.Funcs {
		names = append(names, fn.Name)
	}
	if !slices.Contains(names, "kernel") || !slices.Contains(names, "main") {
		t.Errorf("functions %v, want kernel and main among them", names)
	}
	if len(f.Regions) != 1 || f.Regions[0].Func != "kernel" {
		t.Errorf("regions %+v, want one in kernel", f.Regions)
	}
}
