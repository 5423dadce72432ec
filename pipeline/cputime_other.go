//go:build !unix

package pipeline

import "time"

// processCPU is not available here: the region limit falls back to wall
// time.
func processCPU() (time.Duration, bool) { return 0, false }
