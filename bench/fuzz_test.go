package bench

import (
	"strings"
	"testing"
)

// FuzzCompareOutputs: never panics; an output always matches itself, at
// any tolerance.
func FuzzCompareOutputs(f *testing.F) {
	f.Add("tessera-array A 3 full\n1 2 3\ntessera-end A\n", "tessera-array A 3 full\n1 2 3.5\ntessera-end A\n", 1e-9)
	f.Add("tessera-array A 100000 checksum\nsum 1\nabssum 2\nwsum 3\nsample 0 4\ntessera-end A\n", "x", 0.0)
	f.Add("tessera-end A\ntessera-array\n nan inf -0", "tessera-array A x full\n", 1e-6)
	fuzzCompare(f, CompareOutputs)
}

// fuzzCompare fuzzes a comparison of two program outputs (want, got,
// relative tolerance; "" when they match): it never panics, and an output
// always matches itself, at any tolerance.
func fuzzCompare(f *testing.F, compare func(want, got []byte, rtol float64) string) {
	f.Fuzz(func(t *testing.T, a, b string, rtol float64) {
		if rtol < 0 || rtol != rtol {
			rtol = 1e-9
		}
		_ = compare([]byte(a), []byte(b), rtol)
		if msg := compare([]byte(a), []byte(a), rtol); msg != "" {
			t.Errorf("output differs from itself: %s", msg)
		}
	})
}

// FuzzEvalExpr: never panics on any formula.
func FuzzEvalExpr(f *testing.F) {
	for _, k := range Manifest {
		f.Add(k.Flops)
	}
	f.Add("((N")
	f.Add("-(-(-N))/0")
	f.Fuzz(func(t *testing.T, s string) {
		_, _ = evalExpr(s, map[string]int64{"N": 3, "M": 4, "NI": 5, "TSTEPS": 2})
	})
}

// FuzzParseFlow: never panics; a parsed flow has a valid name.
func FuzzParseFlow(f *testing.F) {
	for _, s := range []string{"tile", "vec=tessera:--vectorize", "polly=clang -O3", "=", "a=", "x=tessera:", "baseline"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		fl, err := ParseFlow(s)
		if err == nil && !validFlowName(fl.Name) {
			t.Errorf("ParseFlow(%q) gave invalid name %q", s, fl.Name)
		}
		if err == nil && fl.Kind == External && len(strings.Fields(fl.Compiler)) == 0 {
			t.Errorf("ParseFlow(%q) gave an empty compiler", s)
		}
	})
}

// FuzzParseSizes: never panics; sizes come back only with no error. The
// seeds are in both forms parseSizes reads: our kernels' and PolyBench's
// headers'.
func FuzzParseSizes(f *testing.F) {
	src, _ := KernelSource("gemm")
	f.Add(string(src), "LARGE")
	f.Add("#if defined(MINI_DATASET)\n#define N x\n#endif\n", "MINI")
	f.Add(fakeKernelH("G_H", 6, 30), "MINI")
	f.Add("#  ifdef MINI_DATASET\n#   ifdef X\n#   endif\n#   define N 1\n#endif\n#endif\n", "MINI")
	f.Add("#\n# ifdef _DATASET\n# define A 99999999999999999999\n", "")
	f.Fuzz(func(t *testing.T, src, ds string) {
		s, err := parseSizes(src, ds)
		if (err == nil) != (len(s) > 0) {
			t.Errorf("sizes %v with error %v", s, err)
		}
	})
}
