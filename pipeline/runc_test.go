package pipeline

import (
	"crypto/sha256"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// runCache holds what each program printed, by runKey: tests that compile
// the same program with the same flags (an original beside each flow's
// output, a flow whose output equals another's) compile and run it once
// per test binary.
var runCache sync.Map

// runKey identifies a compilation: the compiler, the flags, the source,
// and the files of every include directory named by the flags (a header
// may change between two compilations of the same source).
func runKey(gcc, src string, flags []string) string {
	h := sha256.New()
	h.Write([]byte(gcc + "\x00" + strings.Join(flags, "\x00") + "\x00" + src + "\x00"))
	for i, f := range flags {
		dir := ""
		switch {
		case f == "-I" && i+1 < len(flags):
			dir = flags[i+1]
		case strings.HasPrefix(f, "-I") && len(f) > 2:
			dir = f[2:]
		default:
			continue
		}
		ents, _ := os.ReadDir(dir)
		for _, e := range ents {
			if !e.Type().IsRegular() {
				continue
			}
			b, _ := os.ReadFile(filepath.Join(dir, e.Name()))
			h.Write([]byte(e.Name() + "\x00"))
			h.Write(b)
			h.Write([]byte{0})
		}
	}
	return string(h.Sum(nil))
}

// runC writes src to name.c in a fresh temporary directory, compiles it
// with gcc (the path found by exec.LookPath, which the caller checks
// first), the given flags and libm ("gcc flags... name.c -o name -lm"),
// runs it with OMP_NUM_THREADS=2 (two threads for OpenMP programs, no
// effect on the others) and returns what it prints on standard output.
// A compilation or run that fails ends the test. A program already
// compiled with the same flags (and headers) is not compiled again: its
// output is returned from runCache.
func runC(t *testing.T, gcc, name, src string, flags ...string) string {
	t.Helper()
	key := runKey(gcc, src, flags)
	if out, ok := runCache.Load(key); ok {
		return out.(string)
	}
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
	runCache.Store(key, string(b))
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
