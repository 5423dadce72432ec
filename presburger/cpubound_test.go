package presburger

import "time"

// runCPUBounded runs f in a goroutine and waits until it returns or the
// process has used limit of CPU time since the call, whichever comes
// first; it reports whether f returned and the CPU time used. A loaded
// machine slows f's wall time but not its CPU time, so a bound on the
// latter does not fail for other processes' work. When the limit is
// reached f keeps running: the caller stops it (sys.Cancel) and waits on
// finished (waitCPU), or fails.
func runCPUBounded(limit time.Duration, f func()) (finished <-chan struct{}, done bool, used time.Duration) {
	ch := make(chan struct{})
	start := cpuNow()
	go func() {
		defer close(ch)
		f()
	}()
	done = waitCPU(ch, limit)
	return ch, done, cpuNow() - start
}

// waitCPU waits until ch is closed or the process has used limit of CPU
// time since the call (polled every 20 ms); it reports whether ch was
// closed.
func waitCPU(ch <-chan struct{}, limit time.Duration) bool {
	start := cpuNow()
	tick := time.NewTicker(20 * time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case <-ch:
			return true
		case <-tick.C:
			if cpuNow()-start > limit {
				return false
			}
		}
	}
}
