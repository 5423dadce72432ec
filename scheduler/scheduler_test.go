package scheduler

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/tessera-opt/tessera/cfront"
	"github.com/tessera-opt/tessera/deps"
	"github.com/tessera-opt/tessera/scop"
)

func loadDeps(t *testing.T, name string) *deps.Deps {
	t.Helper()
	path := filepath.Join("testdata", name)
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return sourceDeps(t, path, src)
}

// sourceDeps returns the dependences of the one region of the C source
// src (file name path).
func sourceDeps(t *testing.T, path string, src []byte) *deps.Deps {
	t.Helper()
	f, err := cfront.ParseFile(path, src, cfront.Config{})
	if err != nil {
		t.Fatal(err)
	}
	scops, errs := scop.FromFile(f, scop.Config{})
	for _, e := range errs {
		if e != nil {
			t.Fatal(e)
		}
	}
	if len(scops) != 1 {
		t.Fatalf("scop: %v (%d regions)", errs, len(scops))
	}
	d, err := deps.Compute(scops[0], deps.Config{})
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func TestScheduleKernels(t *testing.T) {
	for _, name := range []string{"gemm.c", "jacobi1d.c"} {
		t.Run(name, func(t *testing.T) {
			d := loadDeps(t, name)
			res, err := Schedule(d, Config{Parallel: true})
			if err != nil {
				t.Fatal(err)
			}
			for k, h := range res.Hyperplanes {
				t.Logf("S%d: %v", k, h)
			}
			for _, r := range res.Remarks {
				t.Log(r)
			}
			t.Log(res.Tree)
		})
	}
}
