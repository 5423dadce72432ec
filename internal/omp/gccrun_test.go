package omp_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"testing"
)

// gccProgram compiles files with gcc and flags (then -lm) into dir/exe
// and returns the program's path. When gcc fails, the test is skipped if
// the flags ask for OpenMP (the machine may lack libgomp) and fails
// otherwise.
func gccProgram(t *testing.T, gcc, dir, exe string, flags []string, files ...string) string {
	t.Helper()
	bin := filepath.Join(dir, exe)
	args := append(slices.Clone(flags), files...)
	args = append(args, "-o", bin, "-lm")
	if b, err := exec.Command(gcc, args...).CombinedOutput(); err != nil {
		if slices.Contains(flags, "-fopenmp") {
			t.Skipf("gcc -fopenmp failed: %v\n%s", err, b)
		}
		t.Fatalf("gcc %s: %v\n%s", exe, err, b)
	}
	return bin
}

// runThreads runs bin with OMP_NUM_THREADS=threads and returns what it
// prints.
func runThreads(t *testing.T, bin string, threads int) string {
	t.Helper()
	cmd := exec.Command(bin)
	cmd.Env = append(os.Environ(), "OMP_NUM_THREADS="+strconv.Itoa(threads))
	b, err := cmd.Output()
	if err != nil {
		t.Fatalf("%s: %v", bin, err)
	}
	return string(b)
}

// writeFile writes text to dir/name and returns the path.
func writeFile(t *testing.T, dir, name string, text []byte) string {
	t.Helper()
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, text, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}
