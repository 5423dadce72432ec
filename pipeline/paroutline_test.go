package pipeline

import (
	"os/exec"
	"strings"
	"testing"

	"github.com/tessera-opt/tessera/cfront"
	"github.com/tessera-opt/tessera/internal/outline"
	"github.com/tessera-opt/tessera/scheduler"
)

// outlineKernel is a matrix product with macro sizes (large enough for
// the cost checks to run it in parallel) on array parameters.
const outlineKernel = `#include <stdio.h>
#define N 200
static double A[N][N], B[N][N], C[N][N];
static double alpha = 1.5;
static __attribute__((noinline)) void kernel(double a, double A[N][N], double B[N][N], double C[N][N]) {
#pragma scop
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      for (int k = 0; k < N; k++)
        C[i][j] = C[i][j] + a * A[i][k] * B[k][j];
#pragma endscop
}
int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      A[i][j] = (i * 7 + j) % 13 / 13.0;
      B[i][j] = (i + 3 * j) % 11 / 11.0;
      C[i][j] = (i + j) % 5;
    }
  kernel(alpha, A, B, C);
  double s = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      s += C[i][j] * ((i + 2 * j) % 7 + 1);
  printf("%.17g\n", s);
  return 0;
}
`

// TestOutlineParallel checks that the body of a parallel loop moves into a
// function with restrict array parameters placed before the kernel, that
// a kernel whose extents are variables is left alone (with the reason in
// the notes), and, with gcc, that the program prints the same with two
// threads.
func TestOutlineParallel(t *testing.T) {
	t.Parallel()
	opt := Options{Sched: scheduler.Config{Parallel: true}}
	res, err := Optimize("k.c", []byte(outlineKernel), opt)
	if err != nil {
		t.Fatal(err)
	}
	out := string(res.Output)
	for _, want := range []string{
		"static inline void tessera_par_6_0(",
		"double a, ",
		"double (*restrict C)[N]",
		"double (*restrict A)[N]",
		"}\n\nstatic __attribute__((noinline)) void kernel(",
		"#pragma omp parallel for collapse(2)",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in\n%s", want, out)
		}
	}
	if !strings.Contains(strings.Join(res.Regions[0].Remarks, "\n"), "body moved into tessera_par_6_0") {
		t.Errorf("no note in %q", res.Regions[0].Remarks)
	}

	vla := strings.Replace(outlineKernel, "kernel(double a, double A[N][N], double B[N][N], double C[N][N])", "kernel(double a, int n, double A[n][N], double B[N][n], double C[N][N])", 1)
	vla = strings.Replace(vla, "kernel(alpha, A, B, C)", "kernel(alpha, N, A, B, C)", 1)
	res2, err := Optimize("k.c", []byte(vla), opt)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(res2.Output), "tessera_par_") {
		t.Errorf("outlined with variable extents:\n%s", res2.Output)
	}
	if !strings.Contains(strings.Join(res2.Regions[0].Remarks, "\n"), "body not outlined: an extent of B is not a constant (n)") {
		t.Errorf("no refusal note in %q", res2.Regions[0].Remarks)
	}

	// A size macro that expands to the kernel's parameter n (_PB_N): the
	// outlined function must receive n, or it does not compile.
	pb := strings.Replace(outlineKernel, "#define N 200\n", "#define N 200\n#define _PB_N n\n", 1)
	pb = strings.Replace(pb, "kernel(double a, double A[N][N]", "kernel(double a, int n, double A[N][N]", 1)
	pb = strings.Replace(pb, "kernel(alpha, A, B, C)", "kernel(alpha, N, A, B, C)", 1)
	pb = strings.Replace(pb, "for (int i = 0; i < N; i++)\n    for (int j = 0; j < N; j++)\n      for (int k = 0; k < N; k++)", "for (int i = 0; i < _PB_N; i++)\n    for (int j = 0; j < _PB_N; j++)\n      for (int k = 0; k < _PB_N; k++)", 1)
	pb = strings.Replace(pb, "a * A[i][k] * B[k][j];", "a * A[i][k] * B[k][_PB_N - 1 - j];", 1)
	if !strings.Contains(pb, "k < _PB_N") || !strings.Contains(pb, "[_PB_N - 1 - j]") {
		t.Fatal("the _PB_N variant did not take")
	}
	res3, err := Optimize("k.c", []byte(pb), opt)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(res3.Output), ", int n)") {
		t.Errorf("_PB_N: the outlined function does not receive n:\n%s", res3.Output)
	}

	gcc, err := exec.LookPath("gcc")
	if err != nil {
		t.Skip("no gcc")
	}
	run := func(src, name string) string { return runC(t, gcc, name, src, "-O2", "-fopenmp") }
	if a, b := run(outlineKernel, "orig"), run(out, "opt"); a != b {
		t.Errorf("original prints %q, optimized %q", a, b)
	}
	if a, b := run(vla, "vorig"), run(string(res2.Output), "vopt"); a != b {
		t.Errorf("variable extents: original prints %q, optimized %q", a, b)
	}
	if a, b := run(pb, "porig"), run(string(res3.Output), "popt"); a != b {
		t.Errorf("_PB_N: original prints %q, optimized %q", a, b)
	}
}

// TestFuncDeclStart checks where the outlined functions go: before the
// lines of the kernel's return type, after a declaration, a comment or a
// preprocessor line.
func TestFuncDeclStart(t *testing.T) {
	tests := []struct{ src, want string }{
		{"int x;\nvoid kernel(void) {\n}\n", "void kernel"},
		{"int x;\nstatic inline\nvoid\nkernel(void) {\n}\n", "static inline\nvoid"},
		{"/* doc */\nvoid kernel(void) {\n}\n", "void kernel"},
		{"#define N 4\n__attribute__((noinline))\nvoid kernel(void) {\n}\n", "__attribute__"},
	}
	for _, tc := range tests {
		fn := &cfront.Func{Name: "kernel", Pos: cfront.Pos{Offset: strings.Index(tc.src, "kernel(")}}
		p, ok := outline.FuncDeclStart([]byte(tc.src), fn)
		if !ok || !strings.HasPrefix(tc.src[p:], tc.want) {
			t.Errorf("%q: start %d (%q), want the text from %q", tc.src, p, tc.src[p:], tc.want)
		}
	}
}

// TestOutlineSequential checks that without --parallel a nest over array
// parameters moves into a function with restrict parameters (gcc cannot
// tell the parameters apart otherwise), that --identity keeps the nest in
// place, and with gcc that the program prints the same.
func TestOutlineSequential(t *testing.T) {
	t.Parallel()
	res, err := Optimize("k.c", []byte(outlineKernel), Options{})
	if err != nil {
		t.Fatal(err)
	}
	out := string(res.Output)
	for _, want := range []string{"static inline void tessera_seq_6_0(", "double (*restrict C)[N]", "tessera_seq_6_0(inv0, inv3, C, a, A, B);"} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in\n%s", want, out)
		}
	}
	id, err := Optimize("k.c", []byte(outlineKernel), Options{Identity: true})
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(id.Output), "tessera_seq_") {
		t.Errorf("--identity outlined:\n%s", id.Output)
	}
	gcc, err := exec.LookPath("gcc")
	if err != nil {
		t.Skip("no gcc")
	}
	flags := []string{"-O2", "-ffp-contract=off"}
	if a, b := runC(t, gcc, "orig", outlineKernel, flags...), runC(t, gcc, "opt", out, flags...); a != b {
		t.Errorf("original prints %q, optimized %q", a, b)
	}
}
