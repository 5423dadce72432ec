package deps

import (
	"errors"
	"testing"
)

// TestComputeCancelled: with Config.Cancel closed, Compute computes no
// pair and returns ErrCancelled.
func TestComputeCancelled(t *testing.T) {
	s := loadScop(t, "testdata/lu.c")
	stop := make(chan struct{})
	close(stop)
	d, err := Compute(s, Config{Cancel: stop})
	if !errors.Is(err, ErrCancelled) || d != nil {
		t.Fatalf("Compute = %v, %v; want nil, ErrCancelled", d, err)
	}
	if d, err := Compute(s, Config{Cancel: make(chan struct{})}); err != nil || len(d.Deps) == 0 {
		t.Fatalf("open Cancel: %v, %v", d, err)
	}
}
