package cfront

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// BenchmarkParseFile parses testdata/bench/polybench300.c (~300 lines, 11
// kernels in pragma regions) with file scanning and region parsing.
func BenchmarkParseFile(b *testing.B) {
	path := filepath.Join("testdata", "bench", "polybench300.c")
	src, err := os.ReadFile(path)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	cpu0 := cpuTime()
	n := 0
	for b.Loop() {
		f, err := ParseFile(path, src, Config{})
		if err != nil || len(f.Regions) != 11 {
			b.Fatalf("%v, %d regions", err, len(f.Regions))
		}
		n++
	}
	// On a shared machine wall time per op says little; the process's
	// CPU time (GC included) per op is the figure to compare.
	b.ReportMetric(float64(cpuTime()-cpu0)/float64(n), "cpu-ns/op")
}

// cpuTime is the user+system CPU time of the process in nanoseconds.
func cpuTime() int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return syscall.TimevalToNsec(ru.Utime) + syscall.TimevalToNsec(ru.Stime)
}

// BenchmarkParseFileAuto is the same with automatic detection on.
func BenchmarkParseFileAuto(b *testing.B) {
	path := filepath.Join("testdata", "bench", "polybench300.c")
	src, err := os.ReadFile(path)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		if _, err := ParseFile(path, src, Config{AutoScop: true}); err != nil {
			b.Fatal(err)
		}
	}
}

// TestBenchFile: the benchmark file parses cleanly, with every array typed.
func TestBenchFile(t *testing.T) {
	path := filepath.Join("testdata", "bench", "polybench300.c")
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	f, err := ParseFile(path, src, Config{AutoScop: true})
	if err != nil {
		t.Fatal(err)
	}
	if n := len(f.Regions); n != 12 { // 11 pragma regions + init_array's loop nest
		t.Fatalf("%d regions:\n%s", n, Dump(f))
	}
	for _, r := range f.Regions {
		for _, s := range r.Body {
			Walk(s, func(n Node) bool {
				if id, ok := n.(*Ident); ok {
					if v := f.Lookup(r, id.Name); v != nil && v.Elem == "" {
						t.Errorf("%s: %s has no element type", id.At, id.Name)
					}
				}
				return true
			})
		}
	}
}
