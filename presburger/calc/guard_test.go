package calc

import (
	"errors"
	"strings"
	"testing"

	pb "github.com/tessera-opt/tessera/presburger"
)

// TestEngineErrorIsPositioned: an engine error (here: the count of an
// unbounded set, the optimum of an unbounded one) is a positioned error
// of the statement, not a panic.
func TestEngineErrorIsPositioned(t *testing.T) {
	for _, src := range []string{"card { [i] : i >= 0 };", "lexmin { [i] : i <= 0 };"} {
		var out strings.Builder
		err := Run(strings.NewReader(src), &out, "t")
		var e *Error
		if !errors.As(err, &e) || e.Line != 1 || !strings.Contains(e.Msg, "presburger: ") {
			t.Errorf("%s: err = %v, want a positioned engine error", src, err)
		}
	}
	evalHook = func() { panic(&pb.Error{Kind: pb.Budget, Msg: "x"}) }
	defer func() { evalHook = nil }()
	var e *Error
	if err := Run(strings.NewReader("{ [i] };"), &strings.Builder{}, "t"); !errors.As(err, &e) || !strings.Contains(e.Msg, "budget") {
		t.Errorf("injected budget error: err = %v", err)
	}
}

// TestEvalBugPanics: a panic that is neither the calculator's own error
// nor the engine's (a bug) goes on instead of becoming a message.
func TestEvalBugPanics(t *testing.T) {
	evalHook = func() { panic("bug") }
	defer func() { evalHook = nil }()
	defer func() {
		if r := recover(); r != "bug" {
			t.Fatalf("panic %v, want the bug's", r)
		}
	}()
	Run(strings.NewReader("{ [i] };"), &strings.Builder{}, "t")
	t.Fatal("no panic")
}
