package omp_test

import (
	"fmt"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tessera-opt/tessera/internal/omp"
	"github.com/tessera-opt/tessera/pipeline"
	"github.com/tessera-opt/tessera/scheduler"
)

// pool holds loop-body statements over scalars x, y and arrays A (read),
// B and C (written). Some make x privatizable, some carry it.
var pool = []string{
	"x = A[i];",
	"x = x + A[i];",
	"x = A[i] * 2.0;",
	"if (i % 2 == 0) x = A[i];",
	"y = x - A[i];",
	"y = y * 0.5 + x;",
	"B[i] = x + y;",
	"C[i] = C[i] + x;",
	"s += A[i];",
}

// randomKernel builds a loop over i with 1..4 statements of the pool.
func randomKernel(r *rand.Rand) string {
	var body []string
	for k := 1 + r.Intn(4); k > 0; k-- {
		body = append(body, "    "+pool[r.Intn(len(pool))])
	}
	after := ""
	if r.Intn(3) == 0 {
		after = "  C[0] = x + y;\n"
	}
	return `#include <stdio.h>
#define N 5000
double A[N], B[N], C[N];
double x, y, s;
int main(void) {
  for (int i = 0; i < N; i++) { A[i] = (i * 7 % 13) / 3.0; B[i] = 0; C[i] = i % 5; }
  x = 1; y = 2; s = 0;
#pragma scop
  for (int i = 0; i < N; i++) {
` + strings.Join(body, "\n") + `
  }
` + after + `#pragma endscop
  double t = 0;
  for (int i = 0; i < N; i++) t += B[i] * (i % 7 + 1) + C[i];
  printf("%.9e %.9e %.9e %.9e\n", t, x, y, s);
  return 0;
}
`
}

// TestRandomPrivatization optimizes random loops over scalars with
// --parallel (privatization on) and --reductions, compiles the original
// and the result with gcc -fopenmp, and compares what they print with two
// threads: a privatization or reduction that is not safe shows up as a
// different result. TESSERA_RANDOM=n runs n programs instead of 6.
func TestRandomPrivatization(t *testing.T) {
	gcc, err := exec.LookPath("gcc")
	if err != nil {
		t.Skip("no gcc")
	}
	n := 6
	if v := os.Getenv("TESSERA_RANDOM"); v != "" {
		fmt.Sscan(v, &n)
	}
	seed := int64(1)
	if v := os.Getenv("TESSERA_SEED"); v != "" {
		fmt.Sscan(v, &seed)
	}
	r := rand.New(rand.NewSource(seed))
	var nPriv, nRed, nPar int
	defer func() {
		t.Logf("seed %d: %d programs, %d parallel, %d with private/lastprivate, %d with reduction", seed, n, nPar, nPriv, nRed)
	}()
	dir := t.TempDir()
	for i := 0; i < n; i++ {
		src := randomKernel(r)
		path := filepath.Join(dir, fmt.Sprintf("k%d.c", i))
		if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		res, err := pipeline.Optimize(path, []byte(src), pipeline.Options{Sched: scheduler.Config{Parallel: true, Reductions: true}, OMP: omp.Config{NoCost: true}})
		if err != nil {
			t.Fatalf("seed %d program %d: %v\n%s", seed, i, err, src)
		}
		out := string(res.Output)
		if strings.Contains(out, "omp parallel for") {
			nPar++
		}
		if strings.Contains(out, "private(") {
			nPriv++
		}
		if strings.Contains(out, "reduction(") {
			nRed++
		}
		opt := writeFile(t, dir, fmt.Sprintf("k%d.opt.c", i), res.Output)
		run := func(file, exe string) string {
			return runThreads(t, gccProgram(t, gcc, dir, exe, []string{"-O1", "-fopenmp", "-w"}, file), 2)
		}
		a, b := run(path, "orig"), run(opt, "opt")
		if !close(a, b, 1e-9) {
			t.Errorf("seed %d program %d: original %q, optimized %q\n%s\n--- optimized:\n%s", seed, i, a, b, src, res.Output)
		}
	}
}
