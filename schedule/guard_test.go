package schedule

import (
	"errors"
	"testing"

	"github.com/tessera-opt/tessera/presburger"
)

const guardYAML = "domain: \"[n] -> { S[i] : 0 <= i < n }\"\nchild:\n  schedule: \"[{ S[i] -> [(i)] }]\"\n"

// TestParseYAMLEngineError: an engine error while reading a tree is a
// schedule error, not a panic.
func TestParseYAMLEngineError(t *testing.T) {
	if _, err := ParseYAML(guardYAML); err != nil {
		t.Fatal(err)
	}
	parseHook = func() { panic(&presburger.Error{Kind: presburger.Overflow, Msg: "x"}) }
	defer func() { parseHook = nil }()
	_, err := ParseYAML(guardYAML)
	var se *Error
	if !errors.As(err, &se) {
		t.Fatalf("err = %v, want a *schedule.Error", err)
	}
}

// TestParseYAMLBugPanics: a panic that is not an engine error goes on.
func TestParseYAMLBugPanics(t *testing.T) {
	parseHook = func() { panic("bug") }
	defer func() { parseHook = nil }()
	defer func() {
		if r := recover(); r != "bug" {
			t.Fatalf("panic %v, want the bug's", r)
		}
	}()
	ParseYAML(guardYAML)
	t.Fatal("no panic")
}
