package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"syscall"

	"github.com/tessera-opt/tessera/internal/cli"
)

func init() {
	register("cc", "compiler driver: optimize the C sources of a compiler command line, then compile them", runCC)
}

const ccHelp = `usage: tessera cc [--tessera-FLAG...] COMPILER-ARGS...

A drop-in C compiler driver (CC="tessera cc" make): every C source (.c) of
the command line that has a #pragma scop region is optimized as by
'tessera opt', and the real compiler ($TESSERA_CC, else cc) then runs with
the same arguments, each optimized source replaced by a temporary copy of
the optimized text that keeps the original's name and line numbers for
diagnostics, __FILE__ and __LINE__ (#line directives). Output names (-c without -o, -MD files) stay as they
would be; dependency files name the original sources.

tessera's own flags: any 'tessera opt' flag written --tessera-FLAG, with
its value after '=' (for example --tessera-autoscop to optimize the loop
nests of files without scop pragmas, --tessera-tile-sizes=32,32,8), or
listed in the environment
variable TESSERA_FLAGS ("--autoscop --fuse=max"); the command line's win.
By default tessera runs with --silent (errors only; --tessera-silent=false
shows its notes and warnings), with --parallel when the command line has
-fopenmp, and with the command line's -I, -iquote, -isystem, -idirafter,
-D, -U, -include and -imacros for its own header and macro resolution.

A source tessera cannot process (any error) is compiled as it is, with a
one-line warning; so is the whole command line when the compiler refuses
the optimized text but accepts the original (-Werror and a warning on the
new code, -std=c89 and a declaration in a for loop). Command lines that only link, preprocess (-E, -M, -MM),
name a language (-x), read a response file (@FILE) or ask the compiler
about itself (--version, -v, -dumpversion, -print-...) run the compiler
unchanged. When one command line compiles sources of several directories,
only those of the first directory are optimized (the compiler searches
one list of quote directories for all of them). Temporary files live in
a directory under $TMPDIR that is removed on every path.

'tessera cc -h' or --tessera-help prints this help, --tessera-version
tessera's version (--help and --version are the compiler's).

Exit status: the compiler's; 2 for a bad tessera flag; 1 when the
compiler cannot be run.
`

// ccSeparate are the compiler options whose value is the next argument
// when it is not joined to them.
var ccSeparate = map[string]bool{
	"-o": true, "-I": true, "-D": true, "-U": true, "-include": true, "-imacros": true,
	"-iquote": true, "-isystem": true, "-idirafter": true, "-iprefix": true,
	"-iwithprefix": true, "-iwithprefixbefore": true, "-isysroot": true, "-imultilib": true,
	"-x": true, "-MF": true, "-MT": true, "-MQ": true, "-L": true, "-l": true,
	"-Xlinker": true, "-Xassembler": true, "-Xpreprocessor": true, "-Xclang": true,
	"-aux-info": true, "--param": true, "-A": true, "-T": true, "-u": true, "-z": true,
	"-e": true, "-B": true, "-target": true, "-arch": true, "-mllvm": true,
	"-framework": true, "-dumpbase": true, "-dumpdir": true, "-dumpbase-ext": true,
	"--sysroot": true,
}

// ccPassThrough reports whether the compiler option a makes the command
// line one that tessera leaves to the compiler unchanged.
func ccPassThrough(a string) bool {
	switch a {
	case "-E", "-M", "-MM", "--version", "-v", "-###", "-dumpversion", "-dumpfullversion",
		"-dumpmachine", "-dumpspecs", "--help", "--target-help":
		return true
	}
	return strings.HasPrefix(a, "-x") || strings.HasPrefix(a, "-print-") ||
		strings.HasPrefix(a, "--help=")
}

// A ccLine is a compiler command line as tessera cc reads it.
type ccLine struct {
	args    []string
	inputs  []int               // indices of the input files in args
	sources []int               // indices of the .c inputs
	output  string              // -o's value ("" without -o)
	compile string              // "-c" or "-S" when given (the last one)
	depGen  bool                // -MD or -MMD
	depFile string              // -MF's value
	openmp  bool                // -fopenmp in effect
	cpp     []string            // preprocessor flags for tessera opt
	quote   []string            // -iquote dirs
	incl    map[string][]string // -I, -isystem, -idirafter dirs
	badMac  string              // a -D or -U tessera cannot read
	pass    bool                // run the compiler unchanged
}

// parseCCLine reads the compiler arguments args.
func parseCCLine(args []string) *ccLine {
	l := &ccLine{args: args, incl: map[string][]string{}}
	for i := 0; i < len(args); i++ {
		a := args[i]
		if strings.HasPrefix(a, "@") {
			l.pass = true // a response file: its arguments are not seen
			continue
		}
		if a == "-" || !strings.HasPrefix(a, "-") {
			l.inputs = append(l.inputs, i)
			if strings.HasSuffix(a, ".c") {
				l.sources = append(l.sources, i)
			}
			continue
		}
		if ccPassThrough(a) {
			l.pass = true
		}
		opt, val, hasVal := a, "", false
		if ccSeparate[a] {
			if i+1 < len(args) {
				i++
				val, hasVal = args[i], true
			}
		} else {
			for _, p := range []string{"-o", "-I", "-D", "-U", "-MF", "-iquote", "-isystem", "-idirafter", "-include", "-imacros"} {
				if strings.HasPrefix(a, p) && len(a) > len(p) {
					opt, val, hasVal = p, a[len(p):], true
				}
			}
		}
		switch {
		case opt == "-o" && hasVal:
			l.output = val
		case (opt == "-c" || opt == "-S") && !hasVal:
			l.compile = opt
		case opt == "-MD" || opt == "-MMD":
			l.depGen = true
		case opt == "-MF" && hasVal:
			l.depFile = val
		case strings.HasPrefix(a, "-Wp,-MD,") || strings.HasPrefix(a, "-Wp,-MMD,"):
			l.depFile = a[strings.LastIndexByte(a, ',')+1:]
		case opt == "-fopenmp":
			l.openmp = true
		case opt == "-fno-openmp":
			l.openmp = false
		case (opt == "-D" || opt == "-U") && hasVal:
			name, _, _ := strings.Cut(val, "=")
			switch {
			case strings.Contains(name, "("):
				l.badMac = "tessera does not read function-like -D macros"
			case !isCIdent(name) || opt == "-U" && name != val:
				l.badMac = "tessera cannot read " + opt + " " + val
			}
			l.cpp = append(l.cpp, opt+val)
		case (opt == "-include" || opt == "-imacros") && hasVal:
			// (tessera reads an -imacros header as an -include one:
			// what it needs of it are its macros.)
			l.cpp = append(l.cpp, "--include="+val)
		case opt == "-iquote" && hasVal:
			l.quote = append(l.quote, val)
		case (opt == "-I" || opt == "-isystem" || opt == "-idirafter") && hasVal && val != "-":
			l.incl[opt] = append(l.incl[opt], val)
		}
	}
	// Quoted includes are searched in the -iquote, -I, -isystem and
	// -idirafter directories, in that order.
	for _, d := range l.quote {
		l.cpp = append(l.cpp, "-I"+d)
	}
	for _, o := range []string{"-I", "-isystem", "-idirafter"} {
		for _, d := range l.incl[o] {
			l.cpp = append(l.cpp, "-I"+d)
		}
	}
	return l
}

// scopPragma matches a #pragma scop line.
var scopPragma = regexp.MustCompile(`(?m)^[ \t]*#[ \t]*pragma[ \t]+scop\b`)

func runCC(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 1 && (args[0] == "-h" || args[0] == "--tessera-help") {
		fmt.Fprint(stdout, ccHelp)
		return 0
	}
	if os.Getenv("TESSERA_CC_ACTIVE") != "" {
		fmt.Fprintln(stderr, "tessera cc: the compiler it runs ($TESSERA_CC) is tessera cc again; set TESSERA_CC to the real compiler")
		return 2
	}
	var flags, ccArgs []string
	for _, a := range args {
		if rest, ok := strings.CutPrefix(a, "--tessera-"); ok {
			switch rest {
			case "help":
				fmt.Fprint(stdout, ccHelp)
				return 0
			case "version":
				fmt.Fprintf(stdout, "tessera %s\n", cli.Version())
				return 0
			}
			flags = append(flags, "--"+rest)
			continue
		}
		ccArgs = append(ccArgs, a)
	}
	compiler := strings.Fields(os.Getenv("TESSERA_CC"))
	if len(compiler) == 0 {
		compiler = []string{"cc"}
	}
	l := parseCCLine(ccArgs)
	if l.pass || len(l.sources) == 0 {
		return runCompiler(compiler, ccArgs, stdin, stdout, stderr)
	}
	tmp, err := os.MkdirTemp("", "tessera-cc-")
	if err != nil {
		fmt.Fprintf(stderr, "tessera cc: %v\n", err)
		return 1
	}
	defer os.RemoveAll(tmp)
	stop := removeOnSignal(tmp)
	defer stop()

	base := []string{"--silent"}
	if l.openmp {
		base = append(base, "--parallel")
	}
	base = append(base, strings.Fields(os.Getenv("TESSERA_FLAGS"))...)
	base = append(base, flags...)
	newArgs := append([]string{}, ccArgs...)
	replaced := map[string]string{} // temporary path -> original
	dir := ""
	for k, i := range l.sources {
		src := ccArgs[i]
		if dir != "" && filepath.Dir(src) != dir {
			continue // see ccHelp: one directory of sources per command line
		}
		text, code := optimizeSource(src, base, flags, l, stderr)
		if code == 2 {
			return 2
		}
		if text == nil {
			continue
		}
		dir = filepath.Dir(src)
		sub := filepath.Join(tmp, strconv.Itoa(k))
		t := filepath.Join(sub, filepath.Base(src))
		if err := os.Mkdir(sub, 0o700); err == nil {
			err = os.WriteFile(t, text, 0o600)
		}
		if err != nil {
			fmt.Fprintf(stderr, "tessera cc: warning: %s: not optimized, compiled as it is: %v\n", src, err)
			continue
		}
		newArgs[i] = t
		replaced[t] = src
	}
	if len(replaced) == 0 {
		return runCompiler(compiler, ccArgs, stdin, stdout, stderr)
	}
	// Headers of #include "..." beside the source are found first, as
	// they would be beside the original.
	newArgs = append([]string{"-iquote", dir}, newArgs...)
	if l.compile != "" && l.output == "" && len(l.inputs) == 1 {
		ext := ".o"
		if l.compile == "-S" {
			ext = ".s"
		}
		src := ccArgs[l.inputs[0]]
		newArgs = append(newArgs, "-o", strings.TrimSuffix(filepath.Base(src), ".c")+ext)
	}
	// The compiler may refuse what the original passes (-Werror and a
	// warning on the new code, -std=c89 and a declaration in a for): its
	// messages are held until it succeeds, else the original is compiled
	// and the compiler's answer on it is what the user gets.
	// (Not with standard input among the inputs: it can be read once.)
	var out, msgs bytes.Buffer
	code := runCompiler(compiler, newArgs, stdin, &out, &msgs)
	if code != 0 && !slices.Contains(ccArgs, "-") {
		var out2, msgs2 bytes.Buffer
		code2 := runCompiler(compiler, ccArgs, stdin, &out2, &msgs2)
		if code2 == 0 {
			names := slices.Sorted(maps.Values(replaced))
			fmt.Fprintf(stderr, "tessera cc: warning: %s: the compiler refused the optimized text (status %d); compiled as it is\n", strings.Join(names, ", "), code)
		}
		stdout.Write(out2.Bytes())
		stderr.Write(msgs2.Bytes())
		return code2
	}
	stdout.Write(out.Bytes())
	stderr.Write(msgs.Bytes())
	if l.depGen || l.depFile != "" {
		for _, f := range l.depFiles(ccArgs) {
			fixDepFile(f, replaced)
		}
	}
	return code
}

// ccFlagError is the usage error of tessera cc for the first line of
// tessera opt's usage error msg: the flag named as the user wrote it,
// --tessera-FLAG when the command line has that flag (fromLine), else
// said to be from TESSERA_FLAGS, and the hint to tessera cc's help.
func ccFlagError(msg string, fromLine []string) string {
	line, _, _ := strings.Cut(strings.TrimPrefix(msg, "tessera opt: "), "\n")
	bad := ""
	if m := ccFlagRE.FindStringSubmatch(line); m != nil {
		bad = m[1]
	}
	onLine := false
	for _, f := range fromLine {
		name, _, _ := strings.Cut(strings.TrimLeft(f, "-"), "=")
		onLine = onLine || name == bad
	}
	if onLine {
		line = ccFlagRE.ReplaceAllString(line, "--tessera-$1")
	} else {
		line += " (in TESSERA_FLAGS)"
	}
	return "tessera cc: " + line + "\nRun 'tessera cc -h' for help.\n"
}

// ccFlagRE is a flag name in tessera opt's messages.
var ccFlagRE = regexp.MustCompile(`--([a-z][a-z0-9-]*)`)

// optimizeSource runs tessera opt on the source src with the flags base
// (of which fromLine came from the command line's --tessera-FLAG) and the
// line's preprocessor flags. It returns the text to compile in its place
// (nil: the source as it is) and 2 when tessera's flags are bad (the
// message was printed).
func optimizeSource(src string, base, fromLine []string, l *ccLine, stderr io.Writer) ([]byte, int) {
	orig, err := os.ReadFile(src)
	if err != nil {
		return nil, 0 // the compiler says why
	}
	autoscop := false // the last --autoscop[=BOOL] of the flags
	for _, f := range base {
		name, val, hasVal := strings.Cut(strings.TrimLeft(f, "-"), "=")
		if name == "autoscop" {
			autoscop = !hasVal || val == "true" || val == "1"
		}
	}
	if !autoscop && !scopPragma.Match(orig) {
		return nil, 0
	}
	if l.badMac != "" {
		fmt.Fprintf(stderr, "tessera cc: warning: %s: not optimized, compiled as it is: %s\n", src, l.badMac)
		return nil, 0
	}
	var out, msgs bytes.Buffer
	optArgs := append(append(append([]string{"opt"}, base...), l.cpp...), "-o", "-", "--", src)
	code := run(optArgs, nil, &out, &msgs)
	switch {
	case code == 2:
		fmt.Fprint(stderr, ccFlagError(msgs.String(), fromLine))
		return nil, 2
	case code != 0:
		why := strings.TrimSpace(msgs.String())
		if i := strings.IndexByte(why, '\n'); i >= 0 {
			why = why[:i] + " ..."
		}
		if why == "" {
			why = fmt.Sprintf("status %d", code)
		}
		fmt.Fprintf(stderr, "tessera cc: warning: %s: not optimized, compiled as it is: %s\n", src, why)
		return nil, 0
	}
	stderr.Write(msgs.Bytes())
	bom := []byte("\xef\xbb\xbf")
	text, orig := bytes.TrimPrefix(out.Bytes(), bom), bytes.TrimPrefix(orig, bom)
	if bytes.Equal(text, orig) {
		return nil, 0
	}
	return lineMarked(src, orig, text), 0
}

// isCIdent reports whether s is a C identifier.
func isCIdent(s string) bool {
	for i, r := range s {
		if r != '_' && !('a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || i > 0 && '0' <= r && r <= '9') {
			return false
		}
	}
	return s != ""
}

// cString quotes s as a C string literal for #line.
func cString(s string) string {
	s = strings.ReplaceAll(s, `\`, `\\`)
	return `"` + strings.ReplaceAll(s, `"`, `\"`) + `"`
}

// depFiles returns the dependency files the compiler writes for the line
// (-MF or -Wp,-MD,FILE, else the -o name with .d, else each source's base
// name with .d).
func (l *ccLine) depFiles(args []string) []string {
	switch {
	case l.depFile != "":
		return []string{l.depFile}
	case l.output != "":
		return []string{strings.TrimSuffix(l.output, filepath.Ext(l.output)) + ".d"}
	}
	var fs []string
	for _, i := range l.sources {
		b := filepath.Base(args[i])
		fs = append(fs, strings.TrimSuffix(b, filepath.Ext(b))+".d")
	}
	return fs
}

// fixDepFile replaces the temporary sources named in the dependency file
// f by the originals (written as make reads them).
func fixDepFile(f string, replaced map[string]string) {
	b, err := os.ReadFile(f)
	if err != nil {
		return
	}
	s := string(b)
	for t, src := range replaced {
		s = strings.ReplaceAll(s, makeEscape(t), makeEscape(src))
	}
	if s != string(b) {
		os.WriteFile(f, []byte(s), 0o644)
	}
}

// makeEscape writes a file name as a make rule's prerequisite.
func makeEscape(s string) string {
	s = strings.ReplaceAll(s, "$", "$$")
	s = strings.ReplaceAll(s, "#", `\#`)
	return strings.ReplaceAll(s, " ", `\ `)
}

// runCompiler runs the compiler with args and returns its exit status.
func runCompiler(compiler, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	cmd := exec.Command(compiler[0], append(append([]string{}, compiler[1:]...), args...)...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = stdin, stdout, stderr
	cmd.Env = append(os.Environ(), "TESSERA_CC_ACTIVE=1")
	err := cmd.Run()
	var ee *exec.ExitError
	switch {
	case err == nil:
		return 0
	case errors.As(err, &ee):
		if ws, ok := ee.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			return 128 + int(ws.Signal())
		}
		return ee.ExitCode()
	}
	fmt.Fprintf(stderr, "tessera cc: cannot run the compiler %s: %v (set TESSERA_CC)\n", compiler[0], err)
	return 1
}

// removeOnSignal removes the directory dir and ends the process when
// tessera cc is interrupted or terminated; the compiler, in the same
// process group, gets the signal from the terminal itself. The returned
// function stops the watch.
func removeOnSignal(dir string) (stop func()) {
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, os.Interrupt, syscall.SIGTERM, syscall.SIGHUP)
	done := make(chan struct{})
	go func() {
		select {
		case sig := <-ch:
			os.RemoveAll(dir)
			code := 1
			if s, ok := sig.(syscall.Signal); ok {
				code = 128 + int(s)
			}
			os.Exit(code)
		case <-done:
		}
	}()
	return func() {
		signal.Stop(ch)
		close(done)
	}
}
