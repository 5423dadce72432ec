package explain

import (
	"slices"
	"testing"
)

// TestFoldLines: a recurring line is printed once, where it first appears,
// with its count; the others keep their order.
func TestFoldLines(t *testing.T) {
	got := foldLines([]string{"a", "b", "a", "c", "a", "b"})
	want := []string{"a (3 times)", "b (2 times)", "c"}
	if !slices.Equal(got, want) {
		t.Errorf("foldLines = %q, want %q", got, want)
	}
}
