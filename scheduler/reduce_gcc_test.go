package scheduler_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tessera-opt/tessera/pipeline"
	"github.com/tessera-opt/tessera/scheduler"
)

// TestReductionFormsGCC optimizes with OpenMP reduction clauses the
// update forms that the recognizer of package scop accepts besides
// x += e and x = x + e (a chain with a subtracted term, x -= e,
// x = x - e, a chain, parentheses, x = e * x), compiles the original and
// the optimized program with OpenMP on two threads and compares what
// they print. The values are exact in binary (the product multiplies by
// 1 or -1), so any order of the sums and products prints the same digits.
func TestReductionFormsGCC(t *testing.T) {
	gcc, err := exec.LookPath("gcc")
	if err != nil {
		t.Skip("no gcc")
	}
	src := `double x[400], s1, s2, s3, s4, s5, p1;
void kernel(int m) {
#pragma scop
  for (int i = 0; i < m; i++)
    for (int j = 0; j < m; j++)
      for (int k = 0; k < m; k++)
        s1 = x[i] * x[j] - x[k] + s1;
  for (int i = 0; i < m; i++)
    for (int j = 0; j < m; j++)
      for (int k = 0; k < m; k++)
        s2 -= x[i] * x[k] + x[j];
  for (int i = 0; i < m; i++)
    for (int j = 0; j < m; j++)
      for (int k = 0; k < m; k++)
        s3 = s3 - x[i] * x[j] * x[k];
  for (int i = 0; i < m; i++)
    for (int j = 0; j < m; j++)
      for (int k = 0; k < m; k++)
        s4 = s4 + x[i] + x[j] * x[k];
  for (int i = 0; i < m; i++)
    for (int j = 0; j < m; j++)
      for (int k = 0; k < m; k++)
        s5 = (s5) + (x[k] * x[j] - x[i]);
  for (int i = 0; i < m; i++)
    for (int j = 0; j < m; j++)
      for (int k = 0; k < m; k++)
        p1 = (1.0 - 2.0 * (x[i] * x[j] * x[k] < 0.0)) * p1;
#pragma endscop
}
#include <stdio.h>
int main(void) {
  for (int i = 0; i < 400; i++) x[i] = (double)((i * 7) % 11) / 8.0 - 0.5;
  s1 = 1; s2 = 2; s3 = 3; s4 = 4; s5 = 5; p1 = 1;
  kernel(160);
  printf("%.17g %.17g %.17g %.17g %.17g %.17g\n", s1, s2, s3, s4, s5, p1);
  return 0;
}
`
	opt := pipeline.Options{Sched: scheduler.Config{Parallel: true, Reductions: true, Fuse: scheduler.FuseNo}}
	res, err := pipeline.Optimize("t.c", []byte(src), opt)
	if err != nil {
		t.Fatal(err)
	}
	out := string(res.Output)
	for _, v := range []string{"s1", "s2", "s3", "s4", "s5"} {
		if !strings.Contains(out, "reduction(+:"+v+")") {
			t.Errorf("no reduction(+:%s) clause:\n%s", v, out)
		}
	}
	if !strings.Contains(out, "reduction(*:p1)") {
		t.Errorf("no reduction(*:p1) clause:\n%s", out)
	}
	dir := t.TempDir()
	run := func(name, text string) string {
		c := filepath.Join(dir, name+".c")
		if err := os.WriteFile(c, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		exe := filepath.Join(dir, name)
		if b, err := exec.Command(gcc, "-O2", "-fopenmp", c, "-o", exe).CombinedOutput(); err != nil {
			t.Fatalf("gcc %s: %v\n%s", name, err, b)
		}
		cmd := exec.Command(exe)
		cmd.Env = append(os.Environ(), "OMP_NUM_THREADS=2")
		b, err := cmd.Output()
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		return strings.TrimSpace(string(b))
	}
	if want, got := run("orig", src), run("opt", out); got != want {
		t.Errorf("optimized prints %s, original %s", got, want)
	}
}
