package layers

import (
	"fmt"
	"os/exec"
	"sort"
	"strings"
	"testing"
)

const module = "github.com/tessera-opt/tessera"

// layerTable lists the layers lowest first, with their packages (paths
// in the module; a trailing "/..." covers a folder and everything below
// it). It is the table of the package doc.
var layerTable = []struct {
	name string
	pkgs []string
}{
	{"arithmetic", []string{"presburger/ints"}},
	{"base", []string{"ast", "cfront", "internal/cli", "internal/ctext", "internal/ctoken", "internal/graph", "internal/hostcache", "internal/layers", "presburger/internal/ints", "presburger/internal/islref"}},
	{"engine internals", []string{"presburger/internal/sys"}},
	{"engine", []string{"presburger"}},
	{"engine users", []string{"presburger/calc", "schedule", "internal/testutil"}},
	{"model", []string{"scop"}},
	{"model analyses", []string{"deps", "internal/split", "openscop"}},
	{"model rewrites", []string{"internal/expand", "internal/multiversion", "internal/scoptest"}},
	{"scheduling", []string{"internal/directive", "scheduler"}},
	{"scheduling (composite)", []string{"internal/iss"}},
	{"AST generation", []string{"astgen"}},
	{"AST passes", []string{"internal/astopt", "internal/emit", "internal/selfcheck", "internal/vector"}},
	{"lowering", []string{"internal/aliascheck", "internal/ccguard", "internal/cdecl", "internal/csplit", "internal/fpcontract", "internal/liveout", "internal/omp", "internal/scalarize"}},
	{"lowering (composite)", []string{"internal/cexpand", "internal/outline", "internal/privatize", "internal/unsigned"}},
	{"reports", []string{"internal/explain"}},
	{"pipeline", []string{"pipeline"}},
	{"back ends", []string{"mlir"}},
	{"tools", []string{"bench"}},
	{"tools over tools", []string{"internal/progfuzz"}},
	{"commands", []string{"cmd/...", "bench/cmd/...", "internal/progfuzz/cmd/..."}},
}

// noCfront are the packages that must not import cfront directly: they
// work on sets, schedule trees and ASTs, never on C syntax.
var noCfront = []string{"presburger", "presburger/internal/sys", "presburger/internal/ints", "presburger/ints", "presburger/calc", "schedule", "scheduler", "astgen"}

// pipelineUsers are the only layers whose packages may import pipeline.
var pipelineUsers = map[string]bool{"back ends": true, "tools": true, "tools over tools": true, "commands": true}

// layerOf returns the index in layerTable of the layer of pkg (a path in
// the module), or -1.
func layerOf(pkg string) int {
	for i, l := range layerTable {
		for _, p := range l.pkgs {
			if p == pkg || strings.HasSuffix(p, "/...") && strings.HasPrefix(pkg, strings.TrimSuffix(p, "...")) {
				return i
			}
		}
	}
	return -1
}

// moduleImports returns, for every package of the module, its direct
// imports within the module (paths relative to the module).
func moduleImports(t *testing.T) map[string][]string {
	t.Helper()
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("go command not found")
	}
	out, err := exec.Command("go", "list", "-e", "-f", "{{.ImportPath}} {{join .Imports \" \"}}", module+"/...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	imports := map[string][]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Fields(line)
		if len(f) == 0 {
			continue
		}
		pkg := rel(f[0])
		imports[pkg] = nil
		for _, imp := range f[1:] {
			if strings.HasPrefix(imp, module+"/") {
				imports[pkg] = append(imports[pkg], rel(imp))
			}
		}
	}
	return imports
}

func rel(path string) string { return strings.TrimPrefix(strings.TrimPrefix(path, module), "/") }

// upward lists the imports of imports that do not point to a lower layer,
// and the packages in no layer.
func upward(imports map[string][]string) []string {
	var bad []string
	for pkg, imps := range imports {
		lp := layerOf(pkg)
		if lp < 0 {
			bad = append(bad, pkg+" is in no layer: add it to layerTable (internal/layers) and to the package doc")
			continue
		}
		for _, imp := range imps {
			li := layerOf(imp)
			if li >= lp {
				bad = append(bad, fmt.Sprintf("%s (layer %q) imports %s (layer %q): imports must point to lower layers", pkg, layerTable[lp].name, imp, layerTable[li].name))
			}
		}
	}
	sort.Strings(bad)
	return bad
}

// TestImportDirection checks that every package of the module is in the
// table and imports only packages of lower layers.
func TestImportDirection(t *testing.T) {
	imports := moduleImports(t)
	if len(imports) < 10 {
		t.Fatalf("go list found %d packages", len(imports))
	}
	for _, msg := range upward(imports) {
		t.Error(msg)
	}
}

// TestNoCfront checks that the engine, the schedule trees, the scheduler
// and the AST generator do not import cfront.
func TestNoCfront(t *testing.T) {
	imports := moduleImports(t)
	for _, pkg := range noCfront {
		for _, imp := range imports[pkg] {
			if imp == "cfront" {
				t.Errorf("%s imports cfront: it works on sets and trees, not C syntax", pkg)
			}
		}
	}
}

// TestPipelineImporters checks that pipeline is imported only by
// commands, tools and back ends.
func TestPipelineImporters(t *testing.T) {
	imports := moduleImports(t)
	for pkg, imps := range imports {
		for _, imp := range imps {
			if imp == "pipeline" && (layerOf(pkg) < 0 || !pipelineUsers[layerTable[layerOf(pkg)].name]) {
				t.Errorf("%s imports pipeline: only commands, tools and back ends may", pkg)
			}
		}
	}
}

// TestLayerOf checks the table's lookup on a few paths, so that a
// mistake in it cannot make the checks above vacuous.
func TestLayerOf(t *testing.T) {
	for pkg, want := range map[string]string{
		"presburger":                "engine",
		"cmd/tessera":               "commands",
		"bench/cmd/benchrun":        "commands",
		"bench":                     "tools",
		"internal/outline":          "lowering (composite)",
		"internal/progfuzz/cmd/pfz": "commands",
	} {
		i := layerOf(pkg)
		if i < 0 || layerTable[i].name != want {
			t.Errorf("layerOf(%s) = %d, want layer %q", pkg, i, want)
		}
	}
	if layerOf("nosuch") != -1 {
		t.Errorf("layerOf(nosuch) != -1")
	}
	// The direction check fails on an upward import, an import within a
	// layer and an unknown package, and passes a downward one.
	bad := upward(map[string][]string{
		"scop":     {"astgen", "presburger"},
		"deps":     {"internal/split"},
		"pipeline": {"internal/omp"},
		"nosuch":   nil,
	})
	if len(bad) != 3 || !strings.Contains(bad[0], "deps") || !strings.Contains(bad[1], "nosuch") || !strings.Contains(bad[2], "scop") {
		t.Errorf("upward on a made-up module: %q", bad)
	}
}
