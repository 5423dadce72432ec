package progfuzz

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/tessera-opt/tessera/bench"
)

func envInt(t *testing.T, name string, def uint64) uint64 {
	s := os.Getenv(name)
	if s == "" {
		return def
	}
	v, err := strconv.ParseUint(s, 10, 64)
	if err != nil {
		t.Fatalf("%s=%q: %v", name, s, err)
	}
	return v
}

// tesseraBinary gives $PROGFUZZ_TESSERA or builds cmd/tessera once.
func tesseraBinary(t *testing.T) string {
	if b := os.Getenv("PROGFUZZ_TESSERA"); b != "" {
		return b
	}
	root, err := bench.FindModuleRoot()
	if err != nil {
		t.Skip(err)
	}
	bin, err := BuildTessera(root, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	return bin
}

// TestDifferential compiles and runs generated programs as written and
// after every flow of `tessera opt`, and compares the outputs. By default
// a few seeds; PROGFUZZ_N, PROGFUZZ_SEED (first seed), PROGFUZZ_J
// (programs at once) and PROGFUZZ_FLOWS (comma-separated flow names) for
// long runs.
func TestDifferential(t *testing.T) {
	if _, err := exec.LookPath("gcc"); err != nil {
		t.Skip("no gcc")
	}
	long := os.Getenv("PROGFUZZ_N") != ""
	n := envInt(t, "PROGFUZZ_N", 3)
	first := envInt(t, "PROGFUZZ_SEED", 1)
	jobs := int(envInt(t, "PROGFUZZ_J", 1))
	per := int(envInt(t, "PROGFUZZ_PER", 0))
	flows := DefaultFlows()
	quick := []Flow{flows[0], flows[2], flows[7]} // default, parallel, tile-sizes=3,5,7
	if !long {
		n = 3 // quick: three seeds, one flow each
		if testing.Short() {
			n = 1
		}
	}
	if only := os.Getenv("PROGFUZZ_FLOWS"); only != "" {
		var sel []Flow
		for _, f := range flows {
			if strings.Contains(","+only+",", ","+f.Name+",") {
				sel = append(sel, f)
			}
		}
		flows = sel
	}
	bin := tesseraBinary(t)
	dir := t.TempDir()
	if d := os.Getenv("PROGFUZZ_DIR"); d != "" {
		dir = d
	}
	var stats Stats
	seeds := make(chan uint64)
	var wg sync.WaitGroup
	var mu sync.Mutex
	for w := 0; w < max(jobs, 1); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for seed := range seeds {
				cfg := Config{Tessera: bin, Dir: dir, Flows: FlowsFor(seed, flows, per)}
				if !long {
					for i, q := range quickSeeds {
						if q == seed {
							cfg.Flows = []Flow{quick[i%len(quick)]}
						}
					}
				}
				p := Generate(seed)
				if long {
					cfg.Flows = WithFloat(p, cfg.Flows)
				}
				res, err := Check(context.Background(), cfg, p)
				if err != nil {
					mu.Lock()
					if errors.Is(err, ErrBaseline) {
						t.Errorf("generator bug, seed %d: %v\n%s", seed, err, p.Source)
					} else {
						t.Errorf("seed %d: %v", seed, err)
					}
					mu.Unlock()
					continue
				}
				stats.Add(res)
				if f := res.Failures(); len(f) > 0 {
					msg := ""
					for _, o := range f {
						msg += "\n  flow " + o.Flow + " (tessera opt " + strings.Join(flagsOf(flows, o.Flow), " ") + "): " + o.Kind + ": " + o.Detail
					}
					mu.Lock()
					t.Errorf("seed %d (files in %s/seed-%d):%s\nprogram:\n%s", seed, dir, seed, msg, p.Source)
					mu.Unlock()
				}
			}
		}()
	}
	if long {
		for s := first; s < first+n; s++ {
			seeds <- s
		}
	} else {
		for _, s := range quickSeeds[:n] {
			seeds <- s
		}
	}
	close(seeds)
	wg.Wait()
	var b strings.Builder
	stats.Print(&b)
	t.Log("\n" + b.String())
}

// quickSeeds are the programs of the quick run: ones tessera handles in
// well under a second, with parallel loops in seeds 1 and 12.
var quickSeeds = []uint64{1, 12, 5}

func flagsOf(flows []Flow, name string) []string {
	for _, f := range flows {
		if f.Name == name {
			return f.Flags
		}
	}
	return nil
}
