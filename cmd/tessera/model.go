package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/tessera-opt/tessera/bench"
	"github.com/tessera-opt/tessera/cfront"
	"github.com/tessera-opt/tessera/deps"
	"github.com/tessera-opt/tessera/presburger/calc"
	"github.com/tessera-opt/tessera/scop"
)

func init() {
	register("scop", "print the polyhedral model of each region of a C file", func(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
		return runModel("scop", args, stdout, stderr)
	})
	register("deps", "print the dependences of each region of a C file", func(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
		return runModel("deps", args, stdout, stderr)
	})
	register("calc", "iscc-like calculator on Presburger sets and relations", calc.Main)
	register("bench", "build and time the kernel suite under several flows", func(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
		return bench.Main(args, stdout, stderr)
	})
}

// runModel implements `tessera scop` and `tessera deps`.
func runModel(what string, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("tessera "+what, flag.ContinueOnError)
	fs.SetOutput(stderr)
	asJSON := fs.Bool("json", false, "print JSON for tools")
	ctx := fs.String("context", "", "parameter context in isl notation")
	autoscop := fs.Bool("autoscop", false, "also model maximal affine loop nests outside scop pragmas")
	dataflow := fs.Bool("dataflow", false, "value-based flow dependences (deps only)")
	input := fs.Bool("input", false, "also read-after-read dependences (deps only)")
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: tessera %s [flags] FILE.c\n", what)
		fs.PrintDefaults()
	}
	if err := fs.Parse(reorderFlags(args)); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fs.NArg() != 1 {
		fs.Usage()
		return 2
	}
	path := fs.Arg(0)
	src, err := os.ReadFile(path)
	if err != nil {
		fmt.Fprintf(stderr, "tessera %s: %v\n", what, err)
		return 1
	}
	f, ferr := cfront.ParseFile(path, src, cfront.Config{AutoScop: *autoscop})
	status := 0
	if ferr != nil {
		fmt.Fprintln(stderr, ferr)
		status = 1
	}
	if f == nil {
		return 1
	}
	if len(f.Regions) == 0 {
		fmt.Fprintf(stderr, "%s: note: no region found (mark one with #pragma scop / #pragma endscop, or use --autoscop)\n", path)
	}
	first := true
	if *asJSON {
		fmt.Fprint(stdout, "[")
	}
	for _, r := range f.Regions {
		s, err := scop.FromRegion(f, r, scop.Config{File: path, Context: *ctx})
		if err != nil {
			fmt.Fprintln(stderr, err)
			status = 1
			continue
		}
		var out []byte
		switch what {
		case "scop":
			if *asJSON {
				out, err = scop.JSON(s)
			} else {
				err = scop.Print(stdout, s)
			}
		case "deps":
			var d *deps.Deps
			d, err = deps.Compute(s, deps.Config{Dataflow: *dataflow, Input: *input})
			if err == nil {
				if *asJSON {
					out, err = deps.JSON(d)
				} else {
					err = deps.Print(stdout, d)
				}
			}
		}
		if err != nil {
			fmt.Fprintf(stderr, "%s:%d:%d: error: %v\n", path, r.Pos.Line, r.Pos.Col, err)
			status = 1
			continue
		}
		if *asJSON {
			if !first {
				fmt.Fprint(stdout, ",")
			}
			stdout.Write(out)
			first = false
		}
	}
	if *asJSON {
		fmt.Fprintln(stdout, "]")
	}
	return status
}
