package pipeline

import (
	"fmt"
	"strings"
	"testing"

	"github.com/tessera-opt/tessera/ast"
	"github.com/tessera-opt/tessera/deps"
	"github.com/tessera-opt/tessera/internal/directive"
	"github.com/tessera-opt/tessera/internal/testutil"
	"github.com/tessera-opt/tessera/internal/vector"
	"github.com/tessera-opt/tessera/scheduler"
)

// stageInputs are regions of different shapes: each rule of the chooser
// decides at least one of them under some flag set below.
var stageInputs = []struct{ name, src string }{
	{"matmul", `void f(int n, double A[n][n], double B[n][n], double C[n][n]) {
#pragma scop
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      for (int k = 0; k < n; k++)
        C[i][j] += A[i][k] * B[k][j];
#pragma endscop
}
`},
	{"two-matvec", `void f(int n, double A[n][n], double x[n], double y[n], double z[n], double w[n]) {
#pragma scop
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      x[i] = x[i] + A[i][j] * y[j];
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      z[i] = z[i] + A[j][i] * w[j];
#pragma endscop
}
`},
	{"stencil-1d", `void f(int t, int n, double A[n], double B[n]) {
#pragma scop
  for (int s = 0; s < t; s++) {
    for (int i = 1; i < n - 1; i++)
      B[i] = 0.33333 * (A[i - 1] + A[i] + A[i + 1]);
    for (int i = 1; i < n - 1; i++)
      A[i] = 0.33333 * (B[i - 1] + B[i] + B[i + 1]);
  }
#pragma endscop
}
`},
	{"all-pairs", `void f(int n, int p[n][n]) {
#pragma scop
  for (int k = 0; k < n; k++)
    for (int i = 0; i < n; i++)
      for (int j = 0; j < n; j++)
        p[i][j] = p[i][j] < p[i][k] + p[k][j] ? p[i][j] : p[i][k] + p[k][j];
#pragma endscop
}
`},
	{"scalar-temp", `void f(int n, double A[n][n], double B[n][n], double C[n][n]) {
  double t;
#pragma scop
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      t = 0;
      for (int k = 0; k < i; k++) {
        C[k][j] += 1.5 * B[i][j] * A[i][k];
        t += B[k][j] * A[i][k];
      }
      C[i][j] = 1.2 * C[i][j] + 1.5 * B[i][j] * A[i][i] + 1.5 * t;
    }
#pragma endscop
}
`},
	{"recurrence", `void f(int n, double r[n], double y[n], double z[n]) {
  double a, b, sum;
#pragma scop
  y[0] = -r[0];
  b = 1.0;
  a = -r[0];
  for (int k = 1; k < n; k++) {
    b = (1 - a * a) * b;
    sum = 0.0;
    for (int i = 0; i < k; i++)
      sum += r[k - i - 1] * y[i];
    a = -(r[k] + sum) / b;
    for (int i = 0; i < k; i++)
      z[i] = y[i] + a * y[k - i - 1];
    for (int i = 0; i < k; i++)
      y[i] = z[i];
    y[k] = a;
  }
#pragma endscop
}
`},
}

// stageVerifier checks a candidate after the stage named stage: the
// schedule against the dependences after the legality and coincidence
// stages (order and marks), the AST's structure (ast.Verify) after every
// stage that produces or edits it, and some text after the lowering.
func stageVerifier(stage string, c *candidate) error {
	switch stage {
	case "check":
		if ok, w := deps.Check(c.tree.Flatten(), c.m.d); !ok {
			return fmt.Errorf("schedule violates %v", w)
		}
	case "coincidence":
		if v := directive.Check(c.tree, c.m.d); v != nil {
			return v
		}
	case "astgen", "astopt", "names", "self-check", "vector":
		if c.ast == nil {
			return fmt.Errorf("no AST")
		}
		if stage == "vector" && c.vec != nil && c.vec.Changed() {
			// Vector statements print text of their own; the loops
			// around them are still checked by the self-check's
			// successor, the lowering.
			return nil
		}
		return ast.Verify(c.ast, c.m.s.Params...)
	case "emit":
		if strings.TrimSpace(c.text) == "" {
			return fmt.Errorf("no C text")
		}
	}
	return nil
}

// TestStagesVerified runs the pipeline on stageInputs under the main flag
// sets with a verifier after every stage of the table on every candidate
// (stageVerifier), and checks that the scheduler ran at most once per
// model and that the chosen schedule is legal.
func TestStagesVerified(t *testing.T) {
	t.Parallel()
	vec := vector.Config{Target: vector.HostTarget()}
	flagSets := []struct {
		name string
		opt  Options
	}{
		{"sequential", Options{}},
		{"vector", Options{Vectorize: true, Vector: vec}},
		{"parallel-vector", Options{Vectorize: true, Vector: vec, Sched: scheduler.Config{Parallel: true}}},
		{"parallel", Options{Sched: scheduler.Config{Parallel: true}}},
	}
	// Plain mode runs each input under half of the flag sets, in turn
	// (input i with the sets j where i+j is even); TESSERA_LONG=1 runs
	// every pair.
	if !testutil.IsLong() {
		t.Log("plain mode runs each input under every other flag set, alternately; TESSERA_LONG=1 runs every pair")
	}
	for i, in := range stageInputs {
		for j, fs := range flagSets {
			if !testutil.Keep(i+j, 2) {
				continue
			}
			t.Run(in.name+"/"+fs.name, func(t *testing.T) {
				opt := fs.opt
				var ran []string
				opt.afterStage = func(stage string, c *candidate) error {
					ran = append(ran, stage)
					return stageVerifier(stage, c)
				}
				res := optimizeOne(t, in.name, in.src, opt)
				reg := res.Regions[0]
				if len(ran) == 0 || ran[len(ran)-1] != "emit" {
					t.Errorf("stages run: %v; want the table through emit", ran)
				}
				runs := 0
				for _, st := range reg.Times {
					if st.Stage == "scheduler" {
						runs++
					}
				}
				if runs > reg.models {
					t.Errorf("the scheduler ran %d times on %d model(s)", runs, reg.models)
				}
				if ok, w := deps.Check(reg.Tree.Flatten(), reg.Deps); !ok {
					t.Errorf("the chosen schedule violates %v", w)
				}
				if reg.choice == nil || reg.choice.win == nil || reg.choice.verdict == "" {
					t.Fatalf("no verdict")
				}
				chosen := 0
				for _, m := range reg.Remarks {
					if strings.HasPrefix(m, "chosen: ") {
						chosen++
					}
				}
				if chosen != 1 {
					t.Errorf("%d verdicts in the remarks, want 1", chosen)
				}
			})
		}
	}
}

// TestStageTableOrder: the table's order check refuses a stage whose
// needs no earlier stage gives, and a name used twice.
func TestStageTableOrder(t *testing.T) {
	if err := checkStageTable(stages); err != nil {
		t.Fatal(err)
	}
	swapped := append([]stage(nil), stages...)
	i, j := stageIndex("astgen"), stageIndex("vector")
	swapped[i], swapped[j] = swapped[j], swapped[i]
	if err := checkStageTable(swapped); err == nil {
		t.Error("vector before astgen was accepted")
	}
	twice := append(append([]stage(nil), stages...), stages[0])
	if err := checkStageTable(twice); err == nil {
		t.Error("a stage twice was accepted")
	}
}

// TestDump prints every dump stage of a region and of a region that kept
// its code.
func TestDump(t *testing.T) {
	src := stageInputs[0].src + `void g(int n, double A[n]) {
#pragma scop
  for (int i = 0; i < n; i++)
    A[i] = A[n - i - 1] + foo(i);
#pragma endscop
}
`
	res, err := Optimize("k.c", []byte(src), Options{})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"scop": "S0", "deps": "flow", "candidates": "chosen: new schedule", "schedule": "domain:", "ast": "for c0", "c": "for (",
	}
	for _, st := range DumpStages {
		var b strings.Builder
		if err := Dump(&b, res, st); err != nil {
			t.Fatalf("%s: %v", st, err)
		}
		out := b.String()
		if !strings.Contains(out, "# region 1 (k.c:2:1): "+st) || !strings.Contains(out, want[st]) {
			t.Errorf("--dump=%s lacks %q:\n%s", st, want[st], out)
		}
		if !strings.Contains(out, "# region 2") || !strings.Contains(out, "not produced") {
			t.Errorf("--dump=%s: region 2 (kept) not said so:\n%s", st, out)
		}
	}
	if err := Dump(&strings.Builder{}, res, "nope"); err == nil {
		t.Error("unknown stage accepted")
	}
}
