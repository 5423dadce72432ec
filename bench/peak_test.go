package bench

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

// TestPeak builds and runs the FMA-throughput loop for a few iterations:
// it reports the vector width the compiler chose, the chain count and a
// positive rate.
func TestPeak(t *testing.T) {
	needGCC(t)
	p := MeasurePeak(context.Background(), "gcc", t.TempDir(), 100000, 1)
	if p.Status != StatusOK {
		t.Fatalf("peak: %+v", p)
	}
	if p.Lanes < 2 || (p.Chains != 12 && p.Chains != 24) || p.Bytes != 8*p.Lanes || p.GFlops <= 0 || p.Iters != 100000 || p.CPUGFlops <= 0 {
		t.Errorf("peak %+v", p)
	}
	if s := p.String(); !strings.Contains(s, "GFLOP/s per core") || !strings.Contains(s, "-march=native") {
		t.Errorf("String() = %q", s)
	}
	if bad := MeasurePeak(context.Background(), "no-such-compiler-tessera", t.TempDir(), 10, 1); bad.Status != StatusSkipped {
		t.Errorf("missing compiler gave %+v; want %s", bad, StatusSkipped)
	}
}

// TestRooflineFractions: each entry as a fraction of the peak and of
// OpenBLAS, and "-" where one is missing.
func TestRooflineFractions(t *testing.T) {
	rl := &Roofline{NI: 2, NJ: 2, NK: 2, Peak: &Peak{Status: StatusOK, FMA: true, GFlops: 100, Lanes: 8, Chains: 24, Compiler: "gcc -O3 -march=native"},
		Entries: []RooflineEntry{
			{Name: "baseline", Status: StatusOK, GFlops: 20},
			{Name: "vec", Status: StatusOK, GFlops: 80},
			{Name: "broken", Status: StatusRunFail},
			{Name: "openblas", Status: StatusOK, GFlops: 50},
		}}
	rl.fractions()
	want := []struct{ peak, blas float64 }{{0.2, 0.4}, {0.8, 1.6}, {0, 0}, {0.5, 1}}
	for i, w := range want {
		if e := rl.Entries[i]; e.OfPeak != w.peak || e.OfBLAS != w.blas {
			t.Errorf("%s: of peak %v, of openblas %v; want %v, %v", e.Name, e.OfPeak, e.OfBLAS, w.peak, w.blas)
		}
	}
	var b bytes.Buffer
	rl.WriteText(&b)
	for _, s := range []string{"of peak", "80.0%", "160.0%", "FMA peak (gcc -O3 -march=native, 8 x double, 24 chains): 100.00 GFLOP/s per core"} {
		if !strings.Contains(b.String(), s) {
			t.Errorf("text lacks %q:\n%s", s, b.String())
		}
	}
}
