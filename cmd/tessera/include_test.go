package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestIncludeDirFlag: a kernel of the suite whose header sits in another
// directory, given by -I, gives the same output under opt, scop and deps
// as with the header beside it; -D and -U reach the front end's #if.
func TestIncludeDirFlag(t *testing.T) {
	dir := t.TempDir()
	for _, d := range []string{"side", "src", "inc"} {
		if err := os.MkdirAll(filepath.Join(dir, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	copyFile(t, "../../bench/kernels/gemm.c", filepath.Join(dir, "side", "gemm.c"))
	copyFile(t, "../../bench/kernels/tessera_bench.h", filepath.Join(dir, "side", "tessera_bench.h"))
	copyFile(t, "../../bench/kernels/gemm.c", filepath.Join(dir, "src", "gemm.c"))
	copyFile(t, "../../bench/kernels/tessera_bench.h", filepath.Join(dir, "inc", "tessera_bench.h"))
	side, inc := filepath.Join(dir, "side", "gemm.c"), filepath.Join(dir, "src", "gemm.c")
	for _, cmd := range [][]string{
		{"opt", "--target=avx2"},
		{"opt", "--target=avx2", "-DLARGE_DATASET"},
		{"scop"},
		{"deps", "-DMINI_DATASET"},
	} {
		want := runOut(t, append(append([]string{}, cmd...), side, "-o", "-"))
		// (scop names the file it reads.)
		got := strings.ReplaceAll(runOut(t, append(append([]string{}, cmd...), "-I", filepath.Join(dir, "inc"), inc, "-o", "-")), inc, side)
		if got != want {
			t.Errorf("%v: output with -I differs from the output with the header beside the file", cmd)
		}
		if cmd[0] == "opt" && !strings.Contains(got, "_mm256_fmadd_pd") {
			t.Errorf("%v: no vector kernel in the output", cmd)
		}
		joined := strings.ReplaceAll(runOut(t, append(append([]string{}, cmd...), "-I"+filepath.Join(dir, "inc"), inc, "-o", "-")), inc, side)
		if joined != want {
			t.Errorf("%v: output with -IDIR differs from -I DIR", cmd)
		}
	}
	// -D then -U of the same name leaves it undefined, as in a compiler.
	a := runOut(t, []string{"scop", side, "-DLARGE_DATASET", "-ULARGE_DATASET", "-DMINI_DATASET"})
	b := runOut(t, []string{"scop", side, "-DMINI_DATASET"})
	if a != b {
		t.Errorf("-D X -U X differs from no -D X")
	}
}

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	b, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(to, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// runOut runs tessera with args and returns its standard output; the
// status must be 0.
func runOut(t *testing.T, args []string) string {
	t.Helper()
	var stdout, stderr bytes.Buffer
	if code := run(args, nil, &stdout, &stderr); code != 0 {
		t.Fatalf("tessera %s: status %d\n%s", strings.Join(args, " "), code, stderr.String())
	}
	return stdout.String()
}
