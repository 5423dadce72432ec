package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/tessera-opt/tessera/internal/cli"
	"github.com/tessera-opt/tessera/presburger/calc"
)

// runCalc implements `tessera calc`: the flags here, the language in
// package presburger/calc.
func runCalc(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	c := cli.New("tessera calc", "tessera calc [-o OUT] [FILE]")
	c.About = `Evaluates iscc-like statements on Presburger sets and relations, read from
FILE (standard input when FILE is absent or -); see the package
documentation of presburger/calc for the language.`
	c.Notes = `With -o FILE, the file is written only when every statement succeeded.

Exit status: 0 success; 1 an error in the input; 2 bad usage.`
	out := c.FlagSet().String("o", "-", "output `FILE`, - for standard output")
	pos, code, done := c.Parse(args, stdout, stderr)
	if done {
		return code
	}
	if *out == "" {
		c.Fail(stderr, "-o: empty file name")
		return 2
	}
	if len(pos) > 1 {
		c.Fail(stderr, fmt.Sprintf("at most one input file expected, got %d", len(pos)))
		return 2
	}
	name, in := "<stdin>", stdin
	var inputs []string
	if len(pos) == 1 && pos[0] != "-" {
		f, err := os.Open(pos[0])
		if err != nil {
			fmt.Fprintf(stderr, "tessera calc: %v\n", err)
			return 1
		}
		defer f.Close()
		name, in, inputs = pos[0], f, pos[:1]
	}
	var buf bytes.Buffer
	w := io.Writer(&buf)
	if isStdout(*out) {
		w = stdout
	}
	if err := calc.Run(in, w, name); err != nil {
		var ce *calc.Error
		if errors.As(err, &ce) {
			fmt.Fprintf(stderr, "%s:%d:%d: error: %s\n", ce.File, ce.Line, ce.Col, ce.Msg)
		} else {
			fmt.Fprintf(stderr, "%s: error: %v\n", name, err)
		}
		return 1
	}
	if !isStdout(*out) {
		if err := writeOutput(*out, buf.Bytes(), stdout, inputs...); err != nil {
			fmt.Fprintf(stderr, "tessera calc: %v\n", err)
			return 1
		}
	}
	return 0
}
