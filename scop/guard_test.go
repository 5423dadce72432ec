package scop

import (
	"testing"

	"github.com/tessera-opt/tessera/presburger"
)

// withEngineHook runs f with engineHook set to panic with v.
func withEngineHook(v any, f func()) {
	engineHook = func() { panic(v) }
	defer func() { engineHook = nil }()
	f()
}

// panicOf runs f and returns what it panicked with (nil: it returned).
func panicOf(f func()) (r any) {
	defer func() { r = recover() }()
	f()
	return nil
}

func testAccess(t *testing.T) *Access {
	m, err := presburger.ParseMap("[n] -> { S[i] -> A[i + 1] : 0 <= i < n }")
	if err != nil {
		t.Fatal(err)
	}
	return &Access{Rel: m}
}

// TestCoefficientsEngineError: an engine error while reading an access
// (budget, overflow) makes it not affine, without a panic; the overflow
// of a real input too.
func TestCoefficientsEngineError(t *testing.T) {
	a := testAccess(t)
	if rows, ok := a.Coefficients(); !ok || len(rows) != 1 || rows[0][0] != 1 {
		t.Fatalf("Coefficients = %v, %v", rows, ok)
	}
	for _, v := range []any{&presburger.Error{Kind: presburger.Budget, Msg: "x"}, &presburger.Error{Kind: presburger.Overflow, Msg: "x"}} {
		withEngineHook(v, func() {
			var ok bool
			if r := panicOf(func() { _, ok = a.Coefficients() }); r != nil || ok {
				t.Errorf("engine error %v: panic %v, ok %v; want not affine", v, r, ok)
			}
		})
	}
	m, err := presburger.ParseMap("{ S[i] -> A[floor((9223372036854775807 i + 5)/9223372036854775806)] : 0 <= i <= 10 }")
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := (&Access{Rel: m}).Coefficients(); ok {
		t.Errorf("an access whose lexmin overflows is affine")
	}
}

// TestCoefficientsBugPanics: a panic that is not an engine error (a bug)
// goes on through Coefficients instead of making the access "not affine".
func TestCoefficientsBugPanics(t *testing.T) {
	a := testAccess(t)
	withEngineHook("bug", func() {
		if r := panicOf(func() { a.Coefficients() }); r != "bug" {
			t.Errorf("panic %v, want the bug's", r)
		}
	})
}

// TestSatisfiableGuard: when the engine fails on a condition, it counts as
// satisfiable (keeping a piece is exact); a bug's panic and the builder's
// own overflow go on.
func TestSatisfiableGuard(t *testing.T) {
	b := &builder{feasCache: map[string]bool{}}
	x := affVar("n")
	d := dnf{conj{geZero(x), geZero(x.neg().sub(affConst(1)))}} // n >= 0 and n <= -1
	if b.satisfiable(d) {
		t.Fatal("n >= 0 and n <= -1 is satisfiable")
	}
	withEngineHook(&presburger.Error{Kind: presburger.Budget, Msg: "x"}, func() {
		if !b.satisfiable(d) {
			t.Error("an engine error answered unsatisfiable")
		}
	})
	for _, v := range []any{"bug", overflowPanic{}} {
		withEngineHook(v, func() {
			if r := panicOf(func() { b.satisfiable(d) }); r != v {
				t.Errorf("panic %v, want %v to go on", r, v)
			}
		})
	}
}

// TestBuildBugPanics: Build turns its own overflow and engine errors into
// positioned errors (covered by the overflow tests) but a bug's panic
// goes on: here one injected where the builder asks the engine whether a
// condition holds.
func TestBuildBugPanics(t *testing.T) {
	src := `void f(int n, double A[100]) {
#pragma scop
  for (int i = 0; i < n; i++)
    A[i < 10 ? i : 10] = 0;
#pragma endscop
}`
	if _, err := modelFile(t, src); err != nil {
		t.Fatalf("without the hook: %v", err)
	}
	withEngineHook("bug", func() {
		if r := panicOf(func() { modelFile(t, src) }); r != "bug" {
			t.Errorf("panic %v, want the bug's", r)
		}
	})
}
