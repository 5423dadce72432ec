package pipeline

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tessera-opt/tessera/internal/testutil"
	"github.com/tessera-opt/tessera/scheduler"
)

// unsignedKernels loops over size_t and unsigned values: unsigned
// iterators, int iterators below a size_t bound, n - 1 in a bound, i - 1 in
// the statements and subscripts, a signed parameter compared with an
// unsigned iterator, a loop counting down to 1. The sizes come from the
// command line.
const unsignedKernels = `#include <stdio.h>
#include <stdlib.h>
#include <stddef.h>
static double A[300][300], B[300][300], C[300][300], v[1000], w[1000], z[1000];
static void k1(size_t n, size_t m)
{
    for (size_t i = 0; i < n; i++)
        for (size_t j = 0; j < m; j++)
            A[i][j] = (double)(i - 1) * 0.5 + (double)(j * 3);
}
static void k2(size_t n)
{
    for (size_t i = 0; i < n; i++)
        for (size_t j = 0; j < n; j++)
            for (size_t k = 0; k < n; k++)
                C[i][j] += A[i][k] * B[k][j];
}
static void k3(size_t n)
{
    for (size_t i = 1; i < n - 1; i++)
        w[i] = v[i - 1] + v[i] + v[i + 1];
}
static void k4(size_t n, int m)
{
    for (int i = 0; i < n; i++)
        for (int j = 0; j < m; j++)
            B[i][j] = B[i][j] * 0.5 + i - j;
}
static void k5(unsigned n)
{
    for (unsigned i = 0; i < n; i++)
        z[i] = (double)(i - 1u) + z[i];
    for (unsigned i = 0; i < n; i++)
        for (unsigned j = i + 1; j < n; j++)
            A[i % 300][j % 300] += (double)(j - i);
}
static void k6(size_t n, int m)
{
    for (size_t i = 0; i < n; i++)
        if (i < m)
            z[i] += 2;
}
static void k7(size_t n)
{
    for (size_t i = n; i > 0; i--)
        z[i] = z[i - 1] * 0.5 + 1;
}
static double s;
static __attribute__((noinline)) void add(double x) { s += x; }
int main(int argc, char **argv)
{
    size_t n = argc > 1 ? (size_t)atol(argv[1]) : 7;
    for (int i = 0; i < 300; i++)
        for (int j = 0; j < 300; j++) { A[i][j] = (i * 7 + j) % 11; B[i][j] = (i + j * 3) % 5; C[i][j] = 0; }
    for (int i = 0; i < 1000; i++) { v[i] = i % 13; w[i] = 0; z[i] = 1; }
    size_t n2 = n > 300 ? 300 : n;
    k1(n2, n2 / 2);
    k2(n2 > 100 ? 100 : n2);
    k3(n > 0 ? n : 1); /* n = 0 would run the original out of bounds */
    k4(n2, (int)n2 - 3);
    k5((unsigned)n2);
    k6(n2, (int)n2 - 5);
    k7(n2);
    for (int i = 0; i < 300; i++)
        for (int j = 0; j < 300; j++) add(A[i][j] * 1e-3 + B[i][j] * 1e-2 + C[i][j] * 1e-4);
    for (int i = 0; i < 1000; i++) add(w[i] + z[i] * 1e-6);
    printf("%.17g\n", s);
    return 0;
}
`

// TestUnsignedLoops checks that loops over size_t and unsigned values are
// optimized, with the run-time condition on the parameters and the
// conversions of unsigned parameters, and, with gcc, that the output
// prints what the original prints for sizes 0, 1, 7 and 1000 (where
// k6's m is negative).
func TestUnsignedLoops(t *testing.T) {
	t.Parallel()
	testutil.NoteSample(t, "the default and parallel flows (not scalar)")
	for i, fl := range []struct {
		name string
		opt  Options
	}{
		{"default", Options{AutoScop: true, Vectorize: true}},
		{"scalar", Options{AutoScop: true}},
		{"parallel", Options{AutoScop: true, Vectorize: true, Sched: scheduler.Config{Parallel: true}}},
	} {
		if !testutil.Keep(i, 2) {
			continue // plain mode: default and parallel; TESSERA_LONG=1 adds scalar
		}
		res, err := Optimize("u.c", []byte(unsignedKernels), fl.opt)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range res.Diags {
			if d.Severity != "note" {
				t.Errorf("%s: %s", fl.name, d.Msg)
			}
		}
		kept := 0
		for _, r := range res.Regions {
			if r.Kept {
				kept++
			}
		}
		if kept != 0 || len(res.Regions) != 10 {
			t.Errorf("%s: %d of %d regions kept, want 0 of 10: %v", fl.name, kept, len(res.Regions), res.Diags)
		}
		out := string(res.Output)
		for _, want := range []string{"m >= 0 && n <= 9223372036854775806ULL", "n >= 1", "tessera_sll(n)", "(size_t)(c"} {
			if !strings.Contains(out, want) {
				t.Errorf("%s: output lacks %q", fl.name, want)
			}
		}
		gcc, err := exec.LookPath("gcc")
		if err != nil {
			t.Skip("gcc not found")
		}
		orig := buildC(t, gcc, "orig", unsignedKernels)
		opt := buildC(t, gcc, "opt", out)
		for _, n := range []string{"0", "1", "7", "1000"} {
			if a, b := runExe(t, orig, n), runExe(t, opt, n); a != b {
				t.Errorf("%s: n = %s: original prints %s, output %s", fl.name, n, a, b)
			}
		}
	}
}

// TestUnsignedDeclines checks the notes of the unsigned arithmetic tessera
// does not model.
func TestUnsignedDeclines(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ src, want string }{
		{"void f(size_t n, double *z) { for (size_t i = 0; i < n; i++) if (i - 1 < 5) z[i] += 1; }",
			"i - 1 is computed in unsigned arithmetic (i has type size_t) and wraps around"},
		{"void f(size_t n, double *z) { for (size_t i = n; i >= 0; i--) z[i] += 1; }",
			"i counts down and has the unsigned type size_t, and no bound"},
		{"void f(size_t n, double *z) { for (int k = 0; k < 3; k++) { for (size_t i = 0; i < n; i++) z[i] += 1; for (int i = 0; i < 5; i++) z[i] = 0; } }",
			"the loops of i have the types size_t and int"},
	} {
		src := "#include <stddef.h>\n" + c.src + "\n"
		res, err := Optimize("d.c", []byte(src), Options{AutoScop: true})
		if err != nil {
			t.Fatal(err)
		}
		found := false
		for _, d := range res.Diags {
			found = found || d.Severity == "note" && strings.Contains(d.Msg, c.want)
		}
		if !found {
			t.Errorf("%s: no note %q in %v", c.src, c.want, res.Diags)
		}
	}
}

// buildC compiles src with gcc -O2 -fopenmp and returns the executable.
func buildC(t *testing.T, gcc, name, src string) string {
	t.Helper()
	dir := t.TempDir()
	c := filepath.Join(dir, name+".c")
	if err := os.WriteFile(c, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	exe := filepath.Join(dir, name)
	if b, err := exec.Command(gcc, "-O2", "-fopenmp", c, "-o", exe, "-lm").CombinedOutput(); err != nil {
		t.Fatalf("gcc %s: %v\n%s\n%s", name, err, b, src)
	}
	return exe
}

// runExe runs exe with args (two OpenMP threads) and returns its output.
func runExe(t *testing.T, exe string, args ...string) string {
	t.Helper()
	cmd := exec.Command(exe, args...)
	cmd.Env = append(os.Environ(), "OMP_NUM_THREADS=2")
	b, err := cmd.Output()
	if err != nil {
		t.Fatalf("run %s %v: %v", exe, args, err)
	}
	return string(b)
}
