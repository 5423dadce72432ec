package pipeline

import (
	"fmt"
	"os/exec"
	"strconv"
	"strings"
	"testing"

	"github.com/tessera-opt/tessera/internal/omp"
	"github.com/tessera-opt/tessera/internal/testutil"
	"github.com/tessera-opt/tessera/internal/vector"
	"github.com/tessera-opt/tessera/scheduler"
)

// expandMain initializes the arrays of the kernels below, calls kernel and
// prints every element and the scalar s.
const expandMain = `
int main(void) {
  static double A[N][N], B[N][N], C[N][N], b[N], x[N], y[N];
  for (int i = 0; i < N; i++) {
    b[i] = (i % 5) / 5.0 + 1; x[i] = 0; y[i] = 0;
    for (int j = 0; j < N; j++) {
      A[i][j] = ((i * j + 1) % 7) / 7.0 + (i == j ? N : 0);
      B[i][j] = ((i + 2 * j) % 9) / 9.0;
      C[i][j] = ((3 * i + j) % 11) / 11.0;
    }
  }
  double s = kernel(N, A, B, C, b, x, y);
  for (int i = 0; i < N; i++) {
    printf("%.17g %.17g %.17g\n", b[i], x[i], y[i]);
    for (int j = 0; j < N; j++)
      printf("%.17g %.17g %.17g\n", A[i][j], B[i][j], C[i][j]);
  }
  printf("s %.17g\n", s);
  return 0;
}
`

const expandHead = `#include <stdio.h>
#define N 37
static __attribute__((noinline)) double kernel(int n, double A[N][N], double B[N][N], double C[N][N], double b[N], double x[N], double y[N]) {
`

// expandTests are kernels that keep values in scalars, with the scalar
// expansion remark expected.
var expandTests = []struct {
	name, body string
	// expanded is the scalar expansion remark expected ("" none;
	// "FORCED:" only with Options.forceExpand).
	expanded string
	// not is a remark that must appear when expanded is "".
	not string
}{
	{"symm", `
  double temp2;
  int i, j, k;
  double alpha = 1.5, beta = 1.2;
#pragma scop
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++) {
      temp2 = 0;
      for (k = 0; k < i; k++) {
        C[k][j] += alpha * B[i][j] * A[i][k];
        temp2 += B[k][j] * A[i][k];
      }
      C[i][j] = beta * C[i][j] + alpha * B[i][j] * A[i][i] + alpha * temp2;
    }
#pragma endscop
  return 0;
}
`, "expanded temp2 (k.c:11:7) into tessera_temp2_0[n][n]", ""},
	{"ludcmp", `
  int i, j, k;
  double w;
#pragma scop
  for (i = 0; i < n; i++) {
    for (j = 0; j < i; j++) {
      w = A[i][j];
      for (k = 0; k < j; k++)
        w -= A[i][k] * A[k][j];
      A[i][j] = w / A[j][j];
    }
    for (j = i; j < n; j++) {
      w = A[i][j];
      for (k = 0; k < i; k++)
        w -= A[i][k] * A[k][j];
      A[i][j] = w;
    }
  }
  for (i = 0; i < n; i++) {
    w = b[i];
    for (j = 0; j < i; j++)
      w -= A[i][j] * y[j];
    y[i] = w;
  }
#pragma endscop
  return 0;
}
`, "expanded w (k.c:10:7) into tessera_w_0[n - 1][n - 1], w (k.c:16:7) into tessera_w_1[n][n], w (k.c:23:5) into tessera_w_2[n]", ""},
	{"deriche", `
  int i, j;
  double xm1, ym1;
#pragma scop
  for (i = 0; i < n; i++) {
    ym1 = 0;
    xm1 = 0;
    for (j = 0; j < n; j++) {
      C[i][j] = 0.25 * A[i][j] + 0.5 * xm1 + 0.125 * ym1;
      xm1 = A[i][j];
      ym1 = C[i][j];
    }
  }
  for (j = 0; j < n; j++)
    for (i = 0; i < n; i++)
      B[i][j] = C[i][j] + A[j][i];
#pragma endscop
  return 0;
}
`, "FORCED:expanded xm1 (k.c:10:5) into tessera_xm1_0[n], ym1 (k.c:9:5) into tessera_ym1_0[n]", "not kept"},
	{"declared in the region", `
  int i, j, k;
#pragma scop
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++) {
      double acc = C[i][j] * 0.5;
      for (k = 0; k < i; k++)
        acc += B[k][j] * A[i][k];
      C[i][j] = acc;
    }
#pragma endscop
  return 0;
}
`, "expanded acc (k.c:9:14) into tessera_acc_0[n][n]", ""},
	{"live after", `
  double temp2 = 0;
  int i, j, k;
#pragma scop
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++) {
      temp2 = 0;
      for (k = 0; k < i; k++)
        temp2 += B[k][j] * A[i][k];
      C[i][j] = 0.5 * C[i][j] + temp2;
    }
#pragma endscop
  return temp2;
}
`, "", "temp2 (k.c:10:7) not expanded: it is used after the region (line 16)"},
	{"live after through a macro", `
  double temp2;
  int i, j, k;
#define RES (temp2 * 2)
#pragma scop
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++) {
      temp2 = 0;
      for (k = 0; k < i; k++)
        temp2 += B[k][j] * A[i][k];
      C[i][j] = 0.5 * C[i][j] + temp2;
    }
#pragma endscop
  return RES;
}
`, "", "temp2 (k.c:11:7) not expanded: it is used after the region (line 17)"},
	{"address taken", `
  double temp2;
  double *p = &temp2;
  int i, j, k;
#pragma scop
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++) {
      temp2 = 0;
      for (k = 0; k < i; k++)
        temp2 += B[k][j] * A[i][k];
      C[i][j] = 0.5 * C[i][j] + temp2;
    }
#pragma endscop
  return *p;
}
`, "", "not expanded: its address is taken in the function"},
	{"read before written", `
  double t = 1;
  int i, j, k;
#pragma scop
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++) {
      for (k = 0; k < i; k++)
        t += B[k][j] * A[i][k];
      C[i][j] = 0.5 * C[i][j] + t;
      t = 0;
    }
#pragma endscop
  return 0;
}
`, "", "t (k.c:11:9) not expanded: it is read at 12:33 before the region writes it (upward-exposed read)"},
	{"global", `
  int i, j, k;
#pragma scop
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++) {
      g = 0;
      for (k = 0; k < i; k++)
        g += B[k][j] * A[i][k];
      C[i][j] = 0.5 * C[i][j] + g;
    }
#pragma endscop
  return 0;
}
`, "", "g (k.c:10:7) not expanded: it is not a local variable of the function"},
}

// TestExpandScalars runs the pipeline on kernels that keep values in
// scalars, checks which scalars are expanded, and with gcc that the
// rewritten programs print exactly what the originals print (serial
// without --vectorize and -ffp-contract=off; --parallel with 2 threads).
func TestExpandScalars(t *testing.T) {
	t.Parallel()
	testExpand(t, false)
}

// TestExpandForced keeps every expansion (Options.forceExpand), also those
// that do not pay, and checks the programs' output with gcc.
func TestExpandForced(t *testing.T) {
	t.Parallel()
	testExpand(t, true)
}

func testExpand(t *testing.T, forced bool) {
	gcc, _ := exec.LookPath("gcc")
	run := func(src, name string, omp bool) string {
		if omp {
			return runC(t, gcc, name, src, "-O2", "-ffp-contract=off", "-fopenmp")
		}
		return runC(t, gcc, name, src, "-O2", "-ffp-contract=off")
	}
	// The forced variant runs one case in 3 in plain mode, the default
	// variant every case in one of the two flows, alternately; under
	// TESSERA_LONG=1 both run every case in both flows.
	if forced {
		testutil.NoteSample(t, fmt.Sprintf("one case in 3 of %d", len(expandTests)))
	} else {
		testutil.NoteSample(t, "each case in the serial or the parallel flow, alternately")
	}
	for k, tc := range expandTests {
		if forced && !testutil.Keep(k, 3) {
			continue
		}
		head := expandHead
		if tc.name == "global" {
			head = "static double g;\n" + head
		}
		src := head + tc.body + expandMain
		want := ""
		if gcc != "" {
			want = run(src, "orig"+strconv.Itoa(k), false)
		}
		for f, par := range []bool{false, true} {
			if !forced && !testutil.Keep(k+f, 2) {
				continue
			}
			opt := Options{}
			if par {
				opt = Options{Sched: scheduler.Config{Parallel: true}, OMP: omp.Config{NoCost: true}}
			}
			opt.forceExpand = forced
			res := optimizeOne(t, tc.name, src, opt)
			remarks := strings.Join(res.Regions[0].Remarks, "\n")
			exp := tc.expanded
			if p, ok := strings.CutPrefix(exp, "FORCED:"); ok {
				// Privatization parallelizes the same loops: the
				// expansion is kept only when forced.
				exp = ""
				if forced {
					exp = p
				}
			}
			if exp != "" && !strings.Contains(remarks, exp) {
				t.Errorf("%s (parallel %v): no remark %q in\n%s", tc.name, par, exp, remarks)
			}
			if exp == "" && tc.not != "" && !forced && !strings.Contains(remarks, tc.not) {
				t.Errorf("%s (parallel %v): no remark %q in\n%s", tc.name, par, tc.not, remarks)
			}
			if has := strings.Contains(string(res.Output), "__builtin_malloc"); has != (exp != "") {
				t.Errorf("%s (parallel %v): heap storage %v in\n%s", tc.name, par, has, res.Output)
			}
			if gcc == "" {
				continue
			}
			name := "opt" + strconv.Itoa(k)
			if forced {
				name += "f"
			}
			if par {
				name += "p"
			}
			if got := run(string(res.Output), name, par); got != want {
				t.Errorf("%s (parallel %v): the rewritten program prints something else\n%s", tc.name, par, res.Output)
			}
		}
	}
}

// TestExpansionUndone: PolyBench's durbin expands sum for a schedule that
// the vector stage then turns down; the region keeps the original order,
// and is generated again from the model without the expansion (no heap
// array, the scalar as written).
func TestExpansionUndone(t *testing.T) {
	src := `#define N 40
double r[N], y[N], z[N];
void kernel(int n) {
  double alpha, beta, sum;
#pragma scop
  y[0] = -r[0];
  beta = 1.0;
  alpha = -r[0];
  for (int k = 1; k < n; k++) {
    beta = (1 - alpha * alpha) * beta;
    sum = 0.0;
    for (int i = 0; i < k; i++)
      sum += r[k - i - 1] * y[i];
    alpha = -(r[k] + sum) / beta;
    for (int i = 0; i < k; i++)
      z[i] = y[i] + alpha * y[k - i - 1];
    for (int i = 0; i < k; i++)
      y[i] = z[i];
    y[k] = alpha;
  }
#pragma endscop
}
`
	res := optimizeOne(t, "durbin", src, Options{Vectorize: true, Vector: vector.Config{Target: vector.HostTarget()}})
	out := string(res.Output)
	if !strings.Contains(strings.Join(res.Regions[0].Remarks, "\n"), "scalar expansion undone") || strings.Contains(out, "__builtin_malloc") || !strings.Contains(out, "sum = 0.0;") {
		t.Errorf("expansion kept:\n%s\n%s", strings.Join(res.Regions[0].Remarks, "\n"), out)
	}
}
