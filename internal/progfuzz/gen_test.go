package progfuzz

import (
	"os"
	"path/filepath"
	"strconv"
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
