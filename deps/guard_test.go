package deps

import (
	"errors"
	"strings"
	"testing"

	"github.com/tessera-opt/tessera/presburger"
)

// TestCheckEngineError: a schedule on which the engine overflows int64 is
// reported as unproven (not legal, the engine's error as the witness),
// not as a panic.
func TestCheckEngineError(t *testing.T) {
	_, d := computeCached(t, "testdata/reverse.c", Config{})
	sched := presburger.MustParseUnionMap("[n] -> { S0[i] -> [0, floor((9223372036854775807 i + n)/9223372036854775806)]; S1[i] -> [1, 3 i] }")
	ok, w := CheckContext(sched, d, nil)
	var pe *presburger.Error
	if ok || w == nil || !errors.As(w.Err, &pe) {
		t.Fatalf("CheckContext = %v, %v; want not legal with an engine error", ok, w)
	}
	t.Logf("witness: %v", w)
}

// TestCheckBugPanics: a programmer error inside the check (a schedule
// whose tuple does not match the statement's, so that the engine panics
// on the space mismatch) goes on as a panic: the check must not turn a
// bug into "illegal".
func TestCheckBugPanics(t *testing.T) {
	_, d := computeCached(t, "testdata/reverse.c", Config{})
	sched := presburger.MustParseUnionMap("[n] -> { S0[i, j] -> [0, i]; S1[i, j] -> [1, i] }")
	defer func() {
		r := recover()
		if msg, _ := r.(string); !strings.HasPrefix(msg, "presburger: ") {
			t.Fatalf("panic %v, want the engine's space mismatch", r)
		}
	}()
	ok, w := CheckContext(sched, d, nil)
	t.Fatalf("CheckContext returned %v, %v instead of panicking", ok, w)
}
