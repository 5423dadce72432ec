// Command benchrun runs the tessera benchmark harness on its own (a
// development tool; the same flags are `tessera bench`).
package main

import (
	"os"

	"github.com/tessera-opt/tessera/bench"
)

func main() {
	os.Exit(bench.Main(os.Args[1:], os.Stdout, os.Stderr))
}
