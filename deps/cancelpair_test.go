package deps

import (
	"testing"

	"github.com/tessera-opt/tessera/presburger"
	"github.com/tessera-opt/tessera/scop"
)

// TestPairCancelled: the engine's questions of one pair of accesses run
// under Config.Cancel: with the channel closed, the pair in progress
// stops with the engine's cancellation (Compute's boundary turns it into
// ErrCancelled), while an open channel computes the same dependence as
// no channel.
func TestPairCancelled(t *testing.T) {
	s := loadScop(t, "testdata/lu.c")
	var w, r *scop.Statement
	wi, ri := -1, -1
	for _, st := range s.Statements {
		for k, a := range st.Accesses {
			if a.Kind == scop.Write && w == nil {
				w, wi = st, k
			}
		}
	}
	for _, st := range s.Statements {
		for k, a := range st.Accesses {
			if a.Kind == scop.Read && a.Array == w.Accesses[wi].Array && r == nil {
				r, ri = st, k
			}
		}
	}
	if r == nil {
		t.Fatal("no read of the first written array")
	}
	c := newComputer(s)
	want := c.pair(Flow, w, wi, r, ri)
	c.engine = engine{presburger.Query{Cancel: make(chan struct{})}}
	if got := c.pair(Flow, w, wi, r, ri); (got == nil) != (want == nil) || got != nil && !got.Rel.IsEqual(want.Rel) {
		t.Fatalf("open channel: %v, want %v", got, want)
	}
	stop := make(chan struct{})
	close(stop)
	c.engine = engine{presburger.Query{Cancel: stop}}
	var err error
	func() {
		defer presburger.Recover(&err)
		c.pair(Flow, w, wi, r, ri)
	}()
	if !presburger.IsCancelled(err) {
		t.Fatalf("closed channel: err = %v, want the engine's cancellation", err)
	}
}

// TestCheckCancelled: the legality check's searches run under the Deps'
// Config.Cancel: once it is closed, a check that must search (here: for
// the violation of a reversed loop) is unproven, the cancellation as its
// witness's error, instead of running on.
func TestCheckCancelled(t *testing.T) {
	s, d := computeCached(t, "testdata/reverse.c", Config{})
	open := *d
	open.checked, open.Config.Cancel = nil, make(chan struct{})
	if ok, w := CheckContext(s.FlatSchedule, &open, nil); !ok {
		t.Fatalf("the original schedule with an open channel: %v", w)
	}
	stop := make(chan struct{})
	close(stop)
	closed := open
	closed.Config.Cancel = stop
	reversed := presburger.MustParseUnionMap("[n] -> { S0[i] -> [0, i]; S1[i] -> [1, i] }")
	ok, w := CheckContext(reversed, &closed, nil)
	if ok || w == nil || !presburger.IsCancelled(w.Err) {
		t.Fatalf("closed channel: %v, %v; want unproven with the cancellation", ok, w)
	}
}
