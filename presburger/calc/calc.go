package calc

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/tessera-opt/tessera/presburger"
)

// Error is an error of a calculator program, at a position of its text.
type Error struct {
	File      string
	Line, Col int
	Msg       string
}

func (e *Error) Error() string { return fmt.Sprintf("%s:%d:%d: %s", e.File, e.Line, e.Col, e.Msg) }

// Run reads the program from r, evaluates its statements in order and
// writes the printed values to w. name is the file name used in errors.
// It stops at the first error, which is a *Error.
func Run(r io.Reader, w io.Writer, name string) error {
	src, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	toks, err := presburger.LexTokens(string(src))
	if err != nil {
		var pe *presburger.ParseError
		if errors.As(err, &pe) {
			return &Error{File: name, Line: pe.Line, Col: pe.Col, Msg: pe.Msg}
		}
		return err
	}
	bw := bufio.NewWriter(w)
	defer bw.Flush()
	p := &parser{toks: toks, file: name, vars: map[string]value{}, out: bw}
	for p.peek().Kind != presburger.TokEOF {
		if err := p.statement(); err != nil {
			return err
		}
	}
	return nil
}

// Main runs `tessera calc [FILE]`: the program is FILE, or standard input
// when no file (or "-") is given. It returns the exit status: 0, or 1
// after printing "file:line:col: error: message" on stderr.
func Main(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	name, in := "<stdin>", stdin
	switch {
	case len(args) > 1:
		fmt.Fprintln(stderr, "usage: tessera calc [FILE]")
		return 2
	case len(args) == 1 && (args[0] == "-h" || args[0] == "-help" || args[0] == "--help"):
		fmt.Fprintln(stderr, "usage: tessera calc [FILE]\n\nEvaluates iscc-like statements on Presburger sets; see the package documentation of presburger/calc.")
		return 0
	case len(args) == 1 && args[0] != "-":
		f, err := os.Open(args[0])
		if err != nil {
			fmt.Fprintf(stderr, "%s: error: %v\n", args[0], err)
			return 1
		}
		defer f.Close()
		name, in = args[0], f
	}
	if err := Run(in, stdout, name); err != nil {
		var ce *Error
		if errors.As(err, &ce) {
			fmt.Fprintf(stderr, "%s:%d:%d: error: %s\n", ce.File, ce.Line, ce.Col, ce.Msg)
		} else {
			fmt.Fprintf(stderr, "%s: error: %v\n", name, err)
		}
		return 1
	}
	return 0
}
