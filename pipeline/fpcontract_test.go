package pipeline

import (
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/tessera-opt/tessera/internal/fpcontract"
	"github.com/tessera-opt/tessera/internal/vector"
)

const unfusedHead = `#include <math.h>
#define N 40
double A[N][N], B[N][N], x[N], y[N], z[N], s;
int I[N][N], iv[N];
float fa[N][N], fx[N], fy[N];
void kernel(int n) {
#pragma scop
`

// TestUnfusedChains: the statements that gcc keeps as an unfused
// multiply and add in the original (fpcontract.go) are printed with the
// macro, the others are not.
func TestUnfusedChains(t *testing.T) {
	for _, tc := range []struct {
		name, body string
		want       bool
	}{
		{"scalar", "for (int i = 0; i < n; i++) { s = 0; for (int j = 0; j < n; j++) s += A[i][j] * y[j]; x[i] = s; }", true},
		{"array", "for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) x[i] += A[i][j] * y[j];", true},
		{"assign", "for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) x[i] = x[i] + A[i][j] * y[j];", true},
		{"assign-right", "for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) x[i] = A[i][j] * y[j] + x[i];", true},
		{"minus", "for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) x[i] -= 2.0 * A[i][j] * y[j];", true},
		{"macro-bound", "for (int i = 0; i < N; i++) for (int j = 0; j < N; j++) x[i] += A[i][j] * y[j];", true},
		// The accumulator moves with the innermost loop: no chain.
		{"moves", "for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) z[j] += A[i][j] * y[i];", false},
		// Two multiply-adds in one loop body: gcc fuses both.
		{"two", "for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) { x[i] += A[i][j] * y[j]; s = s + A[j][i] * y[j]; }", false},
		{"two-in-one", "for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) x[i] += A[i][j] * y[j] + B[i][j] * y[j];", false},
		// Another array write in the loop: gcc reloads x[i].
		{"other-write", "for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) { x[i] += A[i][j] * y[j]; B[i][j] = 0; }", false},
		{"condition", "for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) if (j > i) x[i] += A[i][j] * y[j];", false},
		{"not-innermost", "for (int i = 0; i < n; i++) { for (int j = 0; j < n; j++) x[i] += A[i][j] * y[j]; for (int j = 0; j < n; j++) z[j] = 0; }", true},
		{"outer-statement", "for (int i = 0; i < n; i++) { x[i] += A[i][i] * y[i]; for (int j = 0; j < n; j++) z[j] = 0; }", false},
		// gcc unrolls the loop completely: no chain is left.
		{"short", "for (int i = 0; i < n; i++) for (int j = 0; j < 8; j++) x[i] += A[i][j] * y[j];", false},
		{"call", "for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) { x[i] += A[i][j] * y[j]; s = sqrt(y[j]); }", false},
		{"division", "for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) x[i] += A[i][j] / y[j];", false},
		// A product in double reaches a float accumulator through a
		// conversion: gcc fuses it.
		{"float-double-literal", "for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) fx[i] += 0.5 * fa[i][j] * fy[j];", false},
		{"float-double-array", "for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) fx[i] += fa[i][j] * y[j];", false},
		{"difference", "for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) x[i] += (A[j][i] - y[i]) * (A[j][i] - y[i]);", true},
		{"float", "for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) fx[i] += 0.5f * fa[i][j] * fy[j];", true},
		{"int", "for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) iv[i] += I[i][j] * iv[j];", false},
	} {
		src := unfusedHead + tc.body + "\n#pragma endscop\n}\n"
		res, err := Optimize("k.c", []byte(src), Options{Identity: true})
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if len(res.Regions) != 1 || res.Regions[0].Kept {
			t.Fatalf("%s: region kept: %v", tc.name, res.Diags)
		}
		out := string(res.Output)
		if got := strings.Contains(strings.Join(res.Regions[0].Remarks, "\n"), "stay unfused as in the original"); got != tc.want {
			t.Errorf("%s: chain %v, want %v:\n%s", tc.name, got, tc.want, res.Regions[0].Remarks)
		}
		// --identity keeps every loop as it was: gcc treats the chains
		// there as in the original, and they print as they were
		// (fpcontract: the original chain loops print the plain statement).
		if strings.Contains(out, "tessera_unfused(") || strings.HasPrefix(out, fpcontract.Header) {
			t.Errorf("%s: macro in the --identity output:\n%s", tc.name, out)
		}
	}
	// Where the loop changes, or moves into a function with restrict
	// parameters (gcc may then fuse a chain it left unfused in the
	// original), the macro is printed.
	for _, tc := range []struct{ name, src string }{
		{"interchanged", unfusedHead + "for (int i = 0; i < N; i++) for (int j = 0; j < N; j++) for (int k = 0; k < N; k++) B[i][j] += A[i][k] * A[k][j];\n#pragma endscop\n}\n"},
		{"outlined", "#define N 40\nvoid kernel(int n, double sum[N], double A[N][N][N], double C4[N][N]) {\n#pragma scop\n" +
			"for (int r = 0; r < n; r++) for (int q = 0; q < n; q++) { for (int p = 0; p < n; p++) { sum[p] = 0; for (int s = 0; s < n; s++) sum[p] += A[r][q][s] * C4[s][p]; } for (int p = 0; p < n; p++) A[r][q][p] = sum[p]; }" +
			"\n#pragma endscop\n}\n"},
	} {
		res, err := Optimize("k.c", []byte(tc.src), Options{})
		if err != nil || len(res.Regions) != 1 || res.Regions[0].Kept {
			t.Fatalf("%s: %v %v", tc.name, err, res.Diags)
		}
		out := string(res.Output)
		if tc.name == "outlined" && !strings.Contains(out, "restrict") {
			t.Fatalf("%s: not outlined:\n%s", tc.name, out)
		}
		if !strings.Contains(out, "tessera_unfused(") || !strings.HasPrefix(out, fpcontract.Header) {
			t.Errorf("%s: no macro:\n%s", tc.name, out)
		}
	}
	// A file that has the names already is left alone.
	src := "int tessera_nz;\n" + unfusedHead + "for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) x[i] += A[i][j] * y[j];\n#pragma endscop\n}\n"
	res, err := Optimize("k.c", []byte(src), Options{Identity: true})
	if err != nil || strings.Contains(string(res.Output), "tessera_unfused(") {
		t.Errorf("name taken: macro used (err %v):\n%s", err, res.Output)
	}
}

// orthoSrc is a Gram-Schmidt orthogonalization of a rank-deficient
// matrix: rounding differences grow to whole units in the output, so that
// a contraction other than the original's shows.
const orthoSrc = `#include <stdio.h>
#include <math.h>
#define M 60
#define N 50
static double A[M][N], R[N][N], Q[M][N];
static __attribute__((noinline)) void kernel(int m, int n)
{
  int i, j, k;
  double nrm;
#pragma scop
  for (k = 0; k < n; k++) {
    nrm = 0.0;
    for (i = 0; i < m; i++)
      nrm += A[i][k] * A[i][k];
    R[k][k] = sqrt(nrm);
    for (i = 0; i < m; i++)
      Q[i][k] = A[i][k] / R[k][k];
    for (j = k + 1; j < n; j++) {
      R[k][j] = 0.0;
      for (i = 0; i < m; i++)
        R[k][j] += Q[i][k] * A[i][j];
      for (i = 0; i < m; i++)
        A[i][j] = A[i][j] - Q[i][k] * R[k][j];
    }
  }
#pragma endscop
}
int main(void)
{
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      A[i][j] = (((double) ((i * j) % M) / M) * 100) + 10;
      Q[i][j] = 0.0;
    }
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      R[i][j] = 0.0;
  volatile int vm = M, vn = N;
  kernel(vm, vn);
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      printf("%a\n", R[i][j]);
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++)
      printf("%a\n", Q[i][j]);
  return 0;
}
`

// TestUnfusedGCC: the orthogonalization (scalar expansion of nrm, the
// j loops innermost and vectorized) prints the original's bits under gcc
// -O3 with FMA and a Zen tuning, and with -ffp-contract=off. (Under other
// tunings whether gcc fuses the original's chains depends on its
// vectorizer's cost model: generic and haswell vectorize them as in-order
// reductions, unfused; skylake fuses them; tessera's output is fused
// there.)
func TestUnfusedGCC(t *testing.T) {
	gcc, err := exec.LookPath("gcc")
	if err != nil {
		t.Skip("no gcc")
	}
	if b, err := os.ReadFile("/proc/cpuinfo"); err != nil || !strings.Contains(string(b), " fma") || !strings.Contains(string(b), " avx2") {
		t.Skip("the host has no AVX2 and FMA")
	}
	if exec.Command(gcc, "-mtune=znver3", "-x", "c", "-E", "/dev/null").Run() != nil {
		t.Skip("gcc knows no znver3 tuning")
	}
	res, err := Optimize("gs.c", []byte(orthoSrc), Options{Vectorize: true, Vector: vector.Config{Target: vector.HostTarget()}})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Regions) != 1 || res.Regions[0].Kept {
		t.Fatalf("region kept: %v", res.Diags)
	}
	out := string(res.Output)
	if !strings.Contains(out, "tessera_unfused(") {
		t.Fatalf("no chain found:\n%s", out)
	}
	for _, flags := range [][]string{
		{"-O3", "-mavx2", "-mfma", "-mtune=znver3"},
		{"-O3", "-mavx2", "-mfma", "-mtune=znver1"},
		{"-O3", "-mavx2", "-mfma", "-mtune=znver3", "-ffp-contract=off"},
	} {
		want := runC(t, gcc, "orig", orthoSrc, flags...)
		got := runC(t, gcc, "opt", out, flags...)
		if got != want {
			t.Errorf("%v: the optimized program prints other values than the original", flags)
		}
	}
	// Without the macro the znver3 build differs: the test can fail.
	plain := strings.ReplaceAll(strings.ReplaceAll(out, "#define tessera_unfused(p, z) ((p) + (__typeof__(p)) (z))", "#define tessera_unfused(p, z) (p)"), "#define tessera_nz_decl(z) double z", "#define tessera_nz_decl(z) double z __attribute__((unused))")
	flags := []string{"-O3", "-mavx2", "-mfma", "-mtune=znver3"}
	if runC(t, gcc, "orig", orthoSrc, flags...) == runC(t, gcc, "plain", plain, flags...) {
		t.Log("the fused build prints the original's values too: the check above is weak on this compiler")
	}
}
