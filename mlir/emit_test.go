package mlir

import (
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tessera-opt/tessera/pipeline"
)

var update = flag.Bool("update", false, "rewrite the golden files of testdata/emit")

// emitFile runs the pipeline on a C file as --emit=mlir does and emits.
func emitFile(t *testing.T, path string, parallel bool) (*pipeline.Result, *Module) {
	t.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	opt := pipeline.Options{}
	opt.Sched.Parallel = parallel
	EmitOptions(&opt)
	res, err := pipeline.Optimize(filepath.Base(path), src, opt)
	if err != nil {
		t.Fatal(err)
	}
	m, err := Emit(res, EmitConfig{Parallel: parallel})
	if err != nil {
		t.Fatal(err)
	}
	return res, m
}

// TestEmitGolden compares the text emitted for the programs of
// testdata/emit, sequential and parallel, with the golden files
// (go test -run TestEmitGolden -update rewrites them).
func TestEmitGolden(t *testing.T) {
	files, _ := filepath.Glob("testdata/emit/*.c")
	for _, f := range files {
		for _, par := range []bool{false, true} {
			golden := strings.TrimSuffix(f, ".c") + ".mlir"
			if par {
				golden = strings.TrimSuffix(f, ".c") + ".parallel.mlir"
			}
			t.Run(filepath.Base(golden), func(t *testing.T) {
				_, m := emitFile(t, f, par)
				if *update {
					if err := os.WriteFile(golden, m.Text, 0o644); err != nil {
						t.Fatal(err)
					}
					return
				}
				if tools, _ := findTools(); tools != nil {
					// Every golden text is one that mlir-opt accepts.
					in := filepath.Join(t.TempDir(), "g.mlir")
					if err := os.WriteFile(in, m.Text, 0o644); err != nil {
						t.Fatal(err)
					}
					if out, err := exec.Command(tools.opt, in, "-o", in+".out").CombinedOutput(); err != nil {
						t.Errorf("mlir-opt refuses the emitted text: %v\n%s", err, out)
					}
				}
				want, err := os.ReadFile(golden)
				if err != nil {
					t.Fatalf("%v (run with -update to create it)", err)
				}
				if string(want) != string(m.Text) {
					t.Errorf("emitted text differs from %s (run with -update after checking):\n%s", golden, m.Text)
				}
			})
		}
	}
}

// TestEmitRefused: a region whose subscript the affine dialect cannot
// write gets a positioned warning naming the construct and a comment;
// the other region is emitted.
func TestEmitRefused(t *testing.T) {
	_, m := emitFile(t, "testdata/emit/emit_refused.c", false)
	if len(m.Funcs) != 1 || m.Funcs[0].Name != "f_r2" {
		t.Fatalf("want one function f_r2, got %d: %s", len(m.Funcs), m.Text)
	}
	if len(m.Diags) != 1 {
		t.Fatalf("want one warning, got %v", m.Diags)
	}
	d := m.Diags[0].String()
	if !strings.HasPrefix(d, "emit_refused.c:10:7: warning: ") || !strings.Contains(d, "(i - 5) / 2") {
		t.Errorf("warning %q: want emit_refused.c:10:7: warning: naming (i - 5) / 2", d)
	}
	if !strings.Contains(string(m.Text), "// region 1 (emit_refused.c:8): not written: ") {
		t.Errorf("no comment for region 1:\n%s", m.Text)
	}
}

// TestEmitSignature checks the arguments of a region function: arrays
// with static shapes, the written scalar as a 0-d memref, the read-only
// scalar by value, parameters as index.
func TestEmitSignature(t *testing.T) {
	_, m := emitFile(t, "testdata/emit/emit_mixed.c", false)
	if len(m.Funcs) != 1 {
		t.Fatalf("want one function:\n%s", m.Text)
	}
	var got []string
	for _, a := range m.Funcs[0].Args {
		got = append(got, a.CName+":"+a.Type)
	}
	want := "A:memref<40x50xf64> B:memref<50x40xf64> s:memref<f64> x:memref<40xf64> alpha:f64 n:index m:index"
	if strings.Join(got, " ") != want {
		t.Errorf("arguments %q, want %q", strings.Join(got, " "), want)
	}
}
