package main

import (
	"slices"
	"testing"
)

// TestFoldRemarks: a recurring remark is printed once, where it first
// appears, with its count; the others keep their order.
func TestFoldRemarks(t *testing.T) {
	got := foldRemarks([]string{"a", "b", "a", "c", "a", "b"})
	want := []string{"a (3 times)", "b (2 times)", "c"}
	if !slices.Equal(got, want) {
		t.Errorf("foldRemarks = %q, want %q", got, want)
	}
}
