package deps

import (
	"flag"
	"fmt"
	"github.com/tessera-opt/tessera/internal/testutil"
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
			if slowDataflow[name] && !long {
				t.Skip("slow with Dataflow: TESSERA_LONG=1 runs it")
			}
			var b strings.Builder
			for _, cfg := range []Config{{}, {Dataflow: true}} {
				_, d := computeCached(t, path, cfg)
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
			if !testutil.SameText(b.String(), string(want)) {
				t.Errorf("output differs from %s:\n%s", golden, b.String())
			}
		})
	}
}

// scopCache and depsCache keep the models and dependences of the test
// kernels across tests (tests run sequentially).
var (
	scopCache = map[string]*scop.Scop{}
	depsCache = map[string]*Deps{}
)

// computeCached is Compute for a test kernel, once per configuration.
func computeCached(t testing.TB, path string, cfg Config) (*scop.Scop, *Deps) {
	t.Helper()
	s := loadScop(t, path)
	k := path + fmt.Sprint(cfg)
	if d, ok := depsCache[k]; ok {
		return s, d
	}
	d, err := Compute(s, cfg)
	if err != nil {
		t.Fatal(err)
	}
	depsCache[k] = d
	return s, d
}

func loadScop(t testing.TB, path string) *scop.Scop {
	t.Helper()
	if s, ok := scopCache[path]; ok {
		return s
	}
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
	scopCache[path] = s
	return s
}
