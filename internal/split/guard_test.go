package split

import (
	"strings"
	"testing"

	"github.com/tessera-opt/tessera/presburger"
)

// TestSizeTempEngineError: an engine error while sizing a temporary
// leaves it unsized, with the reason, not a panic.
func TestSizeTempEngineError(t *testing.T) {
	sizeHook = func() { panic(&presburger.Error{Kind: presburger.Budget, Msg: "x"}) }
	defer func() { sizeHook = nil }()
	tmp, why := sizeTemp(nil, nil, nil, "t", nil, 0)
	if tmp != nil || !strings.Contains(why, "budget") {
		t.Fatalf("sizeTemp = %v, %q; want no temporary and the engine's reason", tmp, why)
	}
}

// TestSizeTempBugPanics: a panic that is not an engine error goes on.
func TestSizeTempBugPanics(t *testing.T) {
	sizeHook = func() { panic("bug") }
	defer func() { sizeHook = nil }()
	defer func() {
		if r := recover(); r != "bug" {
			t.Fatalf("panic %v, want the bug's", r)
		}
	}()
	sizeTemp(nil, nil, nil, "t", nil, 0)
	t.Fatal("no panic")
}
