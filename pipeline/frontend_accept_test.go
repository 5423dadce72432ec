package pipeline

import (
	"os/exec"
	"strings"
	"testing"

	"github.com/tessera-opt/tessera/internal/testutil"
)

// The C that people write: regions that the front end used to refuse
// (labels, macro steps and index macros, #if groups) are optimized, and
// the output, compiled with gcc, prints what the original prints, also
// under -D flags other than those tessera read the file with.

const acceptLabel = `#include <stdio.h>
#define N 48
double A[N][N], B[N][N];
int main(void) {
  int i, j;
  for (i = 0; i < N; i++) for (j = 0; j < N; j++) A[i][j] = (i * 7 + j) % 11;
#pragma scop
outer:
  for (i = 1; i < N; i++)
    inner: for (j = 0; j < N; j++)
      B[i][j] = A[i-1][j] * 2.0 + A[i][j];
#pragma endscop
  double s = 0;
  for (i = 0; i < N; i++) for (j = 0; j < N; j++) s += B[i][j] * (i + 1);
  printf("%f\n", s);
  return 0;
}
`

const acceptStep = `#include <stdio.h>
#ifndef block_size
#define block_size 8
#endif
#define N 64
double A[N][N], B[N][N];
int main(void) {
  int ii, jj, i, j;
  for (i = 0; i < N; i++) for (j = 0; j < N; j++) A[i][j] = i * 3 + j;
#pragma scop
  for (ii = 0; ii < N; ii += block_size)
    for (jj = 0; jj < N; jj += block_size)
      for (i = ii; i < ii + block_size; i++)
        for (j = jj; j < jj + block_size; j++)
          B[j][i] = A[i][j] + B[j][i] * 0.5;
#pragma endscop
  double s = 0;
  for (i = 0; i < N; i++) for (j = 0; j < N; j++) s += B[i][j] * (i + 1);
  printf("%f\n", s);
  return 0;
}
`

const acceptIndex = `#include <stdio.h>
#define N 40
#define BS 8
#define NB 16
#define INDX(i,j) ((i)*N+(j))
double A[N*N], B[N*N], C[NB*BS], D[NB*BS];
int main(void) {
  int i, j;
  for (i = 0; i < N*N; i++) A[i] = i % 7;
  for (i = 0; i < NB*BS; i++) C[i] = i % 5;
#pragma scop
  for (i = 1; i < N; i++)
    for (j = 0; j < N; j++)
      B[INDX(i,j)] = A[INDX(i-1,j)] + A[INDX(i,j)];
  for (i = 1; i < NB; i++)
    for (j = 0; j < BS; j++)
      D[i*BS + j] = C[(i-1)*BS + j] + C[i*BS + (j + BS/2) % BS];
#pragma endscop
  double s = 0;
  for (i = 0; i < N*N; i++) s += B[i] * (i % 13);
  for (i = 0; i < NB*BS; i++) s += D[i] * (i % 3);
  printf("%f\n", s);
  return 0;
}
`

const acceptIf = `#include <stdio.h>
#define N 32
#ifndef USE_MAX
#define USE_MAX 1
#endif
double A[N][N];
int main(void) {
  int i, j;
  for (i = 0; i < N; i++) for (j = 0; j < N; j++) A[i][j] = (i * 7 + j * 3) % 11;
#pragma scop
  for (i = 1; i < N; i++)
    for (j = 1; j < N; j++) {
#if USE_MAX
      A[i][j] = A[i-1][j] > A[i][j-1] ? A[i-1][j] : A[i][j-1];
#else
      A[i][j] = A[i-1][j] + A[i][j-1] * 0.5;
#endif
#ifdef EXTRA
      A[i][j] += 1.0;
#endif
    }
#pragma endscop
  double s = 0;
  for (i = 0; i < N; i++) for (j = 0; j < N; j++) s += A[i][j] * (i + 1);
  printf("%f\n", s);
  return 0;
}
`

// acceptLayout has an index macro defined in the two branches of an #if.
const acceptLayout = `#include <stdio.h>
#define N 40
#ifdef COLMAJOR
#define INDX(i,j) ((j)*N+(i))
#else
#define INDX(i,j) ((i)*N+(j))
#endif
double A[N*N];
int main(void) {
  int i, j;
  for (i = 0; i < N*N; i++) A[i] = i % 7;
#pragma scop
  for (i = 1; i < N; i++)
    for (j = 1; j < N; j++)
      A[INDX(i,j)] = A[INDX(i-1,j)] + A[INDX(i,j-1)] * 0.5;
#pragma endscop
  double s = 0;
  for (i = 0; i < N*N; i++) s += A[i] * (i % 13);
  printf("%f\n", s);
  return 0;
}
`

// acceptStmtMacro calls a macro that assigns as a statement (PolyBench's
// Nussinov.orig.c writes its updates so).
const acceptStmtMacro = `#include <stdio.h>
#define N 60
#define max_score(s1, s2) ((s1 >= s2) ? s1 : s2)
#define MAX_N(x, y, v) (T[x][y] = max_score(T[x][y], v))
int T[N][N], seq[N];
int main(void) {
  int i, j, k;
  for (i = 0; i < N; i++) { seq[i] = (i * 7) % 4; for (j = 0; j < N; j++) T[i][j] = 0; }
#pragma scop
  for (i = N-1; i >= 0; i--) {
    for (j = i+1; j < N; j++) {
      if (j-1 >= 0) MAX_N(i, j, T[i][j-1]);
      if (i+1 < N) MAX_N(i, j, T[i+1][j]);
      if (j-1 >= 0 && i+1 < N) {
        if (i < j-1) MAX_N(i, j, T[i+1][j-1] + ((seq[i] + seq[j]) == 3 ? 1 : 0));
        else MAX_N(i, j, T[i+1][j-1]);
      }
      for (k = i+1; k < j; k++)
        MAX_N(i, j, T[i][k] + T[k+1][j]);
    }
  }
#pragma endscop
  long s = 0;
  for (i = 0; i < N; i++) for (j = 0; j < N; j++) s += T[i][j] * (i + 1);
  printf("%ld\n", s);
  return 0;
}
`

// TestFrontEndAccepts optimizes each program (pragma regions, then
// automatic detection on the program without its pragmas) and compares
// the output's print with the original's under each set of -D flags.
func TestFrontEndAccepts(t *testing.T) {
	gcc, err := exec.LookPath("gcc")
	if err != nil {
		t.Skip("gcc not found")
	}
	testutil.NoteSample(t, "each program either with its pragmas or with --autoscop, in turn")
	for ci, tc := range []struct {
		name, src string
		want      string // a text the output must contain
		flags     [][]string
	}{
		{"label", acceptLabel, "c0", [][]string{nil}},
		{"step", acceptStep, "#if (block_size) == 8", [][]string{nil, {"-Dblock_size=16"}, {"-Dblock_size=4"}}},
		{"index", acceptIndex, "INDX(c0", [][]string{nil}},
		{"index overridable", strings.Replace(acceptIndex, "#define BS 8\n", "#ifndef BS\n#define BS 8\n#endif\n", 1), "(BS) == 8", [][]string{nil, {"-DBS=4"}}},
		{"layout", acceptLayout, "#if !(defined(COLMAJOR))", [][]string{nil, {"-DCOLMAJOR"}}},
		{"statement macro", acceptStmtMacro, "= max_score(T[", [][]string{nil}},
		{"if", acceptIf, "#if (USE_MAX) && !(defined(EXTRA))", [][]string{nil, {"-DUSE_MAX=0"}, {"-DEXTRA"}, {"-DUSE_MAX=0", "-DEXTRA"}}},
	} {
		for ai, auto := range []bool{false, true} {
			// Plain mode runs the cases with pragma regions and with
			// --autoscop in turn; TESSERA_LONG=1 runs both for each.
			if !testutil.Keep(ci+ai, 2) {
				continue
			}
			src := tc.src
			if auto {
				src = strings.NewReplacer("#pragma scop\n", "", "#pragma endscop\n", "").Replace(src)
			}
			res, err := Optimize("k.c", []byte(src), Options{Vectorize: true, AutoScop: auto})
			if err != nil {
				t.Fatalf("%s: %v", tc.name, err)
			}
			for _, d := range res.Diags {
				if d.Severity == "error" {
					t.Errorf("%s (auto %v): %s", tc.name, auto, d)
				}
			}
			out := string(res.Output)
			if !strings.Contains(out, tc.want) {
				t.Errorf("%s (auto %v): output lacks %q:\n%s", tc.name, auto, tc.want, out)
			}
			for _, fl := range tc.flags {
				flags := append([]string{"-O1"}, fl...)
				want := runC(t, gcc, tc.name, src, flags...)
				got := runC(t, gcc, tc.name+"_out", out, flags...)
				if got != want {
					t.Errorf("%s (auto %v, flags %v): output prints %q, original %q\n%s", tc.name, auto, fl, got, want, out)
				}
			}
		}
	}
}

// TestFrontEndRefusals checks the diagnostics of what stays refused:
// each says what is really refused, at the right place.
func TestFrontEndRefusals(t *testing.T) {
	for _, tc := range []struct{ name, src, want string }{
		{"member macro", `struct S { double *data; };
#define P (s->data)
void k(struct S *s, int n) {
  int i;
#pragma scop
  for (i = 0; i < n; i++)
    P[i] = 2.0 * i;
#pragma endscop
}
`, "k.c:7:5: error: assignment through macro P, which expands to a member access '(s->data)'"},
		{"member call macro", `struct S { double x[100]; };
#define X(i) s->x[i]
void k(struct S *s, int n) {
  int i;
#pragma scop
  for (i = 0; i < n; i++)
    X(i) = 2.0 * i;
#pragma endscop
}
`, "k.c:7:5: error: macro X expands to a member access 's->x[i]', which tessera does not model"},
		{"index macro defined twice", `#define N 40
#define INDX(i,j) ((j)*N+(i))
#ifndef COLMAJOR
#undef INDX
#define INDX(i,j) ((i)*N+(j))
#endif
void k(double *A) {
  int i, j;
#pragma scop
  for (i = 1; i < N; i++)
    for (j = 1; j < N; j++)
      A[INDX(i,j)] = A[INDX(i-1,j)] + 1.0;
#pragma endscop
}
`, "(call of macro INDX: it or a macro it calls has definitions the compiler may see more than one of"},
		{"goto label", `void k(int n, double *A) {
  int i;
#pragma scop
again:
  for (i = 0; i < n; i++)
    A[i] = 2.0 * A[i];
#pragma endscop
  if (A[0] < 1.0) goto again;
}
`, "k.c:4:1: error: label 'again' is the target of the jump at line 8"},
		{"unevaluable if", `#define F(x) x
void k(int n, double *A) {
  int i;
#pragma scop
  for (i = 0; i < n; i++) {
#if F(1)
    A[i] = 2.0 * A[i];
#endif
  }
#pragma endscop
}
`, "k.c:6:1: error: cannot evaluate the condition 'F(1)' of #if at line 6"},
		{"unterminated string", `const char *s = "abc;
void k(int n, double *A) {
  int i;
#pragma scop
  for (i = 0; i < n; i++)
    A[i] = 2.0 * A[i];
#pragma endscop
}
`, "k.c:1:17: error: unterminated string literal"},
	} {
		res, err := Optimize("k.c", []byte(tc.src), Options{Vectorize: true})
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		var diags []string
		found := false
		for _, d := range res.Diags {
			diags = append(diags, d.String())
			found = found || strings.Contains(d.String(), tc.want)
		}
		if !found {
			t.Errorf("%s: no diagnostic %q in\n%s", tc.name, tc.want, strings.Join(diags, "\n"))
		}
		if !res.Errors() {
			t.Errorf("%s: no error", tc.name)
		}
		if string(res.Output) != tc.src {
			t.Errorf("%s: the file changed:\n%s", tc.name, res.Output)
		}
	}
}
