package main

import (
	"io"
	"strings"
	"testing"

	"github.com/tessera-opt/tessera/presburger"
)

// TestRunRecoversPanic: a panic of a command reaches the terminal as one
// line naming an internal error, with status 1.
func TestRunRecoversPanic(t *testing.T) {
	t.Setenv("TESSERA_PANIC", "")
	commands["panic-test"] = command{"panics", func(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
		var m map[string]int
		m["x"] = 1 // a bug
		return 0
	}}
	defer delete(commands, "panic-test")
	var out, errb strings.Builder
	code := run([]string{"panic-test"}, strings.NewReader(""), &out, &errb)
	if code != 1 {
		t.Errorf("exit status %d, want 1", code)
	}
	msg := errb.String()
	if strings.Count(msg, "\n") != 1 || !strings.HasPrefix(msg, "tessera panic-test: internal error: assignment to entry in nil map") {
		t.Errorf("stderr %q, want one line naming the internal error", msg)
	}
}

// TestRunEngineError: an engine error that reaches the command line (no
// stage made it a diagnostic) is one error line with status 1, not an
// internal error.
func TestRunEngineError(t *testing.T) {
	t.Setenv("TESSERA_PANIC", "")
	commands["engine-test"] = command{"engine error", func(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
		panic(&presburger.Error{Kind: presburger.Budget, Msg: "too many steps"})
	}}
	defer delete(commands, "engine-test")
	var out, errb strings.Builder
	if code := run([]string{"engine-test"}, strings.NewReader(""), &out, &errb); code != 1 {
		t.Errorf("exit status %d, want 1", code)
	}
	if msg := errb.String(); msg != "tessera engine-test: error: presburger: budget exceeded: too many steps\n" {
		t.Errorf("stderr %q", msg)
	}
}
