package progfuzz

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestReduce reduces a program against a fake tessera that miscompiles
// every constant 0.0625 in the region: what is left must still contain
// one. It compiles a few dozen programs, so it runs only when
// PROGFUZZ_REDUCE is set.
func TestReduce(t *testing.T) {
	if os.Getenv("PROGFUZZ_REDUCE") == "" {
		t.Skip("set PROGFUZZ_REDUCE=1 (compiles a few dozen programs)")
	}
	if _, err := exec.LookPath("gcc"); err != nil {
		t.Skip("no gcc")
	}
	dir := t.TempDir()
	fake := filepath.Join(dir, "fake-tessera")
	script := "#!/bin/sh\nsed '/pragma scop/,/pragma endscop/s/0\\.0625/0.0626/g' \"$2\" > \"$4\"\n"
	if err := os.WriteFile(fake, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	var src string
	for seed := uint64(1); ; seed++ {
		src = Generate(seed).Source
		if strings.Count(src, "0.0625 *") >= 2 {
			break
		}
	}
	cfg := Config{Tessera: fake, Dir: dir}
	red, err := Reduce(context.Background(), cfg, src, Flow{Name: "fake"}, "wrong-output", t.Logf)
	if err != nil {
		t.Fatalf("%v\n%s", err, src)
	}
	s, e := scopLines(strings.Split(red, "\n"))
	body := strings.Split(red, "\n")[s+1 : e]
	n := 0
	for _, l := range body {
		if strings.HasSuffix(l, ";") {
			n++
		}
	}
	if n > 2 || !strings.Contains(strings.Join(body, "\n"), "0.0625") {
		t.Errorf("reduced region has %d statements:\n%s", n, strings.Join(body, "\n"))
	}
}
