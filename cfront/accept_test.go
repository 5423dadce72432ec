package cfront

import (
	"strings"
	"testing"
)

// Regression tests for the regions users write: labels no goto names,
// macro loop steps, #if groups inside regions, unterminated literals
// before a region.

func parseCfg(t *testing.T, src string, cfg Config) (*File, error) {
	t.Helper()
	cfg.ReadFile = func(string) ([]byte, error) { return nil, errNoHeaders }
	return ParseFile("t.c", []byte(src), cfg)
}

var errNoHeaders = &Error{Msg: "no headers in this test"}

func TestLabelWithoutGoto(t *testing.T) {
	src := `void f(int n, double *A) {
  int i;
#pragma scop
outer:
  for (i = 0; i < n; i++)
    inner: A[i] = 0;
#pragma endscop
}
void g(void) { goto outer; outer: ; }
`
	f, err := parseCfg(t, src, Config{})
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Regions) != 1 || len(f.Regions[0].Body) != 1 {
		t.Fatalf("want one region with one statement:\n%s", Dump(f))
	}
	loop, ok := f.Regions[0].Body[0].(*For)
	if !ok {
		t.Fatalf("the label's statement is %T, want *For", f.Regions[0].Body[0])
	}
	if es, ok := loop.Body.(*ExprStmt); !ok || es.Text != "A[i] = 0;" {
		t.Errorf("loop body %#v, want the statement after the label", loop.Body)
	}
	// Automatic detection: the label inside the nest is read too.
	auto := strings.NewReplacer("#pragma scop\n", "", "#pragma endscop\n", "").Replace(src)
	f, err = parseCfg(t, auto, Config{})
	if err != nil || len(f.Regions) != 1 {
		t.Fatalf("auto: %v, %d regions\n%v", err, len(f.Regions), f.Skipped)
	}
}

func TestMacroStep(t *testing.T) {
	for _, tc := range []struct {
		name, defs string
		cfg        Config
		step       int64
		cond       string // Region.Cond; "!" when the region is refused
	}{
		{"fixed", "#define BS 8\n", Config{}, 8, ""},
		{"expression", "#define B 4\n#define BS (2*B)\n", Config{}, 8, ""},
		{"overridable", "#ifndef BS\n#define BS 8\n#endif\n", Config{}, 8, "(BS) == 8"},
		{"overridden", "#ifndef BS\n#define BS 8\n#endif\n", Config{Defines: map[string]string{"BS": "16"}}, 16, "(BS) == 16"},
		{"command line", "", Config{Defines: map[string]string{"BS": "4"}}, 4, "(BS) == 4"},
		{"conditional", "#ifdef BIG\n#define BS 64\n#else\n#define BS 8\n#endif\n", Config{}, 8, "(BS) == 8"},
		{"defined twice", "#define BS 8\n#undef BS\n#define BS 8\n", Config{}, 8, "(BS) == 8"},
		{"after the region", "", Config{}, 8, "(BS) == 8"}, // the #if is false there
		{"unsigned", "#define BS 8u\n", Config{}, 0, "!"},
		{"variable", "int BS = 8;\n", Config{}, 0, ""}, // StepVar (stepvar_test.go)
		{"too big", "#define BS (65536*65536)\n", Config{}, 0, "!"},
		{"cast", "#define BS ((int)8)\n", Config{}, 8, ""},
		{"cast overridable", "#ifndef BS\n#define BS ((int)8)\n#endif\n", Config{}, 0, "!"}, // #if cannot check it
	} {
		src := tc.defs + `void f(int n, double *A) {
  int jj;
#pragma scop
  for (jj = 0; jj < n; jj += BS)
    A[jj] = 0;
#pragma endscop
}
`
		if tc.name == "after the region" {
			src += "#define BS 8\n"
		}
		f, err := parseCfg(t, src, tc.cfg)
		if tc.cond == "!" {
			if err == nil || !strings.Contains(err.Error(), "by an integer constant") {
				t.Errorf("%s: got %v, want the step error", tc.name, err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		r := f.Regions[0]
		if s := r.Body[0].(*For).Step; s != tc.step {
			t.Errorf("%s: step %d, want %d", tc.name, s, tc.step)
		}
		if r.Cond != tc.cond {
			t.Errorf("%s: Cond %q, want %q", tc.name, r.Cond, tc.cond)
		}
	}
}

// TestRegionIf checks which branches of #if groups a region holds and the
// condition it records, against the -D flags.
func TestRegionIf(t *testing.T) {
	src := `#define MODE 2
void f(int n, double *A) {
  int i;
#pragma scop
  for (i = 0; i < n; i++) {
#if MODE == 1
    A[i] = 1;
#elif MODE == 2 && defined(FAST)
    A[i] = 2;
#else
    A[i] = 3;
#endif
#ifdef EXTRA
    A[i] += 1;
#endif
#if 0
#if garbage(
    A[i] = 4;
#endif
#endif
  }
#pragma endscop
}
`
	for _, tc := range []struct {
		defs  map[string]string
		stmts []string
		cond  string
	}{
		{nil, []string{"A[i] = 3;"}, "!(MODE == 1) && !(MODE == 2 && defined(FAST)) && !(defined(EXTRA)) && !(0)"},
		{map[string]string{"FAST": ""}, []string{"A[i] = 2;"}, "!(MODE == 1) && (MODE == 2 && defined(FAST)) && !(defined(EXTRA)) && !(0)"},
		{map[string]string{"EXTRA": ""}, []string{"A[i] = 3;", "A[i] += 1;"}, "!(MODE == 1) && !(MODE == 2 && defined(FAST)) && (defined(EXTRA)) && !(0)"},
	} {
		f, err := parseCfg(t, src, Config{Defines: tc.defs})
		if err != nil {
			t.Fatalf("%v: %v", tc.defs, err)
		}
		r := f.Regions[0]
		body := r.Body[0].(*For).Body.(*Block)
		var got []string
		for _, s := range body.Stmts {
			got = append(got, s.(*ExprStmt).Text)
		}
		if strings.Join(got, " ") != strings.Join(tc.stmts, " ") {
			t.Errorf("%v: statements %q, want %q", tc.defs, got, tc.stmts)
		}
		if r.Cond != tc.cond {
			t.Errorf("%v: Cond %q\nwant %q", tc.defs, r.Cond, tc.cond)
		}
	}
}

func TestRegionIfAuto(t *testing.T) {
	src := `void f(int n, double *A) {
  int i;
#if 0
  for (i = 0; i < n; i++)
    A[i] = 2 * A[i];
#endif
  for (i = 0; i < n; i++) {
#ifdef TWICE
    A[i] = 2 * A[i];
#endif
    A[i] = A[i] + 1;
  }
}
`
	f, err := parseCfg(t, src, Config{})
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Regions) != 1 || f.Regions[0].Pos.Line != 7 {
		t.Fatalf("want the one loop outside #if 0:\n%s", Dump(f))
	}
	if c := f.Regions[0].Cond; c != "!(defined(TWICE))" {
		t.Errorf("Cond %q", c)
	}
}

// TestLexErrorOutsideRegion: an unterminated literal in the code the
// compiler reads is an error, and no region after it is kept; in a branch
// not taken, or in a directive, it is no error.
func TestLexErrorOutsideRegion(t *testing.T) {
	region := "void f(int n, double *A) {\n  int i;\n  for (i = 0; i < n; i++)\n    A[i] = 0;\n}\n"
	f, err := parseCfg(t, region+"const char *s = \"abc;\n"+strings.Replace(region, "f(", "g(", 1), Config{})
	if err == nil || !strings.Contains(err.Error(), "t.c:6:17: error: unterminated string literal") {
		t.Fatalf("got %v", err)
	}
	if len(f.Regions) != 1 || f.Regions[0].Func != "f" {
		t.Errorf("want only the region before the literal, got %d", len(f.Regions))
	}
	for _, ok := range []string{
		"#if 0\nit's not code\n#endif\n",
		"#error don't compile this\n",
		"/* it's a comment */\n",
	} {
		f, err := parseCfg(t, ok+region, Config{})
		if err != nil || len(f.Regions) != 1 {
			t.Errorf("%q: %v, %d regions", ok, err, len(f.Regions))
		}
	}
}

func TestMacroConstAndExpandCall(t *testing.T) {
	src := `#define N 10
#define BS (N/2)
#ifndef M
#define M 3
#endif
#define INDX(i,j) ((i)*N+(j))
#define OUTER(i) INDX(i, i + M)
void f(void) {}
`
	f, err := parseCfg(t, src, Config{})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		expr string
		v    int64
		cond string
		ok   bool
	}{
		{"BS", 5, "", true},
		{"2 * BS + 1", 11, "", true},
		{"M", 3, "(M) == 3", true},
		{"BS * M", 15, "(BS * M) == 15", true},
		{"7", 0, "", false}, // no macro
		{"N * n", 0, "", false},
	} {
		e, err := ParseExpr(tc.expr, nil)
		if err != nil {
			t.Fatal(err)
		}
		v, cond, ok := f.MacroConst(e, len(src))
		if v != tc.v || cond != tc.cond || ok != tc.ok {
			t.Errorf("%s: (%d, %q, %v), want (%d, %q, %v)", tc.expr, v, cond, ok, tc.v, tc.cond, tc.ok)
		}
	}
	e, err := ParseExpr("A[OUTER(k + 1)]", nil)
	if err != nil {
		t.Fatal(err)
	}
	x, err := f.ExpandCall(e.(*Index).Index.(*Call))
	if err != nil {
		t.Fatal(err)
	}
	if got := x.Format(nil); got != "((k + 1) * N + (k + 1 + M))" {
		t.Errorf("expansion %s", got)
	}
	if got := strings.Join(f.MacroNames("OUTER"), " "); got != "INDX M N" {
		t.Errorf("names %q", got)
	}
}

func TestMacroCond(t *testing.T) {
	src := `#define N 10
#define INDX(i,j) ((i)*N+(j))
#ifdef COL
#define CIDX(i,j) ((j)*N+(i))
#endif
#ifdef ROW
#define TWICE(i) (2*(i))
#else
#define TWICE(i) ((i)+(i))
#endif
#define OUTER(i) INDX(i, TWICE(i))
#ifndef OVR
#define OVR(i) (i)
#endif
#define REDEF(i) (i)
#ifdef ROW
#undef REDEF
#define REDEF(i) (i+1)
#endif
`
	f, err := parseCfg(t, src, Config{Defines: map[string]string{"COL": ""}})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, cond string
		ok         bool
	}{
		{"INDX", "", true},
		{"CIDX", "(defined(COL))", true},
		{"TWICE", "!(defined(ROW))", true}, // two branches of one group
		{"OUTER", "!(defined(ROW))", true}, // calls TWICE
		{"OVR", "", false},                 // a -D flag may define it
		{"REDEF", "", false},               // two definitions the compiler may both see
	} {
		cond, ok := f.MacroCond(tc.name)
		if cond != tc.cond || ok != tc.ok {
			t.Errorf("%s: (%q, %v), want (%q, %v)", tc.name, cond, ok, tc.cond, tc.ok)
		}
	}
}
