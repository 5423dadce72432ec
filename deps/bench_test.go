package deps

import (
	"path/filepath"
	"strings"
	"testing"
)

// BenchmarkCompute times the dependence computation per kernel, memory-
// based and with Dataflow:
//
//	go test ./deps -run XXX -bench Compute
func BenchmarkCompute(b *testing.B) {
	for _, path := range kernels(b) {
		name := strings.TrimSuffix(filepath.Base(path), ".c")
		s := loadScop(b, path)
		for _, c := range []struct {
			name string
			cfg  Config
		}{{"memory", Config{}}, {"dataflow", Config{Dataflow: true}}} {
			b.Run(name+"/"+c.name, func(b *testing.B) {
				for i := 0; i < b.N; i++ {
					if _, err := Compute(s, c.cfg); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
