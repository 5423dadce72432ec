package pipeline

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// runC writes src to name.c in a fresh temporary directory, compiles it
// with gcc (the path found by exec.LookPath, which the caller checks
// first), the given flags and libm ("gcc flags... name.c -o name -lm"),
// runs it with OMP_NUM_THREADS=2 (two threads for OpenMP programs, no
// effect on the others) and returns what it prints on standard output.
// A compilation or run that fails ends the test.
func runC(t *testing.T, gcc, name, src string, flags ...string) string {
	t.Helper()
	dir := t.TempDir()
	c := filepath.Join(dir, name+".c")
	if err := os.WriteFile(c, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	exe := filepath.Join(dir, name)
	args := append(append([]string(nil), flags...), c, "-o", exe, "-lm")
	if b, err := exec.Command(gcc, args...).CombinedOutput(); err != nil {
		t.Fatalf("gcc %s: %v\n%s\n%s", name, err, b, src)
	}
	cmd := exec.Command(exe)
	cmd.Env = append(os.Environ(), "OMP_NUM_THREADS=2")
	b, err := cmd.Output()
	if err != nil {
		t.Fatalf("run %s: %v", name, err)
	}
	return string(b)
}

// optimizeOne runs Optimize on src (file k.c, one region) and returns the
// result; an error, or a region left as it was, ends the test with name.
func optimizeOne(t *testing.T, name, src string, opt Options) *Result {
	t.Helper()
	res, err := Optimize("k.c", []byte(src), opt)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if len(res.Regions) != 1 || res.Regions[0].Kept {
		t.Fatalf("%s: region kept: %v", name, res.Diags)
	}
	return res
}
