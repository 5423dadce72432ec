package main

import (
	"io"
	"path/filepath"

	"github.com/tessera-opt/tessera/internal/emit"
)

// isStdout reports whether the output path names standard output: "-",
// or /dev/stdout, which is written through the process's own standard
// output rather than opened again (which could replace the file the
// shell redirected it to).
func isStdout(path string) bool {
	return path == "-" || filepath.Clean(path) == "/dev/stdout"
}

// writeOutput writes data to the -o path: standard output for "-", else
// the file through emit.WriteFileAtomic (never over one of inputs, never
// replacing a device, a FIFO or a symbolic link).
func writeOutput(path string, data []byte, stdout io.Writer, inputs ...string) error {
	if isStdout(path) {
		_, err := stdout.Write(data)
		return err
	}
	return emit.WriteFileAtomic(path, data, 0o644, inputs...)
}
