package scheduler

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tessera-opt/tessera/presburger"
)

// countILPs returns the integer programs one Schedule call solves.
func countILPs(t *testing.T, name string, cfg Config) int {
	t.Helper()
	d := loadDeps(t, name)
	n := 0
	solveLexminHook = func(int, [][]int64, [][]int64) { n++ }
	defer func() { solveLexminHook = nil }()
	if _, err := Schedule(d, cfg); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return n
}

func TestBudgetCounts(t *testing.T) {
	for _, name := range []string{"gemm.c", "jacobi1d.c", "deriche_ym1.c", "symm_temp2.c", "reversed_loop.c", "negative_coef.c", "reduce.c"} {
		a := countILPs(t, name, Config{})
		b := countILPs(t, name, Config{Fuse: FuseNo, NoNegative: true})
		t.Logf("%s: %d ILPs (smart), %d (no fusion, no negative)", name, a, b)
	}
}

// TestBudgetExceeded: a search that runs over MaxILPs either falls back to
// the simpler search with a warning, or, when that runs over too, fails
// with a *BudgetError (the caller keeps the original schedule).
func TestBudgetExceeded(t *testing.T) {
	d := loadDeps(t, "gemm.c")
	_, err := Schedule(d, Config{MaxILPs: 1})
	var be *BudgetError
	if !errors.As(err, &be) {
		t.Fatalf("MaxILPs 1: err = %v, want a *BudgetError", err)
	}
	if !strings.Contains(err.Error(), "budget exceeded") {
		t.Errorf("message %q", err)
	}
}

// TestBudgetFallback: symm's temp2 example needs more integer programs
// with smart fusion (and the reversed-loop retries) than with the simpler
// search; with a bound between the two the simpler schedule is returned
// with a warning, and it is legal (Schedule checks it).
func TestBudgetFallback(t *testing.T) {
	smart := countILPs(t, "symm_temp2.c", Config{})
	simple := countILPs(t, "symm_temp2.c", Config{Fuse: FuseNo, NoNegative: true})
	if simple >= smart {
		t.Skipf("no bound separates the searches (%d, %d)", smart, simple)
	}
	d := loadDeps(t, "symm_temp2.c")
	res, err := Schedule(d, Config{MaxILPs: simple})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Warnings) != 1 || !strings.Contains(res.Warnings[0], "fell back") {
		t.Fatalf("warnings %q", res.Warnings)
	}
}

// TestBudgetSuite (TESSERA_SUITE=1) schedules every kernel of the bench
// suite and checks that none comes near the default MaxILPs.
func TestBudgetSuite(t *testing.T) {
	if os.Getenv("TESSERA_SUITE") == "" {
		t.Skip("set TESSERA_SUITE=1")
	}
	files, _ := filepath.Glob("../bench/kernels/*.c")
	for _, f := range files {
		if strings.HasSuffix(f, ".tessera.c") {
			continue
		}
		n := countILPs(t, filepath.Join("..", f), Config{})
		t.Logf("%s: %d ILPs", filepath.Base(f), n)
		if n > (Config{}).maxILPs()/4 {
			t.Errorf("%s: %d ILPs, within 4x of the default bound", f, n)
		}
	}
}

// TestScheduleCancelled: with Config.Cancel closed, Schedule solves no
// integer program and returns ErrCancelled (the caller keeps the
// original schedule).
func TestScheduleCancelled(t *testing.T) {
	d := loadDeps(t, "gemm.c")
	stop := make(chan struct{})
	close(stop)
	n := 0
	solveLexminHook = func(int, [][]int64, [][]int64) { n++ }
	defer func() { solveLexminHook = nil }()
	_, err := Schedule(d, Config{Cancel: stop})
	if !errors.Is(err, ErrCancelled) {
		t.Fatalf("err = %v, want ErrCancelled", err)
	}
	if n != 0 {
		t.Errorf("%d integer programs solved after the cancellation", n)
	}
}

// TestScheduleCancelledMidQuery: a Cancel closed while the search runs,
// after its check before an integer program (here: from inside the last
// program's solver hook, so that no check of the search comes after it),
// stops the engine's query in progress: Schedule returns ErrCancelled
// instead of a schedule, with no further integer program (the engine's
// query stops at its first budget check, before any work of its own).
func TestScheduleCancelledMidQuery(t *testing.T) {
	d := loadDeps(t, "gemm.c")
	k := countILPs(t, "gemm.c", Config{})
	stop := make(chan struct{})
	n := 0
	solveLexminHook = func(int, [][]int64, [][]int64) {
		n++
		if n == k {
			close(stop)
		}
	}
	defer func() { solveLexminHook = nil }()
	_, err := Schedule(d, Config{Cancel: stop})
	if !errors.Is(err, ErrCancelled) {
		t.Fatalf("err = %v, want ErrCancelled", err)
	}
	if n != k {
		t.Errorf("%d integer programs started (want %d)", n, k)
	}
}

// TestGuard: the scheduler's boundary turns its own limits and the
// engine's errors into errors, and lets a bug's panic go on.
func TestGuard(t *testing.T) {
	run := func(v any) (err error) {
		defer guard(&err)
		panic(v)
	}
	for _, c := range []struct {
		v    any
		want func(error) bool
	}{
		{&overflowError{"mul"}, func(err error) bool { var oe *overflowError; return errors.As(err, &oe) }},
		{&presburger.Error{Kind: presburger.Budget, Msg: "x"}, func(err error) bool {
			var pe *presburger.Error
			return errors.As(err, &pe) && pe.Kind == presburger.Budget
		}},
		{&presburger.Error{Kind: presburger.Cancelled, Msg: "x"}, func(err error) bool { return errors.Is(err, ErrCancelled) }},
	} {
		if err := run(c.v); !c.want(err) {
			t.Errorf("guard(%v) = %v", c.v, err)
		}
	}
	defer func() {
		if r := recover(); r != "bug" {
			t.Errorf("a bug's panic became %v, want it to go on", r)
		}
	}()
	_ = run("bug")
	t.Error("a bug's panic was swallowed")
}
