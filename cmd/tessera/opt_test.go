package main

import (
	"testing"
)

// TestWithoutStack: the frames of a region's internal error stay off the
// terminal unless TESSERA_PANIC=1.
func TestWithoutStack(t *testing.T) {
	d := "f.c:3:1: error: scheduler: internal error (panic: boom); the region is kept as it was\ngoroutine 19 [running]:\nruntime/debug.Stack()"
	t.Setenv("TESSERA_PANIC", "")
	if got, want := withoutStack(d), "f.c:3:1: error: scheduler: internal error (panic: boom); the region is kept as it was"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	if plain := "f.c:1:1: note: two\nlines"; withoutStack(plain) != plain {
		t.Errorf("a diagnostic without a stack changed: %q", withoutStack(plain))
	}
	t.Setenv("TESSERA_PANIC", "1")
	if withoutStack(d) != d {
		t.Error("TESSERA_PANIC=1 should keep the frames")
	}
}
