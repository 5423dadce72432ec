package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestOptMLIR: tessera opt on a .mlir file writes NAME.tessera.mlir with
// the nest replaced by a call (status 0); a malformed file is an error at
// its position (status 1) and writes nothing; an unsupported operation in
// a nest is a warning naming it, the nest kept (status 0).
func TestOptMLIR(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	good := write("scale.mlir", `func.func @scale(%A: memref<16x16xf64>, %k: f64) {
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 16 {
      %a = affine.load %A[%j, %i] : memref<16x16xf64>
      %b = arith.mulf %a, %k : f64
      affine.store %b, %A[%j, %i] : memref<16x16xf64>
    }
  }
  return
}
`)
	var stdout, stderr bytes.Buffer
	if code := runOpt([]string{good}, nil, &stdout, &stderr); code != 0 {
		t.Fatalf("status %d, stderr:\n%s", code, stderr.String())
	}
	out, err := os.ReadFile(filepath.Join(dir, "scale.tessera.mlir"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(out), "func.call @scale_nest_opt(") || !strings.Contains(string(out), "func.func private @scale_nest_opt(") {
		t.Errorf("no call of the optimized nest in the output:\n%s", out)
	}

	bad := write("bad.mlir", "func.func @f() {\n  affine.for %i = 0 to 4 step -1 {\n  }\n}\n")
	stdout.Reset()
	stderr.Reset()
	if code := runOpt([]string{bad}, nil, &stdout, &stderr); code != 1 {
		t.Errorf("malformed file: status %d, want 1", code)
	}
	if want := bad + ":2:31: error: "; !strings.HasPrefix(stderr.String(), want) {
		t.Errorf("malformed file: stderr %q, want it to start with %q", stderr.String(), want)
	}
	if _, err := os.Stat(filepath.Join(dir, "bad.tessera.mlir")); err == nil {
		t.Error("an output was written for a malformed file")
	}

	unsup := write("unsup.mlir", `func.func @f(%A: memref<8xf64>) {
  affine.for %i = 0 to 8 {
    %a = affine.load %A[%i] : memref<8xf64>
    %b = "test.opaque"(%a) : (f64) -> f64
    affine.store %b, %A[%i] : memref<8xf64>
  }
  return
}
`)
	stdout.Reset()
	stderr.Reset()
	o := filepath.Join(dir, "unsup.out.mlir")
	if code := runOpt([]string{unsup, "-o", o}, nil, &stdout, &stderr); code != 0 {
		t.Errorf("unsupported operation: status %d, want 0; stderr:\n%s", code, stderr.String())
	}
	if want := unsup + ":4:5: warning: operation test.opaque is not supported inside a loop nest"; !strings.Contains(stderr.String(), want) {
		t.Errorf("stderr %q lacks %q", stderr.String(), want)
	}
	got, _ := os.ReadFile(o)
	src, _ := os.ReadFile(unsup)
	if !bytes.Equal(got, src) {
		t.Errorf("the file with an unsupported nest changed:\n%s", got)
	}
}

// TestOptMLIRContext: --context names C parameters; on an MLIR input it
// is a usage error, not silently ignored.
func TestOptMLIRContext(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "f.mlir")
	if err := os.WriteFile(in, []byte("func.func @f() {\n  return\n}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	if code := runOpt([]string{"--context=4", in}, nil, &stdout, &stderr); code != 2 || !strings.Contains(stderr.String(), "--context does not apply to an MLIR input") {
		t.Errorf("status %d, stderr %q", code, stderr.String())
	}
}
