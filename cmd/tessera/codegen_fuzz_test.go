package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tessera-opt/tessera/presburger"
	"github.com/tessera-opt/tessera/schedule"
)

// FuzzCodegenInput fuzzes the reader of isl_codegen inputs (the .in form
// and the choice between it and YAML): it must return an error with a
// position, never panic. The seed corpus is the inputs of testdata/codegen.
func FuzzCodegenInput(f *testing.F) {
	files, _ := filepath.Glob("testdata/codegen/*.in")
	st, _ := filepath.Glob("testdata/codegen/*.st")
	for _, p := range append(files, st...) {
		if b, err := os.ReadFile(p); err == nil {
			f.Add(string(b))
		}
	}
	f.Add("[n] -> { S[i] -> [i] : 0 <= i < n }\n[n] -> { : n > 0 }\n{ [i] -> separate[x] }\n")
	f.Fuzz(func(t *testing.T, src string) {
		if isYAMLInput(src) {
			if _, err := schedule.ParseYAML(src); err != nil && !hasPosition(treeErr(err).Error()) {
				t.Fatalf("error without a position: %v", err)
			}
			return
		}
		in, err := readCodegenInput(src)
		if err != nil {
			if !hasPosition(err.Error()) {
				t.Fatalf("error without a position: %v", err)
			}
			return
		}
		func() {
			defer presburger.Recover(&err)
			_, err = in.options(schedule.OptionSeparate)
		}()
	})
}

// hasPosition reports whether an error message starts with "line:col: ".
func hasPosition(msg string) bool {
	l, rest, ok := strings.Cut(msg, ":")
	if !ok || l == "" || strings.Trim(l, "0123456789") != "" {
		return false
	}
	c, _, ok := strings.Cut(rest, ":")
	return ok && c != "" && strings.Trim(c, "0123456789") == ""
}

// FuzzCodegen runs the whole of `tessera codegen` (reader and generator)
// on fuzzed inputs: errors are fine, panics are not. Run it with
// -fuzz FuzzCodegen; plain go test runs the seeds.
func FuzzCodegen(f *testing.F) {
	files, _ := filepath.Glob("testdata/codegen/*.in")
	st, _ := filepath.Glob("testdata/codegen/*.st")
	for _, p := range append(files, st...) {
		if b, err := os.ReadFile(p); err == nil && len(b) < 400 {
			f.Add(string(b))
		}
	}
	f.Fuzz(func(t *testing.T, src string) {
		if len(src) > 600 {
			return
		}
		_, _ = codegen(src, schedule.OptionDefault)
	})
}
