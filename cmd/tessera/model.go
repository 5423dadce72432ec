package main

import (
	"bytes"
	"fmt"
	"io"
	"os"

	"github.com/tessera-opt/tessera/bench"
	"github.com/tessera-opt/tessera/cfront"
	"github.com/tessera-opt/tessera/deps"
	"github.com/tessera-opt/tessera/internal/cli"
	"github.com/tessera-opt/tessera/openscop"
	"github.com/tessera-opt/tessera/scop"
)

func init() {
	register("scop", "print the polyhedral model of each region of a C file", func(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
		return runModel("scop", args, stdout, stderr)
	})
	register("deps", "print the dependences of each region of a C file", func(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
		return runModel("deps", args, stdout, stderr)
	})
	register("calc", "iscc-like calculator on Presburger sets and relations", runCalc)
	register("bench", "build and time the kernel suite under several flows", func(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
		return bench.Main(args, stdout, stderr)
	})
}

// runModel implements `tessera scop` and `tessera deps`.
func runModel(what string, args []string, stdout, stderr io.Writer) int {
	c := cli.New("tessera "+what, "tessera "+what+" [flags] FILE.c")
	c.Notes = "Exit status: 0 success; 1 when a region or the input had an error; 2 bad usage."
	fs := c.FlagSet()
	out := fs.String("o", "-", "output `FILE`, - for standard output")
	asJSON := fs.Bool("json", false, "print JSON for tools (the same as --format=json)")
	format := "text"
	if what == "scop" {
		fs.StringVar(&format, "format", "text", "output `FORMAT`: text, json or openscop (one OpenScop document per region, with the original schedule as scattering)")
	}
	ctxFlag := fs.String("context", "", "assumption on the parameters: a `SET` in isl notation, or an integer N for every parameter >= N (as for tessera opt)")
	autoscop := fs.Bool("autoscop", false, "also model maximal affine loop nests outside scop pragmas")
	dataflow := fs.Bool("dataflow", false, "value-based flow dependences (deps only)")
	input := fs.Bool("input", false, "also read-after-read dependences (deps only)")
	pp := c.AddPreprocessor()
	pos, code, done := c.Parse(args, stdout, stderr)
	if done {
		return code
	}
	if *out == "" {
		c.Fail(stderr, "-o: empty file name")
		return 2
	}
	if len(pos) != 1 {
		c.Fail(stderr, inputCount(pos))
		return 2
	}
	switch format {
	case "text":
	case "json":
		*asJSON = true
	case "openscop":
		if *asJSON {
			c.Fail(stderr, "--json and --format=openscop exclude each other")
			return 2
		}
	default:
		c.Fail(stderr, fmt.Sprintf("--format: unknown format %q (text, json or openscop)", format))
		return 2
	}
	uctx, err := parseContext(*ctxFlag)
	if err != nil {
		c.Fail(stderr, err.Error())
		return 2
	}
	path := pos[0]
	src, err := os.ReadFile(path)
	if err != nil {
		fmt.Fprintf(stderr, "tessera %s: %v\n", what, err)
		return 1
	}
	fcfg := cfront.Config{AutoScop: *autoscop, Defines: pp.Defines(), IncludeDirs: pp.IncludeDirs, Includes: pp.Includes}
	var ctx string
	if uctx != nil {
		if params, ok := regionParams(path, src, fcfg); ok {
			if ctx, err = uctx.forParams(path, params); err != nil {
				c.Fail(stderr, err.Error())
				return 2
			}
		}
	}
	var buf bytes.Buffer
	status := modelRun{what, path, fcfg, ctx, *asJSON, format == "openscop", *dataflow, *input}.print(src, &buf, stderr)
	if err := writeOutput(*out, buf.Bytes(), stdout, path); err != nil {
		fmt.Fprintf(stderr, "tessera %s: %v\n", what, err)
		return 1
	}
	return status
}

// A modelRun is one `tessera scop` or `tessera deps` on a file.
type modelRun struct {
	what, path       string // the command, the file
	fcfg             cfront.Config
	ctx              string // the user context for every region
	asJSON, openscop bool   // output formats (text when both are false)
	dataflow, input  bool
}

// print prints the model or the dependences of every region of the file
// src to stdout, diagnostics to stderr, and returns the exit status.
func (m modelRun) print(src []byte, stdout, stderr io.Writer) int {
	what, path, ctx, asJSON := m.what, m.path, m.ctx, m.asJSON
	f, ferr := cfront.ParseFile(path, src, m.fcfg)
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
	var docs []*openscop.Scop
	if asJSON {
		fmt.Fprint(stdout, "[")
	}
	for _, r := range f.Regions {
		s, err := scop.FromRegion(f, r, scop.Config{File: path, Context: ctx})
		if err != nil {
			fmt.Fprintln(stderr, err)
			status = 1
			continue
		}
		var out []byte
		switch what {
		case "scop":
			if m.openscop {
				var doc *openscop.Scop
				if doc, err = openscop.FromModel(s, src); err == nil {
					docs = append(docs, doc)
				}
			} else if asJSON {
				out, err = scop.JSON(s)
			} else {
				err = scop.Print(stdout, s)
			}
		case "deps":
			var d *deps.Deps
			d, err = deps.Compute(s, deps.Config{Dataflow: m.dataflow, Input: m.input})
			if err == nil {
				if asJSON {
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
		if asJSON {
			if !first {
				fmt.Fprint(stdout, ",")
			}
			stdout.Write(out)
			first = false
		}
	}
	if asJSON {
		fmt.Fprintln(stdout, "]")
	}
	if len(docs) > 0 {
		if err := openscop.Print(stdout, docs...); err != nil {
			fmt.Fprintf(stderr, "tessera %s: %v\n", what, err)
			return 1
		}
	}
	return status
}
