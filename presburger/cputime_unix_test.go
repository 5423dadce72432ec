//go:build unix

package presburger

import (
	"syscall"
	"time"
)

// cpuNow is the CPU time (user and system) the test process has used:
// the time bounds of the tests are on it, not on the wall clock, so that
// they hold on a loaded machine. The tests of this package do not run in
// parallel, so the process's CPU time is that of the test running.
func cpuNow() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
