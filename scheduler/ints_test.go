package scheduler

import (
	"errors"
	"math"
	"testing"

	"github.com/tessera-opt/tessera/presburger"
	"github.com/tessera-opt/tessera/presburger/ints"
)

// TestRowArithmeticOverflow: the scheduler's row arithmetic is
// presburger/ints; an overflow in it reaches the package's boundary as an
// engine error of Kind Overflow, not as a wrong value or a bare panic.
func TestRowArithmeticOverflow(t *testing.T) {
	run := func() (err error) {
		defer guard(&err)
		_ = ints.Add(math.MaxInt64, ints.Mul(2, 3))
		return nil
	}
	err := run()
	var pe *presburger.Error
	if !errors.As(err, &pe) || pe.Kind != presburger.Overflow {
		t.Fatalf("err = %v, want an engine overflow error", err)
	}
}
