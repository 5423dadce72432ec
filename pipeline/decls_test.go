package pipeline

import (
	"bytes"
	"os/exec"
	"strings"
	"testing"

	"github.com/tessera-opt/tessera/internal/testutil"
	"github.com/tessera-opt/tessera/scheduler"
)

// declsCases are small programs whose regions declare variables or use
// iterators and parameters wider than int (found by a robustness tester:
// every one of them was miscompiled or did not compile). kept says the
// region must be kept as it was (a diagnostic says why).
var declsCases = []struct {
	name string
	kept bool
	src  string
}{
	{"longiter", false, `#include <stdio.h>
double A[10];
void f(long base)
{
  long i;
#pragma scop
  for (i = base; i < base + 10; i++)
    A[i - base] = (i - base) + 0.5;
#pragma endscop
}
int main(void)
{
  int k;
  f(3000000000L);
  for (k = 0; k < 10; k++) printf("%g ", A[k]);
  printf("\n");
  return 0;
}
`},
	{"longparam-intiter", false, `#include <stdio.h>
double A[10];
void f(long long base)
{
  int i;
#pragma scop
  for (i = 0; i < base - 2999999990LL; i++)
    A[i] = (base + i) * 0.5 - 1500000000.0;
#pragma endscop
}
int main(void)
{
  int k;
  f(3000000000LL);
  for (k = 0; k < 10; k++) printf("%g ", A[k]);
  printf("\n");
  return 0;
}
`},
	{"unsigned-long", false, `#include <stdio.h>
double A[10];
void f(unsigned long base)
{
  unsigned long i;
#pragma scop
  for (i = base; i < base + 10; i++)
    A[i - base] = (i - base) + 0.5;
#pragma endscop
}
int main(void)
{
  int k;
  f(3000000000UL);
  for (k = 0; k < 10; k++) printf("%g ", A[k]);
  printf("\n");
  return 0;
}
`},
	{"shadow", false, `#include <stdio.h>
#define N 8
double A[N], B[N];
double f(int n)
{
  int i;
  double t = 5.0;
  {
#pragma scop
    for (i = 0; i < n; i++) {
      double t = A[i] * 2.0;
      B[i] = t + 1.0;
    }
#pragma endscop
    return t;
  }
}
int main(void)
{
  int i;
  for (i = 0; i < N; i++) A[i] = i;
  double r = f(N);
  printf("%g %g\n", r, B[N - 1]);
  return 0;
}
`},
	{"toplevel-liveout", false, `#include <stdio.h>
#define N 8
double A[N];
double f(int n)
{
  int i;
#pragma scop
  double s = 1.0;
  for (i = 0; i < n; i++)
    s = s * 0.5 + A[i];
#pragma endscop
  return s;
}
int main(void)
{
  int i;
  for (i = 0; i < N; i++) A[i] = i;
  printf("%g\n", f(N));
  return 0;
}
`},
	{"shadow-inside", true, `#include <stdio.h>
#define N 8
double A[N], B[N], C[N];
double t = 3.0;
void f(int n)
{
  int i;
#pragma scop
  for (i = 0; i < n; i++)
    C[i] = t;
  for (i = 0; i < n; i++) {
    double t = A[i] * 2.0;
    B[i] = t + 1.0;
  }
#pragma endscop
}
int main(void)
{
  int i;
  for (i = 0; i < N; i++) A[i] = i;
  f(N);
  printf("%g %g\n", C[2], B[N - 1]);
  return 0;
}
`},
	{"sibling-decls", false, `#include <stdio.h>
#define N 8
double A[N], B[N], C[N];
void f(int n)
{
  int i;
#pragma scop
  for (i = 0; i < n; i++) {
    double t = A[i] * 2.0;
    B[i] = t + 1.0;
  }
  for (i = 0; i < n; i++) {
    double t = B[i] * 3.0;
    C[i] = t - A[i];
  }
#pragma endscop
}
int main(void)
{
  int i;
  for (i = 0; i < N; i++) A[i] = i;
  f(N);
  printf("%g %g\n", B[3], C[N - 1]);
  return 0;
}
`},
	{"nested-decls", true, `#include <stdio.h>
#define N 8
double A[N][N], B[N], C[N];
void f(int n)
{
  int i, j;
#pragma scop
  for (i = 0; i < n; i++) {
    double t = A[i][0];
    for (j = 0; j < n; j++) {
      double t = A[i][j] * 2.0;
      B[j] = t + 1.0;
    }
    C[i] = t;
  }
#pragma endscop
}
int main(void)
{
  int i, j;
  for (i = 0; i < N; i++) for (j = 0; j < N; j++) A[i][j] = i + j;
  f(N);
  printf("%g %g\n", B[3], C[N - 1]);
  return 0;
}
`},
	{"localpriv", false, `#include <stdio.h>
#define N 30
double A[N][N], B[N][N];
void f(int n)
{
  int i, j;
#pragma scop
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++) {
      double t = A[i][j] * 2.0;
      double u;
      u = t + 1.0;
      B[i][j] = t * u;
    }
#pragma endscop
}
int main(void)
{
  int i, j; double s = 0;
  for (i = 0; i < N; i++) for (j = 0; j < N; j++) A[i][j] = (i * 3 + j) % 17 * 0.125;
  f(N);
  for (i = 0; i < N; i++) for (j = 0; j < N; j++) s += B[i][j] * (i + 1) * (j % 7);
  printf("%a\n", s);
  return 0;
}
`},
	{"localdecl", false, `#include <stdio.h>
#define N 8
double A[N][N], B[N];
void f(int n)
{
  int i, j;
#pragma scop
  for (i = 0; i < n; i++) {
    const double c = 0.5;
    double tmp[N];
    for (j = 0; j < n; j++)
      tmp[j] = A[i][j] * c;
    for (j = 0; j < n; j++)
      B[i] += tmp[n - 1 - j];
  }
#pragma endscop
}
int main(void)
{
  int i, j;
  for (i = 0; i < N; i++) for (j = 0; j < N; j++) A[i][j] = i + 0.25 * j;
  f(N);
  for (i = 0; i < N; i++) printf("%g ", B[i]);
  printf("\n");
  return 0;
}
`},
}

// TestRegionDecls optimizes each of declsCases under several flows and
// (when gcc is present) checks that the result compiles without warnings
// about declarations and prints exactly what the original prints.
func TestRegionDecls(t *testing.T) {
	gcc, _ := exec.LookPath("gcc")
	flows := []struct {
		name string
		opt  func() Options
	}{
		{"default", func() Options { return Options{} }},
		{"identity", func() Options { return Options{Identity: true} }},
		{"parallel", func() Options { o := Options{}; o.Sched.Parallel = true; return o }},
	}
	testutil.NoteSample(t, "each case under every other flow, alternately")
	for ci, tc := range declsCases {
		var want []byte // the original's output, computed once
		for fi, fl := range flows {
			if !testutil.Keep(ci+fi, 2) {
				continue
			}
			t.Run(tc.name+"-"+fl.name, func(t *testing.T) {
				res, err := Optimize(tc.name+".c", []byte(tc.src), fl.opt())
				if err != nil {
					t.Fatal(err)
				}
				if len(res.Regions) != 1 {
					t.Fatalf("%d regions", len(res.Regions))
				}
				reg := res.Regions[0]
				if reg.Kept != tc.kept {
					t.Fatalf("kept %v, want %v; diagnostics %v\n%s", reg.Kept, tc.kept, res.Diags, reg.Text)
				}
				if tc.kept {
					if !bytes.Equal(res.Output, []byte(tc.src)) {
						t.Fatalf("kept region rewritten:\n%s", res.Output)
					}
					return
				}
				if gcc == "" {
					t.Skip("no gcc: outputs not compared")
				}
				dir := t.TempDir()
				if want == nil {
					want = compileRunFlags(t, gcc, dir, "orig", []byte(tc.src))
				}
				got := compileRunFlags(t, gcc, dir, "opt", res.Output, "-fopenmp", "-Werror=implicit-function-declaration")
				if !bytes.Equal(got, want) {
					t.Fatalf("outputs differ: got %q, want %q\n%s", got, want, res.Output)
				}
			})
		}
	}
}

// TestIterTypeText checks the printed types: long iterators and LICM
// temporaries for a long region, const dropped from a split declaration,
// array extents kept.
func TestIterTypeText(t *testing.T) {
	for _, c := range []struct{ name, want string }{
		{"longiter", "for (long c0 = base;"},
		{"longiter", "const long inv0 = "},
		{"longparam-intiter", "for (long long c0 = 0;"},
		{"localdecl", "double c;\n"},
		{"localdecl", "double tmp[N];\n"},
		{"shadow", "{\n"},
	} {
		for _, tc := range declsCases {
			if tc.name != c.name {
				continue
			}
			res, err := Optimize(tc.name+".c", []byte(tc.src), Options{})
			if err != nil {
				t.Fatal(err)
			}
			if txt := res.Regions[0].Text; !strings.Contains(txt, c.want) {
				t.Errorf("%s: no %q in\n%s", c.name, c.want, txt)
			}
		}
	}
}

// registerSrc declares its temporary register inside the region: scalar
// expansion (kept under --parallel) and the hoisted declaration must not
// print "register" in a cast or sizeof.
const registerSrc = `#include <stdio.h>
#define N 64
float A[N][N], B[N][N];
int main(void) {
  int i, j;
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++) { A[i][j] = (i * j) % 7; B[i][j] = 0; }
#pragma scop
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++) {
      register float x = A[j][i] * 2.0f;
      B[i][j] = x + A[i][j];
    }
#pragma endscop
  double s = 0;
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      s += B[i][j] * (i + 1) + j;
  printf("%f\n", s);
  return 0;
}
`

// TestRegisterDecl: storage-class specifiers are dropped from the types
// tessera prints; the programs compile and print what the original does.
func TestRegisterDecl(t *testing.T) {
	t.Parallel()
	gcc, gccErr := exec.LookPath("gcc")
	var want string
	if gccErr == nil {
		want = runC(t, gcc, "orig", registerSrc, "-O2")
	}
	expanded := false
	for _, c := range []struct {
		name string
		opt  Options
	}{
		{"default", Options{}},
		{"parallel", Options{Sched: scheduler.Config{Parallel: true}}},
		{"split", Options{Split: true, Sched: scheduler.Config{Parallel: true}}},
	} {
		res := optimizeOne(t, c.name, registerSrc, c.opt)
		out := string(res.Output)
		expanded = expanded || strings.Contains(out, "__builtin_malloc")
		if strings.Contains(out, "(register") || strings.Contains(out, "sizeof(register") || strings.Contains(out, "register float *") {
			t.Errorf("%s: a storage class in a printed type:\n%s", c.name, out)
		}
		if gccErr != nil {
			continue
		}
		if got := runC(t, gcc, c.name, out, "-O2", "-fopenmp"); got != want {
			t.Errorf("%s: output %q, want %q\n%s", c.name, got, want, out)
		}
	}
	if !expanded {
		t.Error("no flow expanded the register scalar: the test does not test the expansion")
	}
}

// TestStaticDeclKept: a static local of the region is initialized once,
// not at each execution of its declaration, and lives on after the
// region: the region keeps its code.
func TestStaticDeclKept(t *testing.T) {
	src := `int A[16], B[16];
void f(void) {
  int i;
#pragma scop
  for (i = 0; i < 16; i++) {
    static int t = 0;
    t = t + A[i];
    B[i] = t;
  }
#pragma endscop
}
`
	res, err := Optimize("k.c", []byte(src), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !res.Regions[0].Kept || !res.Errors() || string(res.Output) != src {
		t.Errorf("region with a static local rewritten: %v\n%s", res.Diags, res.Output)
	}
}

func TestStorageFree(t *testing.T) {
	for _, tc := range []struct{ in, typ, class string }{
		{"register float", "float", "register"},
		{"static const double", "const double", "static"},
		{"unsigned long", "unsigned long", ""},
		{"_Thread_local int", "int", "_Thread_local"},
		{"extern volatile int*", "volatile int*", "extern"},
		{"inline static int", "int", "inline"},
	} {
		typ, class := storageFree(tc.in)
		if typ != tc.typ || class != tc.class {
			t.Errorf("storageFree(%q) = %q, %q; want %q, %q", tc.in, typ, class, tc.typ, tc.class)
		}
	}
}
