package astgen

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/tessera-opt/tessera/ast"
)

// TestGenTimes is a development aid for changes that must keep the
// generated code and its speed: with ASTGEN_GENTIME=FILE it generates
// every suite input (and those of ASTGEN_ISLREF_DIR) ASTGEN_GENTIME_REPS
// times (default 3), and writes to FILE, per input, the median CPU time
// of one generation and a hash of the printed code (or the error), then
// the total; two such files compare the code and the times before and
// after a change. CPU time, not wall time, so that a loaded machine
// changes little. With ASTGEN_GENTIME_OUT=DIR the printed code of each
// input is also written to DIR (one file per input, '/' in the name
// replaced by '_'), for diffs of the full outputs. Names carry the
// input's extension. ASTGEN_GENTIME_ONLY=S keeps the inputs whose name
// contains S (with -cpuprofile: the profile of one input).
func TestGenTimes(t *testing.T) {
	out := os.Getenv("ASTGEN_GENTIME")
	if out == "" {
		t.Skip("ASTGEN_GENTIME not set")
	}
	reps := 3
	if r := os.Getenv("ASTGEN_GENTIME_REPS"); r != "" {
		fmt.Sscan(r, &reps)
	}
	only := os.Getenv("ASTGEN_GENTIME_ONLY")
	var b strings.Builder
	var total time.Duration
	for _, c := range suiteDir(t) {
		// The name with its extension: a map input and a tree input may
		// share a base name.
		label := c.name + ".in"
		if c.tree {
			label = c.name + ".st"
		}
		if only != "" && !strings.Contains(label, only) {
			continue
		}
		in, err := parseSuite(c)
		if err != nil {
			fmt.Fprintf(&b, "%s\tparse error %v\n", label, err)
			continue
		}
		var times []time.Duration
		var code string
		for i := 0; i < reps; i++ {
			c0 := cpuTime()
			node, err := in.gen()
			times = append(times, cpuTime()-c0)
			if err != nil {
				code = "error: " + err.Error()
			} else {
				code = ast.PrintC(node)
			}
		}
		if dir := os.Getenv("ASTGEN_GENTIME_OUT"); dir != "" {
			name := strings.ReplaceAll(label, "/", "_") + ".c"
			if err := os.WriteFile(filepath.Join(dir, name), []byte(code), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		slices.Sort(times)
		med := times[len(times)/2]
		total += med
		fmt.Fprintf(&b, "%s\t%d\t%016x\n", label, med.Microseconds(), fnv64(code))
	}
	fmt.Fprintf(&b, "TOTAL\t%d\n", total.Microseconds())
	if err := os.WriteFile(out, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}

func fnv64(s string) uint64 {
	h := uint64(14695981039346656037)
	for i := 0; i < len(s); i++ {
		h = (h ^ uint64(s[i])) * 1099511628211
	}
	return h
}
