package astgen

import (
	"os"
	"syscall"
	"testing"
	"time"
)

// TestGenCPU reports the CPU time of generating the tiled stencils
// (ASTGEN_CPU=N runs each N times; development aid for measurements on a
// loaded machine, where wall-clock benchmarks are noisy).
func TestGenCPU(t *testing.T) {
	reps := os.Getenv("ASTGEN_CPU")
	if reps == "" {
		t.Skip("ASTGEN_CPU not set")
	}
	n := 0
	for _, c := range reps {
		n = n*10 + int(c-'0')
	}
	for _, c := range []struct{ name, yaml string }{
		{"fdtd-2d", tileSize(fdtd2dTree, "32")},
		{"seidel-2d", tileSize(seidel2dTree, "32")},
		{"heat-3d", tileSize(heat3dTree, "32")},
		{"heat-3d-B2", tileSize(heat3dTree, "2")},
	} {
		tr := mustTree(t, c.yaml)
		var times []time.Duration
		for i := 0; i < n; i++ {
			c0 := cpuTime()
			if _, err := Generate(tr, Config{}); err != nil {
				t.Fatal(err)
			}
			times = append(times, cpuTime()-c0)
		}
		t.Logf("%s: cpu %v", c.name, times)
	}
}

func cpuTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
