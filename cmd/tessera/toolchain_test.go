package main

import (
	"os"
	"os/exec"
	"testing"
)

// TestToolchain says in the plain output of `go test ./...`, which shows
// only failures, that the C compiler the compile-and-run tests need is
// missing: those tests skip without it, and a skip is printed only with
// -v. TESSERA_NO_GCC=1 acknowledges the missing compiler and lets the
// rest pass.
func TestToolchain(t *testing.T) {
	if _, err := exec.LookPath("gcc"); err == nil {
		return
	}
	if os.Getenv("TESSERA_NO_GCC") == "1" {
		t.Skip("gcc not found; TESSERA_NO_GCC=1: the compile-and-run tests skip")
	}
	t.Fatal("gcc not found: the tests that compile the original and the optimized programs and compare what they print skip without it " +
		"(README, Requirements). Install gcc with OpenMP, or set TESSERA_NO_GCC=1 to run the other tests alone.")
}
