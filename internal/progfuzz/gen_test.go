package progfuzz

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

func TestGenerateDeterministic(t *testing.T) {
	for seed := uint64(0); seed < 200; seed++ {
		a, b := Generate(seed), Generate(seed)
		if a.Source != b.Source {
			t.Fatalf("seed %d: two different programs", seed)
		}
	}
	if Generate(1).Source == Generate(2).Source {
		t.Fatal("seeds 1 and 2 give the same program")
	}
}

// TestDump writes programs to $PROGFUZZ_DUMP for inspection.
func TestDump(t *testing.T) {
	dir := os.Getenv("PROGFUZZ_DUMP")
	if dir == "" {
		t.Skip("set PROGFUZZ_DUMP=dir to write programs")
	}
	n := uint64(20)
	if v := os.Getenv("PROGFUZZ_DUMP_N"); v != "" {
		n, _ = strconv.ParseUint(v, 10, 64)
	}
	for seed := uint64(0); seed < n; seed++ {
		p := Generate(seed)
		name := filepath.Join(dir, "p"+strconv.FormatUint(seed, 10)+".c")
		if err := os.WriteFile(name, []byte(p.Source), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestWriteOne writes the program of seed $PROGFUZZ_ONE to $PROGFUZZ_OUT.
func TestWriteOne(t *testing.T) {
	s, out := os.Getenv("PROGFUZZ_ONE"), os.Getenv("PROGFUZZ_OUT")
	if s == "" || out == "" {
		t.Skip("set PROGFUZZ_ONE=seed PROGFUZZ_OUT=file.c")
	}
	seed, err := strconv.ParseUint(s, 10, 64)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(out, []byte(Generate(seed).Source), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestPolyBenchStyle checks the share of PolyBench-style programs and that
// their forms (int size parameters, _PB_ macros, VLA extents, DATA_TYPE
// chosen by the preprocessor, SCALAR_VAL, kernel-local temporaries, live
// scalars) all occur, and that some compile as C99 in both precisions
// (gcc -fsyntax-only -Werror for the warnings that mean invalid code).
func TestPolyBenchStyle(t *testing.T) {
	const n = 400
	forms := map[string]int{}
	var pbs []Program
	for seed := uint64(0); seed < n; seed++ {
		p := Generate(seed)
		if !strings.Contains(p.Source, "#ifdef DATA_TYPE_IS_FLOAT") {
			if isPB(seed) {
				t.Fatalf("seed %d: PolyBench style without the DATA_TYPE selection", seed)
			}
			continue
		}
		pbs = append(pbs, p)
		for _, part := range strings.Split(p.Source, "SCALAR_VAL(")[1:] {
			if arg, _, _ := strings.Cut(part, ")"); !strings.Contains(arg, ".") && arg != "x" {
				t.Errorf("seed %d: SCALAR_VAL(%s) pastes f onto an integer constant", p.Seed, arg)
			}
		}
		for _, f := range []string{"(int n", "#define _PB_N n", "[n]", "[n + ", "SCALAR_VAL(", "  DATA_TYPE w", "  DATA_TYPE temp", "  DATA_TYPE acc", "dump_t(\"out_"} {
			if strings.Contains(p.Source, f) {
				forms[f]++
			}
		}
	}
	if len(pbs) < n/4 || len(pbs) > n*3/5 {
		t.Errorf("%d PolyBench-style programs of %d, want about %.0f%%", len(pbs), n, pbShare*100)
	}
	for _, f := range []string{"(int n", "#define _PB_N n", "[n]", "[n + ", "SCALAR_VAL(", "  DATA_TYPE w", "  DATA_TYPE temp", "  DATA_TYPE acc", "dump_t(\"out_"} {
		if forms[f] == 0 {
			t.Errorf("no PolyBench-style program has %q", f)
		}
	}
	if _, err := exec.LookPath("gcc"); err != nil {
		return
	}
	dir := t.TempDir()
	for i, p := range pbs[:8] {
		file := filepath.Join(dir, "p"+strconv.Itoa(i)+".c")
		if err := os.WriteFile(file, []byte(p.Source), 0o644); err != nil {
			t.Fatal(err)
		}
		for _, d := range []string{"-DDATA_TYPE_IS_DOUBLE", "-DDATA_TYPE_IS_FLOAT"} {
			out, err := exec.Command("gcc", "-std=c99", "-fsyntax-only", "-Wall", "-Wno-unknown-pragmas", "-Wno-unused",
				"-Werror=incompatible-pointer-types", "-Werror=implicit-function-declaration", "-Werror=uninitialized", d, file).CombinedOutput()
			if err != nil {
				t.Errorf("seed %d %s: %v\n%s", p.Seed, d, err, out)
			}
		}
	}
}
