package directive

import (
	"errors"
	"testing"

	"github.com/tessera-opt/tessera/presburger"
	"github.com/tessera-opt/tessera/schedule"
)

// TestCheckMarksEngineError: an engine error while proving a parallel
// mark is a violation with the error as its witness, not a panic.
func TestCheckMarksEngineError(t *testing.T) {
	markHook = func() { panic(&presburger.Error{Kind: presburger.Overflow, Msg: "x"}) }
	defer func() { markHook = nil }()
	v := checkMarks(schedule.Tree{}, nil)
	var pe *presburger.Error
	if v == nil || v.Witness == nil || !errors.As(v.Witness.Err, &pe) {
		t.Fatalf("checkMarks = %v, want a violation with the engine's error", v)
	}
}

// TestCheckMarksBugPanics: a panic that is not an engine error goes on
// instead of becoming a violation.
func TestCheckMarksBugPanics(t *testing.T) {
	markHook = func() { panic("bug") }
	defer func() { markHook = nil }()
	defer func() {
		if r := recover(); r != "bug" {
			t.Fatalf("panic %v, want the bug's", r)
		}
	}()
	checkMarks(schedule.Tree{}, nil)
	t.Fatal("no panic")
}
