// Command tessera is the command line of the tessera polyhedral loop
// optimizer. It holds flags only: every subcommand calls one entry point of a
// library package and turns its error into a diagnostic and an exit code.
//
//	tessera opt FILE.c [-o OUT.c] [flags]   optimize the SCoP regions of a C file
//	tessera scop FILE.c [--json]            print the polyhedral model
//	tessera deps FILE.c [--json]            print the dependences
//	tessera codegen FILE                    isl_codegen-style AST generation
//	tessera calc [FILE]                     iscc-like calculator on Presburger sets
//	tessera bench [flags]                   run the kernel suite and compare flows
//	tessera cc COMPILER-ARGS...             compiler driver: optimize, then run $TESSERA_CC
//
// Every command parses its flags with package internal/cli (one-line usage
// errors and exit status 2, -h, --version), and -o - writes standard
// output; files are written through emit.WriteFileAtomic. A panic that
// reaches run is printed as one line (internal error) with status 1.
package main

import (
	"fmt"
	"io"
	"os"
	"runtime/pprof"
	"sort"

	"github.com/tessera-opt/tessera/internal/cli"
	"github.com/tessera-opt/tessera/presburger"
)

// A command is one subcommand: its one-line summary and its entry point,
// which returns the process exit code.
type command struct {
	summary string
	run     func(args []string, stdin io.Reader, stdout, stderr io.Writer) int
}

var commands = map[string]command{}

func register(name, summary string, run func(args []string, stdin io.Reader, stdout, stderr io.Writer) int) {
	commands[name] = command{summary, run}
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: tessera <command> [flags] [args]")
	fmt.Fprintln(w, "\ncommands:")
	for _, n := range commandNames() {
		fmt.Fprintf(w, "  %-8s %s\n", n, commands[n].summary)
	}
	fmt.Fprintln(w, "\nRun 'tessera <command> -h' for the flags of a command, 'tessera --version' for the version.")
}

func commandNames() []string {
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

func main() {
	// TESSERA_CPUPROFILE=file writes a CPU profile (for developers).
	if path := os.Getenv("TESSERA_CPUPROFILE"); path != "" {
		if f, err := os.Create(path); err == nil {
			if pprof.StartCPUProfile(f) == nil {
				code := run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
				pprof.StopCPUProfile()
				f.Close()
				os.Exit(code)
			}
		}
	}
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run runs the command line args and returns the exit status. A panic of
// the command (a bug: the stages report bad input as errors) becomes a
// one-line internal error and status 1, never a stack trace; the
// environment variable TESSERA_PANIC=1 lets it through for developers.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) (code int) {
	if len(args) == 0 {
		usage(stderr)
		return 2
	}
	switch args[0] {
	case "-h", "--help", "-help", "help":
		usage(stdout)
		return 0
	case "--version", "-version", "version":
		fmt.Fprintf(stdout, "tessera %s\n", cli.Version())
		return 0
	}
	c, ok := commands[args[0]]
	if !ok {
		msg := fmt.Sprintf("tessera: unknown command %q", args[0])
		best, bestD := "", 3
		for _, n := range commandNames() {
			if d := cli.EditDistance(args[0], n); d < bestD {
				best, bestD = n, d
			}
		}
		if best != "" {
			msg += fmt.Sprintf("; did you mean %q?", best)
		}
		fmt.Fprintln(stderr, msg)
		fmt.Fprintln(stderr, "Run 'tessera -h' for the commands.")
		return 2
	}
	if os.Getenv("TESSERA_PANIC") != "1" {
		// The command line's boundary: an engine error that no stage
		// turned into a diagnostic is an error of the input's size
		// (budget, overflow); any other panic is a bug, an internal
		// error. Neither reaches the terminal as a stack trace.
		defer func() {
			if p := recover(); p != nil {
				if e, ok := presburger.AsError(p); ok {
					fmt.Fprintf(stderr, "tessera %s: error: %s\n", args[0], oneLine(e.Error()))
				} else {
					fmt.Fprintf(stderr, "tessera %s: internal error: %s (please report it with the input and the command line)\n", args[0], oneLine(fmt.Sprint(p)))
				}
				code = 1
			}
		}()
	}
	return c.run(args[1:], stdin, stdout, stderr)
}
