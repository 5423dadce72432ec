//go:build unix

package sys

import (
	"syscall"
	"time"
)

// cpuNow is the CPU time (user and system) the test process has used: the
// time bounds of tests are on it, not on the wall clock, so that they
// hold on a loaded machine.
func cpuNow() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
