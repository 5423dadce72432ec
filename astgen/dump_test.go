package astgen

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/tessera-opt/tessera/ast"
)

// TestSuiteDump (ASTGEN_DUMP=dir) writes the generated C of every suite
// input (with those of ASTGEN_ISLREF_DIR when set) to dir (one file per input, '/' in names replaced by '_') and the
// generation time to stderr: the record that a change meant to speed up
// the generator keeps its output byte-identical.
func TestSuiteDump(t *testing.T) {
	dir := os.Getenv("ASTGEN_DUMP")
	if dir == "" {
		t.Skip("ASTGEN_DUMP not set")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	var total time.Duration
	for _, c := range suiteDir(t) {
		in, err := parseSuite(c)
		out := ""
		if err != nil {
			out = "parse error: " + err.Error()
		} else {
			start := time.Now()
			node, err := in.gen()
			total += time.Since(start)
			if err != nil {
				out = "error: " + err.Error()
			} else {
				out = ast.PrintC(node)
			}
		}
		name := strings.ReplaceAll(c.name, "/", "_") + ".c"
		if err := os.WriteFile(filepath.Join(dir, name), []byte(out), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Logf("total generation time %v", total)
}
