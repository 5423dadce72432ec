package pipeline

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/tessera-opt/tessera/internal/testutil"
	"github.com/tessera-opt/tessera/scheduler"
)

// aliasProgram calls kernels whose pointer and array parameters overlap
// (shift(n, x, x + 1), rows(n, m, M, M + 1), a product whose result
// overlaps a factor by rows) and, for comparison, do not. Each call's
// result depends on the order in which the kernel reads and writes the
// shared elements, so an optimized kernel that assumed the parameters
// disjoint would print other numbers.
const aliasProgram = `#include <stdio.h>
#include <stdlib.h>

static void shift(int n, double *x, double *y)
{
#pragma scop
  for (int i = 0; i < n; i++)
    y[i] = x[i] + 1.0;
#pragma endscop
}

static void rows(int n, int m, double A[][40], double B[][40])
{
#pragma scop
  for (int i = 1; i < n; i++)
    for (int j = 0; j < m; j++)
      B[i][j] = 0.5 * (A[i - 1][j] + A[i][j]) + 0.25 * B[i][j];
#pragma endscop
}

static void product(int n, double *C, const double *A, const double *B)
{
#pragma scop
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      for (int k = 0; k < n; k++)
        C[i*n + j] += A[i*n + k] * B[k*n + j];
#pragma endscop
}

static double sum(const double *p, int count)
{
  double s = 0;
  for (int k = 0; k < count; k++)
    s += p[k] * (k % 7 + 1);
  return s;
}

int main(void)
{
  int n = 37;
  double *x = malloc(sizeof(double) * 4 * n), *y = malloc(sizeof(double) * n);
  for (int k = 0; k < 4 * n; k++)
    x[k] = k % 5;
  shift(n, x, x + 1);
  printf("shift up %.17g\n", sum(x, 4 * n));
  shift(n, x + 1, x);
  printf("shift down %.17g\n", sum(x, 4 * n));
  shift(n, x, x + n);
  printf("shift adjacent %.17g\n", sum(x, 4 * n));
  shift(n, x + 2 * n, y);
  printf("shift apart %.17g %.17g\n", sum(x, 4 * n), sum(y, n));
  static double M[80][40];
  for (int i = 0; i < 80; i++)
    for (int j = 0; j < 40; j++)
      M[i][j] = (i * 3 + j) % 11;
  rows(30, 40, M, M + 1);
  printf("rows up %.17g\n", sum(&M[0][0], 80 * 40));
  rows(30, 40, M + 1, M);
  printf("rows down %.17g\n", sum(&M[0][0], 80 * 40));
  rows(30, 33, M, M + 40);
  printf("rows apart %.17g\n", sum(&M[0][0], 80 * 40));
  double *P = malloc(sizeof(double) * 4 * n * n);
  for (int k = 0; k < 4 * n * n; k++)
    P[k] = (k * 7 % 13) / 13.0;
  product(n, P, P + n, P + 2 * n * n);
  printf("product overlapping %.17g\n", sum(P, 4 * n * n));
  product(n, P + 2 * n * n, P + 1, P);
  printf("product overlapping B %.17g\n", sum(P, 4 * n * n));
  product(n, P, P + n * n, P + 2 * n * n);
  printf("product apart %.17g\n", sum(P, 4 * n * n));
  free(x), free(y), free(P);
  return 0;
}
`

// aliasFlows are the flows of `tessera opt` the alias tests run.
var aliasFlows = []struct {
	name string
	opt  Options
	auto bool // without the scop pragmas, found by --autoscop
}{
	{"default", Options{Vectorize: true}, false},
	{"parallel", Options{Vectorize: true, Sched: scheduler.Config{Parallel: true}}, false},
	{"autoscop", Options{Vectorize: true, AutoScop: true}, true},
	{"tile-3-5-7", Options{Sched: scheduler.Config{TileSizes: []int64{3, 5, 7}}}, false},
}

// TestAliasOverlappingCalls: every kernel of aliasProgram gets a run-time
// alias check (and --explain says so), and the program prints what the
// original prints in every flow, though it calls the kernels with
// overlapping arrays. With AssumeNoAlias the check is gone.
func TestAliasOverlappingCalls(t *testing.T) {
	gcc, gccErr := exec.LookPath("gcc")
	ref := ""
	testutil.NoteSample(t, "the default and autoscop flows")
	for i, fl := range aliasFlows {
		if !testutil.Keep(i, 2) {
			continue
		}
		t.Run(fl.name, func(t *testing.T) {
			src := aliasProgram
			if fl.auto {
				src = strings.NewReplacer("#pragma scop\n", "", "#pragma endscop\n", "").Replace(src)
			}
			res, err := Optimize("alias.c", []byte(src), fl.opt)
			if err != nil {
				t.Fatal(err)
			}
			checked := 0
			for _, r := range res.Regions {
				if fn := res.File.FuncOf(r.Region.Start); fn == nil || !strings.Contains(" shift rows product ", " "+fn.Name+" ") {
					continue
				}
				if r.Kept {
					t.Fatalf("region at %v kept: %v", r.Region.Pos, res.Diags)
				}
				if !strings.Contains(r.Text, "(const char *)") {
					t.Errorf("region at %v: no alias check:\n%s", r.Region.Pos, r.Text)
				}
				if !strings.Contains(strings.Join(r.Remarks, "\n"), "alias check: runs the optimized code when ") {
					t.Errorf("region at %v: no alias remark: %q", r.Region.Pos, r.Remarks)
				}
				// What assumes the arrays disjoint (the functions with
				// restrict parameters, vector code, OpenMP) is in the
				// checked branch only.
				// (The kernels have no else of their own.)
				if k := strings.LastIndex(r.Text, "} else {"); k < 0 || regexp.MustCompile(`tessera_|restrict|#pragma|__m`).MatchString(r.Text[k:]) {
					t.Errorf("region at %v: the else branch is not the original code:\n%s", r.Region.Pos, r.Text)
				}
				checked++
			}
			if checked != 3 {
				t.Fatalf("%d kernels rewritten under an alias check, want 3: %v", checked, res.Diags)
			}
			if gccErr != nil {
				t.Skip("no gcc")
			}
			if ref == "" {
				ref = runC(t, gcc, "orig", aliasProgram, "-O2")
			}
			if got := runC(t, gcc, "opt", string(res.Output), "-O3", "-fopenmp"); got != ref {
				t.Errorf("output\n%s\nthe original's\n%s", got, ref)
			}
		})
	}
	// Without the check, the program prints other numbers: the test
	// above can fail.
	t.Run("assume-noalias", func(t *testing.T) {
		res, err := Optimize("alias.c", []byte(aliasProgram), Options{Vectorize: true, AssumeNoAlias: true})
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range res.Regions {
			if r.Kept || strings.Contains(r.Text, "(const char *)") {
				t.Errorf("region at %v: kept or checked with AssumeNoAlias:\n%s", r.Region.Pos, r.Text)
			}
			if !strings.Contains(strings.Join(r.Remarks, "\n"), "assumed not to overlap (--assume-noalias)") {
				t.Errorf("region at %v: no remark on the assumption: %q", r.Region.Pos, r.Remarks)
			}
		}
		if gccErr != nil {
			t.Skip("no gcc")
		}
		if ref == "" {
			ref = runC(t, gcc, "orig", aliasProgram, "-O2")
		}
		if got := runC(t, gcc, "noalias", string(res.Output), "-O3"); got == ref {
			t.Errorf("with AssumeNoAlias the output is the original's: the kernels do not tell a check from none\n%s", got)
		}
	})
}

// TestAliasConditionValues compiles the condition the region of shift
// gets into a C function and evaluates it on overlapping, adjacent and
// distant arrays: it holds exactly when the ranges x[0..n-1] and
// y[0..n-1] are disjoint, so the optimized code runs on disjoint arrays.
func TestAliasConditionValues(t *testing.T) {
	src := "void shift(int n, double *x, double *y)\n{\n#pragma scop\n  for (int i = 0; i < n; i++)\n    y[i] = x[i] + 1.0;\n#pragma endscop\n}\n"
	res := optimizeOne(t, "shift", src, Options{Vectorize: true})
	m := regexp.MustCompile(`(?m)^\s*if \((.*)\) \{$`).FindStringSubmatch(res.Regions[0].Text)
	if m == nil {
		t.Fatalf("no run-time check:\n%s", res.Regions[0].Text)
	}
	gcc, err := exec.LookPath("gcc")
	if err != nil {
		t.Skip("no gcc")
	}
	prog := fmt.Sprintf(`#include <stdio.h>
static int disjoint(int n, double *x, double *y) { return %s; }
int main(void)
{
  static double a[100], b[10];
  printf("%%d %%d %%d %%d %%d %%d %%d %%d\n", disjoint(10, a, a + 1), disjoint(10, a + 1, a), disjoint(10, a, a + 9),
    disjoint(10, a, a + 10), disjoint(10, a + 10, a), disjoint(10, a, b), disjoint(10, a + 50, a + 30), disjoint(0, a, a));
  return 0;
}
`, m[1])
	if got, want := runC(t, gcc, "cond", prog, "-O2"), "0 0 0 1 1 1 1 1\n"; got != want {
		t.Errorf("condition %s: %q, want %q", m[1], got, want)
	}
}

// TestAliasPairs: which arrays get a check. Declared arrays never
// overlap each other; a pointer may point into them; restrict parameters
// and read-only pairs need nothing; rows reached through pointers keep
// the region (with a warning) unless AssumeNoAlias.
func TestAliasPairs(t *testing.T) {
	body := "\n{\n#pragma scop\n  for (int i = 0; i < n; i++)\n    y[i] = x[i] + z[i];\n#pragma endscop\n}\n"
	cases := []struct {
		name, src string
		want      string // the pairs named by the remark, "" for no check, "kept" for a kept region
	}{
		{"pointers", "void f(int n, double *x, double *y, double *z)" + body, "x and y, y and z"},
		{"array parameters", "void f(int n, double x[100], double y[100], double z[100])" + body, "x and y, y and z"},
		{"globals", "double x[100], y[100], z[100];\nvoid f(int n)" + body, ""},
		{"locals", "void f(int n)\n{\n  double x[100], y[100], z[100];\n  for (int i = 0; i < 100; i++) x[i] = z[i] = i;\n#pragma scop\n  for (int i = 0; i < n; i++)\n    y[i] = x[i] + z[i];\n#pragma endscop\n}\n", ""},
		{"pointer into a global", "double x[100], z[100];\nvoid f(int n, double *y)" + body, "x and y, y and z"},
		{"global written through", "double y[100];\nvoid f(int n, const double *x, const double *z)" + body, "x and y, y and z"},
		{"restrict written", "void f(int n, double *x, double *restrict y, double *z)" + body, ""},
		{"restrict read", "void f(int n, double *restrict x, double *y, double *__restrict z)" + body, ""},
		{"restrict array parameter", "void f(int n, double x[restrict 100], double y[100], double z[100])" + body, "y and z"},
		{"restrict inner level", "void f(int n, double *x, double *y, double * restrict *w, double *z)" + body, "x and y, y and z"},
		{"rows through pointers", "void f(int n, double **x, double *y, double *z)" + strings.ReplaceAll(body, "x[i]", "x[i][i]"), "kept"},
		{"local pointers", "void *malloc(unsigned long);\nvoid f(int n)\n{\n  double *x = malloc(800), *y = malloc(800), *z = x + 1;\n#pragma scop\n  for (int i = 0; i < n; i++)\n    y[i] = x[i] + z[i];\n#pragma endscop\n}\n", "x and y, y and z"},
		{"global scalar", "double g, h;\nvoid f(int n, double *x, double *y, double *z)\n{\n#pragma scop\n  for (int i = 0; i < n; i++)\n    g += h * x[i] * y[i] * z[i];\n#pragma endscop\n}\n", "g and x, g and y, g and z"},
		{"delinearized", "void f(int n, int m, double *x, double *y, double *z)\n{\n#pragma scop\n  for (int i = 0; i < n; i++)\n    for (int j = 0; j < m; j++)\n      y[i*m + j] = x[j*n + i] + z[i];\n#pragma endscop\n}\n", "x and y, y and z"},
	}
	gcc, gccErr := exec.LookPath("gcc")
	for _, c := range cases {
		for _, noAlias := range []bool{false, true} {
			res, err := Optimize("k.c", []byte(c.src), Options{AssumeNoAlias: noAlias})
			if err != nil {
				t.Fatalf("%s: %v", c.name, err)
			}
			r := res.Regions[0]
			remarks := strings.Join(r.Remarks, "\n")
			if gccErr == nil && !r.Kept {
				compileC(t, gcc, c.name, string(res.Output))
			}
			switch {
			case c.want == "kept" && !noAlias:
				if !r.Kept || len(res.Diags) != 1 || res.Diags[0].Severity != "warning" || !strings.Contains(res.Diags[0].Msg, "reached through pointers") || res.Errors() {
					t.Errorf("%s: kept %v, diagnostics %v", c.name, r.Kept, res.Diags)
				}
			case r.Kept:
				t.Errorf("%s (noalias %v): region kept: %v", c.name, noAlias, res.Diags)
			case c.want == "" || noAlias:
				if strings.Contains(r.Text, "(const char *)") || strings.Contains(remarks, "alias check: runs") {
					t.Errorf("%s (noalias %v): unexpected check:\n%s", c.name, noAlias, r.Text)
				}
				if noAlias && c.want != "" && !strings.Contains(remarks, "--assume-noalias") {
					t.Errorf("%s: no remark on --assume-noalias: %s", c.name, remarks)
				}
			default:
				if !strings.Contains(remarks, "alias check: runs the optimized code when "+c.want+" do not overlap") {
					t.Errorf("%s: remarks %s, want the pairs %s", c.name, remarks, c.want)
				}
			}
		}
	}
}

// compileC checks that gcc compiles src (-fsyntax-only, -Wall): a
// diagnostic ends the test with name.
func compileC(t *testing.T, gcc, name, src string) {
	t.Helper()
	dir := t.TempDir()
	c := filepath.Join(dir, "k.c")
	if err := os.WriteFile(c, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	if b, err := exec.Command(gcc, "-fsyntax-only", "-Wall", "-Wno-unused", "-Wno-unknown-pragmas", c).CombinedOutput(); err != nil || len(b) > 0 {
		t.Errorf("%s: gcc: %v\n%s\n%s", name, err, b, src)
	}
}
