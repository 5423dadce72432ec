package scop

import (
	"flag"
	"github.com/tessera-opt/tessera/internal/testutil"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tessera-opt/tessera/cfront"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// loadKernel parses one test kernel and models its regions.
func loadKernel(t *testing.T, path string) []*Scop {
	t.Helper()
	scops, _ := loadKernelFile(t, path)
	return scops
}

// loadKernelFile is loadKernel that also returns the parsed file.
func loadKernelFile(t *testing.T, path string) ([]*Scop, *cfront.File) {
	t.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	f, err := cfront.ParseFile(filepath.Base(path), src, cfront.Config{})
	if err != nil {
		t.Fatalf("cfront: %v", err)
	}
	if len(f.Regions) == 0 {
		t.Fatalf("%s: no region", path)
	}
	var out []*Scop
	for _, r := range f.Regions {
		s, err := FromRegion(f, r, Config{})
		if err != nil {
			t.Fatalf("%v", err)
		}
		out = append(out, s)
	}
	return out, f
}

// TestGoldenKernels models every kernel of testdata/kernels and compares
// the printed model with NAME.scop (go test -update rewrites them).
func TestGoldenKernels(t *testing.T) {
	files, _ := filepath.Glob("testdata/kernels/*.c")
	if len(files) == 0 {
		t.Fatal("no kernels")
	}
	for _, path := range files {
		name := strings.TrimSuffix(filepath.Base(path), ".c")
		t.Run(name, func(t *testing.T) {
			var b strings.Builder
			for _, s := range loadKernel(t, path) {
				if err := Print(&b, s); err != nil {
					t.Fatal(err)
				}
				if _, err := JSON(s); err != nil {
					t.Fatal(err)
				}
			}
			golden := strings.TrimSuffix(path, ".c") + ".scop"
			if *update {
				if err := os.WriteFile(golden, []byte(b.String()), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run go test -update)", err)
			}
			if !testutil.SameText(b.String(), string(want)) {
				t.Errorf("output differs from %s:\n%s", golden, b.String())
			}
		})
	}
}
