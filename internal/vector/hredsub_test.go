package vector_test

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tessera-opt/tessera/pipeline"
)

// TestHredSubtractSameArray: PolyBench's cholesky reduces with -= and reads
// other elements of the array it writes (A[i][j] -= A[i][k] * A[j][k], k <
// j): the horizontal reduction applies when the model proves that no
// instance reads the element it writes, and not when one may (k <= j).
func TestHredSubtractSameArray(t *testing.T) {
	for _, tc := range []struct {
		name, body string
		hred       bool
	}{
		{"cholesky", "for (int i = 0; i < n; i++) for (int j = 0; j < i; j++) for (int k = 0; k < j; k++) A[i][j] -= A[i][k] * A[j][k];", true},
		{"reads-the-written", "for (int i = 0; i < n; i++) for (int j = 0; j < i; j++) for (int k = 0; k <= j; k++) A[i][j] -= A[i][k] * A[j][k];", false},
		{"plus-other-row", "for (int i = 1; i < n; i++) for (int k = 0; k < m; k++) A[i][0] += A[i - 1][k] * y[k];", true},
		// x = x - e reduces as x -= e does (our trisolv); x = e - x
		// negates the sum at each step and does not.
		{"assign-minus", "for (int i = 0; i < n; i++) for (int j = 0; j < i; j++) x[i] = x[i] - A[i][j] * x[j];", true},
		{"assign-minus-paren", "for (int i = 0; i < n; i++) for (int j = 0; j < m; j++) A[i][1] = (A[i][1]) - (A[i][j + 2] * y[j]);", true},
		{"assign-reversed-minus", "for (int i = 0; i < n; i++) for (int j = 0; j < i; j++) x[i] = A[i][j] * x[j] - x[i];", false},
		{"assign-minus-reads-written", "for (int i = 0; i < n; i++) for (int j = 0; j <= i; j++) x[i] = x[i] - A[i][j] * x[j];", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res := optimize(t, source("double", "", tc.body), pipeline.Options{})
			if got := strings.Contains(remarks(res), "vectorizable (horizontal reduction)"); got != tc.hred {
				t.Fatalf("horizontal reduction %v, want %v:\n%s\n%s", got, tc.hred, remarks(res), res.Output)
			}
			if !tc.hred {
				return
			}
			out := string(res.Output)
			if (tc.name == "cholesky" || strings.HasPrefix(tc.name, "assign-minus")) && !strings.Contains(out, " -= tsv0_r[0] + tsv0_r[1] + tsv0_r[2] + tsv0_r[3];") {
				t.Errorf("no subtracted horizontal sum:\n%s", out)
			}
			checkGCC(t, source("double", "", tc.body), out)
		})
	}
}

// checkGCC compiles the original and the optimized kernel with a main that
// fills the arrays and prints them, and compares within 1e-9 relative.
func checkGCC(t *testing.T, orig, opt string) {
	t.Helper()
	gcc, err := exec.LookPath("gcc")
	if err != nil {
		t.Skip("no gcc")
	}
	main := `
#include <stdio.h>
int main(void) {
  for (int i = 0; i < 200; i++) {
    x[i] = i % 5; y[i] = (i % 7) / 7.0; z[i] = 0;
    for (int j = 0; j < 200; j++) { A[i][j] = ((i * j) % 11) / 11.0 + (i == j) * 50; B[i][j] = (i + j) % 3; C[i][j] = 0; }
  }
  kernel(150, 120, 90);
  for (int i = 0; i < 200; i += 3) for (int j = 0; j < 200; j += 7) printf("%.12e\n", A[i][j]);
  for (int i = 0; i < 200; i++) printf("%.12e\n", x[i]);
  return 0;
}
`
	dir := t.TempDir()
	run := func(src, name string) []string {
		c := filepath.Join(dir, name+".c")
		if err := os.WriteFile(c, []byte(src+main), 0o644); err != nil {
			t.Fatal(err)
		}
		exe := filepath.Join(dir, name)
		if b, err := exec.Command(gcc, "-O2", "-march=native", c, "-o", exe).CombinedOutput(); err != nil {
			t.Fatalf("gcc %s: %v\n%s", name, err, b)
		}
		b, err := exec.Command(exe).Output()
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		return strings.Fields(string(b))
	}
	a, b := run(orig, "orig"), run(opt, "opt")
	if len(a) != len(b) {
		t.Fatalf("%d numbers, want %d", len(b), len(a))
	}
	for i := range a {
		if a[i] == b[i] {
			continue
		}
		var x, y float64
		if _, err := fmtSscan(a[i], &x); err != nil {
			t.Fatal(err)
		}
		if _, err := fmtSscan(b[i], &y); err != nil {
			t.Fatal(err)
		}
		d := x - y
		if d < 0 {
			d = -d
		}
		m := max(abs(x), abs(y), 1)
		if d > 1e-9*m {
			t.Fatalf("number %d: %s, want %s", i, b[i], a[i])
		}
	}
}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}

func fmtSscan(s string, x *float64) (int, error) { return fmt.Sscan(s, x) }
