package vector

import (
	"fmt"
	"os"
	"runtime"
	"strings"
)

// Target is a SIMD instruction set the vector code is written for.
type Target struct {
	// Name is the --target= spelling.
	Name string
	// Bytes is the width of one vector register in bytes.
	Bytes int
	// Intrinsics is true when the register-tiled kernel is written with
	// the target's intrinsics (only avx2 so far); otherwise it is written
	// with GCC's vector extensions of width Bytes.
	Intrinsics bool
	// Regs is the number of vector registers of the target.
	Regs int
	// Guard is the preprocessor condition under which the C compiler
	// generates the target's instructions: the register-tiled kernels are
	// written as "#if Guard / kernel / #else / scalar nest / #endif", so
	// that the output also builds without -mavx2 -mfma (or
	// -march=native) and then runs the scalar code. Empty for targets
	// whose kernels every compiler builds at full width (GCC vector
	// extensions of a width the baseline ISA has).
	Guard string
	// Why says how the target was chosen ("" for an explicit --target):
	// "host supports AVX-512 (from /proc/cpuinfo)".
	Why string
}

// Lanes is the number of elements of elemType ("double" or "float") in one
// vector; 0 for other types.
func (t Target) Lanes(elemType string) int {
	switch elemType {
	case "double":
		return t.Bytes / 8
	case "float":
		return t.Bytes / 4
	}
	return 0
}

var targets = []Target{
	{Name: "avx2", Bytes: 32, Intrinsics: true, Regs: 16, Guard: "defined(__AVX2__) && defined(__FMA__)"},
	{Name: "sse2", Bytes: 16, Regs: 16},
	{Name: "avx512", Bytes: 64, Regs: 32, Guard: "defined(__AVX512F__)"},
	{Name: "neon", Bytes: 16, Regs: 32},
	{Name: "generic", Bytes: 32, Regs: 16},
}

// KnownTargets lists the --target= names (besides "native", the host's).
func KnownTargets() []string {
	var out []string
	for _, t := range targets {
		out = append(out, t.Name)
	}
	return out
}

// ParseTarget returns the target called name; "" and "native" mean
// HostTarget().
func ParseTarget(name string) (Target, error) {
	if name == "" || name == "native" {
		return HostTarget(), nil
	}
	for _, t := range targets {
		if t.Name == name {
			return t, nil
		}
	}
	return Target{}, fmt.Errorf("vector: unknown target %q (known: native, %s)", name, strings.Join(KnownTargets(), ", "))
}

// Features is what is known of a CPU's instruction sets: GOARCH and the
// feature flags of /proc/cpuinfo ("avx512f", "avx2", "fma", "sse2",
// "asimd", ...), as a set.
type Features struct {
	Arch   string
	Flags  map[string]bool
	Source string // where the flags were read ("/proc/cpuinfo"), "" if nowhere
}

// HostFeatures reads the host's features: runtime.GOARCH and, on Linux,
// the "flags" (x86) or "Features" (arm) line of /proc/cpuinfo.
func HostFeatures() Features {
	f := Features{Arch: runtime.GOARCH}
	if b, err := os.ReadFile("/proc/cpuinfo"); err == nil {
		f = ParseCPUInfo(runtime.GOARCH, string(b))
	}
	return f
}

// ParseCPUInfo returns the features of the first processor listed in
// text, the contents of /proc/cpuinfo.
func ParseCPUInfo(arch, text string) Features {
	f := Features{Arch: arch, Flags: map[string]bool{}}
	for _, line := range strings.Split(text, "\n") {
		key, val, ok := strings.Cut(line, ":")
		if !ok {
			continue
		}
		key = strings.TrimSpace(key)
		if key != "flags" && key != "Features" {
			continue
		}
		for _, w := range strings.Fields(val) {
			f.Flags[w] = true
		}
		f.Source = "/proc/cpuinfo"
		break
	}
	return f
}

// TargetFor picks the widest target f runs, as -march=native picks the
// host's ISA: avx512 with AVX-512 Foundation (avx512f), avx2 with AVX2
// and FMA, sse2 on other amd64 (or 386 with sse2), neon on arm64 (where
// Advanced SIMD is mandatory), generic otherwise. Why says which and from
// where.
func TargetFor(f Features) Target {
	from := ""
	if f.Source != "" {
		from = " (from " + f.Source + ")"
	}
	pick := func(name, why string) Target {
		t, _ := ParseTarget(name)
		t.Why = why
		return t
	}
	switch {
	case (f.Arch == "amd64" || f.Arch == "386") && f.Flags["avx512f"]:
		return pick("avx512", "host supports AVX-512"+from)
	case (f.Arch == "amd64" || f.Arch == "386") && f.Flags["avx2"] && f.Flags["fma"]:
		return pick("avx2", "host supports AVX2 and FMA"+from)
	case f.Arch == "amd64":
		return pick("sse2", "host is amd64 without AVX2+FMA"+from+"; SSE2 is in every amd64")
	case f.Arch == "386" && f.Flags["sse2"]:
		return pick("sse2", "host supports SSE2"+from)
	case f.Arch == "arm64":
		return pick("neon", "host is arm64, where Advanced SIMD (NEON) is mandatory")
	}
	return pick("generic", "no known vector ISA on "+f.Arch+from)
}

// HostTarget is TargetFor(HostFeatures()).
func HostTarget() Target {
	return TargetFor(HostFeatures())
}

// HostRuns reports whether the host executes the instructions of the
// target called name when the C compiler is given -march=native (the
// tests that run compiled kernels ask this).
func HostRuns(name string) bool {
	f := HostFeatures()
	x86 := f.Arch == "amd64" || f.Arch == "386"
	switch name {
	case "avx512":
		return x86 && f.Flags["avx512f"]
	case "avx2":
		return x86 && f.Flags["avx2"] && f.Flags["fma"]
	case "sse2":
		return f.Arch == "amd64" || (f.Arch == "386" && f.Flags["sse2"])
	case "neon":
		return f.Arch == "arm64"
	case "generic":
		return true
	}
	return false
}
