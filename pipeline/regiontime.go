package pipeline

import (
	"errors"
	"fmt"
	"time"

	"github.com/tessera-opt/tessera/cfront"
)

// The region time limit.
//
// A region's stages run in a worker goroutine; the caller watches the CPU
// time of the process. When the region runs over its limit, the caller
// cancels the worker (Region.stop: every stage not yet started returns
// errCancelled; the model's construction stops before its next statement,
// scop.Config.Cancel; the scheduler's, the dependence analysis' and the
// AST generator's engine queries stop at their next budget check,
// scheduler.Config.Cancel, deps.Config.Cancel, astgen.Config.Cancel; the
// self-check before its next replay, enumeration or batch of dependence
// tests, package selfcheck) and waits for it to return, so that its work does
// not go on in the background and is not billed to the next region. An
// engine operation that has no budget check inside (an affine hull, a
// subtraction) finishes first. A worker that still runs after another
// limit's worth of time (at least minAwait) is
// abandoned.

// errCancelled is the error of the stages of a region that ran over its
// time limit.
var errCancelled = errors.New("cancelled: the region ran over its time limit")

// defaultRegionTimeout is the limit when Options.RegionTimeout is not set.
const defaultRegionTimeout = 120 * time.Second

// minAwait is the least time a cancelled worker is awaited: a stage
// without a cancellation point may take seconds to finish its step.
const minAwait = 30 * time.Second

// wallFactor bounds the wall time of a region at this many times its CPU
// time limit.
const wallFactor = 20

// regionClock measures a region's time from its start: the CPU time of
// the process, so that the outcome does not depend on how loaded the
// machine is (under load, the wall time of a region can be many times its
// CPU time), bounded by wall time at wallFactor times the
// limit, for a machine that cannot report CPU time or a stage that
// blocks.
type regionClock struct {
	limit time.Duration
	start time.Time
	cpu0  time.Duration
	cpuOK bool
}

func startClock(limit time.Duration) regionClock {
	c := regionClock{limit: limit, start: time.Now()}
	c.cpu0, c.cpuOK = processCPU()
	return c
}

// over reports whether the time used since the start passed the limit.
func (c regionClock) over() bool {
	used := time.Since(c.start)
	if c.cpuOK {
		if t, ok := processCPU(); ok && used < wallFactor*c.limit {
			used = t - c.cpu0
		}
	}
	return used > c.limit
}

// runRegionWithin runs runRegion with the region time limit. On timeout
// the region keeps its original text, and the worker is cancelled and
// awaited (see above).
func runRegionWithin(f *cfront.File, r *cfront.Region, reg *Region, opt Options, prefix string) (string, error) {
	limit := opt.RegionTimeout
	if limit <= 0 {
		limit = defaultRegionTimeout
	}
	type result struct {
		text string
		err  error
	}
	done := make(chan result, 1)
	stop := make(chan struct{})
	opt.Sched.Cancel = stop
	// The worker fills its own Region; we copy it back only when it
	// finishes in time, so that the worker never races with us.
	work := &Region{Region: r, Kept: true, stop: stop}
	go func() {
		t, err := runRegion(f, r, work, opt, prefix)
		done <- result{t, err}
	}()
	clock := startClock(limit)
	tick := time.NewTicker(50 * time.Millisecond)
	defer tick.Stop()
	timeout := func() (string, error) {
		reg.Remarks = append(reg.Remarks, fmt.Sprintf("gave up after %v", limit))
		return "", &timeoutError{limit}
	}
	for {
		select {
		case res := <-done:
			// Checked on completion too, so that a region over the
			// limit is kept whether or not it ended between two ticks:
			// the verdict depends on the CPU time used, not on when the
			// ticker fired.
			if !clock.over() {
				*reg = *work
				return res.text, res.err
			}
			reg.Times = work.Times
			return timeout()
		case <-tick.C:
			if !clock.over() {
				continue
			}
			close(stop)
			if awaitWorker(done, tick.C, startClock(max(limit, minAwait))) {
				// The stages the worker ran before it stopped.
				reg.Times = work.Times
			}
			return timeout()
		}
	}
}

// awaitWorker waits for a cancelled worker to return, at most until the
// clock runs over; it reports whether the worker returned.
func awaitWorker[T any](done <-chan T, tick <-chan time.Time, clock regionClock) bool {
	for {
		select {
		case <-done:
			return true
		case <-tick:
			if clock.over() {
				return false
			}
		}
	}
}

// timeoutError is runRegionWithin's verdict on a region over its time
// limit: like a scheduler over its budget, the region keeps its (correct)
// code, with a warning.
type timeoutError struct{ limit time.Duration }

func (e *timeoutError) Error() string {
	return fmt.Sprintf("region not optimized: the stages took longer than %v of CPU time (--region-timeout); the region is kept as it was", e.limit)
}
