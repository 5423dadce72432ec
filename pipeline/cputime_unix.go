//go:build unix

package pipeline

import (
	"syscall"
	"time"
)

// processCPU is the CPU time (user + system) the process has used so far;
// ok is false when the system cannot tell.
func processCPU() (d time.Duration, ok bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}
