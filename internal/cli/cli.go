// Package cli holds the command-line conventions that every tessera
// command shares, so that they behave alike: flags spelled --name or
// -name anywhere among the arguments, one-line usage errors (the nearest
// known flag for a misspelled one) with a hint and exit status 2, -h and
// --help on standard output, --version, help text in GNU style, and
// aliases that give other tools' spellings a meaning or a refusal.
package cli

import (
	"flag"
	"fmt"
	"io"
	"reflect"
	"sort"
	"strings"
	"time"
)

// A Command is the flag set of one command with the conventions every
// command shares:
//
//   - flags are spelled --name or -name, with their value as --name=V or
//     --name V, anywhere among the arguments; "--" ends the flags, and "-"
//     alone is an argument (standard input or output);
//   - -h, --help print the help on standard output; --version prints the
//     version; both exit 0;
//   - a usage error is one line on standard error (an unknown flag with
//     the nearest known one, a flag without its argument, a bad value)
//     and a hint line naming -h, exit status 2;
//   - aliases give other tools' spellings (polycc's) a meaning in terms of
//     the command's own flags, or a one-line refusal.
type Command struct {
	name     string // "tessera opt"
	synopsis string // "tessera opt [flags] FILE.c"
	// About is the help text printed between the synopsis and the flags,
	// Notes the text printed after them.
	About, Notes string
	// Aliases maps a flag name that is not one of the flag set's to its
	// meaning.
	Aliases map[string]Alias
	fs      *flag.FlagSet
	// joined are the one-letter flags whose value may follow the letter
	// in the same argument (-Idir, as a C compiler spells them).
	joined map[byte]bool
}

// An Alias is a flag spelling that is not one of the command's flags.
type Alias struct {
	// Flag, Value: it sets Flag to Value. An alias with neither (and no
	// Refuse) is accepted and does nothing: another tool's spelling of
	// what tessera does anyway (Help says so).
	Flag, Value string
	// Refuse, when not empty, makes the spelling a usage error with this
	// explanation (another tool's flag tessera has no equivalent for).
	Refuse string
	// Help is the alias's line in the help, "" to leave it out.
	Help string
}

// usageError is the outcome of a command line that cannot be run.
type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }

// New returns a command named name ("tessera opt") with the synopsis of
// its help ("tessera opt [flags] FILE.c") and no flags yet.
func New(name, synopsis string) *Command {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	return &Command{name: name, synopsis: synopsis, fs: fs, Aliases: map[string]Alias{}}
}

// FlagSet returns the flag set to define the command's flags on.
func (c *Command) FlagSet() *flag.FlagSet { return c.fs }

// Parse reads args: it sets the flags and returns the other arguments.
// done reports that the command line was fully handled (help, version or
// a usage error, with code the exit status); the messages went to stdout
// or stderr.
func (c *Command) Parse(args []string, stdout, stderr io.Writer) (pos []string, code int, done bool) {
	pos, err := c.parseArgs(args)
	switch err := err.(type) {
	case nil:
		return pos, 0, false
	case *helpRequest:
		if err.version {
			fmt.Fprintf(stdout, "tessera %s\n", Version())
		} else {
			c.help(stdout)
		}
		return nil, 0, true
	default:
		c.Fail(stderr, err.Error())
		return nil, 2, true
	}
}

// Fail prints a usage error and the hint line; the caller returns 2.
func (c *Command) Fail(stderr io.Writer, msg string) {
	fmt.Fprintf(stderr, "%s: %s\n", c.name, msg)
	fmt.Fprintf(stderr, "Run '%s -h' for help.\n", c.name)
}

// helpRequest is parseArgs's answer to -h, --help and --version.
type helpRequest struct{ version bool }

func (*helpRequest) Error() string { return "help requested" }

// parseArgs sets the flags of args and returns the other arguments; the
// error is a *usageError or a *helpRequest.
func (c *Command) parseArgs(args []string) ([]string, error) {
	var pos []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			return append(pos, args[i+1:]...), nil
		}
		if len(a) < 2 || a[0] != '-' {
			pos = append(pos, a)
			continue
		}
		name, value, hasValue := strings.Cut(strings.TrimPrefix(a[1:], "-"), "=")
		if a[1] != '-' && len(a) > 2 && c.joined[a[1]] && c.fs.Lookup(name) == nil {
			name, value, hasValue = a[1:2], a[2:], true
		}
		if name == "" || name[0] == '-' {
			return nil, &usageError{fmt.Sprintf("bad flag syntax: %s", a)}
		}
		f := c.fs.Lookup(name)
		if f == nil {
			if err := c.notAFlag(name, hasValue); err != nil {
				return nil, err
			}
			continue
		}
		switch {
		case hasValue:
		case isBool(f):
			value = "true"
		case i+1 < len(args):
			i++
			value = args[i]
		default:
			return nil, &usageError{"flag needs an argument: " + dashed(name)}
		}
		if err := c.fs.Set(name, value); err != nil {
			return nil, &usageError{fmt.Sprintf("invalid value %q for %s: %s", value, dashed(name), valueError(f, err))}
		}
	}
	return pos, nil
}

// notAFlag handles a name that is not one of the flag set's: -h, --help,
// --version, an alias (hasValue: written with =), or an unknown flag.
func (c *Command) notAFlag(name string, hasValue bool) error {
	switch name {
	case "h", "help":
		return &helpRequest{}
	case "version":
		return &helpRequest{version: true}
	}
	al, ok := c.Aliases[name]
	switch {
	case !ok:
		return &usageError{c.unknown(name)}
	case al.Refuse != "":
		return &usageError{fmt.Sprintf("%s is not supported: %s", dashed(name), al.Refuse)}
	case hasValue && al.Flag == "":
		return &usageError{fmt.Sprintf("%s takes no value", dashed(name))}
	case hasValue:
		return &usageError{fmt.Sprintf("%s takes no value (it means --%s=%s)", dashed(name), al.Flag, al.Value)}
	case al.Flag == "":
		return nil
	}
	if err := c.fs.Set(al.Flag, al.Value); err != nil {
		return &usageError{fmt.Sprintf("%s: %v", dashed(name), err)}
	}
	return nil
}

// Given reports whether the flag name was set on the command line (also
// through an alias).
func (c *Command) Given(name string) bool {
	found := false
	c.fs.Visit(func(f *flag.Flag) { found = found || f.Name == name })
	return found
}

// dashed spells a flag name as the help does: -o, --parallel.
func dashed(name string) string {
	if len(name) == 1 {
		return "-" + name
	}
	return "--" + name
}

func isBool(f *flag.Flag) bool {
	b, ok := f.Value.(interface{ IsBoolFlag() bool })
	return ok && b.IsBoolFlag()
}

// valueError explains a value the flag f refused.
func valueError(f *flag.Flag, err error) string {
	g, ok := f.Value.(flag.Getter)
	if !ok {
		return err.Error()
	}
	switch g.Get().(type) {
	case time.Duration:
		return "want a duration such as 90s or 2m"
	case bool:
		return "want true or false"
	case int, int64, uint, uint64:
		return "want an integer"
	case float64:
		return "want a number"
	}
	return err.Error()
}

// unknown is the message for an unknown flag name, with the nearest known
// spelling when one is close.
func (c *Command) unknown(name string) string {
	msg := "unknown flag " + dashed(name)
	if s := c.nearest(name); s != "" {
		return msg + "; did you mean " + dashed(s) + "?"
	}
	// --fuse-max for --fuse=max
	for i := strings.LastIndexByte(name, '-'); i > 0; i = strings.LastIndexByte(name[:i], '-') {
		if f := c.fs.Lookup(name[:i]); f != nil && !isBool(f) {
			return msg + "; did you mean " + dashed(name[:i]) + "=" + name[i+1:] + "?"
		}
	}
	return msg
}

// nearest returns the known flag or alias closest to name in edit
// distance (a transposition counts as one edit), or one that name is a
// prefix of, or "".
func (c *Command) nearest(name string) string {
	var known []string
	c.fs.VisitAll(func(f *flag.Flag) { known = append(known, f.Name) })
	for a, al := range c.Aliases {
		if al.Refuse == "" {
			known = append(known, a)
		}
	}
	known = append(known, "help", "version")
	sort.Strings(known)
	// A suggestion may differ in about a third of the shorter name's
	// letters, at least one.
	best, bestD := "", 0
	for _, k := range known {
		if len(k) == 1 || len(name) == 1 {
			continue // one letter says too little
		}
		limit := max(1, min(len(name), len(k))/3)
		if d := EditDistance(name, k); d <= limit && (best == "" || d < bestD) {
			best, bestD = k, d
		}
	}
	if best != "" {
		return best
	}
	var prefixed []string
	for _, k := range known {
		if len(name) >= 3 && strings.HasPrefix(k, name) {
			prefixed = append(prefixed, k)
		}
	}
	if len(prefixed) == 1 {
		return prefixed[0]
	}
	return ""
}

// EditDistance is the optimal string alignment distance of a and b:
// insertions, deletions, substitutions and transpositions of neighbours.
func EditDistance(a, b string) int {
	d := make([][]int, len(a)+1)
	for i := range d {
		d[i] = make([]int, len(b)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(a); i++ {
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(a)][len(b)]
}

// help prints the command's help: synopsis, text, flags in GNU style, the
// aliases and the notes.
func (c *Command) help(w io.Writer) {
	fmt.Fprintf(w, "usage: %s\n", c.synopsis)
	if c.About != "" {
		fmt.Fprintf(w, "\n%s\n", strings.TrimRight(c.About, "\n"))
	}
	fmt.Fprintln(w, "\nFlags:")
	c.fs.VisitAll(func(f *flag.Flag) {
		valueName, usage := flag.UnquoteUsage(f)
		head := "  " + dashed(f.Name)
		if !isBool(f) {
			if valueName == "" {
				valueName = "VALUE"
			}
			valueName = strings.ToUpper(valueName)
			if len(f.Name) == 1 {
				head += " " + valueName
			} else {
				head += "=" + valueName
			}
		}
		if def := f.DefValue; def != "" && !isZeroDefault(f) {
			usage += fmt.Sprintf(" (default %s)", def)
		}
		fmt.Fprintf(w, "%s\n%s\n", head, wrap(usage, "      ", 78))
	})
	fmt.Fprintf(w, "  -h, --help\n      print this help\n  --version\n      print tessera's version\n")
	var names []string
	for a, al := range c.Aliases {
		if al.Help != "" {
			names = append(names, a)
		}
	}
	var refused []string
	for a, al := range c.Aliases {
		if al.Refuse != "" {
			refused = append(refused, dashed(a))
		}
	}
	if len(names) > 0 {
		sort.Strings(names)
		fmt.Fprintln(w, "\npolycc spellings:")
		width := 14
		for _, a := range names {
			width = max(width, len(dashed(a)))
		}
		for _, a := range names {
			fmt.Fprintf(w, "  %-*s %s\n", width, dashed(a), c.Aliases[a].Help)
		}
	}
	if len(refused) > 0 {
		sort.Strings(refused)
		fmt.Fprintln(w, wrap("not offered (an error says why): "+strings.Join(refused, ", "), "  ", 78))
	}
	if c.Notes != "" {
		fmt.Fprintf(w, "\n%s\n", strings.TrimRight(c.Notes, "\n"))
	}
}

// isZeroDefault reports whether f's default is its type's zero value
// (not worth printing).
func isZeroDefault(f *flag.Flag) bool {
	t := reflect.TypeOf(f.Value)
	var z flag.Value
	if t.Kind() == reflect.Pointer {
		z = reflect.New(t.Elem()).Interface().(flag.Value)
	} else {
		z = reflect.Zero(t).Interface().(flag.Value)
	}
	return f.DefValue == z.String() || f.DefValue == "0s" || f.DefValue == "false"
}

// wrap fills text into lines of at most width columns, each starting
// with indent.
func wrap(text, indent string, width int) string {
	var b strings.Builder
	line := indent
	for _, word := range strings.Fields(text) {
		if len(line) > len(indent) && len(line)+1+len(word) > width {
			b.WriteString(line + "\n")
			line = indent
		}
		if len(line) > len(indent) {
			line += " "
		}
		line += word
	}
	b.WriteString(line)
	return b.String()
}
