package vector

import (
	"fmt"
	"os"
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
	// accepts the target's intrinsics (Intrinsics only): the kernels are
	// written as "#if Guard / kernel / #else / scalar nest / #endif", so
	// that the output also builds without -mavx2 -mfma (or
	// -march=native) and then runs the scalar code.
	Guard string
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
	{Name: "avx512", Bytes: 64, Regs: 32},
	{Name: "neon", Bytes: 16, Regs: 32},
	{Name: "generic", Bytes: 32, Regs: 16},
}

// KnownTargets lists the --target= names.
func KnownTargets() []string {
	var out []string
	for _, t := range targets {
		out = append(out, t.Name)
	}
	return out
}

// ParseTarget returns the target called name; "" means HostTarget().
func ParseTarget(name string) (Target, error) {
	if name == "" {
		return HostTarget(), nil
	}
	for _, t := range targets {
		if t.Name == name {
			return t, nil
		}
	}
	return Target{}, fmt.Errorf("vector: unknown target %q (known: %s)", name, strings.Join(KnownTargets(), ", "))
}

// HostTarget is avx2 when /proc/cpuinfo lists avx2 and fma, generic
// otherwise.
func HostTarget() Target {
	b, err := os.ReadFile("/proc/cpuinfo")
	if err == nil {
		s := string(b)
		if strings.Contains(s, " avx2") && strings.Contains(s, " fma") {
			t, _ := ParseTarget("avx2")
			return t
		}
	}
	t, _ := ParseTarget("generic")
	return t
}
