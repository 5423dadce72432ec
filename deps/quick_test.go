package deps

import (
	"os"
	"testing"

	"github.com/tessera-opt/tessera/cfront"
	"github.com/tessera-opt/tessera/scop"
)

func loadScop(t testing.TB, path string) *scop.Scop {
	t.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	f, err := cfront.ParseFile(path, src, cfront.Config{})
	if err != nil {
		t.Fatal(err)
	}
	s, err := scop.FromRegion(f, f.Regions[0], scop.Config{})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestQuick(t *testing.T) {
	s := loadScop(t, "../scop/testdata/kernels/gemm.c")
	d, err := Compute(s, Config{})
	if err != nil {
		t.Fatal(err)
	}
	Print(os.Stdout, d)
}
