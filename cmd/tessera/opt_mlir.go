package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/tessera-opt/tessera/mlir"
	"github.com/tessera-opt/tessera/pipeline"
)

// isMLIR reports whether the input of tessera opt is an MLIR file (read in
// the affine dialect and written back as MLIR, package mlir).
func isMLIR(in string) bool { return strings.HasSuffix(in, ".mlir") }

// runOptMLIR optimizes the loop nests of an affine MLIR file: a malformed
// file is an error at its position (status 1); a nest that cannot be
// raised keeps its text, with a warning that names the operation.
func runOptMLIR(in string, src []byte, opt pipeline.Options, out string, silent bool, stdout, stderr io.Writer, inputs []string) int {
	res, err := mlir.OptimizeFile(in, src, opt)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	for _, d := range res.Diags {
		if !silent || d.Severity == "error" {
			fmt.Fprintln(stderr, withoutStack(d.String()))
		}
	}
	if err := writeOutput(out, res.Output, stdout, inputs...); err != nil {
		fmt.Fprintf(stderr, "tessera opt: %v\n", err)
		return 1
	}
	if res.Errors() {
		return 1
	}
	return 0
}
