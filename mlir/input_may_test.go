package mlir

import (
	"os"
	"strings"
	"testing"

	"github.com/tessera-opt/tessera/pipeline"
	"github.com/tessera-opt/tessera/scheduler"
)

// mayInputs are the inputs whose nests load and store through indices
// computed from other loads: the model takes those for may accesses.
var mayInputs = []string{"testdata/in/indirect.mlir", "testdata/in/opaque_load.mlir"}

// TestInputMayAccesses checks that a memref.load or memref.store whose
// index is not an affine map of the loop variables (it comes from a load
// through arith.index_cast) no longer keeps its nest as written: every
// nest is raised and rewritten, the statement's may accesses written back
// as memref.load/memref.store with the computed index, and no warning.
func TestInputMayAccesses(t *testing.T) {
	for _, file := range mayInputs {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		for _, par := range []bool{false, true} {
			res, err := OptimizeFile(file, src, pipeline.Options{Sched: scheduler.Config{Parallel: par}})
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Diags) > 0 || res.Rewritten != res.Nests {
				t.Errorf("%s (parallel %v): %d of %d nests rewritten, diagnostics %v", file, par, res.Rewritten, res.Nests, res.Diags)
			}
			if !strings.Contains(string(res.Output), "memref.load %a_") {
				t.Errorf("%s: no memref.load of a computed index in\n%s", file, res.Output)
			}
			if !strings.Contains(string(res.C), "[(long)") && !strings.Contains(string(res.C), "((long)") {
				t.Errorf("%s: the raised C has no index computed from a load:\n%s", file, res.C)
			}
		}
	}
}

// TestInputMayDifferential runs the differential test of the input path
// on every input with may accesses (TestInputDifferential samples all
// inputs): lowered with mlir-opt, the optimized module computes what the
// original computes, with index arrays whose values repeat.
func TestInputMayDifferential(t *testing.T) {
	inDifferential(t, mayInputs)
}
