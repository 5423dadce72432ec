package astgen

import (
	"errors"
	"strings"
	"testing"

	"github.com/tessera-opt/tessera/ast"
	"github.com/tessera-opt/tessera/presburger"
	"github.com/tessera-opt/tessera/presburger/ints"
)

// TestEntryPointErrors checks astgen's public boundary: the generator's
// own failures (its budget) and the engine's come back as errors, while a
// panic that is neither (a bug, here raised by a hook) goes on instead of
// being turned into an error.
func TestEntryPointErrors(t *testing.T) {
	sched := mustUnionMap(t, "[n] -> { S[i, j] -> [i, j] : 0 <= i < n and 0 <= j <= i }")
	ctx := mustSet(t, "[n] -> { : n >= 0 }")

	if _, err := FromScheduleMap(sched, ctx, Options{}, Config{Budget: 1}); !errors.Is(err, ErrBudget) {
		t.Errorf("budget 1: err = %v, want ErrBudget", err)
	}

	engine := &presburger.Error{Kind: presburger.Overflow, Msg: "injected"}
	_, err := FromScheduleMap(sched, ctx, Options{}, Config{AtEachDomain: func(u *ast.User, _ DomainInfo) ast.Node {
		panic(engine)
	}})
	if !errors.Is(err, engine) {
		t.Errorf("engine error in a hook: err = %v, want the engine's error", err)
	}

	type bug struct{}
	func() {
		defer func() {
			if r := recover(); r != (bug{}) {
				t.Errorf("a bug's panic became %v, want it to go on", r)
			}
		}()
		_, err := FromScheduleMap(sched, ctx, Options{}, Config{AtEachDomain: func(u *ast.User, _ DomainInfo) ast.Node {
			panic(bug{})
		}})
		t.Errorf("no panic; err = %v", err)
	}()
}

// TestDomainInfoExprErrors checks that DomainInfo.Expr returns the
// generator's failure as an error: a function whose input is not the
// statement's instance.
func TestDomainInfoExprErrors(t *testing.T) {
	sched := mustUnionMap(t, "[n] -> { S[i] -> [i] : 0 <= i < n }")
	wrong, err := presburger.ParseMap("{ T[i, j] -> A[i] }")
	if err != nil {
		t.Fatal(err)
	}
	var exprErr error
	cfg := Config{AtEachDomain: func(u *ast.User, info DomainInfo) ast.Node {
		_, exprErr = info.Expr(wrong)
		return u
	}}
	if _, err := FromScheduleMap(sched, mustSet(t, "[n] -> { : }"), Options{}, cfg); err != nil {
		t.Fatal(err)
	}
	if exprErr == nil || !strings.Contains(exprErr.Error(), "astgen: function of 2 inputs") {
		t.Errorf("DomainInfo.Expr of a function of 2 inputs: err = %v", exprErr)
	}
}

// TestRecoverable checks which panic values an optional computation may
// take as "not shown": overflows and the engine giving up, not the
// generator's budget nor anything else.
func TestRecoverable(t *testing.T) {
	for _, c := range []struct {
		r    any
		want bool
	}{
		{genError{ErrOverflow}, true},
		{&ints.OverflowError{Op: "mul", A: 1 << 62, B: 4}, true},
		{&presburger.Error{Kind: presburger.Budget}, true},
		{genError{ErrBudget}, false},
		{genError{errors.New("astgen: other")}, false},
		{"index out of range", false},
	} {
		if got := recoverable(c.r); got != c.want {
			t.Errorf("recoverable(%v) = %v, want %v", c.r, got, c.want)
		}
	}
}
