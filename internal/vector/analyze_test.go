package vector

import (
	"strings"
	"testing"

	"github.com/tessera-opt/tessera/ast"
)

func TestLinCoef(t *testing.T) {
	i := ast.NewIdent("i")
	n := ast.NewIdent("n")
	for _, tc := range []struct {
		e    ast.Expr
		want int64
		ok   bool
	}{
		{ast.NewInt(3), 0, true},
		{i, 1, true},
		{n, 0, true},
		{ast.Add(i, n), 1, true},
		{ast.Sub(n, i), -1, true},
		{ast.Mul(ast.NewInt(4), i), 4, true},
		{ast.Add(ast.Mul(ast.NewInt(4), i), ast.Mul(i, ast.NewInt(3))), 7, true},
		{ast.Neg(i), -1, true},
		{ast.Mul(i, n), 0, false},
		{ast.FloorDiv(i, ast.NewInt(2)), 0, false},
		{ast.FloorDiv(n, ast.NewInt(2)), 0, true},
		{ast.Min(n, ast.NewIdent("m")), 0, true},
		{ast.Min(n, i), 0, false},
		{ast.Mul(ast.NewInt(1<<62), ast.Mul(ast.NewInt(4), i)), 0, false}, // overflow
	} {
		got, ok := linCoef(tc.e, "i")
		if ok != tc.ok || (ok && got != tc.want) {
			t.Errorf("linCoef(%s) = %d, %v; want %d, %v", tc.e, got, ok, tc.want, tc.ok)
		}
	}
}

func TestStrideClass(t *testing.T) {
	for _, tc := range []struct {
		d    []int64
		want int64
	}{
		{nil, 0}, {[]int64{0, 0}, 0}, {[]int64{0, 1}, 1}, {[]int64{1, 0}, StrideUnknown},
		{[]int64{0, 2}, StrideUnknown}, {[]int64{0, -1}, StrideUnknown},
	} {
		if got := strideClass(tc.d); got != tc.want {
			t.Errorf("strideClass(%v) = %d, want %d", tc.d, got, tc.want)
		}
	}
}

// TestCostModel checks the seed's ranking for C[i][j] += A[i][k]*B[k][j]
// with 4 lanes: j (broadcast A, load B) is cheapest, then k (reduction),
// then i (strided A and C).
func TestCostModel(t *testing.T) {
	const L = 4
	j := 1 + costOf(1, L, true) + costOf(0, L, false) + costOf(1, L, false)
	k := 1 + costOf(0, L, true) + costOf(1, L, false) + costOf(StrideUnknown, L, false)
	i := 1 + costOf(StrideUnknown, L, true) + costOf(StrideUnknown, L, false) + costOf(0, L, false)
	if !(j < k && k < i) {
		t.Errorf("costs i=%d j=%d k=%d; want j < k < i", i, j, k)
	}
}

func TestParseTarget(t *testing.T) {
	for _, n := range KnownTargets() {
		tg, err := ParseTarget(n)
		if err != nil || tg.Name != n || tg.Lanes("double")*8 != tg.Bytes {
			t.Errorf("ParseTarget(%q) = %+v, %v", n, tg, err)
		}
	}
	_, err := ParseTarget("altivec")
	if err == nil || !strings.Contains(err.Error(), "avx2, sse2, avx512, neon, generic") {
		t.Errorf("ParseTarget(altivec) error = %v; want the list of known targets", err)
	}
	if tg, _ := ParseTarget(""); tg.Name == "" {
		t.Errorf("ParseTarget(\"\") gave no host target")
	}
	if l := (Target{Bytes: 32}).Lanes("int"); l != 0 {
		t.Errorf("Lanes(int) = %d", l)
	}
}

// TestRegisterTile: the packed kernel's tile from the register file (16
// registers: 6 x 2, 32: 8 x 3), always within the registers.
func TestRegisterTile(t *testing.T) {
	for _, tc := range []struct{ regs, rows, mr, nv int }{
		{16, 0, 6, 2}, {32, 0, 8, 3}, {8, 0, 6, 1}, {16, 2, 2, 4}, {16, 7, 7, 1}, {32, 6, 6, 4}, {32, 8, 8, 3},
	} {
		mr, nv := registerTile(tc.regs, tc.rows)
		if mr != tc.mr || nv != tc.nv {
			t.Errorf("registerTile(%d, %d) = %d x %d; want %d x %d", tc.regs, tc.rows, mr, nv, tc.mr, tc.nv)
		}
	}
	for regs := 4; regs <= 64; regs++ {
		mr, nv := registerTile(regs, 0)
		if mr*nv+nv+1 > regs || mr > tileMaxRows || nv > tileMaxVecs {
			t.Errorf("registerTile(%d) = %d x %d does not fit", regs, mr, nv)
		}
	}
}

// TestTargetFor: the default target from injected host features, never
// from the machine that runs the test.
func TestTargetFor(t *testing.T) {
	x86 := func(flags string) Features {
		return ParseCPUInfo("amd64", "processor\t: 0\nflags\t\t: "+flags+"\n\nprocessor\t: 1\nflags\t\t: sse2\n")
	}
	for _, tc := range []struct {
		f         Features
		name, why string
	}{
		{x86("fpu sse2 avx fma avx2 avx512f avx512dq"), "avx512", "host supports AVX-512 (from /proc/cpuinfo)"},
		{x86("fpu sse2 avx fma avx2"), "avx2", "host supports AVX2 and FMA (from /proc/cpuinfo)"},
		{x86("fpu sse2 avx avx2"), "sse2", "host is amd64 without AVX2+FMA (from /proc/cpuinfo); SSE2 is in every amd64"},
		{Features{Arch: "amd64"}, "sse2", "host is amd64 without AVX2+FMA; SSE2 is in every amd64"},
		{ParseCPUInfo("arm64", "Features\t: fp asimd evtstrm\n"), "neon", "host is arm64, where Advanced SIMD (NEON) is mandatory"},
		{ParseCPUInfo("riscv64", "isa\t: rv64imafdc\n"), "generic", "no known vector ISA on riscv64"},
	} {
		got := TargetFor(tc.f)
		if got.Name != tc.name || got.Why != tc.why {
			t.Errorf("TargetFor(%v) = %s (%q); want %s (%q)", tc.f.Flags, got.Name, got.Why, tc.name, tc.why)
		}
		if want, _ := ParseTarget(tc.name); got.Regs != want.Regs || got.Bytes != want.Bytes || got.Guard != want.Guard {
			t.Errorf("TargetFor gave %+v; want the fields of %+v", got, want)
		}
	}
	if tg, err := ParseTarget("native"); err != nil || tg.Why == "" {
		t.Errorf("ParseTarget(native) = %+v, %v; want the host's target with a reason", tg, err)
	}
	if tg, _ := ParseTarget("avx512"); tg.Why != "" || tg.Guard != "defined(__AVX512F__)" {
		t.Errorf("explicit avx512 = %+v; want no reason and the AVX-512 guard", tg)
	}
}
