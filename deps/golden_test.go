package deps

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tessera-opt/tessera/cfront"
	"github.com/tessera-opt/tessera/scop"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// TestGolden prints the dependences (memory-based, then with Dataflow) of
// every kernel and compares with testdata/golden/NAME.deps; isl objects
// are compared as sets, not as text (go test -update rewrites).
func TestGolden(t *testing.T) {
	for _, path := range kernels(t) {
		name := strings.TrimSuffix(filepath.Base(path), ".c")
		t.Run(name, func(t *testing.T) {
			s := loadScop(t, path)
			var b strings.Builder
			for _, cfg := range []Config{{}, {Dataflow: true}} {
				d, err := Compute(s, cfg)
				if err != nil {
					t.Fatal(err)
				}
				if err := Print(&b, d); err != nil {
					t.Fatal(err)
				}
				if _, err := JSON(d); err != nil {
					t.Fatal(err)
				}
			}
			golden := filepath.Join("testdata", "golden", name+".deps")
			if *update {
				os.MkdirAll(filepath.Dir(golden), 0o755)
				if err := os.WriteFile(golden, []byte(b.String()), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run go test -update)", err)
			}
			if !sameText(b.String(), string(want)) {
				t.Errorf("output differs from %s:\n%s", golden, b.String())
			}
		})
	}
}

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
