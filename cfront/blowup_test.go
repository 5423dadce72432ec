package cfront

import (
	"testing"
	"time"
)

// TestMacroBlowup is the regression test of a fuzzer find: macros that
// mention each other several times made #if evaluation and type resolution
// exponential. Each macro is now expanded once per query.
func TestMacroBlowup(t *testing.T) {
	src := "#define A0 1\n"
	for i := 1; i < 40; i++ {
		src += "#define A" + itoa(i) + " A" + itoa(i-1) + " + A" + itoa(i-1) + " + A" + itoa(i-1) + "\n"
	}
	src += "#if A39\n#endif\n#define X X X X X X\n#define T X\nT x;\n#define D double\n#define E D\ntypedef E F;\nF y;\n"
	for i := 1; i < 40; i++ {
		src += "#define B" + itoa(i) + " B" + itoa(i-1) + " B" + itoa(i-1) + "\n"
	}
	src += "B39 z;\n"
	start := cpuNow()
	f, _ := ParseFile("b.c", []byte(src), Config{})
	if d := cpuNow() - start; d > time.Second {
		t.Fatalf("took %v of CPU time", d)
	}
	if v := f.Lookup(nil, "y"); v == nil || v.Elem != "double" {
		t.Fatalf("y = %+v", v)
	}
}
