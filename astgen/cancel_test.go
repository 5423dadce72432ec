package astgen

import (
	"errors"
	"testing"
	"time"

	"github.com/tessera-opt/tessera/presburger"
)

// A closed Config.Cancel stops the generation before its first decision:
// with a budget of two decisions, an unchecked channel would end in
// ErrBudget (or in a complete AST), a checked one in ErrCancelled.
func TestCancelClosedBeforeStart(t *testing.T) {
	stop := make(chan struct{})
	close(stop)
	tr := mustTree(t, tileSize(heat3dTree, "32"))
	n, err := Generate(tr, Config{Cancel: stop, Budget: 2})
	if !errors.Is(err, ErrCancelled) {
		t.Fatalf("Generate with a closed Cancel: got %v, %v; want ErrCancelled", n, err)
	}
	in, err := ParseFlatInput("[n] -> { S[i, j] -> [i, j] : 0 <= i, j < n }\n[n] -> { : n >= 1 }\n{ }")
	if err != nil {
		t.Fatal(err)
	}
	opts, err := in.Options(0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := FromScheduleMap(in.Schedule, in.Context, opts, Config{Cancel: stop, Budget: 2}); !errors.Is(err, ErrCancelled) {
		t.Fatalf("FromScheduleMap with a closed Cancel: got %v; want ErrCancelled", err)
	}
}

// A generation cancelled from another goroutine stops within a few
// decisions of the close: at the 40th decision the generator hands over
// to a goroutine that closes the channel, waits for it, and must then make
// no further decision (quick pre-tests, which count none, may run until
// the next one).
func TestCancelFromGoroutine(t *testing.T) {
	const at = 40
	stop := make(chan struct{})
	req, done := make(chan struct{}), make(chan struct{})
	go func() {
		<-req
		close(stop)
		close(done)
	}()
	decisions, after := 0, -1
	old := debugDecide
	t.Cleanup(func() { debugDecide = old })
	debugDecide = func(time.Duration, bool) {
		decisions++
		if after >= 0 {
			after++
		}
		if decisions == at {
			close(req)
			<-done
			after = 0
		}
	}
	tr := mustTree(t, tileSize(heat3dTree, "32"))
	_, err := Generate(tr, Config{Cancel: stop})
	if !errors.Is(err, ErrCancelled) {
		t.Fatalf("got %v after %d decisions; want ErrCancelled", err, decisions)
	}
	if after < 0 {
		t.Fatalf("the generation ended after %d decisions, before the cancel", decisions)
	}
	// Engine queries in progress at the close (quickEmpty, quickSample)
	// are stopped at their next budget check; what remains is bounded
	// by the engine tests started before the next decision.
	if after > 4 {
		t.Errorf("%d engine tests ran after the cancel; want at most 4", after)
	}
}

// Cancelled engine queries are ErrCancelled too, not a give-up: the
// engine's global cancel (sys.Cancel, reached through presburger) makes
// every query fail, and the generator must not take the safe answer and
// go on.
func TestCancelledQueryIsNotGiveUp(t *testing.T) {
	stop := make(chan struct{})
	close(stop)
	g := newGen(Config{Cancel: stop}, []string{"n"})
	s, err := presburger.ParseSet("[n] -> { [i] : 0 <= i < n }")
	if err != nil {
		t.Fatal(err)
	}
	var got error
	func() {
		defer catch(&got)
		g.decide(func() bool { return g.emptyQ(s) })
	}()
	if !errors.Is(got, ErrCancelled) {
		t.Fatalf("decide on a cancelled query: %v; want ErrCancelled", got)
	}
	if g.undecided != 0 {
		t.Errorf("a cancelled query counted as a give-up (%d)", g.undecided)
	}
}
