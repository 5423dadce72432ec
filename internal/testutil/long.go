package testutil

import (
	"os"
	"testing"
)

// LongEnv is the environment variable that turns on the long test
// campaigns; .ci/run sets it for the packages that have them.
const LongEnv = "TESSERA_LONG"

// IsLong reports whether the long campaigns are on (TESSERA_LONG set to
// anything but the empty string).
func IsLong() bool { return os.Getenv(LongEnv) != "" }

// Long skips t in plain mode with a message naming what it is and how to
// run it, so that `go test -v` lists the skip.
func Long(t testing.TB, what string) {
	t.Helper()
	if !IsLong() {
		t.Skip(what + ": set TESSERA_LONG=1 to run it")
	}
}

// Sample returns the cases to run: all of them under TESSERA_LONG, and in
// plain mode every k-th one starting from the first (deterministic, so a
// failure reproduces), logging how many of them run. k <= 1 keeps every
// case.
func Sample[T any](t testing.TB, cases []T, k int) []T {
	t.Helper()
	if IsLong() || k <= 1 {
		return cases
	}
	var out []T
	for i := 0; i < len(cases); i += k {
		out = append(out, cases[i])
	}
	t.Logf("plain mode runs %d of %d cases (one in %d); TESSERA_LONG=1 runs them all", len(out), len(cases), k)
	return out
}

// Keep reports whether case i (counting from 0) runs: always under
// TESSERA_LONG, and every k-th case in plain mode, as Sample chooses.
func Keep(i, k int) bool {
	return IsLong() || k <= 1 || i%k == 0
}

// NoteSample logs, in plain mode only, which part of its cases t runs, so
// that `go test -v` shows that TESSERA_LONG=1 runs more.
func NoteSample(t testing.TB, what string) {
	t.Helper()
	if !IsLong() {
		t.Logf("plain mode runs %s; TESSERA_LONG=1 runs every case", what)
	}
}
